"""Replacement benchmark: the replace program against the permutation oracle, 2 to 10 applicable
effects on one event, and 20 simultaneous events.

Run from the repository root:  python benchmarks/bench_replace.py [--quick] [--write docs/performance.md]

Boards: N permanents with damage replacement effects that all apply to a red creature's damage to an
opponent (Furnace of Rath, Dictate of the Twin Gods: double; Fiery Emancipation: triple; Torbran:
plus 2; Gisela: double to opponents), drawn at random; one damage event, or 20 simultaneous damage
events (one from each of 20 creatures). The solver lists at most 100 orders per outcome (the
command's default) and counts them all; the oracle tries every permutation (616.1), on one event
while that is feasible. Medians over several boards; the characteristics after the layers are
computed once per board, before the timing.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from report import main, peak_memory, ran_on  # noqa: E402
from bridge import SolverConfig  # noqa: E402
from bridge.layers import compute_layers  # noqa: E402
from bridge.replace import replace  # noqa: E402
from engine.files.events import events_from_data  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from oracles.replace import oracle_replace  # noqa: E402

EFFECTS = ("Furnace of Rath", "Dictate of the Twin Gods", "Fiery Emancipation", "Torbran, Thane of Red Fell",
           "Gisela, Blade of Goldnight")
ORACLE_MAX = 8  # 9! and 10! permutations take minutes to hours in the oracle


def board(seed: int, n: int, sources: int) -> tuple[dict, dict]:
    rng = random.Random(seed)
    bf = [{"card": rng.choice(EFFECTS), "controller": "alice"} for _ in range(n)]
    bf += [{"card": "Raging Goblin", "controller": "alice", "id": f"g{k}"} for k in range(sources)]
    events = [{"type": "damage", "source": f"g{k}", "target": "bob", "amount": 1, "combat": True} for k in range(sources)]
    return {"players": ["alice", "bob"], "battlefield": bf}, ({"event": events[0]} if sources == 1 else {"events": events})


def measure(quick: bool) -> list[dict]:
    library = load_library()
    config = SolverConfig(time_limit=120)
    rows = []
    cases = [(n, 1) for n in range(2, 11)] + [(n, 20) for n in (2, 4, 6)]
    if quick:
        cases = [(n, 1) for n in range(2, 8)] + [(4, 20)]
    for n, sources in cases:
        boards = 5
        solver_t, oracle_t, outcomes, orders, choices = [], [], [], [], []
        for seed in range(boards):
            data, event = board(seed, n, sources)
            state = board_from_data(data, library, "bench")
            events = events_from_data(event, state, library)
            layers = compute_layers(state, config)
            t = time.perf_counter()
            got = replace(state, events, config, layers=layers)
            solver_t.append(time.perf_counter() - t)
            outcomes.append(len(got.outcomes))
            orders.append(sum(o.order_count for o in got.outcomes))
            choices.append(got.choices)
            if sources == 1 and n <= ORACLE_MAX:
                t = time.perf_counter()
                want = oracle_replace(state, events)
                oracle_t.append(time.perf_counter() - t)
                assert len(want["outcomes"]) == len(got.outcomes), f"{n} effects, seed {seed}"
                assert sum(len(v) for v in want["outcomes"].values()) == orders[-1]
        rows.append({"effects": n, "events": sources, "boards": boards,
                     "solver_ms": statistics.median(solver_t) * 1000, "solver_worst_ms": max(solver_t) * 1000,
                     "oracle_ms": statistics.median(oracle_t) * 1000 if oracle_t else None,
                     "outcomes": statistics.median(outcomes), "orders": statistics.median(orders),
                     "choices": statistics.median(choices)})
        print(rows[-1], flush=True)
    return rows


def markdown(rows: list[dict]) -> str:
    lines = [
        "## Replacement: the replace program and the permutation oracle",
        "",
        ran_on("bench_replace.py") + ", one process, "
        "medians (and the worst) over 5 boards per row. N damage replacement effects that all apply (doublers, a "
        "tripler, +2), on one damage event or on 20 simultaneous ones. Solver: one solve of asp_rules/replace.lp "
        "(every reachable state and choice), the orders counted on the graph and at most 100 listed per outcome; "
        "choices: the edges of that graph. Oracle: every permutation tried (616.1), one event, up to "
        f"{ORACLE_MAX} effects ({ORACLE_MAX}! = {math.factorial(ORACLE_MAX)} orders); they agree on the number of "
        "outcomes and of orders wherever both ran.",
        "",
        peak_memory(),
        "",
        "| effects | events | solver median (ms) | solver worst (ms) | oracle median (ms) | outcomes | orders | choices |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        oracle = "-" if r["oracle_ms"] is None else f"{r['oracle_ms']:.1f}"
        lines.append(f"| {r['effects']} | {r['events']} | {r['solver_ms']:.1f} | {r['solver_worst_ms']:.1f} | {oracle} | "
                     f"{r['outcomes']:.0f} | {r['orders']:.0f} | {r['choices']:.0f} |")
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick='2 to 7 effects on one event, 4 on 20')
