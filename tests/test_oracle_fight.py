"""Fights, bites and "Counter target spell that targets ..." (engine/vocab/oracle/oneshot_fight.py, oneshot.lark's block
"fight and bite (issue 21)"): "Target creature you control deals damage equal to its power to target creature ..."
(120.3, 608.2b, 608.2h: damage with ``by``), "gets +N/+N until end of turn. It fights ..." (701.14a, 611.2c, 608.2c:
create_effect of the first target before the fight), "Then it / that creature fights ...", "you may have it fight ..."
(608.2d), and "Counter target spell that targets a creature you control" (701.6a, 115.1: TargetSpec ``targeting``,
engine/game/spell_targeting.py). The cards are the card database's (each example asserts the database's paragraph
first); the games are tests/data/games/120-3-bite-target-deals-damage-equal-to-its-power (Rabid Bite),
701-14a-pump-then-fight-database-cards (Savage Smash, Affectionate Indrik), 120-3-pump-then-it-deals-damage-equal-to-its-
power (Ambuscade), 701-6a-counter-target-spell-that-targets (Rebuff the Wicked, Turn Aside, Mistfolk) and
701-6a-counter-target-spell-or-ability (Disallow, Voidslime: TargetSpec what spell_or_ability)."""

from __future__ import annotations

import pytest
from engine.files.library import load_library
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


YOURS, THEIRS = {"what": "creature", "controller": "you"}, {"what": "creature", "controller": "opponent"}
EXAMPLES = [
    ("Rabid Bite", "Target creature you control deals damage equal to its power to target creature you don't control.",
     {"kind": "spell", "targets": [YOURS, THEIRS], "one_shot": [{"op": "damage", "amount": "power", "target": 2, "by": 1}]}),
    ("Bite Down", "Target creature you control deals damage equal to its power to target creature or planeswalker you "
                  "don't control.",
     {"kind": "spell", "targets": [YOURS, {"what": "permanent", "types": ["Creature", "Planeswalker"],
                                           "controller": "opponent"}],
      "one_shot": [{"op": "damage", "amount": "power", "target": 2, "by": 1}]}),
    ("Savage Smash", "Target creature you control gets +2/+2 until end of turn. It fights target creature you don't "
                     "control.",
     {"kind": "spell", "targets": [YOURS, THEIRS], "one_shot": [{"op": "create_effect", "target": 1},
                                                              {"op": "fight"}],
      "continuous": {"do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    ("Ambuscade", "Target creature you control gets +1/+0 until end of turn. It deals damage equal to its power to target "
                  "creature an opponent controls.",
     {"kind": "spell", "targets": [YOURS, THEIRS], "one_shot": [{"op": "create_effect", "target": 1},
                                                              {"op": "damage", "amount": "power", "target": 2, "by": 1}],
      "continuous": {"do": [{"op": "modify_pt", "power": 1}]}}),
    ("Hunt the Weak", "Put a +1/+1 counter on target creature you control. Then that creature fights target creature "
                      "you don't control.",
     {"kind": "spell", "targets": [YOURS, THEIRS], "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1},
                                                              {"op": "fight"}]}),
    ("Affectionate Indrik", "When this creature enters, you may have it fight target creature you don't control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [THEIRS],
      "one_shot": [{"op": "may", "one_shot": [{"op": "fight", "other": 1, "this": True}]}]}),
    ("Turn Aside", "Counter target spell that targets a permanent you control.",
     {"kind": "spell", "targets": [{"what": "spell", "targeting": {"controller": "you"}}], "one_shot": [{"op": "counter"}]}),
    ("Hydromorph Guardian", "{U}, Sacrifice this creature: Counter target spell that targets a creature you control.",
     {"kind": "activated", "cost": "{U}, Sacrifice this creature",
      "targets": [{"what": "spell", "targeting": {"types": ["Creature"], "controller": "you"}}],
      "one_shot": [{"op": "counter"}]}),
    ("Disallow", "Counter target spell, activated ability, or triggered ability.",
     {"kind": "spell", "targets": [{"what": "spell_or_ability"}], "one_shot": [{"op": "counter"}]}),
    ("Mistfolk", "{U}: Counter target spell that targets this creature.",
     {"kind": "activated", "cost": "{U}", "targets": [{"what": "spell", "targeting": {"self": True}}],
      "one_shot": [{"op": "counter"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True, by_alias=True)
    assert {k: v for k, v in got.items() if k not in ("text", "effect")} == expected


NOT_READ = [
    # the dealer may be no creature; the damaged one no creature, planeswalker or battle; 'another target' (115.3)
    "Target permanent you control deals damage equal to its power to target creature you don't control.",
    "Target creature you control deals damage equal to its power to target land.",
    "Target creature you control deals damage equal to its power to another target creature.",
    "Target creature you control deals damage equal to its power to each creature you don't control.",
    # excess damage with trample (not read)
    "Target creature you control deals damage equal to its power to target creature you don't control. If the creature "
    "you control has trample, excess damage is dealt to that creature's controller instead.",
    # a continuous effect on the first of two targets, then something else than a fight
    "Target creature you control gets +2/+2 until end of turn. Destroy target artifact.",
    "Target creature gets +1/+1 until end of turn. Target creature you control fights target creature you don't control.",
    # "it deals damage equal to its power": of another creature than the source (the one that died), of no target (the
    # source's own, "When this creature enters, it deals ...", "Sacrifice this creature: It deals ...", are read:
    # tests/test_oracle_amounts.py)
    "Whenever a creature you control dies, it deals damage equal to its power to target creature.",
    "Whenever another creature enters, it deals damage equal to its power to target creature.",
    "It deals damage equal to its power to target creature.",
    # "this creature fights" of a spell; a "have" of another object
    "Then it fights target creature you don't control.",
    "When this creature enters, you may have target creature fight target creature you don't control.",
    # a spell that targets a player, a card, a spell; "spell or ability"
    "Counter target spell that targets you.",
    "Counter target spell that targets a player.",
    "Counter target spell that targets a creature card in your graveyard.",
    "Counter target spell, activated ability, or triggered ability that targets a creature you control.",
    "Counter target spell that targets a creature you control unless its controller pays {2}.",
    "Counter target spell, activated ability, or triggered ability you don't control.",
    "Counter target spell, activated ability, or triggered ability unless its controller pays {2}.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")
