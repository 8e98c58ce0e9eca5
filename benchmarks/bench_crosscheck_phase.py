"""Crosscheck against phase.rs (issue 26): cases per second of each side, measured apart, and of the whole
`mtgjudge crosscheck --engine phase` with 1 and 2 jobs.

Run from the repository root (phase-python installed: pip install '.[phase]'):
    python benchmarks/bench_crosscheck_phase.py [--quick] [--write docs/performance.md]

Cases: generated boards (engine/app/generate.py, as `mtgjudge generate`, seed 2026): layers boards of 8 permanents
and no effect of a resolved spell (`--max-effects 0`: phase can't be given one), combat boards of up to 4 attackers and 4 potential blockers (three cases in four with a declaration),
replacement boards of up to 5 permanents with effects. Each case's board is loaded once, untimed; then, timed apart:

- **phase**: ``phase_claim`` (engine/app/phase/driver.py) on the loaded board: phase's engine made of the board's
  card data (cached CardFaces), a game started, the board set up by debug actions, the query asked and the answer
  read into a claim; a case phase can't be given (Unexpressible) is timed too, up to its refusal;
- **mtgjudge** (the reference, in the same run, on the same boards): our answer to the same case
  (``Checker.answer``: the programs' solves), as `mtgjudge crosscheck` computes it for every line;
- **whole**: ``run_cases(engine="phase")`` on the cases file, as `mtgjudge crosscheck --engine phase --jobs N`
  runs it (worker start-up, reading, both sides, comparing), not the output.

The two sides alone are timed with the process's CPU clock (the cases per second of CPU: the machine may be
shared); the whole runs with the wall clock. phase's card data is built (and cached on disk) before the timing.
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
from engine.app.crosscheck.cases import GeneratedCase  # noqa: E402
from engine.app.crosscheck.checker import Checker  # noqa: E402
from engine.app.crosscheck.run import run_cases  # noqa: E402
from engine.app.generate import (case_seed, paid_where_due, random_combat_board, random_declaration,  # noqa: E402
                                 random_layers_board, random_replace_board)

# (query, cases, cases with --quick)
QUERIES = (("layers", 200, 30), ("attack", 200, 30), ("block", 200, 30), ("replace", 200, 30))
SEED = 2026


def cases(query: str, n: int, library) -> list[dict]:
    out = []
    for i in range(n):
        s = case_seed(SEED, i)
        case: dict = {"id": f"{query}-{i}", "query": query, "seed": s}
        if query == "layers":
            case["board"] = random_layers_board(s, library, permanents=8, max_effects=0)
        elif query in ("attack", "block"):
            case["board"] = random_combat_board(s, library, query, max_attackers=4, max_blockers=4)
            if i % 4:
                case["declaration"] = paid_where_due(random_declaration(s, case["board"], query), case["board"], query,
                                                     library)
        else:
            board, events = random_replace_board(s, library, max_effects=5)
            case["board"], case["event"] = board, events.get("event", events.get("events"))
        out.append(case)
    return out


def measure(quick: bool) -> list[dict]:
    from engine.app.phase import Unexpressible
    from engine.app.phase.carddata import PhaseCards
    from engine.app.phase.driver import phase_claim

    checker = Checker()
    library = checker.library
    cards = PhaseCards(library)
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for query, n, nq in QUERIES:
            made = cases(query, nq if quick else n, library)
            loaded = []
            for c in made:
                case = GeneratedCase.model_validate(c)
                state, name = checker._state(case, "", None)
                loaded.append((case, state, name))
            for name in sorted({p.card_name for _, state, _ in loaded for p in state.permanents() if p.card_name}):
                try:  # the card data, built and cached before the timing
                    cards.faces([name])
                except Unexpressible:
                    pass
            expressible, phase_s = 0, 0.0
            for case, state, _ in loaded:
                t = time.process_time()
                try:
                    phase_claim(case, state, library, cards)
                    expressible += 1
                except Unexpressible:
                    pass
                phase_s += time.process_time() - t
            ours_s = 0.0
            for case, state, name in loaded:
                t = time.process_time()
                checker.answer(case, state, name)
                ours_s += time.process_time() - t
            path = Path(tmp) / f"{query}.jsonl"
            path.write_text("".join(json.dumps(c) + "\n" for c in made), encoding="utf-8")
            row = {"query": query, "cases": len(made), "expressible": expressible,
                   "permanents": statistics.mean(len(c["board"]["battlefield"]) for c in made),
                   "phase": len(made) / phase_s, "ours": len(made) / ours_s}
            for jobs in (1, 2):
                t = time.perf_counter()
                results = [r for r, _ in run_cases(path, jobs=jobs, engine="phase") if r]
                row[f"rate{jobs}"] = len(made) / (time.perf_counter() - t)
                assert len(results) == len(made) and not any("error" in r or "malformed" in r for r in results), \
                    [r for r in results if "error" in r or "malformed" in r][:3]
            rows.append(row)
            print(row, flush=True)
    return rows


def markdown(rows: list[dict]) -> str:
    from importlib.metadata import version

    lines = [
        "## Crosscheck against phase.rs: cases per second of each side",
        "",
        ran_on("bench_crosscheck_phase.py") + f" (2 cores), phase-python {version('phase-python')}. Generated "
        "boards (seed 2026): layers boards of 8 permanents and no resolved effect (`--max-effects 0`); combat boards of up to 4 attackers and 4 "
        "potential blockers, three cases in four with a declaration; replacement boards of up to 5 permanents "
        "with effects. **phase**: `phase_claim` alone on the loaded board (phase's engine made of the board's "
        "cached card data, a game started, the board set up by debug actions, the query, the claim read; a case "
        "phase can't be given timed up to its refusal). **mtgjudge** (the reference, same run, same boards): "
        "our answer alone (`Checker.answer`); both in cases per second of CPU time. **whole** (wall clock): `run_cases(engine=\"phase\")`, as `mtgjudge crosscheck "
        "--engine phase --jobs N` runs it, worker start-up included. The script's docstring says more.",
        "",
        peak_memory() + " (the main process)",
        "",
        "| query | cases | expressible | permanents (mean) | phase alone (cases/s of CPU) | mtgjudge alone (cases/s of CPU) | "
        "whole, 1 job | whole, 2 jobs | speed-up |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r['query']} | {r['cases']} | {r['expressible']} | {r['permanents']:.1f} | {r['phase']:.0f} | "
                     f"{r['ours']:.0f} | {r['rate1']:.0f} | {r['rate2']:.0f} | {r['rate2'] / r['rate1']:.2f}x |")
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick="a few cases per query")
