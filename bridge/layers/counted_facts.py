"""The facts of the counted values and selectors of continuous effects that asp_rules/layers_counted.lp reads (issue 21),
a mixin of the layers engine before bridge/layers/step_facts.py's LayersFacts (bridge/layers/sequence.py): a number of
a player's (engine.vocab.selector.PlayerNumber: the counters of a kind each player has, 122.1, "for each experience
counter you have", "for each poison counter your opponents have"; each player still in the game, 102.3, 800.4a, "for
each opponent you have"; the cards each player has drawn this turn, 121.1; the life each has lost this turn, 119.3:
the game's numbers now, which no continuous effect changes), the colors among the objects counted (105.1), their total
mana value (202.3), each affected creature's own count of its controller's creatures sharing a creature type with it
(205.3m); the selectors of the objects named like the source (201.2), of the cards of the controller of what the
source is attached to (404.1), of the objects of the player chosen as the source entered (614.12)."""

from __future__ import annotations

from typing import Any

from ..facts import q
from ..protocols import GameState, PlayerNumberValue, Selector, is_count, is_own_count, is_player_number, is_total
from .step_facts import LayersFacts

# the selector flags of layers_counted.lp (sel_named_self/1, sel_owned_by_attached_controller/1)
_FLAGS = ("named_self", "owned_by_attached_controller", "controlled_by_attached_controller", "not_attached")


def _what(v: PlayerNumberValue) -> str:
    """The player_n/3 kind of the number (docs/facts.md): ctrs("poison"), in_game, drawn, life_lost."""
    return f"ctrs({q(v.counters)})" if v.player_number == "counters" else v.player_number


def player_number_facts(state: GameState, v: PlayerNumberValue) -> tuple[str, list[str]]:
    """The term of the value (pnum(Player, Q, Times, Plus)) and the facts it reads: player_n(P, Q, N) for each player
    in the game (a player who has lost the game left it, 800.4a: no longer an opponent), and player_n(P, in_game, 1)."""
    what = _what(v)
    facts = []
    for p in state.players:
        if getattr(p, "lost", False):
            continue
        if v.player_number == "counters":
            n = p.counters.get(v.counters, 0)
        elif v.player_number == "drawn":
            n = getattr(state, "drawn", {}).get(p.name, 0)
        elif v.player_number == "life_lost":
            n = getattr(state, "life_lost", {}).get(p.name, 0)
        elif v.player_number == "creatures_entered":  # 400.7: the record of the turn (engine/game/turn_records.py)
            n = len(getattr(state, "creatures_entered", {}).get(p.name, ()))
        elif v.player_number == "speed":  # 702.179: the player's speed (none: 0)
            n = getattr(state, "speed", {}).get(p.name, 0)
        elif v.player_number == "below_half_life":  # 119.1, 103.4: less than half the starting life total
            n = int(p.life <= (getattr(state, "starting_life", 20) - 1) // 2)
        else:
            n = 1
        facts += [f"player_n({q(p.name)},{what},{n}).", f"player_n({q(p.name)},in_game,1)."]
    return f"pnum({v.player},{what},{v.times},{v.plus})", facts


class CountedFacts:
    """The values and selectors of layers_counted.lp; the others are LayersFacts' (the next class in the engine's
    bases)."""

    state: GameState

    def _value(self, v: Any, inst: Any, e: str, out: list[str], sels: list[int]) -> str:
        if is_player_number(v):  # 122.1, 102.3, 121.1, 119.3: a number of its controller's, or its opponents'
            term, facts = player_number_facts(self.state, v)
            out += facts
            return term
        if is_count(v) and getattr(v, "colors", False):  # 105.1: the colors among them
            s = self._selector(v.count, inst, e, out, sels, counted=True)
            return f"colors({s},{v.times},{v.plus})"
        if is_total(v) and v.total == "mana_value":  # 202.3: their mana values added up
            return f"total({self._selector(v.of, inst, e, out, sels)},mv)"
        if is_own_count(v) and getattr(v, "yours", False):  # 205.3m: its controller's creatures only
            return f"ownc(share_yours,{v.times})"
        return super()._value(v, inst, e, out, sels)  # type: ignore[misc]

    def _selector(self, sel: Selector, inst: Any, e: str, out: list[str], sels: list[int], counted: bool = False) -> str:
        s = super()._selector(sel, inst, e, out, sels, counted)  # type: ignore[misc]
        out += [f"sel_{k}({s})." for k in _FLAGS if getattr(sel, k, False)]  # 201.2, 404.1
        if getattr(sel, "chosen_player", None) is not None:  # 614.12: the player chosen as the source entered
            out.append(f"sel_chosen_player({s},{sel.chosen_player}).")
            out += [f"chosen_player({e},{q(str(inst.choices['player']))})."] if inst.choices.get("player") else []
        return s


class StepFacts(CountedFacts, LayersFacts):
    """The facts of a board's effects exactly as the layers engine sends them (its counted values and selectors
    included): what the dependency catalogue's pruning and twins read (bridge/loops/), the engine's own bases."""
