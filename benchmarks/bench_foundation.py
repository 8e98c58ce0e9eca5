"""Foundation benchmark: loading boards, building facts, and the board task against its oracle.

Run from the repository root:  python benchmarks/bench_foundation.py [--write docs/performance.md]
Speed and grounding size are measured here, never asserted in tests.
"""

from __future__ import annotations

import resource
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from report import main, ran_on  # noqa: E402
from bridge import run_task  # noqa: E402
from bridge.facts import board_facts, facts_text  # noqa: E402
from engine.app.generate import random_board  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from oracles.board import board_oracle  # noqa: E402

SIZES = (10, 50, 200, 1000)
BOARDS_PER_SIZE = 20


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f}"


def measure() -> list[dict]:
    t0 = time.perf_counter()
    library = load_library()
    library_seconds = time.perf_counter() - t0
    rows = []
    for size in SIZES:
        load, facts, solve, ground, oracle, rules, atoms = [], [], [], [], [], [], []
        for seed in range(BOARDS_PER_SIZE):
            board = random_board(seed, library, permanents=size, players=4)
            t = time.perf_counter()
            state = board_from_data(board, library, "bench")
            load.append(time.perf_counter() - t)
            t = time.perf_counter()
            facts_text(board_facts(state))
            facts.append(time.perf_counter() - t)
            t = time.perf_counter()
            result = run_task("board", state)
            solve.append(time.perf_counter() - t)
            ground.append(result.size.ground_seconds)
            rules.append(result.size.rules)
            atoms.append(result.size.atoms)
            t = time.perf_counter()
            expected = board_oracle(state)
            oracle.append(time.perf_counter() - t)
            got = {n: set(result.model.atoms(n)) for n in expected}
            assert got == expected, f"solver and oracle disagree on seed {seed}, size {size}"
        rows.append({
            "permanents": size,
            "load_ms": statistics.median(load),
            "facts_ms": statistics.median(facts),
            "solve_ms": statistics.median(solve),
            "ground_ms": statistics.median(ground),
            "oracle_ms": statistics.median(oracle),
            "rules": int(statistics.median(rules)),
            "atoms": int(statistics.median(atoms)),
        })
    peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return [{"library_ms": library_seconds, "peak_mib": peak_mib}] + rows


def markdown(results: list[dict]) -> str:
    head, rows = results[0], results[1:]
    lines = [
        "## Foundation: board loading and the `board` task",
        "",
        ran_on("bench_foundation.py") + "; "
        f"{BOARDS_PER_SIZE} generated 4-player boards per size (`engine.app.generate.random_board`), medians. "
        "The solver and the oracle (`tests/oracles/board.py`) run on the same boards in the same run, and "
        "agree on every one.",
        "",
        f"Loading the card library: {ms(head['library_ms'])} ms. Peak resident memory of the whole run: "
        f"{head['peak_mib']:.0f} MiB.",
        "",
        "| permanents | load board (ms) | facts (ms) | board task: ground + solve (ms) | of which grounding (ms) | oracle (ms) | ground rules | ground atoms |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(
            f"| {r['permanents']} | {ms(r['load_ms'])} | {ms(r['facts_ms'])} | {ms(r['solve_ms'])} | "
            f"{ms(r['ground_ms'])} | {ms(r['oracle_ms'])} | {r['rules']} | {r['atoms']} |"
        )
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main(measure, markdown)
