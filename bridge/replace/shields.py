"""Shields (615.7: "prevent the next N damage"): what is left of a shield that simultaneous damage events
may use is divided among them by the chooser, each division solved apart, and the outcomes of every
division merged; a shield on a set of objects fixed as it began is a shield for each (615.11); damage
that can't be prevented doesn't reduce a shield (615.12)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

from ..facts import q
from .results import Outcome, ReplaceResult

if TYPE_CHECKING:
    from .effects import Effect
    from .protocols import Event


def shield_divisions(events: list[Event], effects: list[Effect], facts: list[str]) -> list[list[str]]:
    """615.7: each shield's remaining amount, divided among the damage events it may apply to (its
    conditions hold); with one such event, all of it goes there. A division gives each
    event at most its damage, and uses as much of the shield as the damage allows. Damage that can't
    be prevented (615.12) gets all that is left, undivided: the shield applies to it and prevents none."""
    static = set(facts)
    per_shield = []
    for e in effects:
        if e.rule.do not in ("shield", "redirect_shield"):
            continue
        left = e.remaining or 0
        stops = "cant_be_prevented" if e.rule.do == "shield" else None  # a redirection is no prevention
        E = q(e.id)
        # the events whose conditions hold, for the recipient or one a redirection may give them
        held = [i for i, ev in enumerate(events, 1)
                if ev.type == "damage" and f"static_ok({E},{i})." in static
                and (f"any_target({E})." in static or any(f.startswith(f"target_ok({E},{i},") for f in facts))]
        unpreventable = [i for i in held if any(x.rule.do == stops and f"static_ok({q(x.id)},{i})." in static
                                                for x in effects)]
        where = [i for i in held if i not in unpreventable]
        # 615.12: damage that can't be prevented doesn't reduce a shield: the shield still applies to it (with
        # all that is left of it, none of which it uses) and is not divided with it
        fixed = [f"shield({E},{i},{left})." for i in unpreventable]
        # 615.11: a shield on a set fixed as it began (Wojek Apothecary) is a shield for each object
        groups = ([[i for i in where if events[i - 1].target == o] for o in e.affected] if e.affected is not None
                  else [where])
        for group in groups:
            caps = [events[i - 1].amount for i in group]
            total = min(left, sum(caps))
            parts = [p for p in itertools.product(*[range(c + 1) for c in caps]) if sum(p) == total] if len(group) > 1 \
                else [(left,) * len(group)]
            per_shield.append([[f"shield({E},{i},{n})." for i, n in zip(group, p)] for p in parts])
        if fixed:
            per_shield.append([fixed])
    return [sum(combo, []) for combo in itertools.product(*per_shield)] or [[]]


def merge_divisions(results: list[ReplaceResult], limit: int) -> ReplaceResult:
    """The outcomes of every division of the shields: an outcome reached under several divisions lists
    the orders of each (once) and counts them all."""
    if len(results) == 1:
        return results[0]
    merged: dict[str, Outcome] = {}
    every: dict[str, dict] = {}  # the distinct orders of each outcome, when every division listed all of them
    partial = False
    for r in results:
        for o in r.outcomes:
            key = repr(o.events)
            partial = partial or o.order_count > len(o.orders)
            every.setdefault(key, {}).update({tuple(x): x for x in o.orders})
            if key not in merged:
                merged[key] = Outcome(list(o.orders), o.order_count, o.events, dict(o.prevented_by))
                continue
            merged[key].order_count += o.order_count
            for order, used in o.prevented_by.items():
                merged[key].prevented_by.setdefault(order, used)
    for key, m in merged.items():
        m.orders = sorted(every[key].values())[:limit]
        if not partial:
            m.order_count = len(every[key])
    outcomes = sorted(merged.values(), key=lambda o: (o.orders[0] if o.orders else [], repr(o.events)))
    applicable = sorted({e.id: e for r in results for e in r.applicable}.values(), key=lambda e: e.id)
    return ReplaceResult(applicable, results[0].choosers, outcomes[:limit], choices=sum(r.choices for r in results),
                         outcome_count=len(merged) if all(r.outcome_count == len(r.outcomes) for r in results)
                         else sum(r.outcome_count for r in results),
                         made_choosers=list(dict.fromkeys(c for r in results for c in r.made_choosers)))
