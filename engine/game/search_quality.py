"""The qualities of the card a library search looks for (701.23a; issue 21), for engine/game/library_ops.py's search:
search_library's ``card`` selector ("a legendary card", "a green creature card", "an instant card or a card with
flash", "with mana value 6 or greater") matched by the selector machinery (bridge/selectors.py), as the look operations'
(library_ops._able) are. This module only asks it."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext


def matching(game, op, cards: list[str], player: str, source: str | None) -> list[str]:
    """The cards of ``cards`` that the op's ``card`` selector matches (all of them when it has none)."""
    sel = getattr(op, "card", None)
    if sel is None:
        return cards
    st = game.state
    choices = st.objects[source].choices if source in st.objects else {}
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, player, (), choices)
    return [x for x in cards if ctx.match(sel, x)]


def least(op, n: int, able: list[str]) -> int:
    """701.23d: how many cards the player must find: a search for a quantity of cards only ("a card", "three cards",
    no quality) finds that many, or as many as the library holds; one for cards of a stated quality, or for up to N
    cards, may find fewer (701.23b: none)."""
    quality = (op.types or op.supertypes or op.subtypes or op.mana_value_at_most is not None or op.same_name
               or getattr(op, "named", None) or getattr(op, "card", None) is not None or getattr(op, "any_number", False))
    if quality or not (getattr(op, "exactly", False) or n == 1):
        return 0
    return min(n, len(able))
