"""Each player's top card revealed, and the instructions that count the cards revealed this way (issue 21, parley):
"Each player reveals the top card of their library. For each nonland card revealed this way, you create a 3/3 green
Elephant creature token. Then each player draws a card." (Selvala's Charge; engine/vocab/oracle/oneshot_look.py).

701.20a: to reveal a card is to show it to all players; the revealed cards stay on top of their libraries. The amount
{revealed_this_way: SELECTOR} of the instruction after it is the number of those cards the selector matches (608.2h,
608.2c), matched by the selector machinery (bridge/selectors.py) on the cards as they are in their libraries."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.game.common import _name

_REF = "revealed_this_way"  # the resolution's refs: the ids of the cards the reveal showed


def reveal_top_each(ins, op, source: str, you: str, targets, name: str) -> None:
    """701.20a: each player in turn order (from the active player, 101.4) reveals the top card of their library, if any;
    the cards stay where they are."""
    game = ins.game
    st = game.state
    shown = []
    for p in game.players_from(st.active):
        library = st.zone_ids("library", p)
        if not library:
            game.say("701.20a", f"{p}'s library is empty: {p} reveals no card for {name}")
            continue
        shown.append(library[0])
        game.say("701.20a", f"{p} reveals {_name(st, library[0])}, the top card of their library, for {name}")
    game.resolution.resolving_refs[_REF] = tuple(shown)


def counted(game, v, source: str, you: str, what: str) -> int:
    """608.2h: {revealed_this_way: SELECTOR}: how many of the cards the reveal just before showed the selector matches
    now (none revealed: 0)."""
    st = game.state
    shown = [x for x in game.resolution.resolving_refs.get(_REF) or () if x in st.objects]
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
    n = sum(1 for x in shown if ctx.match(v.revealed_this_way, x))
    game.say("608.2h", f"{what} is {n} (the cards revealed this way that count: "
             + (", ".join(_name(st, x) for x in shown if ctx.match(v.revealed_this_way, x)) or "none") + ")")
    return n


OPS = {"reveal_top_each": reveal_top_each}
