"""Speed, start your engines! and max speed (702.179, 702.178, the current official rules; engine/game/speed.py: the
player's speed the game loop keeps, the state-based action of start your engines!, the player's speed ability; the
grammar: engine/vocab/oracle/statics_speed.lark, "your speed" in quantity.lark): "Max speed — [ability]" is a static
ability under the condition {speed: you, at_least: 4}; "your speed" a number of its controller's ({player_number:
speed}); the layers program reads both as player_n/3.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The game that executes them (test_games.py): tests/data/games/702-179-start-your-engines-speed.yaml
(speed 1 as a state-based action, the speed ability triggered once, max speed from the board)."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
MAX = {'speed': 'you', 'at_least': 4}
SPEED = {'player_number': 'speed', 'player': 'you'}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _kw(*names):
    return {'op': 'add_abilities', 'abilities': [{'keyword': n} for n in names]}


def _max(do, **more):
    return {'kind': 'static', 'continuous': {'if': MAX, 'do': do, **more}}


EXAMPLES = [
    ('Burnout Bashtronaut', 'Max speed — This creature has double strike.', _max([_kw('double strike')])),
    ('Gastal Raider', 'Max speed — This creature gets +1/+1 and has menace.',
     _max([{'op': 'modify_pt', 'power': 1, 'toughness': 1}, _kw('menace')])),
    ('Gastal Thrillseeker', 'Max speed — This creature has deathtouch and haste.', _max([_kw('deathtouch', 'haste')])),
    ('Nesting Bot', 'Max speed — This creature gets +1/+0.', _max([{'op': 'modify_pt', 'power': 1}])),
    ('Streaking Oilgorger', 'Max speed — This creature has lifelink.', _max([_kw('lifelink')])),
    ('Walking Sarcophagus', 'Max speed — This creature gets +1/+2.', _max([{'op': 'modify_pt', 'power': 1, 'toughness': 2}])),
    ('Gomif, Fast Racer', "Gomif's power is equal to your speed.",
     {'kind': 'characteristic_defining', 'continuous': {'do': [{'op': 'set_pt', 'power': SPEED,
                                                                'toughness': {'own': 'toughness'}}]}}),
    ('Samut, the Driving Force', 'Other creatures you control get +X/+0, where X is your speed.',
     {'kind': 'static', 'continuous': {'applies_to': {'types': ['Creature'], 'controller': 'you', 'other': True},
                                       'do': [{'op': 'modify_pt', 'power': SPEED}]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_two_sentences(db, lib):  # noqa: F811
    """702.178: "Max speed — ~ has deathtouch. Other creatures you control have first strike.": one static ability of
    two effects, each under max speed (Tsagan, Raider Warlord)."""
    paragraph = "Max speed — Tsagan has deathtouch. Other creatures you control have first strike."
    record = database_record(db, lib, "Tsagan, Raider Warlord", paragraph)
    abilities = card_file(record).abilities
    for expected in (_max([_kw('deathtouch')]),
                     _max([_kw('first strike')], applies_to={'types': ['Creature'], 'controller': 'you', 'other': True})):
        assert ABILITY.validate_python(dict(expected, text=paragraph)) in abilities


def test_start_your_engines_is_executable():
    """702.179: the keyword is the game loop's (engine/game/speed.py)."""
    [kw] = compile_paragraph("Start your engines!", "Nesting Bot")
    assert kw.keyword == "start your engines!" and executable_by(kw) is not None


NOT_READ = [
    "Max speed — Whenever you draw a card, each opponent mills two cards.",  # a triggered ability (family 5)
    "Max speed — This creature can't be blocked.",  # a combat rule under max speed
    "Max speed — Spells you cast cost {1} less to cast.",  # a cost reduction (the loop's) under max speed
    "As long as your speed is 1 or higher, creatures you control have haste.",  # another speed than max speed
    "Other creatures you control get +X/+0, where X is an opponent's speed.",  # an opponent's speed
    "Your speed can increase beyond 4.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None


@pytest.mark.parametrize("paragraph", [
    "At the beginning of your end step, you draw X cards and lose X life, where X is your speed.",  # The Speed Demon
    "{2}, Sacrifice this enchantment: You gain life equal to your speed.",  # Momentum Breaker
])
def test_speed_not_read_elsewhere(paragraph):
    """"your speed" is a number the layers read (statics): no instruction of the game loop reads it yet."""
    assert compile_paragraph(paragraph, "") is None


BOARD = """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Burnout Bashtronaut, controller: alice, id: bashtronaut}
  - {card: "Samut, the Driving Force", controller: alice, id: samut}
  - {card: Nesting Bot, controller: alice, id: bot}
  - {card: Nesting Bot, controller: bob, id: bot_b}
"""


def _layers(lib, text):
    from bridge.layers import compute_layers
    from compare_layers import differences

    st = load_board_text(text, lib)
    assert differences(st) == []
    return st, compute_layers(st).objects


def test_max_speed_in_the_layers(lib):
    """A board's speed: alice's 4 is max speed (double strike, +1/+0; Samut: +4/+0 to her other creatures), bob's 3 is
    not; the independent oracle agrees. With no speed, 0: Samut gives +0/+0."""
    st, got = _layers(lib, BOARD + "speed: {alice: 4, bob: 3}\n")
    assert 'double strike' in got['bashtronaut']['abilities']
    assert (got['bot']['power'], got['bot_b']['power']) == (1 + 1 + 4, 1)
    assert st.history_dict()['speed'] == {'alice': 4, 'bob': 3}
    _st, got = _layers(lib, BOARD)
    assert 'double strike' not in got['bashtronaut']['abilities'] and got['bot']['power'] == 1


@pytest.mark.parametrize("speed", ["{alice: 5}", "{alice: 0}", "{nobody: 2}"])
def test_board_speed_range(lib, speed):
    """702.178, 702.179: a board's speed is 1 to 4 (none: not listed), of a player of the board."""
    from pydantic import ValidationError

    from engine.files.errors import InputError

    with pytest.raises((InputError, ValidationError)):
        load_board_text(BOARD + f"speed: {speed}\n", lib)
