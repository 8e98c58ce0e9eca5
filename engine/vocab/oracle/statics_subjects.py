"""Family 2 of the Oracle grammar (issue 21): the readers of statics.lark's further subjects (outlaws, historic
creatures, objects with counters or with a keyword, spells of a negated type, multicolored or legendary; the spells cast
this turn as a condition), a mixin of
:class:`engine.vocab.oracle.statics._Statics` (statics.py is near its size limit). Each gives a selector of the
vocabulary (engine/vocab/selector.py) that the layers program already reads."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead, _type
from engine.vocab.oracle.statics_values import _NUMWORDS

# 700.12: "outlaw" names an object with one or more of these creature types
OUTLAW_TYPES = ["Assassin", "Mercenary", "Pirate", "Rogue", "Warlock"]


def _group(sel) -> dict:
    """A group of objects (not the source, not the object it is attached to, not a union): the selectors a filter
    can narrow."""
    if not isinstance(sel, dict) or set(sel) & {"self", "attached", "any_of", "exiled_with", "targets"}:
        raise NotRead("a filter of a single object or of a union")
    return sel


class StaticsSubjects:
    """Readers of statics.lark's subjects of the tail (issue 21)."""

    def st_subject_outlaws(self, children):
        """700.12, 700.12a: "Other outlaws you control": the permanents you control with one of the outlaw types."""
        other = {"other": True} if getattr(children[0], "type", None) == "ST_MOD_OTHER" else {}
        return {"subtypes": list(OUTLAW_TYPES), "controller": "you", **other}

    def st_subject_historic(self, children):
        """700.6: "other historic creatures you control": the creatures you control that are legendary, artifacts or
        Sagas (a union of three selectors, each object once)."""
        other = {"other": True} if getattr(children[0], "type", None) == "ST_OTHER_WORD" else {}
        base = {"types": ["Creature"], "controller": "you", **other}
        return {"any_of": [{**base, "supertypes": ["Legendary"]}, {**base, "types": ["Creature", "Artifact"]},
                           {**base, "subtypes": ["Saga"]}]}

    def st_subject_any_counter(self, children):
        """122.1: "Creatures you control with counters on them": one counter at least, of any kind (counter: any)."""
        sel = _group(children[0])
        if "counter" in sel or "zone" in sel:
            raise NotRead("counters twice, or objects off the battlefield")
        return {**sel, "counter": "any"}

    def st_subject_with_keyword(self, children):
        """702: "Other creatures you control with infect", "Creatures you control with toxic" (the keyword's name:
        toxic 702.164 whatever its number)."""
        sel = _group(children[0])
        kw = str(children[-1])
        if kw in sel.get("keywords", []) or "zone" in sel:
            raise NotRead("a keyword twice, or objects off the battlefield")
        return {**sel, "keywords": [*sel.get("keywords", []), kw]}

    def st_subject_not_owned(self, children):
        """108.3, 108.4: "Creatures you control but don't own": controlled by you, owned by another player (an
        opponent: the vocabulary's owner)."""
        sel = _group(children[0])
        if sel.get("controller") != "you" or "owner" in sel or "zone" in sel:
            raise NotRead("'but don't own' of objects not controlled by you, or owned twice")
        return {**sel, "owner": "opponent"}

    def st_cond_cast(self, children):
        """601.2i: "as long as you've cast two or more spells this turn" (the game loop counts them)."""
        return ({"spells_cast": "you", "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_cast_none(self, _):
        """601.2i: "as long as you haven't cast a spell this turn": none."""
        return ({"spells_cast": "you", "at_least": 0, "at_most": 0}, None)

    def st_spell_quality(self, children):
        """"Noncreature spells" ({not_types}), "Multicolored spells" (105.2), "Legendary creature spells" (205.4)."""
        tok = children[0]
        if tok.type == "NONTYPE":
            return {"not_types": [_type(str(tok)[3:])]}
        if tok.type == "MULTICOLORED":
            return {"multicolored": True}
        return {"supertypes": [str(tok).capitalize()], "any_types": [str(children[-1]).capitalize()]}

    def st_spells_cost_kw(self, children):
        """613.1f: "Noncreature spells you cast have convoke": the spells on the stack its controller controls (the
        cast reads the keywords the layers give the spell: 702.51a, 702.126a, 702.66a, engine/game/costs.py)."""
        kind = next(c for c in children if isinstance(c, dict))
        kw = str(next(c for c in children if getattr(c, "type", None) == "ST_COST_KW"))
        return {"kind": "static", "continuous": {"applies_to": {"zone": "stack", **kind, "controller": "you"},
                                                 "do": [{"op": "add_abilities", "abilities": [{"keyword": kw}]}]}}
