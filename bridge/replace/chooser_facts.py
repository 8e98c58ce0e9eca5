"""The state and event facts from which the replace program derives who chooses the order of the effects on each
event (616.1: asp_rules/replace_chooser.lp's chooser/2): the object each event affects (ev_obj/2: a zone change,
counters, a permanent entering) or its player (ev_player/2: a player's event; tokens: the player who would create
them, 111.2), the players, and of each object an event affects or damage may be dealt to (its recipient, or where a
redirection sends it, 614.9): its zone, owner and controller (c/3's ctl, on the battlefield and the stack: 108.4,
108.4a). Facts of the state only: who chooses is the program's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..facts import q

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .effects import Effect


def chooser_facts(events: list[Any], effects: list[Effect], state: GameState, chars: dict) -> list[str]:
    """The facts of replace_chooser.lp for the events numbered 1, 2, ... in the order given (the input events, those
    made as the permanents enter, the events the effects may make)."""
    players = set(state.player_names)
    out = [f"player({q(p)})." for p in state.player_names]
    affected: set[str] = set()
    for i, ev in enumerate(events, 1):
        if ev.type == "damage":
            affected.add(ev.target)
        elif ev.type in ("zone_change", "counters", "enter") and getattr(ev, "object", None) is not None:
            out.append(f"ev_obj({i},{q(ev.object)}).")
            affected.add(ev.object)
        # (a player's event and tokens: their player, ev_player/2, is player_facts.py's, sent for every event)
    if any(ev.type == "damage" for ev in events):  # 614.9: where a redirection may send the damage (its source or a
        # target: the program's eff_dest/2 says which)
        affected |= {x for e in effects if e.rule.do in ("redirect", "redirect_shield") for x in (*e.targets, e.source)
                     if x is not None}
    for oid in sorted(affected - players):
        o = state.objects.get(oid)
        if o is None:
            continue
        qo = q(oid)
        out.append(f"obj({qo}). zone({qo},{o.zone}). owner({qo},{q(o.owner)}).")
        controller = chars.get(oid, {}).get("controller") if o.zone == "battlefield" else o.controller
        if o.zone in ("battlefield", "stack") and (controller or o.controller):  # 108.4: after the layers (613.1b)
            out.append(f"c({qo},ctl,{q(controller or o.controller)}).")
    return out
