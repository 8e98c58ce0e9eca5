"""The events an effect makes (615.5, 614.1, 616.1f): "for each 1 damage prevented this way, put a +1/+1
counter on that creature" (Test of Faith: the rest of the effect takes place immediately after the damage,
615.5) and "instead exile that card and create a 2/2 black Zombie token" (Kalitas: the modified event creates
tokens). Each is an event the other effects look at (a doubler doubles it, "counters can't be put" stops it,
614.17), each effect once (614.5), chosen by its own chooser (616.1): asp_rules/replace.lp follows it in the
graph of states (follow/8). The bridge gives the program, for each such event an effect may make, its number
T (after the events), its type (ev/2; the program derives the effects' conditions on it, static_ok/2, as for the
other events), and which effect makes it: fo_per(E, T, D) (615.5: counters on D, the recipient of the damage, as many
as E prevented), fo_rm(E, T, D, H) (615.5, 615.12: counters removed from D, "that many" or one, whether E prevented
the damage or, damage that can't be prevented, none of it) or fo_made(E, T, N) (N tokens); the program gives its
amount."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ..facts import q
from .target_facts import destination  # 614.9: where a redirection sends damage

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from ..solve import Model
    from .effects import Effect
    from .protocols import Event


@dataclass(frozen=True)
class MadeEvent:
    """An event an effect makes, in the event file's shape (the fields of engine/files/events.py's
    Counters or Token; the bridge imports nothing from engine/)."""

    type: str  # counters, counters_removed (615.5: a prevention effect's additional effect) or token
    amount: int
    object: str | None = None  # counters: on what
    kind: str | None = None
    by: str | None = None  # counters: who puts them (the effect's controller, 122.6a)
    controller: str | None = None  # token: who creates them
    token: str | None = None
    once: str | None = None  # counters_removed: "remove a +1/+1 counter": the effect, once for the damage dealt at once

    def model_dump(self, by_alias: bool = True, exclude_none: bool = True) -> dict[str, Any]:
        keys = ("type", "object", "kind", "amount", "by") if self.type == "counters" \
            else ("type", "object", "kind", "amount", "once") if self.type == "counters_removed" \
            else ("type", "controller", "token", "amount")
        return {k: getattr(self, k) for k in keys if not (exclude_none and getattr(self, k) is None)}

    def model_copy(self, update: dict[str, Any]) -> MadeEvent:
        return replace(self, **update)


@dataclass
class Made:
    """The events the effects may make: T -> (the effect, the event with its amount as the bridge knows it)."""

    events: dict[int, tuple[str, MadeEvent]]
    facts: list[str]


def followon_kinds(effects: list[Effect]) -> set[str]:
    """The kinds of event the effects may make: counters (615.5), tokens (an effect that also creates them)."""
    kinds = set()
    for e in effects:
        if e.rule.counters_per_prevented is not None:
            kinds.add("counters")
        if e.rule.and_create is not None:
            kinds.add("token")
    return kinds


def made_events(events: list[Event], effects: list[Effect], state: GameState, chars: dict, first: int) -> Made:
    """Each event an effect may make (numbered from `first`), with the facts the program needs of it."""
    out: dict[int, tuple[str, MadeEvent]] = {}
    facts: list[str] = []
    recipients = sorted({ev.target for ev in events if ev.type == "damage"}
                        | {d for e in effects if e.rule.do in ("redirect", "redirect_shield") and (d := destination(e))})
    t = first
    for e in effects:
        made: list[tuple[MadeEvent, str]] = []
        kind = e.rule.counters_per_prevented
        if kind is not None and e.rule.event == "damage":  # 615.5: on the one the damage would have been dealt
            made += [(MadeEvent("counters", 1, object=d, kind=kind, by=e.you), f"fo_per({q(e.id)},{{t}},{q(d)}).")
                     for d in recipients if d in state.objects or d in state.player_names]
        # 615.5, 615.12: "remove that many +1/+1 counters from it" (that_many), "Remove a +1/+1 counter from this
        # creature" (one): counters removed from the one the damage would have been dealt (the program's amount)
        how = ("one", e.rule.remove_counter) if getattr(e.rule, "remove_counter", None) is not None \
            else ("that_many", e.rule.remove_counters_per_prevented)
        if how[1] is not None and e.rule.event == "damage":
            made += [(MadeEvent("counters_removed", 1, object=d, kind=how[1], once=e.id if how[0] == "one" else None),
                      f"fo_rm({q(e.id)},{{t}},{q(d)},{how[0]}).") for d in recipients if d in state.objects]
        if e.rule.and_create is not None and e.you is not None:  # the modified event creates tokens too
            n = e.rule.and_create.amount
            made.append((MadeEvent("token", n, controller=e.you, token=e.rule.and_create.token),
                         f"fo_made({q(e.id)},{{t}},{n})."))
        for ev, fact in made:
            out[t] = (e.id, ev)
            facts.append(fact.format(t=t))
            facts.append(f"ev({t},{ev.type}).")
            # (the program decides which effects apply, from the event's facts: state_facts.py for counters; for
            # tokens, their controller and kind from fo_made/3, eff_you/2 and eff_creates/2: replace_applies.lp)
            t += 1
    return Made(out, facts)


def read_follows(model: Model) -> dict[tuple, tuple]:
    """The program's follow/8: (state, effect) -> the start of the event applying it there makes."""
    from .render import py

    follows: dict[tuple, tuple] = {}
    for sym in model.raw("follow"):
        a = [py(x) for x in sym.arguments]
        follows[((a[0], *a[1:5], 0), a[5])] = (a[6], a[7])
    return follows


def read_choosers(model: Model) -> dict[int, str]:
    """The program's chooser/2 (616.1, replace_chooser.lp): event number -> the player who chooses the order of the
    effects on it as it is."""
    return {sym.arguments[0].number: sym.arguments[1].string for sym in model.raw("chooser")}


def reached_made(follows: dict[tuple, tuple], starts: set[int]) -> set[int]:
    """The events the effects make in some outcome: those made in a state of an event of `starts` (the input events,
    the payments and sacrifices some choice makes), of a part of one (614.9: c(I, S, M)), or of an event so made."""
    def origin(x):
        return x if isinstance(x, int) else int(x[2:].split(",")[0]) if str(x).startswith("c(") else None

    reached = set(starts)
    while True:
        more = {t for (state, _e), (t, _m) in follows.items() if origin(state[0]) in reached} - reached
        if not more:
            return reached - set(starts)
        reached |= more


def followon_choosers(made: dict[int, tuple[str, MadeEvent]], reached: set[int], who: dict[int, str]
                      ) -> list[tuple[str, str | None]]:
    """Who chooses among the effects on each event an effect made in some outcome (`reached`; `who`: the program's
    chooser/2, 616.1: the controller of the object that gets the counters, the player who creates the tokens), in the
    order of their numbers: (the event, as `counters on X` or `Zombie tokens`, and the player)."""
    out = []
    for t in sorted(t for t in reached if t in made and made[t][1].type != "counters_removed"):  # (no effect on those)
        ev = made[t][1]
        what = f"{ev.kind} counters on {ev.object}" if ev.type == "counters" else f"{ev.token} tokens"
        if (what, who.get(t)) not in out:
            out.append((what, who.get(t)))
    return out
