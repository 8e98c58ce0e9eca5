"""Family 5's reflexive triggered abilities and payments as it resolves (engine/vocab/oracle/oneshot.lark's sentence
"When you do, ..." and os_sacrifice's "sacrifice it unless you [do this]", reader engine/vocab/oracle/oneshot_reflexive.py):
"you may pay {2}. When you do, [effect]." (603.12: {op: reflexive_trigger} in the may's if_you_do, a triggered ability
of its own, its targets chosen as it is put on the stack), "sacrifice this creature unless you discard a card" (118.12,
608.2d: a may of the action, the sacrifice its otherwise).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/603-12-reflexive-pay-life-target-chosen-then.yaml,
603-12-reflexive-pay-mana-each-before-the-next.yaml, 118-12-sacrifice-it-unless-you-discard-or-sacrifice.yaml,
118-12-sacrifice-it-unless-you-discard-at-random.yaml, 118-12-sacrifice-it-unless-you-return-a-land.yaml,
118-12-that-player-loses-life-unless-they-pay.yaml (test_games.py).
"""

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
SELF = {"op": "sacrifice", "what": {"self": True}, "who": "you"}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _reflexive(first: dict, text: str, one_shot: list, targets: list | None = None) -> list:
    return [{"op": "may", "one_shot": [first], "if_you_do": [{"op": "reflexive_trigger", "text": text,
                                                              "targets": targets or [], "one_shot": one_shot}]}]


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Ruthless Lawbringer',
     'When this creature enters, you may sacrifice another creature. When you do, destroy target nonland permanent.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': _reflexive({'op': 'sacrifice', 'what': {'types': ['Creature'], 'other': True}, 'who': 'you'},
                             'When you do, destroy target nonland permanent.', [{'op': 'destroy'}],
                             [{'what': 'permanent', 'quality': {'not_types': ['Land']}}])}),
    ('Snaremaster Sprite',
     'When this creature enters, you may pay {2}. When you do, tap target creature an opponent controls and put a stun '
     'counter on it.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': _reflexive({'op': 'pay', 'cost': '{2}'}, 'When you do, tap target creature an opponent controls and '
                             'put a stun counter on it.', [{'op': 'tap'}, {'op': 'counters', 'kind': 'stun', 'amount': 1}],
                             [{'what': 'creature', 'controller': 'opponent'}])}),
    # 611.2: the reflexive ability's effect is the ability's continuous, created by its create_effect
    ('Ambulatory Edifice',
     'When this creature enters, you may pay 2 life. When you do, target creature gets -1/-1 until end of turn.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'continuous': {'do': [{'op': 'modify_pt', 'power': -1, 'toughness': -1}]},
      'one_shot': _reflexive({'op': 'pay_life', 'amount': 2}, 'When you do, target creature gets -1/-1 until end of '
                             'turn.', [{'op': 'create_effect'}], [{'what': 'creature'}])}),
    ('Labyrinth Adversary',
     "Whenever you attack, you may pay {1}{R}. When you do, target creature can't block this turn.",
     {'kind': 'triggered', 'trigger': {'event': 'attacks', 'subjects': {'types': ['Creature'], 'controller': 'you'},
                                       'once': True},
      'combat': [{'rule': 'cant_block'}],
      'one_shot': _reflexive({'op': 'pay', 'cost': '{1}{R}'}, "When you do, target creature can't block this turn.",
                             [{'op': 'create_effect'}], [{'what': 'creature'}])}),
    # 603.2: "that creature" is the creature the first ability's event was about
    ('Anointer of Valor',
     'Whenever a creature attacks, you may pay {3}. When you do, put a +1/+1 counter on that creature.',
     {'kind': 'triggered', 'trigger': {'event': 'attacks', 'subjects': {'types': ['Creature']}},
      'one_shot': _reflexive({'op': 'pay', 'cost': '{3}'}, 'When you do, put a +1/+1 counter on that creature.',
                             [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'that'}])}),
    ('Masticore',
     'At the beginning of your upkeep, sacrifice this creature unless you discard a card.',
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'upkeep', 'whose': 'you'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'discard', 'amount': 1, 'who': 'you'}], 'otherwise': [SELF]}]}),
    ('Balduvian Horde',
     'When this creature enters, sacrifice it unless you discard a card at random.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'discard_random', 'amount': 1, 'who': 'you'}], 'otherwise': [SELF]}]}),
    ('Lithophage',
     'At the beginning of your upkeep, sacrifice this creature unless you sacrifice a Mountain.',
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'upkeep', 'whose': 'you'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'sacrifice', 'what': {'subtypes': ['Mountain']}, 'who': 'you'}],
                    'otherwise': [SELF]}]}),
    ("Crosis's Catacombs",
     "When this land enters, sacrifice it unless you return a non-Lair land you control to its owner's hand.",
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'return_chosen', 'what': {'types': ['Land'], 'not_subtypes': ['Lair']},
                                               'who': 'you'}], 'otherwise': [SELF]}]}),
    # 118.12, 603.2: the player who cast the spell may pay; only if they don't, the instruction on them happens
    ('Isolation Cell',
     'Whenever an opponent casts a creature spell, that player loses 2 life unless they pay {2}.',
     {'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'types': ['Creature']}, 'player': 'opponent'},
      'one_shot': [{'op': 'unless_pays', 'who': 'that_player', 'cost': '{2}',
                    'one_shot': [{'op': 'lose_life', 'amount': 2, 'who': 'that_player'}]}]}),
    ('Soul Barrier',
     'Whenever an opponent casts a creature spell, this enchantment deals 2 damage to that player unless they pay {2}.',
     {'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'types': ['Creature']}, 'player': 'opponent'},
      'one_shot': [{'op': 'unless_pays', 'who': 'that_player', 'cost': '{2}',
                    'one_shot': [{'op': 'damage', 'amount': 2, 'to': 'that_player'}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_reflexive_targets_are_its_own():
    """603.12, 603.3d: the first ability has no target; the reflexive one's are numbered from 1 (a target of the first
    ability and one of the reflexive ability are chosen at different times)."""
    [ab] = oneshot.read(bare("Whenever this creature attacks, you may pay {2}{W}. When you do, tap target creature.", ""))
    assert "targets" not in ab
    [reflex] = ab["one_shot"][0]["if_you_do"]
    assert reflex["targets"] == [{"what": "creature"}] and reflex["one_shot"] == [{"op": "tap"}]


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    # "When you do" after an instruction that isn't optional, or after "If you do"
    "Whenever this creature attacks, put a +1/+1 counter on it. When you do, draw a card.",
    "When this creature enters, you may pay {1}. If you do, draw a card. When you do, you gain 2 life.",
    # "that creature" of the sacrificed creature (not the trigger's)
    "When this creature enters, you may sacrifice another creature. When you do, this creature deals damage equal to "
    "that creature's power to any target.",
    # X of an ability
    "Whenever this creature attacks, you may pay {X}. When you do, target creature gets -X/-0 until end of turn.",
    # a discard of a kind of card (the discard op has no card filter)
    "When this creature enters, sacrifice it unless you discard a creature card.",
    # "it" after a target, or of a source that left
    "When this creature enters, tap target creature. Sacrifice it unless you discard a card.",
    "When this creature dies, sacrifice it unless you discard a card.",
    "When this creature enters, sacrifice it unless you sacrifice another creature.",
    # "that player" of no trigger that names one; "unless they pay" of another instruction
    "When this creature enters, that player loses 2 life unless they pay {2}.",
    "Whenever a player draws a card, that player loses 2 life unless they pay {2}.",
    "Whenever an opponent casts a creature spell, that player discards a card unless they pay {2}.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
