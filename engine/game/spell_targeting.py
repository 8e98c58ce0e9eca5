"""115.1, 701.6a: "Counter target spell that targets a creature you control." (issue 21, fight and bite block): a spell
on the stack is a legal target of such a counterspell only if one of its own targets is a permanent the TargetSpec's
``targeting`` selector matches now (after the layers: bridge/selectors.py decides), checked as the target is chosen
(601.2c) and as the counterspell resolves (608.2b). A target that is a player, or a card in another zone, is none."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.game import xvalue


def targeting_problem(game, spec, spell, source: str, you: str) -> str | None:
    """Why the spell on the stack is not one that targets what ``spec.targeting`` says, or None."""
    st = game.state
    layers = game.layers()
    ctx = SelectorContext(st, characteristics(st, layers), source, you, (), {}, layers.mana_values)
    if any(t in st.battlefield and ctx.match(spec.targeting, t) for t in spell.targets or () if t is not None):
        return None
    return "none of its targets is a permanent the counterspell names (115.1)"


def quality_problem(game, spec, spell, source: str) -> str | None:
    """115.1, 202.3e: why the spell on the stack is not one ``spec.spell`` names ("target red or green spell", "target
    non-Faerie spell", "target spell with mana value 1": Casting.spell_is, the one matcher of a spell quality, on its
    characteristics on the stack, X included) or, ``spec.mana_value_x``, one whose mana value is not the X announced
    for the targeting spell ("target spell with mana value X", 601.2b: announced before its targets, 601.2c); or None."""
    chars = spell.printed
    if chars is None:
        return "it has no characteristics to match"
    if spec.spell is not None and not game.casting.spell_is(spec.spell, spell.id, chars, spell.controller):
        words = spec.spell.model_dump(exclude_defaults=True)
        return "it is not a spell the targeting ability names (" + \
            ", ".join(f"{k}: {v}" for k, v in words.items()) + "; 115.1)"
    if spec.mana_value_x:
        x = xvalue.announced(game, source)
        if chars.mana_value != x:
            return f"its mana value is {chars.mana_value}, not X ({x}; 202.3)"
    return None
