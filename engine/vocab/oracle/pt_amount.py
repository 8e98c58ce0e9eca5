"""Family 5 of the Oracle grammar, continued (pt_amount.lark, loaded with oneshot.lark): counted amounts of one-shot
power/toughness changes and of +1/+1 counters (issue 21; 608.2h, 611.2d, 122.1).

- "Target creature gets +X/+X until end of turn, where X is the number of creatures you control", "This creature gets
  +X/+0 until end of turn, where X is its power" (611.2c-d, 613.4c: -> continuous {do: [modify_pt {power, toughness}]},
  each X a Count or a Total, counted once as the effect begins: engine/game/instructions.py counted_now).
- "it gets +1/+0 until end of turn for each other attacking Goblin" (-> modify_pt {power: {count: SEL, times: N}}).
- "Put X +1/+1 counters on target creature, where X is ...", "put a +1/+1 counter on T for each ...", "put a number of
  +1/+1 counters on T equal to ..." (122.1, 608.2h: -> {op: counters, amount: Count | Total}, counted as it resolves).

X is a Count of the objects a selector matches ("the number of creatures you control", "... creature cards in your
graveyard", "twice the number of ...", "the number of basic land types among lands you control"), or a Total of one
object's power or toughness: "this creature's power", "~'s power" (the source's), "its power" (of the object the
instruction names: the source, or the one target of the ability, checked by `check` on the whole ability). A "-X" of a
power is not read (a Total has no factor); "its" after "it" or "that creature" (whose referent the sentences decide
later) is not read.

A mixin of oneshot.py's reader (through oneshot_eff.EffReader).
"""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt

_SOURCE = {"self": True}


def _signed(word: str, x) -> object:
    """One side of "+X/+0": X (with its sign: a Count times -1 for "-X"), or the number printed."""
    if "X" not in word:
        return int(word)
    if word.startswith("+"):
        return x
    if "count" not in x and "life" not in x:
        raise NotRead("-X of a power or toughness, or a greatest")  # a Total or a Greatest has no factor
    return dict(x, times=-x.get("times", 1), **({"plus": -x["plus"]} if x.get("plus") else {}))


def _whose(word: str, obj) -> dict:
    """The object "its" names (the source, or the one target the instruction acts on); self: "this creature's", "~'s"
    (the source)."""
    if word == "self" or obj == _SOURCE:
        return _SOURCE
    if isinstance(obj, Tgt) and obj.spec.get("what") in ("creature", "permanent") and obj.spec.get("count", 1) == 1:
        return {"targets": True}
    raise NotRead("'its' of an object other than the source or one target")


