"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader about the Ring
(701.54, the current official Comprehensive Rules: the seed text stops at 702.42), read from ring.lark: "the Ring tempts
you" (-> {op: ring_tempts}, engine/vocab/oneshot_ring.py). The game loop: engine/game/ring.py."""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import Piece


class RingReader:
    def rg_tempts(self, _children):
        """701.54a: "the Ring tempts you": the controller of the spell or ability is tempted."""
        return Piece([{"op": "ring_tempts"}])
