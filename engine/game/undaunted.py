"""Undaunted (issue 21, round 21): 702.125a (current official rules: "Undaunted is a static ability that functions while
the spell with undaunted is on the stack. Undaunted means 'This spell costs {1} less to cast for each opponent you
have.'"), 702.125b (players who have left the game are not counted: 800.4a), 702.125c (each instance reduces the cost).
A cost reduction of the total cost (601.2f: generic mana only, 118.7a; engine/game/costs.py ``total_cost`` adds it to
affinity's)."""

from __future__ import annotations


def with_affinity(game, card, player: str, affinity: tuple[int, list[str]]) -> tuple[int, list[str]]:
    """702.125a: affinity's reduction (``affinity``: how much less, and why) and undaunted's: {1} less for each
    opponent ``player`` has still in the game, for each undaunted instance of the spell ``card``."""
    less, why = affinity
    instances = sum(1 for ab in card.abilities if getattr(ab, "kind", None) == "keyword" and ab.keyword == "undaunted")
    opponents = len(game.players_from(player)) - 1  # 702.125b: those still in the game (800.4a)
    if instances and opponents > 0:
        less += instances * opponents
        why = why + [f"{{{instances * opponents}}} less: undaunted, {opponents} opponent(s) (702.125a)"]
    return less, why
