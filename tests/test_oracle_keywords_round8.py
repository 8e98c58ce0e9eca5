"""Issue 21's eighth round of keywords (the current official rules, 702.43 onward: the seed text stops at 702.42):
vanishing (702.63a), a keyword of the game loop (engine/game/vanishing.py). The cards are the card database's; the
games are in tests/data/games/702-*.yaml."""

from __future__ import annotations

import pytest

from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_vanishing_is_its_replacement_and_the_loop_s_two_triggers(n):
    """702.63a: "This permanent enters with N time counters on it" (614.1c), and the two triggered abilities the loop
    makes (engine/game/vanishing.py; the game is tests/data/games/702-63a-vanishing.yaml)."""
    (ab,) = compile_paragraph(f"Vanishing {n}")
    assert ab.keyword == "vanishing" and ab.n == n
    r = ab.replacement
    assert (r.event, r.do, r.n, r.kind, r.object.self_) == ("enter", "add_counters", n, "time", True)
    assert "702.63a" in executable_by(ab)


@pytest.mark.parametrize("paragraph", ["Vanishing", "Vanishing X", "Vanishing—Pay 2 life."])
def test_near_misses_of_vanishing_are_not_read(paragraph):
    """702.63b's bare vanishing and a variable number are not read as vanishing N."""
    assert compile_paragraph(paragraph) is None


@pytest.mark.parametrize("keyword, names", [
    ("vanishing", ("Waning Wurm", "Calciderm", "Deep Forest Hermit", "Omenpath to Naya")),
])
def test_database_cards_with_these_keywords_have_them_executable(db, keyword, names):  # noqa: F811
    from engine.files.dbcards import card_file

    for name in names:
        card = card_file(db.get(name))
        ab = next(a for a in card.abilities if getattr(a, "keyword", None) == keyword)
        assert executable_by(ab) is not None, name
