"""Family 0 of the Oracle grammar read for the game loop: the costs of spells (issue 21). ``costs.lark``
reads a paragraph into the fields of the vocabulary's CostRule (engine/vocab/oneshot.py), which the game
loop applies as it determines a spell's total cost and pays it (engine/game/spell_costs.py: 601.2f-h):

- cost increases and reductions of the spells a selector matches ("Instant and sorcery spells you cast
  cost {1} less to cast", "Noncreature spells cost {1} more to cast": 601.2f, 118.7a);
- a spell's own reduction, for each object a selector matches, or if one of its targets or a permanent
  its caster controls matches one ("This spell costs {1} less to cast for each creature card in your
  graveyard", "... if it targets a tapped creature", "... if you control a Wizard": 601.2f, 113.6d);
- a spell's own additional cost, one part of the kinds the loop pays in activation costs ("As an
  additional cost to cast this spell, discard a card": 118.8, 601.2b, 601.2h);
- a spell's own alternative cost, mana and at most one such part ("You may sacrifice two Mountains rather
  than pay this spell's mana cost": 118.9).

:func:`read` gives the ability a paragraph is, or None when the grammar doesn't consume all of it or a
part of it has no meaning here (:class:`~engine.vocab.oracle.objects.NotRead`).
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache

from lark.exceptions import LarkError

from engine.vocab.oracle.freecast import FreeCostReader  # 118.9: "you may cast this spell without paying its mana cost"
from engine.vocab.oracle.objects import NotRead, Objects, _type, parser, read_tree, subtype

# the words a paragraph of this family has: others never reach the parser
_PREFILTER = re.compile(r"cost \{\d+\} (less|more) to cast\.$|^Activated abilities of sources with the chosen name cost|^(Domain — |Undergrowth — )?This spell costs \{\d+\} less "
                        r"to cast (for each|if)|"
                        r"^As an additional cost to cast this spell, |^(If you control an? [^,.]*, y|Y)ou may [^.]* "
                        r"rather than pay this spell's mana "
                        r"cost\.$|^If [^.]*, you may cast this spell without paying its mana cost\.$")
# 601.2f: the verbs of the parts of a spell's additional cost the loop pays (engine/game/cost_parts.py); a
# part about the source itself ("Exile this card", "Remove a counter from it") is an activation cost's only
_ADDITIONAL_VERBS = ("sacrifice", "tap", "discard", "pay_life", "exile_cards", "return", "mill")
# a selector's fields that say something about a permanent a spell's own reduction looks at
_ABOUT_PERMANENTS = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors",
                     "supertypes", "not_supertypes", "keywords", "not_keywords", "token", "attacking", "blocking",
                     "tapped", "multicolored", "controller"}


def _n(children) -> int:
    """The generic mana of a reduction or an increase ("{2}")."""
    return int(next(str(x) for x in children if getattr(x, "type", None) == "CS_GENERIC")[1:-1])


class _Costs(FreeCostReader, Objects):
    """Each sentence -> the CostRule's fields."""

    def cs_ability(self, c):
        return c[-1]

    def cs_modify(self, c):
        spells, amount, which = c[0], _n(c), str(c[2])
        return {"reduce" if which == "less" else "increase": amount, "spells": spells}

    def cs_spells(self, c):
        pairs = []
        for x in c:
            if isinstance(x, list):
                pairs += x
            elif isinstance(x, tuple):
                pairs.append(x)
            elif x.type == "WITH_KEYWORD":  # "Creature spells with flying"
                pairs.append(("keywords", str(x).lower().removeprefix("with ")))
            elif x.type == "CS_CASTER":  # 601.2a: the caster is the spell's controller
                pairs.append(("controller", "you" if str(x) == "you cast" else "opponent"))
            elif x.type == "OF_CHOSEN_TYPE":
                pairs.append(("chosen_creature_type", True))
        if any(k in ("token", "attacking", "blocking", "tapped") for k, _ in pairs):
            raise NotRead("a spell is no token, and neither attacks, blocks nor is tapped")
        sel = self.group(pairs)
        if sel.get("chosen_creature_type") and sel.get("types") != ["Creature"]:
            raise NotRead("the chosen type of other spells than creature spells: maybe a card type")
        return sel

    def cs_named_spells(self, c):  # 201.2a, 614.12: the spells with the name chosen as the source entered
        return self.cs_spells([("chosen_name", True)] + [x for x in c if x.type == "CS_CASTER"])

    def cs_activated_named(self, c):  # 602.2b, 601.2f: the activated abilities of the sources with the chosen name
        return {"increase_activated": _n(c), "abilities_of": {"chosen_name": True}}

    def cs_two_subtypes(self, c):
        subs = [str(x) for x in c if x.type == "SUBTYPE"]
        return self.cs_spells([("any_subtypes", subs)] + [x for x in c if x.type == "CS_CASTER"])

    def cs_adj(self, c):
        return c[0]

    def cs_spell_type(self, c):
        return ("types", _type(c[0]))

    def cs_either_type(self, c):
        first, second = (_type(x) for x in c)
        if first == second:
            raise NotRead(f"{first} twice")
        return [("any_types", first), ("any_types", second)]

    def cs_graveyard_cards(self, c):
        kinds = [_type(x) for x in c if x.type == "CS_ANY_TYPE"]
        if len(set(kinds)) != len(kinds):
            raise NotRead("a card type twice")
        sel = {"zone": "graveyard", "owner": "you"}  # 404.2: a player's graveyard holds the cards they own
        if kinds:
            sel["any_types" if len(kinds) > 1 else "types"] = kinds
        return sel

    def cs_permanents(self, c):
        sel = c[0]
        if set(sel) - _ABOUT_PERMANENTS:
            raise NotRead(f"for each {sel}")
        return dict(sel, zone="battlefield")

    def cs_for_each(self, c):
        return {"reduce": _n(c), "spells": {"self": True}, "for_each": {"count": c[-1]}}

    def cs_domain(self, c):  # 305.6: the basic land types among the lands its caster controls
        return {"reduce": _n(c), "spells": {"self": True}, "for_each": {
            "count": {"zone": "battlefield", "types": ["Land"], "controller": "you"}, "basic_land_types": True}}

    def cs_if_targets(self, c):
        sel = c[-1]
        if set(sel) - _ABOUT_PERMANENTS:
            raise NotRead(f"if it targets {sel}")
        return {"reduce": _n(c), "spells": {"self": True}, "if_any": dict(sel, targets=True)}

    def cs_if_control(self, c):
        sel = c[-1]
        if set(sel) - _ABOUT_PERMANENTS or "controller" in sel:
            raise NotRead(f"if you control {sel}")
        return {"reduce": _n(c), "spells": {"self": True},
                "if_any": dict(sel, zone="battlefield", controller="you")}

    def cs_if_day_night(self, c):
        """601.2f, 731 (the current official rules): "This spell costs {2} less to cast if it's night"."""
        return {"reduce": _n(c), "spells": {"self": True}, "only_if": {"day_night": str(c[-1])}}

    def cs_if_bargained(self, c):
        """601.2f, 702.166b (the current official rules): "This spell costs {2} less to cast if it's bargained"."""
        return {"reduce": _n(c), "spells": {"self": True}, "if_bargained": True}

    def cs_additional(self, c):
        return {"additional": _part(str(c[-1]))}

    def cs_additional_or(self, c):  # 601.2b: one option or the other, announced as the spell is cast
        return {"additional": _part(str(c[1])), "additional_or": c[-1]}

    def cs_additional_or_mana(self, c):
        return {"additional": _part(str(c[-1])), "additional_or": {"mana": str(c[1])}}

    def cs_alternative_cost(self, c):
        return {"alternative": c[0]}

    def cs_alternative_if(self, c):
        sel, alt = c[-2], c[-1]
        if set(sel) - _ABOUT_PERMANENTS or "controller" in sel:
            raise NotRead(f"if you control {sel}")
        return {"alternative": dict(alt, if_any=dict(sel, zone="battlefield", controller="you"))}

    def cs_alt_mana(self, c):
        return {"mana": str(c[0])}

    def cs_alt_part(self, c):
        return {"part": _part(str(c[0]))}

    def cs_alt_both(self, c):
        return {"mana": str(c[0]), "part": _part(str(c[1]))}


