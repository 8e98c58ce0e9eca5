"""Start-up: whole `mtgjudge` processes, this checkout beside the reference (main at 7a1512f, before the
lazy card library) in the same run.

    python benchmarks/bench_startup.py [--runs N] [--reference DIR] [--write docs/performance.md]

Each command runs as its own process (`python -c "from engine.app.cli import entry; entry()" ARGS`,
what the `mtgjudge` script does) with PYTHONPATH and the working directory set to one tree: `layers`
on examples/bench/ten-permanents.yaml (ten permanents), `cards NAME` of a library card and of a card
only the card database has, the bare interpreter (`python -c pass`) and the libraries alone. The runs
alternate between the trees, each first every other time; each time is the wall-clock time from the
start of the process to its end, and the peak memory is the process's own maximum resident set
(os.wait4's rusage). A `layers` process is also timed by phase from inside (the PHASES script). Both
trees are compiled to bytecode first (`compileall`), as an installed package is; each has its own
card database cache, built by a first untimed run.

The reference tree is `git archive 7a1512f` unpacked into --reference (default: a folder beside the
system's temporary files, made once and kept).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))

from report import ran_on, write_section  # noqa: E402

REFERENCE = "7a1512f"
BOARD = ROOT / "examples" / "bench" / "ten-permanents.yaml"
LIBRARY_CARD = "Grizzly Bears"
DATABASE_CARD = "Dark Confidant"  # not in engine/cards: its printed data comes from the card database
DEPENDENCIES = "import click, pydantic, yaml, tabulate, clingo"
CASES = (  # (what, the arguments of python)
    ("`python -c pass`: the interpreter alone", ["-c", "pass"]),
    (f"`python -c '{DEPENDENCIES}'`: the libraries a board command uses", ["-c", DEPENDENCIES]),
    ("`mtgjudge --version`", ["--version"]),
    ("`mtgjudge layers` on a 10-permanent board", ["layers", str(BOARD)]),
    (f"`mtgjudge cards '{LIBRARY_CARD}'` (a library card)", ["cards", LIBRARY_CARD]),
    (f"`mtgjudge cards '{DATABASE_CARD}'` (a card only the database has)", ["cards", DATABASE_CARD]),
)
TARGETS_MS = {3: 150, 4: 100, 5: 100}  # issue 20: layers on a 10-permanent board, cards NAME
# One `layers` process timed by phase (the same code in both trees): the command line imported; the
# board loaded (its loader and the card models imported, its cards read), the card models apart; the
# layers computed (the bridge and clingo imported, the programs parsed and pruned, grounded and solved),
# the programs' parsing and pruning (bridge.prune) apart; the tables printed.
PHASES = """
import io, json, sys, time, contextlib
from pathlib import Path
t0 = time.perf_counter()
from engine.app import cli
t1 = time.perf_counter()
import engine.vocab.cardfile
models = time.perf_counter() - t1
state = cli.load_board(Path(sys.argv[1]), cli._library(()))
t2 = time.perf_counter()
import bridge.prune as prune
spent = []
init = prune.Prunable.__init__
def timed(self, *a, **k):
    t = time.perf_counter(); init(self, *a, **k); spent.append(time.perf_counter() - t)
prune.Prunable.__init__ = timed
from bridge import SolverConfig
from engine.app.queries import layers_result
result = layers_result(state, SolverConfig(time_limit=10.0))
t3 = time.perf_counter()
from engine.app.layers_view import print_layers
from engine.app.render import console
with contextlib.redirect_stdout(io.StringIO()):
    print_layers(result, console(), None)
t4 = time.perf_counter()
print(json.dumps({"the command line imported": t1 - t0, "the board loaded, its cards read": t2 - t1,
                  "of which: the card vocabulary's models built (pydantic)": models, "the layers computed": t3 - t2, "of which: the programs parsed and pruned": sum(spent),
                  "the tables printed": t4 - t3}))
