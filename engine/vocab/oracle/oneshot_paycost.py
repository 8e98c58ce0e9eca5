"""Family 5 of the Oracle grammar (oneshot.lark, the block "costs paid as it resolves"): the parts of
engine/vocab/oracle/oneshot.py's reader about costs paid while a spell or ability resolves (issue 21): "you may pay 2
life" (119.4), "you may sacrifice another creature" (701.21a), and their "If you do, ..." / "If you don't, ..."
(118.12, 608.2c-d); "each opponent sacrifices a permanent of their choice unless they pay {1}" (118.12)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_gyif import GyIfReader  # 113.6m (issue 21: "if this card is in your graveyard")
from engine.vocab.oracle.oneshot_payment import PaymentReader  # 608.2c: "the life lost this way"
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_sentences import _mana

# the keys of a selector read from "sacrifice another [objects]" that a sacrifice of one's own says (701.21a)
_SACRIFICE_KEYS = {"types", "any_types", "not_types", "subtypes", "not_subtypes", "colors", "not_colors", "supertypes",
                   "not_supertypes", "token", "attacking", "blocking", "tapped"}


def knows_done(op: dict, x_ok: bool = False) -> bool:
    """118.12, 608.2c: a first operation of a `may` that the loop knows was done or not (its "If you do, ..."
    depends on it): a payment of mana, energy or life, a discard, a draw or a sacrifice of its controller's own
    (engine/vocab/oneshot_paycost.py: knows_done, the same for the models). A payment of {X} only with ``x_ok`` (107.3f:
    the "If you do" of a triggered ability, whose X is the value chosen as it pays: `pays_x`)."""
    if pays_x(op) and not x_ok:
        return False
    return op.get("op") in ("pay", "pay_life", "reveal_top_sharing", "exile_self") or op.get("op") in (
        "discard", "draw", "sacrifice", "blight") and op.get("who") == "you"  # (reveal_top_sharing: kinship,
    # oneshot_libextra.py; blight: 701.68b; exile_self: "you may exile it" of a dies trigger, oneshot_payment.py)


def pays_x(op: dict) -> bool:
    """107.3f: a payment of {X} as it resolves ("you may pay {X}{R}"): X chosen by the controller then."""
    return op.get("op") == "pay" and "{X}" in op.get("cost", "")


def x_paid(op: dict, piece) -> bool:
    """107.3f: whether ``op`` pays {X} (its X the X of the instructions of ``piece``, after it); NotRead when a target of
    the piece says X (601.2c: targets are chosen as the ability is put on the stack, before X is chosen)."""
    if not pays_x(op):
        return False
    if any(_says_x(t.spec) for t in piece.targets):
        raise NotRead("a target with an X chosen only as the ability resolves")
    return True


def _says_x(v) -> bool:
    if isinstance(v, dict):
        return "x" in v or any(_says_x(w) for w in v.values())
    if isinstance(v, (list, tuple)):
        return any(_says_x(w) for w in v)
    return v == "x"


def knows_not_done(op: dict) -> bool:
    """608.2c-d: a first operation of a `may` whose "If you don't, ..." the loop reads: counters put on the source (it
    may have left the battlefield: fabricate 702.123a), a payment (mana, energy, life), a sacrifice, a discard (of
    their choice or at random) or a return to hand of a permanent of its controller's own (not done when they chose
    not to, or couldn't: 118.3, 608.2d: too few cards in hand, no such permanent), a blight of theirs (701.68b: not
    done by one who controls no creature)."""
    if pays_x(op):  # 107.3f: an X chosen and paid, then read by "If you do" only
        return False
    return op.get("op") == "counters" and op.get("to") == "self" or op.get("op") in ("pay", "pay_life") or (
        op.get("op") in ("sacrifice", "discard", "discard_random", "return_chosen", "blight") and op.get("who") == "you")


def payments(op: dict) -> bool:
    """118.12: a payment as it resolves (read in a `may` with "If you do" or "If you don't" only)."""
    return op["op"] in ("pay", "pay_life") or op["op"] == "may" and not op.get("if_you_do") and not op.get(
        "otherwise") and any(o["op"] in ("pay", "pay_life") for o in op["one_shot"])


class PayCostReader(GyIfReader, PaymentReader):
    """The reader's transformer methods for these sentences (a mixin of oneshot._Reader)."""

    def os_pay_life(self, children):
        amount = int(str(children[1]))
        if amount < 1:
            raise NotRead("pay 0 life")
        return Piece([{"op": "pay_life", "amount": amount}])

    def os_sacrifice_another(self, children):
        sel = dict(next(c for c in children if isinstance(c, dict)))
        if sel.get("other") or set(sel) - _SACRIFICE_KEYS or not (sel.get("types") or sel.get("any_types") or
                                                               sel.get("subtypes")):
            raise NotRead(f"sacrifice another {sel}")
        sel["other"] = True  # "another": not the source (the selector's `other`)
        return Piece([{"op": "sacrifice", "what": sel, "who": "you"}])

    def os_pay_x(self, children):
        """118.12, 107.3f: "pay {X}{R}": its X chosen by the controller as it resolves (oneshot._ability reads it only as
        the payment of a triggered ability's may with "If you do, ...")."""
        return Piece([{"op": "pay", "cost": str(children[1])}])

    def os_unless_target_bounce(self, children):  # (os_bounce's instruction, 400.3)
        return self.os_unless_target_pays([self.os_bounce(children[:2]), children[-1]])

    def os_unless_target_pays(self, children):
        """118.12, 608.2c: "Return target creature to its owner's hand unless its controller pays {1}": one instruction
        on one target creature or permanent, which happens only if that target's controller doesn't pay."""
        piece, mana = children[0], children[-1]
        if piece.continuous is not None or piece.replacement is not None or piece.combat or piece.uses_it or piece.x \
                or len(piece.targets) != 1 or len(piece.ops) != 1 or piece.ops[0].get("_tgt") is not piece.targets[0] \
                or piece.targets[0].spec.get("what") not in ("creature", "permanent") \
                or piece.targets[0].spec.get("count", 1) != 1 or piece.targets[0].spec.get("up_to"):
            raise NotRead("'unless its controller pays' of another instruction than one on one target permanent")
        return Piece([{"op": "unless_pays", "who": "target_controller", "cost": _mana(mana), "one_shot": piece.ops}],
                     piece.targets)

    def os_if_you_do_create_attach(self, children):
        """118.12, 701.3a: "If you do, create a 1/1 green Elf Warrior creature token, then attach this Equipment to it."
        (the if_you_do of the payment before it: one token, the Equipment attached to it: os_create_attach)."""
        piece = self.os_create_attach([c for c in children if isinstance(c, Piece)])[0]
        return [("if_you_do", [piece])]

    def os_edict_unless(self, children):
        mana = next(c for c in children if isinstance(c, Token) and c.type == "OS_MANA")
        piece = self.os_edict([c for c in children if c is not mana])
        if piece.ops[0]["who"] == "you":
            raise NotRead("'unless they pay' of no other player")
        piece.ops[0]["unless_pays"] = _mana(mana)
        return piece


def effect_if_done(pieces: list, continuous, combat: list):
    """611.2, 608.2c: "you may pay {1}. If you do, it gains flying until end of turn.": the one piece of "If you do" that
    is only a continuous effect (or a rule on attacks and blocks), when the ability has no other; the reader keeps it as
    the ability's effect and puts {op: create_effect} in the may's if_you_do (it is created there, only if done);
    otherwise None."""
    if len(pieces) != 1 or continuous is not None or combat:
        return None
    p = pieces[0]
    if p.ops or p.replacement is not None or p.x or p.control or (p.continuous is None and not p.combat):
        return None
    return p
