"""The orders of the effects (616.1, 616.1e-f): the paths from an event's first state to each final state
in the program's graph of states (two orders reaching one state share what follows), counted and
listed, with what each prevention effect prevents along each (615.7); for damage partly redirected
(614.9) the parts redirected are events of their own; a prevention effect's additional effect that
depends on the damage prevented follows the event (615.5); 614.17d: a permanent that can't enter as it
would exist doesn't."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .render import final_events

if TYPE_CHECKING:
    from .effects import Effect
    from .protocols import DamageEvent, Event
    from .render import Context


@dataclass
class Graph:
    edges: dict  # state -> [(effect, next state)]
    forks: dict  # (state, effect) -> the start of the damage event applying it makes (614.9)
    finals: set  # the final states of the event and of the events split from it
    events: dict  # an event split from it (614.9) -> that event, in the event file's shape
    # 615.5, 616.1f: (state, effect) -> (T, M): applying the effect there makes event T, starting with amount M
    follows: dict = field(default_factory=dict)
    made: dict = field(default_factory=dict)  # T -> (the effect that makes it, the event, in the file's shape)


def part_events(ev: Event, i: int, parts: dict) -> dict[int, DamageEvent]:
    """614.9: the damage events split from event i (and from those), each as its own damage event: the
    same source, the recipient and amount redirected."""
    out: dict = {}

    def event_of(j):
        if j == i:
            return ev
        if j not in parts:
            return None  # part of another event
        if j not in out:
            parent, to, amount = parts[j]
            base = event_of(parent)
            out[j] = None if base is None else base.model_copy(update={"target": to, "amount": amount})
        return out[j]

    for j in parts:
        event_of(j)
    return {j: e for j, e in out.items() if e is not None}


def outcomes(ev: Event, start: tuple, graph: Graph, limit: int, effects: list[Effect], ctx: Context) -> dict:
    """Final event -> (how many orders lead to it, up to `limit` of those orders, sorted). Orders are
    counted on the graph of states (two orders reaching one state share what follows) and listed by a
    depth-first walk that leaves a branch once every outcome it can reach has `limit` orders."""
    edges, finals = graph.edges, graph.finals
    # 614.17d: a final state where the permanent can't enter as it would exist: it doesn't happen
    key_of = {f: final_events(ev if f[0] == start[0] else graph.events[f[0]],
                              f[:5] + (1,) if f in ctx.cant_final else f, effects, ctx)
              for f in finals if f[0] == start[0] or f[0] in graph.events}
    key_of |= {f: final_events(graph.made[f[0]][1], f, effects, ctx) for f in finals if f[0] in graph.made}
    finals = set(key_of)
    if graph.forks or graph.follows or any(len({e for e, _ in out}) < len(out) for out in edges.values()):
        return _distinct_orders(start, graph, key_of, limit)
    count: dict[tuple, dict[tuple, int]] = {}

    def paths_from(node: tuple) -> dict[tuple, int]:
        if node not in count:
            got: dict[tuple, int] = {node: 1} if node in finals else {}
            for _eff, nxt in edges.get(node, ()):
                for f, n in paths_from(nxt).items():
                    got[f] = got.get(f, 0) + n
            count[node] = got
        return count[node]

    totals: dict[tuple, int] = {}
    for f, n in paths_from(start).items():
        totals[key_of[f]] = totals.get(key_of[f], 0) + n
    listed: dict[tuple, list[list[str]]] = {k: [] for k in totals}
    prevented: dict[tuple, dict[str, int]] = {}  # order -> what each effect prevented along it

    def walk(node: tuple, order: list[str], by: dict[str, int]) -> None:
        if node in finals:
            listed[key_of[node]].append(order)
            prevented[tuple(order)] = by
        for eff, nxt in sorted(edges.get(node, ()), key=lambda x: x[0]):
            if any(len(listed[key_of[f]]) < limit for f in paths_from(nxt)):
                step = nxt[3] - node[3]  # the damage this effect prevented (P, the 4th of a state)
                walk(nxt, order + [eff], {**by, eff: by.get(eff, 0) + step} if step > 0 else by)

    walk(start, [], {})
    return {k: (totals[k], sorted(listed[k])[:limit], prevented) for k in totals}


def _distinct_orders(start: tuple, graph: Graph, key_of: dict, limit: int) -> dict:
    """outcomes when one effect has several edges from a state (devour: each set of creatures it may
    sacrifice), when part of the damage is redirected (614.9, Razia: the event splits, and each part
    has its own effects: an outcome is the events of both, its orders the effects applied to the event,
    then those applied to the part redirected), or when an effect makes an event of its own (graph.follows: a
    prevention effect's additional effect, 615.5, Test of Faith's counters for what it prevented, which differ
    between orders that reach the same final event; the counters Protean Hydra's removes). Different paths may be the same order of effects,
    counted once. Every order is listed, by a walk that remembers the orders from each state to each
    final event, with what each shield uses along them (615.7: the damage prevented, or redirected).

    615.5: "the rest of the effect takes place immediately afterward": the counters an effect puts for
    the damage it prevented follow the event (and the parts redirected from it), in the order the
    effects applied, as events of their own: {type: counters, object: the creature the damage would
    have been dealt, kind, amount, by: the effect's controller}, or {type: counters_removed, object, kind, amount,
    once: the effect, for "remove a +1/+1 counter"} (615.12: also for damage that can't be prevented)."""
    # state -> {(final events, 615.5 events): {order: used}}; an order is a pair (the effects applied to the
    # event and the parts redirected from it, those applied to the events the effects made: 615.5, 616.1f, in
    # the order of those events), joined at the end
    memo: dict[tuple, dict[tuple, dict]] = {}
    starts: dict[tuple, tuple] = {}

    def made_start(follow: tuple) -> tuple:
        if follow not in starts:
            starts[follow] = _made_start(follow, graph)
        return starts[follow]

    def orders_from(node: tuple) -> dict[tuple, dict]:
        if node not in memo:
            got: dict[tuple, dict] = {(key_of[node], ()): {((), ()): {}}} if node in key_of else {}
            for eff, nxt in graph.edges.get(node, ()):
                part = graph.forks.get((node, eff))
                prevented = nxt[3] - node[3]
                step = prevented + (part[2] if part is not None else 0)  # prevented, or redirected
                follow = graph.follows.get((node, eff))
                after = [(k, tails) for k, tails in orders_from(nxt).items()]
                if part is not None:  # the part redirected: its events and orders follow (the effects applied to
                    # the events it made after those of the events this one made, as the events are listed)
                    after = [((k[0] + pk[0], k[1] + pk[1]),
                              {(t[0] + pt[0], t[1] + pt[1]): _sum_used(u, pu)
                               for t, u in tails.items() for pt, pu in ptails.items()})
                             for k, tails in after for pk, ptails in orders_from(part).items()]
                if follow is not None:  # 615.5, 616.1f: the event it makes, with its own effects, follows
                    after = [((k[0], fk[0] + fk[1] + k[1]),
                              {(t[0], ft[0] + ft[1] + t[1]): _sum_used(u, fu)
                               for t, u in tails.items() for ft, fu in ftails.items()})
                             for k, tails in after for fk, ftails in orders_from(made_start(follow)).items()]
                for k, tails in after:
                    into = got.setdefault((k[0], k[1]), {})
                    for t, u in tails.items():
                        into.setdefault(((eff,) + t[0], t[1]), _sum_used(u, {eff: step} if step > 0 else {}))
            memo[node] = got
        return memo[node]

    joined: dict[tuple, dict] = {}
    for (events, extra), orders in orders_from(start).items():
        joined.setdefault(events + extra, {}).update({o[0] + o[1]: used for o, used in orders.items()})
    out = {}
    for k, orders in joined.items():
        listed = sorted(list(o) for o in orders)
        out[k] = (len(orders), listed[:limit], {tuple(o): orders[tuple(o)] for o in listed[:limit]})
    return out


def _made_start(follow: tuple, graph: Graph) -> tuple:
    """615.5, 616.1f: the first state of an event an effect makes, (T, M): its amount M, no effect applied;
    where it can't happen and nothing replaces it (614.17: "counters can't be put"), the state where it doesn't."""
    t, m = follow
    start = next((s for s in graph.edges if s[0] == t and s[1] == 0 and s[2] == m), None)
    if start is not None:
        return start
    return next((f for f in sorted(graph.finals, key=repr) if f[0] == t and f[1] == 0 and f[2] == m),
                (t, 0, m, 0, "none", 0))


def _sum_used(a: dict, b: dict) -> dict:
    return {e: a.get(e, 0) + b.get(e, 0) for e in set(a) | set(b)}
