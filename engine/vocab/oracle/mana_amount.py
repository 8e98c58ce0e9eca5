"""Mana abilities that add an amount of mana counted as they resolve (issue 21).

- "{T}: Add {G} for each creature you control." (Gaea's Cradle), "{2}, {T}: Add {B} for each Swamp you control."
  (Cabal Coffers), "{T}: Add {C} for each charge counter on this artifact." (Everflowing Chalice's kind), "{T}: Add
  {G} for each Elf on the battlefield." (106.1: that mana, once for each object counted);
- "{T}: Add X mana of any one color, where X is the number of creature cards in your graveyard.", "... where X is
  this creature's power" (107.3a: X defined by the text; 106.1: X mana of one color its controller chooses);
- "{T}: Add an amount of {G} equal to this creature's power." (Marwyn's kind), "... equal to the number of ...".

605.3b: a mana ability resolves at once, as it is activated: the number is counted then (608.2h: the information
the effect needs is determined once, as it resolves). The counted phrase is read by statics.lark's ``st_counted``
("for each X", the same words a static ability's "gets +1/+1 for each X" counts) and ``st_value`` ("the number of
X", "twice the number of X", ...), into a Count of the vocabulary (engine/vocab/selector.py), which the loop
counts with the selector machinery (engine/game/mana_amount.py: instructions.count_of); "this creature's power"
(or toughness, the card's name for "this creature": 201.5) is the Total of the source's own (208.2).
- "{T}: Add one mana of any type that a land you control could produce." (Reflecting Pool), "{T}: Add one mana of
  any color that a land an opponent controls could produce." (Exotic Orchard), "... that a Gate you control could
  produce" (106.7: the types of mana the abilities of those permanents would produce if they resolved now, their costs
  aside; "any color": not colorless; none: the ability adds no mana). -> (type | color, the selector of those
  permanents): `could_produce`; the loop finds the types (engine/game/mana_amount.py).

Not read (the ability stays not executable): a value the loop's count_of doesn't count (devotion, "the greatest
power among ...", a life total), anything the two productions don't consume.
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark.exceptions import LarkError

from engine.vocab.oracle.objects import NotRead, parser, read_tree
from engine.vocab.selector import Count, Selector, Total

# 106.1: "Add {G} for each ..." (group 1: the mana added once for each; group 2: what is counted)
_EACH = re.compile(r"Add ((?:\{[WUBRGC]\})+) for each (.+)\.")
# 107.3a, 106.1: "Add X mana of any one color, where X is ..." (group 1: the value)
_X_ONE_COLOR = re.compile(r"Add X mana of any one color, where X is (.+)\.")
# 106.1: "Add an amount of {G} equal to ..." (group 1: the mana; group 2: the value)
_AMOUNT = re.compile(r"Add an amount of (\{[WUBRGC]\}) equal to (.+)\.")
# 208.2: the source's own power or toughness ("~" for its name, 201.5; group 1: a name not read as "~", when the
# card's name is not known: the text of an ability alone, whose name is its card's)
_OWN = re.compile(r"(?:~|this creature|([A-Z][\w-]*(?: [A-Z][\w-]*)*))'s (power|toughness)")


def read(effect: str, name: str = "") -> tuple[str | None, Count | Total] | None:
    """The mana ``effect`` ("Add {G} for each creature you control.") adds once for each of its value, and that
    value (a Count or a Total): (the mana, value) for a fixed mana ("{G}"); (None, value) for "X mana of any one
    color" (the color chosen as it resolves, 106.1); None when it is no such effect or its words aren't all read."""
    text = _named(effect, name)
    own = _OWN.search(text)
    if own is not None and own.group(1) and name:
        return None  # another object's name than the card's
    each = _EACH.fullmatch(text)
    if each is not None:
        value = _value("st_counted", each.group(2))
        return None if value is None else (each.group(1), value)
    x = _X_ONE_COLOR.fullmatch(text)
    amount = _AMOUNT.fullmatch(text) if x is None else None
    if x is None and amount is None:
        return None
    value = _value("st_value", x.group(1) if x is not None else amount.group(2))
    return None if value is None else (None if x is not None else amount.group(1), value)


def _named(text: str, name: str) -> str:
    """The card's name (or a legendary card's short name before its comma, 201.5c) read as "~" (201.5)."""
    for n in filter(None, (name, name.split(",")[0] if ", " in name else "")):
        text = text.replace(n, "~")
    return text


@lru_cache(maxsize=256)
def _value(start: str, words: str) -> Count | Total | None:
    own = _OWN.fullmatch(words)
    if own is not None:  # 208.2: the source's power or toughness as the ability resolves
        return Total(total=own.group(2), of=Selector.model_validate({"self": True}))
    try:
        fields = read_tree(_statics(), parser("statics", (start,)).parse(words))
    except (LarkError, NotRead):
        return None
    if start == "st_counted":  # a selector, the counters of a kind on it kept as "_counters" (statics_values._count)
        fields = _count(fields)
    if not isinstance(fields, dict) or "count" not in fields or fields.get("devotion") or "any_of" in fields["count"]:
        return None  # devotion, "your life total", "the greatest ...", a sum over two zones: not counted by count_of
    try:
        return Count.model_validate(fields)
    except ValueError:
        return None


def _statics():
    from engine.vocab.oracle.statics import _Statics  # (the statics family's reader, as oneshot_cond.py does)

    return _Statics()


def _count(sel) -> dict | None:
    from engine.vocab.oracle.statics_values import _count as count

    return count(sel) if isinstance(sel, dict) else None


# 106.7: "Add one mana of any type that a land you control could produce." (group 1: type | color; 2: the permanent)
_COULD = re.compile(r"Add one mana of any (type|color) that (?:a|an) (.+) could produce\.")


def could_produce(effect: str) -> tuple[str, Selector] | None:
    """106.7: ("type" | "color", the selector of the permanents) of "Add one mana of any type that a land you control
    could produce."; None for another effect or words st_counted doesn't read."""
    m = _COULD.fullmatch(effect)
    if m is None:
        return None
    sel = _selector(m.group(2))
    return None if sel is None else (m.group(1), sel)


@lru_cache(maxsize=64)
def _selector(words: str) -> Selector | None:
    try:
        fields = read_tree(_statics(), parser("statics", ("st_counted",)).parse(words))
    except (LarkError, NotRead):
        return None
    if not isinstance(fields, dict) or any(k.startswith("_") for k in fields):
        return None  # (counters on it, basic land types: no permanent)
    try:
        return Selector.model_validate(fields)
    except ValueError:
        return None
