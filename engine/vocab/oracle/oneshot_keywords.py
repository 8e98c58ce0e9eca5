"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader added in
issue 21's fifth round for the keywords executed through their definitions (engine/vocab/oracle/keyword_rules.py):
"target attacking creature with lesser power" (mentor, 702.134a *(EN, current official rules)*: the seed text
stops at 702.42), "if it isn't renowned, ... and it becomes renowned." (renown, 702.112a-b), and the table of the
intervening "if" clauses read into a trigger (603.4)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt, _who
from engine.vocab.oracle.oneshot_sentences import _spec_of


class KeywordsReader:
    """The readers of the productions of oneshot.lark this module names."""

    def os_target_lesser_power(self, children):
        """115.1, 608.2h: -> TargetSpec {lesser_power: true}: "target attacking creature with lesser power": a
        creature whose power is less than the source's (as the source is, or last existed on the battlefield)."""
        spec = _spec_of(next(c for c in children if isinstance(c, dict)))
        if spec.get("what") != "creature":
            raise NotRead("a power on a target that may be no creature")
        spec["lesser_power"] = True
        return Tgt(spec)

    def os_if_not_renowned(self, children):
        """603.4, 702.112a-b: "if it isn't renowned, [instruction] and it becomes renowned.": the trigger's
        intervening "if" (INTERVENING), the instruction, then the source becomes renowned."""
        (piece,) = [c for c in children if isinstance(c, Piece)]
        piece.ops.append({"op": "become_renowned"})
        return [_intervening("not_renowned", [piece])]


    def os_if_you_do_lost_this_way(self, children):
        """608.2c, 702.101a: "If you do, [players lose N life] and you gain life equal to the total life lost this
        way.": the if_you_do of the may before it, the gain counting the life the lose_life made players lose."""
        (piece,) = [c for c in children if isinstance(c, Piece)]
        if len(piece.ops) != 1 or piece.ops[0].get("op") != "lose_life" or piece.targets:
            raise NotRead("'the total life lost this way' after no loss of life")
        return [("if_you_do", [piece, Piece([{"op": "gain_life", "amount": "life_lost_this_way", "who": "you"}])])]


    def os_counters_per_own(self, children):
        """122.1, 603.10a: "put a +1/+1 counter on [target] for each +1/+1 counter on this permanent": one counter
        for each +1/+1 counter the source had as it last existed on the battlefield (amount own_counters)."""
        if children[1] != 1 or str(children[2]) != "+1/+1" or str(children[3]) != "counter":
            raise NotRead("'for each +1/+1 counter on this permanent' after no 'a +1/+1 counter'")
        piece = self.os_counters(children[:5])
        piece.ops[0]["amount"] = "own_counters"
        return piece


    def os_counters_card_power(self, children):
        """122.1, 702.97a *(EN, current official rules)*: "Put a number of +1/+1 counters equal to this card's power on
        target creature": as many as the power of the card exiled from its graveyard to pay the ability's cost (amount
        card_power; an activated ability whose cost exiles the card, 113.6k: read in no other ability)."""
        (tgt,) = [c for c in children if isinstance(c, Tgt)]
        if tgt.spec.get("what") not in ("creature",):
            raise NotRead("+1/+1 counters on a target that may be no creature")
        return Piece([{"op": "counters", "kind": "+1/+1", "amount": "card_power", "_tgt": tgt}], [tgt])

    def os_exile_top(self, children):
        """701.13a, 702.115a *(EN, current official rules)*: "[player] exiles the top card of their library", "exile the
        top card of your library": each such player exiles their library's top card (amount 1)."""
        who, targets = _who(children[0]) if len(children) == 2 else ("you", [])
        if who == "you" and len(children) == 2:
            raise NotRead("'you exiles'")
        return Piece([{"op": "exile_top", "amount": 1, "who": who}], targets)

    def os_if_greater_pt(self, children):
        """603.4, 702.100a: "if that creature has greater power or toughness than this creature, [instruction].": the
        trigger's intervening "if" (INTERVENING)."""
        return [_intervening("greater_pt", [c for c in children if isinstance(c, Piece)])]


def check_card_power(kind: str, bare: str, ops: list) -> None:
    """702.97a, 113.6k: "equal to this card's power" (amount card_power) only in an activated ability whose cost exiles
    the card from its owner's graveyard (the card the number is the power of: scavenge's definition); NotRead else."""
    if any(op.get("amount") == "card_power" for op in ops) and not (
            kind == "activated" and "Exile this card from your graveyard" in bare.partition(": ")[0]):
        raise NotRead("'this card's power' of no card exiled from a graveyard to pay the ability's cost")


# 603.4: the intervening "if" clauses a first sentence may begin with, read into the trigger (engine/vocab/oracle/
# oneshot.py: _ability): the sentence's tag -> (the trigger's field, the triggers it may follow)
INTERVENING = {
    # 702.100a (evolve): "Whenever a creature you control enters, if that creature has greater power or toughness ..."
    "greater_pt": ("if_greater_pt", [{"event": "enters", "subjects": {"types": ["Creature"], "controller": "you"}}]),
    # 702.112a (renown): "When this creature deals combat damage to a player, if it isn't renowned, ..."
    "not_renowned": ("if_not_renowned", [{"event": "deals_damage", "combat": True, "to_player": True}]),
    # 702.58a (graft; oneshot_kw.py): "Whenever another creature enters, if this permanent has a +1/+1 counter on it, ..."
    "has_counter": ("if_has_counter", [{"event": "enters", "subjects": {"types": ["Creature"], "other": True}}]),
}


def _intervening(tag: str, inner: list) -> tuple:
    """The piece oneshot.py's _ability reads as a trigger's intervening "if" (603.4): ("intervening", the
    triggers it may follow, the trigger's field, its value, the instruction)."""
    field, heads = INTERVENING[tag]
    return ("intervening", heads, field, True, inner)
