"""A mana ability's restrictions on when and how often it may be activated (602.5b, 602.5d; issue 21): "Activate only
as a sorcery." (its controller's main phase, the stack empty: not while a spell is being cast, 601.2a), "Activate only
during an opponent's turn.", "Activate no more than three times each turn." (engine/vocab/mana_limits.py), checked as
the player would activate it (engine/game/mana.py); the activations of each turn kept in the object's choices (400.7:
a new object's start again), as "Activate only once each turn." is."""

from __future__ import annotations

from engine.game.common import MAIN, Rejected, _name
from engine.vocab import mana_limits


def check(game, oid: str, player: str, text: str) -> None:
    """Rejected when the restrictions of the mana ability ``text`` of ``oid`` forbid ``player`` to activate it now."""
    limits = mana_limits.limits(text)
    if limits is None:
        return
    st, name = game.state, _name(game.state, oid)
    if limits.sorcery and (player != st.active or st.step not in MAIN or st.stack):  # 602.5d
        raise Rejected("602.5d", f"{name}'s mana ability can be activated only as a sorcery (its controller's main "
                                 "phase, the stack empty)")
    if limits.your_turn and player != st.active:
        raise Rejected("602.5b", f"{name}'s mana ability can be activated only during its controller's turn")
    if limits.opponents_turn and player == st.active:
        raise Rejected("602.5b", f"{name}'s mana ability can be activated only during an opponent's turn")
    if limits.steps and st.step not in limits.steps:
        raise Rejected("602.5b", f"{name}'s mana ability can be activated only in the {' or '.join(limits.steps)} step")
    if limits.per_turn is not None and _times(game, oid, text) >= limits.per_turn:
        raise Rejected("602.5b", f"{name}'s mana ability was already activated {limits.per_turn} time(s) this turn")


def record(game, oid: str, text: str) -> None:
    """The activation of the mana ability ``text`` of ``oid`` counted for this turn (when it has a limit each turn)."""
    limits = mana_limits.limits(text)
    if limits is not None and limits.per_turn is not None:
        game.state.objects[oid].choices[_KEY + text] = [game.state.turn, _times(game, oid, text) + 1]


_KEY = "activations on turn: "


def _times(game, oid: str, text: str) -> int:
    turn, n = game.state.objects[oid].choices.get(_KEY + text) or (None, 0)
    return n if turn == game.state.turn else 0
