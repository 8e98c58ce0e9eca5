"""Combat on adversarial families: max_obeyed with its proof, and checking a declaration, on wide and rule-heavy
boards (engine/app/combat_families.py), side by side with the reference in the same run: the optimization alone
(clingo's core-guided optimization to the time limit, the method before issue 23), and brute force at 6x6.

Run from the repository root:  python benchmarks/bench_combat_families.py [--quick] [--write docs/performance.md]

For each family and size: boards of that many attackers and blockers (block) or creatures (attack), seeded; for
each board, bridge/combat.py best (the time of the solves, grounding included; the layers computed before, once)
and the verdict of a random declaration (check). Every reported optimum is confirmed by a second method: the
relaxation's bound when the optimum was proven by reaching it (a declaration the program found, obeying that
many), else the bound is checked to be at least the optimum; and the reference's optimum wherever it finished.
"""

from __future__ import annotations

import contextlib
import io
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from report import main, peak_memory, ran_on  # noqa: E402
import bridge.combat as combat  # noqa: E402
from bridge import SolverConfig  # noqa: E402
from bridge.combat import Declaration, best, bound, build_problem, check  # noqa: E402
from engine.app import cli  # noqa: E402
from engine.app.combat_families import ATTACK_FAMILIES, BLOCK_FAMILIES, family_board  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from oracles.combat import CombatOracle  # noqa: E402

TIME_LIMIT = 10.0
REFERENCE_LIMIT = 5.0


def _reference(problem, side: str, config: SolverConfig):
    """The optimization alone (usc to the time limit): the method before the bound and the heuristics."""
    saved = combat.FIRST_CONFLICTS
    combat.FIRST_CONFLICTS = None  # (step 1 without a limit: it ends with the proof or the time limit)
    try:
        return best(problem, side, config)
    finally:
        combat.FIRST_CONFLICTS = saved


def _declaration(rng: random.Random, side: str, board: dict) -> Declaration:
    mine = [p["id"] for p in board["battlefield"] if p.get("id") and p["controller"] == "alice"]
    theirs = [p["id"] for p in board["battlefield"] if p.get("id") and p["controller"] == "bob" and p["id"][0] == "b"]
    if side == "block":
        return Declaration(side, tuple(sorted((b, rng.choice(mine)) for b in theirs if rng.random() < 0.5)))
    return Declaration(side, tuple(sorted((c, "bob") for c in mine if rng.random() < 0.5)))


def measure(quick: bool) -> list[dict]:
    library = load_library([ROOT / "tests" / "data" / "cards"])
    config = SolverConfig(time_limit=TIME_LIMIT)
    reference = SolverConfig(time_limit=REFERENCE_LIMIT)
    sizes = (10, 20, 40) if quick else (10, 20, 40, 80, 160)
    rows = []
    for side, families in (("block", BLOCK_FAMILIES), ("attack", ATTACK_FAMILIES)):
        for family in families:
            for n in sizes:
                seeds = {160: 1, 80: 3}.get(n, 5)
                best_t, check_t, ref_t, timeouts, ref_timeouts, by_bound, agree = [], [], [], 0, 0, 0, 0
                for seed in range(seeds):
                    data = family_board(side, family, seed, n)
                    state = board_from_data(data, library, f"{family} {n} {seed}")
                    problem = build_problem(state, config=config)
                    t = time.perf_counter()
                    top = best(problem, side, config)
                    best_t.append(time.perf_counter() - t)
                    if top.timed_out or not top.proven:
                        timeouts += 1
                        continue
                    by_bound += top.by_bound
                    b = bound(problem, side, config)
                    assert b is None or b >= top.max_obeyed, (family, n, seed, b, top.max_obeyed)
                    agree += b == top.max_obeyed
                    # the example declaration, checked by the check program: legal, obeying max_obeyed
                    shown = check(problem, top.example, config)
                    assert shown.legal and shown.obeyed == top.max_obeyed, (family, n, seed)
                    t = time.perf_counter()
                    v = check(problem, _declaration(random.Random(seed), side, data), config)
                    check_t.append(time.perf_counter() - t)
                    assert v.timed_out or v.max_obeyed == top.max_obeyed
                    if n <= 40 and seed < 3:
                        fresh = build_problem(state, config=config)
                        t = time.perf_counter()
                        ref = _reference(fresh, side, reference)
                        ref_t.append(time.perf_counter() - t)
                        if ref.timed_out or not ref.proven:
                            ref_timeouts += 1
                        else:
                            assert ref.max_obeyed == top.max_obeyed, (family, n, seed, ref.max_obeyed, top.max_obeyed)
                row = {"side": side, "family": family, "size": n, "boards": seeds, "timeouts": timeouts,
                       "median": statistics.median(best_t), "p90": _p90(best_t), "worst": max(best_t),
                       "check_median": statistics.median(check_t) if check_t else None,
                       "check_p90": _p90(check_t) if check_t else None,
                       "check_worst": max(check_t) if check_t else None, "by_bound": by_bound, "agree": agree,
                       "ref_median": statistics.median(ref_t) if ref_t else None, "ref_boards": len(ref_t),
                       "ref_timeouts": ref_timeouts}
                rows.append(row)
                print(row, flush=True)
    # the command line on every 40x40 board of the families: `mtgjudge block BOARD --json` and `mtgjudge attack`,
    # the default time limit, the whole command (board read, layers, solves) in this process
    for side, families in (("block", BLOCK_FAMILIES), ("attack", ATTACK_FAMILIES)):
        codes, times = [], []
        for family in families:
            for seed in range(5):
                with tempfile.TemporaryDirectory() as tmp:
                    path = Path(tmp) / "board.yaml"
                    path.write_text(yaml.safe_dump(family_board(side, family, seed, 40)))
                    t = time.perf_counter()
                    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
                        codes.append(cli.main([side, str(path), "--json", "--cards", str(ROOT / "tests" / "data" / "cards")]))
                    times.append(time.perf_counter() - t)
        rows.append({"side": "cli", "family": side, "size": 40, "boards": len(codes),
                     "answered": sum(c in (0, 1) for c in codes), "codes": sorted(set(codes)),
                     "median": statistics.median(times),
                     "worst": max(times)})
        print(rows[-1], flush=True)
    # brute force at 6x6 (7^6 declarations of blockers), one board of two families
    for family in ("wide", "all_lure"):
        state = board_from_data(family_board("block", family, 0, 6), library, f"{family} 6")
        problem = build_problem(state, config=config)
        t = time.perf_counter()
        top = best(problem, "block", config)
        solver = time.perf_counter() - t
        t = time.perf_counter()
        brute = CombatOracle(state).block_max_obeyed()
        brute_t = time.perf_counter() - t
        assert brute == top.max_obeyed
        rows.append({"side": "brute", "family": family, "size": 6, "solver": solver, "brute": brute_t})
        print(rows[-1], flush=True)
    return rows


