"""A keyword's cost of mana symbols and words together, or of words alone (702.34a: "Flashback—{1}{G}, Pay 3 life.",
"Flashback—Sacrifice three creatures.", "Flashback—Tap three untapped creatures you control."), read as an activation
cost's parts are (engine/vocab/activation.py parse_activation_cost; 601.2h: paid with the spell's other additional
costs, engine/game/optional_costs.py): its mana, added to the total cost (601.2f), and its other parts. A cost with {T},
{Q}, energy, loyalty, an X ("Discard X cards"), or words no part reads, is not read (None): the keyword stays not
executable (engine/vocab/cardfile.py executable_by)."""

from __future__ import annotations

from engine.vocab.activation import parse_activation_cost


def read(cost: str | None):
    """The cost as an ActivationCost (its ``mana`` and ``parts``), or None (a cost of mana symbols alone included: the
    callers pay those as mana)."""
    if not cost or "," not in cost and cost.startswith("{"):
        return None
    try:
        words = parse_activation_cost(cost.rstrip("."))
    except ValueError:
        return None
    if words.tap or words.untap or words.energy or words.loyalty is not None or not words.parts \
            or any(p is None or p.count == "x" for p in words.parts) or "{X}" in (words.mana or "").upper():
        return None
    return words
