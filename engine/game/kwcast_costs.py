"""The alternative costs of the keywords that cast a card from another zone (issue 21, round 21; the current official
rules past the seed text's 702.42), and the costs "without paying its mana cost" (118.9): what engine/game/costs.py's
``cost_to_pay`` asks for them (601.2b, 601.2f), and the words of the cast's log (601.2i). Plot (702.170d,
engine/game/plot.py), mayhem (702.187b, mayhem.py), harmonize (702.180a, harmonize.py); cascade (702.85a), discover
(701.57a), an effect's "without paying its mana cost" (118.9, 608.2g: freecast.py) and rebound (702.88a-b); flashback's
cost of mana and words (702.34a: engine/vocab/mixed_costs.py)."""

from __future__ import annotations

import re

from engine.files import gamefile as gf
from engine.game import granted_cards, harmonize, mayhem
from engine.game.common import Rejected
from engine.vocab import mixed_costs

MANA_ONLY = re.compile(r"^(\{[^}]+\})+$")
FREE = {"cascade": "cascade, 702.85a", "discover": "discover, 701.57a", "free": "118.9",
        "plotted": "a plotted card, 702.170d", "rebound": "rebound, 702.88a-b"}


def chosen(game, oid: str, act: gf.Cast, face) -> tuple[str, list[str]] | None:
    """601.2b, 601.2f: the cost of the alternative method the cast chose among this module's, and the words that say
    so; None for another method (or none). 702.180a: the creature a harmonize cast taps is kept in the spell's
    choices (``harmonize_tapping``: its power reduces the total cost, engine/game/harmonize.py)."""
    if act.harmonize:  # 702.180a: an alternative cost (118.9, 601.2b, 601.2f-h)
        harmonize.tapping(game, oid, act)
        return harmonize.cost(face)
    if act.mayhem:  # 702.187b: an alternative cost
        return mayhem.cost(face)
    how = next((FREE[k] for k in FREE if getattr(act, k)), None)
    return None if how is None else ("", [f"without paying its mana cost ({how})"])


def flashback(game, oid: str, face) -> tuple[str, list[str]]:
    """702.34a: the flashback cost, printed or given (613.1f), paid rather than the mana cost: of mana symbols; or of
    mana and words, or words alone (its mana here, its other parts with the spell's additional costs, 601.2h:
    engine/game/optional_costs.py parts)."""
    cost = granted_cards.keyword(game, oid, face, "flashback").cost
    words = mixed_costs.read(cost) if game.casting.keyword(face, "flashback") is not None else None
    if words is not None:
        return words.mana or "", [f"its flashback cost {cost.rstrip('.')} instead of its mana cost (702.34a): its "
                                  f"mana {words.mana or 'none'}, its other parts paid with it (601.2h)"]
    if not MANA_ONLY.match(cost or ""):
        raise Rejected("601.2f", f"paying the flashback cost '{cost}' is not supported yet")
    return cost, [f"its flashback cost {cost} instead of its mana cost (702.34a)"]


def said(act: gf.Cast, where: str | None) -> str:
    """The words of the cast's log for a card cast by one of this module's methods from ``where``."""
    if where == "graveyard":
        return mayhem.said(act) or (" from their graveyard (harmonize, 702.180a)" if act.harmonize else "")
    if where == "exile" and act.plotted:
        return " from exile without paying its mana cost (a plotted card, 702.170d)"
    return " from exile without paying its mana cost (608.2g, 118.9)" if where == "exile" and act.free else ""
