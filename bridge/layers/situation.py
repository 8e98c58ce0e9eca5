"""The game's situation as the selectors of continuous effects read it (issue 21, family 2): the player an Aura
enchants (303.4, 702.5d: a Curse's "enchanted player"); the creatures in combat: the player an attacking creature attacks (506.3, 508.1b: a player, or a planeswalker or battle, which is no player), the creatures
blocking an attacking creature (509.1a, through its band, 702.22h), for the layers program's facts
(layers_combatants.lp: attached_player/2, attacks_player/2, blocks_pair/2) and the game loop's selector match (bridge/selectors.py), one
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


def blocks_pairs(state) -> set[tuple[str, str]]:
    """509.1a, 702.22h: (blocker, attacker) for each attacking creature and each creature blocking it (declared, or
    through its band)."""
    combat = state.combat
    if combat is None:
        return set()
    return {(b, a) for a in combat.attackers for b in combat.blockers_of(a)}


def in_combat_with(state, oid: str, other: str | None) -> bool:
    """Whether ``oid`` is blocking ``other`` or blocked by it (509.1a)."""
    return other is not None and any((b, a) in ((oid, other), (other, oid)) for b, a in blocks_pairs(state))


def blocks_facts(state) -> list[str]:
    """blocks_pair(B, A): the creature B blocks the attacking creature A."""
    return [f"blocks_pair({q(b)},{q(a)})." for b, a in sorted(blocks_pairs(state))]


def enchanted_player(state, source: str | None) -> str | None:
    """303.4, 702.5d: the player the source (an Aura with "Enchant player") is attached to; None for none."""
    o = state.objects.get(source) if source is not None else None
    target = o.attached_to if o is not None and o.zone == "battlefield" else None
    return target if target is not None and target in {p.name for p in state.players} else None


def attached_player_facts(state) -> list[str]:
    """attached_player(Q, P): the permanent Q (an Aura) is attached to player P."""
    out = []
    for oid in sorted(state.objects):
        player = enchanted_player(state, oid)
        out += [f"attached_player({q(oid)},{q(player)})."] if player is not None else []
    return out
