"""Blitz (702.152, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.152a *(EN, current official rules)*: "Blitz represents three abilities: two static abilities that function while the
card with blitz is on the stack, one of which may create a delayed triggered ability, and a static ability that functions
while the object with blitz is on the battlefield. 'Blitz [cost]' means 'You may cast this card by paying [cost] rather
than its mana cost,' 'If this spell's blitz cost was paid, sacrifice the permanent this spell becomes at the beginning of
the next end step,' and 'As long as this permanent's blitz cost was paid, it has haste and "When this permanent is put
into a graveyard from the battlefield, draw a card."'"

The first is the cast's ``blitz`` (an alternative cost, 601.2b, 601.2f-h: engine/game/alt_costs.py, costs.py; a cost of
mana symbols only). The second creates, as the permanent enters from the stack as the spell whose blitz cost was paid
(engine/game/events.py, by way of dash.py's ``entered``), the delayed triggered ability about that permanent (603.7c: if
it left the battlefield before the end step, it sacrifices nothing; 701.21a: its controller, the spell's, 603.7d,
sacrifices it only if they control it). The third is the keyword's continuous effect with the condition ``blitz_paid``
(engine/vocab/cardfile.py, read by the layers program, asp_rules/layers_conditions.lp): the permanent is marked
``blitz_paid`` as it enters; the mark goes when it leaves the battlefield (400.7: a new object, engine/game/sba.py
``_move``). A copy of it is not marked (its blitz cost wasn't paid)."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.triggers import _Delayed
from engine.vocab.oneshot import DelayedTrigger
from engine.vocab.oneshot_delay import SacrificeIt

RULE = "702.152a"
TEXT = "At the beginning of the next end step, sacrifice it."
# 603.7, 702.152a: the delayed triggered ability the spell's second ability creates (603.7c: "it", the permanent)
SACRIFICE = DelayedTrigger(op="delayed_trigger", when="next_end_step", about="self", text=TEXT,
                           one_shot=[SacrificeIt(op="sacrifice_it", who="you")])


def entered(game, oid: str) -> None:
    """608.3, 702.152a: the permanent ``oid`` entered the battlefield as the resolving spell whose blitz cost was paid: it
    is marked (its haste and draw trigger, the layers), and the delayed triggered ability sacrificing it is created,
    controlled by the spell's controller (603.7d), about this permanent (603.7c)."""
    st = game.state
    o = st.objects[oid]
    o.blitz_paid = True
    index = next((k for k, a in enumerate(o.printed.abilities, 1) if getattr(a, "keyword", None) == "blitz"), 0) \
        if o.printed is not None else 0
    game.triggers.delayed.append(_Delayed(SACRIFICE, oid, index, o.controller, game.snap(oid), st.turn))
    game.say(RULE, f"{_name(st, oid)}'s blitz cost was paid: it has haste and \"When this permanent is put into a "
                   "graveyard from the battlefield, draw a card\" as long as it stays on the battlefield")
    game.say("603.7", f"the blitz of {_name(st, oid)} creates a delayed triggered ability: \"{TEXT}\" (about "
                      f"{_name(st, oid)})")
