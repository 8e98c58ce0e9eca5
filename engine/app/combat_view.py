"""Output of `mtgjudge attack` and `mtgjudge block`: verdicts, the best declaration, every legal one."""

from __future__ import annotations

from typing import Any

from bridge.combat_types import AllLegal, Best, CombatProblem, Declaration, Verdict

from engine.app.render import Output


def _rows(problem: CombatProblem, decl: Declaration) -> list[tuple[str, str, str]]:
    name = problem.names.get
    rows = [(x, name(x, x), f"{y} ({name(y, y)})" if y in problem.names else y) for x, y in decl.pairs]
    return rows or [("-", "(no creature)", "-")]


def _pay_line(decl: Declaration) -> str:
    return "costs paid for: " + (", ".join(decl.pay) if decl.pay else "none")


def print_declaration(con: Output, problem: CombatProblem, decl: Declaration, title: str) -> None:
    verb = "attacks" if decl.side == "attack" else "blocks"
    con.table(title, ["id", "creature", verb], _rows(problem, decl))
    if decl.pay:
        con.print(_pay_line(decl))
        con.print()
    if decl.bands:
        con.print("bands (702.22c): " + "; ".join(", ".join(b) for b in decl.bands))
        con.print()


def print_verdict(con: Output, problem: CombatProblem, decl: Declaration, v: Verdict) -> None:
    con.print(f"verdict: {'legal' if v.legal else 'illegal'}")
    con.print(f"requirements obeyed: {v.obeyed} (the most any declaration that breaks no restriction "
              f"and pays no cost obeys: {v.max_obeyed})")
    con.print()
    print_declaration(con, problem, decl, "the declaration")
    if v.violations:
        con.table("what makes it illegal", ["rule", "objects", "why"],
                  [(x.rule, ", ".join(x.objects), x.message) for x in v.violations])
    if v.band_blocks:
        name = problem.names.get
        con.table("also blocked through its band (702.22h)", ["blocker", "attacker"],
                  [(f"{b} ({name(b, b)})", f"{a} ({name(a, a)})") for b, a in v.band_blocks])
    if v.better is not None:
        print_declaration(con, problem, v.better, f"a legal declaration, obeying {v.max_obeyed}")
    if v.triggers:
        rule = "508.2a" if decl.side == "attack" else "509.3"
        con.table(f"abilities that trigger on this declaration ({rule})", ["source", "ability", "for", "text"],
                  [(t.source, str(t.ability), ", ".join(t.objects) or "-", t.text) for t in v.triggers])


def print_best(con: Output, problem: CombatProblem, side: str, b: Best) -> None:
    con.print(f"max_obeyed: {b.max_obeyed}")
    con.print()
    if b.example is not None:
        print_declaration(con, problem, b.example, "a legal declaration")


def print_all(con: Output, problem: CombatProblem, side: str, a: AllLegal, limit: int) -> None:
    con.print(f"max_obeyed: {a.max_obeyed}")
    more = "" if a.complete else f" (stopped at --limit {limit}; there are more)"
    con.print(f"legal declarations: {len(a.declarations)}{more}")
    con.print()
    rows = []
    for i, d in enumerate(a.declarations, 1):
        text = ", ".join(f"{x} -> {y}" for x, y in d.pairs) or "(no creature)"
        if d.pay:
            text += f"; pay: {', '.join(d.pay)}"
        rows.append((str(i), text))
    con.table("", ["#", "declaration"], rows)


def verdict_json(v: Verdict) -> dict[str, Any]:
    return v.to_dict()


def best_json(b: Best) -> dict[str, Any]:
    return {"max_obeyed": b.max_obeyed, "example": b.example.to_dict() if b.example is not None else None}


def all_json(a: AllLegal, limit: int) -> dict[str, Any]:
    return {"max_obeyed": a.max_obeyed, "count": len(a.declarations), "complete": a.complete,
            "limit": limit, "declarations": [d.to_dict() for d in a.declarations]}
