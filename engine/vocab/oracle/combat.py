"""Family 3 of the Oracle grammar: combat restrictions, requirements and costs (508.1c-d, 508.1h,
509.1a-d), read by ``combat.lark`` into the ``combat:`` rules of the vocabulary
(engine/vocab/combat.py, docs/combat.md), which the attack and block programs execute.

:func:`read` gives the abilities a paragraph is (``restriction``, ``requirement``, ``combat_cost``:
one ability per kind, with the rules of that kind), or None when the grammar doesn't consume all of
it or a part of it has no meaning here (:class:`~engine.vocab.oracle.objects.NotRead`).

Conventions, those of the hand files (engine/cards):

- the source itself ("This creature", "~") is the rules' default subject: no ``subjects``;
- a selector naming attackers or blockers (``attackers``, ``blockers``) leaves out the card type
  Creature (attackers and blockers are creatures: "creatures with flying" is ``{keywords:
  [flying]}``, "artifact creatures" ``{types: [Artifact]}``), unless nothing else is left
  ("creatures with power 2 or less": ``{types: [Creature]}`` with ``named_power_at_most: 2``);
- "can't be blocked except by X" is ``cant_be_blocked_by`` the creatures that aren't X, for an X of
  one quality that has its negation ("Walls": ``{not_subtypes: [Wall]}``);
- a cost to attack you ("Creatures can't attack you unless their controller pays ...") is about the
  creatures of your opponents (508.1b: only they can attack you): ``controller: opponent``.
"""

from __future__ import annotations

import copy
import re
from functools import lru_cache

from lark.exceptions import LarkError

from engine.vocab.combat import COSTS, REQUIREMENTS
from engine.vocab.oracle.objects import NotRead, Objects, parser, read_tree, is_attached

# the words a paragraph of this family has: others never reach the parser
_PREFILTER = re.compile(r"\b(attack|attacks|block|blocks|blocked)\b", re.IGNORECASE)
# words the grammar never reads: a paragraph with them is no template of this family
_NEVER = re.compile(r"\b(this turn|when|whenever|as long as|target|until|damage|gets?|gains?|has|have)\b", re.IGNORECASE)

NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
           "ten": 10, "ninety-nine": 99}
# a quality and its negation, in a selector (engine/vocab/selector.py): "except by X" is "by not X"
_NEGATION = {"types": "not_types", "subtypes": "not_subtypes", "supertypes": "not_supertypes",
             "colors": "not_colors", "keywords": "not_keywords"}


def _n(token) -> int:
    w = str(token)
    return int(w) if w.isdigit() else NUMBERS[w]


CANT_ACTIVATE = "_cant_activate"  # a sentence's second half read for the loop, not a combat rule


def _subjects(sel: dict) -> dict:
    """The rule's subjects: none for the source itself (the rules' default)."""
    return {} if sel == {"self": True} else {"subjects": sel}


def _named(sel: dict) -> dict:
    """A selector of attackers or blockers: without the card type Creature (they are creatures)."""
    if "Creature" in sel.get("types", ()):
        types = [t for t in sel["types"] if t != "Creature"]
        sel = {k: v for k, v in sel.items() if k != "types"} | ({"types": types} if types else {})
    if not sel:
        raise NotRead("no quality")
    return sel


def _others(sel: dict) -> dict:
    """The creatures that are not ``sel`` (one quality with a negation), for "except by"."""
    sel = _named(sel)
    if len(sel) != 1:
        raise NotRead("'except by' more than one quality")
    (key, value), = sel.items()
    if key not in _NEGATION or len(value) != 1:
        raise NotRead(f"'except by' {key}")
    return {_NEGATION[key]: value}


