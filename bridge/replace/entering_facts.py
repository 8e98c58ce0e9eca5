"""The state and the events from which the replace program decides which effects apply to a permanent entering
(asp_rules/replace_applies.lp derives under_ok/4, eff_on/3, ab_has/4, counted/3: 614.12, 614.1c, 616.1b-c, 122.6,
122.6a): each form the permanent may enter in (under each player it may enter under, as itself or as each copy, with each class of values
chosen as it enters) and its characteristics there (view/3, view_c/5: the layers program's answer for the permanent
as it would exist on the battlefield, bridge/replace/entering.py), its own abilities and those it has there as a copy
(view_printed/4, view_ab/5);
the effects' conditions on it (their object selectors in the selector vocabulary, eff_object/2; the players under
whom it would have the ability, eff_under/2; its own or a copy's ability, eff_copied/3; kicked, cast from a hand, an
opponent dealt damage, eff_enter_if/2; the counts of "unless you control ..." and "only if", eff_count/4; the counters
conditions, eff_kind/2, eff_player/2, eff_on_player/2; the selector of a "for each ...", eff_n_count/2; its own
effect on the counters put on itself, eff_ability/2); the events' facts (ev_entering/2, ev_kicked/1,
ev_cast_from_hand/1) and the players dealt damage this turn (dealt_damage/1). Facts of the state only: no verdict."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import clingo

from ..facts import q
from ..solve import solve
from .counters import other_kind
from .self_counters import own_ability_facts
from .state_facts import _effect_facts, _object_facts, _Selectors

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from ..solve import SolverConfig

    from .effects import Effect
    from .entering import Entered

APPLIES_FILES = ("replace_applies.lp", "selectors.lp", "tasks/replace_applies.lp")
# this module's selectors are numbered s(N) from here, apart from state_facts.py's (both reach the same program)
ENTER_SELECTORS = 1_000_000


def about_entering(e: Effect) -> bool:
    """The effects whose conditions on a permanent entering the program decides (under_ok/4): the effects on a
    permanent entering (614.1c, 614.12), and those on counters being put (122.6: the counters it enters with)."""
    return e.rule.event in ("enter", "counters")


def entering_facts(effects: list[Effect], events: list[Any], state: GameState, chars: dict,
                   seen: list[tuple[int, str, int, Entered]]) -> tuple[list[str], list[tuple[str, list]]]:
    """The facts replace_applies.lp reads to derive under_ok/4, eff_on/3, ab_has/4 and counted/3, and the parts of
    the selector program to ground: selectors(v(I, P, K)) for each form K of event I's permanent under P (its object
    selectors, read on the form), selectors(u(I, P)) for the counts of "unless you control ..." with "you" the player
    it would enter under (614.12: over the battlefield, those entering not there yet), selectors(n(P)) for the
    objects a "for each ..." counts with "you" each player P (614.1c)."""
    enters = [(i, ev) for i, ev in enumerate(events, 1) if ev.type == "enter" and ev.object in state.objects]
    mine = [e for e in effects if about_entering(e)]
    if not enters or not seen:
        return [], []
    sels = _Selectors()
    sels.n = ENTER_SELECTORS
    out = [f"player({q(p)})." for p in state.player_names]
    related: set[str] = set()
    counts = False
    pool: set[str] = set()  # the objects a count "for each ..." may count (614.1c): on the battlefield, or elsewhere
    for e in mine:
        out += _effect_facts(e, state, sels, related)  # (its context; for counters: its object, kind and players)
        out += _enter_conditions(e, sels, out)
        out += own_ability_facts(e)  # (614.12, 122.6: its own effect on the counters put on itself)
        counts |= e.rule.event == "enter" and (e.rule.unless is not None or e.rule.only_if is not None)
        sel = getattr(e.rule, "n_count", None)
        if e.rule.event == "enter" and sel is not None:  # "enters with a +1/+1 counter for each ..." (614.1c)
            out.append(f"eff_n_count({q(e.id)},{sels.emit(sel, e, q(e.id), out)}).")
            away = "zone" in sel.model_fields_set and sel.zone != "battlefield"
            pool |= {o for o in state.objects if (o not in state.battlefield) == away and o in chars}
    for i, ev in enters:
        out.append(f"ev_entering({i},{q(ev.object)}).")
        out += [f"ev_kicked({i})."] * bool(getattr(ev, "kicked", None))  # 702.33d
        out += [f"ev_cast_from_hand({i})."] * bool(getattr(ev, "cast_from_hand", None))  # 601.2a
    if any(e.rule.if_opponent_dealt_damage for e in mine):  # 702.54a (current official rules), 120.3
        out += [f"dealt_damage({q(p)})." for p in sorted(getattr(state, "dealt_damage", ()))]
    reads = sels.reads | {"ctl"}
    parts: list[tuple[str, list]] = []
    objects = {ev.object for _, ev in enters}
    for i, p, k, view in seen:
        out.append(f"view({i},{q(p)},{k}).")
        out += _view_facts(i, p, k, view, events[i - 1].object, state, reads)
        parts.append(("selectors", [clingo.Function("v", [clingo.Number(i), clingo.String(p), clingo.Number(k)])]))
    if counts:  # the counts: over the battlefield, for each player it may enter under
        objects |= {o for o in state.battlefield if o in chars}
        parts += [("selectors", [clingo.Function("u", [clingo.Number(i), clingo.String(p)])])
                  for i, p in sorted({(i, p) for i, p, _k, _v in seen})]
    if pool:  # "for each ...": for each player as "you" (614.12: the program counts for the one it would enter under)
        objects |= pool
        parts += [("selectors", [clingo.Function("n", [clingo.String(p)])]) for p in state.player_names]
    if "related" in sels.flags:
        objects |= {o for o in related if o in state.objects}
        objects |= {h for o in list(objects) if (h := state.objects[o].attached_to) in state.objects}
    if "attached" in sels.flags:
        objects |= {x for x, o in state.objects.items() if o.attached_to in objects}
    out += sels.state(objects, state, {**{o: _blank() for o in objects}, **chars}, reads)
    return out, parts


def _enter_conditions(e: Effect, sels: _Selectors, out: list[str]) -> list[str]:
    """An effect on a permanent entering: its object's selector (614.1c), the players under whom the permanent would
    have the ability (614.12), the copied card's ability it is (616.1f, 707.2), and its conditions on the event and
    the game (702.33d, 601.2a, 702.54a of the current official rules, 614.12)."""
    r, E = e.rule, q(e.id)
    facts = []
    if e.under is not None:
        facts += [f"eff_under({E},{q(p)})." for p in sorted(e.under)]
    if e.copied is not None:
        facts.append(f"eff_copied({E},{q(e.copied[0])},{e.copied[1]}).")
    if r.event != "enter":
        return facts
    if r.object is not None:
        facts.append(f"eff_object({E},{sels.emit(r.object, e, E, out)}).")
    for flag, word in (("if_kicked", "kicked"), ("if_cast_from_hand", "cast_from_hand"),
                       ("if_opponent_dealt_damage", "opponent_dealt_damage")):
        if getattr(r, flag, None):
            facts.append(f"eff_enter_if({E},{word}).")
    for how, cond in (("if", r.only_if), ("unless", r.unless)):
        if cond is not None and cond.count is not None:
            facts.append(f"eff_count({E},{how},{sels.emit(cond.count, e, E, out)},{cond.at_least}).")
    return facts


def _view_facts(i: int, p: str, k: int, view: Entered, oid: str, state: GameState, reads: set[str]) -> list[str]:
    """614.12: the permanent of event i in form k under p as it would exist on the battlefield: its characteristics
    there (view_c/5, the keys of c/3: those the selectors read; its controller p), its own printed abilities it has
    there (view_printed/4: their indices) and the abilities it has there as a copy (view_ab/5: the object whose card
    prints it, its index)."""
    head, qo = f"view_c({i},{q(p)},{k},", q(oid)
    facts = []
    for fact in _object_facts(oid, state, {oid: {**view.chars, "controller": p}}, reads):  # (one fact each, but the first)
        if fact.startswith(f"c({qo},"):
            facts.append(head + fact[len(f"c({qo},"):])
        elif fact.startswith("abil_kw("):
            facts.append(fact)
    facts += [f"view_printed({i},{q(p)},{k},{n})." for n in sorted(view.printed)]
    facts += [f"view_ab({i},{q(p)},{k},{q(h)},{n})." for h, n in sorted(view.copied)]
    return facts


def _blank() -> dict[str, Any]:
    return {"name": None, "controller": None, "types": [], "subtypes": [], "supertypes": [], "colors": [],
            "abilities": []}


def under_ok_apart(effects: list[Effect], events: list[Any], state: GameState, chars: dict,
                   seen: list[tuple[int, str, int, Entered]], config: SolverConfig | None) -> set[tuple[str, int, str, int]]:
    """614.12: the program's answer, solved apart (replace_applies.lp, tasks/replace_applies.lp), on which effects apply
    to each form in `seen` of the permanents entering: (effect, event, player, form) for each under_ok/4. Raises
    TimedOut when the solve hits the time limit."""
    from .entering import TimedOut

    facts, parts = entering_facts(effects, events, state, chars, seen)
    if not facts:
        return set()
    facts += [f"eff({q(e.id)},{e.rule.do},{e.rule.event})." for e in effects]
    facts += [f"eff_own({q(e.id)})." for e in effects if e.own]
    for i, ev in enumerate(events, 1):
        facts.append(f"ev({i},{ev.type}).")
        other = other_kind(ev) if ev.type == "enter" else None
        if other is not None:  # 122.6: the counters of another kind it enters with
            facts.append(f"ev_other({i},{q(other)},{ev.counters[other]}).")
    result = solve(APPLIES_FILES, "\n".join(facts) + "\n", config=config, canonical=False, measure=False, prune=(),
                   first=(("base", []), *parts))
    if result.timed_out:
        raise TimedOut
    return {(a.arguments[0].string, a.arguments[1].number, a.arguments[2].string, a.arguments[3].number)
            for a in result.model.raw("under_ok")}
