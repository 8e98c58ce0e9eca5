"""One solve of the replace program (asp_rules/replace.lp, one division of the shields, 615.7), read
back: the graph of states (616.1e: the choices; 614.9: the damage events a partial redirection
makes), the final states (614.17d: those where a permanent can't enter), each event's outcomes and
orders, the payments' and sacrifices' own outcomes put in their place (119.4, 702.82a), and the
outcomes of simultaneous events combined (616.2; 614.13b: no creature sacrificed to two devour
instances)."""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING

import clingo

from ..solve import solve
from .as_enters import sacrificed
from .choices import merge_chosen
from .devoured import count_outcomes, name_devoured, sacrificed_events
from .followon import followon_choosers, read_choosers, read_follows, reached_made
from .orders import Graph, outcomes, part_events
from .render import py, start_amount, start_zone
from .results import Outcome, ReplaceResult

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from ..solve import Model, SolverConfig
    from .effects import Effect
    from .protocols import Event
    from .render import Context

# the largest amount an effect may make (replace.lp's amount_max: tests/test_ranges.py checks they agree)
AMOUNT_MAX = 2 ** 30 - 1


class AmountTooLarge(ValueError):
    """An effect would make an amount larger than AMOUNT_MAX (twenty doublers on a million tokens): no outcome."""


FILES = ("replace.lp", "replace_applies.lp", "replace_chooser.lp", "selectors.lp", "tasks/replace.lp")
APPLIES_FILES = ("replace_applies.lp", "selectors.lp", "tasks/replace_applies.lp")
# the parts grounded: the program, and the shared selector program's filters in the replace state (rs)
PARTS = (("base", []), ("selectors", [clingo.Function("rs")]))


def shield_applies(events: list[Event], effects: list[Effect], facts: list[str], config: SolverConfig | None
                   ) -> list[str]:
    """615.7: a shield is divided among the damage events its conditions hold for: the program's answer
    (replace_applies.lp's static_ok/2, solved apart, before the divisions), as facts for the division."""
    if not any(e.rule.do in ("shield", "redirect_shield") for e in effects) or not any(
            ev.type == "damage" for ev in events):
        return []
    result = solve(APPLIES_FILES, "\n".join(facts) + "\n", config=config, canonical=False, measure=False, prune=(),
                   first=PARTS)
    if result.timed_out:
        return []  # (the division's own solve times out too)
    return [f"static_ok({a.arguments[0]},{a.arguments[1]})." for a in result.model.raw("static_ok")] + (
        recipients_ok(result.model))  # 614.9: who each event's damage may be dealt to, for each shield


def recipients_ok(model: Model) -> list[str]:
    """614.9, 615.11: who a shield's damage may be dealt to, the program's answer (replace_applies.lp's target_ok/3
    and any_target/1), as facts for the division."""
    return [f"{a}." for name in ("target_ok", "any_target") for a in model.raw(name)]


