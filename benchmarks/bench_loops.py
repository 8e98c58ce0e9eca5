"""The dependency catalogue's benchmark (docs/loops.md): the size of the whole compiled pool's catalogue, and how
long its searches take, measured on a seeded sample of them run on a local Dask cluster, with the estimate (and its
spread) for the whole pool on 2 cores and the number of workers that make it in an hour.

Run from the repository root:  python benchmarks/bench_loops.py [--quick] [--write docs/performance.md]

Measured: the whole compiled pool (engine/app/loops/pool.py ``compiled_pool``): its cards, continuous-effect
abilities and classes of equivalent ones; the ordered pairs of one layer, and those the pruning keeps over the whole
pool (search.candidate_edges, one call, timed) at the predicate level alone (``value_level=False``: what the pruning
was before its value-level rules) and with them; round one's searches (engine/app/loops/catalogue.py) of both, and
round two's, counted (an upper bound: every round-one edge taken as unwitnessed). Timed: a seeded sample of round
one's searches, on a local Dask cluster of 2 worker processes (as `mtgjudge loops --backend dask` sends them:
engine/app/loops/workers.py run_chunk), each search timed in its worker after one search per worker to warm it (its
card library, the Oracle compiler's parsers). Reference, in the same run: the layers task alone (compute_layers, as
`mtgjudge layers`) on each witness board found, the price of one candidate board.
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
from engine.app.loops import search  # noqa: E402
from engine.app.loops.catalogue import considered_pairs, round_one  # noqa: E402
from engine.app.loops.model import Absent, Finding  # noqa: E402
from engine.app.loops.pool import ability_classes, compiled_pool  # noqa: E402
from engine.app.loops.workers import Settings, run_chunk  # noqa: E402
from engine.files.library import load_library  # noqa: E402

SEED = 27
SAMPLE = (150, 12)  # round-one searches timed: full run, --quick
TIME_LIMIT = 60.0  # each search's (the command's default)
WORKERS = 2


def _timed(task, settings):
    """One search in a worker: its result and its seconds."""
    t = time.perf_counter()
    result = run_chunk([task], settings)[0]
    return result, time.perf_counter() - t


def _compile(cards: list[str], settings) -> float:
    """In a worker: the seconds to compile the cards (the members' and the probes' of the sample's searches) the
    first time the worker meets them (as workers.run_chunk's library does), paid once per card and worker."""
    from engine.app.loops.workers import _library

    library = _library(settings.card_dirs)
    t = time.perf_counter()
    for card in cards:
        search.continuous_abilities(library, card)
    return time.perf_counter() - t


def _sample_cards(library, sample) -> list[str]:
    from engine.app.loops import domain

    cards = {r.card for t in sample for r in t.members}
    cards |= {p.card for t in sample for p in domain.probes_for(library, t.members)}
    return sorted(cards)


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


def second_round_bound(candidates) -> int:
    """Round two's searches if no round-one edge found a witness and no pair a loop (catalogue.round_two's
    enumeration, counted without making the tasks): the 3-cycles of kept pairs, and for each kept pair (A, B) the
    third abilities C kept as something A or B may depend on."""
    succ: dict[tuple[str, object], set] = {}
    for a, b, layer in candidates:
        succ.setdefault((layer, a), set()).add(b)
    cycles = sum(1 for a, b, layer in candidates if a < b for c in succ.get((layer, b), ())
                 if a < c and a in succ.get((layer, c), ()))
    thirds = sum(len((succ.get((layer, a), set()) | succ.get((layer, b), set())) - {a, b})
                 for a, b, layer in candidates)
    return cycles + thirds


def _bootstrap(times: list[float], rng: random.Random, n: int = 2000) -> tuple[float, float]:
    """The 95% interval of the mean of ``times`` (percentile bootstrap)."""
    means = sorted(statistics.fmean(rng.choices(times, k=len(times))) for _ in range(n))
    return means[int(0.025 * n)], means[int(0.975 * n) - 1]


def measure(quick: bool) -> list[dict]:
    from distributed import Client, LocalCluster

    library = load_library()
    t = time.perf_counter()
    cards = compiled_pool(library)
    classes = ability_classes(library, cards, search.continuous_abilities)
    t_pool = time.perf_counter() - t
    refs = [c.ref for c in classes]
    t = time.perf_counter()
    coarse = search.candidate_edges(library, refs, value_level=False)
    t_coarse = time.perf_counter() - t
    t = time.perf_counter()
    kept = search.candidate_edges(library, refs)
    t_prune = time.perf_counter() - t
    first = round_one(kept)
    rng = random.Random(SEED)
    sample = rng.sample(first, SAMPLE[1] if quick else SAMPLE[0])
    settings = Settings((), TIME_LIMIT)
    with LocalCluster(n_workers=WORKERS, threads_per_worker=1, processes=True, host="127.0.0.1",
                      dashboard_address=None) as cluster, Client(cluster) as client:
        workers = sorted(client.scheduler_info()["workers"])
        client.gather([client.submit(_timed, task, settings, workers=[w], pure=False)
                       for task, w in zip(first, workers)])
        # the sample's cards compiled in each worker first (a whole-pool run compiles each card once per worker,
        # and makes some 50 searches per card): their seconds measured apart
        sample_cards = _sample_cards(library, sample)
        t_compile = client.gather([client.submit(_compile, sample_cards, settings, workers=[w], pure=False)
                                   for w in workers])
        t = time.perf_counter()
        timed = client.gather(client.map(_timed, sample, settings=settings, pure=False))
        wall = time.perf_counter() - t
    results = [r for r, _ in timed]
    times = [s for _, s in timed]
    lo, hi = _bootstrap(times, random.Random(SEED))
    mean = statistics.fmean(times)
    found = [r.witness for r in results if isinstance(r, Finding)]
    tried = [r.detail["boards_tried"] for r in results if isinstance(r, Absent) and r.why == "searched"]
    return [{"cards": len(cards), "abilities": sum(len(c.cards) for c in classes), "classes": len(classes),
             "considered": sum(considered_pairs(classes).values()), "coarse": len(coarse), "t_coarse": t_coarse,
             "kept": len(kept), "t_prune": t_prune, "round1_coarse": len(round_one(coarse)), "round1": len(first),
             "round2": second_round_bound(kept), "t_pool": t_pool, "sample": len(sample), "found": len(found),
             "searched": sum(isinstance(r, Absent) and r.why == "searched" for r in results),
             "timeouts": sum(isinstance(r, Absent) and r.why == "timeout" for r in results),
             "tried_mean": statistics.fmean(tried) if tried else float("nan"),
             "tried_median": statistics.median(tried) if tried else float("nan"),
             "mean": mean, "lo": lo, "hi": hi, "median": statistics.median(times),
             "p90": sorted(times)[max(0, math.ceil(0.9 * len(times)) - 1)], "max": max(times), "wall": wall,
             "layers_ms": _layers_ms(library, found), "compiled": len(sample_cards),
             "compile_s": statistics.fmean(t_compile) / max(1, len(sample_cards))}]


def markdown(rows: list[dict]) -> str:
    r = rows[0]
    # each class's card (the one searched) compiled once in each worker, at most
    compile_s = r["classes"] * r["compile_s"]
    hours = {k: (r["round1"] * r[k] / WORKERS + compile_s) / 3600 for k in ("mean", "lo", "hi")}
    rate = r["sample"] / r["wall"]
    # N workers make round one in an hour when each one's share of the searches and its compiling fit in it
    workers = {k: math.ceil(r["round1"] * r[k] / (3600 - compile_s)) if compile_s < 3600 else "none"
               for k in ("mean", "hi")}
    lines = [
        "## The dependency catalogue: the whole compiled pool, measured on a sample",
        "",
        ran_on("bench_loops.py") + " (2 cores, shared with other work while measured). The pool: every card whose "
        "continuous effects compile (`mtgjudge loops --all`), its abilities, classes and pairs counted whole; the "
        "pruning run once over the whole pool, at the predicate level alone (what a pair was kept by before the "
        "value-level rules of asp_rules/loops.lp) and with them. Round one: every kept pair searched for a "
        "dependency, every pair kept both ways for a loop; round two (--max-size 3) counted as an upper bound "
        "(no round-one witness). Timed: a sample of round one's searches drawn with seed "
        f"{SEED}, on a local Dask cluster of {WORKERS} worker processes (one search per worker first, to warm "
        f"it, not counted), each search timed in its worker, limit {TIME_LIMIT:.0f} s (the command's default). "
        "The sample's cards (members and probes) are compiled in each worker before the searches are timed, and "
        "that time is measured apart (a whole-pool run compiles each card once per worker and makes dozens of "
        "searches with it). The estimate: round one's searches times the sample's mean seconds, plus each worker "
        "compiling every card of the pool, over 2 cores; its interval, the 95% bootstrap interval of the mean. Reference, in the same run: the layers task alone on each witness found "
        "(the price of one candidate board; a search that finds nothing pays it for every board of its domain).",
        "",
        peak_memory() + " (the main process)",
        "",
        "| measure | value |",
        "|---|---:|",
        f"| cards in the pool | {r['cards']} |",
        f"| continuous-effect abilities | {r['abilities']} |",
        f"| classes of equivalent abilities (searched once each) | {r['classes']} |",
        f"| ordered pairs of one layer considered | {r['considered']} |",
        f"| kept by the pruning, predicate level alone ({r['t_coarse']:.0f} s) | {r['coarse']} |",
        f"| kept by the pruning, with its value-level rules ({r['t_prune']:.0f} s) | {r['kept']} |",
        f"| round one's searches, predicate level alone / value level | {r['round1_coarse']} / {r['round1']} |",
        f"| round two's searches, upper bound | {r['round2']} |",
        f"| sample searched: found / searched, none in the domain / timeout | {r['sample']}: {r['found']} / "
        f"{r['searched']} / {r['timeouts']} |",
        f"| boards tried by a search that finds none (every board of its domain but the twins): mean / median | "
        f"{r['tried_mean']:.0f} / {r['tried_median']:.0f} |",
        f"| one search, mean (95% interval) (s) | {r['mean']:.1f} ({r['lo']:.1f}-{r['hi']:.1f}) |",
        f"| one search, median / 90th percentile / longest (s) | {r['median']:.1f} / {r['p90']:.1f} / "
        f"{r['max']:.1f} |",
        f"| searches per second, the {WORKERS} workers together | {rate:.2f} |",
        f"| reference: the layers task on a witness (median, ms) | {r['layers_ms']:.0f} |",
        f"| estimate, whole pool, --max-size 2, 2 cores (hours, 95% interval) | {hours['mean']:.0f} "
        f"({hours['lo']:.0f}-{hours['hi']:.0f}) |",
        f"| workers (one core each) for round one in an hour: at the mean / at the interval's top | "
        f"{workers['mean']} / {workers['hi']} |",
        f"| compiling a card the first time a worker meets it, mean over the sample's {r['compiled']} cards (s) | "
        f"{r['compile_s']:.2f} |",
        f"| compiling the card of every class, once in each worker, at most (minutes, each worker) | "
        f"{compile_s / 60:.0f} |",
        f"| reading the pool and its classes (s) | {r['t_pool']:.0f} |",
    ]
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick="fewer searches timed")
