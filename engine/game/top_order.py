"""The order of the top cards of a library (401.2, 401.4): "look at the top four cards of your library, then
put them back in any order" (the vocabulary's ``arrange_top``, engine/vocab/oneshot.py)."""

from __future__ import annotations

from engine.files import gamefile as gf
from engine.game.common import GameError


def arrange_top(game, player: str, n: int, name: str) -> None:
    """401.2: the player looks at the top n cards of their library (as many as there are); 401.4: they put
    them back on top in the order they choose ({arrange: {top: [ID, ...]}, by: PLAYER}, the first on top;
    --auto: the order stays)."""
    library = game.state.player_zones.setdefault((player, "library"), [])
    seen = library[:n]
    if not seen:
        game.say("401.2", f"{player} looks at the top {n} cards of their library for {name}: it is empty")
        return
    act = game.action()
    if isinstance(act, gf.Arrange) and act.by in (None, player):
        game.take()
        top = list(act.arrange.get("top") or [])
        if set(act.arrange) != {"top"} or sorted(top) != sorted(seen) or len(set(top)) != len(seen):
            raise GameError(game.where(), f"401.4: {player} puts {', '.join(seen)} back on top of their library for "
                                          f"{name}, each once, in the order they choose",
                            "add {arrange: {top: [...]}, by: " + player + "} naming each card looked at once")
    elif game.auto or len(seen) == 1:
        top = list(seen)
    else:
        raise GameError(game.where(), f"401.4: {player} looks at {', '.join(seen)} for {name} and puts them back on "
                                      "top of their library in the order they choose",
                        "add {arrange: {top: [...]}, by: " + player + "}, or use --auto")
    library[:len(seen)] = top
    game.say("401.4", f"{player} looks at the top {len(seen)} card(s) of their library and puts them back in the order "
                      f"they choose ({name})")
