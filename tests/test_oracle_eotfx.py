"""Family 5's continuous effects until end of turn with several changes (engine/vocab/oracle/oneshot_eotfx.lark, reader
engine/vocab/oracle/oneshot_eotfx.py): "Until end of turn, target creature gets +2/+0 and gains "..."" (611.2, 611.2c;
613.1f: a quoted ability granted whole, which the game loop triggers or activates for the object that has it), "loses
flying", "loses all abilities and has base power and toughness 0/1" (613.1f, 613.4b), "becomes colorless" (613.1e),
"becomes a blue Serpent with base power and toughness 5/5" (205.1a, 613.1d), "Target land becomes an Island" (305.7), and
"When this creature dies, return it to the battlefield tapped under its owner's control" (603.10a, 400.7: the card the
source became).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/613-1f-humble-loses-all-abilities-until-
end-of-turn.yaml, 514-2-humble-ends-in-cleanup.yaml, 613-1f-loses-defender-and-gains-flying.yaml,
613-1d-serpentine-ambush.yaml, 305-7-target-land-becomes-an-island.yaml, 613-1e-becomes-colorless-until-end-of-turn.yaml,
613-1f-granted-dies-trigger-returns-it-tapped.yaml, 613-1f-granted-activated-bounce.yaml,
608-2h-chorus-of-might-counted-pump-and-trample.yaml, 205-1b-elves-become-dinosaurs-in-addition.yaml,
611-2a-memnarch-artifact-indefinitely.yaml.
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
CREATURE = [{'what': 'creature'}]
YOURS = {'types': ['Creature'], 'controller': 'you'}
RETURN_TAPPED = "When this creature dies, return it to the battlefield tapped under its owner's control."


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Humble', 'Until end of turn, target creature loses all abilities and has base power and toughness 0/1.',
     {'kind': 'spell', 'targets': CREATURE,
      'continuous': {'do': [{'op': 'lose_all_abilities'}, {'op': 'set_base_pt', 'power': 0, 'toughness': 1}]}}),
    ('Gargoyle Sentinel', '{3}: Until end of turn, this creature loses defender and gains flying.',
     {'kind': 'activated', 'continuous': {'applies_to': {'self': True}, 'do': [
         {'op': 'lose_abilities', 'keywords': ['defender']},
         {'op': 'add_abilities', 'abilities': [{'keyword': 'flying'}]}]}}),
    ('Serpentine Ambush',
     'Until end of turn, target creature becomes a blue Serpent with base power and toughness 5/5.',
     {'kind': 'spell', 'targets': CREATURE, 'continuous': {'do': [
         {'op': 'set_creature_types', 'subtypes': ['Serpent']}, {'op': 'set_colors', 'colors': ['blue']},
         {'op': 'set_base_pt', 'power': 5, 'toughness': 5}]}}),
    ('Raging Spirit', '{2}: This creature becomes colorless until end of turn.',
     {'kind': 'activated', 'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'set_colors', 'colors': []}]}}),
    ('Tidal Warrior', '{T}: Target land becomes an Island until end of turn.',
     {'kind': 'activated', 'targets': [{'what': 'permanent', 'types': ['Land']}],
      'continuous': {'do': [{'op': 'set_land_types', 'subtypes': ['Island']}]}}),
    ('Downdraft', '{G}: Target creature loses flying until end of turn.',
     {'kind': 'activated', 'targets': CREATURE,
      'continuous': {'do': [{'op': 'lose_abilities', 'keywords': ['flying']}]}}),
    ('Dragonsoul Knight',
     '{W}{U}{B}{R}{G}: Until end of turn, this creature becomes a Dragon, gets +5/+3, and gains flying and trample.',
     {'kind': 'activated', 'continuous': {'applies_to': {'self': True}, 'do': [
         {'op': 'set_creature_types', 'subtypes': ['Dragon']}, {'op': 'modify_pt', 'power': 5, 'toughness': 3},
         {'op': 'add_abilities', 'abilities': [{'keyword': 'flying'}, {'keyword': 'trample'}]}]}}),
    ('Supernatural Stamina', f'Until end of turn, target creature gets +2/+0 and gains "{RETURN_TAPPED}"',
     {'kind': 'spell', 'targets': CREATURE, 'continuous': {'do': [
         {'op': 'modify_pt', 'power': 2, 'toughness': 0},
         {'op': 'add_abilities', 'abilities': [{'text': RETURN_TAPPED, 'kind': 'triggered', 'ability': {
             'text': RETURN_TAPPED, 'kind': 'triggered', 'trigger': {'event': 'dies'},
             'one_shot': [{'op': 'return_self', 'to': 'battlefield', 'tapped': True}]}}]}]}}),
    ('Banishing Knack',
     'Until end of turn, target creature gains "{T}: Return target nonland permanent to its owner\'s hand."',
     {'kind': 'spell', 'targets': CREATURE, 'continuous': {'do': [{'op': 'add_abilities', 'abilities': [{
         'text': "{T}: Return target nonland permanent to its owner's hand.", 'kind': 'activated', 'ability': {
             'kind': 'activated', 'cost': '{T}', 'effect': "Return target nonland permanent to its owner's hand.",
             'targets': [{'what': 'permanent', 'quality': {'not_types': ['Land']}}],
             'one_shot': [{'op': 'return_to_hand'}]}}]}]}}),
    ('Chorus of Might', 'Until end of turn, target creature gets +1/+1 for each creature you control and gains trample.',
     {'kind': 'spell', 'targets': CREATURE, 'continuous': {'do': [
         {'op': 'modify_pt', 'power': {'count': YOURS}, 'toughness': {'count': YOURS}},
         {'op': 'add_abilities', 'abilities': [{'keyword': 'trample'}]}]}}),
    ('Allosaurus Shepherd', '{4}{G}{G}: Until end of turn, each Elf creature you control has base power and toughness 5/5 '
                            'and becomes a Dinosaur in addition to its other creature types.',
     {'kind': 'activated', 'continuous': {'applies_to': dict(YOURS, subtypes=['Elf']), 'do': [
         {'op': 'set_base_pt', 'power': 5, 'toughness': 5}, {'op': 'add_subtypes', 'subtypes': ['Dinosaur']}]}}),
    ('Liquimetal Coating', '{T}: Target permanent becomes an artifact in addition to its other types until end of turn.',
     {'kind': 'activated', 'targets': [{'what': 'permanent'}],
      'continuous': {'do': [{'op': 'add_types', 'types': ['Artifact']}]}}),
    ('Memnarch', '{1}{U}{U}: Target permanent becomes an artifact in addition to its other types.',
     {'kind': 'activated', 'targets': [{'what': 'permanent'}],
      'continuous': {'do': [{'op': 'add_types', 'types': ['Artifact']}]}}),
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


def test_duration_first_or_last_one_effect():
    """611.2: "Until end of turn, X gets ..." and "X gets ... until end of turn" are the same effect."""
    [first] = oneshot.read(bare("Until end of turn, target creature gets +1/+0 and gains indestructible.", ""))
    [last] = oneshot.read(bare("Target creature gets +1/+0 and gains indestructible until end of turn.", ""))
    assert first["continuous"] == last["continuous"] and first["targets"] == last["targets"]


def test_returned_by_its_own_dying_trigger_only():
    """603.10a: "return it to the battlefield ..." is the card the source became, in an ability on its own dying."""
    [ab] = oneshot.read(bare("When this creature dies, you may return it to the battlefield under its owner's control.", ""))
    assert ab["one_shot"] == [{"op": "may", "one_shot": [{"op": "return_self", "to": "battlefield"}]}]
    # (Fake Your Own Death's quoted ability: another instruction after it)
    [ab] = oneshot.read(bare("When this creature dies, return it to the battlefield tapped under its owner's control and "
                             "you create a Treasure token.", ""))
    assert ab["one_shot"] == [{"op": "return_self", "to": "battlefield", "tapped": True},
                              {"op": "create_token", "token": "Treasure", "amount": 1}]


def test_blink_is_still_one_instruction():
    """"Exile this creature, then return it to the battlefield under its owner's control." (Flickering Spirit) is one
    instruction of its own, not the dying trigger's "return it" (a whole sentence only)."""
    [ab] = oneshot.read(bare("{3}{W}: Exile this creature, then return it to the battlefield under its owner's control.", ""))
    assert ab["one_shot"] == [{"op": "exile_return", "under": "owner"}]


