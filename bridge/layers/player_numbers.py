"""The facts of a value that is a number of a player's (engine.vocab.selector.PlayerNumber), for the layers program
(asp_rules/layers_counted.lp): the counters of a kind each player has (122.1: "for each experience counter you have",
"for each poison counter your opponents have"), each player still in the game (102.3, 800.4a: "for each opponent you
have"), the cards each player has drawn this turn (121.1) and the life each has lost this turn (119.3), as the game
has them now - a number of the game's, not of any object's, that no continuous effect changes."""

from __future__ import annotations

from ..facts import q
from ..protocols import GameState, PlayerNumberValue


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
        else:
            n = 1
        facts += [f"player_n({q(p.name)},{what},{n}).", f"player_n({q(p.name)},in_game,1)."]
    return f"pnum({v.player},{what},{v.times},{v.plus})", facts
