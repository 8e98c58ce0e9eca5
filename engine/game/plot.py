"""Plot (702.170, Outlaws of Thunder Junction; the current official rules: the seed text stops at 702.42), a keyword of
the game loop.

702.170a *(EN, current official rules)*: "Plot is a keyword ability that functions while the card with plot is in a
player's hand. 'Plot [cost]' means 'Any time you have priority during your main phase while the stack is empty, you
may exile this card from your hand and pay [cost]. It becomes a plotted card.'" 702.170b: "Exiling a card using its
plot ability is a special action, which doesn't use the stack." 702.170d: "A plotted card's owner may cast it from
exile without paying its mana cost during their main phase while the stack is empty during any turn after the turn
in which it became plotted. Casting a spell this way follows the rules for paying alternative costs in rules 601.2b
and 601.2f-h. A plotted card may be cast this way even if it doesn't have the plot ability while in exile."

The special action is ``{plot: ID}`` (its cost paid by the action's ``tap``, 601.2g-h as for a cost); the game keeps
each plotted card (``game.plotted``: the card while it is the same object in exile, 400.7, and the turn it became
plotted), and casting it is ``{cast: ID, plotted: true}``: an alternative cost of no mana (601.2b, 601.2f-h: 107.3b, X
is 0), at the timing 702.170d says whatever the card's type (an instant too: the main phase, the stack empty).
Casting's checks and payment are engine/game/casting.py's and costs.py's; this module says what plot changes in them.
Only plot costs of mana symbols are read (engine/vocab/cardfile.py ``executable_by``)."""

from __future__ import annotations

import re

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.game.altcast import exiled_before_this_turn
from engine.game.common import MAIN, Rejected, _name

RULE = "702.170a"
MANA_ONLY = r"(\{[^}]+\})+"


def _plot(chars):
    return next((a for a in (chars.abilities if chars is not None else ())
                 if getattr(a, "kind", None) == "keyword" and a.keyword == "plot"), None)


def _sorcery_time(game, player: str) -> bool:
    """702.170a, 702.170d: "during your main phase while the stack is empty" (the player's own main phase)."""
    st = game.state
    return st.active == player and st.step in MAIN and not st.stack


def plot(game, act: gf.Plot, player: str) -> None:
    """702.170a-b: the special action: any time the player has priority during their main phase while the stack is
    empty, they exile a card with plot from their hand and pay its plot cost (no stack); it becomes a plotted card."""
    st = game.state
    oid = act.plot
    o = st.objects.get(oid)
    if o is None or oid not in st.zone_ids("hand", player):
        raise Rejected(RULE, f"{_name(st, oid)} is not in {player}'s hand: only a card in its owner's hand is plotted")
    ab = _plot(o.printed)
    if ab is None:
        raise Rejected(RULE, f"{_name(st, oid)} has no plot ability")
    if not re.fullmatch(MANA_ONLY, ab.cost or ""):
        raise Rejected("601.2f", f"paying the plot cost '{ab.cost or ''}' is not supported yet")
    if not _sorcery_time(game, player):
        raise Rejected(RULE, f"{player} plots a card only during their main phase while the stack is empty")
    game.mana.mana_abilities(act.tap, player)  # mana abilities first, as for a cost (601.2g)
    game.mana.pay(player, ab.cost)
    game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "hand"}, to="exile")], RULE,
                             f"is plotted: exiled from {player}'s hand for its plot cost {ab.cost} (a special action, "
                             "702.170b)")
    if oid in st.exile:
        game.plotted[oid] = (st.objects[oid].zone_changes, st.turn)
        game.say("702.170a", f"{_name(st, oid)} is a plotted card: {player} may cast it without paying its mana cost "
                             f"on a turn after turn {st.turn} (702.170d)")


def allows(game, oid: str, player: str) -> str | None:
    """702.170d: the plotted card, still the same object in exile (400.7), may be cast by its owner on a turn after
    the one it became plotted in; as words for the log, or None."""
    turn = exiled_before_this_turn(game, game.plotted, oid, player)
    return None if turn is None else f"plotted on turn {turn} (702.170d)"


def permissions(casting, oid: str, where: str | None, act: gf.Cast) -> None:
    """702.170d: cast as a plotted card, it is in exile, plotted on an earlier turn, and it is its owner's main phase
    with the stack empty (whatever its card type); a plotted card cast from exile is cast so, unless another effect
    lets its player cast it from there (611.2a)."""
    game = casting.game
    st = game.state
    owner = st.objects[oid].owner
    plotted = allows(game, oid, owner)
    if act.plotted:
        if where != "exile" or not plotted:
            raise Rejected("702.170d", f"{_name(st, oid)} is not a card its owner plotted on an earlier turn: it isn't "
                                       "cast as a plotted card")
        if not _sorcery_time(game, owner):
            raise Rejected("702.170d", f"a plotted card is cast only during its owner's main phase while the stack is "
                                       f"empty: {_name(st, oid)} can't be cast now")
        return
    others = [p for p in game.exiled_plays if p.card == oid]  # 611.2a: another effect's permission
    if where == "exile" and plotted and not others and not (act.cascade or act.discover or act.free or act.rebound
                                                             or act.madness):
        raise Rejected("702.170d", f"{_name(st, oid)}, plotted, is cast from exile without paying its mana cost only "
                                   "({cast: ID, plotted: true})")