"""


def reference_tree(folder: Path | None) -> Path:
    """main at 7a1512f, unpacked from this repository (once)."""
    folder = folder or Path(tempfile.gettempdir()) / f"mtgjudge-ref-{REFERENCE}"
    if not (folder / "engine" / "app" / "cli.py").exists():
        folder.mkdir(parents=True, exist_ok=True)
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", REFERENCE], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(folder)], input=archive, check=True)
    return folder


def _env(tree: Path, cache: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": str(tree), "MTGJUDGE_CACHE": str(cache), "MTGJUDGE_NO_BROWSER": "1"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def run_once(tree: Path, args: list[str], cache: Path) -> tuple[float, float]:
    """One process: (wall seconds, peak resident MiB)."""
    code = args if args[0] == "-c" else ["-c", "from engine.app.cli import entry; entry()", *args]
    t = time.perf_counter()
    proc = subprocess.Popen([sys.executable, *code], cwd=tree, env=_env(tree, cache), stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t
    proc.returncode = os.waitstatus_to_exitcode(status)
    err = proc.stderr.read().decode() if proc.stderr else ""
    if proc.stderr:
        proc.stderr.close()
    if proc.returncode != 0:
        raise SystemExit(f"{tree}: python {' '.join(code)} exited {proc.returncode}: {err.strip()}")
    return wall, usage.ru_maxrss / 1024


def phases_once(tree: Path, cache: Path) -> dict[str, float]:
    out = subprocess.run([sys.executable, "-c", PHASES, str(BOARD)], cwd=tree, env=_env(tree, cache),
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out)


def measure(runs: int, reference: Path | None) -> dict:
    trees = {"this checkout": ROOT, REFERENCE: reference_tree(reference)}
    for tree in trees.values():
        subprocess.run([sys.executable, "-m", "compileall", "-q", "engine", "bridge", "asp_rules", "mtgjudge"],
                       cwd=tree, check=True, stdout=subprocess.DEVNULL)
    results: dict = {name: {i: [] for i in range(len(CASES))} for name in trees}
    phases: dict = {name: [] for name in trees}
    load = os.getloadavg()
    with tempfile.TemporaryDirectory() as caches:
        cache = {name: Path(caches) / str(i) for i, name in enumerate(trees)}
        for name, tree in trees.items():  # untimed: each tree's card database index is built
            for _, args in CASES:
                run_once(tree, args, cache[name])
        for run in range(runs):
            order = list(trees.items())[:: 1 if run % 2 == 0 else -1]  # each tree first every other run
            for i, (_, args) in enumerate(CASES):
                for name, tree in order:
                    results[name][i].append(run_once(tree, args, cache[name]))
            for name, tree in order:
                phases[name].append(phases_once(tree, cache[name]))
    return {"runs": runs, "results": results, "phases": phases, "load": (load, os.getloadavg()),
            "cpus": os.cpu_count()}


def markdown(data: dict) -> str:
    new, ref = data["results"]["this checkout"], data["results"][REFERENCE]

    def ms(rows) -> float:
        return statistics.median(r[0] for r in rows) * 1000

    def mib(rows) -> float:
        return statistics.median(r[1] for r in rows)

    (load_before, _, _), (load_after, _, _) = data["load"]
    lines = [
        "## Start-up: whole processes, against main at 7a1512f",
        "",
        f"{ran_on('bench_startup.py')} ({data['cpus']} cores; load average {load_before:.2f} before the runs, "
        f"{load_after:.2f} after), the median of {data['runs']} runs of each process, the two trees alternating (each first every other time). "
        "Each `mtgjudge` command is a whole process (`python -c \"from engine.app.cli import entry; entry()\" ARGS`, "
        "what the `mtgjudge` script runs), both trees compiled to bytecode first, each with its card database "
        "index built. Peak memory: the process's maximum resident set. The board: "
        "examples/bench/ten-permanents.yaml (ten permanents of eight library cards).",
        "",
        "| process | this checkout (ms) | peak (MiB) | main at 7a1512f (ms) | peak (MiB) | target (ms) |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for i, (what, _) in enumerate(CASES):
        target = TARGETS_MS.get(i)
        lines.append(f"| {what} | {ms(new[i]):.0f} | {mib(new[i]):.0f} | {ms(ref[i]):.0f} | {mib(ref[i]):.0f} | "
                     f"{target if target else '-'} |")
    names = list(data["phases"]["this checkout"][0])
    lines += ["", "One `mtgjudge layers` process on the same board, timed by phase inside it (the median of each):", "",
              "| phase | this checkout (ms) | main at 7a1512f (ms) |", "|---|---:|---:|"]
    for name in names:
        a = statistics.median(p[name] for p in data["phases"]["this checkout"]) * 1000
        b = statistics.median(p[name] for p in data["phases"][REFERENCE]) * 1000
        lines.append(f"| {name} | {a:.0f} | {b:.0f} |")
    floor, libraries = ms(new[0]), ms(new[1])
    met = {i: ms(new[i]) < t for i, t in TARGETS_MS.items()}
    lines += ["", ("Every target is met." if all(met.values()) else
                   f"The targets are {'partly met' if any(met.values()) else 'not met'} on this machine: the interpreter "
                   f"alone starts in {floor:.0f} ms here, and importing the libraries a board command needs "
                   f"(click, pydantic, PyYAML, tabulate, clingo) takes {libraries:.0f} ms, before mtgjudge does "
                   f"anything.")]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=11, help="processes of each kind and tree (the median is shown)")
    parser.add_argument("--reference", type=Path, help=f"a folder holding (or to receive) main at {REFERENCE}")
    parser.add_argument("--write", type=Path, help="write the table into this Markdown file (its Start-up section)")
    args = parser.parse_args()
    table = markdown(measure(args.runs, args.reference))
    print(table)
    if args.write:
        write_section(args.write, "## Start-up:", table)


if __name__ == "__main__":
    main()
