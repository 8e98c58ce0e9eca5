"""The bridge: facts from a state, deterministic solving, time limit, optimization, grounding size."""

from __future__ import annotations

import time

import pytest

from bridge import SolverConfig, board_facts, run_task
from bridge.facts import BOARD, facts_text
from bridge.solve import SolveError, solve
from engine.files.loader import load_board_text

BOARD_TEXT = """
players: [alice, bob, carol]
active: bob
life: {carol: 7}
player_counters: {alice: {poison: 3}}
battlefield:
  - {card: Grizzly Bears, controller: alice, counters: {"+1/+1": 2}, damage: 1, tapped: true}
  - {card: Lure, controller: bob, attached_to: grizzly_bears}
  - {card: "Ashiok, Wicked Manipulator", controller: carol, counters: {loyalty: 5}}
  - {card: Hill Giant, controller: bob, summoning_sick: true}
effects:
  - {from: Giant Growth, controller: alice, targets: [grizzly_bears]}
  - {from: Pyroclasm, controller: bob, affected: [grizzly_bears, hill_giant], duration: end_of_turn}
hand: {alice: [Forest]}
library: {alice: [Island, Swamp]}
combat:
  attackers: {hill_giant: ashiok_wicked_manipulator}
"""


@pytest.fixture
def state(library):
    return load_board_text(BOARD_TEXT, library, "t.yaml")


def test_board_facts_say_what_the_board_says(state):
    text = facts_text(board_facts(state))
    for fact in [
        'active("bob").', 'life("carol",7).', 'life("alice",20).', 'player_counter("alice","poison",3).',
        'seat("carol",3).', 'in_zone("grizzly_bears",battlefield).', 'timestamp("lure",2).',
        'counter("grizzly_bears","+1/+1",2).', 'damage("grizzly_bears",1).', 'tapped("grizzly_bears").',
        'attached_to("lure","grizzly_bears").', 'summoning_sick("hill_giant").', 'printed_type("lure",enchantment).',
        'printed_subtype("lure","Aura").', 'keyword("lure",1,enchant).', 'keyword_quality("lure",1,"creature").',
        'ability("lure",2,requirement).', 'printed_power("grizzly_bears",2).', 'mana_value("lure",3).',
        'printed_color("lure",green).', 'printed_loyalty("ashiok_wicked_manipulator",5).',
        'effect(1).', 'effect_source(1,"Giant Growth").', 'effect_target(1,"grizzly_bears").',
        'effect_timestamp(1,5).', 'effect_duration(1,end_of_turn).', 'in_zone("forest",hand).',
        'position("island",1).', 'position("swamp",2).',
        'effect_affected_given(2).', 'effect_affected(2,"grizzly_bears").', 'effect_affected(2,"hill_giant").', 'attacking("hill_giant","ashiok_wicked_manipulator").',
    ]:
        assert fact in text.splitlines(), fact
    assert 'controller("forest","alice").' not in text  # 108.4a: cards in hands have no controller


def test_every_fact_uses_a_declared_predicate(state):
    declared = {p.signature for p in BOARD.predicates}
    for f in board_facts(state):
        assert f.predicate.signature in declared


def test_board_task_golden_answer_set(state):
    result = run_task("board", state)
    assert result.status == "sat"
    assert result.model.text() == [
        'defending_player("carol")',  # 506.2: attacked through her planeswalker
        'opponent("alice","bob")', 'opponent("alice","carol")', 'opponent("bob","alice")',
        'opponent("bob","carol")', 'opponent("carol","alice")', 'opponent("carol","bob")',
        'permanent("ashiok_wicked_manipulator")', 'permanent("grizzly_bears")', 'permanent("hill_giant")',
        'permanent("lure")',
    ]
    assert result.size.rules > 0 and result.size.atoms > 0
    assert result.exhausted


def test_solving_is_deterministic(state):
    first = run_task("board", state)
    second = run_task("board", state)
    assert first.model.text() == second.model.text()


CHOICE = """
item(1..4).
{ pick(X) : item(X) } 2.
#show pick/1.
"""


