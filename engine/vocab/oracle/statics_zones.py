"""Family 2 of the Oracle grammar (issue 21): the transformer methods of statics_zones.lark, static abilities whose
continuous effect (611.3a, 613) applies to cards outside the battlefield and to spells: "The same is true for creature
spells you control and creature cards you own that aren't on the battlefield." (a union of selectors in three zones),
and keywords given to the cards of a graveyard whose cost is each card's mana cost ("Each instant and sorcery card in
your graveyard has flashback. The flashback cost is equal to that card's mana cost.", 702.34a; escape, 702.138a).
A mixin of statics.py's transformer; each method returns the vocabulary statics.py's sentences build abilities from.
engine/vocab/oracle/cardzones.py reads the paragraphs statics.py's quick test leaves out ("aren't on the battlefield")."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.statics_values import _IT, _NUMWORDS, PERMANENT_CARD

# the ops of a "The same is true for ..." effect: a change of card types, subtypes or colors (layers 4 and 5, 613.1d-e)
_TYPE_OPS = frozenset({"add_types", "add_subtypes", "add_land_types", "set_colors", "add_colors"})


class StaticsZones:
    """statics_zones.lark's tree -> the parts of a static ability (statics.py's _Statics)."""

    def st_zones(self, children):
        """A hook of statics.lark into statics_zones.lark: the part the extension read."""
        return children[0]

    def sz_spells(self, children):
        """611.3a: spells on the stack their controller controls ("creature spells you control", "spells you
        control")."""
        kind = next((c for c in children if isinstance(c, dict)), {})
        return {"zone": "stack", **kind, "controller": "you"}

    def sz_permanent_spells(self, _children):
        """110.4a, 611.3a: "permanent spells you control": a spell of a permanent card type."""
        return {"zone": "stack", "any_types": list(PERMANENT_CARD), "controller": "you"}

    def sz_cards_outside(self, children):
        """108.3, 611.3a: "creature cards you own that aren't on the battlefield": the cards a player owns in every zone
        but the battlefield (`zone: not_battlefield`)."""
        sel = self._cards(children)
        if set(sel) - {"types", "not_types", "any_types", "subtypes", "supertypes", "colors", "not_colors"}:
            raise NotRead("cards outside the battlefield qualified otherwise than by their kind")
        return {**sel, "zone": "not_battlefield", "owner": "you"}

    def sz_subject_union(self, children):
        """The union of a group on the battlefield and a group elsewhere (each object once)."""
        first, second = children
        if "any_of" in first or set(first) & {"self", "attached", "zone"}:
            raise NotRead("a union with a union, the source, or cards")
        return {"any_of": [first, second]}

    def sz_same_is_true(self, children):
        """611.3a, 613.1d-e: "[effect]. The same is true for [spells] and [cards].": the effect's type or color
        change applies to the union of its subject and the two groups (a subject of one group or a union)."""
        (subject, ops), groups = children[0], children[1:]
        if subject is _IT or not isinstance(subject, dict) or set(subject) & {"self", "attached", "zone"} \
                or not ops or any(op.get("op") not in _TYPE_OPS for op in ops):
            raise NotRead("'The same is true for' after an effect other than a change of types or colors of a group")
        if [g["zone"] for g in groups] != ["stack", "not_battlefield"]:
            raise NotRead("'The same is true for' spells, then cards outside the battlefield")
        members = list(subject["any_of"]) if "any_of" in subject else [subject]
        return self._ability(({"any_of": members + list(groups)}, ops))

    def sz_gy_retrace(self, children):
        """613.1f, 702.81a: retrace given to the cards of a graveyard (the zone it works in)."""
        during = next((c for c in children if isinstance(c, dict) and set(c) == {"during"}), None)
        subject = next(c for c in children if isinstance(c, dict) and set(c) != {"during"})
        if subject.get("zone") != "graveyard" or "any_of" in subject:
            raise NotRead("retrace given to objects other than cards in a graveyard")
        ability = self._ability((subject, [{"op": "add_abilities", "abilities": [{"keyword": "retrace"}]}]))
        if during is not None:
            ability["continuous"]["during"] = "your_turn"
        return ability

    def sz_during(self, _children):
        return {"during": "your_turn"}

    def sz_plus(self, children):
        n = _NUMWORDS[str(children[0])]
        return f"Exile {str(children[0])} other cards from your graveyard" if n > 1 else None

    def sz_mana_cost_kw(self, children):
        """613.1f; 702.34a flashback, 702.138a escape: a keyword given to the cards of a graveyard, its cost each card's
        mana cost ({cost_is_mana_cost: true}; escape's rest, "plus exile N other cards from your graveyard", its `cost`):
        the keyword named twice the same, the subject cards in a graveyard (the zone where the keyword works)."""
        during = next((c for c in children if isinstance(c, dict) and set(c) == {"during"}), None)
        rest = [c for c in children if not (isinstance(c, dict) and set(c) == {"during"})]
        subject = rest[0]
        words = [str(c) for c in rest if getattr(c, "type", None) == "SZ_GY_KW"]
        plus = [c for c in rest[1:] if isinstance(c, str) and getattr(c, "type", None) is None]
        if not isinstance(subject, dict) or subject.get("zone") != "graveyard" or "any_of" in subject:
            raise NotRead("a graveyard keyword given to objects other than cards in a graveyard")
        if len(set(words)) != 1 or (plus and words[0] != "escape") or (words[0] == "escape" and not plus):
            raise NotRead("the cost of another keyword, or escape without its cards to exile")
        granted = {"keyword": words[0], "cost_is_mana_cost": True, **({"cost": plus[0]} if plus else {})}
        ability = self._ability((subject, [{"op": "add_abilities", "abilities": [granted]}]))
        if during is not None:
            ability["continuous"]["during"] = "your_turn"
        return ability
