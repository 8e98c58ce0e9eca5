"""Keyword actions, counters and extra turns in family 5 (engine/vocab/oracle/oneshot_actions.py): the Oracle
sentences "take an extra turn after this one" (500.7), "put a +1/+1 counter on each creature you control" (122.1),
"... and put a stun counter on it" (122.1d), "Tap up to two target creatures. Put a stun counter on each of
them." (601.2c: one word "target" for several objects), "it connives" (701.50a), "bolster N" (701.39a), "adapt N" (701.46a), "amass Zombies N" (701.47a), "support N"
(701.41a), "exile target creature until this creature leaves the battlefield" (610.3) and
the state trigger "When you control no Islands" (603.8), read as the operations of engine/vocab/oneshot_actions.py
(and extra_turn, counters), executed by the game loop (engine/game/actions.py; the games:
tests/data/games/122-1d-stun-counters.yaml, 122-1-counter-on-each-creature-you-control.yaml,
500-7-target-player-extra-turn.yaml, 601-2c-up-to-two-targets-stunned.yaml, 601-2c-up-to-two-targets-one-named.yaml,
601-2c-up-to-two-target-cards-returned.yaml,
701-50a-connive.yaml, 701-39a-bolster.yaml, 701-46a-adapt.yaml, 701-47a-amass.yaml, 610-3-exiled-until-it-leaves.yaml,
610-3b-source-gone-before-the-exile.yaml, 610-3c-returns-when-the-source-dies.yaml,
603-8-when-you-control-no-islands.yaml).

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
ETB = {"event": "enters"}

EXAMPLES = [
    ("Time Walk", "Take an extra turn after this one.", {"kind": "spell", "one_shot": [{"op": "extra_turn"}]}),
    ("Time Warp", "Target player takes an extra turn after this one.",
     {"kind": "spell", "targets": [{"what": "player"}], "one_shot": [{"op": "extra_turn", "who": "target"}]}),
    ("Basri's Solidarity", "Put a +1/+1 counter on each creature you control.",
     {"kind": "spell", "one_shot": [{"op": "counters_each", "kind": "+1/+1", "amount": 1,
                                     "each": {"types": ["Creature"], "controller": "you"}}]}),
    ("Abzan Ascendancy", "When this enchantment enters, put a +1/+1 counter on each creature you control.",
     {"kind": "triggered", "trigger": ETB, "one_shot": [{"op": "counters_each", "kind": "+1/+1", "amount": 1,
                                                        "each": {"types": ["Creature"], "controller": "you"}}]}),
    ("Biogenic Ooze", "At the beginning of your end step, put a +1/+1 counter on each Ooze you control.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "end"},
      "one_shot": [{"op": "counters_each", "kind": "+1/+1", "amount": 1,
                    "each": {"subtypes": ["Ooze"], "controller": "you"}}]}),
    ("Tranquilize", "Tap target creature an opponent controls and put three stun counters on it.",
     {"kind": "spell", "targets": [{"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "tap"}, {"op": "counters", "kind": "stun", "amount": 3}]}),
    ("Gilded Scuttler", "When this creature enters, tap target creature an opponent controls and put a stun counter "
                        "on it.",
     {"kind": "triggered", "trigger": ETB, "targets": [{"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "tap"}, {"op": "counters", "kind": "stun", "amount": 1}]}),
    ("Fractal Mascot", "When this creature enters, tap target creature an opponent controls. Put a stun counter on it.",
     {"kind": "triggered", "trigger": ETB, "targets": [{"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "tap"}, {"op": "counters", "kind": "stun", "amount": 1}]}),
    ("Raffine's Informant", "When this creature enters, it connives.",
     {"kind": "triggered", "trigger": ETB, "one_shot": [{"op": "connive", "what": "self"}]}),
    ("Dromoka's Gift", "Bolster 4.", {"kind": "spell", "one_shot": [{"op": "bolster", "amount": 4}]}),
    ("Aven Tactician", "When this creature enters, bolster 1.",
     {"kind": "triggered", "trigger": ETB, "one_shot": [{"op": "bolster", "amount": 1}]}),
    ("Aeromunculus", "{2}{G}{U}: Adapt 1.",
     {"kind": "activated", "cost": "{2}{G}{U}", "effect": "Adapt 1.", "one_shot": [{"op": "adapt", "amount": 1}]}),
    ("Out Cold", "Tap up to two target creatures and put a stun counter on each of them. Investigate.",
     {"kind": "spell", "targets": [{"what": "creature", "count": 2, "up_to": True}],
      "one_shot": [{"op": "tap"}, {"op": "tap", "target": 2}, {"op": "counters", "kind": "stun", "amount": 1},
                   {"op": "counters", "kind": "stun", "amount": 1, "target": 2}, {"op": "create_token", "token": "Clue"}]}),
    ("Homesickness", "Target player draws two cards. Tap up to two target creatures. Put a stun counter on each of them.",
     {"kind": "spell", "targets": [{"what": "player"}, {"what": "creature", "count": 2, "up_to": True}],
      "one_shot": [{"op": "draw", "amount": 2, "who": "target"}, {"op": "tap", "target": 2}, {"op": "tap", "target": 3},
                   {"op": "counters", "kind": "stun", "amount": 1, "target": 2},
                   {"op": "counters", "kind": "stun", "amount": 1, "target": 3}]}),
    ("Gavony Silversmith", "When this creature enters, put a +1/+1 counter on each of up to two target creatures.",
     {"kind": "triggered", "trigger": ETB, "targets": [{"what": "creature", "count": 2, "up_to": True}],
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1},
                   {"op": "counters", "kind": "+1/+1", "amount": 1, "target": 2}]}),
    ("Angelic Quartermaster", "When this creature enters, put a +1/+1 counter on each of up to two other target "
                              "creatures.",
     {"kind": "triggered", "trigger": ETB, "targets": [{"what": "creature", "count": 2, "up_to": True, "other": True}],
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1},
                   {"op": "counters", "kind": "+1/+1", "amount": 1, "target": 2}]}),
    ("Lazotep Reaver", "When this creature enters, amass Zombies 1.",
     {"kind": "triggered", "trigger": ETB, "one_shot": [{"op": "amass", "subtype": "Zombie", "amount": 1}]}),
    ("Mordor Muster", "Amass Orcs 1.", {"kind": "spell", "one_shot": [{"op": "amass", "subtype": "Orc", "amount": 1}]}),
    ("Expedition Raptor", "When this creature enters, support 2.",
     {"kind": "triggered", "trigger": ETB, "targets": [{"what": "creature", "count": 2, "up_to": True, "other": True}],
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1},
                   {"op": "counters", "kind": "+1/+1", "amount": 1, "target": 2}]}),
    ("Banishing Light", "When this enchantment enters, exile target nonland permanent an opponent controls until this "
                        "enchantment leaves the battlefield.",
     {"kind": "triggered", "trigger": ETB,
      "targets": [{"what": "permanent", "controller": "opponent", "quality": {"not_types": ["Land"]}}],
      "one_shot": [{"op": "exile_until_leaves"}]}),
    ("Banisher Priest", "When this creature enters, exile target creature an opponent controls until this creature "
                        "leaves the battlefield.",
     {"kind": "triggered", "trigger": ETB, "targets": [{"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "exile_until_leaves"}]}),
    ("Chains of Custody", "When this Aura enters, exile target nonland permanent an opponent controls until this Aura "
                          "leaves the battlefield.",
     {"kind": "triggered", "trigger": ETB,
      "targets": [{"what": "permanent", "controller": "opponent", "quality": {"not_types": ["Land"]}}],
      "one_shot": [{"op": "exile_until_leaves"}]}),
    ("Dutiful Return", "Return up to two target creature cards from your graveyard to your hand.",
     {"kind": "spell", "targets": [{"what": "card", "types": ["Creature"], "controller": "you", "count": 2, "up_to": True}],
      "one_shot": [{"op": "return_to_hand"}, {"op": "return_to_hand", "target": 2}]}),
    ("Floodwaters", "Return up to two target creatures to their owners' hands.",
     {"kind": "spell", "targets": [{"what": "creature", "count": 2, "up_to": True}],
      "one_shot": [{"op": "return_to_hand"}, {"op": "return_to_hand", "target": 2}]}),
    ("Sea Serpent", "When you control no Islands, sacrifice this creature.",
     {"kind": "triggered", "trigger": {"state": "controls_none", "what": {"subtypes": ["Island"], "controller": "you"}},
      "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(dict(expected, text=paragraph) if expected["kind"] != "activated" else expected)
    assert got == [want]
    assert executable_by(got[0]) is not None


NOT_READ = [
    # "takes" without a subject, "take" of a target player; an extra turn of a target opponent; two extra turns
    "Takes an extra turn after this one.",
    "Target player take an extra turn after this one.",
    "Target opponent takes an extra turn after this one.",
    "Target player takes two extra turns after this one.",
    # a number and its noun disagree
    "Put two +1/+1 counter on each creature you control.",
    "Put a +1/+1 counters on each creature you control.",
    # "each" of no permanents' kind
    "Put a +1/+1 counter on each other you control.",
    # "them" with no several targets named before; "it" of several targets; several targets that are no permanents
    "Put a stun counter on each of them.",
    "Tap target creature. Put a stun counter on each of them.",
    "Tap up to two target creatures. Untap it.",
    "Tap up to two target creatures. Its controller loses 2 life.",
    "Tap up to two target players.",
    "Those creatures don't untap during their controller's next untap step.",
    # a condition this family doesn't read
    "Tap up to two target creatures. If the gift was promised, put a stun counter on each of those creatures.",
    # a stun counter on "it" with no target named before it (the source, "it", in a self trigger: not read)
    "Whenever this creature attacks, put three stun counters on it and draw three cards.",
    # stun counters on a player
    "Put a stun counter on target player.",
    # "it" of a target connives (the operation is the source's only)
    "Target creature gets +1/+1 until end of turn. It connives.",
    # another object connives
    "When this creature enters, target creature you control connives.",
    # amass without a creature type (the old wording, given an erratum: 701.47d), of no creature type
    "Amass 2.",
    "Amass Islands 2.",
    # an instant's or a sorcery's support (of up to N target creatures, not "other"): the paragraph doesn't say which
    "Support 2.",
    # exile "until" of a player, of several targets, until another object leaves
    "When this enchantment enters, exile target player until this enchantment leaves the battlefield.",
    "When this enchantment enters, exile two target creatures until this enchantment leaves the battlefield.",
    "When this enchantment enters, exile target creature until enchanted creature leaves the battlefield.",
    # several cards: "cards" and its noun; a card of any graveyard to "your hand"; several targets to "its owner's hand"
    "Return up to two target creature card from your graveyard to your hand.",
    "Return up to two target creature cards from a graveyard to your hand.",
    "Return up to two target creatures to its owner's hand.",
    # no number
    "Bolster.",
    "{2}{G}: Adapt.",
    # "you control no" of a target, of the source
    "When you control no target creature, sacrifice this creature.",
    "When you control no ~, draw a card.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert compile_paragraph(text, "X") is None  # (no family reads it, or the vocabulary refuses what is read)
