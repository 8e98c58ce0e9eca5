"""120.3, 603.2, 603.10a: the turn's record of damage dealt to permanents, by source (issue 21): "Whenever a creature
dealt damage by this creature this turn dies" (Sengir Vampire; ZoneTrigger damaged_by_source). Each pair is an object
as it was (400.7: its zone changes), so a creature that left the battlefield and came back is a new object, dealt no
damage; the record is emptied as each turn begins (engine/game/turn.py). Recorded by engine/game/combat_damage.py (all
damage, combat or not, 120.3); read by engine/game/triggered.py's event_triggers, on the state before the event."""

from __future__ import annotations


def _key(state, x: str) -> tuple[str, int]:
    o = state.objects.get(x)
    return (x, o.zone_changes if o is not None else 0)


def record(state, source: str, target: str) -> None:
    """120.3: ``source`` dealt damage (more than 0) to the permanent ``target``."""
    state.damaged_by.add(_key(state, source) + _key(state, target))


def damaged(state, source: str, target: str) -> bool:
    """Was ``target`` (the object it is now, or as it last existed on the battlefield) dealt damage this turn by
    ``source`` (the object it is now)?"""
    return _key(state, source) + _key(state, target) in state.damaged_by


def damaged_any(state, target: str) -> bool:
    """120.3: was the permanent ``target`` (the object it is now) dealt damage this turn, by any source ("target
    creature that was dealt damage this turn")?"""
    return any(pair[2:] == _key(state, target) for pair in state.damaged_by)
