"""The spell ability awaken stands for (702.113a, current official rules: the seed text stops at 702.42), in the card
vocabulary: what engine/game/awaken.py gives a spell cast for its awaken cost, and a board's effect of it
(engine/vocab/keyword_costs.py keyword_effect)."""

from __future__ import annotations

from engine.vocab.cardfile import SpellAbility


class AwakenSpell(SpellAbility):
    """702.113a: the spell ability awaken stands for, the spell's when its awaken cost was paid (engine/game/awaken.py)."""


NUMBERS = {1: "a", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight", 9: "nine", 10: "ten"}


def awaken_ability(n: int) -> AwakenSpell:
    """702.113a *(EN, current official rules)*: "put N +1/+1 counters on target land you control. That land becomes a
    0/0 Elemental creature with haste. It's still a land." (the vocabulary the Oracle compiler gives the same words; a
    board's effect of it, engine/vocab/keyword_costs.py keyword_effect)."""
    counters = f"{NUMBERS.get(n, n)} +1/+1 counter{'s' if n != 1 else ''}"
    return AwakenSpell.model_validate({
        "kind": "spell", "text": f"Put {counters} on target land you control. That land becomes a 0/0 Elemental creature "
                                 "with haste. It's still a land.",
        "targets": [{"what": "permanent", "types": ["Land"], "controller": "you"}],
        "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": n}],
        "continuous": {"do": [{"op": "add_types", "types": ["Creature"]}, {"op": "add_subtypes", "subtypes": ["Elemental"]},
                              {"op": "set_base_pt", "power": 0, "toughness": 0},
                              {"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]}})