class PtAmountReader:
    """The reader's transformer methods for pt_amount.lark's productions."""

    def pta_action(self, children):
        return children[0]

    # --- X ---------------------------------------------------------------------------------------------
    def pta_q(self, children):
        """The quantity (quantity.lark) as X: "its power" of the instruction's object (``_whose``, resolved by
        `_x`), the source's own power a Total of the source's; a quantity of "it" or of a player's hand, or a value
        of a sacrificed object, not read here."""
        q = children[0]
        if q == "power":
            return {"total": "power", "_whose": "self"}
        if isinstance(q, dict) and q.get("of") == _SOURCE and "total" in q:
            return {"total": q["total"], "_whose": "its" if q.get("_its") else "self"}
        if not isinstance(q, dict) or {"_it", "_its", "_revealed", "cards_in_hand", "sacrificed"} & set(q):
            raise NotRead(f"the quantity {q} as X of a power or of counters")
        return q

    def pta_domain(self, _):
        return {"count": {"types": ["Land"], "controller": "you"}, "basic_land_types": True}

    def pta_each(self, children):
        sel = children[0]
        return sel if "basic_land_types" in sel else {"count": sel}

    @staticmethod
    def _x(x: dict, obj) -> dict:
        if "_whose" in x:
            x = {"total": x["total"], "of": _whose(x["_whose"], obj)}
        return x

    # --- instructions -------------------------------------------------------------------------------
    def pta_pump_x(self, children):
        obj, _, xpt, x = children
        x = self._x(x, obj)
        p, t = (_signed(w, x) for w in str(xpt).split("/"))
        return self.os_pump([obj, [{"op": "modify_pt", "power": p, "toughness": t}]])

    def pta_grant_pump_x(self, children):
        obj, _, keywords, _, xpt, x = [c for c in children if getattr(c, "type", None) != "PTA_UNTIL_EOT"]
        x = self._x(x, obj)
        p, t = (_signed(w, x) for w in str(xpt).split("/"))
        return self.os_pump([obj, [{"op": "add_abilities", "abilities": keywords},
                                   {"op": "modify_pt", "power": p, "toughness": t}]])

    def pta_pump_each(self, children):
        obj, _, pt, each = children
        p, t = (int(w) for w in str(pt).split("/"))
        if p == t == 0:
            raise NotRead("+0/+0 for each")
        side = (lambda n: dict(each, times=n * each.get("times", 1)) if n else 0)
        return self.os_pump([obj, [{"op": "modify_pt", "power": side(p), "toughness": side(t)}]])

    def _counters(self, kind, obj, amount) -> Piece:
        piece = self._acting_on({"op": "counters", "kind": str(kind), "amount": amount}, obj)
        for op in piece.ops:  # counters say 'to', not 'what' (as os_counters)
            if op.get("what") in ("self", "attached"):
                op["to"] = op.pop("what")
        return piece

    def pta_counters_x(self, children):
        _, kind, obj, x = children
        return self._counters(kind, obj, self._x(x, obj))

    pta_counters_equal = pta_counters_x

    def pta_counters_each(self, children):
        _, n, kind, word, obj, each = children
        if (n == 1) != (str(word) == "counter"):
            raise NotRead("a number and its noun disagree")
        return self._counters(kind, obj, dict(each, times=n * each.get("times", 1)))


def _counted(v) -> bool:
    return isinstance(v, dict) and bool({"count", "total", "greatest", "life"} & set(v))


def _values(piece) -> list:
    """The amounts of a piece's counters and the power and toughness of its continuous effect."""
    values = [op.get("amount") for op in piece.ops if op.get("op") == "counters"]
    if isinstance(piece.continuous, dict):
        values += [op.get(k) for op in piece.continuous.get("do", ()) for k in ("power", "toughness")]
    return values


def _counted_effect(piece) -> bool:
    return isinstance(piece.continuous, dict) and any(
        _counted(op.get(k)) for op in piece.continuous.get("do", ()) for k in ("power", "toughness"))


# the instructions after a counted effect that change nothing as the ability resolves (a delayed trigger is created)
_INERT = ("delayed_trigger",)


def check(pieces) -> None:
    """The checks of a whole ability's pieces (in the order printed):

    - 608.2h: "where X is its power" of a target: the ability's one target (a Total of the targets adds them up);
    - 608.2c, 611.2: the continuous effect begins after the ability's other instructions (engine/game/resolve.py): a
      counted effect is read before none that could change the count ("... gets +X/+X ..., where X is .... Create a
      token.": not read), a delayed trigger's creation aside;
    - "Create a 0/0 ... token. Put X +1/+1 counters on it, ...": "it" is the token, not the source: not read."""
    if any(isinstance(v, dict) and v.get("of") == {"targets": True} for p in pieces for v in _values(p)):
        targets = [t for p in pieces for t in p.targets]
        if len({id(t) for t in targets}) != 1 or targets[0].spec.get("count", 1) != 1:
            raise NotRead("'its power' of one target among several")
    for k, piece in enumerate(pieces):
        if _counted_effect(piece) and any(op.get("op") not in _INERT for p in pieces[k + 1:] for op in p.ops):
            raise NotRead("a counted continuous effect before other instructions (it begins after them)")
        if any(op.get("op") == "counters" and _counted(op.get("amount")) and op.get("to") == "self" for op in piece.ops) \
                and any(op.get("op") == "create_token" for p in pieces[:k] for op in p.ops):
            raise NotRead("counters on 'it' after a token is created (the token, not the source)")
