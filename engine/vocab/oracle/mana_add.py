"""The "Add ..." sentence of a mana ability (106.1, 605.3; issue 21), read by the grammar mana_add.lark: the mana one
activation may add, each option mana symbols, or CHOSEN for "one mana of the chosen color" (614.12: the color chosen
as the permanent entered, which engine/vocab/activation.py mana_options puts in its place). "{T}: Add {G}." ->
["{G}"]; "Add {U} or {R}" -> ["{U}", "{R}"]; "Add {B} or one mana of the chosen color" -> ["{B}", CHOSEN]; "Add one
mana of any color" -> the five colors; "Add one mana of any color in your commander's color identity" -> [IDENTITY]
(903.4: the loop puts the colors of its controller's commanders in its place); "Add two mana of any one color" ->
{W}{W}, {U}{U}, ...; "Add two mana in any combination of colors" -> {W}{W}, {W}{U}, ... (each way, their order
aside); "Add two mana of different colors" -> {W}{U}, {W}{B}, ... (no color twice); "Add six {G}" ->
{G}{G}{G}{G}{G}{G}. Words the grammar doesn't read all: None."""

from __future__ import annotations

import itertools
from functools import lru_cache

from lark import Transformer
from lark.exceptions import LarkError

from engine.vocab.oracle.objects import HERE, NotRead, read_tree

ANY_COLOR = ("{W}", "{U}", "{B}", "{R}", "{G}")  # 105.1, in WUBRG order
CHOSEN = "chosen"  # 614.12: the chosen color's mana
IDENTITY = "identity"  # 903.4: a color of the commander's color identity (engine/game/mana_identity.py)
_NUMBERS = {"two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}


def _combinations(count: int, symbols) -> list[str]:
    return ["".join(c) for c in itertools.combinations_with_replacement(symbols, count)]


class _Reader(Transformer):
    def ma_add(self, c):
        return c[0]

    def ma_instead(self, c):
        return str(c[0]), c[1]

    def ma_single(self, c):
        return [c[0]]

    def ma_either(self, c):
        if len(set(c)) != len(c):
            raise NotRead("the same mana twice among the options")
        return list(c)

    def ma_any_color(self, _):
        return list(ANY_COLOR)

    def ma_identity(self, _):
        return [IDENTITY]

    def ma_one_color(self, c):
        return [s * _NUMBERS[str(c[0])] for s in ANY_COLOR]

    def ma_combination(self, c):
        return _combinations(_NUMBERS[str(c[0])], ANY_COLOR)

    def ma_combination_of(self, c):
        kinds = [str(x) for x in c[1:]]
        if len(set(kinds)) != len(kinds) or any(k.count("{") != 1 for k in kinds):
            raise NotRead("a combination of kinds of mana, each one symbol, none twice")
        return _combinations(_NUMBERS[str(c[0])], kinds)

    def ma_different(self, c):  # 106.1, 105.1: no two of the same color
        return ["".join(x) for x in itertools.combinations(ANY_COLOR, _NUMBERS[str(c[0])])]

    def ma_times(self, c):
        return [str(c[1]) * _NUMBERS[str(c[0])]]

    def ma_symbols(self, c):
        return str(c[0])

    def ma_chosen(self, _):
        return CHOSEN


@lru_cache(maxsize=2)
def _parser(start: str = "ma_add"):
    """The grammar's parser (mana_add.lark alone: its words name no object)."""
    from lark import Lark

    return Lark((HERE / "mana_add.lark").read_text(encoding="utf-8"), start=start, parser="earley")


@lru_cache(maxsize=1024)
def options(sentence: str) -> tuple[str, ...] | None:
    """The options of the mana ability's sentence "Add ..." (with or without its period), or None."""
    try:
        return tuple(read_tree(_Reader(), _parser().parse(sentence)))
    except (LarkError, NotRead):
        return None


@lru_cache(maxsize=256)
def instead(sentence: str) -> tuple[str, tuple[str, ...]] | None:
    """608.2c: the condition's words and the options of "If [condition], add [mana] instead." (the sentence after a
    mana ability's "Add ..."), or None."""
    try:
        words, found = read_tree(_Reader(), _parser("ma_instead").parse(sentence))
    except (LarkError, NotRead):
        return None
    return words, tuple(found)
