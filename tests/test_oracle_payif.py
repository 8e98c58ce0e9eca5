"""Family 5 of the Oracle grammar, what a payment as it resolves makes happen (engine/vocab/oracle/oneshot.lark, the
block "costs paid as it resolves"; engine/vocab/oracle/oneshot_paycost.py, oneshot_dmg.that_refs):

- "you may pay {X}. If you do, draw X cards.", "you may pay {X}{R}. If you do, it deals X damage to any target." (107.3f:
  X appears in no cost of a triggered ability, so its controller chooses X as it resolves, as they pay; the X of the
  instructions after it is that value: engine/game/payx.py; the game file's answer {may: true, x: N, tap: [...]});
- "you may pay {1}. If you do, put a +1/+1 counter on that creature." (603.2, 603.6a: "that creature" in the "If you do"
  of a payment is the creature the trigger's event was about, as without a payment);
- "you may pay {2}. If you do, create a 2/1 red Dwarf Berserker creature token, then attach this Equipment to it."
  (118.12, 111.1, 701.3a);
- "At the beginning of your upkeep, if this card is in your graveyard, you may pay {1}{B}{B}. If you do, return it to your
  hand." (113.6m, 603.4: a trigger of the card in its owner's graveyard, the clause its if_condition, checked again as
  it resolves: engine/vocab/oracle/oneshot_gyif.py);
- "Tap target creature unless its controller pays {1}.", "Return target creature to its owner's hand unless its
  controller pays {1}." (118.12, 608.2c: {op: unless_pays, who: target_controller}).

The games: tests/data/games/107-3f-may-pay-x-as-it-resolves.yaml, 118-12-may-pay-counter-on-that-creature.yaml,
118-12-may-pay-create-token-attach-equipment.yaml, 113-6m-if-in-graveyard-pay-life-return-it.yaml,
603-4-if-in-graveyard-exiled-in-response.yaml, 700-13-crime-pays-return-from-graveyard.yaml, 118-12-unless-its-controller-pays-tap.yaml (test_games.py). The cards are the card database's, read through
engine.files.dbcards.card_file; each example asserts the database's paragraph first."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
YOURS = {"types": ["Creature"], "controller": "you"}
IN_GY = {"count": {"self": True, "zone": "graveyard"}, "at_least": 1}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _may(cost: str, *done: dict) -> dict:
    return {"op": "may", "one_shot": [{"op": "pay", "cost": cost}], "if_you_do": list(done)}


EXAMPLES = [
    ("Flameblast Dragon", "Whenever this creature attacks, you may pay {X}{R}. If you do, it deals X damage to any target.",
     {"kind": "triggered", "trigger": {"event": "attacks"}, "targets": [{"what": "any"}],
      "one_shot": [_may("{X}{R}", {"op": "damage", "amount": "x"})]}),
    ("Vigil for the Lost", "Whenever a creature you control dies, you may pay {X}. If you do, you gain X life.",
     {"kind": "triggered", "trigger": {"event": "dies", "subjects": YOURS},
      "one_shot": [_may("{X}", {"op": "gain_life", "amount": {"x": "announced"}})]}),
    ("Stark's Ingenuity", "When this Aura enters, you may pay {X}. If you do, draw X cards.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [_may("{X}", {"op": "draw", "amount": {"x": "announced"}})]}),
    ("Hero of Leina Tower", "Heroic — Whenever you cast a spell that targets this creature, you may pay {X}. If you do, "
                            "put X +1/+1 counters on this creature.",
     {"kind": "triggered", "trigger": {"event": "cast", "targeting": {"self_": True}},
      "one_shot": [_may("{X}", {"op": "counters", "kind": "+1/+1", "amount": {"x": "announced"}, "to": "self"})]}),
    ("Decree of Justice", "When you cycle this card, you may pay {X}. If you do, create X 1/1 white Soldier creature tokens.",
     {"kind": "triggered", "trigger": {"event": "activate", "keyword": "cycling"},
      "one_shot": [_may("{X}", {"op": "create_token", "token": "Soldier", "amount": "x"})]}),
    ("Durable Handicraft", "Whenever a creature you control enters, you may pay {1}. If you do, put a +1/+1 counter on "
                           "that creature.",
     {"kind": "triggered", "trigger": {"event": "enters", "subjects": YOURS},
      "one_shot": [_may("{1}", {"op": "counters", "kind": "+1/+1", "amount": 1, "to": "that"})]}),
    ("Dwarven Hammer", "When this Equipment enters, you may pay {2}. If you do, create a 2/1 red Dwarf Berserker creature "
                       "token, then attach this Equipment to it.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [_may("{2}", {"op": "create_token", "token": "Dwarf Berserker Token", "attach_to_it": True,
                                "definition": {"power": 2, "toughness": 1, "colors": ["red"], "types": ["Creature"],
                                               "subtypes": ["Dwarf", "Berserker"]}})]}),
    # 113.6m, 603.4: a trigger of the card in its owner's graveyard, its clause the ability's if_condition
    ("Pyre Zombie", "At the beginning of your upkeep, if this card is in your graveyard, you may pay {1}{B}{B}. If you do, "
                    "return it to your hand.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"}, "if_condition": IN_GY,
      "one_shot": [_may("{1}{B}{B}", {"op": "return_self", "to": "hand"})]}),
    ("Master of Death", "At the beginning of your upkeep, if this card is in your graveyard, you may pay 1 life. If you do, "
                        "return it to your hand.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"}, "if_condition": IN_GY,
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay_life", "amount": 1}],
                    "if_you_do": [{"op": "return_self", "to": "hand"}]}]}),
    # 118.12, 608.2c: the one target's controller may pay; only if they don't, the instruction on it happens
    ("Rhystic Deluge", "{U}: Tap target creature unless its controller pays {1}.",
     {"kind": "activated", "cost": "{U}", "effect": "Tap target creature unless its controller pays {1}.",
      "targets": [{"what": "creature"}],
      "one_shot": [{"op": "unless_pays", "who": "target_controller", "cost": "{1}", "one_shot": [{"op": "tap"}]}]}),
    ("Erratic Portal", "{1}, {T}: Return target creature to its owner's hand unless its controller pays {1}.",
     {"kind": "activated", "cost": "{1}, {T}", "effect": "Return target creature to its owner's hand unless its controller "
                                                      "pays {1}.",
      "targets": [{"what": "creature"}],
      "one_shot": [{"op": "unless_pays", "who": "target_controller", "cost": "{1}", "one_shot": [{"op": "return_to_hand"}]}]}),
    ("Elven Bow", "When this Equipment enters, you may pay {2}. If you do, create a 1/1 green Elf Warrior creature token, "
                  "then attach this Equipment to it.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [_may("{2}", {"op": "create_token", "token": "Elf Warrior", "attach_to_it": True})]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    # (an activated ability's words are its cost and effect, 602.1)
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_that_creature_gains_after_a_payment():
    """611.2c, 603.2: "that creature gains indestructible until end of turn" in the "If you do" of a payment: an effect
    on the attacking creature, created only if it was paid ({op: create_effect} in the if_you_do)."""
    [ab] = oneshot.read(bare("Whenever a creature you control attacks, you may pay {W}. If you do, that creature gains "
                             "indestructible until end of turn.", ""))
    assert ab["continuous"]["applies_to"] == {"that": True}
    assert ab["one_shot"] == [_may("{W}", {"op": "create_effect"})]


# near misses: what the loop can't do, or words that say something else
NOT_READ = [
    "Whenever this creature attacks, you may pay {X}.",  # (no "If you do")
    "Whenever this creature attacks, you may pay {X}. If you don't, draw X cards.",  # (X of a payment not made)
    "{T}: You may pay {X}. If you do, draw X cards.",  # (107.3f in a triggered ability only here)
    "You may pay {X}. If you do, draw X cards.",  # (a spell: its X is its own, 107.3a)
    "When this creature enters, you may pay {X}. If you do, target creature gets +X/+0 until end of turn.",  # (an effect)
    "When this creature dies, you may pay {X}. If you do, destroy target creature with mana value X.",  # (target before X)
    "Whenever this creature attacks, you may pay {X}. When you do, draw X cards.",  # (a reflexive ability's X)
    "Whenever this creature attacks, you may pay {Y}. If you do, draw Y cards.",
    # "It" after the sentence of "If you do": not its (this ability makes no such "it" the paid one's)
    "Whenever a creature an opponent controls enters, you may pay {1}. If you do, tap that creature. It doesn't untap "
    "during its controller's next untap step.",
    "Whenever you cast a spell, you may pay {1}. If you do, put a +1/+1 counter on that creature.",  # (no creature)
    "When this Equipment enters, you may pay {2}. If you do, create two 2/1 red Dwarf Berserker creature tokens, then "
    "attach this Equipment to it.",  # (two tokens: which is "it")
    "When this Equipment enters, create a 2/1 red Dwarf Berserker creature token. If you do, attach this Equipment to it.",
    # "if this card is in your graveyard": with an instruction that returns it from there only, in a trigger it sees
    "At the beginning of your upkeep, if this card is in your graveyard, you may pay {1}. If you do, draw a card.",
    "At the beginning of your upkeep, if this card is in your graveyard with a creature card directly above it, you may "
    "pay {1}. If you do, return this card to your hand.",
    "When this creature dies, if this card is in your graveyard, return it to your hand.",  # (the source's own event)
    "When this creature dies, you may pay {1}. If you do, return it to your hand.",  # (no clause: "it to your hand")
    "{1}: Return this card to your hand.",
    # "unless its controller pays": one instruction on one target permanent only
    "Return target creature to its owner's hand. Then return another target creature to its owner's hand unless its "
    "controller pays {1}.",  # (two targets: whose controller)
    "Return up to one target creature to its owner's hand unless its controller pays {1}.",
    "Destroy target creature. Tap target creature unless its controller pays {1}.",
    "Tap target creature unless its controller pays {X}.",
]


@pytest.mark.parametrize("paragraph, event", [
    ("Whenever you commit a crime, you may pay {B}. If you do, return this card from your graveyard to the battlefield.",
     "commits_crime"),  # Forsaken Miner (700.13: engine/game/crime.py checks the graveyards' cards too)
    ("Whenever day becomes night or night becomes day, you may pay {1}{R}. If you do, return this card from your "
     "graveyard to the battlefield tapped.", "day_night"),  # Sunstreak Phoenix (731)
])
def test_graveyard_trigger_on_no_object(paragraph, event):
    """113.6m: a trigger on no object's event whose one instruction returns its card from the graveyard functions there."""
    [ab] = oneshot.read(bare(paragraph, ""))
    assert ab["trigger"] == {"event": event, "source_zone": "graveyard"}


def test_in_graveyard_event_trigger():
    """113.6m: "Whenever you surveil, if this card is in your graveyard, ..." triggers from the graveyard (source_zone),
    its clause the if_condition."""
    [ab] = oneshot.read(bare("Whenever you surveil, if this card is in your graveyard, you may pay 3 life. If you do, "
                             "return this card to your hand.", ""))
    assert ab["trigger"] == {"event": "surveils", "source_zone": "graveyard"}
    assert ab["if_condition"] == IN_GY


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
