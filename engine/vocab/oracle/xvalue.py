"""Family 5 of the Oracle grammar, continued (xvalue.lark, loaded with oneshot.lark): the instructions that say X, the
value its controller announced as the spell was cast (601.2b) or as the activated ability with {X} in its cost was
activated (602.2b) - 107.3a (issue 21).

- "Draw X cards.", "Target player draws X cards." -> {op: draw, amount: {x: announced}, who} (121.1);
- "Target player mills X cards." -> {op: mill, amount: {x: announced}, who} (701.17a);
- "You gain X life.", "Each opponent loses X life." -> {op: gain_life | lose_life, amount: {x: announced}, who} (119.3);
- "Put X +1/+1 counters on target creature." -> {op: counters, kind, amount: {x: announced}} (122.1);
- "Target creature gets -X/-X until end of turn.", "+X/+0" -> continuous {do: [modify_pt {power: {x: announced, times:
  -1}, ...}]} (611.2c-d, 613.4c: fixed as the effect begins);
- "Monstrosity X." -> {op: monstrosity, amount: {x: announced}} (701.37a).

Each piece says X (Piece.x): oneshot.py reads it in a spell, or in an activated ability with {X} in its cost, only
(107.3: an X in the text of another ability, defined nowhere, is one its controller chooses at the appropriate
time, which the game loop doesn't ask); with an X the text defines ("where X is ...") in the
same ability, not read (oneshot_amount.check). The loop's value: engine/game/xvalue.py announced, through
engine/game/amounts.py quantity (engine/vocab/amount.py AnnouncedX).

A mixin of oneshot.py's reader.
"""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import Piece, subject

ANNOUNCED = {"x": "announced"}  # engine/vocab/amount.py AnnouncedX


class XValueReader:
    """The reader's transformer methods for xvalue.lark's productions."""

    def xv_action(self, children):
        return children[0]

    def _xv(self, children, op: str) -> Piece:
        who, targets = subject(_words(children), 2)
        return Piece([{"op": op, "amount": dict(ANNOUNCED), "who": who}], targets, x=True)

    def xv_draw(self, children):
        return self._xv(children, "draw")

    def xv_mill(self, children):
        return self._xv(children, "mill")

    def xv_gain(self, children):
        return self._xv(children, "gain_life")

    def xv_lose(self, children):
        return self._xv(children, "lose_life")

    def xv_pump(self, children):
        """611.2c-d, 613.4c: "Target creature gets -X/-X until end of turn." -> continuous {do: [modify_pt {power,
        toughness}]}, each X {x: announced} ("-X": times -1), fixed as the effect begins (instructions.counted_now)."""
        obj, _, xpt = _words(children)
        p, t = (_signed(w) for w in str(xpt).split("/"))
        piece = self.os_pump([obj, [{"op": "modify_pt", "power": p, "toughness": t}]])
        piece.x = True
        return piece

    def xv_monstrosity(self, _):
        return Piece([{"op": "monstrosity", "amount": dict(ANNOUNCED)}], x=True)  # 701.37a (the source)

    def xv_counters(self, children):
        _, kind, obj = _words(children)
        piece = self._acting_on({"op": "counters", "kind": str(kind), "amount": dict(ANNOUNCED)}, obj)
        for op in piece.ops:  # counters say 'to', not 'what' (as os_counters)
            if op.get("what") in ("self", "attached"):
                op["to"] = op.pop("what")
        piece.x = True
        return piece


def _words(children) -> list:
    """The children without the X itself (XV_X)."""
    return [c for c in children if getattr(c, "type", None) != "XV_X"]


def _signed(word: str):
    """One side of "+X/-0": the announced X (times -1 for "-X"), or the number printed."""
    if "X" not in word:
        return int(word)
    return dict(ANNOUNCED, times=-1) if word.startswith("-") else dict(ANNOUNCED)


def x_cost_of(cost: str) -> bool:
    """107.3a, 602.2b: an activation cost with X in it ("{X}{R}", "Pay X life": ActivationCost.has_x), whose X its
    controller announces as they activate the ability."""
    from engine.vocab.activation import parse_activation_cost

    try:
        return parse_activation_cost(cost).has_x
    except ValueError:
        return False
