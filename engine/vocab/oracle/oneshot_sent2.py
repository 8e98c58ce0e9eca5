"""Family 5 of the Oracle grammar: one-shot effects of triggered abilities added in issue 21 whose trigger was read
but whose effect wasn't. "this creature deals 1 damage to you" (120.3: -> {op: damage, to: you}, the ability's
controller). "When this creature dies, return it to its owner's hand", "When this Aura is put into a graveyard from
the battlefield, you may return it to its owner's hand" (os_bounce's sentence, whose "it" names no object on the
battlefield here): 603.10a, 400.7, the card the source became in its owner's graveyard, -> {op: return_self, to:
hand} (engine/game/instructions.py: nothing if that card left the graveyard); "When enchanted land dies, return
that card to its owner's hand" (-> {op: return_that_card}: the card the permanent the trigger is about became). Also _pt, a power/toughness token's
numbers (moved here from oneshot.py, which has no room left)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece

_BOUNCE_IT = {"op": "return_to_hand", "what": "self"}  # os_bounce's "return it to its owner's hand"


def _pt(tok) -> tuple[int, int]:
    p, t = str(tok).split("/")
    return int(p), int(t)


class Sent2Reader:
    """The reader's transformer methods for the productions after os_sent2 (a mixin of oneshot._Reader)."""

    def os_sent2(self, children):
        return children[0]

    def os_damage_you(self, children):
        # 120.3: the source deals the damage to the ability's controller (as os_damage reads "this creature" and "it")
        source, deals, amount = children
        piece = self.os_damage([source, deals, amount, []])
        if piece.ops[0].get("to") != []:
            raise NotRead("damage to you and to others")
        piece.ops[0]["to"] = "you"
        return piece

    def os_return_that_card(self, _):
        return Piece([{"op": "return_that_card"}])  # (died_it checks the trigger)


def died_it(kind: str, head, pieces: list) -> None:
    """603.10a, 400.7: in an ability that triggers on the source's own going to a graveyard from the battlefield
    ("When this creature dies", "When this Aura is put into a graveyard from the battlefield": 700.4; no other
    event), the first instruction's "return it to its owner's hand" (or "you may return it ..."; no target named
    before it) returns the card the source became in its owner's graveyard: -> {op: return_self, to: hand}."""
    dies = kind == "triggered" and isinstance(head, dict) and head.get("event") == "dies" and not head.get("or_event")
    for i, piece in enumerate(pieces):  # "return that card to its owner's hand": another permanent's dying only
        if not isinstance(piece, (str, tuple)) and any(o.get("op") == "return_that_card" for op in piece.ops
                                                      for o in [op] + op.get("one_shot", [])):
            if i or not dies or "subjects" not in head or piece.targets or len(piece.ops) != 1:
                raise NotRead("'return that card' of no ability triggering on another permanent's dying")
    if not dies or "subjects" in head or not pieces or isinstance(pieces[0], (str, tuple)):
        return
    first = pieces[0]
    if not first.uses_it or first.targets or getattr(first, "that", False) or first.continuous is not None \
            or first.combat or first.replacement is not None or len(first.ops) != 1:
        return
    op, returned = first.ops[0], {"op": "return_self", "to": "hand"}
    if op == _BOUNCE_IT:
        first.ops[0] = returned
    elif op == {"op": "may", "one_shot": [_BOUNCE_IT]}:  # 608.2d
        op["one_shot"] = [returned]
    else:
        return
    first.uses_it = False
