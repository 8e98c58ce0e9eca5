"""Warp (702.185, Edge of Eternities; the current official rules: the seed text stops at 702.42), a keyword of the
game loop.

702.185a *(EN, current official rules)*: "Warp represents two static abilities that function while the card with
warp is on the stack, one of which may create a delayed triggered ability. 'Warp [cost]' means 'You may cast this
card from your hand by paying [cost] rather than its mana cost' and 'If this spell's warp cost was paid, exile the
permanent this spell becomes at the beginning of the next end step. Its owner may cast this card after the current
turn has ended for as long as it remains exiled.'" 702.185b: "A warped card in exile is one that was exiled by the
delayed triggered ability created by a warp ability."

The first is the cast's ``warp`` (an alternative cost, 601.2b, 601.2f-h: engine/game/alt_costs.py, costs.py; from the
hand only: engine/game/warped.py). The second creates, as the permanent enters from the stack as the spell whose warp
cost was paid, the delayed triggered ability about that permanent (603.7c: if it left the battlefield before
the end step, it exiles nothing). The card it exiles is a warped card (702.185b): the game keeps it (``game.warped``:
the card while it is the same object in exile, 400.7, and the turn it was exiled in), and its owner may cast it
from exile on a later turn (engine/game/warped.py, asked by engine/game/play_exiled.py) for its costs as usual
(601.2f: its mana cost; warp is from the hand only)."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.warped import Warped
from engine.game.triggers import _Delayed
from engine.vocab.oneshot import DelayedTrigger, Move

RULE = "702.185a"
TEXT = "At the beginning of the next end step, exile it. Its owner may cast it after this turn has ended."


def entered(game, oid: str) -> None:
    """608.3, 702.185a: the permanent ``oid`` entered the battlefield as the resolving spell whose warp cost was paid:
    the delayed triggered ability exiling it is created, controlled by the spell's controller (603.7d), about this
    permanent (603.7c)."""
    st = game.state
    o = st.objects[oid]
    index = next((k for k, a in enumerate(o.printed.abilities, 1) if getattr(a, "keyword", None) == "warp"), 0) \
        if o.printed is not None else 0
    snap = game.snap(oid)
    d = _Delayed(DelayedTrigger(op="delayed_trigger", when="next_end_step", about="self", text=TEXT,
                                one_shot=[Move(op="exile", what="it")]), oid, index, o.controller, snap, st.turn)
    d.one_shot = [Warped(snap)]  # 603.7c, 702.185b: the loop's "exile it"; what it exiles is a warped card
    game.triggers.delayed.append(d)
    game.say("603.7", f"the warp of {_name(st, oid)} creates a delayed triggered ability: \"{TEXT}\" (about "
                      f"{_name(st, oid)}, 702.185a)")
