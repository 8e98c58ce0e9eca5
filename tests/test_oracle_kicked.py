"""Family 5's "[object] gets -2/-2 until end of turn. If this spell was kicked, that creature gets -6/-6 until end of
turn instead." (608.2c, 702.33d; "bargained": 702.166b; engine/vocab/oracle/oneshot_kickpt.py, through
oneshot_ifcond.join): the continuous effect of the sentence before, each number that differs the value
{if_spell_was: kicked | bargained, then, otherwise} (engine/vocab/selector.py IfPaid), fixed as the effect begins
(611.2d: engine/game/amounts.py quantity, by the spell's choices).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The game that executes them: tests/data/games/608-2c-kicked-gets-more-instead.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from bridge.counting import counted_values
from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


def _pt(paid: str, then: int, otherwise: int) -> dict:
    v = {'if_spell_was': paid, 'then': then, 'otherwise': otherwise}
    return {'op': 'modify_pt', 'power': v, 'toughness': v}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Final Flourish',
     'Target creature gets -2/-2 until end of turn. If this spell was kicked, that creature gets -6/-6 until end of turn '
     'instead.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'continuous': {'do': [_pt('kicked', -6, -2)]}}),
    ('Might of Murasa',
     'Target creature gets +3/+3 until end of turn. If this spell was kicked, that creature gets +5/+5 until end of turn '
     'instead.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'continuous': {'do': [_pt('kicked', 5, 3)]}}),
    ('Candy Grapple',
     'Target creature gets -3/-3 until end of turn. If this spell was bargained, that creature gets -5/-5 until end of '
     'turn instead.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'continuous': {'do': [_pt('bargained', -5, -3)]}}),
    ('Gift of Growth',
     'Untap target creature. It gets +2/+2 until end of turn. If this spell was kicked, that creature gets +4/+4 until '
     'end of turn instead.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'one_shot': [{'op': 'untap'}],
      'continuous': {'do': [_pt('kicked', 4, 2)]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_the_numbers_are_counted_as_the_effect_begins():
    """611.2d: both numbers of the effect are fixed as it begins (bridge/counting.py counted_values: the board's
    choices.counted)."""
    ab = ABILITY.validate_python(dict(EXAMPLES[0][2], text=EXAMPLES[0][1]))
    assert counted_values(ab.continuous) == [(1, "p"), (1, "t")]


def test_one_number_differs():
    [ab] = oneshot.read(bare("Target creature gets -2/-2 until end of turn. If this spell was kicked, that creature gets "
                             "-6/-2 until end of turn instead.", ""))
    assert ab["continuous"]["do"] == [{'op': 'modify_pt', 'power': {'if_spell_was': 'kicked', 'then': -6,
                                                                    'otherwise': -2}, 'toughness': -2}]


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    # other operations instead (Colossal Growth): not only other numbers
    "Target creature gets +3/+3 until end of turn. If this spell was kicked, instead that creature gets +4/+4 and gains "
    "trample and haste until end of turn.",
    "Target creature gets +2/+2 until end of turn. If this spell was kicked, that creature gets +4/+4 and gains flying "
    "until end of turn instead.",
    # a condition on the game, not the spell's kicker
    "Target creature gets +2/+2 until end of turn. If you control a Wizard, that creature gets +4/+4 until end of turn "
    "instead.",
    # another object: a new target, "it", one of two targets
    "Target creature gets +2/+2 until end of turn. If this spell was kicked, target creature gets +4/+4 until end of turn "
    "instead.",
    "Two target creatures get +1/+1 until end of turn. If this spell was kicked, that creature gets +2/+2 until end of "
    "turn instead.",
    "Creatures you control get +1/+1 until end of turn. If this spell was kicked, that creature gets +2/+2 until end of "
    "turn instead.",
    # not the sentence just before
    "Target creature gets +2/+2 until end of turn. Draw a card. If this spell was kicked, that creature gets +4/+4 until "
    "end of turn instead.",
    # "this spell" of another ability than a spell's
    "When this creature enters, target creature gets +2/+2 until end of turn. If this spell was kicked, that creature "
    "gets +4/+4 until end of turn instead.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
