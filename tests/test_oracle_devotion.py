"""Devotion in family 2 (engine/vocab/oracle/statics.lark): "As long as your devotion to red is less than five,
~ isn't a creature." (700.5: the mana symbols of a color, or of one of two colors, among the mana costs of the
permanents a player controls; 205.1a: the creature card type goes, layer 4), executed by the layers program
(tests/data/layers/devotion.yaml asserts the characteristics of Purphoros and Athreos on boards); and devotion as
a value: "Anax's power is equal to your devotion to red." (604.3: Anax, Daxos on boards there)."""

from __future__ import annotations

import pytest

from engine.vocab.oracle.compile import compile_paragraph

COMPILE = {
    "As long as your devotion to red is less than five, Purphoros isn't a creature.":
        ("Purphoros, God of the Forge", {"count": {"controller": "you"}, "devotion": ["red"], "at_least": 0, "at_most": 4}),
    "As long as your devotion to white and black is less than seven, Athreos isn't a creature.":
        ("Athreos, God of Passage",
         {"count": {"controller": "you"}, "devotion": ["white", "black"], "at_least": 0, "at_most": 6}),
}

NEAR_MISSES = [
    # not a condition the layers program computes: devotion "greater than", "equal to"
    ("As long as your devotion to red is five or greater, Purphoros isn't a creature.", "Purphoros, God of the Forge"),
    # a color twice
    ("As long as your devotion to red and red is less than seven, Purphoros isn't a creature.", "Purphoros, God of the Forge"),
    # not a card type
    ("As long as your devotion to red is less than five, Purphoros isn't a God.", "Purphoros, God of the Forge"),
    # no condition: not a template of this family
    ("Purphoros isn't a creature.", "Purphoros, God of the Forge"),
    # devotion as a value elsewhere than a characteristic-defining ability's whole sentence
    ("This creature gets +X/+X, where X is your devotion to hybrid.", "Grizzly Bears"),
    ("Anax's power is equal to your devotion to red plus one.", "Anax, Hardened in the Forge"),
]


@pytest.mark.parametrize("text", sorted(COMPILE))
def test_devotion_condition_compiles(text):
    name, cond = COMPILE[text]
    out = compile_paragraph(text, name)
    assert out is not None and len(out) == 1
    ab = out[0].model_dump(mode="json", by_alias=True, exclude_defaults=True)
    assert ab["kind"] == "static"
    assert ab["continuous"]["if"] == cond
    assert ab["continuous"]["do"] == [{"op": "remove_types", "types": ["Creature"]}]
    assert "applies_to" not in ab["continuous"]  # the source itself (611.3a)


VALUES = {
    "Anax's power is equal to your devotion to red.": ("Anax, Hardened in the Forge", "power", ["red"]),
    "Daxos's toughness is equal to your devotion to white.": ("Daxos, Blessed by the Sun", "toughness", ["white"]),
}


@pytest.mark.parametrize("text", sorted(VALUES))
def test_devotion_value_compiles(text):
    # 604.3, 208.2a: a characteristic-defining ability that defines the power (or the toughness) alone
    name, which, colors = VALUES[text]
    out = compile_paragraph(text, name)
    assert out is not None and len(out) == 1
    ab = out[0].model_dump(mode="json", by_alias=True, exclude_defaults=True)
    assert ab["kind"] == "characteristic_defining"
    (op,) = ab["continuous"]["do"]
    assert op["op"] == "set_pt"
    assert op[which] == {"count": {"controller": "you"}, "devotion": colors}
    other = "toughness" if which == "power" else "power"
    assert op[other] == {"own": other}


@pytest.mark.parametrize("text,name", NEAR_MISSES)
def test_devotion_near_misses_do_not_compile(text, name):
    assert compile_paragraph(text, name) is None
