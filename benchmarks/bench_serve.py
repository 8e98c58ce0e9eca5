"""The judge's desk under load: requests per second of POST /api/block on a 10x10 board (10
attackers, 10 potential blockers), `mtgjudge serve` with 2 worker processes (and 1, to compare).

Run from the repository root:  python benchmarks/bench_serve.py [--quick] [--write docs/performance.md]

The boards are those of the combat benchmark (benchmarks/bench_combat.py, block_board): random
attackers with flying, menace, Lure ... against random blockers with reach, "blocks each combat if
able" ... (with the example cards of tests/data/cards, given by --cards). Two questions: the verdict on a declaration (the blockers block the attackers in turn:
a check solve and the optimization, as `mtgjudge block BOARD DECLARATION`) and the best
declaration (`mtgjudge block BOARD`: the optimization alone). The load generator is wrk (Debian's
package; `apt-get install wrk`) with 4 connections; without wrk, an httpx asyncio client with as
many. Every answer is checked to be 200 before the timing, and wrk counts any other status.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks"), str(ROOT / "tests")]

from report import main, ran_on  # noqa: E402
from bench_combat import block_board  # noqa: E402
from desk_browser import desk_server  # noqa: E402

CONNECTIONS = 4
CARDS = ROOT / "tests" / "data" / "cards"  # the example cards the combat benchmark's boards use (--cards)
SEED = 10


def bodies() -> dict[str, dict]:
    board = block_board(SEED, 10, 10)
    attackers = sorted(board["combat"]["attackers"])
    blockers = [p["id"] for p in board["battlefield"] if p["controller"] == "bob" and p.get("id")]
    declaration = {"block": {b: attackers[i % len(attackers)] for i, b in enumerate(blockers)}}
    return {"verdict on a declaration": {"board": board, "declaration": declaration},
            "best declaration": {"board": board}}


def post(url: str, body: dict) -> tuple[int, dict]:
    import urllib.error
    import urllib.request

    req = urllib.request.Request(url, data=json.dumps(body).encode(), headers={"content-type": "application/json"})
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def wrk(url: str, body: dict, seconds: int) -> dict:
    with tempfile.NamedTemporaryFile("w", suffix=".lua", delete=False) as f:
        f.write('wrk.method = "POST"\nwrk.headers["Content-Type"] = "application/json"\n'
                f"wrk.body = [==[{json.dumps(body)}]==]\n")
        script = f.name
    out = subprocess.run(["wrk", "-t2", f"-c{CONNECTIONS}", f"-d{seconds}s", "--latency", "-s", script, url],
                         capture_output=True, text=True, check=True).stdout
    Path(script).unlink()
    rate = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))
    total = int(re.search(r"(\d+) requests in", out).group(1))
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    errors = re.search(r"Socket errors: (.*)", out)

    def ms(p: str) -> float:
        value, unit = re.search(rf"\s{p}%\s+([\d.]+)(us|ms|s)\b", out).groups()
        return float(value) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[unit]

    return {"rate": rate, "requests": total, "failed": int(bad.group(1)) if bad else 0, "p50": ms("50"), "p99": ms("99"),
            "socket_errors": errors.group(1) if errors else ""}


def httpx_load(url: str, body: dict, seconds: int) -> dict:
    import httpx

    latencies: list[float] = []
    failed = 0

    async def one_connection(client, stop: float):
        nonlocal failed
        while time.perf_counter() < stop:
            t = time.perf_counter()
            r = await client.post(url, json=body)
            latencies.append((time.perf_counter() - t) * 1000)
            failed += r.status_code != 200

    async def run():
        async with httpx.AsyncClient(timeout=60) as client:
            start = time.perf_counter()
            await asyncio.gather(*(one_connection(client, start + seconds) for _ in range(CONNECTIONS)))
            return time.perf_counter() - start

    elapsed = asyncio.run(run())
    latencies.sort()
    return {"rate": len(latencies) / elapsed, "requests": len(latencies), "failed": failed,
            "p50": latencies[len(latencies) // 2], "p99": latencies[int(len(latencies) * 0.99)], "socket_errors": ""}


def measure(quick: bool) -> list[dict]:
    seconds = 5 if quick else 20
    load = wrk if shutil.which("wrk") else httpx_load
    busy = os.getloadavg()[0]  # other jobs on the machine weigh on the figures: said with the table
    rows = []
    for workers in (2, 1):
        with desk_server("--workers", str(workers), "--cards", str(CARDS)) as base:
            url = base + "api/block"
            for question, body in bodies().items():
                status, answer = post(url, body)
                assert status == 200, answer
                post(url, body)  # each worker process warms up (its first solve loads the programs)
                r = load(url, body, seconds)
                row = {"workers": workers, "question": question, "seconds": seconds, "tool": load.__name__, "busy": busy,
                       "answer": answer, **r}
                rows.append(row)
                print({k: v for k, v in row.items() if k != "answer"}, flush=True)
    return rows


def markdown(rows: list[dict]) -> str:
    tool = "wrk" if rows[0]["tool"] == "wrk" else "an httpx asyncio client"
    check = next(r["answer"] for r in rows if r["question"] == "verdict on a declaration")
    best = next(r["answer"] for r in rows if r["question"] == "best declaration")
    lines = [
        "## Judge's desk: requests per second of /api/block, 10x10",
        "",
        ran_on("bench_serve.py") + f" (2 cores, shared by the server and the load generator). `mtgjudge serve "
        f"--workers N` on loopback; {tool} with {CONNECTIONS} connections for {rows[0]['seconds']} s per row. The "
        "board: 10 attackers against 10 potential blockers (benchmarks/bench_combat.py, block_board, seed "
        f"{SEED}). Verdict: a declaration where the blockers block the attackers in turn (the answer: "
        f"{'legal' if check['legal'] else 'illegal'}, {len(check['violations'])} violation(s), max_obeyed "
        f"{check['max_obeyed']}); best: no declaration (max_obeyed {best['max_obeyed']}). Each request loads the "
        "board, computes the layers and runs the combat solves; nothing is cached between requests. The load "
        f"average of the machine when the run began: {rows[0]['busy']:.1f} (other jobs share these 2 cores: the "
        "figures are lower bounds).",
        "",
        "| workers | question | requests/s | requests | not 200 | median ms | 99th percentile ms |",
        "|---:|---|---:|---:|---:|---:|---:|",
    ]
    for r in rows:
        lines.append(f"| {r['workers']} | {r['question']} | {r['rate']:.0f} | {r['requests']} | {r['failed']} | "
                     f"{r['p50']:.1f} | {r['p99']:.1f} |")
    two = {r["question"]: r["rate"] for r in rows if r["workers"] == 2}
    one = {r["question"]: r["rate"] for r in rows if r["workers"] == 1}
    lines += ["", "With 2 workers: " + "; ".join(f"{q} {two[q]:.0f} requests/s ({two[q] / one[q]:.2f}x one worker)"
                                                for q in two) + "."]
    return "\n".join(lines)


if __name__ == "__main__":
    main(measure, markdown, quick="5 s per row instead of 20")
