"""Family 5 of the Oracle grammar (mayhave.lark, issue 21): "you may have [object or player] [instruction]" (608.2d):
the instruction whose agent is the object or player named after "have" ("you may have it deal 1 damage to any target":
the source deals it, 120.3; "you may have target player mill two cards": that player mills), read by the family's own
templates, done only if the ability's controller chooses to as it resolves -> {op: may, one_shot: [...]} (the loop:
engine/game/instructions.py's may). An instruction whose effect is a continuous one ("you may have target creature get
-2/-2 until end of turn": 611.2) -> {op: may, one_shot: [{op: create_effect}]} and the ability's effect, created only
if they choose to (engine/game/paycost.py). Anything else is not read."""

from __future__ import annotations

import copy

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece


class MayHaveReader:
    """The reader's transformer methods for these sentences (a mixin of oneshot._Reader)."""

    def mh_may_have(self, children):
        """608.2d: "you may have [object or player] [instruction]"."""
        piece = next(c for c in children if isinstance(c, Piece))
        if piece.replacement is not None or piece.control or any(
                getattr(piece, a, False) for a in ("that", "target_it", "target_first", "return_later")):
            raise NotRead("'you may have' with a replacement or control effect, or with 'that creature'")
        out = copy.copy(piece)  # (its marks: "it deals" of the source, oneshot._ability's it_dealer)
        if piece.continuous is None and not piece.combat:
            if piece.uses_it and not getattr(piece, "it_dealer", False):
                raise NotRead("'you may have it [do something]' other than its damage")
            out.ops = [{"op": "may", "one_shot": piece.ops}]  # (one-shot operations: the family's own may)
            return out
        if piece.ops or piece.x:
            raise NotRead("'you may have' with a continuous effect and other operations")
        # 611.2, 608.2d: the instruction's continuous effect, created only if its controller chooses to
        out.ops = [{"op": "may", "one_shot": [{"op": "create_effect"}]}]
        return out
