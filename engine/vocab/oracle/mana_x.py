"""The mana a mana ability adds in an amount its cost sets (106.1, 107.3a, 122.1, 605.3; issue 21), read by the
grammar mana_x.lark: the storage lands' "{T}, Remove any number of storage counters from this land: Add {W} for each
storage counter removed this way.", "{1}, Remove X storage counters from this land: Add X mana in any combination of
{W} and/or {U}.", the Mana Batteries' "{T}, Remove any number of charge counters from this artifact: Add {B}, then add
an additional {B} for each charge counter removed this way.", "{T}, Remove X +1/+1 counters from this creature: Add X
mana of any one color." (Haruspex).

The X (or "any number", chosen as the cost is paid, 601.2h) is the number of counters its cost removes from its source
(engine/vocab/activation.py: CostPart {verb: remove_counters, count: x}); the mana the player chooses for the ability
gives it (605.3: {id: LETTERS}, engine/game/mana_x.py). :func:`read` -> an :class:`XMana`; :meth:`XMana.options` the
mana one activation with that X adds. Words the grammar doesn't read all: None (the ability stays not executable)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from functools import lru_cache

from lark import Transformer
from lark.exceptions import LarkError

from engine.vocab.oracle.objects import HERE, NotRead, read_tree

ANY_COLOR = ("{W}", "{U}", "{B}", "{R}", "{G}")  # 105.1, in WUBRG order


@dataclass(frozen=True)
class XMana:
    """What one activation adds for an X: ``base`` (added once whatever X is: "Add {B}, then add an additional {B} for
    each ..."), then X mana: of ``per`` ("each": that one symbol X times; "combination": X of those kinds, their order
    aside; "one_color": X of one of them). ``counter``: the kind of counter "removed this way" names (None for X).
    ``sacrificed``: "mana_value", "power" or "toughness": X is that of the permanent the cost sacrificed (608.2h, 112.7a:
    as it last existed on the battlefield), ``noun`` the card type its words name ("the sacrificed artifact's")."""
    mode: str
    per: tuple[str, ...]
    base: str = ""
    counter: str | None = None
    sacrificed: str | None = None
    noun: str | None = None

    def options(self, x: int) -> list[str]:
        """106.1: the mana one activation with that X may add (each its own option, 605.3)."""
        if self.mode == "each":
            return [self.base + self.per[0] * x]
        if self.mode == "one_color":
            return [self.base + c * x for c in self.per]
        return [self.base + "".join(c) for c in itertools.combinations_with_replacement(self.per, x)]

    def x_of(self, option: str) -> int:
        """The X of an option :meth:`options` gave (the number of its symbols after ``base``)."""
        return (option.count("{") - self.base.count("{"))


class _Reader(Transformer):
    def mx_add(self, c):
        return c[0]

    def mx_each(self, c):
        return XMana("each", (str(c[0]),), counter=str(c[1]))

    def mx_then_each(self, c):
        if str(c[0]) != str(c[1]):
            raise NotRead("'Add {B}, then add an additional {G} ...': another mana")
        return XMana("each", (str(c[1]),), base=str(c[0]), counter=str(c[2]))

    def mx_sacrificed(self, c):
        return XMana("each", (str(c[0]),), sacrificed=str(c[2]).replace(" ", "_"), noun=str(c[1]).capitalize())

    def mx_combination_of(self, c):
        if str(c[0]) == str(c[1]):
            raise NotRead("a combination of one kind of mana")
        return XMana("combination", (str(c[0]), str(c[1])))

    def mx_combination(self, _):
        return XMana("combination", ANY_COLOR)

    def mx_one_color(self, _):
        return XMana("one_color", ANY_COLOR)


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    return Lark((HERE / "mana_x.lark").read_text(encoding="utf-8"), start="mx_add", parser="earley")


@lru_cache(maxsize=256)
def read(sentence: str) -> XMana | None:
    """The :class:`XMana` of the mana ability's sentence "Add ..." (with or without its period), or None."""
    try:
        return read_tree(_Reader(), _parser().parse(sentence))
    except (LarkError, NotRead):
        return None


def fits(xmana: XMana, parts) -> bool:
    """Whether the cost ``parts`` (activation.py's CostParts) set the X of ``xmana``: one part removing X (or "any
    number of") counters from the source itself, of the kind "removed this way" names; no other X. "The sacrificed
    artifact's": one part sacrificing one permanent of that card type (not the source: "this artifact"), no X."""
    xs = [p for p in parts if p is not None and p.count == "x"]
    if xmana.sacrificed is not None:
        sac = [p for p in parts if p is not None and p.verb == "sacrifice"]
        return not xs and len(sac) == 1 and sac[0].count == 1 and sac[0].what is not None and not sac[0].what.self_ \
            and (xmana.noun == "Permanent" and not sac[0].what.types and not sac[0].what.any_types
                 or [xmana.noun] in (sac[0].what.types, sac[0].what.any_types))
    return len(xs) == 1 and xs[0].verb == "remove_counters" and xs[0].what is not None and xs[0].what.self_ \
        and xmana.counter in (None, xs[0].counter)