def solve_division(state: GameState, chars: dict, events: list[Event], effects: list[Effect], facts: list[str],
                   config: SolverConfig | None, limit: int, ctx: Context, payments: list) -> ReplaceResult:
    # (the program is stratified: its work is grounding, which looks at the clock as it derives states)
    result = solve(FILES, "\n".join(facts) + "\n", config=config, canonical=False, measure=False, prune=(),
                   clocked=("st", "edge", "ok"), first=PARTS + tuple(ctx.parts))
    if result.timed_out:
        return ReplaceResult([], [], [], timed_out=True)
    model = result.model
    over = sorted((a.arguments[0].number, str(a.arguments[1]).strip('"')) for a in model.raw("amount_over"))
    if over:  # an amount past the programs' bound (replace.lp amount_over/2): reported, never wrapped around
        i, effect = over[0]
        said = list(events) + list(payments)
        what = f"event {i} ({said[i - 1].type})" if 0 < i <= len(said) else f"an event effect {effect} makes"
        raise AmountTooLarge(f"{what}: applying {effect} would make an amount larger than {AMOUNT_MAX:,}, the most the "
                             "replace program computes (its integers are 32-bit: the amount would wrap around)")
    # 614.13a: the cards each "choose" effect may choose from, the program's (choose_from/2), shown with the outcomes
    chosen_from: dict[str, list[str]] = {}
    for a in model.raw("choose_from"):
        chosen_from.setdefault(a.arguments[0].string, []).append(a.arguments[1].string)
    for e in effects:
        if e.rule.do == "choose" and e.rule.cards is not None:
            e.candidates = tuple(sorted(chosen_from.get(e.id, ())))
    edges, forks, parts, finals = _read_graph(model, ctx)
    follows = read_follows(model)  # 615.5, 616.1f: the events the effects make, and their final states
    made_finals = {f for t in ctx.made for f in finals.get(t, [])}
    split = {f for j in parts for f in finals.get(j, [])}
    per_event = []
    for i, ev in enumerate(list(events) + payments, 1):
        start = (i, 0, start_amount(ev), 0, start_zone(ev), 0)
        if start[:5] + (1,) in set(finals.get(i, [])) and start not in edges:  # 614.17: it can't happen
            start = start[:5] + (1,)
        graph = Graph(edges, forks, set(finals.get(i, [])) | split | made_finals, part_events(ev, i, parts),
                      follows, ctx.made)
        per_event.append(outcomes(ev, start, graph, limit, effects, ctx))
    paid = dict(enumerate(per_event[len(events):], len(events) + 1))
    # 702.82a: the program counts the creatures sacrificed; each count stands for the sets of that many
    named = [name_devoured(o, ctx, limit) for o in per_event[:len(events)]]
    counted = per_event[:len(events)]
    per_event = [merge_chosen(_with_payments(o, paid, limit), ctx.chosen, limit) for o, _ in named]
    combined, outcome_count = _combine(events, per_event, limit)
    if any(left_out for _, left_out in named):  # (some sets not listed: counted without listing them)
        outcome_count = count_outcomes([merge_chosen(o, ctx.chosen, limit) for o in counted], ctx, paid)
    # the effects that apply to an input event, or to a life payment some choice makes (119.4)
    reached = {j for b, j in ctx.pay_bits.items() for sym in model.raw("edge") if sym.arguments[6].number & b}
    # (and to the creatures some choice sacrifices to devour, 702.82a)
    reached |= sacrificed_events((sym.arguments[6].number for sym in model.raw("edge")), ctx)
    # (and to the events an effect makes in some outcome, 615.5, 616.1f: from a state of an event that happens in some
    # outcome, not of a sacrifice no choice makes)
    reached |= reached_made(follows, reached | set(range(1, len(events) + 1)))
    # (and to the parts of a damage event redirected, 614.9: made only where an effect split the event)
    by_id = {e.id: e for e in effects}
    applicable = [by_id[x] for x in sorted({a.arguments[0].string for a in model.raw("applies")
                                            if a.arguments[1].type.name != "Number" or a.arguments[1].number <= len(events)
                                            or a.arguments[1].number in reached})]
    # 616.1: who chooses, the program's (replace_chooser.lp): for each input event, and each event an effect made
    who = read_choosers(model)
    choosers = [who.get(i) for i in range(1, len(events) + 1)]
    return ReplaceResult(applicable, choosers, combined, choices=len(model.raw("edge")), outcome_count=outcome_count,
                         made_choosers=followon_choosers(ctx.made, reached, who))


def _read_graph(model: Model, ctx: Context) -> tuple[dict, dict, dict, dict]:
    """The program's answer: the edges (state -> [(effect, next state)]), the forks (614.9: (state, effect)
    -> the start of the damage event a partial redirection makes) and the parts (such an event -> (the
    event it is part of, its recipient, its amount)), the final states of each event; and into `ctx`, the
    counters a permanent entering can't have put on it and the finals where it can't enter (614.17d)."""
    edges: dict[tuple, list[tuple[str, tuple]]] = {}
    for sym in model.raw("edge"):
        a = [py(x) for x in sym.arguments]
        edges.setdefault((a[0], *a[1:5], 0), []).append((a[5], (a[0], *a[6:11])))
    # 614.9: the damage events a partial redirection makes (Razia), each from the state it was made in
    forks: dict[tuple, tuple] = {}
    parts: dict[str, tuple] = {}  # such an event -> (the event it is part of, its recipient, its amount)
    for sym in model.raw("fork"):
        a = [py(x) for x in sym.arguments]
        forks[((a[0], *a[1:5], 0), a[5])] = (a[6], a[7], a[8], 0, a[9], 0)
        parts[a[6]] = (a[0], a[9], a[8])
    ctx.no_counters = {}
    for sym in model.raw("no_counters"):
        a = [py(x) for x in sym.arguments]
        ctx.no_counters.setdefault((a[0], a[1], a[2]), set()).add(a[3])
    ctx.cant_final = {tuple(py(x) for x in sym.arguments) + (0,) for sym in model.raw("cant_final")}
    finals: dict = {}
    for sym in model.raw("final"):
        a = tuple(py(x) for x in sym.arguments)
        finals.setdefault(a[0], []).append(a)
    return edges, forks, parts, finals


