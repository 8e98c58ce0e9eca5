"""Replacement benchmark: the replace program against the permutation oracle, 2 to 10 applicable
effects on one event, and 20 simultaneous events.

Run from the repository root:  python benchmarks/bench_replace.py [--quick] [--write docs/performance.md]

Devour boards (702.82a, 614.13b): Thunder-Thrash Elder (devour 3) entering with Jund's devour 5, beside N
creatures and Hardened Scales; the replace run under its time limit (10 s), in a process of its own for each
board (its time and peak resident memory), with today's encoding (the program counts the creatures
sacrificed) and, side by side, the encoding of commit OLD_ENCODING (each set of the creatures a state of
its own; run from `git archive` of that commit, stopped at OLD_WALL seconds or OLD_MEMORY bytes).

Boards: N permanents with damage replacement effects that all apply to a red creature's damage to an
opponent (Furnace of Rath, Dictate of the Twin Gods: double; Fiery Emancipation: triple; Torbran:
plus 2; Gisela: double to opponents), drawn at random; one damage event, or 20 simultaneous damage
events (one from each of 20 creatures). The solver lists at most 100 orders per outcome (the
command's default) and counts them all; the oracle tries every permutation (616.1), on one event
while that is feasible. Medians over several boards; the characteristics after the layers are
computed once per board, before the timing.
"""

from __future__ import annotations

import json
import math
import os
import random
import resource
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
OLD_ENCODING = "16d82baf"  # the last commit whose replace program followed each set of creatures devoured
OLD_WALL = 120.0  # seconds: the old encoding's grounding ignores the time limit
OLD_MEMORY = 3 << 30  # bytes of address space for a run of the old encoding
DEVOUR = (10, 15, 20)

# One replace run on a devour board, in a process of its own whose sys.path starts at the tree given
# (this one, or the old encoding's): its time, outcomes, states' edges and peak memory (VmHWM: its rusage would
# count the parent's memory before exec) as JSON; the parent also reads VmHWM while it runs.
DEVOUR_CHILD = """
import json, sys, time
sys.path[:0] = [sys.argv[1], sys.argv[1] + '/tests']
from bridge import SolverConfig
from bridge.layers import compute_layers
from bridge.replace import replace
from engine.files.events import events_from_data
from engine.files.library import load_library
from engine.files.loader import board_from_data
n = int(sys.argv[2])
library = load_library()
battlefield = [{'card': 'Runeclaw Bear' if k % 2 else 'Grizzly Bears', 'controller': 'alice', 'id': f'c{k:02}'}
               for k in range(n)] + [{'card': 'Hardened Scales', 'controller': 'alice'}]
data = {'players': ['alice', 'bob'], 'battlefield': battlefield, 'command': {'alice': ['Jund']},
        'stack': [{'card': 'Thunder-Thrash Elder', 'controller': 'alice'}],
        'effects': [{'from': 'Jund', 'ability': 1, 'controller': 'alice', 'targets': ['thunder_thrash_elder'],
                     'duration': 'indefinite'}]}
state = board_from_data(data, library, 'bench')
events = events_from_data({'event': {'type': 'enter', 'object': 'thunder_thrash_elder', 'controller': 'alice'}},
                          state, library)
config = SolverConfig(time_limit=float(sys.argv[3]))
layers = compute_layers(state, config)
t = time.perf_counter()
got = replace(state, events, config, layers=layers)
hwm = next(int(line.split()[1]) for line in open('/proc/self/status') if line.startswith('VmHWM:'))
print(json.dumps({'seconds': time.perf_counter() - t, 'timed_out': got.timed_out,
                  'outcomes': got.outcome_count, 'choices': got.choices, 'hwm_kib': hwm}))
"""


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
    return rows + measure_devour(quick)


