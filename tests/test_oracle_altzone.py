"""Issue 21: keywords that cast a card from another zone or for an alternative cost, executed by the game loop
(engine/game/altcast.py; the current official rules, the seed text stops at 702.42): disturb (702.146a-b) and
foretell (702.143a). The cards are the card database's; the games are tests/data/games/702-146*.yaml and
702-143a-foretell.yaml."""

from __future__ import annotations

import pytest

from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph


@pytest.mark.parametrize("name, cost", [("Baithook Angler // Hook-Haunt Drifter", "{1}{U}"),
                                        ("Beloved Beggar // Generous Soul", "{4}{W}{W}"),
                                        ("Twinblade Geist // Twinblade Invocation", "{2}{W}")])
def test_disturb_with_a_mana_cost_is_executed_by_the_game_loop(db, name, cost):  # noqa: F811
    (ab,) = [a for a in card_file(db.get(name)).abilities if getattr(a, "keyword", None) == "disturb"]
    assert ab.cost == cost and "702.146a" in executable_by(ab)


def test_disturb_names_its_rules():
    (ab,) = compile_paragraph("Disturb {3}{W} (You may cast this card from your graveyard transformed for its disturb "
                              "cost.)")
    assert (ab.keyword, ab.cost) == ("disturb", "{3}{W}")
    assert "702.146a" in executable_by(ab) and "702.146b" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "Disturb",  # no cost
    "Disturb {1}{U}. Draw a card.",  # more words than the keyword
])
def test_near_misses_of_disturb_do_not_compile(paragraph):
    assert compile_paragraph(paragraph) is None


def test_a_disturb_cost_in_words_is_not_executable():
    (ab,) = compile_paragraph("Disturb—Sacrifice a creature.")
    assert ab.keyword == "disturb" and executable_by(ab) is None  # the loop pays a cost of mana symbols only


@pytest.mark.parametrize("name, cost", [("Augury Raven", "{1}{U}"), ("Doomskar", "{1}{W}{W}")])
def test_foretell_with_a_mana_cost_is_executed_by_the_game_loop(db, name, cost):  # noqa: F811
    (ab,) = [a for a in card_file(db.get(name)).abilities if getattr(a, "keyword", None) == "foretell"]
    assert ab.cost == cost and "702.143a" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "Foretell",  # no cost
    "Foretell {1}{U}. Draw a card.",  # more words than the keyword
])
def test_near_misses_of_foretell_do_not_compile(paragraph):
    assert compile_paragraph(paragraph) is None


def test_a_foretell_cost_with_words_is_not_executable():
    (ab,) = compile_paragraph("Foretell—{1}{U}, Sacrifice a creature.")
    assert ab.keyword == "foretell" and executable_by(ab) is None  # the loop pays a cost of mana symbols only
