"""Family-5 sentences of issue 21's fourth round (helper S): what engine/vocab/oracle/oneshot.py now reads,
from database cards (their paragraphs asserted first), and the near misses it must not read. The rules
outcomes: tests/data/games/608-2h-*.yaml (test_games.py)."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401, E402 (db: the fixture, the card database's index of the session)
from engine.files.dbcards import card_file

# name, the paragraph as the database prints it, the ability it compiles to (without text, cost, effect)
EXAMPLES = [
    # 608.2h: "it" is the source as it last existed, as "this creature deals" would say
    ("Perilous Myr", "When this creature dies, it deals 2 damage to any target.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "targets": [{"what": "any"}],
      "one_shot": [{"op": "damage", "amount": 2}]}),
    ("Vial of Dragonfire", "{2}, {T}, Sacrifice this artifact: It deals 2 damage to target creature.",
     {"kind": "activated", "loyalty": False, "targets": [{"what": "creature"}], "one_shot": [{"op": "damage", "amount": 2}]}),
    # 603.7, 603.7c: the delayed triggered ability returns the card the exile before it exiled (a new object, 400.7)
    ("Flickerwisp", "When this creature enters, exile another target permanent. Return that card to the battlefield "
                    "under its owner's control at the beginning of the next end step.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "permanent", "other": True}],
      "one_shot": [{"op": "exile"}, {"op": "delayed_trigger", "when": "next_end_step", "about": "target",
                                     "text": "Return that card to the battlefield under its owner's control at the "
                                             "beginning of the next end step.",
                                     "one_shot": [{"op": "return_to_battlefield", "what": "it"}]}]}),
    ("Turn to Mist", "Exile target creature. Return that card to the battlefield under its owner's control at the "
                     "beginning of the next end step.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "exile"}, {"op": "delayed_trigger", "when": "next_end_step", "about": "target",
                                     "text": "Return that card to the battlefield under its owner's control at the "
                                             "beginning of the next end step.",
                                     "one_shot": [{"op": "return_to_battlefield", "what": "it"}]}]}),
    # 502.3: "it" / "that creature": the one target the instruction before acted on without moving it
    ("Take into Custody", "Tap target creature. It doesn't untap during its controller's next untap step.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "tap"}, {"op": "doesnt_untap_next"}]}),
    ("Frost Lynx", "When this creature enters, tap target creature an opponent controls. That creature doesn't untap "
                   "during its controller's next untap step.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "tap"}, {"op": "doesnt_untap_next"}]}),
    ("Chillbringer", "When this creature enters, tap target creature an opponent controls. It doesn't untap during its "
                     "controller's next untap step.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "tap"}, {"op": "doesnt_untap_next"}]}),
    # 701.14a: fight
    ("Prey Upon", "Target creature you control fights target creature you don't control.",
     {"kind": "spell", "targets": [{"what": "creature", "controller": "you"}, {"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "fight", "other": 2}]}),
    ("Brash Taunter", "{2}{R}, {T}: This creature fights another target creature.",
     {"kind": "activated", "loyalty": False, "targets": [{"what": "creature", "other": True}],
      "one_shot": [{"op": "fight", "this": True, "other": 1}]}),
    ("Kapow!", "Put a +1/+1 counter on target creature you control. It fights target creature an opponent controls.",
     {"kind": "spell", "targets": [{"what": "creature", "controller": "you"}, {"what": "creature", "controller": "opponent"}],
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1}, {"op": "fight", "other": 2}]}),
    # 601.2c: "up to one target": that target or none (the ability's last target only)
    ("Ambush Wolf", "When this creature enters, exile up to one target card from a graveyard.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "card", "up_to": True}],
      "one_shot": [{"op": "exile"}]}),
    # 120.2: one instruction's damage to a target and to you, at once
    ("Orcish Artillery", "{T}: This creature deals 2 damage to any target and 3 damage to you.",
     {"kind": "activated", "loyalty": False, "targets": [{"what": "any"}],
      "one_shot": [{"op": "damage", "amount": 2, "to_you": 3}]}),
    ("Fleeting Spirit", "Discard a card: Exile this creature. Return it to the battlefield under its owner's control at "
                        "the beginning of the next end step.",
     {"kind": "activated", "loyalty": False,
      "one_shot": [{"op": "exile", "what": "self"},
                   {"op": "delayed_trigger", "when": "next_end_step", "about": "self_now",
                    "text": "Return it to the battlefield under its owner's control at the beginning of the next end step.",
                    "one_shot": [{"op": "return_to_battlefield", "what": "it"}]}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_example(db, name, paragraph, expected):
    record = db.get(name)
    assert record is not None and paragraph in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    found = oneshot.read(bare(paragraph, name))
    assert found is not None
    got = {k: v for k, v in found[0].items() if k not in ("cost", "effect")}
    assert got == expected
    card = card_file(record)
    assert [a for a in card.abilities if a.display() == paragraph and executable_by(a)]


NOT_READ = [
    "Whenever another creature dies, it deals 2 damage to any target.",  # 'it': the creature that died
    "Target creature you control gets +2/+2 until end of turn. It deals 2 damage to any target.",  # 'it': the target
    "When this creature dies, draw a card. It deals 2 damage to any target.",  # not the first instruction
    "Whenever you cast a spell, it deals 1 damage to any target.",  # 'it': the spell
    "It deals 2 damage to any target.",  # a spell's 'it'
    # 'that card' after no exile of a target
    "Destroy target creature. Return that card to the battlefield under its owner's control at the beginning of the "
    "next end step.",
    # a spell's "this creature": no object
    "Exile this creature. Return it to the battlefield under its owner's control at the beginning of the next end step.",
    "Return that card to the battlefield under its owner's control at the beginning of the next end step.",
    # 'it' of a self trigger with no target before: not the source (the instruction is about the target)
    "When this creature enters, it doesn't untap during its controller's next untap step.",
    "Tap target creature. Draw a card. It doesn't untap during its controller's next untap step.",  # not just after
    "Tap up to one target creature. Target player draws a card.",  # 'up to one' before another target
    "Destroy up to one target spell.",
    "~ deals X damage to any target and 1 damage to you.",  # X: not with damage to you
    "This creature fights target creature.",  # a spell is no creature
    "Target creature fights target player.",
    "Whenever another creature enters, it fights target creature.",  # 'it': the creature that entered
    # the continuous effect on one of two targets, then more than the fight (create_effect of the first target before
    # the fight alone is read: tests/test_oracle_fight.py, Savage Smash)
    "Target creature you control gets +1/+2 until end of turn. It fights target creature you don't control. Draw a card.",
    "Tap target creature. Sacrifice it.",  # 'it' after a target, of an instruction on the source only
    "Target creature gets +2/+0 until end of turn. Sacrifice it.",
    "Exile target creature. It gains haste.",  # 'it' after a zone change: a new object (400.7), not read
    "Target creature gets +2/+2 until end of turn. It deals 2 damage to any target.",  # the target deals: not read
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_up_to_one_target_of_one_of_several_modes_is_not_read():
    # 700.2c, 601.2c: the targets of several chosen modes are one list: an "up to one" among them can't be told apart
    from engine.files.dbcards import abilities_of

    text = ("When this creature enters, choose one or more —\n• Tap up to one target creature.\n"
            "• Destroy target artifact.")
    kinds = [a["kind"] if isinstance(a, dict) else a.kind for a in abilities_of(text, ("Creature",), "X")]
    assert kinds == ["triggered", "static", "static"]
    text = "When this creature enters, choose one —\n• Tap up to one target creature.\n• Destroy target artifact."
    kinds = [a["kind"] if isinstance(a, dict) else a.kind for a in abilities_of(text, ("Creature",), "X")]
    assert kinds == ["triggered", "mode", "mode"]
