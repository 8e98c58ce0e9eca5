"""Family 5 of the Oracle grammar (oneshot.lark's block "blight"): blight (701.68, the seed's text: « Appliquer gangrène
N » signifie mettre N marqueurs -1/-1 sur une créature que vous contrôlez): "blight 1", "you may blight 2. If you do,
..." (701.68b: a may's first operation the loop knows was done), "each opponent blights 1" (-> {op: blight},
engine/vocab/oneshot_blight.py). The game loop: engine/game/blight.py."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece


class BlightReader:
    def os_blight(self, children):
        """701.68a: "blight N": the controller of the spell or ability blights N."""
        return Piece([{"op": "blight", "amount": children[-1], "who": "you"}])

    def os_player_blights(self, children):
        """701.68a, 101.4: "each opponent blights N": each opponent chooses a creature of theirs in turn order, then
        the counters are put. Another player (a target, "you blights") is not read."""
        if children[0] != "each_opponent":
            raise NotRead(f"another player than each opponent blights: {children[0]}")
        return Piece([{"op": "blight", "amount": children[-1], "who": "each_opponent"}])
