"""Protection (702.16), read once (bridge/protection.py): its quality parsed and matched against a
source, and the same answer where the blocks (702.16f), the targets (702.16b) and the damage
(702.16e) ask it."""

from __future__ import annotations

import json

import pytest

from bridge.protection import Quality, matches, parse
from conftest import DATA

CARDS = {
    "protected.yaml": """name: "Test: 2/2 With Protection From Enchantments"
mana_cost: "{1}{W}"
types: [Creature]
subtypes: [Knight]
power: 2
toughness: 2
oracle: "Protection from enchantments"
abilities:
  - {kind: keyword, keyword: protection, quality: enchantments}
""",
    "tapper.yaml": """name: "Test: Enchantment That Taps"
mana_cost: "{W}"
types: [Enchantment]
oracle: "{T}: Tap target creature."
abilities:
  - kind: activated
    cost: "{T}"
    effect: Tap target creature.
    targets: [{what: creature}]
    one_shot:
      - {op: tap}
""",
}


@pytest.mark.parametrize("words, kind, value", [
    ("red", "color", "red"), ("Green", "color", "green"),  # 702.16a: usually a color
    ("artifacts", "card_type", "artifact"), ("creatures", "card_type", "creature"),
    ("enchantments", "card_type", "enchantment"), ("sorceries", "card_type", "sorcery"),
    ("instant", "card_type", "instant"), ("kindred", "card_type", "kindred"),
    ("everything", "everything", ""),  # 702.16j
    ("Goblins", "other", "Goblins"), ("spells that are one or more colors", "other", "spells that are one or more colors"),
    ("chosen color", "other", "chosen color"),  # a choice not made (614.12)
])
def test_the_quality_is_parsed_once(words, kind, value):
    assert parse(words) == Quality(kind, value)


def test_a_source_has_the_quality_or_the_parser_says_it_cant_tell():
    red_creature = {"colors": ["red"], "types": ["creature"]}
    enchantment_creature = {"colors": ["black"], "types": ["enchantment", "creature"]}
    assert matches(parse("red"), red_creature) is True
    assert matches(parse("red"), enchantment_creature) is False
    assert matches(parse("enchantments"), enchantment_creature) is True  # 702.16a: a card type
    assert matches(parse("artifacts"), enchantment_creature) is False
    assert matches(parse("everything"), {}) is True  # 702.16j: every object, whatever its characteristics
    assert matches(parse("Goblins"), red_creature) is None  # not evaluated: each caller says what it does
    # the fact terms of asp_rules/block.lp
    assert [parse(w).term() for w in ("red", "artifacts", "everything", "Goblins")] == [
        "color(red)", "type(artifact)", "everything", None]


@pytest.fixture
def cards(tmp_path):
    d = tmp_path / "cards"
    d.mkdir()
    for name, text in CARDS.items():
        (d / name).write_text(text, encoding="utf-8")
    return ("--cards", str(d))


def _write(tmp_path, name: str, text: str):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_protection_from_enchantments_forbids_an_enchantment_creature_s_block(run, tmp_path, cards):
    """702.16f: an enchantment creature (Master of the Feast) can't block the creature with protection
    from enchantments; Grizzly Bears can. (asp_rules/block.lp used to know only colors, creatures,
    artifacts and everything: it allowed the block the damage step and the targets refused.)"""
    board = _write(tmp_path, "board.yaml", """players: [alice, bob]
active: alice
battlefield:
  - {card: "Test: 2/2 With Protection From Enchantments", controller: alice, id: knight}
  - {card: Master of the Feast, controller: bob, id: master}
  - {card: Grizzly Bears, controller: bob, id: bears}
combat: {attackers: {knight: bob}}
""")
    r = run("block", board, _write(tmp_path, "decl.yaml", "block: {master: knight}\n"), *cards, "--json")
    assert r.code == 1, r.err
    (v,) = json.loads(r.out)["violations"]
    assert (v["code"], v["objects"], v["rule"]) == ("protection", ["master", "knight"], "702.16f")
    r = run("block", board, _write(tmp_path, "decl2.yaml", "block: {bears: knight}\n"), *cards, "--json")
    assert r.code == 0, r.err


def test_protection_from_enchantments_prevents_an_enchantment_creature_s_damage(run, tmp_path, cards):
    """702.16e: the 5 damage Master of the Feast (an enchantment creature) deals to the blocker with
    protection from enchantments are prevented."""
    board = _write(tmp_path, "board.yaml", """players: [alice, bob]
active: alice
battlefield:
  - {card: Master of the Feast, controller: alice, id: master}
  - {card: "Test: 2/2 With Protection From Enchantments", controller: bob, id: knight}
combat: {attackers: {master: bob}, blockers: {knight: master}}
""")
    r = run("damage", board, _write(tmp_path, "assign.yaml", "assign: {master: {knight: 5}}\n"), *cards, "--json")
    assert r.code == 0, r.err
    events = json.loads(r.out)["events"]
    assert {"type": "damage", "source": "master", "target": "knight", "amount": 0, "prevented": 5,
            "combat": True} in events


def test_protection_from_enchantments_forbids_an_enchantment_s_target(run, tmp_path, cards):
    """702.16b: the ability of an enchantment can't target the creature with protection from
    enchantments (the activation is refused, 601.2c); it can target Grizzly Bears."""
    game = _write(tmp_path, "game.yaml", """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: "Test: Enchantment That Taps", controller: alice, id: tapper}
  - {card: "Test: 2/2 With Protection From Enchantments", controller: bob, id: knight}
  - {card: Grizzly Bears, controller: bob, id: bears}
actions:
  - {activate: tapper, ability: 1, targets: [knight]}
  - {activate: tapper, ability: 1, targets: [bears]}
until: {turn: 1, step: end}
expect:
  rejected: ["601.2c"]
""")
    r = run("play", game, *cards, "--json")
    assert r.code == 0, r.err + r.out
    got = json.loads(r.out)
    assert [x["rule"] for x in got["rejected"]] == ["601.2c"]
    assert "protection from enchantments (702.16b)" in got["rejected"][0]["message"]


def test_a_copied_protection_is_the_replacement_program_s(run, tmp_path):
    """702.16e, 707.2: a creature that entered as a copy of a creature with protection from green has
    it, a prevention effect the replacement program applies (the damage step used to look only at
    the copy's own card, and refused the damage as not executed)."""
    board = _write(tmp_path, "board.yaml", """players: [alice, bob]
active: alice
battlefield:
  - {card: Colossal Dreadmaw, controller: alice, id: dreadmaw}
  - {card: "Example: 2/2 With Protection From Green", controller: bob, id: knight}
  - {card: Clone, controller: bob, id: clone, copy_of: knight}
combat: {attackers: {dreadmaw: bob}, blockers: {clone: dreadmaw}}
""")
    r = run("damage", board, _write(tmp_path, "assign.yaml", "assign: {dreadmaw: {clone: 2, bob: 4}}\n"),
            "--cards", str(DATA / "cards"), "--json")
    assert r.code == 0, r.err
    events = json.loads(r.out)["events"]
    assert {"type": "damage", "source": "dreadmaw", "target": "clone", "amount": 0, "prevented": 2,
            "combat": True} in events
