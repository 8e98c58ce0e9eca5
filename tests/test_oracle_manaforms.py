"""Mana abilities and mana-adding abilities read after tests/test_oracle_manaadd.py (106, 605, 903.4; issue 21):

- an amount of mana its cost sets (107.3a, 122.1; engine/vocab/oracle/mana_x.lark, mana_x.py; the loop:
  engine/game/mana_x.py): "{T}, Remove any number of storage counters from this land: Add {U} for each storage counter
  removed this way." (the storage lands), "{1}, Remove X storage counters from this land: Add X mana in any combination
  of {W} and/or {U}.", "... Add {B}, then add an additional {B} for each charge counter removed this way." (the Mana
  Batteries), "{T}, Remove X +1/+1 counters from this creature: Add X mana of any one color.", "{T}, Sacrifice an
  artifact: Add an amount of {B} equal to the sacrificed artifact's mana value." (608.2h, 112.7a);
- mana_add.lark's "two mana of different colors", "six {G}", "two mana in any combination of {U}, {B}, and/or {R}"
  (106.1), and "one mana of any color in your commander's color identity" (903.4; the loop:
  engine/game/mana_identity.py);
- a mana ability's "If [condition], add [mana] instead." (608.2c; engine/vocab/mana_instead.py, mana_add.lark's
  ``ma_instead``; the loop: engine/game/mana_instead.py);
- a mana ability's "Activate only as a sorcery.", "... during an opponent's turn.", "Activate no more than three times
  each turn." (602.5b, 602.5d; engine/vocab/mana_limits.py; the loop: engine/game/mana_limits.py);
- "This mana can't be spent to cast nonartifact spells." (106.6, the plural of the Powerstone's words), and an activated
  ability with a target that adds mana (605.1a: no mana ability, read by family 5 as any activated ability).

Games: tests/data/games/107-3a-storage-lands-remove-x-counters.yaml, 602-5b-mana-ability-limits.yaml, 608-2h-priest-of-yawgmoth-sacrificed-mana-value.yaml, 903-4-command-tower-commanders-color-identity.yaml,
903-4f-command-tower-without-a-commander.yaml, 608-2c-leafkin-druid-add-instead.yaml. The cards are the card
database's; each example asserts the database's paragraph first (its reminder text aside).
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab import mana_instead
from engine.vocab.activation import loop_mana_ability, mana_options, mana_x, spend_only
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.mana_x import XMana
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

COLORS = ("{W}", "{U}", "{B}", "{R}", "{G}")


def _ability(db, name: str, paragraph: str):  # noqa: F811
    record = db.get(name)
    lines = [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    assert any(line.endswith(paragraph) for line in lines)
    got = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert len(got) == 1
    return got[0]


STORAGE = [
    ("Saprazzan Cove", "{T}, Remove any number of storage counters from this land: Add {U} for each storage counter "
                       "removed this way.", XMana("each", ("{U}",), counter="storage"), 2, ["{U}{U}"]),
    ("Mage-Ring Network", "{T}, Remove any number of storage counters from this land: Add {C} for each storage "
                          "counter removed this way.", XMana("each", ("{C}",), counter="storage"), 3, ["{C}{C}{C}"]),
    ("Black Mana Battery", "{T}, Remove any number of charge counters from this artifact: Add {B}, then add an "
                           "additional {B} for each charge counter removed this way.",
     XMana("each", ("{B}",), base="{B}", counter="charge"), 0, ["{B}"]),
    ("Calciform Pools", "{1}, Remove X storage counters from this land: Add X mana in any combination of {W} and/or {U}.",
     XMana("combination", ("{W}", "{U}")), 2, ["{W}{W}", "{W}{U}", "{U}{U}"]),
    ("Haruspex", "{T}, Remove X +1/+1 counters from this creature: Add X mana of any one color.",
     XMana("one_color", COLORS), 2, [c * 2 for c in COLORS]),
    ("Crucible of the Spirit Dragon", "{T}, Remove X storage counters from this land: Add X mana in any combination of "
                                      "colors. Spend this mana only to cast Dragon spells or activate abilities of "
                                      "Dragons.", XMana("combination", COLORS), 1, list(COLORS)),
]


@pytest.mark.parametrize("name,paragraph,xmana,x,options", STORAGE, ids=[e[0] for e in STORAGE])
def test_mana_its_cost_sets(db, name, paragraph, xmana, x, options):  # noqa: F811
    """107.3a, 122.1: the cost's "Remove X ..."/"Remove any number of ..." counters from the source (CostPart count x),
    the mana for each X; every ability of the card executable."""
    ab = _ability(db, name, paragraph)
    assert ab.kind == "activated" and ab.mana and executable_by(ab) is not None
    cost = loop_mana_ability(paragraph)
    (part,) = cost.parts
    assert part.verb == "remove_counters" and part.count == "x" and part.what.self_
    effect = spend_only(paragraph)[0].split(": ", 1)[1]
    assert mana_x(effect) == xmana and xmana.options(x) == options
    assert all(xmana.x_of(o) == x for o in options)
    assert all(executable_by(a) is not None for a in card_file(db.get(name)).abilities)


SACRIFICED = [
    ("Priest of Yawgmoth", "{T}, Sacrifice an artifact: Add an amount of {B} equal to the sacrificed artifact's mana "
                           "value.", XMana("each", ("{B}",), sacrificed="mana_value", noun="Artifact")),
    ("Illuminor Szeras", "{T}, Sacrifice another creature: Add an amount of {B} equal to the sacrificed creature's mana "
                         "value.", XMana("each", ("{B}",), sacrificed="mana_value", noun="Creature")),
    ("Slobad, Iron Goblin", "{T}, Sacrifice an artifact: Add an amount of {R} equal to the sacrificed artifact's mana "
                            "value. Spend this mana only to cast artifact spells or activate abilities of artifacts.",
     XMana("each", ("{R}",), sacrificed="mana_value", noun="Artifact")),
]


@pytest.mark.parametrize("name,paragraph,xmana", SACRIFICED, ids=[e[0] for e in SACRIFICED])
def test_mana_equal_to_the_sacrificed_permanents_value(db, name, paragraph, xmana):  # noqa: F811
    """608.2h, 112.7a: the value of the permanent the cost sacrificed, as it last existed (the loop: engine/game/mana_x.py
    ``sacrificed``; tests/data/games/608-2h-priest-of-yawgmoth-sacrificed-mana-value.yaml)."""
    ab = _ability(db, name, paragraph)
    assert ab.mana and executable_by(ab) is not None and loop_mana_ability(paragraph) is not None
    assert mana_x(spend_only(paragraph)[0].split(": ", 1)[1]) == xmana


@pytest.mark.parametrize("text", [
    # the source itself sacrificed ("this artifact": its value is no other's); another card type than the cost's; two
    # permanents; a cost with no sacrifice; a value the grammar doesn't read
    "{T}, Sacrifice this artifact: Add an amount of {C} equal to the sacrificed artifact's mana value.",
    "{T}, Sacrifice a creature: Add an amount of {B} equal to the sacrificed artifact's mana value.",
    "{T}, Sacrifice two artifacts: Add an amount of {B} equal to the sacrificed artifact's mana value.",
    "{T}: Add an amount of {B} equal to the sacrificed artifact's mana value.",
    "{T}, Sacrifice a creature: Add an amount of {G} equal to the sacrificed creature's loyalty.",
])
def test_sacrificed_near_misses(text):
    assert loop_mana_ability(text) is None


@pytest.mark.parametrize("text", [
    # the counters "removed this way" another kind than the cost's; no cost removing them; {X} in the mana cost (not
    # paid by the loop's mana abilities); another mana added after the first; two X's
    "{T}, Remove any number of charge counters from this land: Add {W} for each storage counter removed this way.",
    "{T}: Add {W} for each storage counter removed this way.",
    "{X}, {T}: Add X mana in any combination of colors.",
    "{T}, Remove any number of storage counters from this land: Add {B}, then add an additional {G} for each storage "
    "counter removed this way.",
    "{T}, Remove X storage counters from this land, Remove X charge counters from this land: Add X mana of any one color.",
    "{T}, Remove X storage counters from target land: Add X mana of any one color.",
    "{T}, Remove any number of storage counters from this land: Add {U} for each storage counter.",
])
def test_mana_its_cost_sets_near_misses(text):
    assert loop_mana_ability(text) is None


ADD = [
    ("Firemind Vessel", "{T}: Add two mana of different colors.",
     ["{W}{U}", "{W}{B}", "{W}{R}", "{W}{G}", "{U}{B}", "{U}{R}", "{U}{G}", "{B}{R}", "{B}{G}", "{R}{G}"]),
    ("Relic of Sauron", "{T}: Add two mana in any combination of {U}, {B}, and/or {R}.",
     ["{U}{U}", "{U}{B}", "{U}{R}", "{B}{B}", "{B}{R}", "{R}{R}"]),
    ("Castle Garenbrig", "{2}{G}{G}, {T}: Add six {G}. Spend this mana only to cast creature spells or activate "
                         "abilities of creatures.", ["{G}" * 6]),
]


@pytest.mark.parametrize("name,paragraph,options", ADD, ids=[e[0] for e in ADD])
def test_the_add_grammar_reads_more(db, name, paragraph, options):  # noqa: F811
    ab = _ability(db, name, paragraph)
    assert ab.mana and executable_by(ab) is not None and loop_mana_ability(paragraph) is not None
    assert mana_options(spend_only(paragraph)[0]) == options


@pytest.mark.parametrize("text", [
    "{T}: Add one mana of different colors.",
    "{T}: Add six mana of different colors.",
    "{T}: Add two mana in any combination of {U}, {B}, and/or {U}.",
    "{T}: Add six {G}{G}.",
    "{T}: Add six {G} or {R}.",
])
def test_the_add_grammar_near_misses(text):
    assert mana_options(text) == [] and loop_mana_ability(text) is None


IDENTITY = ["Command Tower", "Arcane Signet", "Commander's Sphere", "Hidden Hideout"]


@pytest.mark.parametrize("name", IDENTITY)
def test_commanders_color_identity(db, name):  # noqa: F811
    """903.4: the colors of its controller's commanders, which the loop gives (none: none of that mana, 903.4f)."""
    paragraph = "{T}: Add one mana of any color in your commander's color identity."
    ab = _ability(db, name, paragraph)
    assert ab.mana and executable_by(ab) is not None and loop_mana_ability(paragraph) is not None
    assert mana_options(paragraph) == []
    assert mana_options(paragraph, identity=("green", "white")) == ["{W}", "{G}"]
    assert all(executable_by(a) is not None for a in card_file(db.get(name)).abilities)


