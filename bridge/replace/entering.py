"""A permanent about to enter, as it would exist on the battlefield (614.12): the layers computed with
it there (613.7d: the newest timestamp), under the player it would enter under or one a
control-changing effect may have it enter under (616.1b), as itself or as a copy a copy effect may
have it enter as (616.1c, 707.2); an effect a resolved ability gave the spell still affects the
permanent it becomes (611.2c)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Sequence

from ..layers import compute_layers

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from ..solve import SolverConfig
    from .protocols import Event


class TimedOut(Exception):
    """The layers of a permanent entering, as it would exist on the battlefield, hit the time limit."""


@dataclass
class Entered:
    """614.12: a permanent about to enter, as it would exist on the battlefield under one player: the
    layers applied with it there (the continuous effects that already exist and would apply to it, and
    those of its own static abilities)."""

    chars: dict[str, Any]  # its characteristics there
    printed: set[int]  # the 1-based indices of its own printed abilities it has there
    granted: list[str]  # the keyword abilities effects give it there, as words (one per granting effect)
    copied: set[tuple[str, int]] = field(default_factory=set)  # the abilities it has there as a copy (707.2)


def entering_views(state: GameState, events: list[Event], givers=(), config: SolverConfig | None = None, copies=()
                   ) -> dict[tuple[int, str, str | None], Entered]:
    """614.12: each enter event's permanent as it would exist on the battlefield under the event's
    controller, and under each of `givers` (616.1b: the players a control-changing effect may have it
    enter under), as itself and as a copy of each of `copies` (616.1c: the objects a copy effect may
    have it enter as a copy of, 707.2), keyed by (event number, player, the object copied or None): the state
    with every permanent entering at once on the battlefield (the others under their event's
    controller), tapped or not, with its counters and the newest timestamps (613.7d), and its layers:
    under Humility a creature entering has no abilities; under Living Lands a Forest enters as a
    creature; a card in a graveyard under Yixlid Jailer has its abilities back (E59). Raises TimedOut
    when a layers computation hits the time limit."""
    views: dict[tuple[int, str, str | None], Entered] = {}
    for i, ev in enumerate(events, 1):
        if ev.type != "enter":
            continue
        for p in sorted({ev.controller} | set(givers)):
            for x in [None] + sorted(c for c in set(copies) if c != ev.object):
                views[(i, p, x)] = entered_view(state, events, i, p, x, config)
    return views


def entered_view(state: GameState, events: list[Event], i: int, player: str, copy_of: str | None,
                 config: SolverConfig | None, chosen: dict[str, Any] | None = None) -> Entered:
    """614.12: event i's permanent as it would exist on the battlefield under `player`, as a copy of
    `copy_of`, with the values `chosen` as it enters (its choices: a creature type, a color)."""
    hyp = as_entered(state, [Entering(ev.object, player if j == i else ev.controller, bool(ev.tapped),
                                      tuple(ev.counters.items()), copy_of if j == i else None)
                             for j, ev in enumerate(events, 1) if ev.type == "enter"])
    oid = events[i - 1].object
    if chosen:
        hyp.objects[oid].choices = {**hyp.objects[oid].choices, **chosen}
    layers = compute_layers(hyp, config)
    if layers.timed_out:
        raise TimedOut
    held = layers.printed_abilities.get(oid, ())
    return Entered(dict(layers.objects[oid]), {k for holder, k in held if holder == oid},
                   list(layers.granted_keywords.get(oid, ())), {(holder, k) for holder, k in held if holder != oid})


@dataclass(frozen=True)
class Entering:
    """A permanent about to enter the battlefield (614.12, 603.6b): the player it enters under, tapped
    or not, its counters (122.6), and the object it enters as a copy of (707.2), if any."""

    object: str
    controller: str
    tapped: bool = False
    counters: tuple[tuple[str, int], ...] = ()
    copy_of: str | None = None


def as_entered(state: GameState, entering: Sequence[Entering]) -> GameState:
    """614.12, 603.6b: the state with the entering permanents on the battlefield as they would exist
    there, in order (the newest timestamps, 613.7d), each as its record says (707.2: as a copy, its
    copy effect in layer 1a, as a permanent that entered so has). Both the replace task (a permanent
    entering under a player, as a copy) and the triggers of the game loop ("all lands are creatures"
    makes a land entering a creature; Humility takes a creature's own "when this enters" away) read it."""
    hyp = state.copy()
    for e in entering:
        o = hyp.objects[e.object]
        hyp.take_out(e.object)
        o.zone, o.controller = "battlefield", e.controller
        o.timestamp, hyp.next_timestamp = hyp.next_timestamp, hyp.next_timestamp + 1
        if o.kind == "spell":  # a permanent spell becomes a permanent (110.1)
            o.kind = "card"
        o.tapped, o.counters = e.tapped, dict(e.counters)
        if e.copy_of is not None:
            o.copy_of = e.copy_of
        hyp.battlefield.append(e.object)
        # 611.2c: an effect a resolved ability gave the spell it targets (Jund: "it gains devour 5") has
        # that object in its set, fixed as it began: the spell becomes the permanent, which it still
        # affects (400.7a)
        for eff in hyp.effects:
            if e.object in eff.targets and eff.affected is None:
                eff.affected = tuple(eff.targets)
    return hyp
