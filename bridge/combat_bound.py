"""An upper bound of max_obeyed (509.1c) from a relaxation, for the optimization of bridge/combat.py.

What the relaxation keeps is the block program's, read from the board alone (asp_rules/tasks/block_bound.lp):
the pairs a declaration that breaks no restriction and pays no cost may hold (free_pair/2), how many attackers each
blocker may block (capacity_of/2, any_number/1), and what each requirement needs (needs_pair/4: that pair;
needs_blocker/3: that the blocker blocks; needs_attacker/3: that the attacker is blocked). What it leaves out is
every other restriction (menace, "can't block alone", "no more than N creatures can block" ...) and the rest of
each requirement's condition ("blocks a creature with flying" needs the blocker to block, and more). So each
declaration tasks/block_best.lp ranges over is a set of pairs within these limits, obeying no more requirements
than the relaxation credits it with: the relaxation's optimum bounds max_obeyed from above.

The relaxation is a min-cost flow (networkx), exact in polynomial time: one unit for each pair held, from the
source through its blocker (its first unit earns the blocker's needs, the others nothing; capacity_of units in
all) and its attacker to the sink, each pair earning its own needs. An attacker takes at most max_blocked units;
a requirement that needs it blocked earns 1/M for each of its first M units, M the blockers it needs (two for
menace, min_blocked/2; N for "exactly N", needs_count/3): a declaration that obeys it has M blockers there, so
earns it whole (the gains are scaled by a common multiple of the M, and the flow's value rounded down).
A declaration reaching the bound is a best one, proven: the solver then only has to find one (a satisfiability
question, with the bound as a constraint), not to prove that none obeys more.

>>> relaxation([("free_pair", ("b1", "a1")), ("free_pair", ("b2", "a1")), ("capacity_of", ("b1", 1)),
...             ("capacity_of", ("b2", 1)), ("needs_attacker", ("r", "a1", "a1")),
...             ("needs_pair", ("l", ("p", "b1", "a1"), "b1", "a1")), ("needs_pair", ("l", ("p", "b2", "a1"), "b2", "a1"))])
(3, [('b1', 'a1'), ('b2', 'a1')])
"""

from __future__ import annotations

import math
from collections import Counter
from typing import Any, Iterable

import networkx as nx


def relaxation(atoms: Iterable[tuple[str, tuple[Any, ...]]]) -> tuple[int, list[tuple[Any, Any]]] | None:
    """The relaxation's optimum and the pairs (blocker, attacker) of one optimal solution of it (sorted), from the
    atoms of tasks/block_bound.lp, (name, arguments); None with bound_open."""
    edges: set[tuple[Any, Any]] = set()
    capacity: dict[Any, int] = {}
    any_number: set[Any] = set()
    pair_gain: Counter = Counter()
    blocker_gain: Counter = Counter()
    attacker_needs: dict[Any, list[Any]] = {}  # attacker -> the requirements that need it blocked
    least: dict[Any, int] = {}  # attacker -> the fewest blockers it can have, if any (menace)
    most: dict[Any, int] = {}  # attacker -> the most
    counts: dict[Any, int] = {}  # requirement -> the blockers it needs
    for name, args in atoms:
        if name == "bound_open":
            return None
        if name == "free_pair":
            edges.add(args)
        elif name == "capacity_of":
            capacity[args[0]] = args[1]
        elif name == "any_number":
            any_number.add(args[0])
        elif name == "needs_pair":
            pair_gain[args[2], args[3]] += 1
        elif name == "needs_blocker":
            blocker_gain[args[2]] += 1
        elif name == "needs_attacker":
            attacker_needs.setdefault(args[2], []).append(args[:2])
        elif name == "min_blocked":
            least[args[0]] = max(least.get(args[0], 1), args[1])
        elif name == "max_blocked":
            most[args[0]] = min(most.get(args[0], args[1]), args[1])
        elif name == "needs_count":
            counts[args[:2]] = args[2]
    if not edges:
        return 0, []
    blockers = sorted({b for b, _ in edges}, key=str)
    attackers = sorted({a for _, a in edges}, key=str)
    into = Counter(a for _, a in edges)
    # A requirement that needs an attacker blocked by M creatures is credited 1/M for each of its first M blockers
    # (the gains are concave in the number of blockers: a flow); every gain is scaled by the common multiple.
    needed = {(a, r): max(least.get(a, 1), counts.get(r, 1), 1) for a, rs in attacker_needs.items() for r in rs}
    scale = math.lcm(*needed.values()) if needed else 1
    units = {b: len(attackers) if b in any_number else max(capacity.get(b, 1), 1) for b in blockers}
    total = sum(units.values())
    g = nx.DiGraph()
    for b in blockers:
        g.add_edge("source", ("first", b), capacity=1, weight=-scale * blocker_gain[b])
        g.add_edge(("first", b), ("blocker", b), capacity=1, weight=0)
        if units[b] > 1:
            g.add_edge("source", ("more", b), capacity=units[b] - 1, weight=0)
            g.add_edge(("more", b), ("blocker", b), capacity=units[b] - 1, weight=0)
    for b, a in sorted(edges, key=str):
        g.add_edge(("blocker", b), ("attacker", a), capacity=1, weight=-scale * pair_gain[b, a])
    for a in attackers:
        limit = min(most.get(a, into[a]), into[a])
        steps = max((needed[a, r] for r in attacker_needs.get(a, ())), default=0)
        for i in range(1, min(steps, limit) + 1):  # the i-th blocker of the attacker
            gain = sum(scale // needed[a, r] for r in attacker_needs[a] if i <= needed[a, r])
            g.add_edge(("attacker", a), ("unit", a, i), capacity=1, weight=-gain)
            g.add_edge(("unit", a, i), "sink", capacity=1, weight=0)
        if limit > steps:
            g.add_edge(("attacker", a), ("again", a), capacity=limit - steps, weight=0)
            g.add_edge(("again", a), "sink", capacity=limit - steps, weight=0)
    g.add_edge("source", "sink", capacity=total, weight=0)  # (the units not used)
    g.nodes["source"]["demand"] = -total
    g.nodes["sink"]["demand"] = total
    cost, flow = nx.network_simplex(g)
    held = sorted(((b, a) for b, a in edges if flow[("blocker", b)][("attacker", a)]), key=str)
    return -cost // scale, held
