"""Mana abilities whose cost sets the amount of mana they add (106.1, 107.3a, 122.1, 605.3; issue 21): "{T}, Remove any
number of storage counters from this land: Add {W} for each storage counter removed this way." (the storage lands),
"{1}, Remove X storage counters from this land: Add X mana in any combination of {W} and/or {U}.", "{T}, Remove any
number of charge counters from this artifact: Add {B}, then add an additional {B} for each charge counter removed this
way." (the Mana Batteries), read by engine/vocab/oracle/mana_x.py.

The options of one activation are those of each X from the most counters of that kind on the source (122.1: no more
can be removed, 118.3) down to 0 (107.3a; "any number of": that many, chosen as the cost is paid, 601.2h); the mana the
player chooses ({id: LETTERS}: "WWU" for X = 3; a single letter: the most of it, as for the other mana abilities,
engine/game/mana.py) gives the X, the number of counters the cost removes (engine/game/cost_parts.py). "Add an amount of
{B} equal to the sacrificed artifact's mana value." (Priest of Yawgmoth): that of the permanent chosen to pay the
cost's sacrifice, as it last existed (608.2h, 112.7a)."""

from __future__ import annotations

from engine.game.amounts import sacrificed_values
from engine.game.common import _name
from engine.vocab.activation import mana_x


def options(game, oid: str, effect: str, cost) -> list[str] | None:
    """The mana one activation of the ability whose effect is ``effect`` (its cost ``cost``) may add, the most first;
    None for an ability whose cost sets no X."""
    xmana = mana_x(effect)
    if xmana is None:
        return None
    if xmana.sacrificed is not None:  # (its kind: the amount once the permanent is chosen, :func:`sacrificed`)
        return [xmana.per[0]]
    part = next(p for p in cost.parts if p is not None and p.count == "x")  # (activation.py: fits, one such part)
    most = game.state.objects[oid].counters.get(part.counter, 0)
    return list(dict.fromkeys(o for x in range(most, -1, -1) for o in xmana.options(x)))


def x_of(effect: str, option: str) -> int | None:
    """107.3a: the X the chosen mana ``option`` gives the cost (the counters it removes); None for another ability."""
    xmana = mana_x(effect)
    return None if xmana is None or xmana.sacrificed is not None else xmana.x_of(option)


def sacrificed(game, effect: str, add: str, chosen: list[str]) -> str:
    """608.2h, 112.7a: the mana "Add an amount of {B} equal to the sacrificed artifact's mana value." adds, the value
    that of the permanent ``chosen`` to pay the cost (its one sacrifice), as it is just before it is sacrificed (as it
    last existed on the battlefield); ``add`` itself for another ability."""
    xmana = mana_x(effect)
    if xmana is None or xmana.sacrificed is None:
        return add
    n = max(0, int((sacrificed_values(game, chosen) or {}).get(xmana.sacrificed) or 0))
    game.say("608.2h", f"X is {n}: the {xmana.sacrificed.replace('_', ' ')} of {_name(game.state, chosen[0])}, "
                       "sacrificed to pay the cost")
    return xmana.per[0] * n
