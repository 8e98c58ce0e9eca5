"""Family 5 of the Oracle grammar (payment.lark, issue 21): the sentences that complete the instruction before them about
what it paid, lost or moved (118.12, 608.2c, 608.2h): "You gain life equal to the life lost this way." after "Each
opponent loses 3 life." (the loop: engine/game/instructions.py's lose_life keeps the total lost, its gain_life of
life_lost_this_way reads it). The merges (MERGES, read by oneshot.py's _ability through oneshot_kw.MERGES) join each to
the operations before it, or the ability is not read.

Also what a payment as it resolves may be besides mana and life (118.12, 608.2d): "When this creature dies, you may
exile it. If you do, ..." (`died_exile`: the card the source became in its owner's graveyard, {op: exile_self}; the
loop: engine/game/paycost.py exile_own)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_sentences import _mana

# the players whose loss of life "the life lost this way" counts: others than the ability's controller (a loss of the
# controller's own, "you lose 2 life", is no drain)
_OTHERS = ("each_opponent", "target", "that_player", "defending_player", "target_controller")


class PaymentReader:
    """The reader's transformer methods for these sentences (a mixin of oneshot._Reader, through
    oneshot_paycost.PayCostReader)."""

    def pm_sentences(self, children):
        return children[0]  # (the sentence's list of one tuple, for ``MERGES``)

    def pm_lost_this_way(self, children):
        """608.2c: "You gain life equal to the life lost this way." (merge_lost_this_way)."""
        return [("pm_lost_this_way",)]

    def pm_if_you_do_look(self, children):
        """118.12, 401.2: "If you do, look at the top two cards of your library." (the "If you do" of the may before)."""
        return [("if_you_do", [c for c in children if isinstance(c, Piece)])]

    def pm_tap_unless_you_pay(self, children):
        """118.12, 608.2c: "tap this creature unless you pay {3}" ({E}: energy, 107.14)."""
        tok = children[-1]
        cost = str(tok) if tok.type == "OS_ENERGY" else _mana(tok)
        return Piece([{"op": "unless_pays", "who": "you", "cost": cost, "one_shot": _tap_self(children[0])}])

    def pm_tap_unless_you_pay_life(self, children):
        """118.12, 119.4: "tap this creature unless you pay 1 life"."""
        amount = int(str(next(c for c in children if isinstance(c, Token) and c.type == "OS_DIGITS")))
        if amount < 1:
            raise NotRead("pay 0 life")
        return Piece([{"op": "unless_pays", "who": "you", "life": amount, "one_shot": _tap_self(children[0])}])

    def pm_damage_unless_you_pay(self, children):
        """118.12, 120.3: "this creature deals 8 damage to you unless you pay {G}{G}{G}{G}" (the source's damage to its
        controller, one amount, no target; "it deals": the source in an ability on its own doing, oneshot.py)."""
        piece = children[0]
        ops = piece.ops
        if len(ops) != 1 or ops[0].get("op") != "damage" or ops[0].get("to") != "you" or set(ops[0]) - {"op", "amount", "to"} \
                or not isinstance(ops[0].get("amount"), int) or piece.targets or piece.continuous is not None \
                or piece.combat or piece.replacement is not None or piece.x:
            raise NotRead("'unless you pay' of other damage than the source's to you")
        piece.ops = [{"op": "unless_pays", "who": "you", "cost": _mana(children[-1]), "one_shot": ops}]
        return piece

    def pm_sacrifice_unless_energy(self, children):
        """118.12, 107.14: "sacrifice this creature unless you pay {E}{E}" (os_sacrifice's reading of the object)."""
        piece = self.os_sacrifice(children[:2])
        if piece.ops != [{"op": "sacrifice", "what": {"self": True}, "who": "you"}] or piece.targets:
            raise NotRead("'unless you pay {E}' of another sacrifice than the source's")
        piece.ops = [{"op": "unless_pays", "who": "you", "cost": str(children[-1]), "one_shot": piece.ops}]
        return piece

    def pm_unless_target_pays_life(self, children):
        """118.12, 119.4: "Tap target creature unless its controller pays 2 life." (os_unless_target_pays's checks: one
        instruction on one target creature or permanent)."""
        piece = self.os_unless_target_pays([children[0], Token("OS_MANA", "{1}")])
        op = piece.ops[0]
        del op["cost"]
        op["life"] = _life(children)
        return piece

    def pm_unless_target_player_pays_life(self, children):
        """118.12, 119.4: "Target player discards their hand unless they pay 7 life." ("they": the one target player)."""
        piece = children[0]
        if piece.continuous is not None or piece.replacement is not None or piece.combat or piece.uses_it or piece.x \
                or len(piece.ops) != 1 or piece.ops[0].get("who") != "target" or len(piece.targets) != 1 \
                or piece.targets[0].spec != {"what": "player"}:
            raise NotRead("'unless they pay' of another instruction than one of one target player's")
        return Piece([{"op": "unless_pays", "who": "target", "life": _life(children), "one_shot": piece.ops}],
                     piece.targets)


def _life(children) -> int:
    """The life of "unless [they] pay N life" (119.4; NotRead for 0)."""
    amount = int(str(next(c for c in children if isinstance(c, Token) and c.type == "OS_DIGITS")))
    if amount < 1:
        raise NotRead("pay 0 life")
    return amount


def _tap_self(piece) -> list:
    """The operations of "tap this creature" (the source, named: not "it", not a target), or NotRead."""
    if piece.ops != [{"op": "tap", "what": "self"}] or piece.targets or piece.uses_it or piece.continuous is not None \
            or piece.combat or piece.replacement is not None:
        raise NotRead("'unless you pay' of another instruction than 'tap this creature'")
    return piece.ops


def merge_lost_this_way(ops: list, piece: tuple) -> None:
    """608.2c, 119.3: the sentence after a lose_life of other players (each opponent, a target player, the player the
    trigger names): -> {op: gain_life, amount: life_lost_this_way, who: you}, the total life they lost as it resolved
    (replacement effects applied: engine/game/instructions.py); NotRead after any other instruction."""
    last = ops[-1] if ops else {}
    if last.get("op") != "lose_life" or last.get("who") not in _OTHERS:
        raise NotRead("'You gain life equal to the life lost this way' after no loss of life of other players")
    ops.append({"op": "gain_life", "amount": "life_lost_this_way", "who": "you"})


# the first piece "you may exile it" as the oneshot.lark grammar reads it ("it": the source, os_exile)
_MAY_EXILE_IT = [{"op": "may", "one_shot": [{"op": "exile", "what": "self"}]}]


def died_exile(kind: str, head, pieces: list) -> None:
    """603.10a, 608.2d, 118.12: in an ability that triggers on the source's own dying ("When this creature dies"; no
    other event, no other subject), the first sentence "you may exile it." followed by "If you do, ..." or "When you
    do, ...": "it" is the card the source became in its owner's graveyard (400.7: the loop exiles it only if it is
    still that card there) -> {op: may, one_shot: [{op: exile_self}]} (its "If you do": the sentence after it, read by
    oneshot.py)."""
    dies = kind == "triggered" and isinstance(head, dict) and head.get("event") == "dies" and not head.get("or_event") \
        and "subjects" not in head
    if not dies or len(pieces) < 2 or isinstance(pieces[0], (str, tuple)) \
            or not (isinstance(pieces[1], tuple) and pieces[1][0] in ("if_you_do", "when_you_do")):
        return
    first = pieces[0]
    if first.ops != _MAY_EXILE_IT or not first.uses_it or first.targets or first.continuous is not None \
            or first.combat or first.replacement is not None:
        return
    first.ops = [{"op": "may", "one_shot": [{"op": "exile_self"}]}]
    first.uses_it = False


MERGES = {"pm_lost_this_way": merge_lost_this_way}

# the sentences that complete the last instruction of an "If you do" as they complete one outside it: where the cards
# looked at or revealed go (401.2, 701.20a), a card chosen from a hand (701.20a), what a token has (111.4), "You may
# play that card this turn" (611.2a), a revealed card's "If it's a ... card" (608.2c)
_INSIDE = frozenset({"look", "look_rest", "hand_choose", "hand_discard", "it_has", "play_exiled", "dig_if", "dig_else",
                     "hand_exile", "pm_lost_this_way"})


def merge(merge_of, ops: list, piece: tuple) -> None:
    """118.12, 608.2c: a sentence that completes the instruction before it ("Put one of them into your hand and the other
    into your graveyard.") after "you may pay {1}. If you do, look at the top two cards of your library.": it completes
    the last instruction of that "If you do" (its operations happen only if it was done), when it completes none
    outside it; NotRead when it completes neither."""
    try:
        merge_of(ops, piece)
        return
    except NotRead:
        last = ops[-1] if ops else {}
        if piece[0] not in _INSIDE or last.get("op") != "may" or not last.get("if_you_do") or last.get("otherwise") \
                or last["if_you_do"][-1].get("op") in ("reflexive_trigger", "create_effect"):
            raise
    merge_of(last["if_you_do"], piece)
