"""Family 5 of the Oracle grammar (oneshot.lark, the block "payments by the player the trigger names"): "you may draw a
card unless that player pays {1}" after "Whenever an opponent casts a spell," (118.12, 603.2, 608.2c; issue 21); the
model: engine/vocab/oneshot_thatplayer.py, the loop: engine/game/thatplayer.py."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_eachplayer import EachPlayerReader
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_sentences import _mana


class ThatPlayerReader(EachPlayerReader):
    """The reader's transformer methods for these sentences (a mixin of oneshot._Reader, with those of
    oneshot_eachplayer.py)."""

    def os_unless_that_player(self, children):
        piece = next(c for c in children if isinstance(c, Piece))
        mana = next(c for c in children if isinstance(c, Token) and c.type == "OS_MANA")
        if piece.continuous is not None or piece.replacement is not None or piece.combat or piece.targets \
                or piece.uses_it or piece.x or len(piece.ops) != 1 or piece.ops[0].get("op") != "draw" \
                or piece.ops[0].get("who", "you") != "you":
            raise NotRead("'you may ... unless that player pays' of another instruction than a draw of its controller's")
        return Piece([{"op": "unless_pays", "who": "that_player", "cost": _mana(mana),
                       "one_shot": [{"op": "may", "one_shot": piece.ops}]}])


def cast_by_another(kind: str, head) -> bool:
    """603.2, 601.2i: an ability that triggers on another player's (or any player's) casting a spell: "that player" is
    the one who cast it (not "When you cast this spell", nor "Whenever you cast")."""
    return kind == "triggered" and isinstance(head, dict) and head.get("event") == "cast" and not head.get("self") \
        and head.get("player") in ("opponent", "any") and not head.get("or_copy")  # (a copy: no caster, 707.10)


def entered_under_opponent(kind: str, head) -> bool:
    """603.2, 603.6a: an ability that triggers on a permanent an opponent controls entering ("Whenever a creature an
    opponent controls enters, you may have that player lose 1 life."): "that player" is that opponent, the one who
    controls it as it enters (engine/game/triggered.py)."""
    return kind == "triggered" and isinstance(head, dict) and head.get("event") == "enters" \
        and (head.get("subjects") or {}).get("controller") == "opponent" and not head.get("or_event")
