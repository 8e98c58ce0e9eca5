"""The order of the top cards of a library (401.2, 401.4): "look at the top four cards of your library, then
put them back in any order" (the vocabulary's ``arrange_top``, engine/vocab/oneshot.py)."""

from __future__ import annotations

from engine.files import gamefile as gf
from engine.game.common import GameError


def arrange_top(game, player: str, n: int, name: str, chooser: str | None = None) -> None:
    """401.2: the player (``chooser``: the effect's controller, of "target player's library") looks at the top n cards of
    that library (as many as there are); 401.4: they put them back on top in the order they choose ({arrange: {top: [ID,
    ...]}, by: PLAYER}, the first on top; --auto: the order stays)."""
    _arrange(game, player, n, name, chooser or player)


def may(game, by: str, what: str) -> bool:
    """608.2d: the player's choice ({may: true|false, by: PLAYER}; --auto: no)."""
    act = game.action()
    if isinstance(act, gf.MayAnswer) and act.by in (None, by):
        game.take()
        return bool(act.may)
    if game.auto:
        return False
    raise GameError(game.where(), what, "add {may: true, by: " + by + "} or {may: false, by: " + by + "}, or use --auto")


def _arrange(game, player: str, n: int, name: str, by: str) -> None:
    library = game.state.player_zones.setdefault((player, "library"), [])
    seen = library[:n]
    if not seen:
        game.say("401.2", f"{player} looks at the top {n} cards of their library for {name}: it is empty")
        return
    act = game.action()
    if isinstance(act, gf.Arrange) and act.by in (None, by):
        game.take()
        top = list(act.arrange.get("top") or [])
        if set(act.arrange) != {"top"} or sorted(top) != sorted(seen) or len(set(top)) != len(seen):
            raise GameError(game.where(), f"401.4: {player} puts {', '.join(seen)} back on top of their library for "
                                          f"{name}, each once, in the order they choose",
                            "add {arrange: {top: [...]}, by: " + by + "} naming each card looked at once")
    elif game.auto or len(seen) == 1:
        top = list(seen)
    else:
        raise GameError(game.where(), f"401.4: {by} looks at {', '.join(seen)} for {name} and puts them back on "
                                      f"top of {player}'s library in the order they choose",
                        "add {arrange: {top: [...]}, by: " + by + "}, or use --auto")
    library[:len(seen)] = top
    if n == 1:  # 401.2: the top card looked at only
        game.say("401.2", f"{by} looks at the top card of {player}'s library ({name})")
        return
    game.say("401.4", f"{by} looks at the top {len(seen)} card(s) of {player}'s library and puts them back in the order "
                      f"they choose ({name})")
