"""A draw of several cards in the replace query is that many draws, one at a time (121.2, seed 000 line 949: "Si un
joueur reçoit l'instruction de piocher plusieurs cartes, il effectue autant de pioches individuelles"), each an event
the replacement effects look at as it would happen (121.6a, line 969: Laboratory Maniac reads the library then), each
finished before the next (121.6b, line 971), none after the game was won (104.1, line 137): bridge/replace/draws.py,
and the oracle's tests/oracles/replace_draws.py, each from the rules text.

The outcome's form: the draws' final events one after the other, successive ones of one kind for the player as one
event of their amounts (two draws that stayed draws: `draw` amount 2, as before); an order's effect ids are written
ID@k for the k-th draw."""

from __future__ import annotations

import pytest

from bridge.replace import DrawsApart, replace
from conftest import DATA
from engine.files.events import events_from_data
from engine.files.library import load_library
from engine.files.loader import board_from_data
from oracles.replace import event_key, oracle_replace

LIBRARY = load_library([DATA / "cards"])
RETURN = "example_if_you_would_draw_a_card_return_a_card_from_your_graveyard_instead#1"


def _ask(battlefield: list, library: dict, event: dict):
    board = {"players": ["alice", "bob"], "battlefield": battlefield, "library": library}
    state = board_from_data(board, LIBRARY, "board")
    events = events_from_data({"event": event}, state, LIBRARY)
    got = replace(state, events)
    want = oracle_replace(state, events, LIBRARY)  # the oracle, on its own reading of 121.2
    mine = {tuple(event_key(e) for e in o.events): {tuple(x) for x in o.orders} for o in got.outcomes}
    assert mine == want["outcomes"]
    return got, [(o.events, o.orders, o.order_count) for o in got.outcomes]


def test_laboratory_maniac_replaces_the_second_draw_once_the_library_is_empty():
    """121.2, 121.6a, 614.1a: bob has 1 card in his library and draws 2: the first draw is a draw, the second is made
    from an empty library, and Laboratory Maniac replaces it: bob wins (phase.rs reads it so; mtgjudge once answered one
    draw of 2 that Laboratory Maniac didn't replace, the library not empty as the one event began)."""
    got, outs = _ask([{"card": "Laboratory Maniac", "controller": "bob"}], {"bob": ["Island"]},
                     {"type": "draw", "player": "bob", "amount": 2})
    assert outs == [([{"type": "draw", "player": "bob", "amount": 1}, {"type": "win_game", "player": "bob", "amount": 1}],
                     [["laboratory_maniac#1@2"]], 1)]
    assert [e.id for e in got.applicable] == ["laboratory_maniac#1"] and got.choosers == ["bob"]


def test_the_game_won_no_more_cards_are_drawn_104_1():
    """104.1: a game ends at once when a player wins: bob, with 2 cards, draws 4 under Laboratory Maniac: two draws,
    then the third is replaced by the win, and there is no fourth."""
    _, outs = _ask([{"card": "Laboratory Maniac", "controller": "bob"}], {"bob": ["Island", "Forest"]},
                   {"type": "draw", "player": "bob", "amount": 4})
    assert outs == [([{"type": "draw", "player": "bob", "amount": 2}, {"type": "win_game", "player": "bob", "amount": 1}],
                     [["laboratory_maniac#1@3"]], 1)]


def test_a_draw_of_two_with_cards_enough_and_no_effect_is_a_draw_of_two():
    """121.2: two draws from a library of 5, nothing replacing them: written as one draw of 2, as before; an opponent's
    Laboratory Maniac doesn't apply (109.4: "you" is its controller)."""
    five = ["Island", "Forest", "Swamp", "Mountain", "Plains"]
    got, outs = _ask([{"card": "Laboratory Maniac", "controller": "alice"}], {"bob": five},
                     {"type": "draw", "player": "bob", "amount": 2})
    assert outs == [([{"type": "draw", "player": "bob", "amount": 2}], [[]], 1)]
    assert got.applicable == []


def test_an_effect_replacing_a_draw_applies_to_each_draw_614_1a():
    """614.1a, 614.5, 121.2: "If you would draw a card, return a card from your graveyard to your hand instead" gets
    one opportunity at each draw (each an event of its own): both of alice's draws become cards returned, once each."""
    got, outs = _ask([{"card": "Example: If You Would Draw a Card, Return a Card From Your Graveyard Instead",
                       "controller": "alice"}],
                     {"alice": ["Island", "Forest", "Swamp"]}, {"type": "draw", "player": "alice", "amount": 2})
    assert outs == [([{"type": "return_to_hand", "player": "alice", "amount": 2}], [[f"{RETURN}@1", f"{RETURN}@2"]], 1)]


