"""Family 5 of the Oracle grammar, the sentences that complete an instruction before them about what it paid, lost or
moved (engine/vocab/oracle/payment.lark, engine/vocab/oracle/oneshot_payment.py):

- "Each opponent loses 3 life. You gain life equal to the life lost this way." (608.2c, 119.3: the total life the
  players lost as the instruction before resolved; engine/game/instructions.py);
- "When this creature dies, you may exile it. If you do, ..." (603.10a, 608.2d, 118.12: the card the source became in its
  owner's graveyard, {op: exile_self}; the loop: engine/game/paycost.py exile_own);
- "you may pay {1}. If you do, look at the top two cards of your library. Put one of them into your hand and the other
  into your graveyard." (118.12, 608.2c, 401.2: a sentence that completes the last instruction of an "If you do", when
  it completes none outside it, joins it there: oneshot_payment.merge);
- "At the beginning of your upkeep, tap this creature unless you pay 1 life." ({3}, {E}; 118.12, 119.4: {op:
  unless_pays, who: you, cost | life}; the loop: engine/game/thatplayer.py, paycost.pay_life); "Tap target creature
  unless its controller pays 2 life.", "Target player discards their hand unless they pay 7 life." (who: target_controller,
  target); "this creature deals 2 damage to you unless you pay {B}{B}", "sacrifice this creature unless you pay {E}{E}".

The games: tests/data/games/608-2c-life-lost-this-way-gained.yaml, 603-10a-dies-may-exile-it-if-you-do.yaml,
118-12-tap-this-creature-unless-you-pay-life.yaml, 118-12-tap-this-creature-unless-you-pay-mana.yaml,
118-12-may-pay-if-you-do-look-at-top.yaml, 119-4-unless-they-pay-life-tyrannize.yaml,
118-12-unless-you-pay-damage-or-energy.yaml (test_games.py). The cards are the card database's,
read through engine.files.dbcards.card_file; each example asserts the database's paragraph first."""

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
DRAIN = {"op": "gain_life", "amount": "life_lost_this_way", "who": "you"}
DIES = {"event": "dies"}
UPKEEP = {"at_beginning_of": "upkeep", "whose": "you"}
TAP_SELF = {"op": "tap", "what": "self"}


def _exile_it(*done: dict) -> dict:
    return {"op": "may", "one_shot": [{"op": "exile_self"}], "if_you_do": list(done)}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


