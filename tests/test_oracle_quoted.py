"""The abilities that quoted grants give (613.1f: a quoted ability is read as a paragraph of its own, "this creature" the
object that has it, 700.7; engine/vocab/oracle/grants.py) read by family 5 (engine/vocab/oracle/quoted_inner.lark, reader
oneshot_quoted.py), printed or granted: "Whenever this creature deals combat damage to a player or planeswalker" (510.2,
603.2), "put that many +1/+1 counters on this creature" after life gained or damage dealt (122.1, 603.2), "[sacrifice |
exile | tap] this creature unless you pay N life" and "you lose N life unless you sacrifice this creature" (118.12,
119.4, 608.2d), "Sacrifice that token at end of combat" after the instruction that created it (603.7, 511.2).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/510-2-granted-trigger-damage-to-
planeswalker.yaml, 603-2-granted-that-many-counters-on-life-gain.yaml, 118-12-granted-sacrifice-unless-you-pay-life.yaml,
118-12-granted-destroy-unless-you-pay.yaml,
603-7-granted-attack-token-exiled-at-end-of-combat.yaml, 613-1f-granted-ability-word-scald.yaml.
"""

from __future__ import annotations

import pytest

from carddata import database_record, db  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


PW = {"event": "deals_damage", "combat": True, "to_player_or_planeswalker": True}
COMBAT_PLAYER = {"event": "deals_damage", "combat": True, "to_player": True}
SELF_SACRIFICE = {"op": "sacrifice", "what": {"self": True}, "who": "you"}


def _unless(pay: dict, otherwise: dict) -> list:
    return [{"op": "may", "one_shot": [pay], "otherwise": [otherwise]}]


