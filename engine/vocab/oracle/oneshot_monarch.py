"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader about the monarch
(722, the current official Comprehensive Rules: the seed text stops at 702.42): "you become the monarch", "target player
becomes the monarch" (-> {op: become_monarch}, engine/vocab/oneshot_monarch.py). The game loop: engine/game/monarch.py."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, Tgt


class MonarchReader:
    def os_become_monarch(self, _children):
        """722.1, 722.3: "you become the monarch": the controller of the spell or ability becomes the monarch."""
        return Piece([{"op": "become_monarch", "who": "you"}])

    def os_player_becomes_monarch(self, children):
        """722.1, 722.3, 115.1: "target player becomes the monarch", "target opponent becomes the monarch": the target
        player (as the spell or ability resolves, if still a legal target: 608.2b)."""
        if not isinstance(children[0], Tgt):
            raise NotRead(f"another player than a target becomes the monarch: {children[0]}")
        return Piece([{"op": "become_monarch", "who": "target"}], [children[0]])
