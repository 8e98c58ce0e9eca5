"""Issue 21, keywords about casting (the current official rules, 702.43 onward: the seed text stops at 702.42):
sunburst (702.44a), two replacement effects on the permanent as it enters (614.1c, 614.12): +1/+1 counters for each
color of mana spent to cast it if it's a creature, otherwise that many charge counters (the replace program's n_per
colors_spent). The cards are the card database's; the game is tests/data/games/702-44a-sunburst-*.yaml."""

from __future__ import annotations

import pytest

from carddata import db, library_with  # noqa: F401 (the fixture: the card database's index of the session)
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph


def test_sunburst_is_two_replacements_as_it_enters():
    """702.44a: the +1/+1 branch on the permanent that would be a creature as it enters (614.12), the charge branch on
    one that wouldn't, each for each color of mana spent to cast it (601.2h)."""
    (ab,) = compile_paragraph("Sunburst")
    first, second = ab.replacement, ab.second_replacement
    assert (first.event, first.do, first.n, first.n_per, first.kind) == ("enter", "add_counters", 1, "colors_spent", None)
    assert first.object.self_ and first.object.types == ["Creature"] and not first.object.not_types
    assert (second.event, second.do, second.n, second.n_per, second.kind) == ("enter", "add_counters", 1,
                                                                             "colors_spent", "charge")
    assert second.object.self_ and second.object.not_types == ["Creature"] and not second.object.types
    assert executable_by(ab) == "replace (614-616)"
    (other,) = compile_paragraph("Flying")
    assert other.second_replacement is None


@pytest.mark.parametrize("paragraph", ["Sunburst 2", "Sunburst {1}", "Sunburst—Sacrifice a creature."])
def test_near_misses_of_sunburst_are_not_read(paragraph):
    """Sunburst takes no number nor cost (702.44a)."""
    assert compile_paragraph(paragraph) is None


@pytest.mark.parametrize("keyword, names", [
    ("sunburst", ("Suntouched Myr", "Pentad Prism", "Etched Oracle", "Skyreach Manta")),
])
def test_database_cards_with_these_keywords_have_them_executable(db, keyword, names):  # noqa: F811
    from engine.files.dbcards import card_file

    for name in names:
        card = card_file(db.get(name))
        ab = next(a for a in card.abilities if getattr(a, "keyword", None) == keyword)
        assert executable_by(ab) is not None, name


_SCALES = {"card": "Hardened Scales", "controller": "alice", "id": "hs"}
_MARCH = {"card": "March of the Machines", "controller": "bob", "id": "mm"}


@pytest.mark.parametrize("battlefield, card, spent, counters", [
    # a creature: two +1/+1 counters for two colors, and Hardened Scales' one more (122.6)
    ([_SCALES], "Suntouched Myr", "{W}{U}{U}", {"+1/+1": 3}),
    # a noncreature artifact: two charge counters (Hardened Scales is about +1/+1 counters only)
    ([_SCALES], "Pentad Prism", "{B}{R}", {"charge": 2}),
    # the same artifact a creature as it would enter (March of the Machines, 614.12): +1/+1 counters instead
    ([_MARCH], "Pentad Prism", "{B}{R}", {"+1/+1": 2}),
    # colorless mana only: no counter (702.44a: no color spent)
    ([_SCALES], "Pentad Prism", "{C}{C}", {}),
])
def test_the_replace_program_agrees_with_its_oracle(battlefield, card, spent, counters):
    """The replace program and the permutation oracle (tests/oracles/replace.py) on sunburst's two branches."""
    from test_replace_oracle import _agree

    from bridge.replace import replace
    from engine.files.events import events_from_data, with_entering_cards
    from engine.files.loader import board_from_data

    library = library_with("Suntouched Myr", "Pentad Prism", "Hardened Scales")  # (March of the Machines: the shipped file)
    board = {"players": ["alice", "bob"], "battlefield": battlefield, "hand": {"alice": [{"card": card, "id": "x"}]}}
    event = {"event": {"type": "enter", "object": "x", "controller": "alice", "mana_spent": spent}}
    _agree(0, board, event, library)
    state = board_from_data(board, library, "case")
    entered, entering, _ = with_entering_cards(state, events_from_data(event, state, library), library)
    (outcome,) = replace(entered, entering).outcomes
    (enter,) = [e for e in outcome.events if e["type"] == "enter"]
    assert {k: v for k, v in enter.get("counters", {}).items() if v} == counters
