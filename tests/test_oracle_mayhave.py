"""Family 5's "you may have [object or player] [instruction]" (engine/vocab/oracle/mayhave.lark, reader
engine/vocab/oracle/oneshot_mayhave.py; 608.2d): the instruction whose agent is the object or player named after
"have" (it deals the damage, 120.3; the target player discards, mills or loses the life), read by the family's own
templates, done only if the ability's controller chooses to as it resolves -> {op: may, one_shot: [...]}; an
instruction whose effect is a continuous one -> {op: may, one_shot: [{op: create_effect}]} and the ability's
`continuous` (611.2: created only if they choose to, engine/game/paycost.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/608-2d-you-may-have-it-deal-damage.yaml,
608-2d-you-may-have-target-creature-get.yaml, 608-2d-you-may-have-target-opponent-discard.yaml,
603-2-you-may-have-that-player-lose-life.yaml, 608-2d-you-may-have-target-opponent-sacrifice.yaml,
608-2d-you-may-have-target-creature-block.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oneshot_paycost import creates_effect
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
EFFECT = [{'op': 'may', 'one_shot': [{'op': 'create_effect'}]}]


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Goblin Arsonist',
     'When this creature dies, you may have it deal 1 damage to any target.',
     {'kind': 'triggered', 'targets': [{'what': 'any'}], 'trigger': {'event': 'dies'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'damage', 'amount': 1}]}]}),
    ('Ruination Rioter',  # 608.2h: "it", the source as it last existed (a counted amount: oneshot_amtdmg.py)
     'When this creature dies, you may have it deal damage to any target equal to the number of land cards in your '
     'graveyard.',
     {'kind': 'triggered', 'targets': [{'what': 'any'}], 'trigger': {'event': 'dies'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'damage', 'amount': {'count': {'zone': 'graveyard', 'owner': 'you',
                                                                                     'types': ['Land']}}}]}]}),
    ('Kyren Sniper',
     'At the beginning of your upkeep, you may have this creature deal 1 damage to target player or planeswalker.',
     {'kind': 'triggered', 'targets': [{'what': 'player_or_planeswalker'}],
      'trigger': {'at_beginning_of': 'upkeep', 'whose': 'you'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'damage', 'amount': 1}]}]}),
    ('Brutal Nightstalker',
     'When this creature enters, you may have target opponent discard a card.',
     {'kind': 'triggered', 'targets': [{'what': 'player', 'controller': 'opponent'}], 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'discard', 'amount': 1, 'who': 'target'}]}]}),
    ('Predatory Nightstalker',  # (the base form after "have": os_edict's third-person reading)
     'When this creature enters, you may have target opponent sacrifice a creature of their choice.',
     {'kind': 'triggered', 'targets': [{'what': 'player', 'controller': 'opponent'}], 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'sacrifice', 'what': {'types': ['Creature']}, 'who': 'target'}]}]}),
    ('Nath of the Gilt-Leaf',
     'At the beginning of your upkeep, you may have target opponent discard a card at random.',
     {'kind': 'triggered', 'targets': [{'what': 'player', 'controller': 'opponent'}],
      'trigger': {'at_beginning_of': 'upkeep', 'whose': 'you'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'discard_random', 'amount': 1, 'who': 'target'}]}]}),
    ('Extractor Demon',
     'Whenever another creature leaves the battlefield, you may have target player mill two cards.',
     {'kind': 'triggered', 'targets': [{'what': 'player'}],
      'trigger': {'event': 'leaves_battlefield', 'subjects': {'other': True, 'types': ['Creature']}},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'mill', 'amount': 2, 'who': 'target'}]}]}),
    ('Faerie Tauntings',
     "Whenever you cast a spell during an opponent's turn, you may have each opponent lose 1 life.",
     {'kind': 'triggered', 'trigger': {'event': 'cast', 'during': 'opponent_turn'},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'lose_life', 'amount': 1, 'who': 'each_opponent'}]}]}),
    ('Slavering Nulls',
     'Whenever this creature deals combat damage to a player, if you control a Swamp, you may have that player discard '
     'a card.',
     {'kind': 'triggered', 'trigger': {'event': 'deals_damage', 'combat': True, 'to_player': True},
      'if_condition': {'count': {'subtypes': ['Swamp'], 'controller': 'you'}, 'at_least': 1},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'discard', 'amount': 1, 'who': 'that_player'}]}]}),
    ('Blood Seeker',  # 603.2: "that player", the opponent who controls the creature that entered
     'Whenever a creature an opponent controls enters, you may have that player lose 1 life.',
     {'kind': 'triggered', 'trigger': {'event': 'enters', 'subjects': {'types': ['Creature'], 'controller': 'opponent'}},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'lose_life', 'amount': 1, 'who': 'that_player'}]}]}),
    ('Blightcaster',
     'Whenever you cast an enchantment spell, you may have target creature get -2/-2 until end of turn.',
     {'kind': 'triggered', 'targets': [{'what': 'creature'}],
      'trigger': {'event': 'cast', 'spells': {'types': ['Enchantment']}}, 'one_shot': EFFECT,
      'continuous': {'do': [{'op': 'modify_pt', 'power': -2, 'toughness': -2}]}}),
    ('Kinsbaile Balloonist',
     'Whenever this creature attacks, you may have target creature gain flying until end of turn.',
     {'kind': 'triggered', 'targets': [{'what': 'creature'}], 'trigger': {'event': 'attacks'}, 'one_shot': EFFECT,
      'continuous': {'do': [{'op': 'add_abilities', 'abilities': [{'keyword': 'flying'}]}]}}),
    ('Turntimber Basilisk',  # 509.1c: a requirement (os_blocks_source's), created only if chosen
     'Landfall — Whenever a land you control enters, you may have target creature block this creature this turn if '
     'able.',
     {'kind': 'triggered', 'targets': [{'what': 'creature'}], 'one_shot': EFFECT,
      'trigger': {'event': 'enters', 'subjects': {'types': ['Land'], 'controller': 'you'}},
      'combat': [{'rule': 'blocks_attacker', 'attackers': {'self': True}}]}),
    ('Akoum Battlesinger',
     'Whenever this creature or another Ally you control enters, you may have Ally creatures you control get +1/+0 '
     'until end of turn.',
     {'kind': 'triggered', 'one_shot': EFFECT,
      'trigger': {'event': 'enters', 'subjects': {'any_of': [{'self': True},
                                                             {'other': True, 'subtypes': ['Ally'], 'controller': 'you'}]}},
      'continuous': {'applies_to': {'subtypes': ['Ally'], 'types': ['Creature'], 'controller': 'you'},
                     'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 0}]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_the_effect_is_the_mays():
    """611.2, 608.2d: the ability's continuous effect is created by the may's create_effect only (the loop doesn't
    create it at the end of the resolution: engine/game/resolve.py)."""
    ab = ABILITY.validate_python(dict(EXAMPLES[10][2], text=EXAMPLES[10][1]))
    assert creates_effect(ab.one_shot)
    assert not creates_effect(ABILITY.validate_python(dict(EXAMPLES[0][2], text=EXAMPLES[0][1])).one_shot)


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "When this creature enters, you may have draw a card.",  # (no agent after "have": no such template)
    "Whenever a Beast you control enters, you may have it deal 4 damage to target opponent or planeswalker.",  # the Beast
    "Whenever another creature dies, you may have that creature deal 1 damage to any target.",  # another object's damage
    "Whenever another creature enters, you may have it get +1/+1 until end of turn.",  # "it": the other creature
    "When this creature enters, you may have target opponent sacrifice a creature.",  # (no "of their choice")
    "At the beginning of your upkeep, you may have target opponent discard a cards at random.",
    "Whenever this creature attacks, you may have it get +4/+0 until end of turn. If you do, sacrifice it at the "
    "beginning of the next end step.",  # 608.2c: "If you do" after a may of a continuous effect
    "When this creature enters, you may have target player mill two cards. If you do, draw a card.",
    "When this creature enters, you may have target opponent gain control of target land you control.",
    # "that player" of an entering permanent: only one an opponent controls (603.2)
    "Whenever a creature enters, you may have that player lose 1 life.",
    "Whenever a creature you control enters, you may have that player lose 1 life.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
