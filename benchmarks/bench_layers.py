"""Layers benchmark: the solver (one solve per application, 613.8c) and the oracle on the same boards.

Run from the repository root:  python benchmarks/bench_layers.py [--quick] [--write docs/performance.md]

Boards: N permanents, E of which are permanents with continuous effects drawn from the library's
layer cards (Blood Moon, Urborg, Opalescence, Humility, Conspiracy, Life and Limb, Prismatic Omen,
anthems, lords, ...: dependency chains and loops among them), the rest plain lands and creatures;
random distinct timestamps and counters. Medians over several seeds; grounding size summed over the
steps of one board.

Reference, in the same run: the layers solver of commit REFERENCE (the code before issue 27's layers work,
`git archive` of it into a temporary directory, run in a process of its own) on the same boards, timed the
same way, board by board alternately with this code's (each board is sent to it as JSON; the one that
runs first alternates), so that a busy machine slows both alike.
"""

from __future__ import annotations

import io
import json
import os
import random
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
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from oracles.layers import oracle_layers  # noqa: E402

SIZES = ((10, 5), (50, 20), (200, 50), (500, 100))
# the layers solver before issue 27's layers work: main at 9bba9bf8
REFERENCE = "9bba9bf8"
# the reference's process: a board (JSON, one line on stdin) timed as measure() times it, its time (ms) printed
REFERENCE_RUN = """
import json, sys, time
from bridge import SolverConfig
from bridge.layers import compute_layers
from engine.files.library import load_library
from engine.files.loader import board_from_data
library = load_library()
print("ready", flush=True)
for line in sys.stdin:
    state = board_from_data(json.loads(line), library, "bench")
    t = time.perf_counter()
    compute_layers(state, SolverConfig(time_limit=3600))
    print(json.dumps((time.perf_counter() - t) * 1000), flush=True)
"""
PLAIN = ("Grizzly Bears", "Forest", "Mountain", "Island", "Serra Angel", "Hill Giant", "Volcanic Island",
         "Llanowar Elves", "Savannah Lions", "Walking Corpse")


def layer_cards(library):
    names = []
    for n in library.names():
        c = library.get(n)
        if c.is_permanent_card and not c.token and any(
                getattr(a, "continuous", None) is not None and a.kind in ("static", "characteristic_defining")
                and not (a.continuous.applies_to and (a.continuous.applies_to.attached or a.continuous.applies_to.targets))
                for a in c.abilities):
            names.append(n)
    return names


def board(seed: int, library, permanents: int, effects: int) -> dict:
    rng = random.Random(seed)
    pool = layer_cards(library)
    stamps = rng.sample(range(1, 10 * permanents), permanents)
    battlefield = []
    for k in range(permanents):
        name = rng.choice(pool) if k < effects else rng.choice(PLAIN)
        card = library.get(name)
        entry = {"card": name, "controller": rng.choice(("alice", "bob")), "timestamp": stamps[k]}
        if "choose a creature type" in card.oracle.lower():
            entry["choices"] = {"creature_type": rng.choice(("Elf", "Bear", "Goblin"))}
        if "choose a color" in card.oracle.lower():
            entry["choices"] = {"color": rng.choice(("white", "green", "red"))}
        if rng.random() < 0.1:
            entry["counters"] = {"+1/+1": rng.randint(1, 2)}
        battlefield.append(entry)
    return {"players": ["alice", "bob"], "battlefield": battlefield}


def seeds_of(permanents: int) -> int:
    return 1 if permanents >= 500 else 5 if permanents >= 200 else 9


