"""Mana whose spending is restricted (106.6, issue 21, branch r7-spendonly): the last sentence of a mana ability,
"Spend this mana only to cast a creature spell.", "Spend this mana only to cast instant and sorcery spells.",
"... to cast an instant or sorcery spell.", "... to cast noncreature spells.", "... to cast spells." (106.6: some
abilities that produce mana restrict how that mana can be spent; the mana keeps its type).

The spells are read by costs.lark's ``cs_spells`` (the spells of cost rules, engine/vocab/oracle/costs.py) into a
selector the game loop matches against the spell being cast (601.2h: the restricted mana pays only its cost;
engine/game/spend_only.py). The singular "a creature spell", "an instant or sorcery spell" (one spell at a time: the
mana pays for the spell it is spent on) is read as the plural "creature spells", "instant and sorcery spells" says
it (a spell that has one of those types). Not read (the sentence stays, and the ability is not executable): spending
on abilities ("to activate abilities", "or activate abilities of artifacts"), "of the chosen type", "you cast",
"and that spell can't be countered", anything cs_spells doesn't consume.

The Powerstone's (111.10h) and Vibranium's (111.10w) "This mana can't be spent to cast a nonartifact spell." (106.6):
the mana pays for artifact spells and for anything that is not casting a spell (an activated ability's cost, a cost
an effect asks): read as the spells "artifact spells" with :func:`anything_else` true (the game loop lets that mana pay
costs other than a spell's, engine/game/spend_only.py).
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark.exceptions import LarkError

from engine.vocab.oracle.costs import _Costs
from engine.vocab.oracle.objects import NotRead, parser, read_tree
from engine.vocab.selector import Selector

# 106.6: the sentence, last in the ability's text: "a[n] ... spell" (group 1) or "... spells" / "spells" (group 2)
_SENTENCE = re.compile(r" Spend this mana only to cast (?:(an?) ((?:[\w-]+ )*?[\w-]+) spell|((?:[\w-]+ )*?spells))\.$")
# "an instant or sorcery spell": one spell that is either: the plural's "instant and sorcery spells" (cs_either_type)
# 106.6, 111.10h: "This mana can't be spent to cast a nonartifact spell." (group 1: the type the "non" denies)
_CANT = re.compile(r" This mana can't be spent to cast a non(artifact) spell\.$")
_EITHER = re.compile(r"^(\w+) or (\w+)$")


def split(text: str) -> tuple[str, Selector | None]:
    """The mana ability ``text`` without its last sentence "Spend this mana only to cast ..." and the spells that
    mana may pay for (106.6), as a selector; ``text`` itself and None when it has no such sentence or the sentence
    isn't read (then the text still holds it, and nothing reads the ability: never half-read)."""
    m = _SENTENCE.search(text)
    if m is None:
        cant = _CANT.search(text)
        return (text, None) if cant is None else (text[:cant.start()], _spells(None, f"{cant.group(1)} spells"))
    if m.group(1) is not None and (m.group(1) == "an") != (m.group(2)[0].lower() in "aeiou"):
        return text, None  # "a" before a consonant sound, "an" before a vowel
    sel = _spells(m.group(2), m.group(3))
    return (text, None) if sel is None else (text[:m.start()], sel)


@lru_cache(maxsize=256)
def _spells(singular: str | None, plural: str | None) -> Selector | None:
    if singular is not None:
        either = _EITHER.match(singular)
        plural = (f"{either.group(1)} and {either.group(2)}" if either else singular) + " spells"
        if " or " in plural or " and " in singular or "," in singular:
            return None  # "a Cleric, Rogue, Warrior, or Wizard spell", "an artifact and creature spell"
    words = plural[:1].upper() + plural[1:]
    try:
        tree = parser("costs", ("cs_spells",)).parse(words)
        fields = read_tree(_Costs(), tree)
    except (LarkError, NotRead):
        return None
    if fields.get("chosen_creature_type") or "controller" in fields:
        return None  # the source's chosen type, "you cast": not read here
    return Selector.model_validate(fields)


def anything_else(text: str) -> bool:
    """106.6: whether the mana of the ability ``text`` may pay anything but casting a spell too ("This mana can't be
    spent to cast a nonartifact spell.": the Powerstone's, 111.10h), not only the spells :func:`split` reads."""
    return _CANT.search(text) is not None
