"""Counters put or removed to pay a cost (606.4, 601.2h, 602.2b): a loyalty ability's [+N] puts N loyalty counters on its
permanent, its [-N] removes N (606.4); "Put a -1/-1 counter on this creature:" puts one (engine/game/cost_parts.py).

122.6: counters put to pay a cost are counters put on a permanent: the event goes through the replacement program like
the counters an effect puts (engine/game/events.py), marked as a cost's (the event's ``cost``, ``ev_cost/1``) and put by
the player paying it (602.2: the one who activates), so an effect worded "if one or more counters would be put" (Pir,
Imaginative Rascal) or "if you would put" (Vorinclex, Monstrous Raider) applies to it and one worded "if an effect would
put" (Doubling Season) doesn't: asp_rules/replace_applies.lp decides; the player the program names chooses among several
outcomes (616.1, a `choose: N` answer). The log names the effects applied.

Counters removed to pay a cost are removed at once, one event (122.1): what triggers on it ("whenever one or more
loyalty counters are removed", 603.2) triggers once, with the amount removed. No replacement effect of the vocabulary
applies to counters being removed (the replacement program has no such event)."""

from __future__ import annotations

from asp_rules.rulesdata import INTRINSIC_COUNTERS
from bridge.replace import replace

from engine.files.events import Counters as CountersEvent
from engine.game.common import _name
from engine.game.triggered import event_triggers


def _plural(n: int, kind: str) -> str:
    return f"{n} {kind} counter{'s' if n != 1 else ''}"


def put(game, oid: str, player: str, kind: str, n: int, rule: str = "606.4") -> int:
    """122.6, 614.1a: ``player`` puts ``n`` counters of ``kind`` on ``oid`` to pay a cost: the event through the
    replacement program (616.1: the outcome chosen by the player it names), then the counters its outcome puts; what
    triggers on counters being put triggers (603.2). The number put on ``oid``."""
    st = game.state
    if n <= 0:
        return 0
    layers = game.layers()
    rep = replace(st, [CountersEvent(type="counters", object=oid, kind=kind, amount=n, by=player, cost=True)],
                  game.config, layers=layers)
    pick = game.events.outcome_for(rep, "the counters put to pay the cost")
    final = rep.outcomes[pick].events if rep.outcomes else []
    applied = list(rep.outcomes[pick].orders[0]) if rep.outcomes and rep.outcomes[pick].orders else []
    game.events.last_used = set(applied)
    sources = {e["effect"]: e["source"] for e in rep.to_dict().get("applicable", ())}
    names = [f"{_name(st, sources[e])}'s" if sources.get(e) in st.objects else e for e in applied]
    total = 0
    for ev in final:
        if ev.get("type") != "counters" or ev.get("amount", 0) <= 0 or ev.get("object") not in st.objects:
            continue
        x = ev["object"]
        st.objects[x].counters[ev["kind"]] = st.objects[x].counters.get(ev["kind"], 0) + ev["amount"]
        total += ev["amount"] if x == oid and ev["kind"] == kind else 0
        how = f" (614.1a: {n} modified by {', then '.join(names)} effect)" if names else ""
        game.say(rule, f"{player} puts {_plural(ev['amount'], ev['kind'])} on {_name(st, x)} to pay the cost{how}")
    if not total and not final:
        game.say(rule, f"{player} puts no {kind} counter on {_name(st, oid)}: "
                       + (f"{', then '.join(names)} effect" if names else "an effect") + " leaves none (614.17)")
    game.pending += event_triggers(st, layers, final)
    return total


def remove(game, oid: str, kind: str, n: int, rule: str = "122.1") -> None:
    """122.1: ``n`` counters of ``kind`` removed from ``oid`` to pay a cost (the payment checked them: 118.3, 606.4),
    at once: one event, which triggers what triggers on it once, with that amount (603.2)."""
    st = game.state
    o = st.objects[oid]
    if n <= 0:
        return
    o.counters[kind] = o.counters.get(kind, 0) - n
    if not o.counters[kind] and kind not in INTRINSIC_COUNTERS.values():
        del o.counters[kind]
    game.say(rule, f"{_plural(n, kind)} removed from {_name(st, oid)} to pay the cost")
    game.pending += event_triggers(st, game.layers(), [{"type": "counters_removed", "object": oid, "kind": kind,
                                                        "amount": n}])


def loyalty(game, oid: str, player: str, n: int) -> None:
    """606.4: a loyalty ability's cost paid: [+N] puts N loyalty counters on the permanent (:func:`put`), [-N] removes N
    (:func:`remove`), [0] puts none (its loyalty, its printed value when the board gives no counters, written as
    counters first: 306.5b)."""
    o = game.state.objects[oid]
    o.counters["loyalty"] = o.loyalty_or_defense("loyalty")
    if n > 0:
        put(game, oid, player, "loyalty", n)
    elif n < 0:
        remove(game, oid, "loyalty", -n, "606.4")
