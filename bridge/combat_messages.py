"""One sentence per broken restriction or missed requirement, as a judge would say it, with the rule."""

from __future__ import annotations

from typing import Any

from .combat_types import CombatProblem

# The codes of 508.1a-b, 509.1a and the keywords; a card rule's code is its name, and its number
# comes with the rule (engine/vocab/combat.py, CombatProblem.rule_numbers).
FIXED_RULE = {
    "not_attacker_candidate": "508.1a", "summoning_sick": "302.6", "defender": "702.3b", "bad_defender": "508.1b",
    "not_blocker_candidate": "509.1a", "not_attacking": "509.1a", "wrong_defending_player": "509.1a",
    "too_many_blocks": "509.1a", "flying": "702.9b", "shadow": "702.28b", "horsemanship": "702.31b",
    "fear": "702.36b", "intimidate": "702.13b", "landwalk": "702.14c", "protection": "702.16f",
    "menace": "702.111b", "skulk": "702.118b", "band_not_attacking": "702.22c", "band_twice": "702.22c", "band_without_banding": "702.22c",
    "band_needs_banding": "702.22c", "band_split": "702.22d",
}

TEMPLATES = {
    "not_attacker_candidate": "{0} isn't a creature {active} controls, so it can't attack",
    "tapped": "{0} is tapped, so it can't {verb}",
    "summoning_sick": "{0} hasn't been under its controller's control since the turn began and has no haste, so it can't attack",
    "defender": "{0} has defender, so it can't attack",
    "bad_defender": "{0} can attack only an opponent, an opponent's planeswalker or a battle an opponent protects, not {1}",
    "not_blocker_candidate": "{0} isn't a creature a defending player controls, so it can't block",
    "not_attacking": "{0} can't block {1}, which isn't attacking",
    "wrong_defending_player": "{0} can't block {1}, which attacks another player",
    "too_many_blocks": "{0} blocks more creatures than it can",
    "flying": "{1} has flying: {0} has neither flying nor reach, so it can't block it",
    "shadow": "{0} can't block {1}: a creature with shadow blocks and is blocked only by creatures with shadow",
    "horsemanship": "{1} has horsemanship: {0} hasn't, so it can't block it",
    "fear": "{1} has fear: {0} is neither an artifact nor black, so it can't block it",
    "intimidate": "{1} has intimidate: {0} is not an artifact and shares no color with it, so it can't block it",
    "landwalk": "{1} has landwalk and the defending player controls a land of that type, so {0} can't block it",
    "protection": "{1} has protection from a quality {0} has, so {0} can't block it",
    "menace": "{0} has menace: it can't be blocked except by two or more creatures",
    "skulk": "{1} has skulk: {0} has greater power, so it can't block it",
    "band_not_attacking": "{0} doesn't attack, so it can't be in an attacking band",
    "band_twice": "{0} is in two bands; a creature can be in only one",
    "band_without_banding": "{0} and {1} both lack banding; a band has at most one creature without banding",
    "band_needs_banding": "{0} has no banding; a band needs one or more creatures with banding",
    "band_split": "{0} and {1} are in one band but attack different players, planeswalkers or battles",
    "cant_attack": "{0} can't attack",
    "cant_attack_alone": "{0} can't attack alone",
    "attacks_alone": "{0} can only attack alone",
    "cant_attack_unless_others": "{0} can't attack unless enough other creatures attack",
    "cant_attack_unless_greater_power": "{0} can't attack unless a creature with greater power also attacks",
    "max_attackers": "{0} allows no more than that many attacking creatures",
    "cant_attack_defender": "{0} can't attack {1}",
    "cant_attack_unless_defender_controls": "{0} can't attack {1}: its defending player doesn't control what it needs",
    "cant_block": "{0} can't block",
    "cant_block_alone": "{0} can't block alone",
    "cant_block_unless_others": "{0} can't block unless enough other creatures block",
    "cant_block_unless_greater_power": "{0} can't block unless a creature with greater power also blocks",
    "max_blockers": "{0} allows no more than that many blocking creatures",
    "blocks_only": "{0} can't block {1}",
    "cant_be_blocked": "{0} can't be blocked",
    "min_blockers": "{0} can't be blocked except by more creatures",
    "max_blockers_each": "{0} can't be blocked by that many creatures",
    "cant_be_blocked_by": "{0} can't be blocked by {1}",
    "blocked_only_by_all": "{0} can't be blocked unless all creatures the defending player controls block it",
    "cost_unpaid": "{0} {verb}s under a cost that this declaration doesn't pay",
    "nothing_to_pay": "{0} has no cost to {verb} to pay",
}


def rule_number(problem: CombatProblem, side: str, code: str) -> str:
    if code == "tapped":
        return "508.1a" if side == "attack" else "509.1a"
    if code in ("cost_unpaid", "nothing_to_pay"):
        return "508.1g" if side == "attack" else "509.1d"
    return FIXED_RULE.get(code) or problem.rule_numbers[code]


def _name(problem: CombatProblem, x: str) -> str:
    return problem.names.get(x, x)


def message(problem: CombatProblem, side: str, code: str, objects: tuple[str, ...]) -> str:
    names = [_name(problem, x) for x in objects]
    text = TEMPLATES[code].format(*names, active=problem.state.active, verb=side)
    return f"{rule_number(problem, side, code)}: {text[0].upper()}{text[1:]}."


def requirement_message(problem: CombatProblem, side: str, missed: tuple | None, obeyed: int, top: int) -> str:
    number = "508.1d" if side == "attack" else "509.1c"
    tail = f"this declaration obeys {obeyed} of {top} possible requirements"
    if missed is None:
        return f"{number}: {tail[0].upper()}{tail[1:]}."
    rid, x = missed
    rule, _source = problem.rule_text[rid]
    what = _requirement_words(problem, rule, x)
    return f"{number}: {what}; {tail}."


def _requirement_words(problem: CombatProblem, rule: str, x: Any) -> str:
    if isinstance(x, tuple):  # lure: p(Blocker, Attacker)
        return f"{_name(problem, x[1])} must block {_name(problem, x[2])} if able"
    n = _name(problem, x)
    return {
        "attacks_each_combat": f"{n} attacks each combat if able",
        "attacks_defender": f"{n} must attack a particular player if able",
        "attacks_player": f"{n} must attack a particular player if able",
        "attacks_not_defender": f"{n} must attack a player other than the one who goaded it if able",
        "attack_you_with_one": f"{n} requires an attack on its controller or their planeswalkers if able",
        "attacks_if_another_attacks": f"{n} attacks if able when another creature its controller controls attacks",
        "must_be_blocked_by_exactly": f"{n} must be blocked by exactly the number of creatures its rule says if able",
        "blocks_each_combat": f"{n} blocks each combat if able",
        "must_be_blocked": f"{n} must be blocked if able",
        "blocks_attacker": f"{n} must block a particular attacker if able",
    }.get(rule, f"a requirement on {n}")
