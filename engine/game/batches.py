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


# deals_damage's qualifiers that name its recipient ("to a player", "to an opponent", "to a creature", "to a player or
# planeswalker"): with one of them, each recipient dealt damage is an occurrence of its own (603.2c)
RECIPIENTS = ("to_player", "to_opponent", "to_creature", "to_player_or_planeswalker")


def dealt_once(trig, out: list, key: tuple, amount: int):
    """700.1, 603.2c, 120.4: "Whenever ~ deals damage" names no recipient: the damage a source deals at once to several
    recipients (one damage event: "deals 1 damage to any target, 2 damage to another target ...", "to each creature
    and each opponent", a trampler's combat damage) is one occurrence, as "whenever this creature becomes blocked" is
    one for two blockers (700.1's example), and "that much" is the total; "Whenever ~ is dealt damage" names no
    source: the damage several sources deal to it at once is one occurrence too. ``out``: the triggers found so far,
    ``key``: (source, ability, event, object) of the new one (object: the source dealing the damage, or the permanent
    dealt it). The index of the trigger already found for that object, whose amount the caller adds ``amount`` to;
    None when there is none or the trigger names a recipient."""
    if any(getattr(trig, q, False) for q in RECIPIENTS) or getattr(trig, "one_or_more", None) is not None:
        return None
    return next((k for k, t in enumerate(out) if (t.source, t.ability, t.event, t.object) == key), None)
