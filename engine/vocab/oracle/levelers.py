"""Leveler cards (issue 21, family 2): the level symbols of a leveler's text box, each a keyword ability
that is a static ability (107.8; 711, "Leveler Cards"; the current official rules), compiled into the
vocabulary's static ability with a condition on the level counters on the creature.

In the card data a level symbol is a paragraph of its own ("LEVEL 2-6", "LEVEL 7+"), followed by the
power/toughness box of its band ("3/3") and by the abilities printed in the same band, one paragraph each,
up to the next level symbol or the end of the text ("First strike"). 107.8a: "{LEVEL N1-N2} [Abilities]
[P/T]" means "As long as this creature has at least N1 level counters on it, but no more than N2 level
counters on it, it has base power and toughness [P/T] and has [abilities]." 107.8b: "{LEVEL N3+}
[Abilities] [P/T]": "As long as this creature has N3 or more level counters on it, ...". So a band is

    {kind: static, continuous: {if: {count: {self: true}, counters: level, at_least: N1, at_most: N2},
                                do: [{op: set_base_pt, power: P, toughness: T},
                                     {op: add_abilities, abilities: [...]}]}}

executed by the layers program (613.4b, layer 7b; 613.1f, layer 6). Its abilities are granted as statics
grants a quoted ability (engine/vocab/oracle/grants.py: keywords, "{T}: Add ..." mana abilities, activated
and triggered abilities the game loop executes on the object that has them); a band with an ability that
can't be granted so is not compiled (its paragraphs stay as they were: never half-read). The keyword
"Level up [cost]" (702.87a) is the loop's (engine/vocab/keyword_costs.py: LevelUpAbility).
"""

from __future__ import annotations

import re

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.words import REMINDER

LEVEL = re.compile(r"LEVEL (\d+)(?:-(\d+)|\+)")
PT_BOX = re.compile(r"(\d+)/(\d+)")


def bands(paragraphs: list[str], name: str = "") -> dict[int, tuple[int, dict]]:
    """The level symbols among a card's paragraphs: {index of the symbol's paragraph: (how many paragraphs
    its band is, the static ability dict, with its text)}, for each band that compiles."""
    starts = [i for i, p in enumerate(paragraphs) if LEVEL.fullmatch(p.strip())]
    out: dict[int, tuple[int, dict]] = {}
    for k, i in enumerate(starts):
        end = starts[k + 1] if k + 1 < len(starts) else len(paragraphs)
        try:
            out[i] = (end - i, band(paragraphs[i:end], name))
        except NotRead:
            continue
    return out


def band(paragraphs: list[str], name: str = "") -> dict:
    """One band: its level symbol, its power/toughness box, its abilities (107.8a-b)."""
    m = LEVEL.fullmatch(paragraphs[0].strip())
    if m is None or len(paragraphs) < 2:
        raise NotRead("no level symbol and power/toughness box")
    box = PT_BOX.fullmatch(paragraphs[1].strip())
    if box is None:
        raise NotRead("a band without its power/toughness box")
    low, high = int(m.group(1)), m.group(2)
    condition = {"count": {"self": True}, "counters": "level", "at_least": low,
                 **({"at_most": int(high)} if high is not None else {})}
    if high is not None and int(high) < low:
        raise NotRead("an empty range of levels")
    do: list[dict] = [{"op": "set_base_pt", "power": int(box.group(1)), "toughness": int(box.group(2))}]
    granted = [g for p in paragraphs[2:] for g in _granted(p, name)]
    if granted:
        do.append({"op": "add_abilities", "abilities": granted})
    text = " ".join(" ".join(REMINDER.sub("", p).split()) for p in paragraphs)
    return {"kind": "static", "text": text, "continuous": {"if": condition, "do": do}}


def _granted(paragraph: str, name: str) -> list[dict]:
    """The abilities one paragraph of a band grants: keywords (702, as family 1 reads them), or one
    ability as grants reads a quoted one (the object that has it is the leveler itself)."""
    from engine.vocab.oracle.grants import granted_quote
    from engine.vocab.oracle.statics import _keywords

    text = " ".join(REMINDER.sub("", paragraph).split())
    if not text or '"' in text or (name and name in text):
        raise NotRead("an empty paragraph, a quote, or the card's name in a band")
    try:
        return _keywords(text)
    except NotRead:
        pass
    return [granted_quote(f'"{text}"')]


def compiled_bands(paragraphs: list[str], name: str = "") -> dict[int, tuple[int, list]]:
    """:func:`bands`, each ability validated by the vocabulary (a list of one model, as
    ``compile_paragraph`` gives), those it refuses left out (their paragraphs stay text)."""
    from pydantic import ValidationError

    from engine.vocab.oracle.compile import _ability

    out = {}
    for i, (n, ability) in bands(paragraphs, name).items():
        try:
            out[i] = (n, [_ability().validate_python(ability)])
        except (ValidationError, ValueError):
            continue
    return out
