"""Warped cards (702.185b, current official rules: the seed text stops at 702.42): what engine/game/warp.py's delayed
triggered ability exiled, and the permission of 702.185a "Its owner may cast this card after the current turn has
ended for as long as it remains exiled" (asked by engine/game/play_exiled.py); and warp's "from your hand" (asked by
engine/game/casting.py). A module of its own so that the casting modules don't import the triggers (no import cycle)."""

from __future__ import annotations

from dataclasses import dataclass

from engine.files.events import ZoneChange
from engine.game.altcast import exiled_before_this_turn
from engine.game.common import Rejected, _name

RULE = "702.185a"


@dataclass(frozen=True)
class Warped:
    """603.7c, 702.185a-b: the instruction of warp's delayed triggered ability, the loop's own (not a card's
    instruction; engine/game/instructions.py's DELEGATED): "exile it", the permanent it refers to (``it``: id, zone,
    zone changes as it was created, 400.7); the card exiled so is a warped card."""

    it: tuple
    op: str = "warp_exiled"


def exiled(ins, op: Warped, source, you, targets, name) -> None:
    """603.7c, 701.13a, 702.185a-b: the permanent, if it is still the object that entered (400.7), is exiled; the card
    exiled this way (a replacement effect may put it elsewhere, 614.1) is a warped card: its owner may cast it after
    this turn has ended."""
    game, st = ins.game, ins.game.state
    x = op.it[0]
    if not game.same(op.it):
        game.say("603.7c", f"{_name(st, x)} is no longer the permanent the delayed triggered ability of its warp "
                           "refers to (400.7): it exiles nothing")
        return
    game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="exile")],
                             "701.13", "is exiled")
    o = st.objects.get(x)
    if o is None or x not in st.exile:
        return
    game.warped[x] = (o.zone_changes, st.turn)
    game.say(RULE, f"{_name(st, x)} is a warped card in exile (702.185b): {o.owner} may cast it after turn "
                   f"{st.turn} has ended, for as long as it remains exiled")


def allows(game, oid: str, player: str) -> str | None:
    """702.185a: the warped card, still the same object in exile (400.7), may be cast by its owner after the turn it
    was exiled in has ended; as words for the log, or None."""
    turn = exiled_before_this_turn(game, game.warped, oid, player)
    return None if turn is None else f"warped on turn {turn} (702.185a)"


def from_hand(game, oid: str, where: str | None) -> None:
    """702.185a: "You may cast this card from your hand by paying [cost]": cast from elsewhere (a warped card cast
    from exile), the warp cost can't be paid."""
    if where != "hand":
        raise Rejected(RULE, f"{_name(game.state, oid)} is cast for its warp cost from its owner's hand only, and it "
                             f"is cast from {where or 'nowhere it may be cast from'}")
