"""115.1, 603.2e: the turn's record of permanents becoming targets (issue 21): "Valiant — Whenever this creature becomes
the target of a spell or ability you control for the first time each turn" (ZoneTrigger first_each_turn). Each entry
is a permanent as it was (400.7: its zone changes) and the controller of the spell or ability it became a target of;
the record is emptied as each turn begins (engine/game/turn.py). Recorded and read by engine/game/triggered.py's
target_triggers, as the spell is cast or the ability activated or put on the stack."""

from __future__ import annotations


def _key(state, x: str) -> tuple[str, int]:
    return (x, state.objects[x].zone_changes)


def before(state, x: str, player: str | None, you: str) -> bool:
    """Did the permanent ``x`` already become a target this turn, of a spell or ability ``player`` names (you: ``you``
    controlled; opponent: another player; None: anyone's)?"""
    return any(player in (None, "any") or (who == you) == (player == "you") for who in state.targeted.get(_key(state, x), ()))


def record(state, targets: list[str], controller: str) -> None:
    """The permanents ``targets`` became targets of a spell or ability ``controller`` controls (each once)."""
    for x in dict.fromkeys(targets):
        if x in state.battlefield:
            state.targeted.setdefault(_key(state, x), []).append(controller)