def test_all_models_are_enumerated_in_a_fixed_order():
    r = solve([], "", programs=[CHOICE])
    assert r.status == "sat" and r.exhausted
    assert len(r.models) == 1 + 4 + 6  # subsets of at most 2 of 4 items
    assert [m.text() for m in r.models] == sorted(m.text() for m in r.models)
    assert r.models == solve([], "", programs=[CHOICE]).models


OPT = """
item(1..4). weight(1,3). weight(2,3). weight(3,1). weight(4,2).
{ pick(X) : item(X) } 2.
#maximize { W,X : pick(X), weight(X,W) }.
#show pick/1.
"""


def test_optimization_keeps_only_proven_optima_once():
    r = solve([], "", programs=[OPT], optimize=True)
    assert r.status == "sat" and r.exhausted
    assert [m.atoms("pick") for m in r.models] == [[(1,), (2,)]]  # the one best pair, reported once
    assert r.models[0].cost == (-6,)  # clingo negates #maximize
    assert r.models[0].optimal


OPT_TIES = OPT.replace("weight(4,2)", "weight(4,3)")


def test_optimization_reports_every_optimum():
    r = solve([], "", programs=[OPT_TIES], optimize=True)
    assert sorted(tuple(m.atoms("pick")) for m in r.models) == [((1,), (2,)), ((1,), (4,)), ((2,), (4,))]


def test_unsatisfiable():
    r = solve([], "", programs=["a. :- a."])
    assert r.status == "unsat" and r.models == []


# Pigeonhole: 13 pigeons in 12 holes, exponential for clasp's default search.
HARD = """
p(1..13). h(1..12).
1 { in(P,H) : h(H) } 1 :- p(P).
:- in(P,H), in(Q,H), P < Q.
"""


def test_time_limit_reports_a_timeout_and_never_hangs():
    t0 = time.perf_counter()
    r = solve([], "", programs=[HARD], config=SolverConfig(time_limit=0.5))
    elapsed = time.perf_counter() - t0
    assert r.status == "timeout" and r.timed_out
    assert not r.exhausted
    assert elapsed < 30  # it returned: the limit cancelled the search


def test_a_broken_program_is_a_solve_error():
    with pytest.raises(SolveError):
        solve([], "", programs=["a :- b(."])


def test_programs_are_loaded_only_from_asp_rules():
    import asp_rules

    with pytest.raises(ValueError):
        asp_rules.path("../bridge/solve.py")
    with pytest.raises(FileNotFoundError):
        asp_rules.path("nothing.lp")


PRUNABLE = """
a(X) :- f(X).
b(X) :- a(X), not g(X).
c(X, Y) :- g(X), f(Y).
e(X) :- c(X, _).
d :- not e(1).
h(X) :- late(X).
#show a/1. #show b/1. #show c/2. #show d/0. #show h/1.
"""


def test_pruning_leaves_the_answer_set_as_it_is(tmp_path):
    """solve(prune=...) leaves out the rules that can't fire on the facts (here those that need g/1,
    which nothing gives): the answer set is the same (gringo's cost per rule at each ground call is
    what it saves); a predicate named
    in ``prune`` (facts a later part adds) keeps its rules."""
    program = tmp_path / "p.lp"
    program.write_text(PRUNABLE)
    full = solve([program], "f(1). f(2).")
    pruned = solve([program], "f(1). f(2).", prune=())
    assert pruned.model.text() == full.model.text() == ["a(1)", "a(2)", "b(1)", "b(2)", "d"]
    from bridge.prune import Prunable, fact_keys
    from bridge.solve import _parsed
    program_rules = Prunable(_parsed(str(program), program.stat().st_mtime))
    kept = program_rules.kept(fact_keys("f(1). f(2)."))
    assert not any(str(s).startswith(("c(X,Y)", "e(X)", "h(X)")) for s in kept)
    later = program_rules.kept(fact_keys("f(1). f(2).").with_later(frozenset({"late"})))
    assert any(str(s).startswith("h(X)") for s in later)
