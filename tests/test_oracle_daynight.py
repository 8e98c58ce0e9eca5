"""Day and night (731, the current official rules: the seed text stops at 702.42; its 502.2 names the rule), read by
engine/vocab/oracle/daynight.lark and oneshot_daynight.py (family 5), replacement.lark (family 4) and oneshot_cond.py:
"If it's neither day nor night, it becomes day as this creature enters." (replacement do: become_day, 614.1c),
"Whenever day becomes night or night becomes day" / "Whenever night becomes day" (ZoneTrigger day_night, becomes),
"It becomes night." ({op: become_day_night}), the condition "if it's night" (Condition day_night) and "Otherwise, it
becomes night." after "If it's night, it becomes day." (its otherwise).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/731-day-night-firmament-sage.yaml (it becomes day as
the Sage enters, which triggers nothing; night as the untap step's check says, 502.2, which triggers its draw) and
731-the-celestus-day-becomes-night.yaml (the otherwise: night; the Celestus's trigger) (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot, replacement
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
NEITHER = "If it's neither day nor night, it becomes day as this creature enters."
BECOMES_DAY = {'kind': 'replacement', 'replacement': {'event': 'enter', 'object': {'self': True}, 'do': 'become_day'}}
EITHER = {'event': 'day_night'}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Firmament Sage', NEITHER, BECOMES_DAY),
    ('Firmament Sage', 'Whenever day becomes night or night becomes day, draw a card.',
     {'kind': 'triggered', 'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'you'}], 'trigger': EITHER}),
    ('Brimstone Vandal', 'Whenever day becomes night or night becomes day, this creature deals 1 damage to each '
                         'opponent.',
     {'kind': 'triggered', 'one_shot': [{'op': 'damage', 'amount': 1, 'to': 'each_opponent'}], 'trigger': EITHER}),
    ('Sunrise Cavalier', 'Whenever day becomes night or night becomes day, put a +1/+1 counter on target creature you '
                         'control.',
     {'kind': 'triggered', 'targets': [{'what': 'creature', 'controller': 'you'}],
      'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1}], 'trigger': EITHER}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[f"{e[0]}-{i}" for i, e in enumerate(EXAMPLES)])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_moonragers_slash_costs_less_at_night(db, lib):  # noqa: F811
    """601.2f, 731: "This spell costs {2} less to cast if it's night." (the games 731-moonragers-slash-*)."""
    paragraph = "This spell costs {2} less to cast if it's night."
    record = database_record(db, lib, "Moonrager's Slash", paragraph)
    want = ABILITY.validate_python({'kind': 'static', 'text': paragraph, 'costs': {
        'reduce': 2, 'spells': {'self': True}, 'only_if': {'day_night': 'night'}}})
    assert want in card_file(record).abilities
    assert compile_paragraph("This spell costs {2} less to cast if it's nighttime.") is None


def test_the_celestus_toggle(db, lib):  # noqa: F811
    """731, 608.2c: "If it's night, it becomes day. Otherwise, it becomes night." (the otherwise joined to the
    conditional instruction before it), an activated ability of The Celestus."""
    effect = "If it's night, it becomes day. Otherwise, it becomes night. Activate only as a sorcery."
    record = database_record(db, lib, "The Celestus", "{3}, {T}: " + effect)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "effect", None) == effect]
    assert [op.model_dump(exclude_defaults=True) for op in ab.one_shot] == [
        {'op': 'if', 'condition': {'day_night': 'night'}, 'one_shot': [{'op': 'become_day_night', 'to': 'day'}],
         'otherwise': [{'op': 'become_day_night', 'to': 'night'}]}]
    assert executable_by(ab) is not None


def test_night_becomes_day_and_it_becomes_night():
    """731: "Whenever night becomes day" (that change only); "It becomes night." an instruction; "if it's night" a
    condition of the game loop's."""
    [ab] = oneshot.read(bare("Whenever night becomes day, draw a card.", ""))
    assert ab["trigger"] == {'event': 'day_night', 'becomes': 'day'}
    [ab] = oneshot.read(bare("Whenever day becomes night, draw a card.", ""))
    assert ab["trigger"] == {'event': 'day_night', 'becomes': 'night'}
    [ab] = oneshot.read(bare("It becomes night. Draw a card.", ""))
    assert ab["one_shot"] == [{'op': 'become_day_night', 'to': 'night'}, {'op': 'draw', 'amount': 1, 'who': 'you'}]
    [ab] = oneshot.read(bare("Draw a card. If it's night, draw a card.", ""))
    assert ab["one_shot"][1] == {'op': 'if', 'condition': {'day_night': 'night'},
                                 'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'you'}]}


NEAR_MISSES = [
    # another change than the rule's: the words are not the template's
    "If it's neither day nor night, it becomes night as this creature enters.",
    "Whenever it becomes day, draw a card.",
    "It can't become night.",
    # "nighttime" is no word of the rules (an Un-card's)
    "Draw a card. If it's nighttime, draw a card.",
    # "Otherwise" after no conditional instruction
    "Draw a card. Otherwise, it becomes night.",
    # a continuous effect instead of another (not read: the conditional instruction holds one-shot operations only)
    "Target creature gets -2/-2 until end of turn. If it's night, that creature gets -13/-13 until end of turn instead.",
    # the rest of the ability is not read: nothing of it is
    "It becomes night. Discard any number of cards, then draw that many cards plus one.",
    "When this creature leaves the battlefield, it stops being day or night.",
]


@pytest.mark.parametrize("text", NEAR_MISSES)
def test_near_misses_stay_unread(text):
    """No family reads them (compile_paragraph: the compiler's entry)."""
    assert compile_paragraph(text) is None


def test_neither_day_nor_night_is_a_replacement():
    """614.1c: "as this creature enters": the object itself only."""
    assert replacement.read(bare(NEITHER, "")) == [dict(BECOMES_DAY, replacement={
        'event': 'enter', 'object': {'self': True}, 'do': 'become_day'})]
    assert replacement.read(bare("If it's neither day nor night, it becomes day as a creature enters.", "")) is None
