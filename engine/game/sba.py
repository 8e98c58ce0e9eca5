"""State-based actions in the loop (704.3): performed by engine/sba.py, with the player's choice of the
legendary permanent to keep (704.5j); before them, the effects whose duration is over end (611.2b)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import gamefile as gf
from ..sba import state_based_actions
from .common import GameError

if TYPE_CHECKING:
    from .loop import Game


class StateBasedActions:
    """The state-based actions as the loop performs them (704.3, 704.5j, 611.2b)."""

    def __init__(self, game: Game):
        self.game = game

    def perform_sba(self) -> bool:
        """704.3: the state-based actions that apply, all at once, until none does (and the effects
        whose duration is over end first, 611.2b); True when some were performed."""
        self.game.triggers.remember()
        self.end_effects()
        game = self.game
        result = state_based_actions(game.state, game.config, self.keep_legend, game.layers_of, game.events.outcome_for,
                                     game.library)
        for line in result.log:
            self.game.say(line.split(":")[0], line.split(": ", 1)[1] if ": " in line else line)
        self.game.pending += result.triggers
        self.game.state.drew_from_empty = set()
        return bool(result.actions)

    def keep_legend(self, player: str, name: str, ids: list[str]) -> str:
        """704.5j: the player chooses the legendary permanent to keep."""
        act = self.game.action()
        if isinstance(act, gf.Keep) and act.by in (None, player) and act.keep in ids:
            self.game.take()
            return act.keep
        if self.game.auto:
            return ids[0]
        raise GameError(self.game.where(), f"704.5j: {player} controls {len(ids)} legendary permanents named {name} "
                                           f"({', '.join(ids)}) and keeps one", "add {keep: ID}, or use --auto")

    def source_held(self, source: str | None, you: str) -> bool:
        st = self.game.state
        return source in st.battlefield and st.objects[source].controller == you

    def end_effects(self) -> None:
        """611.2b: an effect "for as long as" ends when its condition stops (its source left the
        battlefield or changed controller)."""
        st = self.game.state
        ended = [e for e in st.effects if (e.duration == "while_you_control_source"
                                           and not self.source_held(e.source, e.controller))
                 or (e.duration == "while_source_on_battlefield" and e.source not in st.battlefield)]
        if ended:
            st.effects = [e for e in st.effects if e not in ended]
            for k, e in enumerate(st.effects, 1):
                e.index = k
            for e in ended:
                self.game.say("611.2b", f"{e.source_card}'s effect ends: its duration is over")
