"""Issue 22's acceptance: the replace program decides which effects apply to an event (614.1, 615.1), to a
permanent entering as it would exist on the battlefield (614.12), who is dealt damage (614.9) and who chooses
(616.1). The bridge sends state and event facts only: no predicate the program derives is among the facts the
bridge may send (the "replace" vocabulary, docs/facts.md; test_replace_cases checks that every fact sent is
declared there)."""

from __future__ import annotations

from pathlib import Path

import clingo.ast as ast

from bridge.facts import REPLACE
from bridge.replace.division import FILES

RULES = Path(__file__).resolve().parent.parent / "asp_rules"
# the files of the replace program as the bridge grounds them, its task file (presentation) aside
PROGRAM = [RULES / f for f in FILES if not f.startswith("tasks/")]
# the verdicts of 614.1, 614.9, 614.12, 616.1, 122.6 and 614.1c: the program's, never the bridge's (which effects
# apply to an event, to who is dealt damage, to a permanent entering in each form; the counters of an entering
# permanent an effect is about; the forms in which it has its own effect on its counters; the objects a "for each"
# counts; who chooses)
VERDICTS = {"static_ok/2", "under_ok/4", "target_ok/3", "any_target/1", "chooser/2", "eff_on/3", "ab_has/4",
            "counted/3"}
# derived and also given, for a reason that is no verdict: itself(0) is the program's own fact (the form of a
# permanent entering as itself, 614.12), the forms with a value chosen are the bridge's; shield/3 is what is
# left of a shield for an event (615.7: each division solved apart), the program passes it on to the parts of
# an event a partial redirection splits (614.9); ev_player/2 and ev_token/2 are the facts of an event: the bridge
# gives those of the events given, the program those of the tokens an effect's modified event creates (616.1f)
# copy_opt/2: the copies a copy effect may have a permanent enter as: the bridge gives a parameter of the effect (a copy
# of its source, Essence of the Wild; "you may": as itself, 0), the program the objects a Clone may copy (616.1c)
BOTH = {"itself/1", "shield/3", "ev_player/2", "ev_token/2", "copy_opt/2"}


def heads(paths: list[Path]) -> set[str]:
    """The predicates in the heads of the rules of these files (name/arity)."""
    out: set[str] = set()

    def literal(lit) -> None:
        if lit.ast_type == ast.ASTType.Literal and lit.atom.ast_type == ast.ASTType.SymbolicAtom:
            s = lit.atom.symbol
            if s.ast_type == ast.ASTType.Function:
                out.add(f"{s.name}/{len(s.arguments)}")

    def rule(node) -> None:
        if node.ast_type != ast.ASTType.Rule:
            return
        h = node.head
        if h.ast_type == ast.ASTType.Literal:
            literal(h)
        elif h.ast_type in (ast.ASTType.Disjunction, ast.ASTType.Aggregate):
            for e in h.elements:
                literal(e.literal)

    ast.parse_files([str(p) for p in paths], rule)
    return out


def test_the_program_derives_every_verdict():
    assert {p.name for p in PROGRAM} >= {"replace.lp", "replace_applies.lp", "replace_chooser.lp", "selectors.lp"}
    derived = heads(PROGRAM)
    assert VERDICTS <= derived, sorted(VERDICTS - derived)


def test_the_bridge_sends_no_verdict():
    given = {p.signature for p in REPLACE.predicates}
    assert not VERDICTS & given, sorted(VERDICTS & given)
    assert heads(PROGRAM) & given == BOTH, sorted(heads(PROGRAM) & given)


def test_the_check_sees_a_verdict_given(tmp_path):
    """The check itself: a program deriving a predicate the vocabulary declares is caught."""
    lp = tmp_path / "x.lp"
    lp.write_text("ev_amount(I, 1) :- ev(I, damage).\nstatic_ok(E, I) :- eff(E, _, T), ev(I, T).\n")
    assert heads([lp]) == {"ev_amount/2", "static_ok/2"}
    assert "ev_amount/2" in {p.signature for p in REPLACE.predicates}