def _p90(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(0.9 * len(xs)))]


def _ms(x) -> str:
    return "-" if x is None else f"{x * 1000:.0f}" if x >= 0.01 else f"{x * 1000:.1f}"


def markdown(rows: list[dict]) -> str:
    lines = [
        "## Combat families: max_obeyed with its proof on adversarial boards",
        "",
        ran_on("bench_combat_families.py") + ", one process. Boards of engine/app/combat_families.py (block: A "
        "attackers x A potential blockers; attack: A creatures of the active player). max_obeyed: bridge/combat.py "
        f"best, every solve with grounding, to a proven optimum (the optimization's first conflicts, one per pair of "
        f"creatures, at least {combat.FIRST_CONFLICTS:,}; a "
        "declaration reaching the relaxation's bound, bridge/combat_bound.py; the optimization with Berkmin's "
        "heuristic; the optimization to the time limit), time limit "
        f"{TIME_LIMIT:g} s; 'by bound' counts the boards proven by reaching the bound, 'bound = optimum' those whose "
        "bound is the optimum (for attacks there is no bound). check: the verdict of a random "
        "declaration. Reference, in the same run: the optimization alone (core-guided, to a "
        f"{REFERENCE_LIMIT:g} s limit), on the first three boards up to 40; 'ref. unproven' counts the boards "
        "where it found no proven optimum. Every optimum is confirmed by a second method: the example declaration "
        "checked by the check program (legal, obeying that many), the bound (never below it; equal to it where "
        "counted), and the reference wherever it finished.",
        "",
        peak_memory(),
        "",
        "| side | family | A | boards | median ms | p90 ms | worst ms | over the limit | by bound | bound = optimum | check median ms | check p90 ms | check worst ms | ref. median ms | ref. unproven |",
        "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        if r["side"] in ("brute", "cli"):
            continue
        lines.append(f"| {r['side']} | {r['family']} | {r['size']} | {r['boards']} | {_ms(r['median'])} | "
                     f"{_ms(r['p90'])} | {_ms(r['worst'])} | {r['timeouts']} | {r['by_bound']} | {r['agree'] if r['side'] == 'block' else '-'} | "
                     f"{_ms(r['check_median'])} | {_ms(r['check_p90'])} | {_ms(r['check_worst'])} | {_ms(r['ref_median'])} | "
                     f"{r['ref_timeouts']}/{r['ref_boards']} |")
    lines += ["", "The command line on every 40x40 board of the families (five boards each), the default time limit "
              "(10 s), the whole command in one process: answered means a verdict (exit 0 or 1), not a time-out.", "",
              "| command | boards | answered | median ms | worst ms |", "|---|---:|---:|---:|---:|"]
    for r in rows:
        if r["side"] == "cli":
            lines.append(f"| `mtgjudge {r['family']} BOARD --json --cards tests/data/cards` | {r['boards']} | {r['answered']} | "
                         f"{_ms(r['median'])} | {_ms(r['worst'])} |")
    lines += ["", "Brute force (tests/oracles/combat.py, every declaration) at 6x6, one board:", "",
              "| family | solver ms | brute force ms | speed-up |", "|---|---:|---:|---:|"]
    for r in rows:
        if r["side"] == "brute":
            lines.append(f"| {r['family']} | {_ms(r['solver'])} | {_ms(r['brute'])} | {r['brute'] / r['solver']:.0f}x |")
    lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    main(measure, markdown, quick="sizes 10 to 40")
