"""Delayed triggered abilities "at the beginning of the next end step" and the riders on the permanents an instruction
put onto the battlefield, in family 5 (engine/vocab/oracle/oneshot_delay.py): "Sacrifice it at the beginning of the
next end step." (603.7, 603.7c: -> {op: delayed_trigger, when: next_end_step, about: self | target | entered}); "It
gains haste." (611.2c: -> {op: gains_entered}). The games: tests/data/games/603-7-sneak-attack-sacrificed-at-end-step.yaml,
603-7c-exile-them-each-token-created.yaml, 603-7c-sacrifice-the-target-at-end-step.yaml,
603-7c-returned-creature-left-and-came-back.yaml, 603-7-returned-creature-kept-until-end-step.yaml,
603-7-sacrifice-this-creature-at-end-step.yaml. "That creature can't be regenerated.", "A creature destroyed this way
can't be regenerated." (701.19c: -> regenerate: false on the destroy before; the game:
tests/data/games/701-19c-that-creature-cant-be-regenerated.yaml). "Untap those creatures.", "Untap them." after
"Creatures you control get +1/+1 until end of turn." (701.26b, 611.2c: -> {op: untap_each, what: the effect's
selector}; the game: tests/data/games/701-26b-untap-those-creatures.yaml).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first (its reminder text aside, 207.2).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)


def _later(about: str, words: str, inner: dict, **more) -> dict:
    return dict({"op": "delayed_trigger", "when": "next_end_step", "about": about,
                 "text": f"At the beginning of the next end step, {words}.", "one_shot": [inner]}, **more)


SACRIFICE = {"op": "sacrifice_it"}
EXAMPLES = [
    ("Footsteps of the Goryo", "Return target creature card from your graveyard to the battlefield. Sacrifice that "
     "creature at the beginning of the next end step.",
     {"kind": "spell", "targets": [{"what": "card", "types": ["Creature"], "controller": "you"}],
      "one_shot": [{"op": "return_to_battlefield"}, _later("entered", "sacrifice that creature", SACRIFICE)]}),
    ("Sneak Attack", "{R}: You may put a creature card from your hand onto the battlefield. That creature gains haste. "
     "Sacrifice the creature at the beginning of the next end step.",
     {"kind": "activated", "cost": "{R}", "one_shot": [
         {"op": "may", "one_shot": [{"op": "put_from_hand", "types": ["Creature"]}]},
         {"op": "gains_entered", "keywords": ["haste"], "text": "That creature gains haste."},
         _later("entered", "sacrifice the creature", SACRIFICE)]}),
    ("Pyric Salamander", "{R}: This creature gets +1/+0 until end of turn. Sacrifice this creature at the beginning of "
     "the next end step.",
     {"kind": "activated", "cost": "{R}", "continuous": {"applies_to": {"self": True},
                                                         "do": [{"op": "modify_pt", "power": 1, "toughness": 0}]},
      "one_shot": [_later("self", "sacrifice this creature", SACRIFICE)]}),
    ("Krovikan Elementalist", "{U}{U}: Target creature you control gains flying until end of turn. Sacrifice it at the "
     "beginning of the next end step.",
     {"kind": "activated", "cost": "{U}{U}", "targets": [{"what": "creature", "controller": "you"}],
      "continuous": {"do": [{"op": "add_abilities", "abilities": [{"keyword": "flying"}]}]},
      "one_shot": [_later("target", "sacrifice it", SACRIFICE)]}),
    ("Daring Piracy", "At the beginning of combat on your turn, create a 1/1 red Pirate creature token with menace and "
     "haste. Exile it at the beginning of the next end step.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "beginning_of_combat"}, "one_shot": [
         {"op": "create_token", "token": "Pirate Token", "keywords": ["menace", "haste"],
          "definition": {"power": 1, "toughness": 1, "colors": ["red"], "types": ["Creature"], "subtypes": ["Pirate"]}},
         _later("entered", "exile it", {"op": "exile", "what": "it"})]}),
    ("Nekrataal", "When this creature enters, destroy target nonartifact, nonblack creature. That creature can't be "
     "regenerated.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "targets": [{"what": "creature", "not_colors": ["black"], "quality": {"not_types": ["Artifact"]}}],
      "one_shot": [{"op": "destroy", "regenerate": False}]}),
    ("Jeskai Ascendancy", "Whenever you cast a noncreature spell, creatures you control get +1/+1 until end of turn. "
     "Untap those creatures.",
     {"kind": "triggered", "trigger": {"event": "cast", "spells": {"not_types": ["Creature"]}},
      "continuous": {"applies_to": {"types": ["Creature"], "controller": "you"},
                     "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]},
      "one_shot": [{"op": "untap_each", "what": {"types": ["Creature"], "controller": "you"}}]}),
    ("Celestial Sword", "{3}, {T}: Target creature you control gets +3/+3 until end of turn. Its controller sacrifices "
     "it at the beginning of the next end step.",
     {"kind": "activated", "cost": "{3}, {T}", "targets": [{"what": "creature", "controller": "you"}],
      "continuous": {"do": [{"op": "modify_pt", "power": 3, "toughness": 3}]},
      "one_shot": [_later("target", "its controller sacrifices it", {"op": "sacrifice_it", "who": "its_controller"})]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(dict(expected, text=paragraph) if expected["kind"] != "activated" else
                                   dict(expected, effect=paragraph.partition(": ")[2]))
    assert [g.model_dump(exclude_defaults=True) for g in got] == [want.model_dump(exclude_defaults=True)]
    assert executable_by(got[0]) is not None


def _ops(text: str) -> list[dict]:
    got = compile_paragraph(text, "X")
    assert got is not None, text
    return [op.model_dump(exclude_defaults=True) for op in got[0].one_shot]


def test_at_the_beginning_first():
    # the same delayed ability, its words in the other order (Apprentice Necromancer's)
    ops = _ops("Return target creature card from your graveyard to the battlefield. That creature gains haste. At the "
               "beginning of the next end step, sacrifice it.")
    assert ops[1]["op"] == "gains_entered" and ops[2]["about"] == "entered"


def test_return_that_card_at_the_beginning_first():
    ops = _ops("Exile target creature. At the beginning of the next end step, return that card to the battlefield "
               "under its owner's control.")
    assert ops[1]["about"] == "target" and ops[1]["one_shot"] == [{"op": "return_to_battlefield", "what": "it"}]


def test_it_in_an_attack_trigger_is_the_source():
    ops = _ops("When this creature attacks or blocks, sacrifice it at the beginning of the next end step.")
    assert ops[0].get("about", "self") == "self" and ops[0]["one_shot"] == [{"op": "sacrifice_it"}]


def test_haste_until_end_of_turn_on_tokens():
    ops = _ops("Create two 3/1 red Elemental creature tokens. They gain haste until end of turn. Sacrifice them at "
               "the beginning of the next end step.")
    assert ops[1] == {"op": "gains_entered", "keywords": ["haste"], "until_end_of_turn": True,
                      "text": "They gain haste until end of turn."}


NOT_READ = [
    # no object named before: a spell's "it", "this creature" of a spell, a dies trigger's source
    "Sacrifice it at the beginning of the next end step.",
    "Draw a card. Exile it at the beginning of the next end step.",
    "Target creature gets +2/+2 until end of turn. Sacrifice this creature at the beginning of the next end step.",
    "When this creature dies, sacrifice it at the beginning of the next end step.",
    # the target moved (destroyed): "it" is no permanent any more
    "Destroy target creature. Sacrifice it at the beginning of the next end step.",
    # two targets; "up to one"
    "Tap two target creatures. Sacrifice it at the beginning of the next end step.",
    # "it" after more tokens, "them" after one; "its owner's hand" of several
    "Create two 3/1 red Elemental creature tokens. It gains haste.",
    "Create a 3/1 red Elemental creature token. Sacrifice them at the beginning of the next end step.",
    "Create two 3/1 red Elemental creature tokens. Return them to its owner's hand at the beginning of the next end step.",
    # "gains haste" of no permanent put onto the battlefield
    "Draw a card. It gains haste.",
    "Target creature gets +1/+1 until end of turn. That token gains haste.",
    # "can't be regenerated" of no destroy instruction (701.19c)
    "Target creature gets +1/+1 until end of turn. That creature can't be regenerated.",
    "Draw a card. A creature destroyed this way can't be regenerated.",
    # "those creatures" of no effect on a set a selector names, or not right after it (701.26b, 611.2c)
    "Target creature gets +1/+1 until end of turn. Untap them.",
    "Draw a card. Untap those creatures.",
    "Creatures you control get +1/+1 until end of turn. Draw a card. Untap them.",
    "Tapped creatures you control get +1/+1 until end of turn. Untap those creatures.",
    # "them" of a source
    "{R}: This creature gets +1/+0 until end of turn. Sacrifice them at the beginning of the next end step.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert compile_paragraph(text, "X") is None  # (no family reads it, or the vocabulary refuses what is read)