class _Combat(Objects):
    """Each sentence -> a list of rule dicts (the subject's fields included)."""

    def cb_subject(self, children):
        return {"sel": children[0]}

    def cb_power_subject(self, children):
        return {"sel": children[0], "power_at_least": _n(children[1])}

    @staticmethod
    def _rules(subject, *rules):
        extra = {k: v for k, v in subject.items() if k != "sel"}
        return [dict(rule, **_subjects(subject["sel"]), **extra) for rule in rules]

    # 508.1c
    def cb_cant_attack(self, c):
        return self._rules(c[0], {"rule": "cant_attack"})

    def cb_cant_attack_you(self, c):
        return self._rules(c[0], {"rule": "cant_attack_defender", "defender": "you"})

    def cb_cant_attack_you_pw(self, c):
        return self._rules(c[0], {"rule": "cant_attack_defender", "defender": "you_and_planeswalkers"})

    def cb_cant_attack_alone(self, c):
        return self._rules(c[0], {"rule": "cant_attack_alone"})

    def cb_attacks_alone(self, c):
        return self._rules(c[0], {"rule": "attacks_alone"})

    def cb_attack_unless_others(self, c):
        return self._rules(c[0], {"rule": "cant_attack_unless_others", "n": _n(c[1])})

    def cb_attack_unless_greater(self, c):
        return self._rules(c[0], {"rule": "cant_attack_unless_greater_power"})

    def cb_attack_unless_defender_controls(self, c):
        sel = c[2]
        if sel.get("self") or sel.get("attached") or "controller" in sel or sel.get("other"):
            raise NotRead("not a permanent the defending player controls")
        return self._rules(c[0], {"rule": "cant_attack_unless_defender_controls", "defender_controls": sel})

    def cb_max_attackers(self, c):
        return [{"rule": "max_attackers", "n": self._count(c)}]

    def cb_max_attackers_you(self, c):
        return [{"rule": "max_attackers", "n": self._count(c), "defender": "you"}]

    @staticmethod
    def _count(c) -> int:
        n, noun = _n(c[0]), str(c[1])
        if (n == 1) != (noun == "creature"):  # "one creature", "two creatures"
            raise NotRead("number and noun disagree")
        return n

    # 509.1a-b
    def cb_cant_block(self, c):
        return self._rules(c[0], {"rule": "cant_block"})

    def cb_cant_attack_or_block(self, c):
        return self._rules(c[0], {"rule": "cant_attack"}, {"rule": "cant_block"})

    # 602.5: the activated abilities of the one permanent it names (its own, or the one it is attached to)
    def cb_arrest(self, c):
        return self._arrest(c, {"rule": "cant_attack"}, {"rule": "cant_block"})

    def cb_arrest_block(self, c):
        return self._arrest(c, {"rule": "cant_block"})

    def _arrest(self, c, *rules):
        sel = c[0]
        if sel != {"self": True} and not is_attached(sel):
            raise NotRead("'its activated abilities': one permanent, the source or the one it is attached to")
        return self._rules({"sel": sel}, *rules) + [{"rule": CANT_ACTIVATE, "cant_activate": sel,
                                                      "cant_activate_mana_ok": len(c) > 1}]

    def cb_cant_block_alone(self, c):
        return self._rules(c[0], {"rule": "cant_block_alone"})

    def cb_cant_attack_or_block_alone(self, c):
        return self._rules(c[0], {"rule": "cant_attack_alone"}, {"rule": "cant_block_alone"})

    def cb_block_unless_others(self, c):
        return self._rules(c[0], {"rule": "cant_block_unless_others", "n": _n(c[1])})

    def cb_block_unless_greater(self, c):
        return self._rules(c[0], {"rule": "cant_block_unless_greater_power"})

    def cb_max_blockers(self, c):
        return [{"rule": "max_blockers", "n": self._count(c)}]

    def cb_blocks_only(self, c):
        return self._rules(c[0], {"rule": "blocks_only", "attackers": _named(c[1])})

    def cb_extra_block(self, c):
        return self._rules(c[0], {"rule": "extra_blocks", "n": 1})

    def cb_extra_blocks(self, c):
        return self._rules(c[0], {"rule": "extra_blocks", "n": _n(c[1])})

    def cb_blocks_any_number(self, c):
        return self._rules(c[0], {"rule": "blocks_any_number"})

    # 509.1b, evasion
    def cb_cant_be_blocked(self, c):
        return self._rules(c[0], {"rule": "cant_be_blocked"})

    def cb_cant_block_or_be_blocked(self, c):
        return self._rules(c[0], {"rule": "cant_block"}, {"rule": "cant_be_blocked"})

    def cb_max_blockers_each(self, c):
        return self._rules(c[0], {"rule": "max_blockers_each", "n": self._count(c[1:])})

    def cb_min_blockers(self, c):
        return self._rules(c[0], {"rule": "min_blockers", "n": _n(c[1])})

    def cb_cant_be_blocked_by(self, c):
        return self._rules(c[0], {"rule": "cant_be_blocked_by", "blockers": _named(c[1])})

    def cb_cant_be_blocked_by_either(self, c):
        return self._rules(c[0], {"rule": "cant_be_blocked_by", "blockers": {"any_of": [_named(c[1]), _named(c[2])]}})

    def cb_blocked_only_by_either(self, c):
        first, second = _others(c[1]), _others(c[2])
        both: dict = {}
        for key, value in [*first.items(), *second.items()]:
            if value[0] in both.setdefault(key, []):
                raise NotRead("one quality twice")
            both[key] += value
        return self._rules(c[0], {"rule": "cant_be_blocked_by", "blockers": both})

    def cb_blocked_only_by(self, c):
        return self._rules(c[0], {"rule": "cant_be_blocked_by", "blockers": _others(c[1])})

    def cb_blocked_only_by_keywords(self, c):
        first, second = str(c[1]), str(c[2])
        if first == second:
            raise NotRead("one keyword twice")
        return self._rules(c[0], {"rule": "cant_be_blocked_by", "blockers": {"not_keywords": [first, second]}})

    def cb_blocked_by_power(self, c):
        n, bound = _n(c[1]), str(c[2])
        field = "named_power_at_most" if bound == "less" else "named_power_at_least"
        return self._rules(c[0], {"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]}, field: n})

    def cb_block_by_power(self, c):
        # "can't block creatures with power 2 or greater": it can block only those with 1 or less
        n, bound = _n(c[1]), str(c[2])
        field, value = ("named_power_at_least", n + 1) if bound == "less" else ("named_power_at_most", n - 1)
        return self._rules(c[0], {"rule": "blocks_only", "attackers": {"types": ["Creature"]}, field: value})

    def cb_power_vs_self(self, c):
        return [{"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]}, "named_power_vs_subject": str(c[0])}]

    def cb_blocked_by_greater(self, c):
        return self._rules(c[0], {"rule": "cant_be_blocked_by", "blockers": {"types": ["Creature"]},
                                  "named_power_vs_subject": "greater"})

    def cb_cant_block_these(self, c):
        blockers, attackers = c  # "Cowards can't block Warriors": Warriors can't be blocked by Cowards
        return [dict({"rule": "cant_be_blocked_by", "blockers": _named(blockers)}, **_subjects(attackers))]

    def cb_blocked_only_by_all(self, c):
        return self._rules(c[0], {"rule": "blocked_only_by_all"})

    # 508.1d, 509.1c
    def cb_attacks_each_combat(self, c):
        # "This creature attacks", "Goblin creatures attack", "Each creature you control attacks": the
        # verb's number says nothing the subject doesn't
        return self._rules(c[0], {"rule": "attacks_each_combat"})

    def cb_blocks_each_combat(self, c):
        return self._rules(c[0], {"rule": "blocks_each_combat"})

    def cb_attacks_or_blocks(self, c):
        return self._rules(c[0], {"rule": "attacks_each_combat"}, {"rule": "blocks_each_combat"})

    def cb_must_be_blocked(self, c):
        return self._rules(c[0], {"rule": "must_be_blocked"})

    def cb_must_be_blocked_by_exactly(self, c):
        return self._rules(c[0], {"rule": "must_be_blocked_by_exactly", "n": self._count(c[1:])})

    def cb_lure(self, c):
        return [dict({"rule": "lure"}, **_subjects(c[0]))]

    def cb_attack_you_with_one(self, c):
        return [{"rule": "attack_you_with_one"}]

    # 508.1h, 509.1d
    def _opponents(self, subject) -> dict:
        sel = dict(subject["sel"])
        if "self" in sel or "attached" in sel:
            raise NotRead("'their controller' of one creature")
        sel.setdefault("controller", "opponent")  # 508.1b: only an opponent's creatures attack you
        if sel["controller"] != "opponent":
            raise NotRead("your creatures attacking you")
        return dict(subject, sel=sel)

    def cb_cost_you(self, c):
        return self._rules(self._opponents(c[0]), {"rule": "attack_cost", "defender": "you", "mana": str(c[1])})

    def cb_cost_you_pw(self, c):
        return self._rules(self._opponents(c[0]),
                           {"rule": "attack_cost", "defender": "you_and_planeswalkers", "mana": str(c[1])})

    def _one(self, subject):
        if not (subject["sel"].get("self") or subject["sel"].get("attached")):
            raise NotRead("'its controller' of many creatures")
        return subject

    def cb_cost_attack(self, c):
        return self._rules(self._one(c[0]), {"rule": "attack_cost", "mana": str(c[1])})

    def cb_cost_block(self, c):
        return self._rules(self._one(c[0]), {"rule": "block_cost", "mana": str(c[1])})

    def cb_cost_attack_block(self, c):
        return self._rules(self._one(c[0]), {"rule": "attack_cost", "mana": str(c[1])},
                           {"rule": "block_cost", "mana": str(c[1])})

    # the sentence and the paragraph
    def _pass(self, c):
        return c[0]

    cb_sentence = cb_attack_restriction = cb_block_restriction = cb_evasion = cb_requirement = cb_cost = _pass

    def cb_ability(self, c):
        return c[-1]


def _kind(rule: str) -> str:
    return "requirement" if rule in REQUIREMENTS else "combat_cost" if rule in COSTS else "restriction"


def read(bare: str) -> list[dict] | None:
    """The combat abilities a paragraph (objects.bare) is, or None."""
    if not _PREFILTER.search(bare) or _NEVER.search(bare):
        return None
    found = _read(bare)
    # the combat program doesn't read a selector's comparisons (engine/vocab/selector.py; a rule's own power_at_least is
    # the rule's, 509.1b)
    parts = [v for ab in found or () for k, v in ab.items() if k != "combat"] + [
        v for ab in found or () for rule in ab.get("combat", ()) for v in rule.values()]
    if found is not None and any(_compares(v) for v in parts if isinstance(v, (dict, list))):
        return None
    return copy.deepcopy(found) if found is not None else None


def _compares(obj) -> bool:
    """Does a selector of these rules compare a power, a toughness or a mana value (objects.lark's with_compare)?"""
    from engine.vocab.selector import COMPARISONS

    if isinstance(obj, dict):
        return any(k in COMPARISONS for k in obj) or any(_compares(v) for v in obj.values())
    return isinstance(obj, (list, tuple)) and any(_compares(x) for x in obj)


@lru_cache(maxsize=4096)  # "This creature can't block." is a hundred cards' paragraph: parsed once
def _read(bare: str) -> list[dict] | None:
    try:
        tree = parser("combat", ("cb_ability",)).parse(bare)
    except LarkError:
        return None
    try:
        rules = read_tree(_Combat(), tree)
    except NotRead:
        return None
    out: dict[str, dict] = {}
    for rule in [r for r in rules if r["rule"] != CANT_ACTIVATE]:
        out.setdefault(_kind(rule["rule"]), {"kind": _kind(rule["rule"]), "combat": []})["combat"].append(rule)
    for rule in [r for r in rules if r["rule"] == CANT_ACTIVATE]:  # a static ability of the loop (602.5)
        out["static"] = {"kind": "static", "cant_activate": rule["cant_activate"],
                         "cant_activate_mana_ok": rule["cant_activate_mana_ok"]}
    return list(out.values())
