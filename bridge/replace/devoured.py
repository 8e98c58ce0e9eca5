"""The creatures devour sacrificed (702.82a), named from the program's counts: asp_rules/replace.lp counts
each player's creatures sacrificed as a permanent enters (614.13b: none twice; a field of bits of the
states), since what the effects on the entering read of the choice is how many (the counters it enters
with); which ones matters only to each creature's own sacrifice, an event of its own (701.21a, its own
outcomes: Rest in Peace exiles it), and to 614.13b across permanents entering at once. So an outcome
of the program with K of a player's creatures sacrificed stands for every set of K of them: this module
names them (each a ("paid", J) mark, J the sacrifice's event, in the order of the creatures' ids), at
most `limit` such outcomes for each event, and counts them all without listing them: the sets of K
creatures, each weighted by the outcomes of its sacrifices (the elementary symmetric sums of those
weights), and across permanents entering at once the ways to share the creatures among them."""

from __future__ import annotations

import itertools
from math import factorial
from typing import TYPE_CHECKING, Iterator

from .render import MARK

if TYPE_CHECKING:
    from .render import Context

def sacrificed_events(states: Iterator[int], ctx: Context) -> set[int]:
    """The sacrifice events some choice makes (the effects that apply to them are applicable): those of a
    player's creatures where a state the program reaches counts some of that player's sacrificed."""
    seen: set[str] = set()
    for s in states:
        for p, (shift, width) in ctx.sac_fields.items():
            if p not in seen and s >> shift & ((1 << width) - 1):
                seen.add(p)
    return {ctx.sac_events[oid] for p in seen for oid in ctx.victims.get(p, ())}


def _counts(key: tuple) -> dict[str, int]:
    return dict(e[1] for e in key if e and e[0] == MARK)


def _sets(ctx: Context, counts: dict[str, int]) -> Iterator[tuple[str, ...]]:
    """Every set of creatures with these counts of each player's, lazily: one player's combinations (in
    the order of their ids) within the other's."""
    players = sorted(counts)

    def walk(k: int, chosen: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
        if k == len(players):
            yield tuple(sorted(chosen))
            return
        for some in itertools.combinations(ctx.victims.get(players[k], ()), counts[players[k]]):
            yield from walk(k + 1, chosen + some)

    return walk(0, ())


def name_devoured(outs: dict, ctx: Context, limit: int) -> tuple[dict, bool]:
    """One event's outcomes with each count of creatures sacrificed replaced by the sets of that many (the
    sacrifices' marks, in the order of the creatures' ids, where the counts stood): every such outcome, or
    the first `limit` (fewest creatures first, each count's sets in the order of the ids) and True when
    some are left out."""
    if not any(e and e[0] == MARK for key in outs for e in key):
        return outs, False
    named: dict = {}
    left_out = False
    for key in sorted(outs, key=lambda key: (sum(_counts(key).values()), repr(key))):  # fewest creatures first
        counts = _counts(key)
        if not counts:
            named[key] = outs[key]
            continue
        at = next(k for k, e in enumerate(key) if e and e[0] == MARK)
        rest = tuple(e for e in key if not (e and e[0] == MARK))
        for chosen in _sets(ctx, counts):
            if len(named) >= limit:
                left_out = True
                break
            marks = tuple(("paid", ctx.sac_events[oid]) for oid in chosen)
            named[rest[:at] + marks + rest[at:]] = outs[key]
    return named, left_out


def _elementary(weights: list[int], k: int) -> int:
    """The sum, over the sets of k of the weights, of their products (the elementary symmetric sum e_k)."""
    e = [1] + [0] * k
    for w in weights:
        for j in range(k, 0, -1):
            e[j] += e[j - 1] * w
    return e[k]


def count_outcomes(per_event: list[dict], ctx: Context, paid: dict) -> int:
    """How many outcomes the events have together (616.2: every combination of theirs), from each event's
    outcomes with the counts of creatures sacrificed (the marks unnamed): a set of K of a player's
    creatures stands for as many outcomes as its sacrifices have together (their weights' product, each
    creature's sacrifice outcomes), a payment's mark for its outcomes (119.4), and permanents entering at
    once share the creatures (614.13b: K_1 + K_2 of them sacrificed, in K!/(K_1! K_2!) ways)."""
    weight = {oid: len(paid.get(ctx.sac_events[oid], {})) for vs in ctx.victims.values() for oid in vs}

    def pay(key: tuple) -> int:
        n = 1
        for e in key:
            if e and e[0] == "paid":
                n *= len(paid[e[1]])
        return n

    total = 1
    devouring = []
    for outs in per_event:
        if any(_counts(key) for key in outs):
            devouring.append(list(outs))
        else:
            total *= sum(pay(key) for key in outs)
    if not devouring:
        return total
    ways = 0
    for keys in itertools.product(*devouring):
        n = 1
        for key in keys:
            n *= pay(key)
        for p in ctx.victims:
            ks = [_counts(key).get(p, 0) for key in keys]
            if sum(ks) > len(ctx.victims[p]):
                n = 0
                break
            share = factorial(sum(ks))
            for k in ks:
                share //= factorial(k)
            n *= _elementary([weight[oid] for oid in ctx.victims[p]], sum(ks)) * share
        ways += n
    return total * ways
