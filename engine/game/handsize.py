"""A player's maximum hand size (402.2: normally seven; 514.1: the active player discards down to it in their cleanup
step), issue 21, round 12. The static abilities in force that change it ("You have no maximum hand size.",
`no_max_hand_size`; "Your maximum hand size is two.", "... is increased by one.", "Each opponent's maximum hand size
is reduced by two.", `max_hand_size`, engine/vocab/handsize.py) are effects on the game's rules: 613.11 applies them
after the effects on objects, in timestamp order (613.7a: a static ability's effect has the timestamp of the object
that has it)."""

from __future__ import annotations

HAND_SIZE = 7  # 402.2


def maximum(game, player: str) -> tuple[int | None, list[str]]:
    """The player's maximum hand size (None: no maximum) and the abilities that made it so, in the order applied."""
    st = game.state
    found = []
    for n, (src, _i, ab, you) in enumerate(game.abilities_in_force()):
        change = getattr(ab, "max_hand_size", None)
        if getattr(ab, "no_max_hand_size", False) and you == player:  # 402.2: its controller's
            found.append(((st.objects[src].timestamp or 0, n), None, ab))
        elif change is not None and (change.players == "chosen" and st.objects[src].choices.get("player") == player
                                     or change.players == "each"  # "Players have no maximum hand size."
                                     or change.players in ("you", "opponents") and (you == player) == (change.players == "you")):
            found.append(((st.objects[src].timestamp or 0, n), change, ab))  # its controller's, each opponent's, or
            # the player chosen as it entered (614.12: its choices.player)
    size: int | None = HAND_SIZE
    for _ts, change, _ab in sorted(found, key=lambda f: f[0]):  # 613.11: in timestamp order
        if change is None or change.unlimited:  # 402.2: no maximum
            size = None
        elif change.set is not None:
            size = change.set
        elif size is not None:
            size = max(0, size + change.change)  # (no fewer than zero cards)
    return size, [ab.display() for _ts, _c, ab in sorted(found, key=lambda f: f[0])]
