"""The replace task (614-616): facts from the board after the layers and the events, one solve of
``asp_rules/replace.lp`` per division of the shields (615.7), and the outcomes: every final event
with the orders that lead to it.

The program's one answer set holds every state each event can reach (the effects applied so far and
the event as modified), the choices (616.1e) from each state, and the final states; the orders are
the paths from the event to a final state, listed by bridge.replace.orders.
"""

from __future__ import annotations

import dataclasses
import time
from typing import TYPE_CHECKING

from ..config import SolverConfig
from ..facts import q
from ..layers import LayersResult, compute_layers
from asp_rules.rulesdata import PLAYER_EVENTS
from .as_enters import as_enters
from .characteristics import characteristics
from .chooser_facts import chooser_facts
from .choices import chosen_forms
from .counters import intrinsic_counters
from .division import shield_applies, solve_division
from .draws import draws_one_at_a_time, made_draws_apart, several_draws
from .effects import effects_in_force
from .emit import effect_facts, event_facts, player_event_facts
from .followon import followon_kinds, made_events
from .game_facts import game_facts
from .entering import Entered, TimedOut, entering_views
from .entering_facts import entering_facts
from .options_facts import choose_facts, copy_candidates, copy_facts
from .render import Context
from .results import ReplaceResult
from .shields import merge_divisions, shield_divisions
from .state_facts import applicability_facts

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .protocols import Event

# The bits of the program's sets of effects applied (and the counts of creatures sacrificed, life paid): clingo's integers
# are 32-bit signed, so 31 bits at most (the sign bit left alone).
MAX_BITS = 31


class TooManyEffects(ValueError):
    """More effects (and creatures devour may sacrifice, life payments) than the program's sets hold."""


def replace(state: GameState, events: list[Event], config: SolverConfig | None = None, limit: int = 100,
            layers: LayersResult | None = None) -> ReplaceResult:
    if several_draws(events):  # 121.2: one draw at a time, each in the state the ones before it left (draws.py)
        clock = _Deadline(config)

        def one_draw(now: GameState, draw: list[Event]) -> ReplaceResult:
            if clock.passed():
                return ReplaceResult([], [], [], timed_out=True)
            return replace(now, draw, clock.left(), limit, layers=layers if now is state else None)

        return draws_one_at_a_time(state, events, one_draw, limit)
    if any(ev.type == "enter" and ev.object is None for ev in events):
        raise ValueError("an enter event naming a card (a new object): make the object first "
                         "(engine.files.events.with_entering_cards)")
    events = [intrinsic_counters(ev, state) for ev in events]  # 306.5b: a planeswalker's loyalty counters
    # one time limit for the whole run: each solve gets what is left of it (grounding included, bridge/solve.py)
    clock = _Deadline(config)
    layers = layers if layers is not None else compute_layers(state, clock.left())
    chars = characteristics(state, layers)
    try:
        views, copies = _entering(state, events, layers, chars, clock.left())
    except TimedOut:
        return ReplaceResult([], [], [], timed_out=True)
    # only the effects on the kinds of event these events are or may lead to: each has a bit in the sets of
    # the program's states, which are 32-bit integers (clingo)
    in_force = effects_in_force(state, layers, events, views)
    kinds = _kinds_reached(events)
    kinds |= followon_kinds([e for e in in_force if e.rule.event in kinds])  # 615.5, 616.1f: the events they make
    effects = [e for e in in_force if e.rule.event in kinds]
    copy_code = {x: k for k, x in enumerate(copies, 1)}  # P of the program's states: the copy it enters as
    entering = {ev.object for ev in events if ev.type == "enter" and ev.object}
    made = as_enters(state, events, effects, chars, entering)
    # 614.13c: the cards of each library, top first, without those entering the battlefield from it
    libraries = {p: [c for c in state.zone_ids("library", p) if c not in entering] for p in state.player_names}
    # 614.12, 616.1f: the values a choice made as it enters may take, where the effects after it tell them apart
    try:
        chosen_views, forms, form_facts = chosen_forms(state, events, effects, views, chars, clock.left(),
                                                       {None: 0, **copy_code})
    except TimedOut:
        return ReplaceResult([], [], [], timed_out=True)
    ctx = Context(made.sac_fields, made.pay_bits, libraries, made.sac_events, declined=made.decline_bits, victims=made.victims,
                  copies={k: x for x, k in copy_code.items()} | {k: x for k, (x, _) in forms.items() if x is not None},
                  chosen={k: c for k, (_, c) in forms.items()})
    facts = made.facts + form_facts + effect_facts(effects, events, state, chars, copy_code) + game_facts(effects, events, state, chars)
    if len(effects) + made.sac_width + len(made.pay_bits) + len(made.decline_bits) > MAX_BITS:
        raise TooManyEffects(f"{len(effects)} replacement and prevention effects, the creatures devour may sacrifice "
                             f"counted in {made.sac_width} bits and {len(made.pay_bits)} life payments: more than the "
                             f"{MAX_BITS} bits the program's sets hold")
    # 614.12: each permanent entering in each form it may enter in: as itself (0), as each copy, with each
    # class of values chosen
    seen = [(j, p, copy_code.get(x, 0), view) for (j, p, x), view in views.items()]
    seen += [(j, p, k, view) for (j, p, k), view in chosen_views.items()]
    facts += event_facts(list(events) + made.events, effects, state, chars, libraries)
    # 614.12, 122.6: the forms of each permanent entering and the effects' conditions on it (entering_facts.py), from
    # which the program derives which effects apply to it in each form
    enter_facts, ctx.parts = entering_facts(effects, events, state, chars, seen)
    facts += enter_facts
    # 616.1c, 707.2: the objects a permanent entering may enter as a copy of, and their numbers (options_facts.py)
    more_facts, more_parts = copy_facts(events, state, chars)
    facts += more_facts + [f"copy_code({q(x)},{k})." for x, k in copy_code.items()] * bool(more_facts)
    ctx.parts = list(ctx.parts) + more_parts
    # 614.13a: the cards a "choose" effect may choose from (options_facts.py: the program's choose_from/2)
    more_facts, more_parts = choose_facts(effects, events, state, chars)
    facts += more_facts
    ctx.parts += more_parts
    facts += player_event_facts()
    # 615.5, 616.1f: the events the effects may make, numbered after the others, which the program follows
    followed = made_events(events, effects, state, chars, len(events) + len(made.events) + 1)
    facts += followed.facts
    ctx.made = followed.events
    # 614.1, 611.3a: the state the program's applicability rules read (replace_applies.lp, selectors.lp), for
    # every event in the order of their numbers (the events the effects may make last)
    facts += applicability_facts(effects, list(events) + made.events + [ev for _t, (_e, ev) in sorted(followed.events.items())],
                                 state, chars)
    # 616.1: the objects and players the events affect, from which the program derives who chooses (replace_chooser.lp)
    facts += chooser_facts(list(events) + made.events + [ev for _t, (_e, ev) in sorted(followed.events.items())],
                           effects, state, chars)
    # 615.7: a shield that simultaneous events could use is divided among them by the chooser: each
    # division is solved apart, and the outcomes are those of every division
    results = []
    for extra in shield_divisions(events, effects, facts + shield_applies(events, effects, facts, clock.left())):
        if clock.passed():
            return ReplaceResult([], [], [], timed_out=True)
        results.append(solve_division(state, chars, events, effects, facts + extra, clock.left(), limit, ctx, made.events))
        if results[-1].timed_out:
            return ReplaceResult([], [], [], timed_out=True)
    if clock.passed():  # (the orders listed after the solve)
        return ReplaceResult([], [], [], timed_out=True)
    result = merge_divisions(results, limit)
    made_draws_apart(result, effects, state)  # 121.7: a draw of several cards an effect made, not yet one at a time
    return result


