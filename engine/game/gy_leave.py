"""603.2, 404.2, 601.2a: "Whenever one or more cards leave your graveyard" as a spell is cast from a graveyard: the
card moves to the stack (601.2a) with no zone-change event of the replacement program's, so the casting reports it here
as the spell becomes cast (601.2i), after its cast triggers; every other move out of a graveyard is an event
engine/game/triggered.py's event_triggers reads (ZoneTrigger event leaves_graveyard)."""

from __future__ import annotations

from engine.game.triggered import event_triggers


def cast_triggers(casting, oid: str, chars, player: str, where: str | None) -> None:
    """601.2i: the abilities the spell ``oid`` triggers as it becomes cast (Casting.cast_triggers), and, cast from a
    graveyard (``where``), those its leaving that graveyard triggers (603.2, 404.2: its owner's graveyard)."""
    casting.cast_triggers(oid, chars, player, where)
    if where == "graveyard":
        game = casting.game
        game.pending += [t for t in event_triggers(game.state, game.layers(), [
            {"type": "zone_change", "object": oid, "from": "graveyard", "to": "stack"}]) if t.event == "leaves_graveyard"]
