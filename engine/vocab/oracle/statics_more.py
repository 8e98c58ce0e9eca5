"""Family 2 of the Oracle grammar (issue 21): the readers of more of statics.lark's templates (branch st), a mixin
of :class:`engine.vocab.oracle.statics._Statics` (statics.py is near its size limit)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead, attached_of
from engine.vocab.oracle.statics_values import _IT, _NUMWORDS, _base


class StaticsMore:
    """Readers of statics.lark's productions: sums of counts, conditions on any player's permanents."""

    def st_counted_sum(self, children):
        """{any_of: [A, B]}: "for each creature you control and each creature card in your graveyard" (two zones: no
        object counted twice, each counted once)."""
        first, second = children
        for sel in (first, second):
            if set(sel) & {"self", "attached", "any_of", "_counters", "_btypes", "_it", "_host_kinds"}:
                raise NotRead("a sum of counts other than of objects")
        if first.get("zone", "battlefield") == second.get("zone", "battlefield"):
            raise NotRead("a sum of two counts in one zone: an object could count twice")
        return {"any_of": [first, second]}

    @staticmethod
    def _each_its_types(effect, condition):
        """"Each land gets +1/+1 as long as it's a creature.": "it" is each object of a group, the effect applies to
        those of them that have the card type (611.3a: each while it has it; the group's selector with that type too,
        `types` being all of them), or None when the effect or the condition is another."""
        subject, ops = effect
        if not isinstance(subject, dict) or set(subject) & {"self", "attached", "any_of", "any_types"} \
                or set(condition) != {"count"} or set(condition["count"]) != {"types"}:
            return None
        types = list(dict.fromkeys([*subject.get("types", []), *condition["count"]["types"]]))
        return ({**subject, "types": types}, ops)

    def st_counted_any_counters(self, children):
        """{..host, _counters: any} (122.1: the counters of every kind): "for each counter on it"."""
        return {**children[-1], "_counters": "any"}

    def st_cond_n_any_counters(self, children):
        """{count: [it], counters: any, at_least: N} (122.1): "as long as this creature has five or more counters on it"."""
        return self.st_cond_n_counters([children[0], children[1], "more", "any"])

    def st_cond_mana_values(self, children):
        """{count: CARDS, mana_values: true, at_least: N} (202.3): "as long as there are five or more mana values among
        cards in your graveyard" (the different mana values among them, each once)."""
        return ({"count": children[-1], "at_least": _NUMWORDS[str(children[0])], "mana_values": True}, None)

    def st_greatest(self, children):
        """{greatest: mana_value | power, of: SELECTOR} (202.3, 208.2): "the greatest mana value among artifacts you
        control"; two groups of different zones, a union ("noncreature permanents you control and noncreature cards
        in your graveyard")."""
        kind, sels = str(children[0]), children[1:]
        for sel in sels:
            if set(sel) & {"self", "attached", "any_of", "_counters", "_btypes", "_it", "_host_kinds"}:
                raise NotRead("the greatest among other objects than those a selector matches")
        if len(sels) == 2 and sels[0].get("zone", "battlefield") == sels[1].get("zone", "battlefield"):
            raise NotRead("two groups of one zone")
        return {"greatest": "mana_value" if kind == "mana value" else "power",
                "of": sels[0] if len(sels) == 1 else {"any_of": list(sels)}}

    def st_cond_any_control(self, children):
        """{count: X, at_least: 1}: "as long as any player controls a black permanent" (whoever controls it)."""
        sel = children[-1]
        if "controller" in sel or set(sel) & {"self", "attached"} or sel.get("other"):
            raise NotRead("a controlled object already qualified")
        # (zone: battlefield written out: a condition's selector without a zone or a controller is "it", 611.3a)
        return ({"count": {**sel, "zone": "battlefield"}, "at_least": 1}, None)

    def st_during_after(self, children):
        """"This creature has first strike during your turn." ({during: your_turn}, as "During your turn, ...")."""
        ability = self._ability(children[0])
        if "combat" in ability or "doesnt_untap" in ability:
            raise NotRead("a combat rule only during a turn")
        ability["continuous"]["during"] = "your_turn"
        return ability

    def st_cond_renowned(self, children):
        """702.112b (the current official rules): "as long as this creature is renowned": the source itself ("it": the
        effect's subject, which must be the source); a designation the game loop keeps (renown, 702.112a)."""
        subject = children[0]
        if subject is _IT:
            return ({"renowned": "self", "_it": True}, None)
        if _base(subject) != {"self": True}:
            raise NotRead("another object than the source is renowned")
        return ({"renowned": "self"}, {"self": True})

    def st_cond_monarch(self, _):
        """722.1 (the current official rules): "as long as you're the monarch": the effect's controller is the monarch
        (the game loop's designation, read by the layers program)."""
        return ({"monarch": "you"}, None)

    def st_in_graveyard(self, children):
        """113.6b: "As long as this card is in your graveyard [and CONDITION], [objects] ...": the ability functions only
        while the card is in its owner's graveyard ("your": its owner, who controls the ability, 108.4a); the effect
        applies to a group the sentence names (not to the card itself, nor to what it was attached to)."""
        *condition, effect = children
        condition, it = condition[0] if condition else (None, None)
        subject = effect[0]
        if it is not None or not isinstance(subject, dict) or set(subject) & {"self", "attached", "_it"}:
            raise NotRead("'this card is in your graveyard' with an effect on the card, or on 'it'")
        ability = self._ability(effect, condition)
        if set(ability) != {"kind", "continuous"}:
            raise NotRead("a rule of combat or untapping from a graveyard")
        ability["continuous"]["functions_in"] = "graveyard"
        return ability

    def st_become_land_list(self, children):
        """305.7: "is a Mountain, Forest, and Plains": a list of basic land types replaces its land types (layer 4)."""
        from asp_rules.rulesdata import BASIC_LAND_TYPES

        found = [str(t) for t in children[2:]]
        if len(set(found)) != len(found) or any(t not in BASIC_LAND_TYPES for t in found):
            raise NotRead("a type other than a basic land type in the list, or one twice")
        return [{"op": "set_land_types", "subtypes": found}]

    def st_cond_most_common(self, children):
        """105.1, 611.3a: "as long as black is the most common color among all permanents or is tied for most common":
        no other color is among more permanents than that one (a tie holds; a colorless permanent counts for none)."""
        return ({"count": {"colors": [str(children[0]).lower()], "zone": "battlefield"}, "at_least": 0, "most_common_color": True}, None)

    def st_land_chosen_type(self, _):
        """305.7: "Enchanted land is the chosen type.": the basic land type chosen as the Aura entered (its
        basic_land_type choice) is the enchanted land's only land type."""
        return self._ability((attached_of("land"), [{"op": "set_land_types", "chosen": True}]))

    def st_assign_toughness(self, _children):
        """{op: rule_effect, rule: damage_by_toughness} (510.1a): "assigns combat damage equal to its toughness rather
        than its power" (the combat damage step reads the objects the layers program applies it to)."""
        return [{"op": "rule_effect", "rule": "damage_by_toughness"}]
