"""phase.rs's side of `mtgjudge crosscheck --engine phase` measured apart (issue 26): cases per second of phase's
claims (engine/app/phase/driver.py `phase_claim`: the board set up in a phase game, the question asked, the answer
read) for each query, beside ours on the same cases, and the whole command with 1 and 2 worker processes.

Run from the repository root (needs the extra: pip install 'mtgjudge[phase]'):

    python benchmarks/bench_phase.py [--count 100] [--seed 1]

Cases: `mtgjudge generate` corpora (layers, combat, replacement; seed --seed). Timed with the process's CPU clock
(the machine is shared): phase's claim of each case (an unexpressible case too: refusing it is phase's side's
cost), our answer of each case phase could be asked (Checker.answer), the card data of a case
(PhaseCards.engine_for, its faces already read); then the wall time of the whole crosscheck --engine phase run.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from engine.app.phase import INSTALL_FIX, available  # noqa: E402


def measure(kind: str, count: int, seed: int) -> dict:
    from engine.app.crosscheck.cases import Case
    from engine.app.crosscheck.checker import Checker
    from engine.app.generate import generate_cases
    from engine.app.phase import Unexpressible
    from engine.app.phase.driver import phase_claim

    checker = Checker(engine="phase")
    cases = list(generate_cases(kind, count, seed, checker.library))
    phase_cpu = ours_cpu = 0.0
    reasons: Counter = Counter()
    asked = 0
    for data in cases:
        case = Case.model_validate({**data, "claim": {}})
        state, name = checker._state(case, "", None)
        t = time.process_time()
        try:
            phase_claim(case, state, checker.library, checker.cards)
        except Unexpressible as u:
            reasons[u.reason] += 1
            phase_cpu += time.process_time() - t
            continue
        phase_cpu += time.process_time() - t
        asked += 1
        t = time.process_time()
        checker.answer(case, state, name)
        ours_cpu += time.process_time() - t
    names = sorted({e["card"] for c in cases for e in c["board"]["battlefield"]})[:8]
    checker.cards.engine_for([n for n in names if _given(checker.cards, n)])
    t = time.process_time()
    for _ in range(100):
        checker.cards.engine_for([n for n in names if _given(checker.cards, n)])
    engine_ms = (time.process_time() - t) * 10
    row = {"kind": kind, "cases": len(cases), "asked": asked, "unexpressible": dict(reasons.most_common()),
           "phase_per_s": len(cases) / phase_cpu if phase_cpu else None,
           "ours_per_s": asked / ours_cpu if ours_cpu else None, "engine_for_ms": round(engine_ms, 3)}
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "cases.jsonl"
        path.write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")
        from engine.app.crosscheck.run import run_cases

        for jobs in (1, 2):
            t = time.perf_counter()
            records = [r for r, _ in run_cases(path, jobs=jobs, engine="phase") if r]
            row[f"wall{jobs}_s"] = round(time.perf_counter() - t, 1)
        row["agree"] = sum(1 for r in records if r.get("agree") is True)
        row["disagree"] = sum(1 for r in records if r.get("agree") is False)
        row["errors"] = sum(1 for r in records if "error" in r)
    return row


def _given(cards, name: str) -> bool:
    from engine.app.phase import Unexpressible

    try:
        cards.faces([name])
    except Unexpressible:
        return False
    return True


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=100, help="cases of each kind (default 100)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if not available():
        print(f"phase-python is not installed: {INSTALL_FIX}", file=sys.stderr)
        return 2
    for kind in ("layers", "combat", "replacement"):
        print(json.dumps(measure(kind, args.count, args.seed)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
