"""115.1, 701.6a: "Counter target spell that targets a creature you control." (issue 21, fight and bite block): a spell
on the stack is a legal target of such a counterspell only if one of its own targets is a permanent the TargetSpec's
``targeting`` selector matches now (after the layers: bridge/selectors.py decides), checked as the target is chosen
(601.2c) and as the counterspell resolves (608.2b). A target that is a player, or a card in another zone, is none."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext


def targeting_problem(game, spec, spell, source: str, you: str) -> str | None:
    """Why the spell on the stack is not one that targets what ``spec.targeting`` says, or None."""
    st = game.state
    layers = game.layers()
    ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
    if any(t in st.battlefield and ctx.match(spec.targeting, t) for t in spell.targets or () if t is not None):
        return None
    return "none of its targets is a permanent the counterspell names (115.1)"
