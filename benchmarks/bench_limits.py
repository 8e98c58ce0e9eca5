"""Limits under heavy boards: whole `mtgjudge` processes on the boards of issue 25, with their time and memory.

Run from the repository root:  python benchmarks/bench_limits.py [--quick] [--write docs/performance.md]

The boards (written to a temporary folder, real cards of the library only):
- devour N: Jund in alice's command zone, Thunder-Thrash Elder on the stack gaining devour 5 from it (devour 3
  printed), Hardened Scales and Vorinclex, Monstrous Raider, and N Grizzly Bears and Runeclaw Bears; the event is
  the Elder entering (`mtgjudge replace`). N = 10 and 12. And the same creatures with Thunder-Thrash Elder and
  Mycoloth entering at once from alice's hand (two devour instances on two permanents).
- block 1000x1000: 1,000 attacking Grizzly Bears of alice against 1,000 Grizzly Bears of bob (`mtgjudge block`).
- show 18000: 18,000 permanents without ids (`mtgjudge show`; ids made from the card names).
Each runs as its own process under `prlimit --as=4000000000 timeout 300` (where prlimit exists), with
`--time-limit 1` and with the defaults (10 s, 2048 MB); the wall time and the peak resident memory are the
child's (resource.getrusage(RUSAGE_CHILDREN), one child at a time), the exit status the process's.
"""

from __future__ import annotations

import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT)]

from report import main, ran_on  # noqa: E402

ENTRY = "import sys; sys.argv[0] = 'mtgjudge'; from engine.app.cli import entry; entry()"
OUTER = 300  # seconds: the outer bound of one run (timeout), and 4 GB of address space (prlimit)


def devour_board(creatures: int) -> tuple[dict, dict]:
    bf = [{"card": "Runeclaw Bear" if k % 2 else "Grizzly Bears", "controller": "alice", "id": f"c{k}"}
          for k in range(creatures)]
    bf += [{"card": "Hardened Scales", "controller": "alice"},
           {"card": "Vorinclex, Monstrous Raider", "controller": "alice"}]
    board = {"players": ["alice", "bob"], "battlefield": bf, "command": {"alice": ["Jund"]},
             "stack": [{"card": "Thunder-Thrash Elder", "controller": "alice"}],
             "effects": [{"from": "Jund", "ability": 1, "controller": "alice", "targets": ["thunder_thrash_elder"],
                          "duration": "indefinite"}]}
    return board, {"event": {"type": "enter", "object": "thunder_thrash_elder", "controller": "alice"}}


def devour_pair_board(creatures: int) -> tuple[dict, dict]:
    """The devour board with Thunder-Thrash Elder (devour 3) and Mycoloth (devour 2) entering at once from alice's
    hand, without Jund: every creature can be sacrificed to either (614.13b)."""
    board, _ = devour_board(creatures)
    for key in ("stack", "effects", "command"):
        board.pop(key)
    board["hand"] = {"alice": [{"card": "Thunder-Thrash Elder", "id": "elder"}, {"card": "Mycoloth", "id": "mycoloth"}]}
    return board, {"events": [{"type": "enter", "object": "elder", "controller": "alice"},
                              {"type": "enter", "object": "mycoloth", "controller": "alice"}]}


def block_board(attackers: int, blockers: int) -> dict:
    bf = [{"card": "Grizzly Bears", "controller": "alice", "id": f"a{i}", "tapped": True} for i in range(attackers)]
    bf += [{"card": "Grizzly Bears", "controller": "bob", "id": f"b{i}"} for i in range(blockers)]
    return {"players": ["alice", "bob"], "active": "alice", "battlefield": bf,
            "combat": {"attackers": {f"a{i}": "bob" for i in range(attackers)}}}


def show_board(permanents: int) -> dict:
    cards = ("Grizzly Bears", "Runeclaw Bear", "Hill Giant", "Serra Angel", "Forest", "Island")
    return {"players": ["alice", "bob"],
            "battlefield": [{"card": cards[k % len(cards)], "controller": ("alice", "bob")[k % 2]}
                            for k in range(permanents)]}


def write(folder: Path, name: str, data: dict) -> Path:
    path = folder / name
    path.write_text(yaml.safe_dump(data, sort_keys=False, width=1000), encoding="utf-8")
    return path


