"""The counters a permanent enters with (122.6): they are put on it, so the effects on counters apply
to them: its +1/+1 counters and those of one other kind (122.6a); a planeswalker's loyalty (306.5b)
and a battle's defense (310.4b) are its printed value unless the event says, and its own "enters with
ten ice counters" (Dark Depths, 614.1c) gives the kind it enters with."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asp_rules.rulesdata import INTRINSIC_COUNTERS
from .protocols import own_replacements_of

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .protocols import EnterEvent, Event


def other_kind(ev: EnterEvent) -> str | None:
    """122.6: the kind of counters other than +1/+1 a permanent enters with, when it enters with one
    such kind (a planeswalker's loyalty, 306.5b; an ice counter); None for none, or several (those are
    left as the event has them)."""
    kinds = [k for k, n in ev.counters.items() if k != "+1/+1"]
    return kinds[0] if len(kinds) == 1 else None


def intrinsic_counters(ev: Event, state: GameState) -> Event:
    """306.5b, 310.4b: a planeswalker enters with its printed loyalty in loyalty counters, a battle with
    its printed defense in defense counters (an ability it has, a replacement effect, 614.1c), unless
    the event already says how many it enters with."""
    o = state.objects.get(ev.object) if ev.type == "enter" and ev.object else None
    c = o.printed if o is not None and o.copy_of is None else None
    for card_type, kind in INTRINSIC_COUNTERS.items():
        # (kind: "loyalty" or "defense", both fields of the printed characteristics)
        n = getattr(c, kind) if c is not None and card_type in c.types else None
        if n is not None and kind not in ev.counters and str(n).isdigit():
            ev = ev.model_copy(update={"counters": {**ev.counters, kind: int(n)}})
    # its own "enters with ten ice counters" (Dark Depths): with no other kind, the kind it enters with (none yet)
    own = {r.kind for ab in (c.abilities if c is not None else ()) for _, r in own_replacements_of(ab)
           if r.event == "enter" and r.do == "add_counters" and r.kind not in (None, "+1/+1")}
    if len(own) == 1 and not [k for k in ev.counters if k != "+1/+1"]:
        ev = ev.model_copy(update={"counters": {**ev.counters, own.pop(): 0}})
    return ev
