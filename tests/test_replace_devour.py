"""Devour by counts (702.82a, 614.13b): the replace program counts the creatures sacrificed, and the
bridge names the sets of each count (bridge/replace/devoured.py). When every outcome is listed, the
outcomes are counted by listing them; when --limit leaves some out, they are counted from the counts
(the sets of K creatures, weighted by their sacrifices' own outcomes, shared among permanents entering
at once): both counts agree, and the outcomes listed are outcomes of the full list. And the run keeps
its time limit, where the old encoding (each set of creatures in the states) ground for minutes."""

from __future__ import annotations

import time

import pytest

from bridge import SolverConfig
from bridge.layers import compute_layers
from bridge.replace import replace
from conftest import DATA
from engine.files.events import events_from_data
from engine.files.library import load_library
from engine.files.loader import board_from_data

LIBRARY = load_library([DATA / "cards"])


def _board(creatures: int, *, jund: bool = False, elders: int = 1, extra: tuple = (), tokens: int = 0) -> tuple:
    """alice's creatures (Runeclaw Bears and Grizzly Bears, and tokens copying Grizzly Bears), Thunder-Thrash Elders in
    her hand (or one on the stack with Jund's devour 5), and the `extra` permanents (card, controller)."""
    bf = [{"card": "Runeclaw Bear" if k % 2 else "Grizzly Bears", "controller": "alice", "id": f"c{k}"}
          for k in range(creatures)]
    bf += [{"card": "Grizzly Bears", "token": True, "controller": "alice", "id": f"t{k}"} for k in range(tokens)]
    bf += [{"card": card, "controller": who} for card, who in extra]
    data: dict = {"players": ["alice", "bob"], "battlefield": bf}
    if jund:
        data |= {"command": {"alice": ["Jund"]}, "stack": [{"card": "Thunder-Thrash Elder", "controller": "alice"}],
                 "effects": [{"from": "Jund", "ability": 1, "controller": "alice", "targets": ["thunder_thrash_elder"],
                              "duration": "indefinite"}]}
        events = {"event": {"type": "enter", "object": "thunder_thrash_elder", "controller": "alice"}}
    else:
        data["hand"] = {"alice": [{"card": "Thunder-Thrash Elder", "id": f"elder{k}"} for k in range(elders)]}
        events = {"events": [{"type": "enter", "object": f"elder{k}", "controller": "alice"} for k in range(elders)]}
    state = board_from_data(data, LIBRARY, "test")
    return state, events_from_data(events, state, LIBRARY)


BOARDS = {
    "two instances, Hardened Scales": dict(creatures=4, jund=True, extra=(("Hardened Scales", "alice"),)),
    "Rest in Peace and bob's Kalitas on each sacrifice (a token: Rest in Peace only)":
        dict(creatures=3, tokens=1, jund=True, extra=(("Rest in Peace", "bob"), ("Kalitas, Traitor of Ghet", "bob"))),
    "two Elders entering at once": dict(creatures=4, elders=2),
    "two Elders, Kalitas and Rest in Peace": dict(creatures=3, elders=2, extra=(("Rest in Peace", "bob"),
                                                                                ("Kalitas, Traitor of Ghet", "bob"))),
}


@pytest.mark.parametrize("name", BOARDS)
def test_the_outcomes_counted_from_the_counts_are_those_listed(name):
    state, events = _board(**BOARDS[name])
    layers = compute_layers(state)
    every = replace(state, events, limit=10**6, layers=layers)
    assert every.outcome_count == len(every.outcomes) > 5
    some = replace(state, events, limit=5, layers=layers)
    assert some.outcome_count == every.outcome_count
    assert 0 < len(some.outcomes) <= 5
    listed = {repr(o.events): o.orders for o in every.outcomes}
    for o in some.outcomes:
        assert repr(o.events) in listed
        assert o.orders == listed[repr(o.events)][:5]


def test_weights_two_outcomes_for_each_nontoken_sacrifice():
    """Kalitas ("If a nontoken creature an opponent controls would die, instead exile that card and create
    a 2/2 black Zombie creature token") and Rest in Peace ("If a card or token would be put into a
    graveyard from anywhere, exile it instead"): each of alice's Bears sacrificed goes one of two ways
    (alice orders the two effects, 616.1), the token one (Kalitas: nontoken only). With one
    devour instance (3 counters each), the outcomes are the sets: the product over each set's creatures
    of their ways, summed, (1 + 2)^3 * (1 + 1) = 54."""
    state, events = _board(creatures=3, tokens=1, extra=(("Rest in Peace", "bob"), ("Kalitas, Traitor of Ghet", "bob")))
    assert replace(state, events, limit=3).outcome_count == 54
    assert replace(state, events, limit=10**6).outcome_count == 54


def test_twenty_creatures_and_two_instances_keep_the_time_limit():
    """Thunder-Thrash Elder with Jund's devour 5 beside 20 creatures, Hardened Scales and Doubling Season
    (effects applied after devour, which read the counters): every set of the creatures with each split
    among the two instances, sum over m of C(20, m) (m + 1) = 2^20 + 20 * 2^19 = 11534336 outcomes (the
    counters 3k + 5(m - k) differ for each k; Scales and Doubling Season make some orders give other
    counters still). Solved within a 10 s time limit."""
    state, events = _board(creatures=20, jund=True, extra=(("Hardened Scales", "alice"), ("Doubling Season", "alice")))
    t = time.perf_counter()
    got = replace(state, events, SolverConfig(time_limit=10))
    assert time.perf_counter() - t < 10 and not got.timed_out
    assert got.outcome_count > 2 ** 20 + 20 * 2 ** 19
    assert len(got.outcomes) == 100


def test_a_run_past_its_time_limit_while_grounding_stops_at_it():
    """bridge/solve.py's clocked rules: the replace program's grounding (where a stratified program does
    its work) stops at the deadline. Ten doublers on one damage event take seconds; under 0.3 s the run
    reports a timeout, within the limit (and some slack for a loaded machine)."""
    effects = ["Furnace of Rath", "Dictate of the Twin Gods", "Fiery Emancipation", "Torbran, Thane of Red Fell",
               "Gisela, Blade of Goldnight"] * 2
    data = {"players": ["alice", "bob"],
            "battlefield": [{"card": c, "controller": "alice"} for c in effects]
            + [{"card": "Raging Goblin", "controller": "alice", "id": "g"}]}
    state = board_from_data(data, LIBRARY, "test")
    events = events_from_data({"event": {"type": "damage", "source": "g", "target": "bob", "amount": 1,
                                         "combat": True}}, state, LIBRARY)
    layers = compute_layers(state)
    t = time.perf_counter()
    got = replace(state, events, SolverConfig(time_limit=0.3), layers=layers)
    assert got.timed_out
    assert time.perf_counter() - t < 0.6