@pytest.mark.parametrize("text", [
    "{T}: Add one mana of any color in your opponent's commander's color identity.",
    "{T}: Add two mana of any color in your commander's color identity.",
    "{T}: Add one mana of any color in your commander's color identity. If you control a Command Tower and a Command "
    "Power Plant, add two mana of any color in your commander's color identity instead.",
])
def test_commanders_color_identity_near_misses(text):
    assert loop_mana_ability(text) is None


INSTEAD = [
    ("Leafkin Druid", "{T}: Add {G}. If you control four or more creatures, add {G}{G} instead.",
     {"count": {"types": ["Creature"], "controller": "you"}, "at_least": 4}, "Add {G}{G}."),
    ("Raucous Audience", "{T}: Add {G}. If you control a creature with power 4 or greater, add {G}{G} instead.",
     {"count": {"types": ["Creature"], "power_at_least": 4, "controller": "you"}}, "Add {G}{G}."),
    ("Ilysian Caryatid", "{T}: Add one mana of any color. If you control a creature with power 4 or greater, add two "
                         "mana of any one color instead.",
     {"count": {"types": ["Creature"], "power_at_least": 4, "controller": "you"}},
     "Add two mana of any one color."),
]


@pytest.mark.parametrize("name,paragraph,condition,effect", INSTEAD, ids=[e[0] for e in INSTEAD])
def test_add_instead(db, name, paragraph, condition, effect):  # noqa: F811
    """608.2c: the condition (read as "Activate only if" reads one) and the mana added instead when it holds."""
    ab = _ability(db, name, paragraph)
    assert ab.mana and executable_by(ab) is not None and loop_mana_ability(paragraph) is not None
    cond, add = mana_instead.read(paragraph)
    assert cond.model_dump(exclude_defaults=True, exclude_none=True, by_alias=True) == condition and add == effect
    assert mana_options(add) and mana_options(mana_instead.split(paragraph)[0])


