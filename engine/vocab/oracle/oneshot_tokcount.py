"""Family 5 of the Oracle grammar (oneshot.lark, block "token counts"): tokens created in a number counted as the
instruction resolves (111.1, 608.2h): "create a 1/1 green Plant creature token for each land you control" ->
{op: create_token, amount: {count: SEL, times: 1}}. The selector is the one GainLife's "for each" counts
(oneshot_eff.os_counted); the game loop counts it once, as the instruction resolves (engine/game/instructions.py,
count_of), and creates that many tokens (none for 0).
"""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece


class TokCountReader:
    """The reader's transformer methods for counted tokens (a mixin of oneshot._Reader, through TokensReader)."""

    def os_create_each(self, children):
        tapped = any(isinstance(c, Token) and c.type == "OS_TAPPED_WORD" for c in children)
        (token, word, keywords, definition), counted = children[-2], children[-1]
        if word.lower() != "token":
            raise NotRead("'a ... tokens for each'")
        op = {"op": "create_token", "token": token, "amount": {"count": counted, "times": 1}}
        if definition is not None:
            op["definition"] = definition
        if keywords:
            op["keywords"] = keywords
        if tapped:
            op["tapped"] = True  # 110.5b
        return Piece([op])
