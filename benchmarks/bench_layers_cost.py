"""Where the time of the layers solver goes: clingo's calls timed apart, on the boards of bench_layers.

Run from the repository root:  python benchmarks/bench_layers_cost.py [--quick] [--write docs/performance.md]

The same boards as benchmarks/bench_layers.py. Each clingo call the layers task makes is wrapped and
timed: creating and freeing a control, loading the program's statements into it (ProgramBuilder),
parsing the facts (Control.add), grounding, solving; the rest is Python (the facts written, the
answer sets read, the rules pruned). "Rules grounded" counts the rules of the program parts each
ground call instantiates (after pruning), summed over the calls of a board: gringo pays a cost for
each, whether or not it has instances. A synthetic program measures that cost on its own, and the
cost of a ground call that instantiates almost nothing, in a control that already holds a grounded
program. A last row does the same on the crosscheck's layers boards (benchmarks/bench_crosscheck.py:
10 permanents each, as `mtgjudge generate layers` makes them), and the sum of clingo's calls on them
bounds what any Python around them could reach (docs/performance.md, "Crosscheck").
"""

from __future__ import annotations

import statistics
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import clingo  # noqa: E402
from clingo import ast  # noqa: E402

import bridge.layers as layers  # noqa: E402
from bench_layers import board  # noqa: E402
from engine.app.generate import case_seed, random_layers_board  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from report import main, ran_on  # noqa: E402

SIZES = ((10, 5, 9), (50, 20, 9), (200, 50, 3))
CROSSCHECK_BOARDS = 60  # the crosscheck benchmark's layers cases
BODIES = (1, 2, 4, 6)  # body literals of the synthetic rules


class Meter:
    """Wraps clingo's calls with timers for one board at a time."""

    def __init__(self) -> None:
        self.times: Counter[str] = Counter()
        self.rules = 0
        self.calls = 0
        self.part_rules: dict[str, int] = {}
        self._part = "base"

    def install(self) -> None:
        meter = self
        originals = {}

        def timed(cls, name, label, before=None):
            original = getattr(cls, name)
            originals[(cls, name)] = original

            def wrapper(*args, **kwargs):
                if before is not None:
                    before(*args, **kwargs)
                t = time.perf_counter()
                try:
                    return original(*args, **kwargs)
                finally:
                    meter.times[label] += time.perf_counter() - t
            setattr(cls, name, wrapper)

        def new_control(self, *args, **kwargs):  # a new control: its program parts start empty
            meter.part_rules = {}
            meter._part = "base"

        def builder_add(self, statement):
            if statement.ast_type == ast.ASTType.Program:
                meter._part = statement.name
            elif statement.ast_type == ast.ASTType.Rule:
                meter.part_rules[meter._part] = meter.part_rules.get(meter._part, 0) + 1

        def ground(self, parts, *args, **kwargs):
            meter.calls += 1
            meter.rules += sum(meter.part_rules.get(name, 0) for name, _ in parts)

        timed(clingo.Control, "__init__", "control", new_control)
        timed(clingo.Control, "__del__", "control")
        timed(clingo.Control, "add", "facts")
        timed(clingo.Control, "ground", "ground", ground)
        timed(clingo.Control, "solve", "solve")
        timed(ast.ProgramBuilder, "add", "program", builder_add)
        self.originals = originals

    def uninstall(self) -> None:
        for (cls, name), original in self.originals.items():
            setattr(cls, name, original)

    def reset(self) -> None:
        self.times.clear()
        self.rules = self.calls = 0


def rule_cost(rules: int = 300) -> tuple[dict[int, float], float]:
    """gringo's cost per rule with no instance (microseconds), for rules of 1, 2, 4 and 6 body literals,
    and of a ground call that instantiates one fact in a control holding a grounded program of that
    many rules (microseconds; medians of 20)."""
    per_rule: dict[int, float] = {}
    per_call = []
    for body in BODIES:
        literals = ["q(X)"] + [f"r{{i}}_{j}(X)" for j in range(1, body)]
        program = "\n".join(f"p{i}(X) :- " + ", ".join(lit.format(i=i) for lit in literals) + "." for i in range(rules))
        times = []
        for _ in range(20):
            ctl = clingo.Control(["--warn=none"])
            ctl.add("base", [], "s(1).")
            ctl.add("part", ["k"], program)
            ctl.add("tiny", ["k"], "t(k).")
            ctl.ground([("base", [])])
            t = time.perf_counter()
            ctl.ground([("part", [clingo.Number(1)])])
            times.append((time.perf_counter() - t) / rules * 1e6)
            if body == 2:
                ctl.ground([("tiny", [clingo.Number(0)])])
                t = time.perf_counter()
                ctl.ground([("tiny", [clingo.Number(1)])])
                per_call.append((time.perf_counter() - t) * 1e6)
        per_rule[body] = statistics.median(times)
    return per_rule, statistics.median(per_call)


def state_rule_cost(facts: int = 1000, steps: int = 11) -> tuple[float, float, float]:
    """The state of a step derived from the last one's in one control, against the state's facts
    parsed and grounded afresh (milliseconds, medians of 5): (the rule grounded at the first step,
    at the last step, the facts afresh)."""
    text = " ".join(f'c(0,"o{i // 10}",k{i % 10},v{i}).' for i in range(facts))
    rule = 'c(t,O,K,V) :- c(t-1,O,K,V), not fresh(t,O). fresh(t,"o3"). c(t,"o3",k1,new).'
    first, last, afresh = [], [], []
    for _ in range(5):
        ctl = clingo.Control(["--warn=none"])
        ctl.add("base", [], text)
        ctl.add("step", ["t"], rule)
        ctl.ground([("base", [])])
        for t in range(1, steps + 1):
            start = time.perf_counter()
            ctl.ground([("step", [clingo.Number(t)])])
            took = (time.perf_counter() - start) * 1e3
            ctl.solve()
            if t == 1:
                first.append(took)
            if t == steps:
                last.append(took)
        start = time.perf_counter()
        fresh = clingo.Control(["--warn=none"])
        fresh.add("base", [], text.replace("c(0,", "c("))
        fresh.ground([("base", [])])
        afresh.append((time.perf_counter() - start) * 1e3)
    return statistics.median(first), statistics.median(last), statistics.median(afresh)