# near misses: a part the vocabulary, the loop or the rules reading can't say
NOT_READ = [
    "Until end of turn, target creature loses all abilities and gains flying.",  # (lost and gained: order in layer 6)
    "Until end of turn, target creature loses flying and gains flying.",
    "Until end of turn, target creature gets +1/+1 and gets +2/+2.",  # two changes of one kind
    "Target land becomes a Serpent until end of turn.",  # a creature type on a land
    "Target permanent becomes a Serpent until end of turn.",  # (it may be no creature)
    "Target creature becomes an Island until end of turn.",  # a land type on a creature
    "Target creature becomes a Forest with base power and toughness 1/1 until end of turn.",
    "Target creature becomes a Serpent Treefolk until end of turn.",
    "Target creature becomes blue and blue until end of turn.",
    'Until end of turn, target creature gains "When this creature dies, return it to the battlefield with a +1/+1 counter '
    'on it."',  # (the quoted ability is not read)
    'Until end of turn, target creature gains "This creature can\'t block."',  # (nor this one)
    "Whenever another creature dies, return it to the battlefield under its owner's control.",  # another's dying
    "When enchanted creature dies, return it to the battlefield under its owner's control.",  # (the Aura would return)
    "When this creature dies, draw a card. Return it to the battlefield under its owner's control.",
    "When this creature dies, return it to the battlefield under its owner's control and tap it.",  # ("it" after it)
    "Target creature loses flying.",  # no duration (611.2a: indefinitely), not read here
    "Target creature gains trample if it's red until end of turn.",
    "Target permanent becomes a Dinosaur in addition to its other types until end of turn.",  # (it may be no creature)
    "Target creature becomes an Island in addition to its other types until end of turn.",  # (a land type)
    "Target creature gets +0/+0 for each creature you control and gains trample until end of turn.",
    "Until end of turn, target creature becomes an artifact in addition to its other types and an artifact in addition "
    "to its other types.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