class _Deadline:
    """The time limit of one replace run, shared by its solves (the layers with each permanent entering,
    each division of the shields) and the listing of the orders after them."""

    def __init__(self, config: SolverConfig | None) -> None:
        self.config = config or SolverConfig()
        self.end = time.monotonic() + self.config.time_limit

    def left(self) -> SolverConfig:
        """The configuration with what is left of the time limit (a little at least: a solve then reports
        timeout at once)."""
        return dataclasses.replace(self.config, time_limit=max(self.end - time.monotonic(), 0.001))

    def passed(self) -> bool:
        return time.monotonic() > self.end


def _entering(state: GameState, events: list[Event], layers: LayersResult, chars: dict, config: SolverConfig | None
              ) -> tuple[dict[tuple[int, str, str | None], Entered], list[str]]:
    """614.12, 616.1b, 616.1c: each permanent entering as it would exist on the battlefield, under the player
    it would enter under or one a control-changing effect may give it, as itself or as the copy a copy
    effect may have it enter as; and the objects a copy effect may have a permanent enter as a copy of
    (707.2). Raises TimedOut."""
    if not any(ev.type == "enter" for ev in events):
        return {}, []
    standing = effects_in_force(state, layers)
    givers = {e.you for e in standing if e.rule.do == "enter_under_control"}
    copies = sorted({e.source for e in standing if e.rule.do == "enter_as_copy" and e.source is not None}
                    | set(copy_candidates(events, state, chars, config)))  # (616.1c: the program's, solved apart)
    return entering_views(state, events, givers, config, copies), copies


def _kinds_reached(events: list[Event]) -> set[str]:
    """The kinds of event the effects may apply to for these events: theirs; a player's event may become
    another (614.1a), so any player's event (and "your life total can't change"); a permanent entering
    gets counters (122.6), and may make creatures be sacrificed (702.82a) and life be paid (119.4)."""
    kinds = {ev.type for ev in events}
    if "enter" in kinds:
        kinds |= {"counters", "zone_change", "pay_life"}
    if kinds & set(PLAYER_EVENTS):
        kinds |= set(PLAYER_EVENTS) | {"life_total"}
    return kinds

