"""Crosscheck benchmark: cases per second for each query, with 1 and 2 worker processes.

Run from the repository root:  python benchmarks/bench_crosscheck.py [--quick] [--write docs/performance.md]

Cases: generated boards of about 10 permanents (engine/app/generate.py, as `mtgjudge generate`); the
claims are our own answers (made before the timing), so every field is compared. Timed: the whole
`run_cases` of engine/app/crosscheck.py on the claims file, as `mtgjudge crosscheck --jobs N` runs it
(starting the workers, reading and parsing the lines, solving, comparing), not the output.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from report import main, peak_memory, ran_on  # noqa: E402
from engine.app.crosscheck.checker import Checker  # noqa: E402
from engine.app.crosscheck.run import run_cases  # noqa: E402
from engine.app.generate import case_seed, random_combat_board, random_declaration, random_layers_board, random_replace_board  # noqa: E402
from engine.files.library import load_library  # noqa: E402

# (query label, cases, cases with --quick)
QUERIES = (("layers", 60, 20), ("attack", 200, 40), ("block", 200, 40), ("replace", 200, 40))


def cases(query: str, n: int, library) -> list[dict]:
    out = []
    for i in range(n):
        s = case_seed(2025, i)
        case: dict = {"id": f"{query}-{i}", "query": query, "seed": s}
        if query == "layers":
            case["board"] = random_layers_board(s, library, permanents=10)
        elif query in ("attack", "block"):
            case["board"] = random_combat_board(s, library, query, max_attackers=8, max_blockers=8)
            if i % 4:
                case["declaration"] = random_declaration(s, case["board"], query)
        else:
            board, events = random_replace_board(s, library, max_effects=7)
            case["board"], case["event"] = board, events.get("event", events.get("events"))
        out.append(case)
    return out


def measure(quick: bool) -> list[dict]:
    library = load_library()
    checker = Checker()
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for query, n, nq in QUERIES:
            made = cases(query, nq if quick else n, library)
            path = Path(tmp) / f"{query}.jsonl"
            path.write_text("".join(json.dumps({**c, "claim": checker.ours(c)}) + "\n" for c in made), encoding="utf-8")
            row = {"query": query, "cases": len(made),
                   "permanents": statistics.mean(len(c["board"]["battlefield"]) for c in made)}
            for jobs in (1, 2):
                t = time.perf_counter()
                results = [r for r, _ in run_cases(path, jobs=jobs) if r]
                row[f"rate{jobs}"] = len(made) / (time.perf_counter() - t)
                assert len(results) == len(made) and all(r.get("agree") for r in results), query
            rows.append(row)
            print(row, flush=True)
    return rows


def markdown(rows: list[dict]) -> str:
    lines = [
        "## Crosscheck: cases per second, 1 and 2 jobs",
        "",
        ran_on("bench_crosscheck.py") + " (2 cores). Generated boards (engine/app/generate.py): layers boards "
        "of exactly 10 permanents with up to 3 resolved effects; combat boards of up to 8 attackers and 8 "
        "potential blockers plus a few non-creature permanents, three cases in four checking a random "
        "declaration and one in four asking the best one; replacement boards of up to 7 permanents with "
        "replacement effects, one event (or two simultaneous). The claims are our own answers, so every "
        "field of every case is compared (all agree). Timed: `run_cases` on the claims file, as "
        "`mtgjudge crosscheck --jobs N` runs it, worker start-up included.",
        "",
        peak_memory() + " (the main process)",
        "",
        "| query | cases | permanents (mean) | 1 job (cases/s) | 2 jobs (cases/s) | speed-up |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r['query']} | {r['cases']} | {r['permanents']:.1f} | {r['rate1']:.0f} | {r['rate2']:.0f} | "
                     f"{r['rate2'] / r['rate1']:.2f}x |")
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick="a few cases per query")
