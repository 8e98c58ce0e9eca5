"""Dash (702.109, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.109a: dash represents three abilities. "Dash [cost]" means "You may cast this card by paying [cost] rather than
its mana cost" (an alternative cost, 601.2b, 601.2f-h: engine/game/casting.py and costs.py, the cast's ``dash``), "If
this spell's dash cost was paid, return the permanent this spell becomes to its owner's hand at the beginning of the
next end step" (a static ability of the spell creating a delayed triggered ability, 603.7: here, as the permanent
enters) and "As long as this permanent's dash cost was paid, it has haste" (a static ability of the permanent: the
keyword's continuous effect with the condition ``dash_paid``, engine/vocab/cardfile.py, read by the layers program).

The permanent is marked ``dash_paid`` as it enters from the stack as the spell whose dash cost was paid; the mark goes
when it leaves the battlefield (400.7: a new object, engine/game/sba.py ``_move``). A copy of it is not marked (its
dash cost wasn't paid). The delayed triggered ability refers to that permanent only (603.7c): if it left the
battlefield before the end step, it returns nothing."""

from __future__ import annotations

from engine.game import blitz
from engine.game.common import _name
from engine.game.triggers import _Delayed
from engine.vocab.oneshot import DelayedTrigger, Move

RULE = "702.109a"
TEXT = "At the beginning of the next end step, return it to its owner's hand."
# 603.7, 702.109a: the delayed triggered ability the spell's second ability creates (603.7c: "it", the permanent)
RETURN = DelayedTrigger(op="delayed_trigger", when="next_end_step", about="self", text=TEXT,
                        one_shot=[Move(op="return_to_hand", what="it")])


def entered(game, oid: str) -> None:
    """608.3, 702.109a: the permanent spell ``oid`` entered the battlefield as the resolving spell whose dash cost was
    paid: it is marked (its haste, the layers), and the delayed triggered ability returning it is created, controlled by
    the spell's controller (603.7d), about this permanent (603.7c)."""
    st = game.state
    o = st.objects[oid]
    if not o.choices.get("dash"):  # 702.152a: a blitzed spell (its own module)
        return blitz.entered(game, oid)
    o.dash_paid = True
    index = next((k for k, a in enumerate(o.printed.abilities, 1) if getattr(a, "keyword", None) == "dash"), 0) \
        if o.printed is not None else 0
    game.triggers.delayed.append(_Delayed(RETURN, oid, index, o.controller, game.snap(oid), st.turn))
    game.say(RULE, f"{_name(st, oid)}'s dash cost was paid: it has haste as long as it stays on the battlefield")
    game.say("603.7", f"the dash of {_name(st, oid)} creates a delayed triggered ability: \"{TEXT}\" (about "
                      f"{_name(st, oid)})")
