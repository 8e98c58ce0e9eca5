"""Family 2's static abilities that depend on the game's situation (engine/vocab/oracle/statics_situation.lark, reader
engine/vocab/oracle/statics_situation.py; the layers program's asp_rules/layers_combatants.lp, the game loop's
bridge/selectors.py, one meaning through bridge/layers/situation.py): the creatures attacking a player (506.3, 508.1b:
"Creatures attacking you", "attacking your opponents", "attacking enchanted player"), blocking or blocked by an object
(509.1a), controlled by the player a Curse enchants (303.4, 702.5d), that entered this turn (400.7), with no abilities
(113.1); this turn's record: "two or more creatures died under your control this turn" (700.4), "you've lost life
this turn" (119.3); "as long as it's not attacking" of a group (611.3a), "as long as it has defender", "gains" in a static
(613.1f), nonbasic landwalk (702.14c), "Oxen" (the plural of Ox, engine/vocab/oracle/subtypes.py), "isn't a planeswalker and is a creature" (205.1a).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/506-3-creatures-attacking-you-or-your-
opponents.yaml, 506-3-attacking-you-mid-combat.yaml, 509-1a-blocking-or-blocked-by.yaml, 509-1a-one-blocker-no-
penalty.yaml, 303-4-curses-enchanted-player.yaml, 303-4-overwhelming-splendor.yaml, 400-7-creatures-that-entered-this-
turn.yaml, 113-1-creatures-with-no-abilities.yaml, 702-14c-nonbasic-landwalk-granted.yaml, 702-14c-nonbasic-landwalk-
basic-lands-only.yaml, 611-3a-statics-of-the-situation.yaml, 700-4-died-under-your-control-this-turn.yaml,
119-1-less-than-half-starting-life-9.yaml, 119-1-less-than-half-starting-life-10.yaml, 611-3a-any-library-any-
graveyard.yaml, 611-3a-no-library-no-graveyard.yaml, 205-3m-oxen-you-control.yaml, 205-3m-eldrazi-spawn-creatures.yaml.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
CREATURES = {'types': ['Creature']}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _static(applies_to, do, **more):
    cont = dict(({'applies_to': applies_to} if applies_to is not None else {}), do=do, **more)
    return {'kind': 'static', 'continuous': cont}


def _kw(*names):
    return {'op': 'add_abilities', 'abilities': [{'keyword': n} for n in names]}


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Boarded Window', 'Creatures attacking you get -1/-0.',
     _static(dict(CREATURES, attacking=True, attacking_player='you'), [{'op': 'modify_pt', 'power': -1}])),
    ('Watchdog', 'As long as this creature is untapped, all creatures attacking you get -1/-0.',
     _static(dict(CREATURES, attacking=True, attacking_player='you'), [{'op': 'modify_pt', 'power': -1}],
             **{'if': {'count': {'self': True, 'tapped': False}}})),
    ('Blast-Furnace Hellkite', 'Creatures attacking your opponents have double strike.',
     _static(dict(CREATURES, attacking=True, attacking_player='opponent'), [_kw('double strike')])),
    ('Curse of Hospitality', 'Creatures attacking enchanted player have trample.',
     _static(dict(CREATURES, attacking=True, attacking_player='enchanted'), [_kw('trample')])),
    ("Curse of Death's Hold", 'Creatures enchanted player controls get -1/-1.',
     _static(dict(CREATURES, enchanted_player_controls=True), [{'op': 'modify_pt', 'power': -1, 'toughness': -1}])),
    ('Overwhelming Splendor',
     'Creatures enchanted player controls lose all abilities and have base power and toughness 1/1.',
     _static(dict(CREATURES, enchanted_player_controls=True),
             [{'op': 'lose_all_abilities'}, {'op': 'set_base_pt', 'power': 1, 'toughness': 1}])),
    ('Alms Beast', 'Creatures blocking or blocked by this creature have lifelink.',
     _static(dict(CREATURES, combat_with='self'), [_kw('lifelink')])),
    ('Rampaging Cyclops', 'This creature gets -2/-0 as long as two or more creatures are blocking it.',
     _static(None, [{'op': 'modify_pt', 'power': -2}],
             **{'if': {'count': dict(CREATURES, blocking=True, combat_with='self'), 'at_least': 2}})),
    ('Sting, the Glinting Dagger',
     "Equipped creature has first strike as long as it's blocking or blocked by a Goblin or Orc.",
     _static({'attached': True, 'types': ['Creature']}, [_kw('first strike')],
             **{'if': {'count': {'subtypes': ['Goblin', 'Orc'], 'combat_with': 'attached'}}})),
    ('Deathleaper, Terror Weapon', 'Flesh Hooks — Creatures you control that entered this turn have double strike.',
     _static(dict(CREATURES, controller='you', entered_this_turn=True), [_kw('double strike')])),
    ('Muraganda Petroglyphs', 'Creatures with no abilities get +2/+2.',
     _static(dict(CREATURES, no_abilities=True), [{'op': 'modify_pt', 'power': 2, 'toughness': 2}])),
    ('Ruxa, Patient Professor', 'Creatures you control with no abilities get +1/+1.',
     _static(dict(CREATURES, controller='you', no_abilities=True), [{'op': 'modify_pt', 'power': 1, 'toughness': 1}])),
    ('Arcades Sabboth', "Each untapped creature you control gets +0/+2 as long as it's not attacking.",
     _static(dict(CREATURES, controller='you', attacking=False, tapped=False), [{'op': 'modify_pt', 'toughness': 2}])),
    ('Manor Gargoyle', 'This creature has indestructible as long as it has defender.',
     _static(None, [_kw('indestructible')], **{'if': {'count': {'self': True, 'keywords': ['defender']}}})),
    ('Taught by Surrak', 'Enchanted creature gets +2/+2 and gains haste.',
     _static({'attached': True, 'types': ['Creature']}, [{'op': 'modify_pt', 'power': 2, 'toughness': 2}, _kw('haste')])),
    ("Trailblazer's Boots", 'Equipped creature has nonbasic landwalk.',
     _static({'attached': True, 'types': ['Creature']}, [{'op': 'add_abilities',
                                   'abilities': [{'keyword': 'landwalk', 'quality': 'Nonbasic land'}]}])),
    ('Gimli, Mournful Avenger',
     'Gimli has indestructible as long as two or more creatures died under your control this turn.',
     _static(None, [_kw('indestructible')], **{'if': {'this_turn': 'creature_died_yours', 'at_least': 2}})),
    ('Essence Channeler', "As long as you've lost life this turn, this creature has flying and vigilance.",
     _static(None, [_kw('flying', 'vigilance')], **{'if': {'this_turn': 'you_lost_life'}})),
    ('Anya, Merciless Angel',
     "As long as an opponent's life total is less than half their starting life total, Anya has indestructible.",
     _static(None, [_kw('indestructible')],
             **{'if': {'life': 'opponent', 'relative_to_starting': 'below_half', 'at_most': 0}})),
    ('Isleback Spawn', 'This creature gets +4/+8 as long as a library has twenty or fewer cards in it.',
     _static(None, [{'op': 'modify_pt', 'power': 4, 'toughness': 8}],
             **{'if': {'player': 'any', 'zone': 'library', 'at_least': 0, 'at_most': 20}})),
    ('Swimmer in Nightmares', 'This creature gets +3/+0 as long as there are ten or more cards in a single graveyard.',
     _static(None, [{'op': 'modify_pt', 'power': 3}], **{'if': {'player': 'any', 'zone': 'graveyard', 'at_least': 10}})),
    ('Bruse Tarl, Roving Rancher', 'Oxen you control have double strike.',
     _static({'subtypes': ['Ox'], 'controller': 'you'}, [_kw('double strike')])),
    ('Broodwarden', 'Eldrazi Spawn creatures you control get +2/+1.',
     _static(dict(CREATURES, all_subtypes=['Eldrazi', 'Spawn'], controller='you'),
             [{'op': 'modify_pt', 'power': 2, 'toughness': 1}])),
    ("Luxior, Giada's Gift", "Equipped permanent isn't a planeswalker and is a creature in addition to its other types.",
     _static({'attached': True}, [{'op': 'remove_types', 'types': ['Planeswalker']},
                                  {'op': 'add_types', 'types': ['Creature']}])),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


# near misses: a part the vocabulary or the programs can't say, or another meaning
NOT_READ = [
    "Creatures attacking the last chosen player get +1/+0.",  # a chosen player
    "Creatures attacking one of your opponents get +1/+0.",  # (said "Each creature that's attacking one of ...")
    "Each creature that's attacking you has trample.",  # (said "Creatures attacking you")
    "Creatures blocking or blocked by target creature have lifelink.",  # no target in a static ability
    "Creatures blocking or blocked by a Goblin have lifelink.",  # a block with a group
    "This creature has indestructible as long as it's not attacking.",  # one object (said "unless")
    "Creatures you control get +1/+1 as long as it's not attacking.",  # "it" of a plural (said "Each creature")
    "Equipped creature has artifact landwalk.",  # 702.14c: a land quality the block program doesn't read
    "Nonlegendary creatures enchanted player controls have base power and toughness 3/3 and lose all creature types.",
    # (read now, statics_records.lark: "under your control"); an opponent's creatures are not its controller's record
    "As long as another creature entered the battlefield under an opponent's control this turn, this creature gets +2/+0.",
    "Enchanted creature has shroud as long as its controller controls another artifact.",  # (a creature: round 21)
    "This creature has indestructible as long as an opponent has defender.",
    "This creature has flying as long as a creature died this turn.",  # anyone's: the layers don't read it
    "As long as an opponent lost life this turn, this creature has flying.",
    "As long as an opponent's life total is less than a third of their starting life total, ~ has flying.",
    "This creature gets +4/+8 as long as a library has thirty or fewer cards in it.",  # a number not read
    "Eldrazi Eldrazi creatures you control get +1/+1.",  # a subtype twice
    "This creature gets +3/+0 as long as there are ten or more cards in graveyards and libraries.",  # two zones
]


def test_less_than_half():
    """119.1, 103.4: "less than half their starting life total": (starting - 1) // 2 or less (20: 9; 25: 12)."""
    from engine.vocab.selector import Condition

    cond = Condition(life="opponent", relative_to_starting="below_half", at_most=0)
    assert cond.life_bounds(20) == (None, 9) and cond.life_bounds(25) == (None, 12)


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None


def test_each_and_one_of_your_opponents():
    """506.3: "Each creature that's attacking one of your opponents has trample." reads as "Creatures attacking your
    opponents"."""
    [ab] = statics.read(bare("Each creature that's attacking one of your opponents has trample.", ""))
    assert ab["continuous"]["applies_to"] == dict(CREATURES, attacking=True, attacking_player='opponent')
