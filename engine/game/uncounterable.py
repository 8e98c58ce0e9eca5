"""Spells that can't be countered by an effect of another object (701.6a: a counter instruction leaves such a spell on
the stack; 613.10): "Creature spells you control can't be countered.", "Spells can't be countered." (the rule
spells_cant_be_countered of a player_effect, engine/vocab/oracle/toplibrary.lark). The layers program says which
effects are in force; the spell's quality is matched by the selector machinery (Casting.spell_is) on the
characteristics it was cast with (601.3e)."""

from __future__ import annotations


def protected_by(game, oid: str) -> str | None:
    """The effect ('Source: "text"') that makes the spell ``oid`` impossible to counter, or None."""
    st = game.state
    spell = st.objects.get(oid)
    if spell is None or spell.kind != "spell" or spell.controller is None:
        return None
    casting = game.casting
    chars = next((c for x, c in casting.cast_spells.get((st.turn, spell.controller), ()) if x == oid), spell.printed)
    if chars is None:
        return None
    return next((why for op, on, why, chosen in casting.player_rules("spells_cant_be_countered")
                 if spell.controller in on and casting.spell_is(op.spells, oid, chars, spell.controller, chosen)), None)
