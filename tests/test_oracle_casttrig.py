"""Family 5's cast triggers with more spell qualities (engine/vocab/oracle/oneshot.lark's block "cast triggers: more
spell qualities (issue 21)", reader engine/vocab/oracle/oneshot_castq.py): "Whenever you cast an instant, sorcery, or
Wizard spell" (SpellQuality any_of), "... your first enchantment spell each turn" (CastTrigger nth among the spells the
quality names), "... a kicked spell" (702.33d), "... a legendary spell" (205.4a), "... a spell of the chosen color"
(614.12), "... a spell from your graveyard", "... from anywhere other than your hand", "... a creature spell with mana
value 3 or less" (202.3), "... an Eldrazi creature spell", "... a creature spell that has an Adventure" (715.2).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/603-2-cast-first-enchantment-spell-each-
turn.yaml, 603-2-cast-noncreature-or-dragon-spell.yaml, 702-33d-cast-a-kicked-spell.yaml, 601-2i-cast-a-spell-from-your-
graveyard.yaml, 614-12-cast-spell-of-chosen-color-legendary.yaml, 105-1-cast-a-nonred-spell.yaml, 715-2-cast-creature-spell-that-has-an-adventure.yaml.
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
DRAW = [{'op': 'draw', 'amount': 1, 'who': 'you'}]


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _trig(trigger, one_shot, **more):
    return {'kind': 'triggered', 'one_shot': one_shot, 'trigger': {'event': 'cast', **trigger}, **more}


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Tuvasa the Sunlit', 'Whenever you cast your first enchantment spell each turn, draw a card.',
     _trig({'nth': 1, 'spells': {'types': ['Enchantment']}}, DRAW)),
    ('Rodeo Pyromancers', 'Whenever you cast your first spell each turn, add {R}{R}.',
     _trig({'nth': 1}, [{'op': 'add_mana', 'mana': '{R}{R}'}])),
    ('Burning Vengeance', 'Whenever you cast a spell from your graveyard, this enchantment deals 2 damage to any target.',
     _trig({'from_zone': 'graveyard'}, [{'op': 'damage', 'amount': 2}], targets=[{'what': 'any'}])),
    ('Vega, the Watcher', 'Whenever you cast a spell from anywhere other than your hand, draw a card.',
     _trig({'from_zone': 'not_hand'}, DRAW)),
    ("Lullmage's Familiar", 'Whenever you cast a kicked spell, you gain 2 life.',
     _trig({'kicked': True}, [{'op': 'gain_life', 'amount': 2, 'who': 'you'}])),
    ('Reki, the History of Kamigawa', 'Whenever you cast a legendary spell, draw a card.',
     _trig({'spells': {'supertypes': ['Legendary']}}, DRAW)),
    ('Firespitter Whelp', 'Whenever you cast a noncreature or Dragon spell, this creature deals 1 damage to each opponent.',
     _trig({'spells': {'any_of': [{'not_types': ['Creature']}, {'subtypes': ['Dragon']}]}},
           [{'op': 'damage', 'amount': 1, 'to': 'each_opponent'}])),
    ('Rockslide Sorcerer',
     'Whenever you cast an instant, sorcery, or Wizard spell, this creature deals 1 damage to any target.',
     _trig({'spells': {'any_of': [{'types': ['Instant', 'Sorcery']}, {'subtypes': ['Wizard']}]}},
           [{'op': 'damage', 'amount': 1}], targets=[{'what': 'any'}])),
    ("God-Pharaoh's Faithful", 'Whenever you cast a blue, black, or red spell, you gain 1 life.',
     _trig({'spells': {'colors': ['blue', 'black', 'red']}}, [{'op': 'gain_life', 'amount': 1, 'who': 'you'}])),
    ('Sram, Senior Edificer', 'Whenever you cast an Aura, Equipment, or Vehicle spell, draw a card.',
     _trig({'spells': {'subtypes': ['Aura', 'Equipment', 'Vehicle']}}, DRAW)),
    ('Diamond Knight', 'Whenever you cast a spell of the chosen color, put a +1/+1 counter on this creature.',
     _trig({'spells': {'chosen_color': True}}, [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}])),
    ('Door of Destinies', 'Whenever you cast a spell of the chosen type, put a charge counter on this artifact.',
     _trig({'spells': {'chosen_creature_type': True}}, [{'op': 'counters', 'kind': 'charge', 'amount': 1, 'to': 'self'}])),
    ('Curse of Wizardry', 'Whenever a player casts a spell of the chosen color, that player loses 1 life.',
     _trig({'spells': {'chosen_color': True}, 'player': 'any'}, [{'op': 'lose_life', 'amount': 1, 'who': 'that_player'}])),
    ('Paradise Plume', 'Whenever a player casts a spell of the chosen color, you may gain 1 life.',
     _trig({'spells': {'chosen_color': True}, 'player': 'any'},
           [{'op': 'may', 'one_shot': [{'op': 'gain_life', 'amount': 1, 'who': 'you'}]}])),
    ('Dwarven Patrol', 'Whenever you cast a nonred spell, untap this creature.',
     _trig({'spells': {'not_colors': ['red']}}, [{'op': 'untap', 'what': 'self'}])),
    ('Soot Imp', 'Whenever a player casts a nonblack spell, that player loses 1 life.',
     _trig({'spells': {'not_colors': ['black']}, 'player': 'any'}, [{'op': 'lose_life', 'amount': 1, 'who': 'that_player'}])),
    ('Chimeric Egg', 'Whenever an opponent casts a nonartifact spell, put a charge counter on this artifact.',
     _trig({'spells': {'not_types': ['Artifact']}, 'player': 'opponent'},
           [{'op': 'counters', 'kind': 'charge', 'amount': 1, 'to': 'self'}])),
    ('Bygone Bishop', 'Whenever you cast a creature spell with mana value 3 or less, investigate.',
     _trig({'spells': {'types': ['Creature'], 'max_mana_value': 3}}, [{'op': 'create_token', 'token': 'Clue', 'amount': 1}])),
    ("Emrakul's Influence", 'Whenever you cast an Eldrazi creature spell with mana value 7 or greater, draw two cards.',
     _trig({'spells': {'types': ['Creature'], 'subtypes': ['Eldrazi'], 'min_mana_value': 7}},
           [{'op': 'draw', 'amount': 2, 'who': 'you'}])),
    ('Edgewall Innkeeper', 'Whenever you cast a creature spell that has an Adventure, draw a card.',
     _trig({'spells': {'types': ['Creature']}, 'adventurer': True}, DRAW)),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_list_trigger_ends_at_the_list():
    """The trigger's own commas ("an instant, sorcery, or Wizard spell") are not the comma that ends it (603.1)."""
    [ab] = oneshot.read(bare("Whenever you cast your first instant, sorcery, or Villain spell each turn, draw a card.", ""))
    assert ab["trigger"] == {"event": "cast", "nth": 1,
                             "spells": {"any_of": [{"types": ["Instant", "Sorcery"]}, {"subtypes": ["Villain"]}]}}
    assert ab["one_shot"] == DRAW


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Whenever you cast a instant, sorcery, or Wizard spell, draw a card.",  # the article
    "Whenever you cast an spell of the chosen color, draw a card.",
    "Whenever you cast an nonred spell, untap this creature.",  # the article
    "Whenever you cast a nonland spell, untap this creature.",
    "Whenever you cast a spell of the chosen name, draw a card.",
    "Whenever you cast your fourth spell each turn, draw a card.",
    "Whenever you cast a spell other than your first spell each turn, draw a card.",
    "Whenever you cast an instant spell during your main phase, draw a card.",
    "Whenever you cast a spell from exile, draw a card.",
    "Whenever an opponent casts a legendary spell, draw a card.",  # (only "you cast" here)
    "Whenever a player casts a spell with mana value 3 or less, this creature deals 2 damage to that spell's controller.",
    "Whenever you cast an Adventure spell, draw a card.",  # (cast as its Adventure: not read)
    "Whenever you cast a noncreature spell or a Dragon spell, draw a card.",
    "Whenever you cast an instant, sorcery, or Wizard spell, draw a card, or else.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
