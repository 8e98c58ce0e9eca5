"""Mana costs and mana symbols (107.4, 202.1-202.3).

A mana cost is a string of symbols such as ``{2}{W}{W}``, ``{X}{R}{R}``, ``{G/U}``, ``{2/W}``,
``{W/P}`` or ``{C}``. This module parses it, computes the mana value (202.3) and the colors the
cost gives the object (202.2).
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from asp_rules.rulesdata import COLORS  # 105.1, in WUBRG order

LETTER_TO_COLOR = {"W": "white", "U": "blue", "B": "black", "R": "red", "G": "green"}
COLOR_TO_LETTER = {v: k for k, v in LETTER_TO_COLOR.items()}

_SYMBOL = re.compile(r"\{([^{}]+)\}")
_COST = re.compile(r"^(\{[^{}]+\})*$")


@dataclass(frozen=True)
class ManaSymbol:
    text: str  # without braces, e.g. "2", "W", "G/U", "2/W", "W/P", "X", "C", "S"

    @property
    def colors(self) -> frozenset[str]:
        """The colors this symbol has (202.2, 107.4)."""
        return frozenset(LETTER_TO_COLOR[c] for c in self.text.split("/") if c in LETTER_TO_COLOR)

    @property
    def value(self) -> int:
        """This symbol's contribution to mana value (202.3)."""
        t = self.text
        if t.isdigit():
            return int(t)
        if t in ("X", "Y", "Z"):
            return 0  # 202.3e: X is 0 everywhere but on the stack
        parts = t.split("/")
        if len(parts) == 2 and parts[0].isdigit():
            return int(parts[0])  # 202.3f: {2/W} counts as its largest component
        return 1  # colored, hybrid, Phyrexian, colorless {C}, snow {S}


_VALID = re.compile(
    r"^(\d+|[WUBRGCSXYZ]|[WUBRG]/[WUBRG]|\d+/[WUBRG]|[WUBRG]/P|[WUBRG]/[WUBRG]/P|C/[WUBRG])$"
)


def parse_cost(cost: str) -> list[ManaSymbol]:
    """Parse ``{2}{W}{W}``; raise ValueError naming the bad symbol."""
    return list(_symbols(cost))


@functools.lru_cache(maxsize=1024)
def _symbols(cost: str) -> tuple[ManaSymbol, ...]:
    """parse_cost, once per cost text (every object loaded reads its card's cost)."""
    if not _COST.match(cost):
        raise ValueError(f"{cost!r} is not a mana cost (write symbols in braces, e.g. {{2}}{{W}}{{W}})")
    symbols = [ManaSymbol(m.group(1).upper()) for m in _SYMBOL.finditer(cost)]
    for s in symbols:
        if not _VALID.match(s.text):
            raise ValueError(f"{{{s.text}}} is not a mana symbol")
    return tuple(symbols)


def mana_value(cost: str | None) -> int:
    """202.3: the total amount of mana in the cost; an object without a cost has mana value 0."""
    if not cost:
        return 0
    return sum(s.value for s in _symbols(cost))


def cost_colors(cost: str | None) -> list[str]:
    """202.2: an object is the color or colors of the mana symbols in its mana cost (WUBRG order)."""
    return list(_cost_colors(cost)) if cost else []


@functools.lru_cache(maxsize=1024)
def _cost_colors(cost: str) -> tuple[str, ...]:
    found: set[str] = set()
    for s in _symbols(cost):
        found |= s.colors
    return tuple(c for c in COLORS if c in found)
