"""Dash (702.109a, the current official rules: the seed text stops at 702.42): an alternative cost (601.2b, 601.2f-h),
a delayed triggered ability returning the permanent at the beginning of the next end step (603.7, engine/game/dash.py)
and a static ability of the permanent, "As long as this permanent's dash cost was paid, it has haste" (the keyword's
continuous effect, read by the layers program with the condition dash_paid; its oracle agrees). The cards are the card
database's; the games are tests/data/games/702-109a-dash*.yaml."""

from __future__ import annotations

import pytest

from bridge.layers import compute_layers
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from compare_layers import differences
from engine.files.library import load_library
from engine.files.loader import board_from_data
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph


def test_dash_with_a_mana_cost_is_executed_by_the_loop():
    (ab,) = compile_paragraph("Dash {1}{R}")
    assert (ab.keyword, ab.cost) == ("dash", "{1}{R}")
    assert "702.109a" in executable_by(ab)
    cont = ab.continuous  # its static ability: haste while its dash cost was paid, not characteristic-defining
    assert cont.condition.dash_paid == "self" and cont.applies_to.self_
    assert [g.keyword for op in cont.do for g in op.abilities] == ["haste"]


@pytest.mark.parametrize("cost", ["Pay 3 life.", "Sacrifice a creature."])
def test_a_dash_cost_in_words_is_not_executable(cost):
    """Only a mana cost is paid (601.2f-h, as flashback's and buyback's)."""
    assert executable_by(KeywordAbility(kind="keyword", keyword="dash", cost=cost)) is None


@pytest.mark.parametrize("paragraph", ["Dash", "Dash {1}{R} and haste", "Dash—{1}{R}, discard a card."])
def test_near_misses_of_dash_are_not_read_as_dash(paragraph):
    found = compile_paragraph(paragraph)
    assert found is None or all(getattr(a, "keyword", None) != "dash" or executable_by(a) is None for a in found)


@pytest.mark.parametrize("paid, haste", [(True, True), (False, False)])
def test_the_layers_give_haste_only_while_its_dash_cost_was_paid(db, paid, haste):  # noqa: F811
    """702.109a: Mardu Scout has haste only as the permanent its dashed spell became (a board's dash_paid); a Clone
    copying it has dash but not haste (its dash cost wasn't paid, 707.2); the oracle agrees on both boards."""
    library = load_library()
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Mardu Scout", "controller": "alice", "id": "scout", "dash_paid": paid},
        {"card": "Clone", "controller": "alice", "id": "clone", "copy_of": "scout"}]}
    state = board_from_data(board, library, "dash")
    result = compute_layers(state)
    assert ("haste" in result.objects["scout"]["abilities"]) is haste
    assert "haste" not in result.objects["clone"]["abilities"]
    assert differences(state) == []


def test_a_permanent_that_loses_its_abilities_loses_dash_s_haste(db):  # noqa: F811
    """613.1f, 613.8: Humility's effect removes dash, the ability whose effect gives haste (dependency: applied first):
    the dashed Scout has no haste; the oracle agrees."""
    library = load_library()
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Humility", "controller": "bob", "timestamp": 1},
        {"card": "Mardu Scout", "controller": "alice", "id": "scout", "dash_paid": True, "timestamp": 2}]}
    state = board_from_data(board, library, "dash and Humility")
    result = compute_layers(state)
    assert "haste" not in result.objects["scout"]["abilities"]
    assert differences(state) == []
