"""Family 5 of the Oracle grammar (mayhave.lark, issue 21): "you may have [object or player] [instruction]" (608.2d):
the instruction whose agent is the object or player named after "have" ("you may have it deal 1 damage to any target":
the source deals it, 120.3; "you may have target player mill two cards": that player mills), read by the family's own
templates, done only if the ability's controller chooses to as it resolves -> {op: may, one_shot: [...]} (the loop:
engine/game/instructions.py's may). An instruction whose effect is a continuous one ("you may have target creature get
-2/-2 until end of turn": 611.2) -> {op: may, one_shot: [{op: create_effect}]} and the ability's effect, created only
if they choose to (engine/game/paycost.py). Anything else is not read."""

from __future__ import annotations

import copy

from lark import Token

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

    def mh_instr(self, children):
        return children[0]

    def mh_may_have_edict(self, children):
        """608.2d, 701.21a: "you may have target opponent sacrifice a creature of their choice" (the named player's
        verb: os_edict's third-person form)."""
        return self.mh_may_have([self.os_edict(_agreed(children, "MH_SACRIFICE", "OS_SACRIFICE_VERB", "sacrifices"))])

    def mh_may_have_discard_random(self, children):
        """608.2d, 701.9b: "you may have target opponent discard a card at random" (os_discard_random's)."""
        return self.mh_may_have([self.os_discard_random(_agreed(children, "MH_DISCARD", "OS_DISCARD", "discards"))])


    def mh_may_have_block_source(self, children):
        """608.2d, 509.1c: "you may have target creature block this creature this turn if able" (os_blocks_source's)."""
        return self.mh_may_have([self.os_blocks_source([next(c for c in children if not isinstance(c, Token))])])


def _agreed(children: list, base: str, terminal: str, word: str) -> list:
    """The children of the instruction after "you may have": the verb in its base form (after "have") as the word of
    the third-person form the family's reader takes for the player named (its subject)."""
    out = [c for c in children if not (isinstance(c, Token) and c.type in ("OS_YOU_MAY", "MH_HAVE"))]
    return [Token(terminal, word) if isinstance(c, Token) and c.type == base else c for c in out]
