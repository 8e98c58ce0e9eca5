"""The judge's desk under heavy boards (issue 25): the desk's memory (its process and every worker)
before, at the peak and after heavy requests, how long each heavy request takes to be answered,
and the latency of a small request made while a heavy one runs.

Run from the repository root:  python benchmarks/bench_desk_limits.py [--time-limit 2] [--source DIR]

``--source DIR`` runs the desk of another source tree (e.g. an export of an older commit, to
compare); the boards are made by this one. The server runs under ``prlimit --as`` (3 GB per
process) so a desk without limits can't take the machine's memory. The figures go in
docs/desk.md ("Limits"), by hand: the machine is shared, its load average is printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from bench_combat import block_board  # noqa: E402

CARDS = ROOT / "tests" / "data" / "cards"  # the combat benchmark's example cards (block_board)
SMALL = {"board": {"players": ["alice", "bob"], "battlefield": [
    {"card": "Humility", "controller": "alice"}, {"card": "Opalescence", "controller": "alice"},
    {"card": "Grizzly Bears", "controller": "bob"}]}}


def devour(creatures: int) -> dict:
    """Thunder-Thrash Elder (devour 3) entering beside Hardened Scales, Vorinclex and N creatures."""
    bf = [{"card": "Hardened Scales", "controller": "alice"}, {"card": "Vorinclex, Monstrous Raider", "controller": "alice"}]
    bf += [{"card": "Runeclaw Bear", "controller": "alice", "id": f"bear{i}"} for i in range(creatures)]
    return {"board": {"players": ["alice", "bob"], "battlefield": bf,
                      "stack": [{"card": "Thunder-Thrash Elder", "controller": "alice"}]},
            "event": {"event": {"type": "enter", "object": "thunder_thrash_elder", "controller": "alice"}}}


def heavy_requests() -> list[tuple[str, str, dict]]:
    from engine.app.generate import random_layers_board
    from engine.files.library import load_library

    library = load_library(())
    return [("devour, 12 creatures", "api/replace", devour(12)),
            ("layers, 3,000 permanents", "api/layers", {"board": random_layers_board(7, library, permanents=3000)}),
            ("block, 300 x 300", "api/block", {"board": block_board(10, 300, 300)}),
            ("board, 18,000 permanents", "api/board",
             {"board": {"players": ["alice", "bob"],
                        "battlefield": [{"card": "Grizzly Bears", "controller": "alice"}] * 18000}})]


def tree_rss_mb(pid: int) -> float:
    """The memory of a process and all its descendants (Linux /proc), MB: their proportional set
    sizes (Pss: a page the forked workers share with the fork server counted once, shared out)."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                ppid = int(Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    total, todo = 0.0, [pid]
    while todo:
        p = todo.pop()
        try:
            rollup = Path(f"/proc/{p}/smaps_rollup").read_text()
            total += int(next(line.split()[1] for line in rollup.splitlines() if line.startswith("Pss:"))) / 1024
        except (OSError, IndexError, ValueError, StopIteration):
            pass
        todo += children.get(p, [])
    return total


def post(url: str, body: dict, timeout: float = 300) -> tuple[int, float]:
    t = time.perf_counter()
    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=timeout) as r:
            r.read()
            status = r.status
    except urllib.error.HTTPError as e:
        status = e.code
    except OSError:
        status = 0  # no answer (the connection closed, or the timeout)
    return status, time.perf_counter() - t


def serve(source: Path, port: int, time_limit: float):
    env = dict(os.environ, PYTHONPATH=str(source))
    return subprocess.Popen(["prlimit", "--as=3000000000", sys.executable, "-c", "from engine.app.cli import entry; entry()",
                             "serve", "--port", str(port), "--time-limit", str(time_limit), "--max-body", "20000000",
                             "--cards", str(CARDS)], cwd=source, env=env, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--time-limit", type=float, default=2.0)
    parser.add_argument("--source", type=Path, default=ROOT)
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = f"http://127.0.0.1:{port}/"
    requests = heavy_requests()
    proc = serve(args.source, port, args.time_limit)
    peak = 0.0
    stop = threading.Event()

    def sample():
        nonlocal peak
        while not stop.is_set():
            peak = max(peak, tree_rss_mb(proc.pid))
            time.sleep(0.1)

    try:
        for _ in range(600):
            if post(base + "api/layers", SMALL, 5)[0] == 200:
                break
            time.sleep(0.5)
        for _ in range(3):
            post(base + "api/layers", SMALL)  # every worker warm
        time.sleep(1)
        before = tree_rss_mb(proc.pid)
        threading.Thread(target=sample, daemon=True).start()
        print(f"load average {os.getloadavg()[0]:.1f}; time limit {args.time_limit:g} s; desk before: {before:.0f} MB",
              flush=True)
        for name, path, body in requests:
            small: list[tuple[int, float]] = []
            done = threading.Event()

            def smalls():
                time.sleep(0.5)
                while not done.is_set():
                    small.append(post(base + "api/layers", SMALL, 120))
                    time.sleep(0.2)

            t = threading.Thread(target=smalls)
            t.start()
            status, seconds = post(base + path, body)
            done.set()
            t.join()
            worst = max((s for _, s in small), default=float("nan"))
            print(f"{name}: {status} after {seconds:.1f} s; small requests meanwhile: {len(small)}, statuses "
                  f"{sorted({s for s, _ in small})}, slowest {worst:.2f} s; desk now {tree_rss_mb(proc.pid):.0f} MB",
                  flush=True)
        # four heavy requests at once, then the desk left alone
        threads = [threading.Thread(target=post, args=(base + path, body)) for _, path, body in requests]
        t0 = time.perf_counter()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        print(f"the four at once: all answered after {time.perf_counter() - t0:.1f} s", flush=True)
        time.sleep(3)
        stop.set()
        print(f"desk after: {tree_rss_mb(proc.pid):.0f} MB; peak {peak:.0f} MB", flush=True)
    finally:
        stop.set()
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()


if __name__ == "__main__":
    main()
