"""Family 2 of the Oracle grammar (issue 21, round 21): the transformer methods of statics_spells.lark, more subjects
of the spells an effect gives a keyword (613.1f): commander spells (903.3), spells cast from a hand (601.2a), spells of
a mana value or more (202.3). A mixin of :class:`engine.vocab.oracle.statics._Statics`; each method gives a selector of
the vocabulary (engine/vocab/selector.py) on the stack (`zone: stack`), which the layers program reads
(asp_rules/selectors.lp: the commander designation and the zone a spell was cast from; asp_rules/layers.lp: a
mana value compared)."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import _type


class StaticsSpells:
    """statics_spells.lark's tree -> selectors of spells on the stack (statics.py's _Statics)."""

    @staticmethod
    def _spells(children) -> dict:
        kind = next((c for c in children if isinstance(c, dict)), {})
        return {"zone": "stack", **kind, "controller": "you"}

    def sp_commander_spells(self, _children):
        """903.3: "Commander spells you cast": the spells that are commanders (the card's designation)."""
        return {"zone": "stack", "commander": True, "controller": "you"}

    def sp_spells_from_hand(self, children):
        """601.2a: "[kind] spells you cast from your hand": cast from their controller's hand."""
        return {**self._spells(children), "cast_from": "hand"}

    def sp_spells_mv(self, children):
        """202.3: "Spells you cast with mana value 6 or greater" (mana_value_at_least; "or less": at_most)."""
        n, bound = re.fullmatch(r"with mana value ([0-9]+) or (greater|less)", str(children[-1])).groups()
        return {**self._spells(children), f"mana_value_at_{'least' if bound == 'greater' else 'most'}": int(n)}

    def sp_each_nontype_spell(self, children):
        """611.3a: "Each noncreature spell you cast": the spells without that card type."""
        return {"zone": "stack", "not_types": [_type(str(children[0])[3:])], "controller": "you"}

    def sp_replicate_mana_cost(self, children):
        """613.1f, 702.56a: replicate given to spells, its cost each spell's own mana cost (cost_is_mana_cost)."""
        granted = {"keyword": "replicate", "cost_is_mana_cost": True}
        return self._ability((self._spells(children), [{"op": "add_abilities", "abilities": [granted]}]))
