"""Family 5 of the Oracle grammar (oneshot.lark, block "counted amounts of cards, life and tokens"): the number of
cards drawn or milled, of life gained or lost and of tokens created, counted as the instruction resolves (608.2h,
107.3a: an X the text defines):

- "Draw a card for each creature you control." -> {op: draw, amount: {count: SEL, times: 1}} (121.1);
- "draw cards equal to the number of cards in your hand", "Draw X cards, where X is the number of ..." -> {op: draw,
  amount: {count: SEL}};
- "Target player mills X cards, where X is the number of Islands you control." -> {op: mill, amount: {count: SEL}}
  (701.17a-b);
- "You gain life equal to the number of creature cards in your graveyard.", "Each opponent loses X life, where X is
  the number of Vampires you control." -> {op: gain_life | lose_life, amount: {count: SEL}} (119.3);
- "Create X 1/1 ... tokens, where X is ...", "create a number of ... tokens equal to ..." -> {op: create_token,
  amount: {count: SEL}} (111.1).

The value is quantity.lark's `quantity` (the one production of the value Q, read by quantity.py; :func:`as_amount`):
a Count of the permanents the objects' grammar reads, of the cards of its controller's hand or graveyard, of the
basic land types among the lands they control (domain, 305.6), a Greatest, the source's own power or toughness, its
controller's life total, the value of the object sacrificed to pay the cost (engine/vocab/amount.py's Quantity). The
game loop determines it once, as the instruction resolves (engine/game/amounts.py quantity); 0 draws, mills, gains,
loses or creates nothing.
"""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import SHARED, Piece, subject
from engine.vocab.oracle.quantity import as_amount, its


def check(pieces) -> None:
    """107.3a: an X the text defines ("where X is ...") is the X of each instruction of the ability that says X
    ("~ deals X damage to target creature and you gain X life, where X is the number of Swamps you control"): an
    ability whose other instructions use an X (read there as a spell's announced X) with one so defined is not read.
    ``pieces``: the ability's pieces, flattened (oneshot_eff._flat)."""
    pieces = list(pieces)
    if any(getattr(p, "defines_x", False) for p in pieces) and any(
            p.x or any("x" in op.values() for op in getattr(p, "ops", ()) if isinstance(op, dict)) for p in pieces):
        raise NotRead("an X defined by 'where X is ...' that another instruction of the ability says too")


class AmountReader:
    """The reader's transformer methods for counted amounts (a mixin of oneshot._Reader, next to EffReader's
    os_counted_* and TokCountReader's _create)."""

    def os_draw_each(self, children):
        who, targets = subject(children, 3)
        return Piece([{"op": "draw", "amount": {"count": children[-1], "times": 1}, "who": who}], targets)

    def _counted_op(self, children, op: str) -> Piece:
        words = [c for c in children if getattr(c, "type", None) != "OS_WHERE_X"]
        who, targets = subject(words, 3)
        piece = Piece([{"op": op, "amount": as_amount(children[-1]), "who": who}], targets)
        return its(_defining(piece, children), children[-1])

    def os_draw_qty(self, children):
        return self._counted_op(children, "draw")

    def os_mill_qty(self, children):
        return self._counted_op(children, "mill")

    def os_gain_qty(self, children):
        return self._counted_op(children, "gain_life")

    def os_lose_qty(self, children):
        return self._counted_op(children, "lose_life")

    def os_create_qty(self, children):
        words = [c for c in children[:-1] if getattr(c, "type", None) != "OS_WHERE_X"]
        piece = its(self._create(words, "tokens", as_amount(children[-1])), children[-1])  # (TokCountReader's: the token and its word)
        return _defining(piece, children)

    def os_x_draw(self, children):
        return ("draw", subject(children, 2))

    def os_x_mill(self, children):
        return ("mill", subject(children, 2))

    def os_x_gain(self, children):
        return ("gain_life", subject(children, 2))

    def os_x_lose(self, children):
        return ("lose_life", subject(children, 2))

    def os_x_pair(self, children):
        """107.3a: one X for both instructions; 608.2h: a count of permanents, which neither changes."""
        (op1, (who1, targets)), (op2, (who2, targets2)), value = children[0], children[1], as_amount(children[-1])
        if "count" not in value or "zone" in value["count"]:
            raise NotRead("an X other than a count of permanents (the instructions it counts for may change it)")
        if who2 == SHARED:  # "Target player loses X life and mills X cards": the first one's subject
            who2, targets2 = who1, []
        if who1 == SHARED:
            raise NotRead("a third person's verb without its subject")
        ops = [{"op": op1, "amount": value, "who": who1}, {"op": op2, "amount": value, "who": who2}]
        piece = Piece(ops, targets + [t for t in targets2 if t not in targets])
        piece.defines_x = True
        return piece


def _defining(piece: Piece, children) -> Piece:
    """The piece, marked when its words define an X ("X cards, where X is ...": 107.3a, ``check``)."""
    piece.defines_x = any(getattr(c, "type", None) == "OS_WHERE_X" for c in children)
    return piece
