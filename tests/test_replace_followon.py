"""615.5, 616.1, 616.1f: who chooses the order of the effects on an event an effect makes: the affected player of
that event (the player who creates Kalitas' Zombie tokens, the controller of the creature getting Test of Faith's
counters), which may not be the first event's chooser."""

from __future__ import annotations

from bridge.replace import replace
from conftest import DATA
from engine.files.events import events_from_data
from engine.files.library import load_library
from engine.files.loader import board_from_data

LIBRARY = load_library([DATA / "cards"])


def _replace(board: dict, event: dict):
    state = board_from_data(board, LIBRARY, "test")
    return replace(state, events_from_data({"event": event}, state, LIBRARY))


def test_kalitas_tokens_are_chosen_by_the_player_who_creates_them():
    # Kalitas: "instead exile that card and create a 2/2 black Zombie creature token": bob's creature dies (bob
    # chooses, 616.1), alice creates the token (she orders Doubling Season and Anointed Procession on it)
    got = _replace({"players": ["alice", "bob"], "battlefield": [
        {"card": "Kalitas, Traitor of Ghet", "controller": "alice"}, {"card": "Doubling Season", "controller": "alice"},
        {"card": "Anointed Procession", "controller": "alice"}, {"card": "Grizzly Bears", "controller": "bob"}]},
        {"type": "zone_change", "object": "grizzly_bears", "from": "battlefield", "to": "graveyard"})
    assert got.choosers == ["bob"]
    assert got.made_choosers == [("Zombie tokens", "alice")]
    assert got.to_dict()["made_choosers"] == [{"event": "Zombie tokens", "chooser": "alice"}]
    assert [e["amount"] for o in got.outcomes for e in o.events if e["type"] == "token"] == [4]


def test_no_event_made_no_made_choosers():
    got = _replace({"players": ["alice", "bob"], "battlefield": [
        {"card": "Hardened Scales", "controller": "alice"}, {"card": "Grizzly Bears", "controller": "alice"}]},
        {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1})
    assert got.made_choosers == [] and "made_choosers" not in got.to_dict()


def test_counters_of_test_of_faith_are_chosen_by_the_creatures_controller():
    # Test of Faith on alice's Bears, cast by bob: the counters are put on alice's creature, she orders the effects on
    # them (616.1); her Hardened Scales adds one (3 + 1)
    got = _replace({"players": ["alice", "bob"], "battlefield": [
        {"card": "Hill Giant", "controller": "bob"}, {"card": "Grizzly Bears", "controller": "alice"},
        {"card": "Hardened Scales", "controller": "alice"}],
        "effects": [{"from": "Test of Faith", "controller": "bob", "targets": ["grizzly_bears"]}]},
        {"type": "damage", "source": "hill_giant", "target": "grizzly_bears", "amount": 4})
    assert got.made_choosers == [("+1/+1 counters on grizzly_bears", "alice")]
    assert [e for o in got.outcomes for e in o.events if e["type"] == "counters"] == [
        {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 4, "by": "bob"}]
