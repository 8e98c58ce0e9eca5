"""Mana abilities that add an amount counted as they resolve (106.1, 605.3b, 608.2h): "{T}: Add {G} for each creature
you control.", "{T}: Add X mana of any one color, where X is the number of creature cards in your graveyard.", "{T}:
Add an amount of {G} equal to this creature's power." (engine/vocab/oracle/mana_amount.py reads them). The loop
counts the value with the selector machinery (instructions.count_of), on the characteristics after the layers, once
the ability's cost (its mana and {T} only: engine/vocab/activation.py, loop_mana_ability) is paid, as it resolves."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.game.instructions import count_of
from engine.vocab.activation import ANY_COLOR, mana_amount, mana_options


def _count(game, oid: str, player: str, value) -> int:
    """608.2h: the value counted now (``oid``: the ability's source, "this creature"; ``player``: "you")."""
    st, layers = game.state, game.layers()
    return max(0, count_of(st, SelectorContext(st, characteristics(st, layers), oid, player, (), {}, layers.mana_values),
                           value))


def options(game, oid: str, player: str, effect: str, name: str, color: str | None) -> list[str]:
    """What one activation of the mana ability whose effect is ``effect`` may add (mana.py's choice among them): its
    mana_options; for an amount counted as it resolves, that mana once for each counted now (at least once here: the
    kind of mana chosen; :func:`recount` counts it again as it resolves)."""
    amount = mana_amount(effect, name)
    if amount is None:
        return mana_options(effect, color)
    mana, value = amount
    n = max(1, _count(game, oid, player, value))
    return [mana * n] if mana is not None else [c * n for c in ANY_COLOR]  # 106.1: X mana of any one color


def recount(game, oid: str, player: str, effect: str, name: str, chosen: str) -> str:
    """605.3b, 608.2h: as the ability resolves (its cost paid), the mana it adds: for an amount, the kind of mana
    ``chosen`` once for each counted now ("X is N"); else ``chosen`` itself."""
    amount = mana_amount(effect, name)
    if amount is None:
        return chosen
    n = _count(game, oid, player, amount[1])
    game.say("608.2h", f"X is {n} (counted as the mana ability resolves, 605.3b)")
    return (amount[0] or chosen[:3]) * n
