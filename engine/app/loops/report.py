"""The catalogue's output (docs/loops.md, "Reading the catalogue"): JSON Lines (one finding a line, sorted), the
absences, the readable report, the witness boards as board files, and the dependency graph of the pool (DOT,
Mermaid: the drawing of `mtgjudge layers --graph`, engine/app/layers_view.py). The same catalogue gives the same
bytes."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from asp_rules.rulesdata import LAYERS
from engine.app.loops.catalogue import Catalogue

REASON_WORDS = {"existence": "existence", "text": "text", "applies_to": "what it applies to",
                "what_it_does": "what it does"}


def _sort_key(finding) -> tuple:
    return (LAYERS.index(finding.layer), finding.kind != "loop", finding.members,
            tuple((e.effect, e.depends_on, e.reason) for e in finding.edges))


def _asked(task) -> list[str]:
    if task.goal.loop:
        return [f"{', '.join(map(str, task.members))} in one dependency loop"]
    named = {m for edge in task.goal.edges for m in edge}
    others = [str(m) for m in task.members if m not in named]  # a third ability asked to be on the board
    with_ = f" (with {', '.join(others)} on the board)" if others else ""
    return [f"{a} depends on {b}{with_}" for a, b in task.goal.edges]


def records(cat: Catalogue, witness_paths: bool = True) -> list[dict[str, Any]]:
    """The findings as JSON records, sorted (layer, loops first, members, edges), numbered from 1; the witness a
    path (witnesses/board-NNNN.yaml) or, with ``witness_paths`` false, the board itself. Two searches that found
    the same members, edges and witness are one record asked for both."""
    cards_of = {c.ref: list(c.cards) for c in cat.classes}
    merged: dict[str, dict[str, Any]] = {}
    for task, f in cat.findings:
        rec = {"kind": f.kind, "layer": f.layer, "rule": f.rule, "members": [str(m) for m in f.members],
               "classes": {str(m): cards_of.get(m, [m.card]) for m in f.members},
               "edges": [{"effect": str(e.effect), "depends_on": str(e.depends_on), "reason": e.reason} for e in f.edges],
               "domain": f.domain, "witness": f.witness, "_key": _sort_key(f)}
        key = json.dumps({k: v for k, v in rec.items() if k != "_key"}, sort_keys=True, ensure_ascii=False)
        merged.setdefault(key, {**rec, "asked": []})["asked"].extend(_asked(task))
    out = []
    for n, rec in enumerate(sorted(merged.values(), key=lambda r: (r["_key"], json.dumps(r["witness"], sort_keys=True))), 1):
        rec.pop("_key")
        rec["asked"] = sorted(set(rec["asked"]))
        witness = rec.pop("witness")
        out.append({"id": n, **rec, "witness": f"witnesses/board-{n:04d}.yaml" if witness_paths else witness,
                    **({"_board": witness} if witness_paths else {})})
    return out


def absence_records(cat: Catalogue, pruned: bool = True) -> list[dict[str, Any]]:
    """The searches that found no board, and (``pruned``) the pairs the pruning ruled out, sorted."""
    rows = [{"layer": a.layer, "why": a.why, "asked": _asked(t), "members": [str(m) for m in a.members],
             "domain": a.domain} for t, a in cat.absences]
    rows += [{"layer": layer, "why": "pruned", "asked": [f"{a} depends on {b}"], "members": [str(m) for m in sorted((a, b))],
              "domain": ""} for a, b, layer in (cat.pruned if pruned else ())]
    return sorted(rows, key=lambda r: (LAYERS.index(r["layer"]), r["asked"], r["members"]))


def jsonl(rows: list[dict[str, Any]]) -> str:
    return "".join(json.dumps({k: v for k, v in r.items() if k != "_board"}, ensure_ascii=False, sort_keys=False)
                   + "\n" for r in rows)


def witness_yaml(rec: dict[str, Any]) -> str:
    import yaml

    head = (f"# witness {rec['id']} of the dependency catalogue (mtgjudge loops, docs/loops.md): "
            f"{rec['kind']} in layer {rec['layer']} ({rec['rule']})\n")
    head += "".join(f"# {e['effect']} depends on {e['depends_on']} ({e['reason']})\n" for e in rec["edges"])
    head += "# replay: mtgjudge layers THIS_FILE\n"
    return head + yaml.safe_dump(rec["_board"], sort_keys=False, allow_unicode=True, default_flow_style=None)


def summary(cat: Catalogue, rows: list[dict[str, Any]]) -> dict[str, Any]:
    """The counts of the report's head (and of --json's summary line)."""
    considered = sum(cat.considered.values())
    searched = Counter(t.why for t in cat.tasks)
    return {
        "cards": len(cat.cards), "abilities": sum(len(c.cards) for c in cat.classes), "classes": len(cat.classes),
        "pairs_considered": considered, "pairs_pruned": considered - len(cat.candidates),
        "pairs_kept": len(cat.candidates), "searches": dict(sorted(searched.items())),
        "found": len(rows), "dependencies": sum(r["kind"] == "dependency" for r in rows),
        "loops": sum(r["kind"] == "loop" for r in rows),
        "absent": len(cat.absences),
        "by_layer": {layer: n for layer in LAYERS if (n := sum(r["layer"] == layer for r in rows))},
        "by_reason": dict(sorted(Counter(e["reason"] for r in rows for e in r["edges"]).items())),
        "domains": sorted({r["domain"] for r in rows} | {a.domain for _, a in cat.absences}),
    }


def board_line(board: dict[str, Any]) -> str:
    """A witness board in a few words (the report without --out): its permanents and their controllers."""
    things = [f"{p.get('card', p.get('token', '?'))} ({p.get('controller', '?')})" for p in board.get("battlefield", [])
              if isinstance(p, dict)]
    return "the board " + "; ".join(things) if things else "the board of --json"


def _line(rec: dict[str, Any]) -> str:
    where = rec["witness"] if isinstance(rec["witness"], str) else board_line(rec["witness"])
    if rec["kind"] == "loop":
        head = f"{', '.join(rec['members'])} form a dependency loop (layer {rec['layer']}, {rec['rule']})"
    else:
        head = "; ".join(f"{e['effect']} depends on {e['depends_on']} (layer {rec['layer']}, {e['reason']}, "
                         f"{rec['rule']})" for e in rec["edges"])
    lines = [f"[{rec['id']}] {head} — witness: {where}"]
    if rec["kind"] == "loop":
        lines += [f"      {e['effect']} depends on {e['depends_on']} ({REASON_WORDS.get(e['reason'], e['reason'])})"
                  for e in rec["edges"]]
    for m, cards in rec["classes"].items():
        if len(cards) > 1:
            lines.append(f"      {m}: also on {len(cards) - 1} equivalent card(s): {', '.join(c for c in cards if c != m.rsplit('#', 1)[0])}")
    lines.append(f"      asked: {'; '.join(rec['asked'])}")
    return "\n".join(lines)


def report_text(cat: Catalogue, rows: list[dict[str, Any]], with_absences: bool = True) -> str:
    s = summary(cat, rows)
    out = ["The dependency catalogue (613.8a dependencies, 613.8b loops) — mtgjudge loops, docs/loops.md", "",
           f"cards: {s['cards']}; continuous-effect abilities: {s['abilities']} in {s['classes']} classes of equivalent ones",
           f"ordered pairs of one layer considered: {s['pairs_considered']}; pruned (no board can): {s['pairs_pruned']}; "
           f"kept: {s['pairs_kept']}",
           "searches: " + (", ".join(f"{k} {v}" for k, v in s["searches"].items()) or "none"),
           f"found: {s['found']} ({s['dependencies']} dependencies, {s['loops']} loops); "
           f"searched and absent: {s['absent']}",
           "by layer: " + (", ".join(f"{k}: {v}" for k, v in s["by_layer"].items()) or "-"),
           "by reason (edges): " + (", ".join(f"{k}: {v}" for k, v in s["by_reason"].items()) or "-"),
           (f"domains searched: {s['domains'][0]}" if len(s["domains"]) == 1 else
            f"domains searched: {len(s['domains'])} (each search's depends on its members: every line below names "
            "its own)" if s["domains"] else "domains searched: -"), ""]
    out += [_line(r) for r in rows]
    if with_absences and cat.absences:
        out += ["", "searched, no board found (searched: none in the domain; timeout: the time limit came first, "
                "nothing proven; unsupported: a member the domain can't hold):"]
        out += [f"  layer {a['layer']}: {'; '.join(a['asked'])} — {a['why']}" + (f" within {a['domain']}" if a["domain"] else "")
                for a in absence_records(cat, pruned=False)]
    if cat.pruned:
        out += ["", "pruned (the reads/writes analysis proves no board makes the first depend on the second):"]
        out += [f"  layer {layer}: {a} depends on {b}" for a, b, layer in cat.pruned]
    return "\n".join(out) + "\n"


def graph_text(cat: Catalogue, rows: list[dict[str, Any]], kind: str) -> str:
    """The dependency graph of the pool: a node per ability class (its representative), an edge per dependency
    found (labelled by its layers and reasons), the members of a loop marked; drawn as `mtgjudge layers --graph`
    draws a board's."""
    from engine.app.layers_view import graph_text as draw

    def node(name: str) -> str:  # (DOT reads ':' as a port and Mermaid ends a label at '"')
        return name.replace('"', "'").replace(":", ";")

    labels: dict[tuple[str, str], tuple[set, set]] = {}
    for r in rows:
        for e in r["edges"]:
            layers, reasons = labels.setdefault((node(e["effect"]), node(e["depends_on"])), (set(), set()))
            layers.add(r["layer"])
            reasons.add(e["reason"])
    deps = [{"effect": a, "depends_on": b, "layer": ",".join(sorted(ls, key=LAYERS.index)),
             "reason": ",".join(sorted(rs))} for (a, b), (ls, rs) in sorted(labels.items())]
    result = SimpleNamespace(order=[{"effect": node(str(c.ref))} for c in cat.classes], dependencies=deps,
                             loops=[[node(m) for m in r["members"]] for r in rows if r["kind"] == "loop"])
    return draw(result, kind)


def write(cat: Catalogue, out: Path) -> list[dict[str, Any]]:
    """catalogue.jsonl, absent.jsonl, report.txt, witnesses/, graph.dot and graph.mmd under ``out``."""
    rows = records(cat)
    (out / "witnesses").mkdir(parents=True, exist_ok=True)
    for old in sorted((out / "witnesses").glob("board-*.yaml")):
        old.unlink()
    for r in rows:
        (out / r["witness"]).write_text(witness_yaml(r), encoding="utf-8")
    (out / "catalogue.jsonl").write_text(jsonl(rows), encoding="utf-8")
    (out / "absent.jsonl").write_text(jsonl(absence_records(cat)), encoding="utf-8")
    (out / "report.txt").write_text(report_text(cat, rows), encoding="utf-8")
    (out / "graph.dot").write_text(graph_text(cat, rows, "dot"), encoding="utf-8")
    (out / "graph.mmd").write_text(graph_text(cat, rows, "mermaid"), encoding="utf-8")
    return rows
