"""Crosscheck benchmark: cases per second for each query, with 1 and 2 worker processes.

Run from the repository root:  python benchmarks/bench_crosscheck.py [--quick] [--write docs/performance.md]

Cases: generated boards of about 10 permanents (engine/app/generate.py, as `mtgjudge generate`); the
claims are our own answers (made before the timing), so every field is compared. Timed: the whole
`run_cases` of engine/app/crosscheck.py on the claims file, as `mtgjudge crosscheck --jobs N` runs it
(starting the workers, reading and parsing the lines, solving, comparing), not the output.

Reference, in the same run: the same benchmark on the code of commit REFERENCE (`git archive` of it into a
temporary directory, run in a process of its own, its rows read from its output), on its own generator's boards
(the same seeds).
"""

from __future__ import annotations

import ast
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from report import main, peak_memory, ran_on  # noqa: E402
from engine.app.crosscheck.checker import Checker  # noqa: E402
from engine.app.crosscheck.run import run_cases  # noqa: E402
from engine.app.generate import (case_seed, paid_where_due, random_combat_board, random_declaration,  # noqa: E402
                                 random_layers_board, random_replace_board)
from engine.files.library import load_library  # noqa: E402

# the code before issue 27's layers work (layers cases; the other queries ran the same code): main at 9bba9bf8
# (issue 22's runs used 16d82baf, the code before replacement applicability moved into the program)
REFERENCE = "9bba9bf8"
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
                # pay only where a cost is due (508.1g, 509.1d: a pay under no cost is bad input), as `generate` does
                case["declaration"] = paid_where_due(random_declaration(s, case["board"], query), case["board"], query,
                                                     library)
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


def reference(quick: bool) -> dict[str, dict]:
    """The rows of this benchmark run on the code of REFERENCE (git archive), by query."""
    archive = subprocess.run(["git", "archive", REFERENCE], cwd=ROOT, check=True, capture_output=True).stdout
    with tempfile.TemporaryDirectory(prefix="bench_crosscheck_ref_") as where:
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(where, filter="data")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([where, str(Path(where) / "tests")]), "BENCH_NO_REFERENCE": "1"}
        # (its rows are printed as they are measured: a reference whose own table then fails, as 9bba9bf8's does
        # without a reference of its own, has still given them)
        run = subprocess.run([sys.executable, str(Path(where) / "benchmarks" / "bench_crosscheck.py")]
                             + ["--quick"] * quick, cwd=where, env=env, capture_output=True, text=True)
    rows = [ast.literal_eval(line) for line in run.stdout.splitlines() if line.startswith("{'query'")]
    if len(rows) != len(QUERIES):
        raise RuntimeError(f"the reference {REFERENCE} gave {len(rows)} rows: {run.stderr[-2000:]}")
    return {r["query"]: r for r in rows}


def measure_both(quick: bool) -> list[dict]:
    rows = measure(quick)
    ref = reference(quick)
    for r in rows:
        r["ref1"], r["ref2"] = ref[r["query"]]["rate1"], ref[r["query"]]["rate2"]
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
        "`mtgjudge crosscheck --jobs N` runs it, worker start-up included. Reference, in the same run: the "
        f"same benchmark on the code of commit {REFERENCE} (before issue 27's layers work), from `git archive` of "
        "it, on its own generator's boards of the same seeds.",
        "",
        peak_memory() + " (the main process)",
        "",
        "| query | cases | permanents (mean) | 1 job (cases/s) | 2 jobs (cases/s) | speed-up | reference, 1 job | "
        "reference, 2 jobs |",
        "|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r['query']} | {r['cases']} | {r['permanents']:.1f} | {r['rate1']:.0f} | {r['rate2']:.0f} | "
                     f"{r['rate2'] / r['rate1']:.2f}x | {r['ref1']:.0f} | {r['ref2']:.0f} |")
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    if os.environ.get("BENCH_NO_REFERENCE"):  # (the reference's own run: it prints its rows, no reference of its own)
        main(measure, markdown, quick="a few cases per query")
    else:
        main(measure_both, markdown, quick="a few cases per query")
