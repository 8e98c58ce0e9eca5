"""Evoke (702.74, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.74a: "Evoke represents two abilities: a static ability that functions in any zone from which the card with evoke
can be cast and a triggered ability that functions on the battlefield. 'Evoke [cost]' means 'You may cast this card
by paying [cost] rather than paying its mana cost' and 'When this permanent enters, if its evoke cost was paid, its
controller sacrifices it.' Casting a spell for its evoke cost follows the rules for paying alternative costs in rules
601.2b and 601.2f-h." The first is the cast's ``evoke`` (engine/game/casting.py, costs.py: a mana cost only); the
second triggers here as the permanent enters from the stack as the spell whose evoke cost was paid (603.4: its
intervening "if" is true then, and stays true for that object as the ability resolves). It is put on the stack with
the model SACRIFICE, an enters trigger whose effect the loop executes as the same words printed on a card
("sacrifice it": 701.21a, the permanent only if it is still that object on the battlefield, 400.7). Known limit: "its
controller" is read as the ability's controller (603.3a: the permanent's controller as it triggered); a change of
control of the permanent between the trigger and its resolution is not followed."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.triggered import Triggered
from engine.vocab.cardfile import TriggeredAbility

RULE = "702.74a"
TEXT = "When this permanent enters, if its evoke cost was paid, its controller sacrifices it."
# 702.74a: the triggered ability (its "if" checked as it triggers, 603.4: only a permanent whose evoke cost was paid)
SACRIFICE = TriggeredAbility.model_validate({"kind": "triggered", "text": TEXT, "trigger": {"event": "enters"},
                                             "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]})


def entered(game, oid: str) -> None:
    """603.2, 603.4, 702.74a: the permanent ``oid`` entered the battlefield as the resolving spell whose evoke cost was
    paid: evoke's triggered ability triggers, controlled by the permanent's controller (603.3a)."""
    st = game.state
    o = st.objects[oid]
    index = next((k for k, a in enumerate(o.printed.abilities, 1) if getattr(a, "keyword", None) == "evoke"), 0) \
        if o.printed is not None else 0
    game.pending.append(Triggered(oid, index, TEXT, oid, "enters", "702.74a, 603.2", o.controller, model=SACRIFICE))
    game.say(RULE, f"{_name(st, oid)}'s evoke cost was paid: its evoke ability triggers as it enters (603.4)")
