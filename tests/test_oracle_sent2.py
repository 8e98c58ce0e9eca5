"""One-shot effects of triggered abilities in family 5 (engine/vocab/oracle/oneshot_sent2.py): "this creature deals 1
damage to you" (120.3, -> {op: damage, to: you}; the game: tests/data/games/120-3-this-creature-deals-damage-to-you.yaml);
"When this creature
dies, return it to its owner's hand", "When this Aura is put into a graveyard from the battlefield, return it to its
owner's hand" (603.10a, 400.7: the card the source became in its owner's graveyard, -> {op: return_self, to: hand};
the game: tests/data/games/603-10a-dies-return-it-to-its-owners-hand.yaml); "When enchanted land dies, return that
card to its owner's hand" (-> {op: return_that_card}, the card the permanent the trigger is about became; the game:
tests/data/games/603-10a-return-that-card-to-its-owners-hand.yaml); "put a +1/+1 counter on enchanted creature" (122.1,
303.4: -> {op: counters, to: attached}; the game: tests/data/games/122-1-counter-on-enchanted-creature.yaml).

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
RETURN = [{"op": "return_self", "to": "hand"}]

EXAMPLES = [
    ("Endless Cockroaches", "When this creature dies, return it to its owner's hand.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": RETURN}),
    ("Rancor", "When this Aura is put into a graveyard from the battlefield, return it to its owner's hand.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": RETURN}),
    ("Juzám Djinn", "At the beginning of your upkeep, this creature deals 1 damage to you.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "damage", "amount": 1, "to": "you"}]}),
    ("Demonic Vigor", "When enchanted creature dies, return that card to its owner's hand.",
     {"kind": "triggered", "trigger": {"event": "dies", "subjects": {"attached": True, "types": ["Creature"]}},
      "one_shot": [{"op": "return_that_card"}]}),
    ("Ares, God of War", "Whenever an attacking creature you control dies, return that card to its owner's hand.",
     {"kind": "triggered", "trigger": {"event": "dies", "subjects": {"types": ["Creature"], "controller": "you",
                                                                    "attacking": True}},
      "one_shot": [{"op": "return_that_card"}]}),
    ("Forced Adaptation", "At the beginning of your upkeep, put a +1/+1 counter on enchanted creature.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "attached"}]}),
    ("Ephara's Enlightenment", "When this Aura enters, put a +1/+1 counter on enchanted creature.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "attached"}]}),
    ("Spine of Ish Sah", "When this artifact is put into a graveyard from the battlefield, return it to its owner's hand.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": RETURN}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert got == [want]
    assert executable_by(got[0]) is not None


def test_you_may_return_it():
    got = compile_paragraph("When this creature dies, you may return it to its owner's hand.", "X")
    assert [op.model_dump(exclude_defaults=True) for op in got[0].one_shot] == [{"op": "may", "one_shot": RETURN}]


def test_return_this_card_in_the_sources_own_dies_trigger():
    # 603.10a: a leaves-the-battlefield ability, triggered on the battlefield: the card it became (not a graveyard trigger)
    got = compile_paragraph("When this creature dies, return this card from your graveyard to your hand.", "X")
    assert [op.model_dump(exclude_defaults=True) for op in got[0].one_shot] == RETURN


def test_it_of_a_self_trigger_on_the_battlefield_stays_the_permanent():
    # "Whenever this creature attacks, return it ...": the source on the battlefield (os_bounce), not the card
    got = compile_paragraph("Whenever this creature attacks, return it to its owner's hand.", "X")
    assert [op.op for op in got[0].one_shot] == ["return_to_hand"]


NOT_READ = [
    # damage to you dealt by another object than the source; X of an ability
    "Target creature deals 2 damage to you.",
    "At the beginning of your upkeep, this creature deals X damage to you.",
    "At the beginning of your upkeep, enchanted creature deals 1 damage to you.",
    # another creature's dying ("it": that creature, not read here); the enchanted creature's
    "Whenever a creature you control dies, return it to its owner's hand.",
    "When enchanted creature dies, return it to its owner's hand.",
    # leaving the battlefield for any zone (the card may be in exile); two events in one ability
    "When this creature leaves the battlefield, return it to its owner's hand.",
    "When this creature enters or dies, return it to its owner's hand.",
    # "it" after a target is named, or not in the first instruction
    "When this creature dies, return target creature to its owner's hand. Return it to its owner's hand.",
    "When this creature dies, draw a card. Return it to its owner's hand.",
    # a second "it" after the card returned
    "When this creature dies, return it to its owner's hand. Put a +1/+1 counter on it.",
    # "that card" of the source's own dying, of no dying, of a spell; not the first instruction; leaving for any zone
    "When this creature dies, return that card to its owner's hand.",
    "Whenever a creature attacks, return that card to its owner's hand.",
    "Return that card to its owner's hand.",
    "When enchanted creature dies, draw a card. Return that card to its owner's hand.",
    "Whenever a creature you control leaves the battlefield, return that card to its owner's hand.",
    # counters on "enchanted creature" after the source left the battlefield
    "When enchanted creature dies, put a +1/+1 counter on enchanted creature.",
    "When this Aura is put into a graveyard from the battlefield, put a +1/+1 counter on enchanted creature.",
    # "that creature" (no object the trigger names)
    "When this creature dies, return that creature to its owner's hand.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert compile_paragraph(text, "X") is None  # (no family reads it, or the vocabulary refuses what is read)