# name, the paragraph as the database prints it, the quoted ability's words (None: printed), what it compiles to
EXAMPLES = [
    ("Dreadhorde Butcher", "Whenever this creature deals combat damage to a player or planeswalker, put a +1/+1 counter "
                           "on this creature.", None,
     {"trigger": PW, "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]}),
    ("The Reaver Cleaver", 'Equipped creature gets +1/+1 and has trample and "Whenever this creature deals combat damage '
                           'to a player or planeswalker, create that many Treasure tokens."',
     "Whenever this creature deals combat damage to a player or planeswalker, create that many Treasure tokens.",
     {"trigger": PW, "one_shot": [{"op": "create_token", "token": "Treasure", "amount": "that_many"}]}),
    ("Ageless Entity", "Whenever you gain life, put that many +1/+1 counters on this creature.", None,
     {"trigger": {"event": "gain_life"},
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": "that_many", "to": "self"}]}),
    ("Sunbond", 'Enchanted creature has "Whenever you gain life, put that many +1/+1 counters on this creature."',
     "Whenever you gain life, put that many +1/+1 counters on this creature.",
     {"trigger": {"event": "gain_life"},
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": "that_many", "to": "self"}]}),
    ("Power Fist", 'Equipped creature has trample and "Whenever this creature deals combat damage to a player, put that '
                   'many +1/+1 counters on it."',
     "Whenever this creature deals combat damage to a player, put that many +1/+1 counters on it.",
     {"trigger": COMBAT_PLAYER, "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": "that_many", "to": "self"}]}),
    ("Carnophage", "At the beginning of your upkeep, tap this creature unless you pay 1 life.", None,
     {"trigger": {"at_beginning_of": "upkeep"},
      # (118.12: payment.lark's unless_pays, who: you, reads it first)
      "one_shot": [{"op": "unless_pays", "who": "you", "life": 1, "one_shot": [{"op": "tap", "what": "self"}]}]}),
    ("Vile Consumption", 'All creatures have "At the beginning of your upkeep, sacrifice this creature unless you pay 1 '
                         'life."',
     "At the beginning of your upkeep, sacrifice this creature unless you pay 1 life.",
     {"trigger": {"at_beginning_of": "upkeep"}, "one_shot": _unless({"op": "pay_life", "amount": 1}, SELF_SACRIFICE)}),
    ("Morgul-Knife Wound", 'Enchanted creature gets -3/-0 and has "At the beginning of your upkeep, exile this creature '
                           'unless you pay 2 life."',
     "At the beginning of your upkeep, exile this creature unless you pay 2 life.",
     {"trigger": {"at_beginning_of": "upkeep"},
      "one_shot": _unless({"op": "pay_life", "amount": 2}, {"op": "exile", "what": "self"})}),
    ("The Tabernacle at Pendrell Vale", 'All creatures have "At the beginning of your upkeep, destroy this creature '
                                        'unless you pay {1}."',
     "At the beginning of your upkeep, destroy this creature unless you pay {1}.",
     {"trigger": {"at_beginning_of": "upkeep"},
      "one_shot": _unless({"op": "pay", "cost": "{1}"}, {"op": "destroy", "what": "each", "each": {"self": True}})}),
    ("Chlorophant", 'Threshold — As long as there are seven or more cards in your graveyard, this creature has "At the '
                    'beginning of your upkeep, you may put another +1/+1 counter on this creature."',
     "At the beginning of your upkeep, you may put another +1/+1 counter on this creature.",
     {"trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]}]}),
    ("Invocation of Saint Traft", 'Enchanted creature has "Whenever this creature attacks, create a 4/4 white Angel '
                                  'creature token with flying that\'s tapped and attacking. Exile that token at end of '
                                  'combat."',
     "Whenever this creature attacks, create a 4/4 white Angel creature token with flying that's tapped and attacking. "
     "Exile that token at end of combat.",
     {"trigger": {"event": "attacks"},
      "one_shot": [{"op": "create_token", "token": "Angel", "tapped": True, "attacking": True},
                   {"op": "delayed_trigger", "when": "end_of_combat", "about": "entered",
                    "text": "At end of combat, exile that token.", "one_shot": [{"op": "exile", "what": "it"}]}]}),
]


def _granted(ab, words: str) -> dict:
    """The quoted ability ``words`` a static ability grants, as its vocabulary (613.1f: add_abilities)."""
    for op in ab.continuous.do:
        for g in getattr(op, "abilities", None) or ():
            if getattr(g, "text", None) == words and getattr(g, "ability", None) is not None:
                return g.ability.model_dump(by_alias=True, exclude_defaults=True)
    raise AssertionError(f"{words!r} is not granted with its vocabulary")


@pytest.mark.parametrize("name, paragraph, words, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, words, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    assert executable_by(ab) is not None
    got = ab.model_dump(by_alias=True, exclude_defaults=True) if words is None else _granted(ab, words)
    assert got["kind"] == "triggered"
    assert {k: got.get(k) for k in expected} == expected


def test_granted_activated_ability_after_an_ability_word(db, lib):  # noqa: F811
    """207.2c, 613.1f: an ability word before a quoted activated ability ("Scald —", The Bearded Teakeeper) has no rules
    meaning: the granted ability is its cost and effect (its text too, as the vocabulary displays it). Game:
    613-1f-granted-ability-word-scald.yaml."""
    paragraph = ('Foods you control have "Scald — {2}, {T}, Sacrifice this artifact: It deals 2 damage to target '
                 'opponent."')
    record = database_record(db, lib, "The Bearded Teakeeper", paragraph)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    assert executable_by(ab) is not None
    got = _granted(ab, "{2}, {T}, Sacrifice this artifact: It deals 2 damage to target opponent.")
    assert got["cost"] == "{2}, {T}, Sacrifice this artifact" and got["one_shot"] == [{"op": "damage", "amount": 2}]


def test_lose_life_unless_you_sacrifice():
    """118.12, 701.21a: Withercrown's quoted ability (its paragraph, 'Enchanted creature has base power 0 and has "..."',
    is not read: the base power alone), read as a paragraph of its own."""
    [ab] = oneshot.read(bare("At the beginning of your upkeep, you lose 1 life unless you sacrifice this creature.", ""))
    assert ab["one_shot"] == _unless(SELF_SACRIFICE, {"op": "lose_life", "amount": 1, "who": "you"})


# near misses: words the vocabulary or the loop can't say, or that mean something else
NOT_READ = [
    # "that player" after damage that may be dealt to a planeswalker
    "Whenever this creature deals combat damage to a player or planeswalker, that player discards a card.",
    # "that many" of no trigger that gives an amount
    "Whenever this creature attacks, put that many +1/+1 counters on it.",
    # "that many" counters on another object than the source
    "Whenever you gain life, put that many +1/+1 counters on target creature.",
    # "another" counter on another object than the source
    "Whenever this creature attacks, put another +1/+1 counter on target creature.",
    # "unless you pay ... life" on a target, on "it"
    "At the beginning of your upkeep, tap target creature unless you pay 1 life.",
    "Whenever this creature attacks, sacrifice it unless you pay 1 life.",
    "At the beginning of your upkeep, destroy target creature unless you pay {1}.",
    # "that token" with no token created before it, or a target called a token
    "Whenever this creature attacks, sacrifice that token at end of combat.",
    "Whenever this creature attacks, tap target creature. Exile that token at end of combat.",
    "Whenever this creature attacks, tap target creature. Exile that token at the beginning of the next end step.",
    # one token named, two created
    "Whenever this creature attacks, create two 1/1 white Spirit creature tokens that are tapped and attacking. Exile "
    "that token at end of combat.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
