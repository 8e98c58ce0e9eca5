"""Family 5 of the Oracle grammar (oneshot.lark, the block "hands"): a hand looked at (402.3: "Look at target player's
hand."), cards discarded at random (701.9b: "Target player discards two cards at random."), a card chosen from a revealed
hand and exiled (701.20a, 406.1: "Target opponent reveals their hand. You choose a nonland card from it and exile that
card."; the sentence completes the reveal before it, as "You choose ... from it." and "That player discards that card."
complete it for discard_chosen, oneshot_library.py). The vocabulary: engine/vocab/oneshot_hand.py; the game loop:
engine/game/hand_ops.py."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, _who


class HandReader:
    """The transformer methods of the hand sentences (a mixin of oneshot.py's reader)."""

    def os_hand_look(self, children):  # 402.3
        who, targets = _who(children[1])
        return Piece([{"op": "reveal_hand", "who": who, "look": True}], targets)

    def os_discard_random(self, children):  # 701.9b
        who, targets = _who(children[0]) if len(children) == 4 else ("you", [])
        verb, n, cards = str(children[-3]).lower(), children[-2], str(children[-1]).lower()
        if (n == 1) != (cards == "card"):
            raise NotRead("a number and its noun disagree")
        if (verb == "discards") != (len(children) == 4 and who != "you"):  # ("then discards ...": whose subject?)
            raise NotRead("'discard' without its player, or 'discards' after no player")
        x = str(n) == "X"  # 107.3a: the spell's X (a spell only: oneshot.py refuses x elsewhere)
        return Piece([{"op": "discard_random", "amount": "x" if x else n, "who": who}], targets, x=x)

    def os_hand_exile(self, children):  # 701.20a, 406.1
        (_, kind), = self.os_hand_choose(children)
        return [("hand_exile", kind)]


def merge(ops: list, piece: tuple) -> None:
    """701.20a: "You choose a ... card from it and exile that card." completes the "reveals their hand" just before it
    (a discard_chosen still open, oneshot_library.py): it becomes an exile_chosen with the card's qualities."""
    last = ops[-1] if ops else {}
    if last.get("op") != "discard_chosen" or last.get("_stage") != "open":
        raise NotRead("a card chosen from a hand, after no 'reveals their hand'")
    who = last["who"]
    last.clear()
    last.update({"op": "exile_chosen", "who": who, **(piece[1] or {})})
