"""Cards taken from among the cards looked at, one of each kind (401.2; issue 21), for engine/game/library_ops.py's
look_at_top with ``one_of_each``: "You may put a creature card and/or a land card from among them into your hand."
lets the player take up to one creature card and up to one land card, each card taken counted for one kind only (a
card that is both, Dryad Arbor, is one or the other). Which card has which kind is the selector machinery's
(bridge/selectors.py); this module only pairs the cards taken with distinct kinds."""

from __future__ import annotations

from itertools import combinations, permutations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.vocab.selector import Selector


def _kinds(op) -> list[Selector]:
    """The selectors of the kinds: one for each card type, or one for each subtype."""
    if op.types:
        return [Selector(zone="library", types=[t]) for t in op.types]
    return [Selector(zone="library", subtypes=[s]) for s in op.subtypes]


def _matches(game, player: str, cards: list[str], op) -> list[list[bool]]:
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), None, player, (), {})
    return [[ctx.match(sel, x) for sel in _kinds(op)] for x in cards]


def one_each(game, player: str, taken: list[str], op) -> bool:
    """401.2: the cards taken can be paired with distinct kinds (each card one of its own kinds)."""
    fits = _matches(game, player, taken, op)
    return len(taken) <= len(_kinds(op)) and any(
        all(fits[i][k] for i, k in enumerate(ks)) for ks in permutations(range(len(_kinds(op))), len(taken)))


def first_each(game, player: str, able: list[str], op) -> list[str]:
    """--auto: as many cards as can be taken, one for each kind, the first from the top (the largest set of the
    cards able that pairs with distinct kinds, earliest first)."""
    for n in range(min(len(able), len(_kinds(op))), 0, -1):
        for pick in (list(c) for c in combinations(able, n)):
            if one_each(game, player, pick, op):
                return pick
    return []