@pytest.mark.parametrize("text", [
    # a condition not read; a cost the condition is not checked after; another instruction instead of mana; no "add"
    "{T}: Add {U}. If you played a land this turn, add {B} instead.",
    "{T}, Sacrifice a creature: Add {G}. If you control four or more creatures, add {G}{G} instead.",
    "{T}: Add {G}. If you control four or more creatures, draw a card instead.",
    "{T}: Add {G}. If you control four or more creatures, {G}{G} instead.",
    "{T}: Add {G}. If you control four or more creatures, add {G} or {G} instead.",
])
def test_add_instead_near_misses(text):
    assert loop_mana_ability(text) is None


LIMITS = [
    ("Grinning Ignus", "{R}, Return this creature to its owner's hand: Add {C}{C}{R}. Activate only as a sorcery.",
     {"sorcery": True}),
    ("Lavinia, Foil to Conspiracy", "{T}: Add {C}{C}. Activate only during an opponent's turn.", {"opponents_turn": True}),
    ("Manaforge Cinder", "{1}: Add {B} or {R}. Activate no more than three times each turn.", {"per_turn": 3}),
]


@pytest.mark.parametrize("name,paragraph,limits", LIMITS, ids=[e[0] for e in LIMITS])
def test_mana_ability_limits(db, name, paragraph, limits):  # noqa: F811
    """602.5b, 602.5d: the restrictions read as the other activated abilities' (activation_limits.py), checked by the
    loop as the mana ability would be activated (tests/data/games/602-5b-mana-ability-limits.yaml)."""
    from engine.vocab import mana_limits

    ab = _ability(db, name, paragraph)
    assert ab.mana and executable_by(ab) is not None and loop_mana_ability(paragraph) is not None
    assert mana_limits.limits(paragraph).model_dump(exclude_defaults=True) == limits


