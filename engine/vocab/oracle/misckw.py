"""Keyword abilities past 702.42 whose line is an ability of another family's words (issue 21, current official
rules: the seed text stops at 702.42).

702.177a (current official rules): "An exhaust ability is a special kind of activated ability. 'Exhaust — [Cost]:
[Effect]' means '[Cost]: [Effect]. Activate only once.'" The paragraph after "Exhaust — " is compiled as any
activated ability is (compile.compile_paragraph, family 5 and the others); it is an exhaust ability only when that
reading is exactly one activated ability that the game loop checks the restrictions of as it is activated
(engine/game/conditions.py: ``restrictions``, which reads ``exhaust``): not a mana ability (605.3a: those are
activated by engine/game/mana.py, which doesn't read the restrictions of 602.5b). "Exhaust" is no ability word
(207.2c): it has rules meaning, and is never dropped.
"""

from __future__ import annotations

import re

# 702.177a: "Exhaust — [Cost]: [Effect]" (the em dash as the Oracle text prints it)
EXHAUST = re.compile(r"Exhaust — (?=\S)")


def is_exhaust(paragraph: str) -> bool:
    """Is this paragraph an exhaust ability's line (702.177a)?"""
    return EXHAUST.match(paragraph) is not None


def exhaust(paragraph: str, name: str, legendary: bool, compile_paragraph) -> list | None:
    """702.177a: the exhaust ability a paragraph "Exhaust — [Cost]: [Effect]" is, or None when its
    "[Cost]: [Effect]" is not one activated ability the loop executes (not a mana ability: 605.3a)."""
    rest = paragraph[EXHAUST.match(paragraph).end():]
    found = compile_paragraph(rest, name, legendary)
    if found is None or len(found) != 1:
        return None
    (ability,) = found
    if getattr(ability, "kind", None) != "activated" or ability.mana or ability.loyalty or ability.exhaust:
        return None
    return [ability.model_copy(update={"exhaust": True})]
