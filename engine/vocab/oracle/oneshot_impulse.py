"""Family 5 of the Oracle grammar (oneshot.lark, block "library manipulation (issue 21)"): exiling the top cards of
one's library and the permission to play them (701.13a, 611.2a, 601.1a, 601.3, 305.1): "Exile the top two cards of
your library. Until the end of your next turn, you may play those cards." is one operation of the card vocabulary,
``exile_top`` with ``play`` (engine/vocab/oneshot_actions.py), whose words are two sentences: the exile opens it, the
permission (:func:`merge`) completes it. A mixin of oneshot.py's reader (through oneshot_library.LibraryReader)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece


class ImpulseReader:
    """The transformer methods of the productions of the block "library manipulation (issue 21)"."""

    def os_exile_top_n(self, children):
        """701.13a: -> {op: exile_top, amount: N, who: you}: "exile the top two cards of your library"."""
        n = next(c for c in children if isinstance(c, int))
        if n < 2:
            raise NotRead("'the top one cards'")
        return Piece([{"op": "exile_top", "amount": n, "who": "you"}])

    def os_lib_sentences(self, children):  # (a sentence completing the one before: oneshot_kw.MERGES)
        return children[0]

    def os_play_exiled_this_turn(self, children):
        return [("play_exiled", "end_of_turn", _plural(children))]

    def os_play_exiled_next_turn(self, children):
        return [("play_exiled", "end_of_your_next_turn", _plural(children))]


    def os_look_onto(self, children):
        """401.2, 400.3: -> ("look", {to: battlefield, up_to, take: 1, kinds, tapped?}) (oneshot_library.merge)."""
        kinds = next(c for c in children if isinstance(c, list))
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        if (str(article).lower() == "an") != (str(kinds[0])[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        return [("look", self._onto(children, {"up_to": True, "take": 1}))]

    def os_look_onto_many(self, children):
        n = next(c for c in children if isinstance(c, int))
        if n < 2:
            raise NotRead("'up to one ... cards'")
        return [("look", self._onto(children, {"up_to": True, "take": n}))]

    def _onto(self, children, fields: dict) -> dict:
        kinds = next(c for c in children if isinstance(c, list))
        fields = self._kinds(dict(fields, to="battlefield"), kinds)  # (oneshot_library.LibraryReader's)
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            fields["tapped"] = True
        return fields


def _plural(children) -> bool:
    tok = next(c for c in children if isinstance(c, Token) and c.type == "OS_EXILED_CARDS")
    return str(tok) in ("those cards", "them")


def merge(ops: list, piece: tuple) -> None:
    """611.2a, 601.3, 305.1: "You may play that card this turn." completes the instruction just before it, "exile the
    top card of your library" (its controller's own library: "you" may play them), as ``play``: "that card" of one
    card exiled, "those cards" of more; after any other instruction (or a second time) the ability is not read."""
    _, until, plural = piece
    last = ops[-1] if ops else {}
    if last.get("op") != "exile_top" or last.get("who") != "you" or "play" in last:
        raise NotRead("'you may play that card' after no 'exile the top card of your library'")
    if plural != (last.get("amount", 1) > 1):
        raise NotRead("'that card' of several cards exiled, or 'those cards' of one")
    last["play"] = until
