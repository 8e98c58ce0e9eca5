"""Overload (702.96, current official rules: the seed text stops at 702.42; issue 21): the spell cast for its overload
cost has its changed text.

702.96a: "Overload [cost]" means "You may choose to pay [cost] rather than pay this spell's mana cost" and "If you
chose to pay this spell's overload cost, change its text by replacing all instances of the word 'target' with the word
'each.'" The cost is an alternative cost (118.9, 601.2b, 601.2f-h: engine/game/alt_costs.py, costs.py); the changed
text is the keyword's ``overloaded`` abilities, compiled from the card's text with "each" for "target"
(engine/vocab/oracle/overload.py). 702.96b: the spell has no targets (its abilities have none: the cast names none).
The spell has them as it is put on the stack (601.2a-b) until it leaves it (engine/game/resolve.py: unchoose)."""

from __future__ import annotations

from dataclasses import replace as with_fields

from engine.game.common import Rejected


def overloaded(game, chars, choices: dict):
    """702.96a: the characteristics of the spell cast for its overload cost: each spell ability (113.3a) replaced, in
    order, by its overloaded text; the cast's choices say it (``overload``)."""
    ab = next((a for a in chars.abilities if getattr(a, "keyword", None) == "overload"), None)
    spells = [a for a in chars.abilities if a.kind == "spell"]
    if ab is None or ab.overloaded is None or len(ab.overloaded) != len(spells):
        raise Rejected("702.96a", f"{chars.name}'s overloaded text is not executable yet")
    changed = iter(ab.overloaded)
    choices["overload"] = True
    game.say("702.96a", f"{chars.name} is cast for its overload cost: its text has \"each\" for \"target\" ("
                        + " ".join(f'"{a.text}"' for a in ab.overloaded) + "); it has no targets (702.96b)")
    return with_fields(chars, abilities=tuple(next(changed) if a.kind == "spell" else a for a in chars.abilities))
