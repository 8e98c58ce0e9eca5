"""Blight (701.68, the seed's text: « Appliquer gangrène N » signifie mettre N marqueurs -1/-1 sur une créature que
vous contrôlez), the game loop's part of {op: blight} (engine/vocab/oneshot_blight.py): the player who blights chooses
a creature they control ({take: [ID], by: PLAYER} when they control several; --auto: the first in board order) and
puts N -1/-1 counters on it (122.1, through the replacement program as any counters: engine/game/events.py). 701.68b:
a player who controls no creature can't choose to blight ("you may blight N. If you do, ...": engine/game/paycost.py
asks ``can_blight`` first)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files.events import Counters
from engine.game.actions import _one_of
from engine.game.common import _name
from engine.vocab.oneshot import CREATURES_YOU_CONTROL

RULE = "701.68"


def _theirs(game, player: str, source: str) -> list[str]:
    """The creatures ``player`` controls now (the selector machinery: "a creature you control", you = that player)."""
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, player, (), {})
    return [x for x in st.battlefield if ctx.match(CREATURES_YOU_CONTROL, x)]


def can_blight(game, player: str, source: str) -> bool:
    """701.68b: whether ``player`` can put -1/-1 counters on a creature they control (they control one)."""
    return bool(_theirs(game, player, source))


def follow(game, op, source: str, you: str, name: str) -> None:
    """701.68a: {op: blight}: each player who blights (the controller, or each opponent in turn order from the active
    player, 101.4) chooses a creature of theirs; then the -1/-1 counters are put on them (one event, 122.1)."""
    st = game.state
    players = [you] if op.who == "you" else [p for p in game.players_from(st.active) if p != you]
    events = []
    for player in players:
        mine = _theirs(game, player, source)
        if not mine:
            game.say("701.68a", f"{player} controls no creature: {player} blights nothing ({name})")
            continue
        chosen = _one_of(game, player, mine, "701.68a", f"{player} blights {op.amount}: a creature they control")
        game.say("701.68a", f"{player} blights {op.amount}: {op.amount} -1/-1 counter(s) on {_name(st, chosen)} ({name})")
        events.append(Counters(type="counters", object=chosen, kind="-1/-1", amount=op.amount))
    if events:
        game.events.counters(events)
