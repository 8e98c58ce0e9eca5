"""Family 5 of the Oracle grammar (issue 21), the conditions on what happened this turn, in an intervening "if"
(603.4: "At the beginning of your end step, if a creature died this turn, ...") and in "Activate only if
[condition]." (602.5b). The statics' grammar doesn't read them (no static ability has them: the layers program
doesn't evaluate them); they become the vocabulary's Condition ``this_turn`` (engine/vocab/selector.py), which the
game loop evaluates on its record of the turn (engine/game/history.py), as the monarch's conditions are
(oneshot_cond.py: MONARCH). The words are read whole (fullmatch) or not at all."""

from __future__ import annotations

import re

_N = r"(one|two|three|four|five|six|seven|eight|nine|ten|\d+)"
_NUMBERS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                         "ten"))}

# (pattern, this_turn, whether the pattern has a number: at_least)
_TEMPLATES = [
    # 508.1: the active player declared one or more attackers this turn (raid)
    (r"you attacked this turn", "you_attacked", False),
    # 700.4: "dies" means is put into a graveyard from the battlefield (morbid); of its controller's
    (r"a creature died this turn", "creature_died", False),
    (_N + r" or more creatures died this turn", "creature_died", True),
    (r"a creature died under your control this turn", "creature_died_yours", False),
    (_N + r" or more creatures died under your control this turn", "creature_died_yours", True),
    # revolt: a permanent its controller controlled left the battlefield this turn (400.7)
    (r"a permanent left the battlefield under your control this turn", "permanent_left_yours", False),
    (r"a permanent you controlled left the battlefield this turn", "permanent_left_yours", False),
    # 119.9-119.10: the life its controller gained this turn, in all ("you gained life this turn" is the statics'
    # gained_life, read by their grammar)
    (r"you(?:'ve)? gained " + _N + r" or more life this turn", "you_gained_life", True),
    # 119.3: an opponent (one of them) / a player lost life this turn, in all
    (r"an opponent lost life this turn", "opponent_lost_life", False),
    (r"an opponent lost " + _N + r" or more life this turn", "opponent_lost_life", True),
    (r"a player lost " + _N + r" or more life this turn", "player_lost_life", True),
    # 700.11 (seed 000, line 3019: descend): "you descended
    # this turn" means a permanent card was put into your graveyard from anywhere this turn
    (r"you descended this turn", "you_descended", False),
]
_COMPILED = [(re.compile(p), what, numbered) for p, what, numbered in _TEMPLATES]


def read(words: str) -> dict | None:
    """The Condition (a dict of the vocabulary) of a condition on this turn's history, or None if the words are no
    such condition."""
    for pattern, what, numbered in _COMPILED:
        m = pattern.fullmatch(words)
        if m is not None:
            if not numbered:
                return {"this_turn": what}
            n = m.group(1)
            return {"this_turn": what, "at_least": int(n) if n.isdigit() else _NUMBERS[n]}
    return None
