"""Family 2 of the Oracle grammar (issue 21): the values and selectors of ``statics.py`` whose "it" is the
effect's subject ("for each Aura attached to it", "for each oil counter on it", "as long as it's
equipped"), made the vocabulary's (docs/card-format.md#values, #selectors) once the subject is known."""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead, subtype, attached_of, is_attached

_NUMWORDS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                         "ten"))}
_IT = object()  # "it": the object the condition names, or the subject the condition follows
PERMANENT_CARD = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]  # 110.4a
_ATT_KINDS = {"Aura": ["Aura"], "Auras": ["Aura"], "Equipment": ["Equipment"], "Aura and Equipment": ["Aura", "Equipment"],
              "Equipment and Aura": ["Aura", "Equipment"], "Role": ["Role"]}


def _count(sel: dict, **kw) -> dict:
    """A count value of the vocabulary (docs/card-format.md#values): the objects ``sel`` matches, or the
    counters of a kind on them (``for each oil counter on it``, kept in the selector as ``_counters``)."""
    if "_value" in sel:  # a unit of quantity.lark's (engine/vocab/oracle/quantity_counted.py), whole
        return {**sel["_value"], **kw}
    sel = dict(sel)
    counters = sel.pop("_counters", None)
    btypes = sel.pop("_btypes", None)
    return {"count": sel, **kw, **({"counters": counters} if counters else {}),
            **({"basic_land_types": True} if btypes else {})}


def _host(subject) -> str:
    """What "attached to it" is attached to: the source (its own ability, 'this creature'), or the object the
    source is attached to ('enchanted creature', 'equipped creature'; 301.5a, 303.4)."""
    base = _base(subject)
    return "self" if base == {"self": True} else "attached"


def _resolve(sel: dict, subject) -> dict:
    """A counted or conditional selector whose "it" is the effect's subject, made a selector of the
    vocabulary: "for each Aura attached to it", "for each oil counter on it", "it's equipped"."""
    if "_it" in sel:  # the counters on it
        sel = {**{k: v for k, v in sel.items() if k != "_it"}, **_base(subject)}
    if sel.get("_its_controller"):  # "in its controller's graveyard": "it" the object the source is attached to
        if not is_attached(_base(subject)):
            raise NotRead("'its controller' of another object than the one the source is attached to")
        sel = {**{k: v for k, v in sel.items() if k != "_its_controller"}, "owned_by_attached_controller": True}
    if "_host_kinds" in sel or "_attached_state" in sel:
        kinds = sel.get("_host_kinds") or sel.get("_attached_state")
        rest = {k: v for k, v in sel.items() if k not in ("_host_kinds", "_attached_state", "self", "attached")}
        if rest:
            raise NotRead("attached objects with other qualities")
        host = "self" if sel.get("self") else "attached" if sel.get("attached") else _host(subject)
        sel = {"subtypes": list(kinds), "attached_to": host}
    return sel


def _own_value(v: dict, subject) -> dict | None:
    """613.4c: "Creatures you control get +1/+1 for each +1/+1 counter on them", "... for each Aura attached to it":
    with a subject of several objects, "it" is each object the effect applies to, and the count is each one's own
    (OwnCount: counters, 122.1; attached, 301.5a, 303.4); None for a subject of one object (a count of it)."""
    sel = v["count"]
    if not isinstance(subject, dict) or subject == {"self": True} or is_attached(subject):
        return None  # one object (or an "it" not yet known): a count of it, _resolve
    if set(sel) == {"_it"} and v.get("counters") and set(v) <= {"count", "counters", "times"}:
        return {"own_count": "counters", "counters": v["counters"], "times": v.get("times", 1)}
    if set(sel) == {"_host_kinds"} and set(v) <= {"count", "times"}:
        return {"own_count": "attached", "attached": sel["_host_kinds"], "times": v.get("times", 1)}
    return None


def _base(sel) -> dict:
    """The object a pronoun can stand for: the source or the object it is attached to (with its noun's card type:
    "enchanted creature", objects.py is_attached)."""
    if is_attached(sel):
        return sel
    if sel is _IT or not isinstance(sel, dict) or set(sel) - {"self", "attached"}:
        raise NotRead("'it' names no single object here")
    return sel


