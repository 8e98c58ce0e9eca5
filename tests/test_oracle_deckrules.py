"""Keyword abilities that are rules of deck construction (113.6p: "An ability that modifies the rules for deck
construction functions before the game begins"): the partner abilities of 702.124a (current official rules: partner,
partner—[text], choose a Background, Doctor's companion; "Partner with [name]" is another, with a triggered ability of
its own: tests/test_oracle_kwmisc.py). The grammar reads them (engine/vocab/oracle/oracle.lark: ``partner_text``, BARE), and
``executable_by`` says that they have nothing to execute in a game in progress (engine/vocab/keyword_programs.py:
DECK_KEYWORDS), never that a program executes them.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first.
"""

from __future__ import annotations

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph, keyword_line


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it (reminder text aside, 207.1), the keyword ability it compiles to
EXAMPLES = [
    ('Ishai, Ojutai Dragonspeaker', 'Partner', {'keyword': 'partner'}),
    ('Elmar, Ulvenwald Informant', 'Partner—Friends forever',
     {'keyword': 'partner', 'quality': 'Friends forever'}),
    ('Gut, True Soul Zealot', 'Choose a Background',
     {'keyword': 'choose a background', 'text': 'Choose a Background'}),
    ('Rose Tyler', "Doctor's companion",
     {'keyword': "doctor's companion"}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = KeywordAbility(kind="keyword", **expected)
    assert want in card_file(record).abilities
    by = executable_by(want)
    assert by.startswith("none in a game in progress") and "113.6p" in by and "702.124a" in by


def test_partner_with_its_text_displays_as_printed():
    [ab] = keyword_line("Partner—Survivors (You can have two commanders if both have this ability.)")
    assert ab.display() == "Partner—Survivors" and ab.quality == "Survivors" and ab.text is None


def test_a_partner_in_a_keyword_line():
    assert [ab.words() for ab in keyword_line("Flying, partner")] == ["flying", "partner"]


@pytest.mark.parametrize("paragraph", [
    # 702.124j: "partner with [name]" also has a triggered ability (a search for the named card): not partner's, its own
    # keyword (tests/test_oracle_kwmisc.py)
    "Partner with Will Kenrith (When this creature enters, target player may put Will into their hand from their "
    "library, then shuffle.)",
    "Partner with Pir, Imaginative Rascal",
    "Partner—",  # no text after the dash
    "Choose a Background creature",
    "Doctor's companions",
    "Choose a Background, draw a card",
])
def test_near_misses_are_not_deck_keywords(paragraph):
    found = compile_paragraph(paragraph)
    assert found is None or not any(getattr(ab, "kind", None) == "keyword" and ab.keyword in (
        "partner", "choose a background", "doctor's companion") for ab in found)


def test_other_keywords_are_not_said_to_have_no_effect():
    """Only the rules of deck construction: a keyword the programs don't execute yet stays not executable."""
    assert executable_by(KeywordAbility(kind="keyword", keyword="cipher")) is None
    assert executable_by(KeywordAbility(kind="keyword", keyword="partner")) is not None
