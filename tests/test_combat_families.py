"""The adversarial combat families (engine/app/combat_families.py: wide boards, all Lure, menace attackers that
must be blocked, identical creatures, multiple blocks, Grand Melee, costs; the attack side's "attacks each
combat", "can't attack alone", "can't attack unless", goad, costs) at small sizes, against the brute-force oracle
(tests/oracles/combat.py): max_obeyed by each of the solver's methods (bridge/combat.py best: the optimization, a
declaration reaching the relaxation's bound, the optimization with Berkmin's heuristic), and the bound itself
(bridge/combat_bound.py) never below the oracle's optimum. 500 boards per run, zero disagreement."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import bridge.combat as combat
from bridge.combat import best, bound, build_problem
from conftest import DATA
from engine.app.combat_families import ATTACK_FAMILIES, BLOCK_FAMILIES, family_board
from engine.files.library import load_library
from engine.files.loader import board_from_data
from oracles.combat import CombatOracle

LIBRARY = load_library([DATA / "cards"])


def _problem(side: str, family: str, seed: int, size: int):
    state = board_from_data(family_board(side, family, seed, size), LIBRARY, f"{family} {seed} {size}")
    return state, build_problem(state)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family=st.sampled_from(BLOCK_FAMILIES), seed=st.integers(0, 2**32 - 1), size=st.integers(1, 4),
       method=st.sampled_from(("optimization", "bound", "berkmin")))
def test_block_families_agree_with_the_oracle(family, seed, size, method):
    state, problem = _problem("block", family, seed, size)
    o_max = CombatOracle(state).block_max_obeyed()
    top = bound(problem, "block")
    assert top is None or top >= o_max, (family, seed, size, top, o_max)
    # each method in turn: the earlier ones given no conflict to spend (--solve-limit=1: stopped at once)
    with pytest.MonkeyPatch.context() as patch:
        if method in ("bound", "berkmin"):
            patch.setattr(combat, "_first_conflicts", lambda problem: 1)
        if method == "berkmin":
            patch.setattr(combat, "REACH_CONFLICTS", 1)
            patch.setattr(combat, "BOUND_CONFLICTS", 1)
        found = best(problem, "block")
    assert found.proven and found.max_obeyed == o_max, (family, seed, size, method, found, o_max)
    assert len(found.obeyed) == o_max
    if found.by_bound:
        assert top == o_max


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(family=st.sampled_from(ATTACK_FAMILIES), seed=st.integers(0, 2**32 - 1), size=st.integers(1, 5))
def test_attack_families_agree_with_the_oracle(family, seed, size):
    state, problem = _problem("attack", family, seed, size)
    found = best(problem, "attack")
    assert found.proven and found.max_obeyed == CombatOracle(state).attack_max_obeyed(), (family, seed, size)


def test_a_wide_board_is_proven_by_the_bound():
    """A 40x40 wide board (6 creatures that must be blocked, Lures; the optimization alone ran out of 60 s on such
    boards): the optimization's first conflicts don't prove it, a declaration reaching the relaxation's bound does."""
    state, problem = _problem("block", "wide", 0, 40)
    found = best(problem, "block")
    assert found.proven and found.by_bound and found.max_obeyed == bound(problem, "block") == 46
    assert len(found.obeyed) == 46


@pytest.mark.parametrize("family", BLOCK_FAMILIES)
def test_every_block_family_board_is_read(family):
    state, problem = _problem("block", family, 1, 6)
    assert len(state.combat.attackers) == 6
