"""Imported by the desk's fork server only (engine/web/pool.py): one small question of each kind
(layers, block, replace) answered once, so the programs are parsed and the cards read in the fork
server, and every worker forked from it answers its first request as fast as its hundredth (a cold
worker takes seconds, more than a short --time-limit). Nothing here may raise: the fork server
would stop."""

from __future__ import annotations

WARM = [
    ("/api/layers", {"board": {"players": ["alice", "bob"], "battlefield": [
        {"card": "Humility", "controller": "alice"}, {"card": "Opalescence", "controller": "alice"},
        {"card": "Grizzly Bears", "controller": "bob"}]}}),
    ("/api/block", {"board": {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Boggart Brute", "controller": "alice", "id": "brute"}, {"card": "Grand Melee", "controller": "alice"},
        {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}, {"card": "Hill Giant", "controller": "bob"}],
        "combat": {"attackers": {"brute": "bob"}}}}),
    ("/api/replace", {"board": {"players": ["alice", "bob"], "battlefield": [
        {"card": "Doubling Season", "controller": "alice"}, {"card": "Hardened Scales", "controller": "alice"},
        {"card": "Grizzly Bears", "controller": "alice"}]},
        "event": {"event": {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1}}}),
]


def warm() -> list[int]:
    """The statuses of the warm-up questions (200 each when all is well)."""
    statuses = []
    try:
        from engine.files.library import load_library
        from engine.web.worker import Jobs

        jobs = Jobs(load_library(()), 30.0)
        for endpoint, fields in WARM:
            statuses.append(jobs.answer(endpoint, fields)[0])
    except Exception:  # a worker then warms as it answers: slower, never wrong
        statuses.append(0)
    return statuses


STATUSES = warm()