def measure(quick: bool) -> dict:
    library = load_library()
    sizes = SIZES[:2] if quick else SIZES
    meter = Meter()
    rows = []
    states = {(p, e): [board_from_data(board(s, library, p, e), library, "bench") for s in range(n)]
              for p, e, n in sizes}
    # the crosscheck's boards: 10 permanents, the generator's effects (the key's None)
    states[(10, None)] = [board_from_data(random_layers_board(case_seed(2025, i), library, permanents=10), library,
                                          "crosscheck") for i in range(CROSSCHECK_BOARDS if not quick else 10)]
    for state in states[sizes[0][:2]][:2]:  # warm the parsed programs and caches
        layers.compute_layers(state)
    meter.install()
    try:
        for (permanents, effects), boards in states.items():
            per_board = []
            for state in boards:
                meter.reset()
                t = time.perf_counter()
                result = layers.compute_layers(state)
                total = time.perf_counter() - t
                per_board.append({"total": total, "solves": result.steps, "calls": meter.calls, "rules": meter.rules,
                                  **{k: meter.times[k] for k in ("control", "program", "facts", "ground", "solve")}})
            row = {"permanents": permanents, "effects": effects, "boards": len(boards)}
            for key in per_board[0]:
                row[key] = statistics.median(b[key] for b in per_board)
            row["means"] = {key: statistics.mean(b[key] for b in per_board) for key in per_board[0]}
            row["python"] = statistics.median(
                b["total"] - sum(b[k] for k in ("control", "program", "facts", "ground", "solve")) for b in per_board)
            row["means"]["clingo"] = statistics.mean(sum(b[k] for k in ("control", "program", "facts", "ground", "solve"))
                                                     for b in per_board)
            rows.append(row)
            print(row, flush=True)
    finally:
        meter.uninstall()
    per_rule, per_call = rule_cost()
    return {"rows": rows, "per_rule": per_rule, "per_call": per_call, "state_rule": state_rule_cost()}


def markdown(found: dict) -> str:
    rows = found["rows"]
    lines = [
        "## Layers cost breakdown: clingo's calls timed apart",
        "",
        ran_on("bench_layers_cost.py") + ", one process, the boards of the layers benchmark and, last, the crosscheck's layers boards "
        "(medians per board; each column is the median of its own, so they need not add up). Each clingo call the "
        "layers task makes is timed: creating and freeing controls, loading the program's statements, "
        "parsing the facts, grounding, solving; Python is the rest (writing the facts, reading the answer "
        "sets, pruning). Rules grounded: the rules of the program parts each ground call instantiates "
        "(after pruning), summed over the calls.",
        "",
        "| permanents | effects | boards | total ms | solves | ground calls | rules grounded | ground ms | "
        "facts parse ms | program load ms | controls ms | solve ms | Python ms |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        effects = r["effects"] if r["effects"] is not None else "crosscheck's"
        lines.append(
            f"| {r['permanents']} | {effects} | {r['boards']} | {r['total'] * 1e3:.0f} | {r['solves']:.0f} | "
            f"{r['calls']:.0f} | {r['rules']:.0f} | {r['ground'] * 1e3:.1f} | {r['facts'] * 1e3:.1f} | "
            f"{r['program'] * 1e3:.1f} | {r['control'] * 1e3:.1f} | {r['solve'] * 1e3:.1f} | {r['python'] * 1e3:.1f} |")
    lines += [
        "",
        "gringo's own cost, on a synthetic program in the same run: "
        + ", ".join(f"{cost:.1f} microseconds" for cost in found["per_rule"].values())
        + " for each rule of a part it grounds, with no instance, for rules of "
        + ", ".join(str(b) for b in found["per_rule"]) + " body literals (it prepares every literal of a rule, "
        f"whether or not the first has atoms); {found['per_call']:.0f} microseconds for a ground call that "
        "instantiates one fact, in a control that holds a grounded program of 300 rules.",
        "",
    ]
    cross = next((r for r in rows if r["effects"] is None), None)
    if cross is not None:
        m = cross["means"]
        clingo_ms = (m["clingo"] - m["program"]) * 1e3
        lines += [
            f"The crosscheck's layers boards (the last row; means: {m['total'] * 1e3:.1f} ms a board, "
            f"{m['solves']:.2f} solves, {m['calls']:.1f} ground calls, {m['rules']:.0f} rules grounded): clingo's "
            f"own calls, the program load left out (the timer wraps each of its statements), take {clingo_ms:.1f} ms "
            f"a board, so that with no Python at all two cores would make at most {2000 / clingo_ms:.0f} of these "
            "cases a second.",
            "",
        ]
    lines += [
        "A state kept in one control from step to step (`c(t, O, K, V) :- c(t-1, O, K, V), not fresh(t, O).`), "
        f"on 1000 state facts: {found['state_rule'][0]:.1f} ms to ground that rule at the first step, "
        f"{found['state_rule'][1]:.1f} ms at the eleventh (solving after each), against "
        f"{found['state_rule'][2]:.1f} ms to parse and ground the facts in a new control.",
    ]
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick="the two smallest sizes")
