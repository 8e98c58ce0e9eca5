"""Family 5 of the Oracle grammar (oneshot.lark's os_if_in_graveyard and os_gy_return_hand; issue 21): a triggered ability
of a card in its owner's graveyard whose intervening "if" says so and whose instructions return the card from there
(113.6m, 603.4): "At the beginning of your upkeep, if this card is in your graveyard, you may pay {1}{B}{B}. If you do,
return it to your hand.", "Whenever you surveil, if this card is in your graveyard, you may pay 3 life. If you do,
return this card to your hand.", "Whenever a Goblin or Rogue you control deals combat damage to a player, if this card
is in your graveyard, you may return this card to your hand."

The ability is read as one of the card in the graveyard (oneshot_graveyard.graveyard_trigger: an event's trigger gets
source_zone: graveyard; a step's is read there from its effect, engine/game/graveyard.py), which triggers only while
the card is there; the clause is its if_condition (603.4: checked again as it resolves, before any payment is offered;
``IN_GRAVEYARD``), and "return it" (``return_self``) returns the card from its owner's graveyard. "return it to your hand" is read after the clause only; anything else with the
clause (another instruction, a trigger the graveyard card doesn't see) is not read."""

from __future__ import annotations

from engine.vocab.oracle import oneshot_graveyard
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece

CLAUSE = "if this card is in your graveyard, "
# 603.4: the clause as the ability's if_condition, checked as it triggers and again as it resolves (the loop's
# engine/game/conditions.holds: the card itself, counted in its owner's graveyard; gone from there, the ability does
# nothing, its payment not even offered)
IN_GRAVEYARD = {"count": {"self": True, "zone": "graveyard"}, "at_least": 1}


class GyIfReader:
    """The reader's transformer methods for the clause and its return (a mixin of oneshot._Reader)."""

    def os_if_in_graveyard(self, children):
        return [c for c in children if isinstance(c, Piece)]

    def os_gy_return_hand(self, _):  # 113.6m: checked against the clause by `finish`
        return Piece([{"op": "return_self", "to": "hand", "_gy": True}])


def _ops(ops: list):
    for op in ops:
        yield op
        for key in ("one_shot", "if_you_do", "otherwise"):
            yield from _ops(op.get(key) or ())


def finish(kind: str, bare: str, ops: list, head) -> None:
    """113.6m, 603.4: the clause "if this card is in your graveyard, " begins the effect of a triggered ability that
    graveyard_trigger accepts (its one instruction returns the card), and "return it to your hand" is read after it
    only; the marks removed. NotRead otherwise."""
    marked = [op for op in _ops(ops) if op.pop("_gy", False)]
    if CLAUSE not in bare:
        if marked:
            raise NotRead("'return it to your hand' of no card in its owner's graveyard")
        return
    if kind != "triggered" or not bare.partition(", ")[2].startswith(CLAUSE) \
            or not oneshot_graveyard.graveyard_trigger(kind, head, ops):
        raise NotRead("'if this card is in your graveyard' of no trigger of the card there that returns it")
