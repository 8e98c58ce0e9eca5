"""Triggered abilities of a card in its owner's graveyard that return it from there (113.6m, 603.2; issue 21):
"Landfall — Whenever a land you control enters, you may return this card from your graveyard to the
battlefield." (engine/vocab/oracle/oneshot_graveyard.py). An event trigger gets ``source_zone: graveyard``
(engine/game/triggered.py reads it there only); a step trigger keeps none (engine/game/graveyard.py reads its zone
from its effect). The games: tests/data/games/113-6m-*.yaml, 400-7-bloodghast-two-landfall-triggers.yaml.

The cards are the card database's (engine.files.dbcards.card_file); each example asserts the paragraph first.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import abilities_of, card_file
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from engine.vocab.oneshot import StepTrigger
from engine.vocab.triggers import ZoneTrigger
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

EXAMPLES = [
    ("Bloodghast", "Landfall — Whenever a land you control enters, you may return this card from your graveyard to "
                   "the battlefield.", "battlefield"),
    ("Ovalchase Daredevil", "Whenever an artifact you control enters, you may return this card from your graveyard to "
                            "your hand.", "hand"),
    ("Blood Speaker", "Whenever a Demon you control enters, return this card from your graveyard to your hand.", "hand"),
    ("Sosuke's Summons", "Whenever a nontoken Snake you control enters, you may return this card from your graveyard "
                         "to your hand.", "hand"),
]


@pytest.mark.parametrize("name,paragraph,to", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_event_trigger_of_a_graveyard_card(db, name, paragraph, to):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert ab.kind == "triggered" and isinstance(ab.trigger, ZoneTrigger)
    assert ab.trigger.event == "enters" and ab.trigger.subjects is not None
    assert ab.trigger.source_zone == "graveyard"  # 113.6m: it functions there only
    ops = ab.one_shot[0].one_shot if ab.one_shot[0].op == "may" else ab.one_shot
    assert [(o.op, o.to) for o in ops] == [("return_self", to)]


def test_step_trigger_of_a_graveyard_card(db):
    record = db.get("Squee, Goblin Nabob")
    paragraph = "At the beginning of your upkeep, you may return this card from your graveyard to your hand."
    assert paragraph in record.oracle.splitlines()
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert ab.trigger == StepTrigger(at_beginning_of="upkeep")
    assert ab.one_shot[0].op == "may" and [o.op for o in ab.one_shot[0].one_shot] == ["return_self"]


def test_an_ability_word_before_a_trigger_is_a_triggered_ability_when_not_read():
    # 207.2c, 603.1: the kind of a paragraph not compiled, "Landfall — Whenever ...": triggered, not static
    [ab] = abilities_of("Landfall — Whenever a land you control enters, you may return this card from your graveyard "
                        "to the battlefield attached to target creature.", ("Creature",), "X")
    assert ab["kind"] == "triggered"


def test_a_payment_then_the_return(db):
    # 118.12: "you may pay {N}. If you do, return this card ...": in the graveyard too (it was read as the
    # battlefield's before: "If you do" hid the return from the check)
    record = db.get("Akoum Firebird")
    paragraph = ("Landfall — Whenever a land you control enters, you may pay {4}{R}{R}. If you do, return this card "
                 "from your graveyard to the battlefield.")
    assert paragraph in record.oracle.splitlines()
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert ab.trigger.source_zone == "graveyard"
    [may] = ab.one_shot
    assert [o.op for o in may.one_shot] == ["pay"] and [o.op for o in may.if_you_do] == ["return_self"]
    # a cast trigger and a step trigger: the game loop reads their zone from the effect (engine/game/graveyard.py)
    from engine.game.graveyard import from_graveyard, returns_self
    record = db.get("Masked Admirers")
    [cast] = [a for a in card_file(record).abilities if "If you do, return this card" in a.display()]
    assert returns_self(cast)
    [step] = oneshot.read(bare("At the beginning of your upkeep, you may pay {1}. If you do, return this card from your "
                               "graveyard to your hand.", "X"))
    assert step["trigger"] == {"at_beginning_of": "upkeep", "whose": "you"}
    assert from_graveyard(card_file(db.get("Squee, Goblin Nabob")).abilities[-1])


@pytest.mark.parametrize("text", [
    "Whenever a land you control enters, you may pay {1}. If you do, return this card from your graveyard to the "
    "battlefield. If you don't, draw a card.",
    "Whenever a land you control enters, you may pay {1}. If you do, return this card from your graveyard to the "
    "battlefield and draw a card.",
    "When this creature enters, return this card from your graveyard to your hand.",  # the source's own: nowhere
    # 113.6m's exception (an Aura whose enchanted permanent leaves): not read
    "When enchanted Island is put into a graveyard, you may return this card from your graveyard to your hand.",
    "Whenever this creature or another creature enters, return this card from your graveyard to your hand.",
    "Whenever a land you control enters, you may return this card from your graveyard to the battlefield. Draw a card.",
    "Whenever a land you control enters, you may return this card from your graveyard to the battlefield attached to "
    "that creature.",
    "Whenever a land you control enters or attacks, return this card from your graveyard to your hand.",
])
def test_near_misses(text):
    assert oneshot.read(bare(text, "X")) is None
