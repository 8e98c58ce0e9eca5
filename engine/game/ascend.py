"""Ascend and the city's blessing (702.131, the current official rules: the seed text stops at 702.42), a keyword of the
game loop.

702.131a: ascend on an instant or sorcery spell is a spell ability: "If you control ten or more permanents and you don't
have the city's blessing, you get the city's blessing for the rest of the game." (:func:`on_resolution`, as the spell
resolves, before its other instructions: the cards print it first). 702.131b: ascend on a permanent is a static
ability: "Any time you control ten or more permanents and you don't have the city's blessing, you get the city's
blessing for the rest of the game." (:func:`check`, before each check of the state-based actions, on the permanents and
their controllers after the layers, 613.1b, 613.1f). 702.131c: the city's blessing is a player's designation
(engine/state/model.py ``city_blessing``), read by the condition ``city_blessing`` (the layers program's
cond_blessing/1, the game loop's engine/game/conditions.py). 702.131d: the continuous effects are applied again at once
(the loop's layers are recomputed from the state the next time they are read).
"""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.game.triggered import granted_in_force
from engine.vocab.selector import Selector

_YOURS = Selector(controller="you")  # the permanents a player controls (the selector machinery decides)
TEN = 10


def _has_ascend(state, layers, oid: str) -> bool:
    mine = [state.objects[h].printed.abilities[i - 1] for h, i in layers.printed_abilities.get(oid, ())]
    return any(getattr(ab, "kind", None) == "keyword" and ab.keyword == "ascend"
               for ab in mine + [ab for _i, ab in granted_in_force(state, layers, oid)])


def _permanents(state, chars, player: str) -> int:
    ctx = SelectorContext(state, chars, None, player, (), {})
    return sum(1 for x in state.battlefield if ctx.match(_YOURS, x))


def check(game) -> None:
    """702.131b: each controller of a permanent with ascend who controls ten or more permanents and doesn't have the
    city's blessing gets it."""
    st = game.state
    layers = game.layers()
    holders = sorted({layers.objects[x]["controller"] for x in st.battlefield
                      if layers.objects.get(x, {}).get("controller") and _has_ascend(st, layers, x)})
    if not holders:
        return
    chars = characteristics(st, layers)
    for p in holders:
        if p not in st.city_blessing and _permanents(st, chars, p) >= TEN:
            st.city_blessing.add(p)
            game.say("702.131b", f"{p} controls ten or more permanents and a permanent with ascend: {p} gets the city's "
                                 "blessing for the rest of the game")


def on_resolution(game, card, you: str) -> None:
    """702.131a: an instant or sorcery spell with ascend resolves: if its controller controls ten or more permanents
    and doesn't have the city's blessing, they get it."""
    if card is None or not any(getattr(ab, "kind", None) == "keyword" and ab.keyword == "ascend"
                               for ab in card.abilities):
        return
    st = game.state
    if you in st.city_blessing:
        return
    if _permanents(st, characteristics(st, game.layers()), you) >= TEN:
        st.city_blessing.add(you)
        game.say("702.131a", f"{you} controls ten or more permanents: {you} gets the city's blessing for the rest of "
                             "the game")
    else:
        game.say("702.131a", f"{you} controls fewer than ten permanents: no city's blessing")
