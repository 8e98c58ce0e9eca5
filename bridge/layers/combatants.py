"""The creatures in combat as the selectors of continuous effects read them (issue 21, family 2): the player an
attacking creature attacks (506.3, 508.1b: a player, or a planeswalker or battle, which is no player), for the layers
program's facts (layers_combatants.lp: attacks_player/2) and the game loop's selector match (bridge/selectors.py), one
meaning for both."""

from __future__ import annotations

from ..facts import q


def attacked_player(state, oid: str) -> str | None:
    """506.3, 508.1b: the player the attacking creature ``oid`` attacks; None when it attacks a planeswalker or a
    battle, or isn't attacking."""
    combat = state.combat
    target = combat.attackers.get(oid) if combat is not None else None
    return target if target is not None and target in {p.name for p in state.players} else None


def attacks_player_facts(state, oid: str) -> list[str]:
    """attacks_player(O, P): the attacking creature attacks player P (none for a planeswalker or a battle)."""
    player = attacked_player(state, oid)
    return [f"attacks_player({q(oid)},{q(player)})."] if player is not None else []
