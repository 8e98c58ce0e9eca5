"""Dredge N (702.52a-b, current official rules; the seed text stops at 702.42; issue 21): a keyword line of family 1,
"Dredge N" (its reminder text aside), executed by the game loop from its owner's graveyard as they would draw a card
(engine/game/dredge.py; the game: tests/data/games/702-52a-dredge-replaces-a-draw.yaml: a draw replaced, a dredge
refused with fewer than N cards in the library, 702.52b, and a dredge declined).

The cards are the card database's, read through engine.files.dbcards.card_file."""

from __future__ import annotations

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# database cards whose only missing ability was dredge, and their N
DREDGE = [("Dakmor Salvage", 2), ("Darkblast", 3), ("Golgari Grave-Troll", 6), ("Grave-Shell Scarab", 1),
          ("Greater Mossdog", 3), ("Life from the Loam", 3), ("Shenanigans", 1), ("Shambling Shell", 3)]


@pytest.mark.parametrize("name, n", DREDGE, ids=[e[0] for e in DREDGE])
def test_dredge_compiles(db, lib, name, n):  # noqa: F811
    record = database_record(db, lib, name, f"Dredge {n}")  # (its reminder text aside)
    card = card_file(record)
    [ab] = [a for a in card.abilities if a.kind == "keyword" and a.keyword == "dredge"]
    assert ab.n == n and executable_by(ab).startswith("play (702.52a-b")
    assert all(executable_by(a) is not None for a in card.abilities)  # the card is fully executable


def test_dredge_reminder_text_aside():
    """207.2 (reminder text has no rules meaning): with or without it, the same keyword."""
    [bare] = compile_paragraph("Dredge 3")
    [full] = compile_paragraph("Dredge 3 (If you would draw a card, you may mill three cards instead. If you do, "
                               "return this card from your graveyard to your hand.)")
    assert bare == full and bare.keyword == "dredge" and bare.n == 3


NEAR_MISSES = [
    "Dredge",  # no N
    "Dredge X",
    "Dredge two",
    "Dredge N",
    "Dredge 3 cards",
    "Dredge 3: Draw a card.",
    "Dredge 3 and flying",
]


@pytest.mark.parametrize("paragraph", NEAR_MISSES)
def test_dredge_near_misses_dont_compile(paragraph):
    assert compile_paragraph(paragraph) is None


def test_opponent_dredge_is_not_dredge():
    """Trash Panda's "Opponent dredge 4" (an Un- card: the opponent's draw, this card put into their hand) is no
    702.52 dredge: it doesn't compile as one."""
    out = compile_paragraph("Opponent dredge 4")
    assert out is None or all(getattr(a, "keyword", None) != "dredge" for a in out)
