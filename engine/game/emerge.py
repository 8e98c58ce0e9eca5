"""Emerge (702.119, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.119a *(EN, current official rules)*: "Emerge is a keyword that represents two static abilities that function while
the spell with emerge is on the stack. 'Emerge [cost]' means 'You may cast this spell by paying [cost] and sacrificing a
creature rather than paying its mana cost' and 'If you chose to pay this spell's emerge cost, its total cost is reduced by
an amount of generic mana equal to the sacrificed creature's mana value.'"

The cast's ``emerge`` chooses the alternative cost (601.2b: engine/game/alt_costs.py), its ``sacrificing`` the creature,
one its caster controls (announced with the cost, 601.2b, so that the reduction is known as the total cost is determined,
601.2f); the reduction is the creature's mana value after the layers (202.3, 613), generic mana only (118.7a: never
colored mana, nor below {0}: engine/game/costs.py ``total_cost``, by way of spell_costs.py ``modifications``); the
creature is sacrificed as the rest of the cost is paid (601.2h: spell_costs.py ``additional_parts``, "Sacrifice a
creature", paid by engine/game/cost_parts.py from the same ``sacrificing``)."""

from __future__ import annotations

from engine.game.common import Rejected, _name
from engine.vocab.cardfile import parse_activation_cost

RULE = "702.119a"
SACRIFICE = "Sacrifice a creature"


def announce(game, oid: str, act, player: str) -> None:
    """601.2b: the creature the emerge cost sacrifices, named by the cast (``sacrificing``: one creature ``player``
    controls, after the layers); kept with the spell (its choices) with its mana value for the reduction."""
    st = game.state
    layers = game.layers()
    chosen = list(getattr(act, "sacrificing", None) or ())
    able = [x for x in st.battlefield if layers.objects.get(x, {}).get("controller") == player
            and "creature" in {t.lower() for t in layers.objects.get(x, {}).get("types", ())}]
    if len(chosen) != 1 or chosen[0] not in able:
        raise Rejected(RULE, f"{_name(st, oid)}'s emerge cost sacrifices one creature {player} controls, named by the "
                             f"cast's sacrificing ({', '.join(able) or 'none controlled'}); the cast names "
                             f"{chosen or 'none'}")
    st.objects[oid].choices["emerge"] = {"sacrificing": chosen[0], "mana_value": layers.mana_values.get(chosen[0], 0)}


def reduction(game, oid: str) -> tuple[int, list[str]]:
    """601.2f, 702.119a: the generic mana the emerge cost is reduced by (the sacrificed creature's mana value), and why;
    0 when the spell's emerge cost isn't the one paid."""
    st = game.state
    chosen = st.objects[oid].choices.get("emerge")
    if not isinstance(chosen, dict) or not chosen.get("mana_value"):
        return 0, []
    n = chosen["mana_value"]
    return n, [f"{{{n}}} less: emerge, the mana value of {_name(st, chosen['sacrificing'])}, sacrificed ({RULE})"]


def parts(act) -> list[tuple[str, object]]:
    """601.2h, 702.119a: the part of the cost in words the emerge cost adds, paid with the rest: (its text, its part)."""
    if not getattr(act, "emerge", False):
        return []
    return [(f"{SACRIFICE} (702.119a: emerge)", parse_activation_cost(SACRIFICE).parts[0])]
