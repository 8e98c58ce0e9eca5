"""What the coverage of the Oracle compiler is measured by (issue 21, docs/card-coverage.md): the
family of each ability of a card, the programs that execute it, and the template of a paragraph that
doesn't compile.

- A compiled ability's family is its kind's (a keyword: 1; a characteristic-defining ability, or a
  static ability whose words have a continuous effect's shape (the test below): 2; another compiled
  static ability: 0; a restriction, requirement or combat cost: 3; a replacement or
  prevention effect: 4; a triggered, activated or spell ability: 5; a spell's own additional cost,
  601.2b, is part of casting it: 5, as its words say when it isn't compiled).
- A paragraph kept as text is given the family its words say (the words of 603.1, 602.1, 113.3a for
  family 5; a continuous effect's shape, engine/vocab/oracle/statics.py's ``continuous_static`` (the
  denominator of family 2's figure), for 2;
  the words of combat restrictions and requirements, 508.1c-d, for 3; of replacement and prevention
  effects, 614.1, 615.1, for 4), else 0, "other static abilities". This is a measure, not a reading:
  it decides nothing a program does.
- Its template is its words with the card's name as ``~``, numbers as ``N`` and generic or X mana as
  ``{N}``: the 50 most frequent ones that don't compile are the next work.
"""

from __future__ import annotations

import re

FAMILIES = {1: "keyword abilities (702)", 2: "continuous effects of static abilities (611.3, 613)",
            3: "combat restrictions, requirements and costs (508.1, 509.1)",
            4: "replacement and prevention effects (614, 615)",
            5: "triggered and activated abilities, spells (603, 602, 608)", 0: "other static abilities (604)"}
# "none": abilities with nothing to execute in a game in progress, rules of deck construction (113.6p: Partner,
# "Choose a Background"; engine/vocab/keyword_programs.py DECK_KEYWORDS), compiled and counted as such, never as a program's
PROGRAMS = ("layers", "combat", "replace", "play", "none")

_KIND_FAMILY = {"keyword": 1, "static": 2, "characteristic_defining": 2, "restriction": 3, "requirement": 3,
                "combat_cost": 3, "replacement": 4, "prevention": 4, "triggered": 5, "activated": 5, "spell": 5, "mode": 5}
_COMBAT = re.compile(r"\b(can't (attack|block|be blocked)|can block|attacks? each (combat|turn)|blocks? each "
                     r"(combat|turn)|must be blocked|able to block|attack or block|can't attack or block)\b", re.I)
_REPLACE = re.compile(r"\b(instead|enters? (tapped|with|as)|as (~|this [a-z]+) enters|prevent|skip|would)\b", re.I)
# which program an executable_by phrase names (engine/vocab/cardfile.py)
_PROGRAM = (("layers", "layers"), ("attack", "combat"), ("block", "combat"), ("damage", "combat"),
            ("replace", "replace"), ("play", "play"), ("cost", "play"), ("state-based", "play"),
            ("none in a game in progress", "none"))


def family(kind: str, compiled: bool, bare: str = "") -> int:
    """The family of an ability: its kind's when compiled, else the one its words say (see above)."""
    from engine.vocab.oracle.statics import continuous_static

    fam = _KIND_FAMILY.get(kind, 0)
    if compiled and fam == 2 and kind == "static":
        # one test for the numerator and the denominator of family 2's figure: a compiled static ability
        # counts there when its words have a continuous effect's shape, as an uncompiled one does; a
        # static ability the loop executes otherwise ("You may look at the top card of your library any
        # time", an activation restriction) is an other static ability (604)
        return 2 if continuous_static(bare) else 0
    if compiled or fam in (1, 5):
        return fam
    if fam in (3, 4):  # a hand file's kind
        return fam
    if _COMBAT.search(bare):
        return 3
    if continuous_static(bare):
        return 2
    if _REPLACE.search(bare):
        return 4
    return 0


def programs(executed_by: str | None) -> list[str]:
    """The programs an ``executable_by`` answer names, in PROGRAMS order."""
    # (a keyword's "as its definition (702.97a: '[words]'): play ...": the program after the quoted words, 702)
    found = {prog for part in (executed_by or "").split(", ") for word, prog in _PROGRAM
             if part.rsplit("'): ", 1)[-1].lstrip().startswith(word)}
    return [p for p in PROGRAMS if p in found]


def template(bare: str) -> str:
    """A paragraph's template: numbers N, generic and X mana {N} (the name is already ~)."""
    text = re.sub(r"\{[0-9X]+\}", "{N}", bare)
    return re.sub(r"(?<![\w{])[0-9]+(?![\w}])", "N", text)
