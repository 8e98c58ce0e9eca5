"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader about the Ring
(701.54, the current official Comprehensive Rules: the seed text stops at 702.42), read from ring.lark: "the Ring tempts
you" (-> {op: ring_tempts}, engine/vocab/oneshot_ring.py). The game loop: engine/game/ring.py."""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import Piece


class RingReader:
    def rg_tempts(self, _children):
        """701.54a: "the Ring tempts you": the controller of the spell or ability is tempted."""
        return Piece([{"op": "ring_tempts"}])

    def rg_when_tempted(self, _children):
        """701.54d, 603.2: "Whenever the Ring tempts you"."""
        return {"event": "ring_tempts"}

    def rg_when_bearer_chosen(self, _children):
        """701.54a, 603.2: "Whenever you choose a creature as your Ring-bearer"."""
        return {"event": "ring_tempts", "bearer_chosen": True}

    def rg_if_other_bearer(self, children):
        """603.4, 701.54a: "if you chose a creature other than ~ as your Ring-bearer, [instruction]." after "Whenever
        the Ring tempts you," (oneshot.py: the trigger's intervening "if", its first sentence only)."""
        return [("intervening", [{"event": "ring_tempts"}], "if_other_bearer", True,
                 [c for c in children if isinstance(c, Piece)])]