EXAMPLES = [
    ("Blood Tithe", "Each opponent loses 3 life. You gain life equal to the life lost this way.",
     {"kind": "spell", "one_shot": [{"op": "lose_life", "amount": 3, "who": "each_opponent"}, DRAIN]}),
    ("Kokusho, the Evening Star", "When Kokusho dies, each opponent loses 5 life. You gain life equal to the life lost "
                                  "this way.",
     {"kind": "triggered", "trigger": {"event": "dies"},
      "one_shot": [{"op": "lose_life", "amount": 5, "who": "each_opponent"}, DRAIN]}),
    ("Exsanguinate", "Each opponent loses X life. You gain life equal to the life lost this way.",
     {"kind": "spell", "one_shot": [{"op": "lose_life", "amount": {"x": "announced"}, "who": "each_opponent"}, DRAIN]}),
    ("Scholar of Athreos", "{2}{B}: Each opponent loses 1 life. You gain life equal to the life lost this way.",
     {"kind": "activated", "cost": "{2}{B}", "effect": "Each opponent loses 1 life. You gain life equal to the life lost "
                                                     "this way.",
      "one_shot": [{"op": "lose_life", "amount": 1, "who": "each_opponent"}, DRAIN]}),
    # 603.10a: "it" in the source's own dies trigger is the card in its owner's graveyard
    ("Greenwarden of Murasa", "When this creature dies, you may exile it. If you do, return target card from your "
                              "graveyard to your hand.",
     {"kind": "triggered", "trigger": DIES, "targets": [{"what": "card", "controller": "you"}],
      "one_shot": [_exile_it({"op": "return_to_hand"})]}),
    ("Academy Rector", "When this creature dies, you may exile it. If you do, search your library for an enchantment "
                       "card, put that card onto the battlefield, then shuffle.",
     {"kind": "triggered", "trigger": DIES,
      "one_shot": [_exile_it({"op": "search_library", "types": ["Enchantment"], "to": "battlefield"})]}),
    ("Undead Butler", "When this creature dies, you may exile it. When you do, return target creature card from your "
                      "graveyard to your hand.",
     {"kind": "triggered", "trigger": DIES,
      "one_shot": [_exile_it({"op": "reflexive_trigger", "text": "When you do, return target creature card from your "
                                                                 "graveyard to your hand.",
                              "targets": [{"what": "card", "types": ["Creature"], "controller": "you"}],
                              "one_shot": [{"op": "return_to_hand"}]})]}),
    # 608.2c: the sentences after "If you do, look at ..." say where those cards go, inside the "If you do"
    ("Marchesa, Dealer of Death", "Whenever you commit a crime, you may pay {1}. If you do, look at the top two cards "
                                  "of your library. Put one of them into your hand and the other into your graveyard.",
     {"kind": "triggered", "trigger": {"event": "commits_crime"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay", "cost": "{1}"}],
                    "if_you_do": [{"op": "look_at_top", "amount": 2, "take": 1, "rest": "graveyard"}]}]}),
    ("Trail of Crumbs", "Whenever you sacrifice a Food, you may pay {1}. If you do, look at the top two cards of your "
                        "library. You may reveal a permanent card from among them and put it into your hand. Put the "
                        "rest on the bottom of your library in any order.",
     {"kind": "triggered", "trigger": {"event": "sacrificed", "subjects": {"subtypes": ["Food"], "controller": "you"}},
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay", "cost": "{1}"}],
                    "if_you_do": [{"op": "look_at_top", "amount": 2, "up_to": True, "take": 1, "reveal": True,
                                   "types": ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"],
                                   "rest": "bottom_any_order"}]}]}),
    # 118.12: its controller may pay as it resolves; only if they don't, the source becomes tapped
    ("Carnophage", "At the beginning of your upkeep, tap this creature unless you pay 1 life.",
     {"kind": "triggered", "trigger": UPKEEP,
      "one_shot": [{"op": "unless_pays", "who": "you", "life": 1, "one_shot": [TAP_SELF]}]}),
    ("Heavyweight Demolisher", "At the beginning of your upkeep, tap this creature unless you pay {3}.",
     {"kind": "triggered", "trigger": UPKEEP,
      "one_shot": [{"op": "unless_pays", "who": "you", "cost": "{3}", "one_shot": [TAP_SELF]}]}),
    ("Electrozoa", "At the beginning of your first main phase, tap this creature unless you pay {E}.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "precombat_main"},
      "one_shot": [{"op": "unless_pays", "who": "you", "cost": "{E}", "one_shot": [TAP_SELF]}]}),
    ("Force of Nature", "At the beginning of your upkeep, this creature deals 8 damage to you unless you pay "
                        "{G}{G}{G}{G}.",
     {"kind": "triggered", "trigger": UPKEEP,
      "one_shot": [{"op": "unless_pays", "who": "you", "cost": "{G}{G}{G}{G}",
                    "one_shot": [{"op": "damage", "amount": 8, "to": "you"}]}]}),
    ("Hasran Ogress", "Whenever this creature attacks, it deals 3 damage to you unless you pay {2}.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "unless_pays", "who": "you", "cost": "{2}",
                    "one_shot": [{"op": "damage", "amount": 3, "to": "you"}]}]}),
    ("Lathnu Hellion", "At the beginning of your end step, sacrifice this creature unless you pay {E}{E}.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "end", "whose": "you"},
      "one_shot": [{"op": "unless_pays", "who": "you", "cost": "{E}{E}",
                    "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]}]}),
    ("Vectis Dominator", "{T}: Tap target creature unless its controller pays 2 life.",
     {"kind": "activated", "cost": "{T}", "effect": "Tap target creature unless its controller pays 2 life.",
      "targets": [{"what": "creature"}],
      "one_shot": [{"op": "unless_pays", "who": "target_controller", "life": 2, "one_shot": [{"op": "tap"}]}]}),
    ("Tyrannize", "Target player discards their hand unless they pay 7 life.",
     {"kind": "spell", "targets": [{"what": "player"}],
      "one_shot": [{"op": "unless_pays", "who": "target", "life": 7,
                    "one_shot": [{"op": "discard_hand", "who": "target"}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    # (an activated ability's words are its cost and effect, 602.1)
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


# near misses: what the loop can't do, or words that say something else
NOT_READ = [
    "You lose 2 life. You gain life equal to the life lost this way.",  # (the controller's own loss: no drain)
    "Each opponent loses 2 life. Draw a card. You gain life equal to the life lost this way.",  # (not just before)
    "You gain life equal to the life lost this way.",  # (no loss before it)
    "Target creature deals 2 damage to each opponent. You gain life equal to the life lost this way.",  # (damage)
    # "you may exile it": the card of the source's own dies trigger, with "If you do" / "When you do" only
    "When this creature dies, you may exile it.",  # (no "If you do")
    "Whenever another creature you control dies, you may exile it. If you do, draw a card.",  # (another's card)
    "When this creature dies or is put into exile, you may exile it. If you do, draw a card.",  # (two events)
    "Whenever this creature attacks, you may exile it. If you do, draw a card.",  # (a permanent: not its card)
    "When this creature dies, you may exile it. If you don't, draw a card.",  # ("If you don't": not read here)
    # the sentence after an "If you do": joined inside it only when it completes its last instruction
    "Whenever you commit a crime, you may pay {1}. If you do, look at the top two cards of your library.",  # (where?)
    "Whenever you commit a crime, you may pay {1}. If you do, draw a card. Put one of them into your hand and the other "
    "into your graveyard.",  # (no look)
    "Whenever you commit a crime, you may pay {1}. When you do, look at the top two cards of your library. Put one of "
    "them into your hand and the other into your graveyard.",  # (a reflexive ability's look: not read here)
    "Whenever you commit a crime, you may pay {1}. If you do, look at the top two cards of your library. If you don't, "
    "draw a card. Put one of them into your hand and the other into your graveyard.",
    # "unless you pay": of "tap this creature" only
    "At the beginning of your upkeep, tap it unless you pay 1 life.",  # ("it")
    "At the beginning of your upkeep, tap target creature unless you pay {1}.",  # (a target)
    "At the beginning of your upkeep, tap this creature unless you pay {X}.",  # (no X)
    "At the beginning of your upkeep, tap this creature unless you pay 0 life.",
    "At the beginning of your upkeep, draw a card unless you pay 1 life.",  # (another instruction)
    "Each opponent discards their hand unless they pay 7 life.",  # ("they": no one target player)
    "At the beginning of your upkeep, this creature deals 2 damage to any target unless you pay {B}{B}.",  # (a target)
    "At the beginning of your upkeep, target creature deals 2 damage to you unless you pay {B}{B}.",  # (another source)
    "At the beginning of your upkeep, sacrifice a creature unless you pay {E}.",  # (not the source)
    "Tap target creature unless its controller pays 0 life.",
    "Tap up to two target creatures unless its controller pays 2 life.",  # (whose controller)
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