class Reference:
    """The REFERENCE's layers solver in a process of its own (git archive of it): the time of a board."""

    def __enter__(self) -> "Reference":
        archive = subprocess.run(["git", "archive", REFERENCE], cwd=ROOT, check=True, capture_output=True).stdout
        self.where = tempfile.TemporaryDirectory(prefix="bench_layers_ref_")
        with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
            tar.extractall(self.where.name, filter="data")
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([self.where.name, str(Path(self.where.name) / "tests")])}
        self.process = subprocess.Popen([sys.executable, "-c", REFERENCE_RUN], cwd=self.where.name, env=env,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        assert self.process.stdout.readline().strip() == "ready"
        return self

    def time(self, data: dict) -> float:
        self.process.stdin.write(json.dumps(data) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline()) / 1000

    def __exit__(self, *exc) -> None:
        self.process.stdin.close()
        self.process.wait()
        self.where.cleanup()


def measure(quick: bool) -> list[dict]:
    with Reference() as ref:
        return measure_with(quick, ref)


def measure_with(quick: bool, ref: Reference) -> list[dict]:
    library = load_library()
    rows = []
    sizes = SIZES[:2] if quick else SIZES
    for permanents, effects in sizes:
        seeds = seeds_of(permanents)
        solver_t, ref_t, oracle_t, steps, applications, rules, atoms, deps, loops = [], [], [], [], [], [], [], [], []
        for seed in range(seeds):
            data = board(seed, library, permanents, effects)
            state = board_from_data(data, library, "bench")
            if seed % 2:
                ref_t.append(ref.time(data))
            t = time.perf_counter()
            result = compute_layers(state, SolverConfig(time_limit=3600))
            solver_t.append(time.perf_counter() - t)
            if not seed % 2:
                ref_t.append(ref.time(data))
            sized = compute_layers(state, SolverConfig(time_limit=3600), measure=True)  # grounding size, untimed
            assert not result.timed_out
            t = time.perf_counter()
            oracle = oracle_layers(state)
            oracle_t.append(time.perf_counter() - t)
            a = {k: {f: sorted(v) if isinstance(v, list) else v for f, v in o.items() if f != "all_creature_types"}
                 for k, o in result.objects.items()}
            b = {k: {f: sorted(v) if isinstance(v, list) else v for f, v in o.items()}
                 for k, o in oracle.characteristics().items()}
            assert a == b, f"solver and oracle disagree: seed {seed}, {permanents} permanents"
            steps.append(result.steps)
            applications.append(len(result.order))
            rules.append(sized.rules)
            atoms.append(sized.atoms)
            deps.append(len(result.dependencies))
            loops.append(len(result.loops))
        rows.append({
            "permanents": permanents, "effects": effects, "boards": seeds,
            "solver_ms": statistics.median(solver_t) * 1000, "solver_max_ms": max(solver_t) * 1000,
            "reference_ms": statistics.median(ref_t) * 1000, "oracle_ms": statistics.median(oracle_t) * 1000,
            "steps": statistics.median(steps), "applications": statistics.median(applications), "rules": int(statistics.median(rules)),
            "atoms": int(statistics.median(atoms)), "dependencies": statistics.median(deps),
            "loops": max(loops),
        })
        print(rows[-1], flush=True)
    return rows


def markdown(rows: list[dict]) -> str:
    lines = [
        "## Layers: the solver and the oracle on the same boards",
        "",
        ran_on("bench_layers.py") + ", "
        "one process, medians over the boards of each row. A board has N permanents, E of them with "
        "continuous effects from the library's layer cards (random mixes: dependency chains and loops "
        "among them), the others plain lands and creatures. The solver makes one solve per decision "
        "(613.8a-b, column solves); within it the ready effects then apply in a chain for as long as each "
        "changes nothing a pending effect reads, on a small board into the next layers too (613.8c; column "
        "applications: effect parts applied). Rules "
        "and atoms are ground rules and atoms summed over the solves of one board (measured in a separate, "
        "untimed run). The oracle "
        "(`tests/oracles/layers.py`, brute force by trial application) runs on the same boards in the same "
        "run; the characteristics agree on every board. Reference: the solver of commit "
        f"{REFERENCE} (before issue 27's layers work) on the same boards, in the same run (`git archive` of it, "
        "its own process, board by board alternately with this code).",
        "",
        peak_memory(),
        "",
        "| permanents | effects | boards | solver median (ms) | solver worst (ms) | reference median (ms) | oracle median (ms) | solves | applications | ground rules | ground atoms | dependencies | max loops |",
        "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r['permanents']} | {r['effects']} | {r['boards']} | {r['solver_ms']:.0f} | {r['solver_max_ms']:.0f} | "
                     f"{r['reference_ms']:.0f} | {r['oracle_ms']:.0f} | {r['steps']:.0f} | {r['applications']:.0f} | {r['rules']} | {r['atoms']} | "
                     f"{r['dependencies']:.0f} | {r['loops']} |")
    return "\n".join(lines) + "\n\n"


if __name__ == "__main__":
    main(measure, markdown, quick='only the two smallest sizes')
