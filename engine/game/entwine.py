"""Entwine (702.42, the current official rules: the seed text stops at its heading), a keyword of the game loop.

702.42a: "Entwine is a static ability of modal spells (see rule 700.2) that functions while the spell is on the stack.
'Entwine [cost]' means 'You may choose all modes of this spell instead of just the number specified. If you do, you
pay an additional [cost].' Using the entwine ability follows the rules for choosing modes and paying additional costs in
rules 601.2b and 601.2f-h." 702.42b: "If the entwine cost was paid, follow the text of each of the modes in the order
written on the card when the spell resolves." The cast's ``entwined``: the modes announced are all of them (601.2b,
engine/game/casting.py announce_modes, which asks :func:`all_modes`), the entwine cost is added to the total cost
(601.2f, engine/game/costs.py: a mana cost only), and the modes resolve in the order written (the chosen modes are
kept in that order, engine/game/resolve.py)."""

from __future__ import annotations

from engine.game.common import Rejected

RULE = "702.42a"


def all_modes(game, chars, act, chosen: list[int]) -> bool:
    """601.2b, 702.42a: whether the spell is cast entwined, all of its modes chosen (True); False when it isn't
    entwined. Refused: entwined without an entwine ability, or with some mode left out."""
    if not getattr(act, "entwined", False):
        return False
    name = chars.name
    if game.casting.keyword(chars, "entwine") is None:
        raise Rejected(RULE, f"{name} has no entwine ability")
    count = len(game.casting.mode_abilities(chars))
    if sorted(chosen) != list(range(1, count + 1)):
        raise Rejected(RULE, f"{name} is entwined: all of its {count} modes are chosen (702.42a), not {sorted(chosen)}")
    game.say(RULE, f"{name} is entwined: all of its {count} modes are chosen, its entwine cost an additional cost")
    return True


def entwine_cost(game, face, act) -> tuple[str, str] | None:
    """601.2f, 702.42a: the entwine cost added to the total cost of an entwined spell, and the words that say so (None
    when it isn't entwined)."""
    if not getattr(act, "entwined", False):
        return None
    ab = game.casting.keyword(face, "entwine")
    if ab is None:
        raise Rejected(RULE, f"{face.name} has no entwine ability")
    return ab.cost, f"entwine {ab.cost} (702.42a)"
