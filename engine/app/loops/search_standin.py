# STAND-IN (issue 27 merge replaces it)
"""A temporary stand-in of engine/app/loops/search.py (the search helper's module), obeying its contract so that the
catalogue (engine/app/loops/catalogue.py) can be built and tested before the real search lands. It is imported only
by engine/app/loops/searching.py, when engine/app/loops/search.py does not exist; the merge deletes this file.

It searches nothing: candidate_edges keeps every same-layer pair (no pruning), and search tries a short, fixed list
of boards (the members alone in both timestamp orders, then with one or all of a few probe cards), each run through
the layers task, and reports the first on which the goal holds.
"""

from __future__ import annotations

from typing import Sequence

from asp_rules.rulesdata import LAYERS, OP_LAYER
from engine.app.loops.model import Absent, AbilityRef, Edge, Finding, Goal

PROBES = ("Forest", "Volcanic Island", "Grizzly Bears", "Ornithopter", "Plains", "Saproling")
TOKENS = ("Saproling",)
DOMAIN = "stand-in: the members, alone or with " + ", ".join(PROBES)


def _ability_layers(ab) -> tuple[str, ...]:
    spec = getattr(ab, "continuous", None)
    if spec is None or ab.kind not in ("static", "characteristic_defining", "keyword"):
        return ()
    cda = ab.kind == "characteristic_defining" or (ab.kind == "keyword" and getattr(ab, "keyword", None) != "dash")
    out = set()
    for op in spec.do:
        layer = OP_LAYER.get(op.op)
        if layer == "7a" and not cda:
            layer = "7b"
        if layer is not None and layer not in ("players", "rules"):
            out.add(layer)
    return tuple(sorted(out, key=LAYERS.index))


def continuous_abilities(library, card: str) -> list[tuple[AbilityRef, tuple[str, ...]]]:
    found = library.get(card)
    if found is None:
        return []
    out = []
    for i, ab in enumerate(found.abilities, 1):
        layers = _ability_layers(ab)
        if layers:
            out.append((AbilityRef(found.name, i), layers))
    return out


def candidate_edges(library, refs: Sequence[AbilityRef]) -> list[tuple[AbilityRef, AbilityRef, str]]:
    layers = {}
    for ref in set(refs):
        for r, ls in continuous_abilities(library, ref.card):
            if r == ref:
                layers[ref] = set(ls)
    out = []
    for a in layers:
        for b in layers:
            if a != b and a.card != b.card:
                out.extend((a, b, layer) for layer in layers[a] & layers[b])
    return sorted(set(out), key=lambda e: (e[0], e[1], LAYERS.index(e[2])))


def _boards(members: tuple[AbilityRef, ...]):
    cards = sorted({m.card for m in members})
    orders = [cards, list(reversed(cards))] if len(cards) > 1 else [cards]
    extras = [()] + [(p,) for p in PROBES] + [PROBES]
    for extra in extras:
        for order in orders:
            yield {"players": ["alice", "bob"],
                   "battlefield": [{"card": c, "controller": "alice"} for c in order]
                   + [{"card": p, "controller": "alice", **({"token": True} if p in TOKENS else {})}
                      for p in extra if p not in cards]}


def _run(library, board: dict):
    from bridge import SolverConfig
    from bridge.layers import compute_layers
    from engine.files.loader import board_from_data

    state = board_from_data(board, library)
    ids = {}
    for oid in state.battlefield:
        o = state.objects[oid]
        ids.setdefault(o.printed.name if o.printed is not None else oid, oid)
    return compute_layers(state, SolverConfig(time_limit=10.0)), ids


def _edges(library, board: dict, members: tuple[AbilityRef, ...], layer: str):
    result, ids = _run(library, board)
    eid = {f"{ids[m.card]}#{m.index}": m for m in members if m.card in ids}
    edges = sorted(Edge(eid[d["effect"]], eid[d["depends_on"]], d["reason"]) for d in result.dependencies
                   if d["layer"] == layer and d["effect"] in eid and d["depends_on"] in eid)
    loops = [sorted(eid[x] for x in loop if x in eid) for loop in result.loops]
    return edges, loops


def _holds(edges, loops, members, goal: Goal) -> bool:
    have = {(e.effect, e.depends_on) for e in edges}
    if not all(g in have for g in goal.edges):
        return False
    return not goal.loop or any(set(members) <= set(loop) for loop in loops)


def search(library, members: tuple[AbilityRef, ...], layer: str, goal: Goal, *, time_limit: float = 10.0):
    members = tuple(sorted(members))
    for board in _boards(members):
        edges, loops = _edges(library, board, members, layer)
        if _holds(edges, loops, members, goal):
            return Finding("loop" if goal.loop else "dependency", layer, members, tuple(edges),
                           "613.8b" if goal.loop else "613.8a", board, DOMAIN)
    return Absent(layer, members, goal, "searched", DOMAIN)


def witness_confirms(library, finding: Finding) -> bool:
    edges, loops = _edges(library, finding.witness, finding.members, finding.layer)
    goal = Goal(tuple((e.effect, e.depends_on) for e in finding.edges), finding.kind == "loop")
    return _holds(edges, loops, finding.members, goal) and set(finding.edges) <= set(edges)
