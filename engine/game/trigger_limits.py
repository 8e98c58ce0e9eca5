"""Limits on how often a triggered ability triggers, as its text states them, checked as the triggered abilities go
on the stack (603.3b: engine/game/triggers.py's put_triggers): "This ability triggers only once each turn." and 603.2h
"Do this only once each turn." (the ability triggers only if its source's controller hasn't yet done it this turn).
Both are kept by object (400.7: an object that changed zones is a new object, its counts start again) and by turn,
in the Triggers chapter's ``triggered_on_turn`` and ``done_on_turn``. A game file (a board) starts with none: the
game keeps them as it runs, and they are not saved in it."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.triggered import Triggered

TRIGGERS_ONCE = "this ability triggers only once each turn"
DO_THIS_ONCE = "do this only once each turn"  # 603.2h


def _zone_changes(game, source: str) -> int:
    o = game.state.objects.get(source)
    return o.zone_changes if o is not None else 0


def did_once(game, source: str, text: str) -> None:
    """603.2h: the controller of ``source`` did, this turn, what its ability ``text`` ("... Do this only once each
    turn.") lets them do (they chose to as it resolved: engine/game/instructions.py); nothing for another ability."""
    if DO_THIS_ONCE in text.lower():
        game.triggers.done_on_turn[(source, text, _zone_changes(game, source))] = game.state.turn


def allowed(game, pending: list[Triggered]) -> list[Triggered]:
    """The triggered abilities of ``pending`` that trigger: not one whose "Do this only once each turn" was done this
    turn (603.2h), nor one that "triggers only once each turn" and already triggered this turn."""
    st, chapter = game.state, game.triggers
    out = []
    for t in pending:
        text = t.text.lower()
        if DO_THIS_ONCE in text and chapter.done_on_turn.get((t.source, t.text, _zone_changes(game, t.source))) == st.turn:
            game.say("603.2h", f"{_name(st, t.source)}'s ability (\"{t.text}\") doesn't trigger: what it does was "
                               "already done this turn (\"Do this only once each turn\")")
            continue
        if TRIGGERS_ONCE in text:
            key = (t.source, t.ability, _zone_changes(game, t.source))  # 400.7: this object's
            if chapter.triggered_on_turn.get(key) == st.turn:
                game.say("603.2", f"the triggered ability of {_name(st, t.source)} (\"{t.text}\") already triggered "
                                  "this turn: it triggers only once each turn")
                continue
            chapter.triggered_on_turn[key] = st.turn
        out.append(t)
    return out
