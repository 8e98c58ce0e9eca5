"""Awaken (702.113, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.113a *(EN, current official rules)*: "Awaken appears on some instants and sorceries. It represents two abilities: a
static ability that functions while the spell with awaken is on the stack and a spell ability. 'Awaken N—[cost]' means
'You may pay [cost] rather than pay this spell's mana cost as you cast this spell' and 'If this spell's awaken cost was
paid, put N +1/+1 counters on target land you control. That land becomes a 0/0 Elemental creature with haste. It's still
a land.'" 702.113b: "The controller of a spell with awaken chooses the target of the awaken spell ability only if that
player chose to pay the spell's awaken cost."

The cast's ``awaken`` chooses the alternative cost (601.2b, 601.2f-h: engine/game/alt_costs.py, costs.py); as the spell is
proposed (engine/game/casting.py, :func:`cast`) its awaken keyword ability becomes, in its place among its abilities, the
spell ability it stands for (:class:`AwakenSpell`: its target, "target land you control", chosen with the spell's others
and after them, 601.2c: engine/game/targets.py ``spell_targets``, :func:`targets`). As the spell resolves, its
instructions are followed in the order written (608.2c), the awaken ability last, with its own target only
(:func:`shares`): the counters (122.1) and a continuous effect on that land (611.2c, 613.1d-f, 613.4b: a 0/0 Elemental
creature with haste, still a land, for as long as it stays on the battlefield); an illegal target is not affected
(608.2b), and the spell doesn't resolve when all its targets are illegal. The spell has its own abilities again as it
leaves the stack (engine/game/resolve.py ``unchoose``)."""

from __future__ import annotations

from dataclasses import replace as with_fields

from engine.game.common import Rejected, _name
from engine.vocab.awaken_ability import AwakenSpell, awaken_ability

RULE = "702.113a"
spell_ability = awaken_ability


def cast(game, oid: str, chars):
    """601.2b, 702.113a: the spell ``oid`` is cast for its awaken cost: its characteristics have the awaken spell ability
    in place of the keyword (refused when it has no awaken ability)."""
    st = game.state
    k = next((i for i, a in enumerate(chars.abilities) if getattr(a, "keyword", None) == "awaken" and a.n), None)
    if k is None:
        raise Rejected(RULE, f"{_name(st, oid)} has no awaken ability")
    n = chars.abilities[k].n
    game.say(RULE, f"{_name(st, oid)} is cast for its awaken cost: it has \"{spell_ability(n).text}\" (702.113b: its "
                   "target chosen last)")
    return with_fields(chars, abilities=chars.abilities[:k] + (spell_ability(n),) + chars.abilities[k + 1:])


def targets(chars, first) -> list:
    """601.2c, 702.113b: the target of the spell's awaken spell ability, after the targets of its spell ability ``first``
    (none when its awaken cost wasn't paid)."""
    return [spec for a in chars.abilities if isinstance(a, AwakenSpell) and a is not first for spec in a.targets or ()]


def shares(instructions: list, chosen: list) -> list[tuple]:
    """608.2c: each instruction with its targets: the awaken spell ability its own, the last one (702.113b); the others
    the spell's other targets (the same as without it)."""
    if not any(isinstance(a, AwakenSpell) for a in instructions) or not chosen:
        return [(a, chosen) for a in instructions]
    return [(a, chosen[-1:] if isinstance(a, AwakenSpell) else chosen[:-1]) for a in instructions]