def devour_run(tree: Path, n: int, time_limit: float, wall: float, memory: int | None) -> dict:
    """One devour board's replace run in a process of its own (the tree's code): its answer, or how it was
    stopped, and the process's peak resident memory."""
    env = {**os.environ, "MTGJUDGE_CACHE": str(Path(tempfile.gettempdir()) / f"bench_replace_cache_{tree.name}")}

    def cap() -> None:
        if memory is not None:
            resource.setrlimit(resource.RLIMIT_AS, (memory, memory))

    with tempfile.TemporaryFile("w+") as out:
        proc = subprocess.Popen([sys.executable, "-c", DEVOUR_CHILD, str(tree), str(n), str(time_limit)],
                                stdout=out, stderr=subprocess.DEVNULL, env=env, preexec_fn=cap, cwd=tree)
        t = time.perf_counter()
        peak = 0  # KiB: the child's own high-water mark (its rusage would count this process's memory before exec)
        while True:
            peak = max(peak, _hwm(proc.pid))
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - t > wall:
                proc.kill()
                os.wait4(proc.pid, 0)
                return {"stopped": f"stopped at {wall:.0f} s", "peak_mib": peak / 1024}
            time.sleep(0.02)
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        text = out.read().strip().splitlines()
    if proc.returncode != 0 or not text:
        why = "out of memory" if memory is not None else f"exit {proc.returncode}"
        return {"stopped": f"{why} (exit {proc.returncode})", "peak_mib": peak / 1024}
    answer = json.loads(text[-1])
    peak = max(peak, answer.pop("hwm_kib"))
    return {**answer, "peak_mib": peak / 1024}


def _hwm(pid: int) -> int:
    """A process's peak resident memory so far (KiB, VmHWM), 0 once it is gone."""
    try:
        status = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return 0
    return next((int(line.split()[1]) for line in status.splitlines() if line.startswith("VmHWM:")), 0)


def old_tree() -> Path:
    """The old encoding's code: `git archive` of OLD_ENCODING into a temporary directory."""
    where = Path(tempfile.mkdtemp(prefix="bench_replace_old_"))
    archive = subprocess.run(["git", "archive", OLD_ENCODING], cwd=ROOT, check=True, capture_output=True).stdout
    with tempfile.TemporaryFile() as f:
        f.write(archive)
        f.seek(0)
        with tarfile.open(fileobj=f) as tar:
            tar.extractall(where, filter="data")
    return where


def measure_devour(quick: bool) -> list[dict]:
    old = old_tree()
    rows = []
    for n in DEVOUR[:1] if quick else DEVOUR:
        new = devour_run(ROOT, n, 10.0, OLD_WALL, None)
        before = devour_run(old, n, 10.0, OLD_WALL, OLD_MEMORY)
        rows.append({"creatures": n, "new": new, "old": before})
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
        if "creatures" in r:
            continue
        oracle = "-" if r["oracle_ms"] is None else f"{r['oracle_ms']:.1f}"
        lines.append(f"| {r['effects']} | {r['events']} | {r['solver_ms']:.1f} | {r['solver_worst_ms']:.1f} | {oracle} | "
                     f"{r['outcomes']:.0f} | {r['orders']:.0f} | {r['choices']:.0f} |")
    devour = [r for r in rows if "creatures" in r]
    if devour:
        lines += [
            "",
            "Devour (702.82a, 614.13b): Thunder-Thrash Elder (devour 3) entering with Jund's devour 5 beside N "
            "creatures and Hardened Scales, one replace run under a 10 s time limit, each in a process of its own "
            "(its peak resident memory, the card library included). Counts: the program counts the creatures "
            "sacrificed, the bridge names the sets of each count (100 outcomes listed) and counts them all. "
            f"Subsets: the encoding of commit {OLD_ENCODING} (each set of creatures in the states), run from "
            f"`git archive` of it, stopped at {OLD_WALL:.0f} s or {OLD_MEMORY >> 30} GiB of address space (its "
            "grounding ignores the time limit).",
            "",
            "| creatures | counts (s) | counts peak (MiB) | outcomes | choices | subsets (s) | subsets peak (MiB) |",
            "|---:|---:|---:|---:|---:|---:|---:|",
        ]
        for r in devour:
            new, old = r["new"], r["old"]
            new_s = new.get("stopped") or ("timeout" if new["timed_out"] else f"{new['seconds']:.2f}")
            old_s = old.get("stopped") or (f"timeout ({old['seconds']:.1f})" if old["timed_out"] else f"{old['seconds']:.2f}")
            lines.append(f"| {r['creatures']} | {new_s} | {new['peak_mib']:.0f} | {new.get('outcomes', '-')} | "
                         f"{new.get('choices', '-')} | {old_s} | {old['peak_mib']:.0f} |")
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick='2 to 7 effects on one event, 4 on 20')
