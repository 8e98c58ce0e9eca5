"""118.12a: the mana a counterspell's "unless its controller pays ..." asks of that spell's controller, determined as
the counterspell resolves (608.2h): a fixed cost ("{3}"), the X announced for the countering spell ("{X}", 107.3a), or
generic mana counted on the game now ("{1} for each card in your graveyard", "{2} plus an additional {1} for each
Faerie you control": Counter.unless_pays_each, a Count the selector machinery counts, bridge/selectors.py)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext


def unless_cost(game, op, source: str, you: str) -> str | None:
    """The mana the countered spell's controller may pay so that it is not countered, or None (no such choice)."""
    st = game.state
    if op.unless_pays_each is not None:  # 118.12a, 608.2h: counted once, as the counterspell resolves
        from engine.game.instructions import count_of  # (instructions imports this module)
        layers = game.layers()
        ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
        n = count_of(st, ctx, op.unless_pays_each)
        game.say("608.2h", f"the mana to pay is counted now: {{{n}}}")
        return "{%d}" % n
    if op.unless_pays == "{X}":  # 107.3a: the X announced for the countering spell
        return "{%d}" % int(st.objects[source].choices.get("x", 0) or 0 if source in st.objects else 0)
    return op.unless_pays