def _combine(events: list[Event], per_event: list[dict], limit: int) -> tuple[list[Outcome], int]:
    """Simultaneous events (616.2) are modified each on its own: the outcomes are every combination of
    theirs, which grows as a product; at most `limit` of them are listed (and the count of all)."""
    combined = []
    choices = [sorted(o.items(), key=lambda kv: repr(kv[0])) for o in per_event]
    outcome_count = 1
    for c in choices:
        outcome_count *= len(c)
    combos = itertools.product(*choices)
    if sum(1 for ev, c in zip(events, choices) if any(sacrificed(ev, k) for k, _ in c)) > 1:
        # 614.13b: permanents entering at once can't sacrifice the same creature to their devour instances
        def apart(choice) -> bool:
            taken = [sacrificed(ev, evs) for ev, (evs, _) in zip(events, choice)]
            return sum(map(len, taken)) == len(set().union(*taken))

        kept = [c for c in combos if apart(c)]
        outcome_count, combos = len(kept), iter(kept)
    for choice in itertools.islice(combos, limit):
        combined.append(_combined_outcome(events, choice, limit))
    combined.sort(key=lambda o: (o.orders[0] if o.orders else [], repr(o.events)))
    return combined, outcome_count


def _combined_outcome(events: list[Event], choice: tuple, limit: int) -> Outcome:
    """One combination of the events' outcomes: their final events, one after the other, in the event
    file's shape; the orders, each event's order one after the other (an effect id @N, the event's
    position, for several events); what each prevention effect prevents along each order."""
    final_events = [{k: dict(v) if k == "counters" else list(v) if k in ("choose", "choose_from", "choose_not")
                     else {kind: {how: list(vals) for how, vals in named} for kind, named in v} if k == "chosen"
                     else v for k, v in e}
                    for evs, _ in choice for e in evs]
    count = 1
    for _, (n, _orders, _prevented) in choice:
        count *= n
    # what each prevention effect prevents along an order: the sum over the events of what it
    # prevents along each event's own order
    by_event = [x[2] for _, x in choice]
    prevented_by: dict[tuple, dict[str, int]] = {}
    if len(events) == 1:
        orders = choice[0][1][1]
        prevented_by = {tuple(o): by_event[0].get(tuple(o), {}) for o in orders}
    else:  # each event's order, one after the other
        orders = []
        for combo in itertools.islice(itertools.product(*[x[1] for _, x in choice]), limit):
            flat = sum(([f"{e}@{n}" for e in o] for n, o in enumerate(combo, 1)), [])
            orders.append(flat)
            used: dict[str, int] = {}
            for k, o in enumerate(combo):
                for eff, amount in by_event[k].get(tuple(o), {}).items():
                    used[eff] = used.get(eff, 0) + amount
            prevented_by[tuple(flat)] = used
    return Outcome(orders[:limit], count, final_events, prevented_by)


def _with_payments(outs: dict, paid: dict, limit: int) -> dict:
    """119.4, 614.13c: in an outcome where life was paid as a permanent entered, each outcome of the
    payment (replaced or not: Ashiok) takes the place of the payment; its orders follow the enter
    event's (the effects applied to the entering, then those applied to the payment). So for the
    creatures sacrificed to devour (702.82a): each sacrifice's outcomes (Rest in Peace: exiled) take
    its place, the effects applied to each sacrifice following, in the events' order."""
    if not any(e[0] == "paid" for key in outs for e in key):
        return outs
    done: dict[tuple, list] = {}
    for key, (n, orders, _prevented) in outs.items():  # (no damage prevented: an enter event)
        parts: list[tuple[tuple, int, list]] = [((), 1, [[]])]  # (events, how many orders, order suffixes)
        for e in key:
            if e[0] == "paid":
                parts = [(evs + pk, c * pn, [s + po for s in suf for po in porders])
                         for evs, c, suf in parts for pk, (pn, porders, _) in sorted(paid[e[1]].items(), key=repr)]
            else:
                parts = [(evs + (e,), c, suf) for evs, c, suf in parts]
        for evs, c, suf in parts:
            got = done.setdefault(evs, [0, []])
            got[0] += n * c
            got[1] += [o + s for o in orders for s in suf]
    return {k: (c, sorted(os)[:limit], {}) for k, (c, os) in done.items()}