class StaticsTail:
    """The methods of statics.py's transformer for the family's tail (issue 21): conditions on hands, card
    types, life totals, tapped and attached objects; counts of counters, of attached objects, of basic land
    types; "where X is"; subjects "that's a Wolf or a Werewolf", "Equipped creatures you control"."""

    def _own_count(self, children, what: str):
        """105.2, 205.3m: "gets +1/+1 for each of its colors", "... for each other creature on the battlefield that
        shares a creature type with it": a number of each affected object's own (OwnCount), times the bonus."""
        p, t = (int(x) for x in str(children[1]).split("/"))
        return [{"op": "modify_pt", "power": {"own_count": what, "times": p} if p else 0,
                 "toughness": {"own_count": what, "times": t} if t else 0}]

    def st_subject_super_or_sub(self, children):
        """"Other snow and Zombie creatures you control": the creatures you control that have the supertype, or the
        creature type, or both (a union of two selectors, each object once)."""
        other = {"other": True} if getattr(children[0], "type", None) == "ST_MOD_OTHER" else {}
        sup, sub = children[-2], children[-1]
        base = {**other, "types": ["Creature"], "controller": "you"}
        return {"any_of": [{**base, "supertypes": [str(sup).capitalize()]}, {**base, "subtypes": [subtype(sub)]}]}

    def st_cond_entered(self, children):
        """"as long as it entered this turn": the source itself ("it": the effect's subject, which must be the source)."""
        subject = children[0]
        if subject is _IT:
            return ({"entered_this_turn": "self", "_it": True}, None)
        if _base(subject) != {"self": True}:
            raise NotRead("another object than the source entered this turn")
        return ({"entered_this_turn": "self"}, {"self": True})

    def st_cond_monstrous(self, children):
        """701.37b: "as long as this creature is monstrous": the source itself."""
        subject = children[0]
        if subject is _IT:
            return ({"monstrous": "self", "_it": True}, None)
        if _base(subject) != {"self": True}:
            raise NotRead("another object than the source is monstrous")
        return ({"monstrous": "self"}, {"self": True})

    def st_cond_gained_life(self, _):
        """119.3: "as long as you gained life this turn": the effect's controller (read by the layers program)."""
        return ({"gained_life": "you"}, None)

    def st_lose_cant(self, children):
        """113.11, 613.1f: "loses flying and can't have or gain flying": the keywords lost and kept away, the same
        ones (no parameter) in both lists."""
        lost, kept = children[1], children[2]
        if lost != kept or any(set(k) != {"keyword"} for k in lost):
            raise NotRead("'can't have or gain' other keywords than those lost, or a keyword with a parameter")
        return [{"op": "lose_abilities", "keywords": [k["keyword"] for k in lost], "cant_have": True}]

    def st_modify_own_colors(self, children):
        return self._own_count(children, "colors")

    def st_modify_sharing(self, children):
        return self._own_count(children, "sharing_creature_type")

    def st_counted_btypes(self, children):
        return {**children[-1], "_btypes": True}

    def st_card_type_pair(self, children):
        types = [str(t).capitalize() for t in children if getattr(t, "type", None) == "ST_SPELL_TYPE"]
        if len(set(types)) != 2:
            raise NotRead("a type twice")
        return ("any_types", types)

    def st_its_mv(self, _):
        return {"mana_value": True}

    def st_modify_x(self, children):
        m = re.fullmatch(r"([+-])(X|\d+)/([+-])(X|\d+)", str(children[1]))
        return [{"op": "modify_pt", "power": ("X", m.group(1)) if m.group(2) == "X" else int(m.group(1) + m.group(2)),
                 "toughness": ("X", m.group(3)) if m.group(4) == "X" else int(m.group(3) + m.group(4))}]

    def st_where(self, children):
        (subject, ops), value = children[0], children[-1]
        found = False
        out = []
        for op in ops:
            op = dict(op)
            for key in ("power", "toughness"):
                v = op.get(key)
                if isinstance(v, tuple):
                    found = True
                    if v[1] == "+":
                        op[key] = value
                    elif "count" in value or "life" in value:  # -X: the value times -1
                        op[key] = {**value, "times": -value.get("times", 1),
                                   **({"plus": -value.get("plus", 0)} if "count" in value else {})}
                    else:
                        raise NotRead("minus a value that is not a count")
            out.append(op)
        if not found:
            raise NotRead("'where X is' without X")
        return (subject, out)

    def st_counted_attached(self, children):
        return {"_host_kinds": _ATT_KINDS[str(children[0])]}

    def st_counted_attached_to(self, children):  # 301.5, 303.4: attached to the source
        if children[-1] != {"self": True}:
            raise NotRead("objects attached to another object than the source")
        return {"_host_kinds": _ATT_KINDS[str(children[0])], "self": True}

    def st_counter_host_them(self, _):  # each object of the subject (see _own_value)
        return {"_it": True}

    def st_counter_host(self, children):
        c = children[0]
        if getattr(c, "type", None) == "ST_IT":
            return {"_it": True}
        return c

    def st_counted_counters(self, children):
        kind, host = str(children[0]), children[-1]
        return {**host, "_counters": kind}

    def st_state_tapped(self, children):
        return {"tapped": str(children[0]) == "tapped"}

    def st_cond_your_turn(self, _):
        return ({"during": "your_turn"}, None)

    def st_cond_life(self, children):
        who = "you" if str(children[0]) == "you have" else "opponent"
        bound = "at_least" if str(children[2]) == "more" else "at_most"
        return ({"life": who, bound: int(children[1])}, None)

    def st_cond_opp_graveyard(self, children):  # 404.1
        return ({"player": "opponent", "zone": "graveyard", "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_opp_no_hand(self, _):  # 402.1
        return ({"player": "opponent", "zone": "hand", "at_least": 0, "at_most": 0}, None)

    def st_cond_opp_poison(self, children):  # 122.1
        return ({"player": "opponent", "counters": "poison", "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_subject_modified(self, children):  # 700.9
        sel = children[-1]
        if not isinstance(sel, dict) or set(sel) & {"self", "attached", "any_of", "modified", "other"}:
            raise NotRead("'modified' of a single object, or twice")
        return {**sel, "modified": True, **({"other": True} if len(children) == 3 else {})}

    def st_counted_other_modified(self, children):  # 700.9
        sel = children[-1]
        if not isinstance(sel, dict) or set(sel) & {"self", "attached", "any_of", "modified", "other"}:
            raise NotRead("'modified' of a single object, or twice")
        return {**sel, "modified": True, "other": True}

    def st_cond_more_hand(self, _):  # 402.1
        return ({"player": "you", "zone": "hand", "more_than_each_opponent": True}, None)

    def st_cond_opp_poisoned(self, _):  # 122.1: "poisoned": one or more poison counters
        return ({"player": "opponent", "counters": "poison", "at_least": 1}, None)

    def st_cond_opp_exile(self, _):  # 406.1
        return ({"count": {"zone": "exile", "owner": "opponent"}, "at_least": 1}, None)

    def st_cond_any_counter(self, children):  # 122.1
        sel, kind = next(c for c in children if isinstance(c, dict)), str(children[-1])
        if set(sel) & {"self", "attached", "any_of", "counter"} or sel.get("other"):
            raise NotRead("a single object, or a counter twice")
        # (the zone said: not "it", the subject, which the effect's own condition would otherwise count)
        return ({"count": {**sel, "counter": kind, "zone": "battlefield"}, "at_least": 1}, None)

    def st_state_modified(self, _):  # 700.9
        return {"modified": True}

    def st_state_or_subtypes(self, children):
        return {"subtypes": children[0]}

    def st_cond_not_in_combat(self, children):  # 506.4
        state = {"attacking": False, "blocking": False}
        if children[0] is _IT:
            return ({"count": state}, _IT)
        base = _base(children[0])
        return ({"count": {**base, **state}, "at_least": 1}, base)

    def st_cond_another_aura(self, _):  # 303.4: an Aura other than the source attached to the same creature
        return ({"count": {"subtypes": ["Aura"], "attached_to": "attached", "other": True}, "at_least": 1}, attached_of("creature"))

    def st_exactly_one(self, children):  # 611.3a
        sel, ops = children[0], children[1]
        if not isinstance(sel, dict) or "controller" in sel or set(sel) & {"self", "attached", "any_of"}:
            raise NotRead("a controlled object already qualified")
        ours = {**sel, "controller": "you"}
        return self._ability((ours, ops), {"count": ours, "at_least": 1, "at_most": 1})

    def st_cond_drawn(self, children):  # 121.1
        return ({"drawn": "you", "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_your_life(self, _):
        return {"life": "you"}

    def st_base_pt_x(self, _):
        return [{"op": "set_base_pt", "power": ("X", "+"), "toughness": ("X", "+")}]

    def st_cond_control_none(self, children):
        sel = children[-1]
        if "controller" in sel or set(sel) & {"self", "attached"}:
            raise NotRead("a controlled object already qualified")
        return ({"count": {**sel, "controller": "you"}, "at_least": 0, "at_most": 0}, None)

    def st_cond_no_hand(self, _):
        return ({"count": {"zone": "hand", "owner": "you"}, "at_least": 0, "at_most": 0}, None)

    def st_cond_hand_more(self, children):
        return ({"count": {"zone": "hand", "owner": "you"}, "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_hand_fewer(self, children):
        return ({"count": {"zone": "hand", "owner": "you"}, "at_least": 0, "at_most": _NUMWORDS[str(children[0])]},
                None)

    def st_cond_card_types(self, children):
        return ({"count": children[-1], "at_least": _NUMWORDS[str(children[0])], "card_types": True}, None)

    def st_cond_attached(self, children):
        subject, state = children[0], str(children[-1])
        base = _base(subject)
        kind = "Equipment" if state == "equipped" else "Aura"
        return ({"count": {"subtypes": [kind], "attached_to": _host(base)}, "at_least": 1}, base)

    def st_cond_its_attached(self, children):
        kind = "Equipment" if str(children[-1]) == "equipped" else "Aura"
        return ({"count": {"_attached_state": [kind]}}, _IT)

    def st_cond_n_attached(self, children):
        return ({"count": {"_host_kinds": _ATT_KINDS[str(children[1])]}, "at_least": _NUMWORDS[str(children[0])]},
                None)

    def st_or_subtypes(self, children):
        found = [subtype(t) for t in children if getattr(t, "type", None) == "SUBTYPE"]
        if len(set(found)) != len(found):
            raise NotRead("a subtype twice")
        return found

    def st_subject_thats(self, children):
        sel, kinds = children[0], children[-1]
        if not isinstance(sel, dict) or set(sel) & {"self", "attached", "subtypes"}:
            raise NotRead("'that's a' after an object already of a subtype, or a single object")
        return {**sel, "subtypes": kinds}

    def st_subject_has_att(self, children):
        sel = next(c for c in children if isinstance(c, dict))
        states = [str(t).lower() for t in children if getattr(t, "type", None) in ("ST_ATT_ADJ", "ST_ATTACHED_STATE")]
        kinds = sorted({"Aura" if s == "enchanted" else "Equipment" for s in states})
        if set(sel) & {"self", "attached"} or len(kinds) != len(states):
            raise NotRead("a single object, or a state twice")
        return {**sel, "has_attached": kinds}

    # --- (the statics tail, second part) conditions: none, at least N, a supertype ------------------------
    def st_cond_control_atleast(self, children):
        sel = children[-1]
        if "controller" in sel or set(sel) & {"self", "attached"}:
            raise NotRead("a controlled object already qualified")
        return ({"count": {**sel, "controller": "you"}, "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_no_cards(self, children):
        return ({"count": children[-1], "at_least": 0, "at_most": 0}, None)

    def st_cond_no_opp(self, children):
        sel = children[-1]
        if "controller" in sel or set(sel) & {"self", "attached"} or sel.get("other"):
            raise NotRead("a controlled object already qualified")
        return ({"count": {**sel, "controller": "opponent"}, "at_least": 0, "at_most": 0}, None)

    def st_state_super(self, children):
        return {"supertypes": [str(children[0]).capitalize()]}

    def st_doesnt_untap(self, _):
        return [{"doesnt_untap": True}]

    def st_add_super(self, children):  # 205.4b
        return [{"op": "add_supertypes", "supertypes": [str(children[1]).capitalize()]}]

    def st_remove_type(self, children):  # 205.1a
        return [{"op": "remove_types", "types": [str(children[-1]).capitalize()]}]

    def st_devotion(self, children):  # 700.5
        colors = [str(c).lower() for c in children if getattr(c, "type", None) == "COLOR"]
        if len(set(colors)) != len(colors):
            raise NotRead("a color twice")
        return {"count": {"controller": "you"}, "devotion": colors}

    def st_cond_devotion_less(self, children):  # 700.5
        colors = [str(c).lower() for c in children if getattr(c, "type", None) == "COLOR"]
        if len(set(colors)) != len(colors):
            raise NotRead("a color twice")
        n = _NUMWORDS[str(children[-1])]
        return ({"count": {"controller": "you"}, "devotion": colors, "at_least": 0, "at_most": n - 1}, None)

    def st_remove_super(self, children):
        return [{"op": "remove_supertypes", "supertypes": [str(children[1]).capitalize()]}]

    def st_card_nonpermanent(self, children):  # "instant cards", "sorcery cards"
        return ("types", str(children[0]).capitalize())

    def st_subject_union(self, children):  # the union of two selectors (docs/card-format.md#selectors)
        first, second = children
        if first == second or "any_of" in first or "any_of" in second:
            raise NotRead("a union of the same objects, or of unions")
        trailing = {k: second[k] for k in ("controller", "keywords", "counter") if k in second and k not in first}
        if not set(first) & {"self", "attached"} and trailing:
            # "Other Treefolk and Forests you control", "Artifact creatures and Dragons you control": the words after the
            # second noun qualify both, and "Other" before the first both (a list of nouns sharing its qualifiers); only
            # where each group is nouns and adjectives of kind (no other qualifier left to one group alone)
            kinds = {"types", "any_types", "not_types", "subtypes", "supertypes", "colors"}
            if set(first) - kinds - {"other"} or set(second) - kinds - set(trailing) or "other" in second:
                raise NotRead("a qualifier after the second group that may be the first's too")
            other = {"other": True} if first.get("other") else {}
            return {"any_of": [{**first, **trailing}, {**second, **other}]}
        return {"any_of": [first, second]}

    # 122.1: conditions on the counters of a kind on one object
    def st_cond_n_counters(self, children):
        subject, n, more, kind = children[0], _NUMWORDS[str(children[1])], str(children[2]), str(children[3])
        bounds = {"at_least": n} if more == "more" else {"at_least": 0, "at_most": n}
        if subject is _IT:
            return ({"count": {}, "counters": kind, **bounds}, _IT)
        base = _base(subject)
        return ({"count": base, "counters": kind, **bounds}, base)

    def st_cond_n_counters_on(self, children):
        n, kind, host = _NUMWORDS[str(children[0])], str(children[1]), _base(children[2])
        return ({"count": host, "counters": kind, "at_least": n}, host)

    def st_cond_no_counters_on(self, children):  # 122.1: none of that kind on it
        kind, host = str(children[0]), _base(children[1])
        return ({"count": host, "counters": kind, "at_least": 0, "at_most": 0}, host)

    def st_cond_exactly_counters_on(self, children):
        n, kind, host = _NUMWORDS[str(children[0])], str(children[1]), _base(children[2])
        return ({"count": host, "counters": kind, "at_least": n, "at_most": n}, host)

    # "Otherwise": the second effect exists while the condition doesn't hold (611.3a)
    def st_if_otherwise(self, children):
        effect, (condition, it), other = children
        if it is not None and it is not _IT and effect[0] is _IT:
            raise NotRead("'it' twice")
        if effect[0] is _IT or other[0] is not _IT:
            raise NotRead("'Otherwise, it ...': the same object as the first effect")
        first = self._ability(effect, condition)
        return [first, self._ability(other, _negated(condition), it=effect[0])]

    def st_during_otherwise(self, children):
        effect, other = children
        if effect[0] is _IT or other[0] is not _IT:
            raise NotRead("'Otherwise, it ...': the same object as the first effect")
        first, second = self._ability(effect), self._ability(other, it=effect[0])
        if "combat" in first or "combat" in second or "doesnt_untap" in first or "doesnt_untap" in second:
            raise NotRead("a rule of the loop only during a turn")
        first["continuous"]["during"], second["continuous"]["during"] = "your_turn", "not_your_turn"
        return [first, second]


    def st_cond_on_battlefield(self, children):  # 113.6: always, where a permanent's static ability functions
        subject = children[0]
        if subject != {"self": True}:
            raise NotRead("another object on the battlefield")
        return ({"always": True}, subject)

    def st_abilities_of(self, children):  # 613.1f
        return [{"op": "add_abilities_of", "of": children[-1], "kinds": ["activated"]}]


    # --- conjunctions and unions of conditions and counts -------------------------------------------------
    def st_cond_turn_and(self, children):
        condition, it = children[-1]
        if "during" in condition or "life" in condition:
            raise NotRead("two turn or life conditions")
        return ({**condition, "during": "your_turn"}, it)

    @staticmethod
    def _one_or_more(condition) -> dict:
        cond, it = condition
        if it is not None or set(cond) != {"count", "at_least"} or cond["at_least"] != 1 or "any_of" in cond["count"]:
            raise NotRead("'or' of conditions other than 'one or more'")
        return cond["count"]

    def st_cond_either(self, children):
        first, second = (self._one_or_more(c) for c in children)
        if first == second:
            raise NotRead("the same condition twice")
        return ({"count": {"any_of": [first, second]}, "at_least": 1}, None)

    def st_cond_control_either(self, children):
        sels = [c for c in children if isinstance(c, dict)]
        if len(sels) != 2 or any("controller" in s or set(s) & {"self", "attached"} for s in sels) or sels[0] == sels[1]:
            raise NotRead("a controlled object already qualified")
        return ({"count": {"any_of": [{**s, "controller": "you"} for s in sels]}, "at_least": 1}, None)

    def st_sum(self, children):
        first, second = children
        for sel in (first, second):
            if set(sel) & {"self", "attached", "any_of", "_counters", "_btypes", "_it", "_host_kinds"}:
                raise NotRead("a sum of counts other than of objects")
        if first.get("zone", "battlefield") == second.get("zone", "battlefield"):
            raise NotRead("a sum of two counts in one zone: an object could count twice")
        return {"count": {"any_of": [first, second]}}

    def st_card_types_plus(self, children):
        return {"count": children[-1], "card_types": True, "plus": int(children[0])}


    def st_abilities_of_exiled(self, children):  # 607.2a, 613.1f
        host = children[-1]
        it = getattr(host, "type", None) == "ST_IT"  # "exiled with it": the subject, which must be the source
        if not it and host != {"self": True}:
            raise NotRead("cards exiled with another object")
        cards = self._cards([c for c in children[1:-1]])
        op = {"op": "add_abilities_of", "of": {**cards, "exiled_with": True}, "kinds": ["activated"]}
        return [{**op, "_it_is_source": True} if it else op]


def _negated(condition: dict) -> dict:
    """The condition that holds exactly when ``condition`` doesn't: a count of at least N becomes at most
    N - 1, a count of at most M at least M + 1; during your turn, during the other turns."""
    if "during" in condition:
        return {"during": "not_your_turn" if condition["during"] == "your_turn" else "your_turn"}
    if "count" not in condition:
        raise NotRead("no negation of a life total's condition here")
    low, high = condition.get("at_least", 1), condition.get("at_most")
    rest = {k: v for k, v in condition.items() if k not in ("at_least", "at_most")}
    if high is None and low >= 1:
        return {**rest, "at_least": 0, "at_most": low - 1}
    if high is not None and low == 0:
        return {**rest, "at_least": high + 1}
    raise NotRead("a count between two bounds: its negation is two conditions")
