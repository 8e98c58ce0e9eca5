"""Oracle for the catalogue's witness search (613.8a-b), sharing no decision code with it: brute force over the
boards of the probe domain (engine/app/loops/domain.py gives the domain and writes a board file; which boards exist,
in what order, and whether a goal holds on one are decided here), each board's dependencies and loops given by the
brute-force layers oracle (tests/oracles/layers.py), not by the layers program.

A goal holds on a board when every edge it names is a dependency the oracle finds in the layer (any dependency
between the members when it names none), and, for a loop, when the members reach each other by the layer's
dependencies (613.8b).
"""

from __future__ import annotations

import itertools
from typing import Any

from engine.app.loops import domain
from engine.app.loops.model import AbilityRef, Goal
from engine.files.errors import InputError
from engine.files.loader import board_from_data
from oracles.layers import oracle_layers


def _boards(library, members: tuple[AbilityRef, ...], max_probes: int):
    probes = domain.probes_for(library, members)
    ids = domain.member_ids(members)
    objs = list(dict.fromkeys(ids[r.card] for r in members))
    auras = [ids[c] for c in dict.fromkeys(r.card for r in members) if domain.is_aura(library, c)]
    for k in range(max_probes + 1):
        for combo in itertools.combinations(probes, k):
            on = tuple(p.id for p in combo)
            present = objs + list(on)
            for targets in itertools.product(*[[y for y in present if y != x] for x in auras]):
                attach = tuple(zip(auras, targets))
                if _attach_loop(dict(attach)):
                    continue
                for rev in ((False, True) if len(objs) > 1 else (False,)):
                    for mine in itertools.product((True, False), repeat=len(objs) - 1):
                        theirs = tuple(o for o, m in zip(objs[1:], mine) if not m)
                        yield domain.witness_board(library, members, probes, on, attach, rev, theirs)


def _attach_loop(attach: dict[str, str]) -> bool:
    for start in attach:
        seen, x = set(), start
        while x in attach:
            if x in seen:
                return True
            seen.add(x)
            x = attach[x]
    return False


def _holds(o, members: tuple[AbilityRef, ...], layer: str, goal: Goal) -> bool:
    ids = domain.member_ids(members)
    name = {f"{ids[r.card]}#{r.index}": r for r in members}
    edges = {(name[d["effect"]], name[d["depends_on"]]) for d in o.dependencies
             if d["layer"] == layer and d["effect"] in name and d["depends_on"] in name}
    if not goal.edges and not goal.loop:
        return bool(edges)
    if not set(goal.edges) <= edges:
        return False
    if goal.loop:
        succ: dict[str, set[str]] = {}
        for d in o.dependencies:
            if d["layer"] == layer:
                succ.setdefault(d["effect"], set()).add(d["depends_on"])
        for start in name:
            seen, todo = {start}, [start]
            while todo:
                for n in succ.get(todo.pop(), ()):
                    if n not in seen:
                        seen.add(n)
                        todo.append(n)
            if not set(name) <= seen:
                return False
    return True


def witness_exists(library, members: tuple[AbilityRef, ...], layer: str, goal: Goal,
                   max_probes: int) -> dict[str, Any] | None:
    """The first board of the domain (at most ``max_probes`` probes) on which the oracle finds the goal, or
    None when there is none."""
    members = tuple(dict.fromkeys(members))
    for board in _boards(library, members, max_probes):
        try:
            state = board_from_data(board, library, "<oracle board>")
        except InputError:
            continue
        if _holds(oracle_layers(state), members, layer, goal):
            return board
    return None
