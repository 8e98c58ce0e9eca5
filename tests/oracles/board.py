"""Oracle for asp_rules/board.lp, written from the rules text.

102.2-102.3: with no teams, a player's opponents are all the other players.
110.1: a permanent is a card or token on the battlefield.
506.2: the defending players are those attacked directly, or through a planeswalker they control
or a battle they protect (here: the printed controller of the attacked permanent).
"""

from __future__ import annotations

from engine.state.model import GameState


def board_oracle(state: GameState) -> dict[str, set]:
    players = state.player_names
    defending: set[str] = set()
    if state.combat is not None:
        for attacked in state.combat.attackers.values():
            if attacked in players:
                defending.add(attacked)
            elif attacked in state.objects and state.objects[attacked].zone == "battlefield":
                defending.add(state.objects[attacked].controller)
    return {
        "permanent": {(oid,) for oid in state.battlefield},
        "opponent": {(p, q) for p in players for q in players if p != q},
        "defending_player": {(p,) for p in defending},
    }
