"""Combat benchmark: the attack and block programs against brute force, from 2x2 to 80x80.

Run from the repository root:  python benchmarks/bench_combat.py [--quick] [--write docs/performance.md]

Block boards: A attackers (flying, menace, "can't be blocked except by three or more", Lure on
some, "must be blocked", plain) against B potential blockers (reach, flying, "can block an
additional creature", "any number", "blocks each combat if able", plain). Attack boards: A
creatures of the active player (attacks each combat, can't attack alone, plain), an opponent with
Propaganda on some boards, two planeswalkers. For each board: max_obeyed (bridge/combat.py best,
grounding and solving timed apart) and the verdict of a random declaration (a check solve, plus the
optimization when the check doesn't settle max_obeyed); the brute-force oracle (tests/oracles/combat.py) where it is feasible. Median and
worst over the boards of each size. The characteristics after the layers are computed once per
board, before the timing (the layers benchmark measures them).
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
from bridge import SolverConfig  # noqa: E402
from bridge.combat import Declaration, best, build_problem, check  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from oracles.combat import CombatOracle  # noqa: E402

ATTACKERS = ("Serra Angel", "Boggart Brute", "Underworld Cerberus", "Prized Unicorn", "Goblin Fire Fiend",
             "Grizzly Bears", "Hill Giant", "Breaker of Armies")
BLOCKERS = ("Grizzly Bears", "Giant Spider", "Two-Headed Giant of Foriys", "Palace Guard", "Serra Angel",
            "Hill Giant", "Silvercoat Lion", "Example: Creature That Blocks Each Combat If Able")
ATTACK_CREATURES = ("Juggernaut", "Grizzly Bears", "Mogg Flunkies", "Hill Giant", "Berserkers of Blood Ridge",
                    "Serra Angel", "Wall of Tanglecord")
SIZES = (2, 4, 6, 10, 20, 40, 80)
BRUTE_MAX = 6  # brute force beyond 6x6 takes minutes to hours (7^B declarations for B blockers)
TIME_LIMIT = 30.0


def block_board(seed: int, a: int, b: int) -> dict:
    rng = random.Random(seed)
    bf, attacks = [], {}
    for i in range(a):
        bf.append({"card": rng.choice(ATTACKERS), "controller": "alice", "id": f"a{i}"})
        attacks[f"a{i}"] = "bob"
    for i in range(b):
        bf.append({"card": rng.choice(BLOCKERS), "controller": "bob", "id": f"b{i}"})
    if rng.random() < 0.5:
        bf.append({"card": "Lure", "controller": "alice", "attached_to": f"a{rng.randrange(a)}"})
    return {"players": ["alice", "bob"], "active": "alice", "battlefield": bf, "combat": {"attackers": attacks}}


def attack_board(seed: int, a: int) -> dict:
    rng = random.Random(seed)
    bf = [{"card": rng.choice(ATTACK_CREATURES), "controller": "alice", "id": f"a{i}"} for i in range(a)]
    bf += [{"card": "Ashiok, Wicked Manipulator", "controller": "bob", "id": f"pw{i}"} for i in range(2)]
    if rng.random() < 0.5:
        bf.append({"card": "Propaganda", "controller": "bob"})
    return {"players": ["alice", "bob"], "active": "alice", "battlefield": bf}


def random_declaration(rng: random.Random, side: str, board: dict) -> Declaration:
    ids = [p["id"] for p in board["battlefield"] if p.get("id")]
    if side == "block":
        attackers = sorted(board["combat"]["attackers"])
        pairs = [(b, rng.choice(attackers)) for b in ids if b.startswith("b") and rng.random() < 0.5]
    else:
        pairs = [(c, rng.choice(("bob", "pw0"))) for c in ids if c.startswith("a") and rng.random() < 0.5]
    return Declaration(side, tuple(pairs)).canonical()


def measure(quick: bool) -> dict[str, list[dict]]:
    library = load_library([ROOT / "tests" / "data" / "cards"])
    config = SolverConfig(time_limit=TIME_LIMIT)
    tables: dict[str, list[dict]] = {"block": [], "attack": []}
    sizes = SIZES[:5] if quick else SIZES
    for side in ("block", "attack"):
        for n in sizes:
            boards = 5 if n >= 40 else 7
            best_t, ground_t, solve_t, check_t, brute_t, maxes, timeouts = [], [], [], [], [], [], 0
            for seed in range(boards):
                data = block_board(seed, n, n) if side == "block" else attack_board(seed, n)
                state = board_from_data(data, library, f"{side} {n} seed {seed}")
                problem = build_problem(state, config=config)
                t = time.perf_counter()
                top = best(problem, side, config)
                best_t.append(time.perf_counter() - t)
                if top.timed_out or not top.proven:
                    timeouts += 1
                    continue
                ground_t.append(top.ground_seconds)
                solve_t.append(top.solve_seconds)
                maxes.append(top.max_obeyed)
                decl = random_declaration(random.Random(seed), side, data)
                t = time.perf_counter()
                v = check(problem, decl, config)
                check_t.append(time.perf_counter() - t)
                if n <= BRUTE_MAX and (n < BRUTE_MAX or seed < 2):
                    oracle = CombatOracle(state)
                    t = time.perf_counter()
                    o_max = oracle.block_max_obeyed() if side == "block" else oracle.attack_max_obeyed()
                    brute_t.append(time.perf_counter() - t)
                    assert o_max == top.max_obeyed, f"{side} {n}x{n} seed {seed}: solver {top.max_obeyed}, brute force {o_max}"
                assert v.max_obeyed == top.max_obeyed
            ms = lambda xs: statistics.median(xs) * 1000 if xs else None  # noqa: E731
            row = {"size": n, "boards": boards, "max_obeyed": statistics.median(maxes) if maxes else None,
                   "best_ms": ms(best_t), "best_worst_ms": max(best_t) * 1000, "ground_ms": ms(ground_t),
                   "solve_ms": ms(solve_t), "check_ms": ms(check_t), "check_worst_ms": max(check_t) * 1000 if check_t else None,
                   "brute_ms": ms(brute_t), "brute_boards": len(brute_t), "timeouts": timeouts}
            tables[side].append(row)
            print(side, row, flush=True)
    return tables


def _f(x, digits=1) -> str:
    return "-" if x is None else f"{x:.{digits}f}"


def markdown(tables: dict[str, list[dict]]) -> str:
    lines = [
        "## Combat: the attack and block programs and brute force",
        "",
        ran_on("bench_combat.py") + ", one process. "
        "max_obeyed: bridge/combat.py best (core-guided optimization, `--opt-strategy=usc`, its first conflicts; "
        "then, where it doesn't end, a declaration reaching the relaxation's bound: docs/combat.md), grounding and "
        "solving timed apart, summed over its solves; validate: the verdict of a random declaration (a check solve without the rules that "
        "can't fire on the board, bridge/prune.py; then the optimization, unless the check's answer set "
        "settles max_obeyed, pruned too when the declaration breaks a restriction). "
        "Brute force: the oracle's max_obeyed (tests/oracles/combat.py, every declaration enumerated), on "
        f"every board up to 4x4 and two boards at 6x6, not beyond (7^B declarations for B blockers). Time "
        f"limit {TIME_LIMIT:g} s per solve; 'unproven' counts the boards where the optimum was not proven in "
        "time. The solver and brute force agree on every board where both ran.",
        "",
        peak_memory(),
        "",
    ]
    for side, title in (("block", "Blocks: A attackers x A potential blockers"),
                        ("attack", "Attacks: A creatures, an opponent with two planeswalkers")):
        lines += [f"{title}.", "",
                  "| A | boards | max_obeyed (median) | max_obeyed ms (median) | worst ms | ground ms | solve ms | validate ms (median) | validate worst ms | brute force ms | speed-up | unproven |",
                  "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
        for r in tables[side]:
            ratio = r["brute_ms"] / r["best_ms"] if r["brute_ms"] and r["best_ms"] else None
            speed = "-" if ratio is None else f"{ratio:.1f}x" if ratio < 10 else f"{ratio:.0f}x"
            lines.append(f"| {r['size']} | {r['boards']} | {_f(r['max_obeyed'], 0)} | {_f(r['best_ms'])} | "
                         f"{_f(r['best_worst_ms'])} | {_f(r['ground_ms'])} | {_f(r['solve_ms'])} | {_f(r['check_ms'])} | "
                         f"{_f(r['check_worst_ms'])} | {_f(r['brute_ms'])} | {speed} | {r['timeouts']} |")
        lines.append("")
    return "\n".join(lines)


if __name__ == "__main__":
    main(measure, markdown, quick='up to 20x20')
