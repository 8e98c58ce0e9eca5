"""Family 5's instructions on every permanent a selector matches, and the number of permanents such an instruction
moved (engine/vocab/oracle/oneshot_mass.lark, reader engine/vocab/oracle/oneshot_mass.py; 608.2c, 608.2h): "Exile all
creatures." (701.13a: {op: exile_each}), "Return all creatures to their owners' hands." (400.3: {op: return_each}),
"You gain 1 life for each creature destroyed this way." after "Destroy all creatures." (the amount {this_way:
destroyed}: the permanents the instruction before moved from the battlefield, engine/game/mass_ops.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/608-2h-destroyed-this-way-fumigate.yaml,
701-13a-exile-all-return-all.yaml, 404-2-exile-all-creature-cards-from-your-graveyard.yaml and
115-1-all-creatures-target-opponent-controls.yaml, 115-1-tap-all-creatures-target-opponent-controls.yaml
(test_games.py).
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
CREATURES = {'types': ['Creature']}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Final Judgment', 'Exile all creatures.',
     {'kind': 'spell', 'one_shot': [{'op': 'exile_each', 'what': CREATURES}]}),
    ('Farewell', '• Exile all enchantments.',
     {'kind': 'spell', 'one_shot': [{'op': 'exile_each', 'what': {'types': ['Enchantment']}}]}),
    ('False Prophet', 'When this creature dies, exile all creatures.',
     {'kind': 'triggered', 'one_shot': [{'op': 'exile_each', 'what': CREATURES}], 'trigger': {'event': 'dies'}}),
    ('Evacuation', "Return all creatures to their owners' hands.",
     {'kind': 'spell', 'one_shot': [{'op': 'return_each', 'what': CREATURES}]}),
    ('Filter Out', "Return all noncreature, nonland permanents to their owners' hands.",
     {'kind': 'spell', 'one_shot': [{'op': 'return_each', 'what': {'not_types': ['Creature', 'Land']}}]}),
    ('Part the Veil', "Return all creatures you control to their owner's hand.",
     {'kind': 'spell', 'one_shot': [{'op': 'return_each', 'what': {'types': ['Creature'], 'controller': 'you'}}]}),
    ('Zombie Mob', 'When this creature enters, exile all creature cards from your graveyard.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'exile_each', 'what': {'zone': 'graveyard', 'types': ['Creature'], 'owner': 'you'}}]}),
    ('Saprazzan Bailiff', 'When this creature enters, exile all artifact and enchantment cards from all graveyards.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'exile_each', 'what': {'zone': 'graveyard', 'any_types': ['Artifact', 'Enchantment']}}]}),
    ('Saprazzan Bailiff', "When this creature leaves the battlefield, return all artifact and enchantment cards from all "
                          "graveyards to their owners' hands.",
     {'kind': 'triggered', 'trigger': {'event': 'leaves_battlefield'},
      'one_shot': [{'op': 'return_each', 'what': {'zone': 'graveyard', 'any_types': ['Artifact', 'Enchantment']}}]}),
    ('Rain of Daggers', 'Destroy all creatures target opponent controls. You lose 2 life for each creature destroyed '
                        'this way.',
     {'kind': 'spell', 'targets': [{'what': 'player', 'controller': 'opponent'}],
      'one_shot': [{'op': 'destroy', 'what': 'each', 'each': {'types': ['Creature'], 'controller': 'you'},
                    'player_target': True},
                   {'op': 'lose_life', 'amount': {'this_way': 'destroyed', 'times': 2}, 'who': 'you'}]}),
    ("River's Rebuke", "Return all nonland permanents target player controls to their owner's hand.",
     {'kind': 'spell', 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'return_each', 'what': {'not_types': ['Land'], 'controller': 'you'}, 'player_target': True}]}),
    ('Tempest Caller', 'When this creature enters, tap all creatures target opponent controls.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'targets': [{'what': 'player', 'controller': 'opponent'}],
      'one_shot': [{'op': 'tap_each', 'what': {'types': ['Creature'], 'controller': 'you'}, 'player_target': True}]}),
    ('Crypt Incursion', "Exile all creature cards from target player's graveyard. You gain 3 life for each card exiled "
                        "this way.",
     {'kind': 'spell', 'targets': [{'what': 'player'}],
      'one_shot': [{'op': 'exile_each', 'what': {'zone': 'graveyard', 'types': ['Creature'], 'owner': 'you'},
                    'player_target': True},
                   {'op': 'gain_life', 'amount': {'this_way': 'exiled', 'times': 3}, 'who': 'you'}]}),
    ('Fumigate', 'Destroy all creatures. You gain 1 life for each creature destroyed this way.',
     {'kind': 'spell', 'one_shot': [{'op': 'destroy', 'what': 'each_creature'},
                                    {'op': 'gain_life', 'amount': {'this_way': 'destroyed', 'times': 1}, 'who': 'you'}]}),
    ('Fracturing Gust', 'Destroy all artifacts and enchantments. You gain 2 life for each permanent destroyed this way.',
     {'kind': 'spell', 'one_shot': [{'op': 'destroy', 'what': 'each', 'each': {'any_types': ['Artifact', 'Enchantment']}},
                                    {'op': 'gain_life', 'amount': {'this_way': 'destroyed', 'times': 2}, 'who': 'you'}]}),
    ('Decree of Pain', 'Destroy all creatures. They can\'t be regenerated. Draw a card for each creature destroyed this way.',
     {'kind': 'spell', 'one_shot': [{'op': 'destroy', 'what': 'each_creature', 'regenerate': False},
                                    {'op': 'draw', 'amount': {'this_way': 'destroyed', 'times': 1}, 'who': 'you'}]}),
    ('Whiptongue Hydra', 'When this creature enters, destroy all creatures with flying. Put a +1/+1 counter on this '
                         'creature for each creature destroyed this way.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'one_shot': [{'op': 'destroy', 'what': 'each', 'each': {'types': ['Creature'], 'keywords': ['flying']}},
                   {'op': 'counters', 'kind': '+1/+1', 'amount': {'this_way': 'destroyed', 'times': 1}, 'to': 'self'}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_this_way_needs_the_instruction_before():
    """608.2c: "destroyed this way" counts what the destroy right before it did; the verb and the noun must say it."""
    [ab] = oneshot.read(bare("Destroy all creatures you control. Draw a card for each creature destroyed this way.", ""))
    assert ab["one_shot"][1]["amount"] == {"this_way": "destroyed", "times": 1}
    assert oneshot.read(bare("Exile all creatures. Draw a card for each creature exiled this way.", ""))[0][
        "one_shot"][1]["amount"] == {"this_way": "exiled", "times": 1}


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "You gain 1 life for each creature destroyed this way.",  # no instruction before it
    "Exile all creatures. You gain 1 life for each creature destroyed this way.",  # exiled, not destroyed
    "Destroy all creatures. You gain 1 life for each artifact destroyed this way.",  # a part of them (or others)
    "Destroy all creatures. For each nontoken creature destroyed this way, you create a tapped Treasure token.",
    "Destroy all creatures. Draw a card for each creature you control destroyed this way.",  # a part of them
    "Destroy target creature. You gain 1 life for each creature destroyed this way.",  # not a set (reads "that")
    "Exile all creature cards from target player's graveyard in a face-down pile.",
    "Destroy all creatures. You gain 1 life for each card destroyed this way.",  # cards: of a graveyard's
    "Exile all creatures. You gain 1 life for each card exiled this way.",
    "Return all creature cards from your graveyard to the battlefield.",  # (entering at once: not said)
    "Exile all creature cards from your graveyard. You gain 1 life for each creature exiled this way.",  # cards
    "Destroy all creatures target opponent controls. Draw a card for each creature you control destroyed this way.",
    # "this way" where no instruction's amount counts it (a payment, a continuous effect)
    "Destroy all creatures. Counter target spell unless its controller pays {1} for each creature destroyed this way.",
    "Exile all creatures. Target creature gets +1/+1 until end of turn for each creature exiled this way.",
    "Destroy all creatures you control target player controls.",  # two controllers
    "Destroy all creatures target creature controls.",  # not a target player
    "Exile all creatures and Spacecraft.",  # a noun the selectors don't have
    "Exile all creatures with power 5 or greater until this artifact leaves the battlefield.",
    "Return all creatures to their owners' hands except for Krakens, Leviathans, Octopuses, and Serpents.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
