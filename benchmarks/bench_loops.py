"""The dependency catalogue's benchmark (docs/loops.md): the size of the whole compiled pool's catalogue, and how fast
its searches go, measured on a seeded sample of it, with the estimate for the whole pool on 2 cores.

Run from the repository root:  python benchmarks/bench_loops.py [--quick] [--write docs/performance.md]

Measured: the whole compiled pool (engine/app/loops/pool.py ``compiled_pool``): its cards, continuous-effect
abilities and classes of equivalent ones, the ordered pairs of one layer and those the pruning keeps
(search.candidate_edges over the whole pool, timed), round one's searches (engine/app/loops/catalogue.py) and an
upper bound of round two's (every round-one edge taken as unwitnessed). Timed: a seeded sample of round one's
searches, in one process and in 2 worker processes (engine/app/loops/workers.py ``run_tasks``, as `mtgjudge loops
--jobs N` runs them). Reference, in the same run: the layers task alone (compute_layers, as `mtgjudge layers`) on
each witness board found, the price of one confirmation, which every search pays at least once.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from report import main, peak_memory, ran_on  # noqa: E402
from engine.app.loops import search  # noqa: E402
from engine.app.loops.catalogue import considered_pairs, round_one, round_two  # noqa: E402
from engine.app.loops.model import Absent, Finding  # noqa: E402
from engine.app.loops.pool import ability_classes, compiled_pool  # noqa: E402
from engine.app.loops.workers import Settings, run_tasks  # noqa: E402
from engine.files.library import load_library  # noqa: E402

SEED = 27
SAMPLE = (60, 16)  # round-one searches timed: full run, --quick
CLASSES = (400, 150)  # ability classes drawn from the whole pool for the pruning and the searches: full run, --quick


def _layers_ms(library, boards: list[dict]) -> float:
    from bridge import SolverConfig
    from bridge.layers import compute_layers
    from engine.files.loader import board_from_data

    times = []
    for board in boards:
        state = board_from_data(board, library)
        t = time.perf_counter()
        compute_layers(state, SolverConfig(time_limit=20.0))
        times.append(time.perf_counter() - t)
    return 1000 * statistics.median(times) if times else float("nan")


def measure(quick: bool) -> list[dict]:
    library = load_library()
    t = time.perf_counter()
    cards = compiled_pool(library)
    classes = ability_classes(library, cards, search.continuous_abilities)
    t_pool = time.perf_counter() - t
    rng = random.Random(SEED)
    drawn = sorted(rng.sample(classes, min(len(classes), CLASSES[1] if quick else CLASSES[0])), key=lambda c: c.ref)
    t = time.perf_counter()
    candidates = search.candidate_edges(library, [c.ref for c in drawn])
    t_prune = time.perf_counter() - t
    first = round_one(candidates)
    second = round_two(candidates, first, [Absent(x.layer, x.members, x.goal, "searched") for x in first])
    # the whole pool's, from the sample's: per layer, kept pairs grow as the square of the abilities with parts in it
    scale = {layer: (n_all / n) ** 2 for layer in considered_pairs(classes)
             if (n := sum(layer in c.layers for c in drawn)) > 1 and (n_all := sum(layer in c.layers for c in classes))}
    whole_first = sum(scale.get(x.layer, 0) for x in first)
    whole_second = sum(scale.get(x.layer, 0) * (len(classes) / len(drawn)) for x in second)
    sample = rng.sample(first, min(len(first), SAMPLE[1] if quick else SAMPLE[0]))
    settings = Settings((), 20.0)
    t = time.perf_counter()
    results = run_tasks(sample, settings, jobs=1)
    t1 = time.perf_counter() - t
    t = time.perf_counter()
    again = run_tasks(sample, settings, jobs=2)
    t2 = time.perf_counter() - t
    # the same results whatever runs them, but for a search that reaches its time limit (the machine's load)
    differ = sum(repr(a) != repr(b) for a, b in zip(again, results))
    timeouts = sum(isinstance(x, Absent) and x.why == "timeout" for x in results + again)
    witnesses = [r.witness for r in results if isinstance(r, Finding)]
    rate1, rate2 = len(sample) / t1, len(sample) / t2
    return [{"cards": len(cards), "abilities": sum(len(c.cards) for c in classes), "classes": len(classes),
             "considered": sum(considered_pairs(classes).values()), "drawn": len(drawn),
             "drawn_considered": sum(considered_pairs(drawn).values()), "kept": len(candidates), "t_prune": t_prune,
             "t_pool": t_pool, "round1": len(first), "round2": len(second), "whole1": whole_first,
             "whole2": whole_second, "sample": len(sample),
             "found": len(witnesses), "rate1": rate1, "rate2": rate2, "layers_ms": _layers_ms(library, witnesses),
             "search_ms": 1000 * t1 / len(sample), "differ": differ,
             "timeouts": timeouts}]


def markdown(rows: list[dict]) -> str:
    r = rows[0]
    whole1 = r["whole1"] / r["rate2"] / 3600
    whole2 = (r["whole1"] + r["whole2"]) / r["rate2"] / 3600
    lines = [
        "## The dependency catalogue: the whole compiled pool, measured on a sample",
        "",
        ran_on("bench_loops.py") + " (2 cores, shared with other work while measured). The pool: every card whose "
        "continuous effects compile (`mtgjudge loops --all`): its abilities and classes counted whole; the pruning "
        "run on classes drawn from it, round one (every kept pair, and every pair kept both ways as a loop) and "
        "round two (triples, an upper bound: every round-one edge taken as unwitnessed) counted on them and scaled "
        "to the whole pool layer by layer (kept pairs as the square of the abilities in the layer, triples as the "
        f"cube). Timed: {r['sample']} round-one searches drawn with seed {SEED}, in 1 and 2 worker "
        "processes (the same results both ways but for searches that reached their time limit, counted). "
        "Reference, in the same run: the layers task alone on each "
        "witness found (one confirmation; every search makes at least one).",
        "",
        peak_memory() + " (the main process)",
        "",
        "| measure | value |",
        "|---|---:|",
        f"| cards in the pool | {r['cards']} |",
        f"| continuous-effect abilities | {r['abilities']} |",
        f"| classes of equivalent abilities (searched once each) | {r['classes']} |",
        f"| ordered pairs of one layer considered, whole pool | {r['considered']} |",
        f"| classes drawn (seed {SEED}) / their pairs considered | {r['drawn']} / {r['drawn_considered']} |",
        f"| of those, kept by the pruning (candidate_edges, {r['t_prune']:.1f} s) | {r['kept']} |",
        f"| round one's searches, drawn classes / whole pool (estimate) | {r['round1']} / {r['whole1']:.0f} |",
        f"| round two's searches, upper bound, drawn classes / whole pool (estimate) | {r['round2']} / "
        f"{r['whole2']:.0f} |",
        f"| sample searched / found | {r['sample']} / {r['found']} |",
        f"| searches that reached the time limit (20 s), both runs / results that differ between them | "
        f"{r['timeouts']} / {r['differ']} |",
        f"| searches per second, 1 job | {r['rate1']:.2f} |",
        f"| searches per second, 2 jobs | {r['rate2']:.2f} |",
        f"| one search, median of the sample's mean (ms) | {r['search_ms']:.0f} |",
        f"| reference: the layers task on a witness (median, ms) | {r['layers_ms']:.0f} |",
        f"| estimate, whole pool, --max-size 2, 2 cores (hours) | {whole1:.1f} |",
        f"| estimate, whole pool, --max-size 3 upper bound, 2 cores (hours) | {whole2:.1f} |",
        f"| reading the pool and its classes (s) | {r['t_pool']:.0f} |",
    ]
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick="fewer searches timed")
