"""Family 5 of the Oracle grammar, costs paid while a spell or ability resolves (engine/vocab/oracle/oneshot.lark, the
block "costs paid as it resolves"; engine/vocab/oracle/oneshot_paycost.py): "you may pay 2 life. If you do, ..."
(118.12, 119.4), "you may sacrifice [another] creature. If you do, ... If you don't, ..." (608.2c-d, 701.21a), and
"each opponent sacrifices a permanent of their choice unless they pay {2}" (118.12). The game loop executes them
(engine/game/paycost.py): tests/data/games/118-12-may-pay-life-if-you-do.yaml,
608-2c-may-sacrifice-if-you-do-dont.yaml, 608-2d-may-sacrifice-another-none.yaml, 118-12-sacrifices-unless-they-pay.yaml,
608-2c-may-pay-if-you-do-effect.yaml, 608-2c-may-sacrifice-it-if-you-do.yaml.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first, and that the card has no hand file (a hand file would win)."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db, database_record  # noqa: F401 (the fixture, the card database's index of the session)

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Zhentarim Bandit", "Whenever this creature attacks, you may pay 1 life. If you do, create a Treasure token.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay_life", "amount": 1}],
                    "if_you_do": [{"op": "create_token", "token": "Treasure"}]}]}),
    ("Crossway Troublemakers", "Whenever a Vampire you control dies, you may pay 2 life. If you do, draw a card.",
     {"kind": "triggered", "trigger": {"event": "dies", "subjects": {"subtypes": ["Vampire"], "controller": "you"}},
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay_life", "amount": 2}], "if_you_do": [{"op": "draw", "amount": 1}]}]}),
    ("High-Society Hunter", "Whenever this creature attacks, you may sacrifice another creature. If you do, put a +1/+1 "
                            "counter on this creature.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"], "other": True}, "who": "you"}],
                    "if_you_do": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]}]}),
    ("Namazu Trader", "Whenever this creature attacks, you may sacrifice another creature or artifact. If you do, surveil 2.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "sacrifice", "what": {"any_types": ["Creature", "Artifact"], "other": True},
                                               "who": "you"}],
                    "if_you_do": [{"op": "surveil", "amount": 2}]}]}),
    ("Excavating Anurid", "When this creature enters, you may sacrifice a land. If you do, draw a card.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "sacrifice", "what": {"types": ["Land"]}, "who": "you"}],
                    "if_you_do": [{"op": "draw", "amount": 1}]}]}),
    ("Impaler Shrike", "Whenever this creature deals combat damage to a player, you may sacrifice it. If you do, draw three "
                       "cards.",  # (the source itself: 608-2c-may-sacrifice-it-if-you-do.yaml)
     {"kind": "triggered", "trigger": {"event": "deals_damage", "combat": True, "to_player": True},
      "one_shot": [{"op": "may", "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}],
                    "if_you_do": [{"op": "draw", "amount": 3}]}]}),
    ("Ravenous Vampire", "At the beginning of your upkeep, you may sacrifice a nonartifact creature. If you do, put a +1/+1 "
                         "counter on this creature. If you don't, tap this creature.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"], "not_types": ["Artifact"]},
                                               "who": "you"}],
                    "if_you_do": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}],
                    "otherwise": [{"op": "tap", "what": "self"}]}]}),
    # 611.2, 608.2c: an effect created only if it was done ({op: create_effect} in the if_you_do: the loop creates the
    # ability's continuous effect, or its rules on attacks and blocks, there and not at the end of the resolution)
    ("Arrogant Poet", "Whenever this creature attacks, you may pay 2 life. If you do, it gains flying until end of turn.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "add_abilities", "abilities": [{"keyword": "flying"}]}]},
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay_life", "amount": 2}], "if_you_do": [{"op": "create_effect"}]}]}),
    ("Brawl-Bash Ogre", "Whenever this creature attacks, you may sacrifice another creature. If you do, this creature "
                        "gets +2/+2 until end of turn.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]},
      "one_shot": [{"op": "may", "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"], "other": True}, "who": "you"}],
                    "if_you_do": [{"op": "create_effect"}]}]}),
    ("Frenzied Goblin", "Whenever this creature attacks, you may pay {R}. If you do, target creature can't block this turn.",
     {"kind": "triggered", "trigger": {"event": "attacks"}, "targets": [{"what": "creature"}], "combat": [{"rule": "cant_block"}],
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay", "cost": "{R}"}], "if_you_do": [{"op": "create_effect"}]}]}),
    ("Rishadan Footpad", "When this creature enters, each opponent sacrifices a permanent of their choice unless they pay {2}.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "sacrifice", "what": {}, "who": "each_opponent", "unless_pays": "{2}"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    card = card_file(record)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card.abilities
    assert executable_by(want) is not None


NOT_READ = [
    "You may pay 2 life.",  # 118.12: a payment as it resolves is read with "If you do" or "If you don't" only
    "When this creature enters, you may pay 2 life.",
    "When this creature enters, pay 2 life. If you do, draw a card.",  # (no "you may": nothing to choose)
    "When this creature enters, you may pay 0 life. If you do, draw a card.",
    "When this creature enters, you may pay X life. If you do, draw a card.",
    "When this creature enters, sacrifice another creature. If you do, draw a card.",  # (no "you may")
    "When this creature enters, you may sacrifice another this creature. If you do, draw a card.",
    "When this creature enters, you may sacrifice another creature you control. If you do, draw a card.",
    "When this creature enters, you may sacrifice another other creature. If you do, draw a card.",
    "When this creature enters, target player may sacrifice a creature. If you do, draw a card.",
    "When this creature enters, you may sacrifice a creature. If they do, draw a card.",
    "When this creature enters, each opponent sacrifices a permanent of their choice unless they pay 2 life.",
    "When this creature enters, each opponent sacrifices a permanent of their choice unless they pay {X}.",
    "When this creature enters, each opponent sacrifices a permanent unless they pay {2}.",  # "of their choice"
    "When this creature enters, you sacrifice a permanent of their choice unless they pay {2}.",
    "When this creature dies, you may pay {1}. If you do, it gains flying until end of turn.",  # ('it': it left)
    "Whenever this creature attacks, you may pay {1}. If you do, draw a card and it gets +2/+2 until end of turn.",
    "Whenever this creature attacks, you may pay {1}. If you do, it gets +2/+2 until end of turn. If you don't, it gets "
    "+1/+1 until end of turn.",  # (one effect, created if it was done)
    "Whenever this creature attacks, it gets +1/+1 until end of turn. You may pay {1}. If you do, it gains flying until end "
    "of turn.",
    "When this creature enters, you may draw a card. If you don't, you gain 2 life.",  # (not after a draw)
    "When this creature enters, you may sacrifice a creature. If you don't, target player loses 2 life.",  # (a target)
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
