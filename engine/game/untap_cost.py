"""The untap symbol {Q} in an activation cost (107.6: "untap this permanent"; 602.2b, 601.2h), paid by
engine/game/costs.py as it pays {T}: Umbral Mantle's granted "{3}, {Q}: This creature gets +2/+2 until end of turn."."""

from __future__ import annotations

from typing import Any

from engine.game.common import Rejected, _name


def pay(costs, oid: str, player: str, c: dict[str, Any]) -> None:
    """Pay {Q} (107.6, 601.2h): only a tapped permanent pays it (118.3), and a creature only if it has been under its
    controller's control since their most recent turn began, or has haste (602.5a, 302.6); it becomes untapped (what
    triggers on it, 603.2e; a stun counter removed instead, 122.1d: engine/game/events.py)."""
    st = costs.game.state
    o = st.objects[oid]
    if not o.tapped:
        raise Rejected("118.3", f"{_name(st, oid)} is untapped: its {{Q}} cost can't be paid")
    if "creature" in c.get("types", ()) and o.summoning_sick and "haste" not in c.get("abilities", ()):
        raise Rejected("602.5a", f"{_name(st, oid)} has not been under {player}'s control since the turn began")
    costs.game.say("107.6", f"{player} untaps {_name(st, oid)} to pay the cost")
    costs.game.events.untap([oid])
