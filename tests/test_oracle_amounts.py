"""Counted amounts of damage (engine/vocab/oracle/quantity.lark, the quantity any family may name, read by
engine/vocab/oracle/quantity.py; oneshot.lark's block "counted amounts of damage (issue 21)", reader
engine/vocab/oracle/oneshot_amtdmg.py): "~ deals damage to target creature equal to the number of lands you control",
"~ deals damage equal to Q to T", "~ deals X damage to T, where X is Q" (107.3), "When this creature dies, it deals
damage equal to its power to any target" (the source's power as it last existed, 608.2h), "Target creature deals
damage to itself equal to its power" - the vocabulary's DealDamage amount (engine/vocab/amount.py), determined once
as the spell or ability resolves (608.2h; engine/game/amounts.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/608-2h-damage-equal-to-the-number-counted-as-it-
resolves.yaml, 608-2h-damage-equal-to-its-power-as-it-last-existed.yaml, 122-1-damage-equal-to-the-counters-on-it.yaml,
608-2h-damage-equal-to-the-sacrificed-creatures-power.yaml, 608-2h-counter-then-that-creature-deals-damage-equal-to-
its-power.yaml, 208-1-damage-equal-to-twice-its-power.yaml, 402-1-damage-equal-to-the-cards-in-that-players-hand.yaml,
608-2h-x-damage-and-you-gain-x-life.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import compiled_ability, db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
LANDS = {'count': {'types': ['Land'], 'controller': 'you'}}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph; an activated
# ability's cost and effect: the compiler's)
EXAMPLES = [
    ('Ground Assault', 'Ground Assault deals damage to target creature equal to the number of lands you control.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'one_shot': [{'op': 'damage', 'amount': LANDS}]}),
    ('Fire Dragon',
     'When this creature enters, it deals damage to target creature equal to the number of Mountains you control.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'targets': [{'what': 'creature'}],
      'one_shot': [{'op': 'damage', 'amount': {'count': {'subtypes': ['Mountain'], 'controller': 'you'}}}]}),
    ('Cat-Gator', 'When this creature enters, it deals damage equal to the number of Swamps you control to any target.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'targets': [{'what': 'any'}],
      'one_shot': [{'op': 'damage', 'amount': {'count': {'subtypes': ['Swamp'], 'controller': 'you'}}}]}),
    ('Daru Stinger', '{T}: This creature deals damage equal to the number of +1/+1 counters on it to target attacking or '
     'blocking creature.',
     {'kind': 'activated', 'loyalty': False,
      'targets': [{'what': 'creature', 'quality': {'any_of': [{'attacking': True}, {'blocking': True}]}}],
      'one_shot': [{'op': 'damage', 'amount': {'count': {'self': True}, 'counters': '+1/+1'}}]}),
    ('Cyclops Electromancer',
     'When this creature enters, it deals X damage to target creature an opponent controls, where X is the number of '
     'instant and sorcery cards in your graveyard.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'targets': [{'what': 'creature', 'controller': 'opponent'}],
      'one_shot': [{'op': 'damage', 'amount': {'count': {'zone': 'graveyard', 'owner': 'you',
                                                         'any_types': ['Instant', 'Sorcery']}}}]}),
    ('Armageddon Clock',
     'At the beginning of your draw step, this artifact deals damage equal to the number of doom counters on it to '
     'each player.',
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'draw', 'whose': 'you'},
      'one_shot': [{'op': 'damage', 'amount': {'count': {'self': True}, 'counters': 'doom'}, 'to': 'each_player'}]}),
    ('Cacophony Scamp', 'When this creature dies, it deals damage equal to its power to any target.',
     {'kind': 'triggered', 'trigger': {'event': 'dies'}, 'targets': [{'what': 'any'}],
      'one_shot': [{'op': 'damage', 'amount': 'power'}]}),
    ('Flaming Tyrannosaurus', 'When this creature dies, it deals damage equal to its power to each opponent.',
     {'kind': 'triggered', 'trigger': {'event': 'dies'},
      'one_shot': [{'op': 'damage', 'amount': 'power', 'to': 'each_opponent'}]}),
    ('Fling', "Fling deals damage equal to the sacrificed creature's power to any target.",
     {'kind': 'spell', 'targets': [{'what': 'any'}], 'one_shot': [{'op': 'damage', 'amount': {'sacrificed': 'power'}}]}),
    ('Bosh, Iron Golem', "{3}{R}, Sacrifice an artifact: Bosh deals damage equal to the sacrificed artifact's mana value "
     "to any target.",
     {'kind': 'activated', 'loyalty': False, 'targets': [{'what': 'any'}], 'one_shot': [{'op': 'damage', 'amount': {'sacrificed': 'mana_value'}}]}),
    ('Felling Blow', 'Put a +1/+1 counter on target creature you control. Then that creature deals damage equal to its '
     'power to target creature an opponent controls.',
     {'kind': 'spell', 'targets': [{'what': 'creature', 'controller': 'you'}, {'what': 'creature', 'controller': 'opponent'}],
      'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1},
                   {'op': 'damage', 'amount': 'power', 'by': 1, 'target': 2}]}),
    ('Thing Swing', 'Target creature you control deals damage equal to twice its power to target creature an opponent '
     'controls.',
     {'kind': 'spell', 'targets': [{'what': 'creature', 'controller': 'you'}, {'what': 'creature', 'controller': 'opponent'}],
      'one_shot': [{'op': 'damage', 'amount': {'power': 'dealer', 'times': 2}, 'by': 1, 'target': 2}]}),
    ('Sudden Impact', "Sudden Impact deals damage to target player equal to the number of cards in that player's hand.",
     {'kind': 'spell', 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'damage', 'amount': {'cards_in_hand': 'recipient'}}]}),
    ('Tendrils of Corruption', 'Tendrils of Corruption deals X damage to target creature and you gain X life, where X is '
     'the number of Swamps you control.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}],
      'one_shot': [{'op': 'damage', 'amount': {'count': {'subtypes': ['Swamp'], 'controller': 'you'}}},
                   {'op': 'gain_life', 'amount': {'count': {'subtypes': ['Swamp'], 'controller': 'you'}}, 'who': 'you'}]}),
    ('Reclusive Artificer', 'When this creature enters, you may have it deal damage to target creature equal to the '
     'number of artifacts you control.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'targets': [{'what': 'creature'}],
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'damage', 'amount': {
          'count': {'types': ['Artifact'], 'controller': 'you'}}}]}]}),
    ('Inner Struggle', 'Target creature deals damage to itself equal to its power.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'one_shot': [{'op': 'damage', 'amount': 'power', 'by': 1}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    if expected['kind'] == 'activated':  # (its cost and effect as the compiler keeps them)
        ab = compiled_ability(record, paragraph)
        assert ab == ABILITY.validate_python(dict(expected, cost=ab.cost, effect=ab.effect))
        return
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_quantities():
    """quantity.lark: twice, N plus, the greatest power or mana value, cards in your hand."""
    def amount(text):
        [ab] = oneshot.read(bare(text, "Foo"))
        [op] = ab["one_shot"]
        return op["amount"]
    assert amount("Foo deals damage to any target equal to twice the number of Goblins you control.") == {
        'count': {'subtypes': ['Goblin'], 'controller': 'you'}, 'times': 2}
    assert amount("Foo deals X damage to any target, where X is 2 plus the number of Goblins you control.") == {
        'count': {'subtypes': ['Goblin'], 'controller': 'you'}, 'plus': 2}
    assert amount("Foo deals X damage to target creature, where X is the greatest power among creatures you "
                  "control.") == {'greatest': 'power', 'of': {'types': ['Creature'], 'controller': 'you'}}
    assert amount("Foo deals damage to target player equal to the number of cards in your hand.") == {
        'count': {'zone': 'hand', 'owner': 'you'}}


# near misses: a part the vocabulary or the loop can't say, or an "it" that may be another object than the source
NOT_READ = [
    "Foo deals damage to target creature equal to its power.",  # "its": the target's or the source's?
    "Foo deals damage to target creature equal to the number of +1/+1 counters on it.",  # "it": the target?
    "Foo deals damage to any target equal to the number of cards in that player's hand.",  # (any target: no player)
    "Foo deals damage to each opponent equal to the number of cards in their hand.",  # (each its own: not read)
    "Foo deals damage to each player equal to the number of lands they control.",
    "Whenever a creature you control dies, it deals damage equal to its power to any target.",  # "it": that creature
    # "the sacrificed creature": no one object sacrificed to pay the cost
    "Sacrifice a creature. Foo deals damage equal to the sacrificed creature's power to any target.",
    "{R}, Sacrifice this creature: Foo deals damage equal to the sacrificed creature's power to any target.",
    "When this creature dies, it deals damage equal to the sacrificed creature's power to any target.",
    "Foo deals X damage to any target, where X is the number of creatures you control with power 2 or less.",
    "Each creature deals damage to itself equal to its power.",
    "Target creature you control deals damage equal to twice its power to each creature you don't control.",
    "Whenever another creature dies, you may have it deal damage to target creature equal to the number of artifacts "
    "you control.",  # ("it": that creature, after "you may have": not read)
    "Foo deals X damage to any target and you gain X life, where X is the greatest power among creatures you control.",
    "Destroy target creature. Then that creature deals damage equal to its power to any target.",  # (it has left)
    # the source sacrificed or dead: the counters on it as it last existed (608.2h), which the loop doesn't keep
    "{4}, Sacrifice this artifact: This artifact deals damage equal to the number of charge counters on it to any target.",
    "When this creature dies, it deals damage equal to the number of +1/+1 counters on it to any target.",
    "Target creature you control gets +1/+1 until end of turn. It deals damage equal to its power to each opponent.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "Foo")) is None
