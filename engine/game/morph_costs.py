"""Morph costs in words (issue 21, round 21): 702.37a (seed, French: "Morph [cost]"), 702.37e: a face-down permanent with
morph is turned face up by paying its morph cost (116.2b: a special action), which may be words, "Morph—Discard a card.",
"Morph—Return a Bird you control to its owner's hand.": the parts of an activation cost as the loop pays them
(engine/game/cost_parts.py, 601.2h: what pays each named by the action's ``discarding``, ``returning``, ...; one the
player can't pay refuses the action, 118.3). A cost the loop doesn't read ("Reveal a blue card in your hand") stays
unpaid: engine/vocab/cardfile.py ``executable_by`` says it is not executed (activation.cost_in_words)."""

from __future__ import annotations

from engine.game import cost_parts
from engine.game.common import Rejected
from engine.vocab.activation import cost_in_words


def pay(game, oid: str, player: str, cost: str, act) -> None:
    """702.37e: the morph cost in words ``cost`` of the face-down permanent ``oid``, paid by ``player`` (its parts
    chosen before any is paid, then paid: 601.2h)."""
    words = cost_in_words(cost)
    if words is None:
        raise Rejected("601.2f", f"paying the morph cost '{cost}' is not supported yet")
    extras = cost_parts.choose(game, oid, player, words, act)
    cost_parts.pay(game, oid, player, extras)
