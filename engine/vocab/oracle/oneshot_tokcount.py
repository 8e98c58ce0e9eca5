"""Family 5 of the Oracle grammar (oneshot.lark, block "token counts"): tokens created in a number counted as the
instruction resolves (111.1, 608.2h): "create a 1/1 green Plant creature token for each land you control" ->
{op: create_token, amount: {count: SEL, times: 1}}; or the X of a spell (107.3a, 601.2b: announced as it was cast):
"Create X 1/1 white Angel creature tokens with flying." -> {op: create_token, amount: x}; or the damage a triggering
event dealt (603.2): "create that many Treasure tokens" -> {op: create_token, amount: that_many}. The selector is the one GainLife's "for each" counts
(oneshot_eff.os_counted); the game loop counts it once, as the instruction resolves (engine/game/instructions.py,
count_of), and creates that many tokens (none for 0).
"""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_amount import AmountReader
from engine.vocab.oracle.oneshot_cards import Piece


class TokCountReader(AmountReader):
    """The reader's transformer methods for counted tokens (a mixin of oneshot._Reader, through TokensReader; and the
    counted amounts of cards and life: oneshot_amount.py)."""

    def os_create_each(self, children):
        return self._create(children[:-1], "token", {"count": children[-1], "times": 1})

    def os_create_x(self, children):
        piece = self._create(children, "tokens", "x")
        piece.x = True  # 107.3a: a spell's X only (the reader's check)
        return piece

    def os_create_that_many(self, children):
        """603.2: "create that many ... tokens": the damage the triggering event dealt (oneshot.py's _that_many reads it
        only in an ability that triggers on damage dealt)."""
        return self._create(children, "tokens", "that_many")

    @staticmethod
    def _create(children, noun: str, amount) -> Piece:
        tapped = any(isinstance(c, Token) and c.type == "OS_TAPPED_WORD" for c in children)
        token, word, keywords, definition = children[-1]
        if word.lower() != noun:
            raise NotRead(f"'{word}' where the count asks for '{noun}'")
        op = {"op": "create_token", "token": token, "amount": amount}
        if definition is not None:
            op["definition"] = definition
        if keywords:
            op["keywords"] = keywords
        if tapped:
            op["tapped"] = True  # 110.5b
        return Piece([op])
