"""Riot (702.136a, the current official rules: the seed text stops at 702.42): "You may have this permanent enter with
an additional +1/+1 counter on it. If you don't, it gains haste." A replacement with a choice as the permanent enters
(614.1c, 614.12: the replace program's eff_optional/1, and decline_bit/2 marking the counter declined); the game loop
gives the permanent haste on the outcome that declined it (engine/game/riot.py). The cards are the card database's;
the game is tests/data/games/702-136a-riot.yaml."""

from __future__ import annotations

import pytest

from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import library_with


def test_riot_is_an_optional_counter_and_haste_if_declined():
    (ab,) = compile_paragraph("Riot")
    r = ab.replacement
    assert (r.event, r.do, r.n, r.optional, r.declined_haste, r.kind, r.object.self_) == (
        "enter", "add_counters", 1, True, True, None, True)
    assert executable_by(ab) == "replace (614-616)"
    (unleash,) = compile_paragraph("Unleash")
    assert not unleash.replacement.declined_haste  # (702.98a: no haste when its counter is declined)


def test_haste_if_declined_goes_with_an_optional_counter_only():
    from engine.vocab.replacement import ReplacementRule
    from engine.vocab.selector import Selector

    with pytest.raises(ValueError):
        ReplacementRule(event="enter", object=Selector(self=True), do="add_counters", n=1, declined_haste=True)
    with pytest.raises(ValueError):
        ReplacementRule(event="enter", object=Selector(self=True), do="enter_tapped", declined_haste=True)


@pytest.mark.parametrize("paragraph", ["Riot 2", "Riot {1}", "Riot—Sacrifice a creature.", "Riots"])
def test_near_misses_of_riot_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


@pytest.mark.parametrize("name", ["Zhur-Taa Goblin", "Rampaging Rendhorn", "Frenzied Arynx", "Clamor Shaman"])
def test_database_cards_with_riot_have_it_executable(db, name):  # noqa: F811
    from engine.files.dbcards import card_file

    card = card_file(db.get(name))
    ab = next(a for a in card.abilities if getattr(a, "keyword", None) == "riot")
    assert executable_by(ab) is not None, name


def _enter(*ids):
    events = [{"type": "enter", "object": x, "controller": "alice"} for x in ids]
    return {"event": events[0]} if len(events) == 1 else {"events": events}


@pytest.mark.parametrize("battlefield, ids, want", [
    # alone: with the counter and no haste, or without it and with haste
    ([], ["x"], {(False, 1), (True, 0)}),
    # 122.6: Hardened Scales adds one to the counter it may enter with; declined, no counter to add to
    ([{"card": "Hardened Scales", "controller": "alice", "id": "hs"}], ["x"], {(False, 2), (True, 0)}),
    # 614.17d: under Solemnity it can't enter with the counter, but choosing the counter still forgoes haste
    ([{"card": "Solemnity", "controller": "bob", "id": "so"}], ["x"], {(False, 0), (True, 0)}),
    # two entering at once: each its own choice
    ([], ["x", "y"], {((False, 1), (False, 1)), ((False, 1), (True, 0)), ((True, 0), (False, 1)),
                      ((True, 0), (True, 0))}),
])
def test_the_replace_program_agrees_with_its_oracle(battlefield, ids, want):
    """The replace program and the permutation oracle (tests/oracles/replace.py) on riot: the outcome declining the
    counter says `gains_haste` (the oracle's own reading of 702.136a); each outcome as (haste, +1/+1 counters)."""
    from test_replace_oracle import _agree

    from bridge.replace import replace
    from engine.files.events import events_from_data, with_entering_cards
    from engine.files.loader import board_from_data

    board = {"players": ["alice", "bob"], "battlefield": battlefield,
             "hand": {"alice": [{"card": "Zhur-Taa Goblin", "id": x} for x in ids]}}
    event = _enter(*ids)
    library = library_with("Zhur-Taa Goblin", "Hardened Scales")  # (Solemnity: the package's card file)
    _agree(0, board, event, library)
    state = board_from_data(board, library, "case")
    entered, entering, _ = with_entering_cards(state, events_from_data(event, state, library), library)
    got = replace(entered, entering)
    seen = set()
    for o in got.outcomes:
        each = tuple((bool(e.get("gains_haste")), e["counters"].get("+1/+1", 0))
                     for e in sorted((e for e in o.events if e["type"] == "enter"), key=lambda e: e["object"]))
        seen.add(each[0] if len(each) == 1 else each)
    assert seen == want and len(got.outcomes) == len(want)
