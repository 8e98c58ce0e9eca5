"""The witness search against its oracle (tests/oracles/loops.py: brute force over the probe domain's boards, the
layers oracle deciding each): on pairs of layer abilities drawn by hypothesis, the same verdict within the domain
(a witness exists, or none does); and the search's witness is one the oracle confirms too."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.app.loops.model import AbilityRef, Finding, Goal
from engine.app.loops.search import candidate_edges, continuous_abilities, search
from engine.files.loader import board_from_data
from oracles.layers import oracle_layers
from oracles.loops import _holds, witness_exists

# a generous limit: a timeout proves nothing and would fail a test on a loaded machine (no timing is asserted)
LIMIT = 300.0

# the library's classic layer cards (EXAMPLES.md C1-C6, E54) and a few more of the package
CARDS = ("Blood Moon", "Urborg, Tomb of Yawgmoth", "Humility", "Opalescence", "Conspiracy", "March of the Machines",
         "Mycosynth Lattice", "Life and Limb", "Prismatic Omen", "Flight", "Grounded", "Glorious Anthem")
MAX_PROBES = 1  # small boards: the brute force runs the oracle on every one


@pytest.fixture(scope="module")
def pairs(library):
    refs = [(r, layers) for c in CARDS if library.get(c) is not None for r, layers in continuous_abilities(library, c)]
    return sorted((a, b, layer) for (a, la), (b, lb) in ((x, y) for x in refs for y in refs if x[0] < y[0])
                  for layer in la if layer in lb)


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_search_and_the_brute_force_agree_within_the_domain(library, pairs, data):
    a, b, layer = data.draw(st.sampled_from(pairs))
    goal = data.draw(st.sampled_from([Goal(((a, b),)), Goal(((b, a),)), Goal((), loop=True)]))
    found = search(library, (a, b), layer, goal, max_probes=MAX_PROBES, time_limit=LIMIT)
    board = witness_exists(library, (a, b), layer, goal, MAX_PROBES)
    assert isinstance(found, Finding) == (board is not None), (a, b, layer, goal, found, board)
    if isinstance(found, Finding):  # the oracle confirms the search's witness too
        assert _holds(oracle_layers(board_from_data(found.witness, library, "<w>")), (a, b), layer, goal)


# cards whose pairs the value-level pruning rules out (loops.lp: a type, a subtype, a color, a keyword written that
# the other reads not): Kormus Bell makes Swamps creatures (Blood Moon reads land), Mycosynth Lattice adds artifact
# (Conspiracy reads creature), Goblin King grants mountainwalk (Chaosphere reads flying) ...
PRUNED_CARDS = CARDS + ("Levitation", "Archetype of Imagination", "Crusade", "Goblin King", "Chaosphere", "Bad Moon",
                        "Painter's Servant", "Kormus Bell")


@pytest.fixture(scope="module")
def pruned(library):
    """The ordered pairs of one layer of PRUNED_CARDS the pruning rules out: those only its value level rules out,
    and all of them."""
    refs = {r: layers for c in PRUNED_CARDS if library.get(c) is not None
            for r, layers in continuous_abilities(library, c)}
    kept = set(candidate_edges(library, sorted(refs)))
    coarse = set(candidate_edges(library, sorted(refs), value_level=False))
    every = sorted((a, b, layer) for a in refs for b in refs if a != b for layer in refs[a] if layer in refs[b]
                   and (a, b, layer) not in kept)
    return sorted(coarse - kept), every


@settings(max_examples=16, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_the_brute_force_finds_no_witness_for_a_pruned_pair(library, pruned, data):
    value_level, every = pruned
    assert value_level and set(value_level) <= set(every)
    a, b, layer = data.draw(st.sampled_from(value_level) | st.sampled_from(every))
    assert witness_exists(library, (a, b), layer, Goal(((a, b),)), MAX_PROBES) is None, (a, b, layer)


def test_the_oracle_finds_the_c6_loop_and_no_c3_reverse(library):
    l_and_l, omen = AbilityRef("Life and Limb", 1), AbilityRef("Prismatic Omen", 1)
    assert witness_exists(library, (l_and_l, omen), "4", Goal((), loop=True), 2) is not None
    urborg, moon = AbilityRef("Urborg, Tomb of Yawgmoth", 1), AbilityRef("Blood Moon", 1)
    assert witness_exists(library, (urborg, moon), "4", Goal(((moon, urborg),)), 1) is None
