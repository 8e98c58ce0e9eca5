"""bridge/prune.py: the rules left out before grounding can't fire, so the answers are the same."""

from __future__ import annotations

import random

import clingo
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bridge.combat import _declaration_facts, best, build_problem, program
from bridge.prune import Prunable, fact_keys
from bridge.solve import solve
from conftest import DATA
from engine.files.declaration import declaration_from_data
from engine.app.generate import random_combat_board, random_declaration
from engine.files.library import load_library
from engine.files.loader import board_from_data

LIBRARY = load_library([DATA / "cards"])


def test_fact_keys():
    k = fact_keys('a. p(x, "s(y), z"). q(f(c), d). r(X). t(1..3;5).')
    assert k is not None
    assert k.names == {"a", "p", "q", "f", "r", "t"}
    # none inside the string; a function term's name counts as a constant of the names it is inside
    assert k.constants == {("p", "x"), ("q", "c"), ("q", "d"), ("f", "c"), ("q", "f")}
    assert k.open == {"r"}
    assert k.possible("p", (None, frozenset({"x", "w"}))) and not k.possible("p", (frozenset({"z"}),))
    assert k.possible("r", (frozenset({"anything"}),)) and not k.possible("s", ())
    for text in ("p :- q.", "#const n = 1. p(n).", "{p}.", "p | q.", "p(X) : q(X).", "% p\n"):
        assert fact_keys(text) is None, text


def _answer_sets(program: str, facts: str, prune: bool) -> list[list[str]]:
    import tempfile
    from pathlib import Path

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "p.lp"
        path.write_text(program, encoding="utf-8")
        return [m.text() for m in solve([path], facts, prune=prune).models]


@pytest.mark.parametrize("program,facts,left_out", [
    # a literal whose constant no fact has; then what only that rule derived
    ("p(X) :- q(X, a). r(X) :- p(X). s(X) :- q(X, b). #show p/1. #show r/1. #show s/1.",
     'q(1, b). q(2, "a").', 2),
    # a pool of constants: one of them is enough
    ("p(X) :- q(X, (a; c)). #show p/1.", "q(1, c).", 0),
    # an external defines its atom; a #const is not a constant of the facts
    ("#external e(1). p :- e(X). #const k = b. r :- q(k). #show p/0. #show r/0.", "q(b).", 0),
    # a function term in a literal: its name inside that predicate, and its constants inside it, must be in a fact
    ("p(X) :- q(X, f(a)). r(X) :- q(X, g(_)). s(X) :- q(X, f(Y)), t(Y). #show p/1. #show r/1. #show s/1.",
     "q(1, f(b)). q(2, h(a)). t(b). g(c).", 2),
    # recursion keeps its rules (over-approximated), facts of a derived name count
    ("p(X) :- p(Y), X = Y + 1, X < 3. p(X) :- base(X). r(X) :- p(X), not q(X). #show r/1.", "p(0).", 1),
])
def test_pruning_keeps_the_answer_sets(program, facts, left_out):
    keys = fact_keys(facts)
    statements = []
    clingo.ast.parse_string(program, statements.append)
    kept = Prunable(tuple(statements)).kept(keys)
    assert len(statements) - len(kept) == left_out
    assert _answer_sets(program, facts, True) == _answer_sets(program, facts, False)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), side=st.sampled_from(["attack", "block"]))
def test_pruned_combat_solves_agree(seed, side):
    """The check's answer set, the optimum and every legal declaration: the same with and without the
    rules that can't fire (the best declaration found may differ: gringo orders the program otherwise)."""
    board = random_combat_board(seed, LIBRARY, side)
    state = board_from_data(board, LIBRARY, f"seed {seed}")
    problem = build_problem(state)
    facts = "\n".join(problem.facts) + "\n"
    decl = declaration_from_data(random_declaration(random.Random(seed).randrange(2**32), board, side), side,
                                 state).canonical()
    check_facts = "\n".join(problem.facts + _declaration_facts(decl)) + "\n"
    files, first = program(problem, side, "check")
    assert solve(files, check_facts, prune=(), first=first).model.text() == \
        solve(files, check_facts, first=first).model.text()
    assert best(problem, side, max_only=True).max_obeyed == best(problem, side).max_obeyed
    files, first = program(problem, side, "all")
    top = best(problem, side).max_obeyed
    full = solve(files, facts, constants={"max_obeyed": top}, first=first)
    assert [m.text() for m in solve(files, facts, constants={"max_obeyed": top}, prune=(), first=first).models] == \
        [m.text() for m in full.models]


def _layers_answer(state):
    from bridge.layers import compute_layers

    r = compute_layers(state)
    return r.objects, r.order, r.dependencies, r.loops, r.steps, r.in_force


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1))
def test_pruned_layers_solves_agree(library, monkeypatch, seed):
    """The layers (613) on a generated board: the same characteristics, order, dependencies, loops and
    number of solves with the rules the facts can't fire left out (by name, constants and function
    terms: the effects' values are function terms, op_val(E,I,W,greatest(S,p))) as with every rule whose
    facts' names are there kept."""
    from engine.app.generate import random_layers_board

    board = random_layers_board(seed, library, permanents=10, max_effects=5)
    state = board_from_data(board, library, f"seed {seed}")
    pruned = _layers_answer(state)
    with monkeypatch.context() as m:  # every pattern whose name a fact has counts as possible
        m.setattr(Prunable, "_from_facts", lambda self, keys: tuple(name in keys.names for name, *_ in self.requirements))
        kept = _layers_answer(state)
    assert pruned == kept, f"seed {seed}: {board}"
