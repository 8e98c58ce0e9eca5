"""The values of an effect that are counted on the game (611.2d, 608.2h): which of its operations'
numbers are a count of objects or card types or a total power or toughness. Plain Python over the
effect's specification (no solver): the layers read the values the board fixed for them, the engine
and the card files' loader fix them."""

from __future__ import annotations

from .protocols import ContinuousSpec, is_announced_x, is_count, is_greatest, is_if_paid, is_life, is_total


def counted_values(spec: ContinuousSpec) -> list[tuple[int, str]]:
    """The values of an effect's operations that are counted on the game (a number of objects or of card
    types, a total power or toughness, the greatest power or mana value among objects, a life total, the X
    announced for the spell or ability), as (1-based operation, "p" or "t"), in order: a resolved
    effect's are determined once, as it begins (611.2d, 608.2h), and the board gives them in this
    order (the effect's ``choices.counted``)."""
    return [(i, which) for i, op in enumerate(spec.do, 1) if op.op in ("set_pt", "set_base_pt", "modify_pt")
            for which, v in (("p", op.power), ("t", op.toughness)) if is_count(v) or is_total(v) or is_life(v) or is_greatest(v)
            or is_announced_x(v) or is_if_paid(v)]  # 107.3a: the X announced; 608.2c: kicked or not; fixed as it begins