def _part(words: str) -> dict:
    """One part of a spell's additional or alternative cost, read as the parts of activation costs are
    (engine/vocab/activation.py: the loop pays those, engine/game/cost_parts.py), or NotRead."""
    from engine.vocab.activation import parse_activation_cost

    cost = parse_activation_cost(words[:1].upper() + words[1:])
    if cost.mana or cost.tap or cost.untap or cost.energy or cost.loyalty or len(cost.parts) != 1:
        raise NotRead(f"a cost of one part: {words}")
    part = cost.parts[0]
    if part is None or part.verb not in _ADDITIONAL_VERBS or (part.what is not None and part.what.self_):
        raise NotRead(f"a cost part the loop doesn't pay for a spell: {words}")
    for sel in (part.what, *(part.what.any_of if part.what is not None else ())):
        for word in sel.subtypes if sel is not None else ():
            subtype(word)  # a subtype the cards print (205.3), or NotRead: not "Eldrazi Spawn", two of them
    return part.model_dump(exclude_unset=True, by_alias=True)


# 'a' before a consonant sound, 'an' before a vowel (the noun phrase after "if it targets", "if you control")
_ARTICLE = re.compile(r"(?:if|If) (?:it targets|you control) (a|an) (\w)")


def read(bare: str) -> list[dict] | None:
    """The static ability a paragraph (objects.bare) is, or None."""
    if not _PREFILTER.search(bare):
        return None
    found = _read(bare)
    return copy.deepcopy(found) if found is not None else None


@lru_cache(maxsize=1024)
def _read(bare: str) -> list[dict] | None:
    m = _ARTICLE.search(bare)
    if m is not None and (m.group(1) == "an") != (m.group(2).lower() in "aeiou"):
        return None
    try:
        tree = parser("costs", ("cs_ability",)).parse(bare)
    except LarkError:
        return None
    try:
        fields = read_tree(_Costs(), tree)
    except NotRead:
        return None
    return [dict(kind="static", costs=fields)]
