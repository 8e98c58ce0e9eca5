"""Family 5 of the Oracle grammar (issue 21), conditions of "Activate only if [condition]." (602.5b) that the statics'
grammar doesn't read: "you have exactly seven cards in hand" (Library of Alexandria): the cards in its controller's
hand (402.1) counted as the statics' "you have seven or more cards in hand" counts them, between ``at_least`` and
``at_most`` (engine/game/conditions.py: ``holds``). The words are read whole (fullmatch) or not at all."""

from __future__ import annotations

import re

_NUMBERS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                         "ten"))}
_EXACTLY = re.compile(r"you have exactly (one|two|three|four|five|six|seven|eight|nine|ten|\d+) cards? in hand")


def read(words: str) -> dict | None:
    """The Condition (a dict of the vocabulary) of "you have exactly N cards in hand", or None for other words."""
    m = _EXACTLY.fullmatch(words)
    if m is None:
        return None
    n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1)]
    return {"count": {"zone": "hand", "owner": "you"}, "at_least": n, "at_most": n}
