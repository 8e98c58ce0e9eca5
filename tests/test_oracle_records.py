"""Family 2's static abilities on the game loop's record of the turn (engine/vocab/oracle/statics_records.lark, reader
engine/vocab/oracle/statics_records.py; the record: engine/game/turn_records.py; the layers program's cond_player/5
with player_n/3, bridge/layers/situation.py): another creature entered the battlefield under its controller's control
this turn (400.7), the source attacked this turn (508.1a), its controller sacrificed a permanent (701.21a) or cast two
or more noncreature spells (601.2i) this turn, the source hasn't dealt damage yet (120.3).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/611-3a-turn-records-cast-enter-
sacrifice.yaml (a second Rimestag entering, two Giant Growths, Bottle Gnomes sacrificed), 611-3a-turn-records-attacked-
dealt-damage.yaml (Frank attacking, one Guardian dealing combat damage)."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _static(cond, do):
    return {'kind': 'static', 'continuous': {'if': cond, 'do': do}}


def _kw(*names):
    return {'op': 'add_abilities', 'abilities': [{'keyword': n} for n in names]}


OTHER_ENTERED = {'this_turn': 'other_creature_entered_yours', 'at_least': 1}

# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Bristlebane Outrider', 'As long as another creature entered the battlefield under your control this turn, this '
                             'creature gets +2/+0.', _static(OTHER_ENTERED, [{'op': 'modify_pt', 'power': 2}])),
    ('Bellowing Elk', 'As long as you had another creature enter the battlefield under your control this turn, this '
                      'creature has trample and indestructible.', _static(OTHER_ENTERED, [_kw('trample', 'indestructible')])),
    ('Saddled Rimestag', 'This creature gets +2/+2 as long as you had another creature enter the battlefield under your '
                         'control this turn.', _static(OTHER_ENTERED, [{'op': 'modify_pt', 'power': 2, 'toughness': 2}])),
    ('Agent Frank Horrigan', 'Agent Frank Horrigan has indestructible as long as it attacked this turn.',
     _static({'this_turn': 'source_attacked', 'at_least': 1}, [_kw('indestructible')])),
    ('Goblin Blast-Runner', 'This creature gets +2/+0 and has menace as long as you sacrificed a permanent this turn.',
     _static({'this_turn': 'you_sacrificed', 'at_least': 1}, [{'op': 'modify_pt', 'power': 2}, _kw('menace')])),
    ('Lyse Hext', "As long as you've cast two or more noncreature spells this turn, Lyse Hext has double strike.",
     _static({'this_turn': 'noncreature_cast_yours', 'at_least': 2}, [_kw('double strike')])),
    ('Karakyk Guardian', "This creature has hexproof if it hasn't dealt damage yet.",
     _static({'this_turn': 'source_dealt_damage', 'at_least': 0, 'at_most': 0}, [_kw('hexproof')])),
    ('Palladia-Mors, the Ruiner', "Palladia-Mors has hexproof if it hasn't dealt damage yet.",
     _static({'this_turn': 'source_dealt_damage', 'at_least': 0, 'at_most': 0}, [_kw('hexproof')])),
    ('Oyaminartok, Polar Werebear', "Oyaminartok, Polar Werebear has hexproof if it hasn't dealt damage yet.",
     _static({'this_turn': 'source_dealt_damage', 'at_least': 0, 'at_most': 0}, [_kw('hexproof')])),
    ('Kinbinding', 'Creatures you control get +X/+X, where X is the number of creatures that entered the battlefield '
                   'under your control this turn.',
     {'kind': 'static', 'continuous': {'applies_to': {'types': ['Creature'], 'controller': 'you'}, 'do': [
         {'op': 'modify_pt', 'power': {'player_number': 'creatures_entered', 'player': 'you'},
          'toughness': {'player_number': 'creatures_entered', 'player': 'you'}}]}}),
]


# (a condition on the commanders, statics_records.lark)
EXAMPLES.append(('Gray Harbor Merfolk', "This creature gets +2/+0 as long as you control a commander that's a creature or "
                                        "planeswalker.",
                 _static({'count': {'commander': True, 'controller': 'you', 'any_types': ['Creature', 'Planeswalker']},
                          'at_least': 1}, [{'op': 'modify_pt', 'power': 2}])))


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_instead_by_difference(db, lib):  # noqa: F811
    """611.3a, 613.4c: "Equipped creature gets +1/+0. It gets +3/+1 instead as long as an opponent has eight or more
    cards in their graveyard." (Mind Carver): one opponent's number has no negation in the vocabulary (every
    opponent's): +1/+0 always and +2/+1 as long as the condition holds, added up in layer 7c."""
    paragraph = ("Equipped creature gets +1/+0. It gets +3/+1 instead as long as an opponent has eight or more cards in "
                 "their graveyard.")
    abilities = card_file(database_record(db, lib, "Mind Carver", paragraph)).abilities
    for expected in ({'kind': 'static', 'continuous': {'applies_to': {'attached': True, 'types': ['Creature']},
                                                      'do': [{'op': 'modify_pt', 'power': 1}]}},
                     {'kind': 'static', 'continuous': {
                         'applies_to': {'attached': True, 'types': ['Creature']}, 'if': {'player': 'opponent', 'zone': 'graveyard', 'at_least': 8},
                         'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 1}]}}):
        assert ABILITY.validate_python(dict(expected, text=paragraph)) in abilities


@pytest.mark.parametrize("name, paragraph, second", [
    ("Angelic Field Marshal", "Lieutenant — As long as you control your commander, this creature gets +2/+2 and "
                              "creatures you control have vigilance.",
     ({'types': ['Creature'], 'controller': 'you'}, [_kw('vigilance')])),
    ("Thunderfoot Baloth", "Lieutenant — As long as you control your commander, this creature gets +2/+2 and other "
                           "creatures you control get +2/+2 and have trample.",
     ({'types': ['Creature'], 'controller': 'you', 'other': True},
      [{'op': 'modify_pt', 'power': 2, 'toughness': 2}, _kw('trample')])),
])
def test_two_effects_under_one_condition(db, lib, name, paragraph, second):  # noqa: F811
    """611.3a: "As long as [condition], [effect] and [effect].": two effects, each with its subject, each under the
    condition (903.3: "you control your commander"; the Lieutenant ability word, 207.2c)."""
    cond = {'count': {'commander': True, 'owner': 'you', 'controller': 'you'}, 'at_least': 1}
    abilities = card_file(database_record(db, lib, name, paragraph)).abilities
    for expected in (_static(cond, [{'op': 'modify_pt', 'power': 2, 'toughness': 2}]),
                     {'kind': 'static', 'continuous': {'applies_to': second[0], 'if': cond, 'do': second[1]}}):
        assert ABILITY.validate_python(dict(expected, text=paragraph)) in abilities


# near misses: a part the vocabulary or the programs can't say, or another meaning
NOT_READ = [
    # an opponent's creatures: not its controller's record
    "As long as another creature entered the battlefield under an opponent's control this turn, this creature gets +2/+0.",
    "Enchanted creature has indestructible as long as it attacked this turn.",  # "it" of another object than the source
    "This creature has indestructible as long as it blocked this turn.",  # blocks are not recorded
    "This creature gets +2/+0 as long as an opponent sacrificed a permanent this turn.",  # an opponent's
    "As long as you've cast two or more creature spells this turn, this creature has double strike.",  # creature spells
    "Equipped creature has hexproof if it hasn't dealt damage yet.",  # the equipped creature's record: not the source's
    "This creature has hexproof if it hasn't dealt combat damage yet.",  # combat damage only: not recorded
    "As long as you've put one or more +1/+1 counters on a creature this turn, this creature has trample.",
    # an opponent's creatures entered: not a number the record says for its controller
    "Creatures you control get +X/+X, where X is the number of creatures that entered the battlefield under an "
    "opponent's control this turn.",
    "Creatures you control get +X/+X, where X is the number of artifacts that entered the battlefield under your "
    "control this turn.",  # another card type: the record keeps creatures only
    # "instead" of a change that isn't a fixed one, or of the same change
    "Equipped creature gets +1/+0. It gets +X/+0 instead as long as an opponent has eight or more cards in their "
    "graveyard.",
    "Equipped creature gets +1/+0. It gets +1/+0 instead as long as an opponent has eight or more cards in their "
    "graveyard.",
    "Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has seven or more cards in their "
    "hand.",  # the enchanted creature's controller's hand: not read (their graveyard is: test_oracle_selfstatics.py)
    "Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has seven or more cards in hand.",
    # the enchanted creature's controller's hand: not read (its graveyard is, round 21: statics_others.lark)
    "This creature gets +2/+0 as long as an opponent controls a commander that's a creature or planeswalker.",
    # two effects of one subject, or "it": not two subjects
    "As long as you control your commander, this creature gets +2/+2 and it has vigilance.",
    "As long as you control your commander, this creature gets +2/+2 and creatures you control can't block.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None


BOARD = """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Saddled Rimestag, controller: alice, id: rimestag}
  - {card: Goblin Blast-Runner, controller: alice, id: goblin}
  - {card: Lyse Hext, controller: alice, id: lyse}
  - {card: Karakyk Guardian, controller: alice, id: guardian}
  - {card: Agent Frank Horrigan, controller: alice, id: frank}
  - {card: Saddled Rimestag, controller: bob, id: rimestag_b}
  - {card: Kinbinding, controller: bob, id: kinbinding_b}
"""
RECORDS = """
creatures_entered_this_turn: {alice: [rimestag]}
attacked_with_this_turn: [frank]
sacrificed_this_turn: {alice: 1}
noncreature_cast_this_turn: {alice: 2}
dealt_damage_objects: [guardian]
"""


def _layers(lib, text):
    """The layers program's characteristics of the board's objects; the independent oracle agrees (compare_layers)."""
    from bridge.layers import compute_layers
    from compare_layers import differences

    st = load_board_text(text, lib)
    assert differences(st) == []
    return st, compute_layers(st).objects


def test_board_records_in_the_layers(lib):
    """A board's record of the turn (the keys --out writes): the layers program and the independent oracle agree. The
    Rimestag whose own entering is the only one recorded is no other creature's: 2/2; with nothing recorded, each
    ability's condition fails (Guardian: hexproof, no damage dealt yet)."""
    st, got = _layers(lib, BOARD + RECORDS)
    # (bob's Kinbinding: no creature entered under bob's control, +0/+0)
    assert (got['rimestag']['power'], got['goblin']['power'], got['rimestag_b']['power']) == (2, 3, 2)
    assert 'double strike' in got['lyse']['abilities'] and 'indestructible' in got['frank']['abilities']
    assert 'hexproof' not in got['guardian']['abilities'] and 'menace' in got['goblin']['abilities']
    assert {k: v for k, v in st.history_dict().items() if k in RECORDS} == {
        'creatures_entered_this_turn': {'alice': ['rimestag']}, 'attacked_with_this_turn': ['frank'],
        'sacrificed_this_turn': {'alice': 1}, 'noncreature_cast_this_turn': {'alice': 2},
        'dealt_damage_objects': ['guardian']}
    _st, none = _layers(lib, BOARD)
    assert (none['goblin']['power'], 'double strike' in none['lyse']['abilities'],
            'indestructible' in none['frank']['abilities'], 'hexproof' in none['guardian']['abilities']) == (1, False, False, True)


def test_another_creature_entered(lib):
    """400.7: with another of alice's creatures recorded too (Lyse Hext), her Rimestag gets +2/+2; bob's doesn't; with
    bob's Rimestag recorded as entered under his control, bob's Kinbinding gives it +1/+1 (and no other creature of his
    entered: no +2/+2 of its own)."""
    _st, got = _layers(lib, BOARD + "creatures_entered_this_turn: {alice: [rimestag, lyse]}\n")
    assert (got['rimestag']['power'], got['rimestag']['toughness'], got['rimestag_b']['power']) == (4, 4, 2)
    _st, got = _layers(lib, BOARD + "creatures_entered_this_turn: {bob: [rimestag_b]}\n")
    assert (got['rimestag_b']['power'], got['rimestag_b']['toughness'], got['rimestag']['power']) == (3, 3, 2)


def test_board_record_names_an_object(lib):
    from engine.files.errors import InputError

    with pytest.raises(InputError):
        load_board_text(BOARD + "attacked_with_this_turn: [nobody]\n", lib)


def test_one_list_of_records():
    """The vocabulary's records a continuous effect may read are those the layers' facts say (bridge/layers/situation.py)."""
    from bridge.layers.situation import TURN_RECORDS
    from engine.vocab.selector import LAYERS_TURN_RECORDS

    assert TURN_RECORDS == LAYERS_TURN_RECORDS


CARVER = """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Grizzly Bears, controller: alice, id: bears}
  - {card: Mind Carver, controller: alice, id: carver, attached_to: bears}
  - {card: Gray Harbor Merfolk, controller: alice, id: merfolk}
  - {card: Grizzly Bears, controller: alice, id: commander, commander: true}
  - {card: Angelic Field Marshal, controller: alice, id: marshal}
"""


@pytest.mark.parametrize("cards, power, toughness", [(7, 3, 2), (8, 5, 3)])
def test_instead_in_the_layers(lib, cards, power, toughness):
    """Mind Carver: with seven cards in bob's graveyard the Bears are 3/2 (+1/+0), with eight 5/3 (+3/+1); Gray Harbor
    Merfolk: alice controls a commander that's a creature, +2/+0 (0/3 -> 2/3; without it, 0/3); the oracle agrees."""
    gy = "graveyard:\n  bob: [" + ", ".join(["Grizzly Bears"] * cards) + "]\n"
    _st, got = _layers(lib, CARVER + gy)
    assert (got['bears']['power'], got['bears']['toughness']) == (power, toughness)
    assert got['merfolk']['power'] == 2 and 'vigilance' in got['bears']['abilities']  # (her commander: Marshal's)
    _st, got = _layers(lib, CARVER.replace(", commander: true", "") + gy)
    assert got['merfolk']['power'] == 0 and 'vigilance' not in got['bears']['abilities']


def test_a_gone_creature_is_still_counted(lib):
    """400.7: a board's "-" is a creature that entered this turn and is no longer that object (it died, a token gone):
    counted, never the source; --out writes it so (a round trip keeps the count)."""
    st, got = _layers(lib, BOARD + "creatures_entered_this_turn: {alice: ['-', rimestag]}\n")
    assert got['rimestag']['power'] == 4  # another creature entered: the one gone
    assert st.history_dict()['creatures_entered_this_turn'] == {'alice': ['-', 'rimestag']}
