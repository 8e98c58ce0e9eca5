"""202.3, 608.2h: the mana value of a target spell an instruction before countered ("Counter target spell. Create X
Treasure tokens, where X is that spell's mana value.", "Counter target artifact or enchantment spell. Its controller
gains life equal to its mana value.": the vocabulary's {total: mana_value, of: {targets: true}}, read only there by
engine/vocab/oracle/oneshot_cspells.spell_amounts). Its mana value is the one it had on the stack (202.3e: X
included), as it last existed there: the counter records it just before the spell leaves the stack (:func:`record`,
called by engine/game/counter_costs.countered), since the card in its owner's graveyard has its own mana value again
(X is 0 there) and a copy ceases to exist (704.5e); a target spell that wasn't countered (113.6: it can't be; 118.12a:
its controller paid) is still on the stack, with its mana value now."""

from __future__ import annotations

_REF = "countered_mana_values"


def record(game, spell: str) -> None:
    """701.6a, 608.2h: the mana value of ``spell`` on the stack, kept with the resolving spell or ability as it is
    countered."""
    o = game.state.objects.get(spell)
    if o is not None and o.printed is not None:
        game.resolution.resolving_refs.setdefault(_REF, {})[spell] = o.printed.mana_value


def mana_value(game, source: str, targets, what: str) -> int:
    """202.3, 608.2h: the mana value of the resolving spell's or ability's target spell(s): as recorded when countered,
    else as it is on the stack now (a target that is no spell: none)."""
    st = game.state
    kept = game.resolution.resolving_refs.get(_REF) or {}
    ts = [t for t in targets if t is not None] or list(kept) or list(  # (a draw's amount is counted without them)
        st.objects[source].targets or () if source in st.objects and st.objects[source].kind == "spell" else ())
    n = 0
    for t in ts:
        if t in kept:
            n += kept[t]
        elif t in st.stack and t in st.objects and st.objects[t].kind == "spell" and st.objects[t].printed is not None:
            n += st.objects[t].printed.mana_value
    game.say("608.2h", f"{what} is {n} (the mana value of the target spell on the stack, or as it last existed there)")
    return n
