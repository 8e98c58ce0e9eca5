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
