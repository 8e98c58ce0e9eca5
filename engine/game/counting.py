"""Counting objects on the game now (611.2d, 608.2h, 601.2f): a Count (or a Total) of the vocabulary, the objects its
selector matches on the characteristics after the layers, read by a resolving effect's counted amounts
(engine/game/instructions.py), by the conditions the loop checks (engine/game/conditions.py), by costs
(spell_costs.py) and mana amounts (mana_amount.py)."""

from __future__ import annotations

from asp_rules.rulesdata import BASIC_LAND_TYPES
from bridge.selectors import SelectorContext


def count_of(st, ctx: SelectorContext, v) -> int:
    """611.2d, 608.2h, 601.2f: a Count (or a Total, or a Greatest) of the vocabulary on the game now: the objects its
    selector matches (``ctx``: the characteristics after the layers), or the card types, basic land types or counters
    among them, their total power or toughness, or the greatest power or mana value among them."""
    chars = ctx.chars
    sel = v.count if hasattr(v, "count") else v.of
    # a zone the selector names, match checks; left out, the battlefield (the selector's default)
    found = [x for x in (st.objects if "zone" in sel.model_fields_set else st.battlefield) if ctx.match(sel, x)]
    if hasattr(v, "total"):
        return sum(chars[x].get(v.total) or 0 for x in found)  # 208.2: '*' or none counts 0
    if hasattr(v, "greatest"):  # 202.3, 208.2: the greatest power (of those with one) or mana value; none: 0
        found = [chars[x].get("power") if v.greatest == "power" else ctx.mana_value(x) for x in found]
        return max((n if isinstance(n, int) else 0 for n in found if n is not None), default=0)
    if v.counters is not None:  # 122.1: the counters of that kind on them
        return sum(st.objects[x].counters.get(v.counters, 0) for x in found) * v.times + v.plus
    if v.basic_land_types:  # 305.6: the basic land types among them (domain)
        return len({s for x in found for s in chars[x]["subtypes"] if s in BASIC_LAND_TYPES}) * v.times + v.plus
    if v.card_types:
        return len({t for x in found for t in chars[x]["types"]}) * v.times + v.plus
    return len(found) * v.times + v.plus