def cases(folder: Path, quick: bool) -> list[tuple[str, list[str]]]:
    """(the board's name, the command's arguments) of each run."""
    runs = []
    for n in ((10,) if quick else (10, 12)):
        board, event = devour_board(n)
        b, e = write(folder, f"devour{n}.yaml", board), write(folder, f"devour{n}-event.yaml", event)
        runs.append((f"devour, {n} creatures (`replace`)", ["replace", str(b), str(e)]))
    for n in ((10,) if quick else (10, 12)):
        board, event = devour_pair_board(n)
        b, e = write(folder, f"devour-pair{n}.yaml", board), write(folder, f"devour-pair{n}-event.yaml", event)
        runs.append((f"two devour creatures entering, {n} creatures (`replace`)", ["replace", str(b), str(e)]))
    size = 200 if quick else 1000
    b = write(folder, f"block{size}.yaml", block_board(size, size))
    runs.append((f"block {size}x{size} (`block`)", ["block", str(b)]))
    count = 3000 if quick else 18000
    b = write(folder, f"show{count}.yaml", show_board(count))
    runs.append((f"{count:,} permanents without ids (`show`)", ["show", str(b)]))
    return runs


def run(args: list[str]) -> dict:
    """One whole process: its wall time, its peak resident memory (MiB) and its exit status. The peak is
    /usr/bin/time's (%M: the largest of the process and the children it waited for) where it exists, else
    getrusage of this script's children (a maximum over every run so far: "-" when not above the earlier ones)."""
    outer = ["timeout", str(OUTER)]
    if shutil.which("prlimit"):
        outer = ["prlimit", "--as=4000000000"] + outer
    timer = Path("/usr/bin/time")
    with tempfile.NamedTemporaryFile("r", suffix=".time") as rss:
        if timer.exists():
            outer = [str(timer), "-f", "%M %U %S", "-o", rss.name] + outer
        before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        t0 = time.perf_counter()
        done = subprocess.run(outer + [sys.executable, "-c", ENTRY] + args, cwd=ROOT, capture_output=True, text=True)
        wall = time.perf_counter() - t0
        cpu = None
        if timer.exists():
            found = re.findall(r"^(\d+) ([\d.]+) ([\d.]+)$", Path(rss.name).read_text(), re.M)
            peak = int(found[-1][0]) / 1024 if found else None
            cpu = float(found[-1][1]) + float(found[-1][2]) if found else None
        else:
            after = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
            peak = after / 1024 if after > before else None
    last = (done.stderr.strip().splitlines() or [""])[-1]
    return {"wall": wall, "cpu": cpu, "peak": peak, "status": done.returncode, "line": last[:160]}


def measure(quick: bool = False) -> list[dict]:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        for name, args in cases(Path(tmp), quick):
            for limit in (["--time-limit", "1"], []):
                solving = args[0] != "show"
                r = run(args + (limit if solving else []))
                r |= {"board": name, "limit": ("1 s" if limit else "10 s (default)") if solving else "none (no solve)"}
                rows.append(r)
                print(r, file=sys.stderr)
                if not solving:
                    break
    return rows


def markdown(rows: list[dict]) -> str:
    lines = ["## Limits under heavy boards: whole processes",
             "",
             f"{ran_on('bench_limits.py')}; each run one `mtgjudge` process under `prlimit --as=4000000000 timeout "
             f"{OUTER}` (exit 124: the outer timeout). Peak RSS and CPU time (user + system): /usr/bin/time's "
             "(\"-\": unknown). The machine is shared: the wall time depends on its load, the CPU time much less.",
             "",
             "| board | time limit | wall time | CPU time | peak RSS | exit status | last line of standard error |",
             "| --- | --- | ---: | ---: | ---: | ---: | --- |"]
    for r in rows:
        peak = f"{r['peak']:.0f} MiB" if r["peak"] is not None else "-"
        cpu = f"{r['cpu']:.1f} s" if r.get("cpu") is not None else "-"
        line = r["line"].replace("|", "\\|")
        lines.append(f"| {r['board']} | {r['limit']} | {r['wall']:.1f} s | {cpu} | {peak} | {r['status']} | {line} |")
    return "\n".join(lines) + "\n"


if __name__ == "__main__":
    main(measure, markdown, quick="smaller boards (devour 10, block 200x200, show 3,000)")