@pytest.mark.parametrize("text", [
    # "Any player may activate" (602.2) and "Activate only once" (of the object) aren't checked of a mana ability; a
    # clause activation_limits doesn't read
    "{T}: Add {C}. Activate only once.",
    "{T}: Add {C}. Activate only during your turn and only once.",
    "{T}: Add {C}. Activate only during your second main phase.",
    "{T}: Add {C}. Activate no more than four times each turn.",
])
def test_mana_ability_limits_near_misses(text):
    assert loop_mana_ability(text) is None


def test_cant_be_spent_on_nonartifact_spells(db):  # noqa: F811
    """106.6: "This mana can't be spent to cast nonartifact spells." (the plural of the Powerstone's words): artifact
    spells and anything that is not casting a spell."""
    paragraph = "{T}: Add {C}{C}. This mana can't be spent to cast nonartifact spells."
    ab = _ability(db, "The Mightstone and Weakstone", paragraph)
    assert executable_by(ab) is not None
    text, rule = spend_only(paragraph)
    assert text == "{T}: Add {C}{C}." and rule.elsewhere
    assert rule.spells.model_dump(exclude_defaults=True, by_alias=True) == {"types": ["Artifact"]}


def test_an_activated_ability_with_a_target_adds_mana(db):  # noqa: F811
    """605.1a: "{T}: Exile target land card from a graveyard. Add one mana of any color." has a target: no mana ability;
    it uses the stack, its mana added as it resolves (608.2d)."""
    ab = _ability(db, "Deathrite Shaman", "{T}: Exile target land card from a graveyard. Add one mana of any color.")
    assert not ab.mana and executable_by(ab) is not None
    assert [op.model_dump(exclude_defaults=True) for op in ab.one_shot] == [
        {"op": "exile"}, {"op": "add_mana_choice", "options": list(COLORS)}]
    # without a target it is a mana ability: not family 5's (605.1a)
    assert compile_paragraph("{T}: Exile the top card of your library. Add one mana of any color.", "Foo") is None
