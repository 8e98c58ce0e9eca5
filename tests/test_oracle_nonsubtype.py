"""A negated subtype in the one-shot family (oneshot.lark): "target non-Elf creature", "each non-Dragon creature",
"a non-Vampire creature of their choice", "another non-Spirit creature you control", "blocked by a non-Wall creature"
(205.3: a subtype; objects.lark's NONSUBTYPE, read as the selector's ``not_subtypes`` and TargetSpec.quality's).
objects.lark read the word already; the family-5 prefilter (oneshot.py ``_may_be_ours``: every word of a paragraph is a
word of the grammars) turned the paragraph away, as "non-elf" is no word of a grammar: it now takes a "non-" word whose
rest is one. The cards are the card database's (each example asserts the database's paragraph first); the games are
tests/data/games/205-3-non-subtype-each-creature (Breath Weapon) and 205-3-blocked-by-a-non-wall-creature (Thicket
Basilisk)."""

from __future__ import annotations

import pytest
from engine.files.library import load_library
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Eyeblight's Ending", "Destroy target non-Elf creature.",
     {"kind": "spell", "targets": [{"what": "creature", "quality": {"not_subtypes": ["Elf"]}}],
      "one_shot": [{"op": "destroy"}]}),
    ("Breath Weapon", "Breath Weapon deals 2 damage to each non-Dragon creature.",
     {"kind": "spell", "one_shot": [{"op": "damage", "amount": 2, "to": "each",
                                     "each": {"types": ["Creature"], "not_subtypes": ["Dragon"]}}]}),
    ("Anowon, the Ruin Sage", "At the beginning of your upkeep, each player sacrifices a non-Vampire creature of their "
                              "choice.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"], "not_subtypes": ["Vampire"]},
                    "who": "each_player"}]}),
    ("Requiem Angel", "Whenever another non-Spirit creature you control dies, create a 1/1 white Spirit creature token "
                      "with flying.",
     {"kind": "triggered", "trigger": {"event": "dies", "subjects": {"types": ["Creature"], "not_subtypes": ["Spirit"],
                                                                    "controller": "you", "other": True}},
      "one_shot": [{"op": "create_token", "token": "Spirit"}]}),
    ("Thicket Basilisk", "Whenever this creature blocks or becomes blocked by a non-Wall creature, destroy that "
                         "creature at end of combat.",
     {"kind": "triggered", "trigger": {"event": "blocks_creature", "by": {"types": ["Creature"], "not_subtypes": ["Wall"]},
                                       "or_event": "becomes_blocked"},
      "one_shot": [{"op": "delayed_trigger", "when": "end_of_combat", "about": "that_creature",
                    "text": "At end of combat, destroy that creature.", "one_shot": [{"op": "destroy", "what": "it"}]}]}),
    ("Mistford River Turtle", "Whenever this creature attacks, another target attacking non-Human creature can't be "
                              "blocked this turn.",
     {"kind": "triggered", "trigger": {"event": "attacks"}, "combat": [{"rule": "cant_be_blocked"}],
      "targets": [{"what": "creature", "other": True, "quality": {"not_subtypes": ["Human"], "attacking": True}}]}),
    ("Sage of the Falls", "Whenever this creature or another non-Human creature you control enters, you may draw a card. "
                          "If you do, discard a card.",
     {"kind": "triggered",
      "trigger": {"event": "enters", "subjects": {"any_of": [{"self": True}, {"types": ["Creature"],
                                                                             "not_subtypes": ["Human"],
                                                                             "controller": "you", "other": True}]}},
      "one_shot": [{"op": "may", "one_shot": [{"op": "draw", "amount": 1}], "if_you_do": [{"op": "discard"}]}]}),
    ("Noxious Ghoul", "Whenever this creature or another Zombie enters, all non-Zombie creatures get -1/-1 until end of "
                      "turn.",
     {"kind": "triggered",
      "trigger": {"event": "enters", "subjects": {"any_of": [{"self": True}, {"subtypes": ["Zombie"], "other": True}]}},
      "continuous": {"applies_to": {"types": ["Creature"], "not_subtypes": ["Zombie"]},
                     "do": [{"op": "modify_pt", "power": -1, "toughness": -1}]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True, by_alias=True)
    assert {k: v for k, v in got.items() if k not in ("text", "effect")} == expected


NOT_READ = [
    # "non-" before a word that is no subtype (205.3); a lowercase subtype; no noun after it; the word after the noun
    "Destroy target non-Combat creature.",
    "Destroy target non-elf creature.",
    "Destroy target non-Wall.",
    "Destroy target creature non-Elf.",
    "Breath Weapon deals 2 damage to each non-Dragonish creature.",
    "At the beginning of your upkeep, each player sacrifices a non-Vampiric creature of their choice.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Breath Weapon")