def test_several_choices_multiply_with_the_draws():
    """616.1, 121.2, 121.6a: alice's library is empty; under Laboratory Maniac and the return effect she chooses, at each
    draw, which applies first: Laboratory Maniac (she wins, and nothing more is drawn, 104.1) or the return (the draw is
    no longer a draw: Laboratory Maniac no longer applies to it, 616.1f); then the second draw the same way."""
    got, outs = _ask([{"card": "Laboratory Maniac", "controller": "alice"},
                      {"card": "Example: If You Would Draw a Card, Return a Card From Your Graveyard Instead",
                       "controller": "alice"}], {}, {"type": "draw", "player": "alice", "amount": 2})
    assert sorted(map(repr, (e for e, _, _ in outs))) == sorted(map(repr, [
        [{"type": "win_game", "player": "alice", "amount": 1}],
        [{"type": "return_to_hand", "player": "alice", "amount": 1}, {"type": "win_game", "player": "alice", "amount": 1}],
        [{"type": "return_to_hand", "player": "alice", "amount": 2}]]))
    assert sorted(o for _, orders, _ in outs for o in orders) == sorted([
        ["laboratory_maniac#1@1"], [f"{RETURN}@1", "laboratory_maniac#1@2"], [f"{RETURN}@1", f"{RETURN}@2"]])
    assert {e.id for e in got.applicable} == {"laboratory_maniac#1", RETURN}


def test_a_draw_of_several_cards_among_simultaneous_events_is_refused():
    """121.2: such a draw is several events one after the other, not one of simultaneous events (616.2): said, with the
    fix, never answered as one event."""
    state = board_from_data({"players": ["alice", "bob"]}, LIBRARY, "board")
    events = events_from_data({"events": [{"type": "draw", "player": "bob", "amount": 2},
                                          {"type": "life_gain", "player": "alice", "amount": 1}]}, state, LIBRARY)
    with pytest.raises(DrawsApart, match="one at a time"):
        replace(state, events)


def test_a_draw_an_effect_makes_that_runs_out_of_cards_under_laboratory_maniac_is_refused():
    """121.7 (line 975): the draws a replacement makes of another event happen one at a time too; the program has them
    one draw of that many. Alice gains 2 life, which becomes drawing 2 cards, with 1 card in her library and her
    Laboratory Maniac: the second draw, from an empty library, would be a win (121.6a): refused, said, not answered as
    a draw of 2. With 2 cards, it is a draw of 2."""
    gain = "Example: If You Would Gain Life, Draw That Many Cards Instead"
    board = {"players": ["alice", "bob"], "battlefield": [{"card": gain, "controller": "alice"},
                                                          {"card": "Laboratory Maniac", "controller": "alice"}],
             "library": {"alice": ["Island"]}}
    state = board_from_data(board, LIBRARY, "board")
    events = events_from_data({"event": {"type": "life_gain", "player": "alice", "amount": 2}}, state, LIBRARY)
    with pytest.raises(DrawsApart, match="one at a time"):
        replace(state, events)
    board["library"] = {"alice": ["Island", "Forest"]}
    state = board_from_data(board, LIBRARY, "board")
    got = replace(state, events_from_data({"event": {"type": "life_gain", "player": "alice", "amount": 2}}, state,
                                          LIBRARY))
    assert [o.events for o in got.outcomes] == [[{"type": "draw", "player": "alice", "amount": 2}]]


def test_a_million_draws_from_an_empty_library_nothing_modifies():
    """121.2, 121.4: a draw of 1,000,000 cards from an empty library, no effect on draws: each draw after the first is
    the same (no card drawn, nothing replacing it): one draw of 1,000,000, as before, without a solve per draw."""
    state = board_from_data({"players": ["alice", "bob"]}, LIBRARY, "board")
    got = replace(state, events_from_data({"event": {"type": "draw", "player": "bob", "amount": 1_000_000}}, state,
                                          LIBRARY))
    assert [(o.events, o.orders, o.order_count) for o in got.outcomes] == [
        ([{"type": "draw", "player": "bob", "amount": 1_000_000}], [[]], 1)]
