"""603.2, 701.9: the abilities that trigger once on a set of simultaneous events (issue 21): "Whenever you discard one
or more artifact cards" (ZoneTrigger discards with at_once): one trigger for the cards a player discards at once, that
many the number of them the ability names. Read by engine/game/triggered.py's event_triggers, on the events as they
happen (the cards still in the hand, 603.10a does not apply: as the state is before the events)."""

from __future__ import annotations


def _counts(ctx, trig, ev: dict, who) -> bool:
    return ev.get("type") == "discard" and who(ev["player"]) and (trig.subjects is None or ctx.match(trig.subjects, ev["card"]))


def discarded_at_once(ctx, trig, events: list, ev: dict, who) -> int:
    """701.9, 603.2: for the discard event ``ev`` among the simultaneous ``events``: the number of cards ``trig`` names
    (its subjects: the cards' selector) that the players ``who`` accepts discard at once, when ``ev`` is the first of
    them (the one the ability triggers on); else 0."""
    mine = [e for e in events if _counts(ctx, trig, e, who)]
    return len(mine) if mine and mine[0] is ev else 0
