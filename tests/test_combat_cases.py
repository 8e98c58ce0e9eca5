"""Attack and block cases as data (tests/data/combat/*.yaml): EXAMPLES.md's 508-509 entries and
classic cases, each with the stated legal declarations and verdicts."""

from __future__ import annotations

import re

import pytest
import yaml

from bridge.combat import Declaration, all_legal, best, build_problem, check
from conftest import DATA
from engine.files.declaration import declaration_from_data
from engine.files.library import load_library
from engine.files.loader import board_from_data

CASES = [(path.stem, case) for path in sorted((DATA / "combat").glob("*.yaml"))
         for case in yaml.safe_load(path.read_text(encoding="utf-8"))]
LIBRARY = load_library([DATA / "cards"])


def _decl(data, side, state) -> Declaration:
    return declaration_from_data(data or {}, side, state)


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_combat_case(case):
    side = case["side"]
    state = board_from_data(case["board"], LIBRARY, "case")
    problem = build_problem(state)
    expect = case.get("expect", {})
    top = best(problem, side)
    assert top.proven
    if "max_obeyed" in expect:
        assert top.max_obeyed == expect["max_obeyed"], case["rule"]
    if "legal" in expect:
        got = all_legal(problem, side, 1000)
        assert got.complete
        want = sorted(((d := _decl(x, side, state)).pairs, d.pay) for x in expect["legal"])
        assert sorted((d.pairs, d.pay) for d in got.declarations) == want, case["rule"]
    for c in case.get("checks", []):
        v = check(problem, _decl(c["declaration"], side, state))
        assert v.legal == c["legal"], (c, [x.message for x in v.violations])
        if "codes" in c:
            assert sorted({x.code for x in v.violations}) == sorted(c["codes"]), [x.message for x in v.violations]
        for x in v.violations:
            assert x.message.startswith(x.rule + ": ")
        if "band_blocks" in c:  # 702.22h: [blocker, attacker] blocked through its band
            assert sorted(map(list, v.band_blocks)) == sorted(c["band_blocks"])
        if "triggers" in c:  # [source, object ...] for each ability that triggers (508.2a, 509.3)
            assert sorted([t.source, *t.objects] for t in v.triggers) == sorted(c["triggers"])


def test_the_combat_facts_use_only_declared_predicates(sent_facts):
    """docs/facts.md documents the "combat" vocabulary: every fact the bridge sends is declared there."""
    from bridge import combat as bridge_combat
    from bridge.facts import COMBAT

    recorder = sent_facts(bridge_combat)
    for _, case in CASES:
        state = board_from_data(case["board"], LIBRARY, "case")
        problem = build_problem(state)
        best(problem, case["side"])
        for c in case.get("checks", []):
            check(problem, _decl(c["declaration"], case["side"], state))
    used = recorder.signatures()
    assert used and used <= {p.signature for p in COMBAT.predicates}, sorted(used - {p.signature for p in COMBAT.predicates})


# the objects a rule or a trigger names: the programs' (asp_rules/combat_selectors.lp with asp_rules/selectors.lp, 611.3a)
SELECTOR_VERDICTS = {"subject", "rule_match", "rule_filtered", "rule_defender_has", "trigger_subject", "trigger_by",
                     "trigger_filtered"}


def test_the_bridge_sends_no_selector_verdicts():
    """611.3a: what a combat rule or trigger names (its subjects, the attackers or blockers it names, the players who
    control a permanent it names, the blockers that count) is derived by the programs from the selectors and the
    state: none of it is a fact of the "combat" vocabulary, nor sent on any case's board."""
    from bridge.facts import COMBAT

    assert not SELECTOR_VERDICTS & {p.name for p in COMBAT.predicates}
    for _, case in CASES:
        facts = build_problem(board_from_data(case["board"], LIBRARY, "case")).facts
        sent = {f.split("(", 1)[0].strip() for line in facts for f in re.split(r"\.\s+(?=[a-z_]+\()", line)}
        assert not SELECTOR_VERDICTS & sent, (case["name"], sorted(SELECTOR_VERDICTS & sent))


@pytest.mark.parametrize("side,declaration", [("attack", {"attacks", "pay", "band"}), ("block", {"blocks", "pay"})])
def test_requirements_read_the_board_alone(side, declaration):
    """check() settles max_obeyed from the requirements that apply (req/2) without the optimization
    (bridge/combat.py): that holds only while no rule for req/2 depends on the declaration."""
    from clingo import ast

    import asp_rules

    depends: dict[str, set[str]] = {}

    class Body(ast.Transformer):
        def __init__(self):
            self.names: set[str] = set()

        def visit_SymbolicAtom(self, x):
            if x.symbol.ast_type == ast.ASTType.Function:
                self.names.add(x.symbol.name)
            return x

    def add(statement):
        if statement.ast_type != ast.ASTType.Rule:
            return
        heads, body = Body(), Body()
        heads(statement.head)
        for lit in statement.body:
            body(lit)
        if statement.head.ast_type == ast.ASTType.Aggregate:  # a choice's conditions are its body too
            for e in statement.head.elements:
                for c in e.condition:
                    body(c)
        for h in heads.names:
            depends.setdefault(h, set()).update(body.names)

    # the side's program, and the objects its rules name (611.3a: combat_selectors.lp with the shared selectors.lp)
    ast.parse_files([str(asp_rules.path(f)) for f in (f"{side}.lp", "combat_selectors.lp", "selectors.lp")], add)
    reached, todo = set(), ["req"]
    while todo:
        for name in depends.get(todo.pop(), ()):
            if name not in reached:
                reached.add(name)
                todo.append(name)
    assert "req" in depends and not reached & declaration, sorted(reached & declaration)

