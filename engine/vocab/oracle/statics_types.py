"""Family 2's type-changing effects that say the object "loses all other card types" (205.1a, 613.1d, layer 4), with
or without an ability of the effect's own and the loss of the object's other abilities (613.1f, layer 6):
statics.lark's st_become_only, st_become_only_with, st_become_with; the transformer's mixin of
engine/vocab/oracle/statics.py's _Statics (st_kind's dict: types, subtypes, colors, power and toughness, keywords)."""

from __future__ import annotations

from asp_rules.rulesdata import ARTIFACT_TYPES, ENCHANTMENT_TYPES, LAND_TYPES, NON_CREATURE
from engine.vocab.oracle.objects import NotRead


class StaticsTypes:
    """The predicates "is a [kind] and loses all other card types" and "is a [kind] with "..." and loses all other
    (card types and) abilities"."""

    def _set_kind(self, kind: dict, keep_subtypes: bool) -> list[dict]:
        if not kind["types"]:
            raise NotRead("no card type to become")  # "is a Zombie and loses ...": not a card type set
        op = {"op": "set_types", "types": kind["types"], "subtypes": kind["subtypes"]}
        if keep_subtypes and kind["subtypes"]:
            # 205.1a: "is a Food artifact and loses all other card types": the subtypes of the one card type it keeps
            # are replaced by these (the set they belong to), the others go: the subtypes set, as "is a Food artifact"
            sets = {"Artifact": ARTIFACT_TYPES, "Enchantment": ENCHANTMENT_TYPES, "Land": LAND_TYPES}
            if len(kind["types"]) != 1 or not all(s in sets.get(kind["types"][0], ()) for s in kind["subtypes"]):
                raise NotRead("subtypes of another card type, or of two")
        elif keep_subtypes:  # 205.1a: the subtypes of a card type it keeps stay (an Aura that becomes an enchantment)
            op["keep_subtypes"] = True
        return [op] + self._tail(kind)

    def st_become_only(self, children):
        return self._set_kind(children[1], keep_subtypes=True)

    def _with_quoted(self, children, keep_subtypes: bool) -> list[dict]:
        kind, grants = children[1], children[2]
        if kind["grants"] or kind["pt"] is not None:
            raise NotRead("keywords or a power and toughness before the quoted ability")
        # 613.1f, one effect: its own abilities lost first, the quoted one added then (613.7: one timestamp, in order)
        return self._set_kind(kind, keep_subtypes) + [{"op": "lose_all_abilities"},
                                                      {"op": "add_abilities", "abilities": grants}]

    def st_become_only_has(self, children):
        kind, grants = children[1], children[2]
        if "Creature" not in kind["types"] or any(s in NON_CREATURE for s in kind["subtypes"]) or kind["grants"]:
            raise NotRead("not a creature's types set")  # the creature types set, the other subtypes kept (205.1a)
        op = {"op": "set_types", "types": kind["types"], "subtypes": kind["subtypes"], "keep_subtypes": True}
        return [op] + self._tail(kind) + [{"op": "lose_all_abilities"}, {"op": "add_abilities", "abilities": grants}]

    def st_lose_all_other(self, _):
        return [{"op": "lose_all_abilities", "other": True}]

    @staticmethod
    def other_abilities(ops: list[dict]) -> list[dict]:
        """"loses all other abilities": read only beside an ability the same predicates give (613.1f)."""
        if any(op.pop("other", False) for op in ops if op.get("op") == "lose_all_abilities") \
                and not any(op.get("op") == "add_abilities" for op in ops):
            raise NotRead("'all other abilities' with no ability given")
        return ops

    def st_become_only_with(self, children):
        return self._with_quoted(children, keep_subtypes=True)

    def st_become_with(self, children):
        return self._with_quoted(children, keep_subtypes=False)

    def st_grants_quote_comma(self, children):
        """"A, "B," and C": the quoted ability before "and" ends with the list's comma (613.1f: each granted)."""
        *first, quoted, last = children
        if not str(quoted).endswith(',"'):
            raise NotRead("a list without its last comma")
        return [g for c in first for g in c] + self.st_grant([quoted]) + last
