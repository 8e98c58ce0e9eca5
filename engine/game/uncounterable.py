"""Spells that can't be countered by an effect of another object (701.6a: a counter instruction leaves such a spell on
the stack; 613.10): "Creature spells you control can't be countered.", "Spells can't be countered." (the rule
spells_cant_be_countered of a player_effect, engine/vocab/oracle/toplibrary.lark). The layers program says which
effects are in force; the spell's quality is matched by the selector machinery (Casting.spell_is) on the
characteristics it was cast with (601.3e)."""

from __future__ import annotations


def cant_be_countered(game, oid: str) -> bool:
    """701.6a: whether the spell ``oid`` can't be countered: its own "This spell can't be countered." (113.6; with its
    replacement's x_at_least, only when X is that much or more, Banefire), the mana spent on it (106.6: its choices'
    cant_be_countered), or another object's effect (:func:`protected_by`)."""
    spell = game.state.objects[oid]
    x = int(spell.choices.get("x", 0) or 0)
    return bool(spell.choices.get("cant_be_countered") or any(
        getattr(a, "cant_be_countered", False) and (getattr(a, "replacement", None) is None
                                                     or a.replacement.x_at_least is None or x >= a.replacement.x_at_least)
        for a in (spell.printed.abilities if spell.printed is not None else ())) or protected_by(game, oid))


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
