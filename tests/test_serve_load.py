"""`mtgjudge serve` under concurrent load (4 keep-alive connections for a few seconds, one worker
process solving in several threads): every answer 200 and the same bytes. clingo's AST objects of
a parsed program must not be shared between threads (bridge/solve.py, _parsed: one copy per
thread); shared, they were corrupted within seconds ("ast 'variable' does not have attribute
'name'", 500s, then the worker process crashed)."""

from __future__ import annotations

import threading
import time

import httpx

from conftest import ROOT, DATA
from desk_browser import desk_server


def _board() -> dict:
    """10 attackers against 10 blockers (the combat benchmark's block_board, seed 10)."""
    import sys

    sys.path.insert(0, str(ROOT / "benchmarks"))
    from bench_combat import block_board

    return block_board(10, 10, 10)


def test_concurrent_requests_all_answered_the_same():
    board = _board()
    attackers = sorted(board["combat"]["attackers"])
    blockers = [p["id"] for p in board["battlefield"] if p["controller"] == "bob" and p.get("id")]
    body = {"board": board, "declaration": {"block": {b: attackers[i % len(attackers)] for i, b in enumerate(blockers)}}}
    answers: list[tuple[int, bytes]] = []
    errors: list[str] = []
    with desk_server("--cards", str(DATA / "cards")) as url:
        first = httpx.post(url + "api/block", json=body, timeout=60)
        assert first.status_code == 200 and first.json()["max_obeyed"] > 0

        def client():
            try:
                with httpx.Client(timeout=60) as c:
                    stop = time.monotonic() + 6
                    while time.monotonic() < stop:
                        r = c.post(url + "api/block", json=body)
                        answers.append((r.status_code, r.content))
            except httpx.HTTPError as e:
                errors.append(repr(e))

        threads = [threading.Thread(target=client) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
    assert errors == []
    assert len(answers) > 20
    assert {status for status, _ in answers} == {200}
    assert {content for _, content in answers} == {first.content}
