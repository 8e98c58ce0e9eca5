"""Family 5 of the Oracle grammar (oneshot_freecast.lark): casting without paying the mana cost (issue 21): "You may cast
a spell with mana value 4 or less from your hand without paying its mana cost." -> {op: cast_free, from_zone: hand,
spells: {max_mana_value: 4}} (608.2g, 118.9, 601.2; engine/vocab/oneshot_freecast.py, executed by
engine/game/freecast.py). A mixin of oneshot.py's reader."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle import oneshot_impulse
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Tgt
from engine.vocab.oracle.oneshot_cards import Piece, _number


class FreeCastReader:
    """The transformer methods of oneshot_freecast.lark."""

    def fc_mv(self, children):
        return {"_max_mv": _number(children[0])}

    def fc_cast_from_hand(self, children):
        """608.2g, 118.9: -> {op: cast_free, from_zone: hand, spells?}."""
        kind = next((c for c in children if isinstance(c, dict) and "_vowel" in c), None)
        mv = next((c["_max_mv"] for c in children if isinstance(c, dict) and "_max_mv" in c), None)
        article = str(next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")).lower()
        if kind is None and article != "a" or kind is not None and (article == "an") != kind.pop("_vowel"):
            raise NotRead("'a' or 'an' before the wrong word")
        spells = {**(kind or {}), **({"max_mana_value": mv} if mv is not None else {})}
        return Piece([{"op": "cast_free", "from_zone": "hand", **({"spells": spells} if spells else {})}])

    def fc_cast_target(self, children):
        """608.2g, 115.1: -> {op: cast_free, from_zone: graveyard, target: 1} with the card targeted."""
        t = next(c for c in children if isinstance(c, Tgt))
        if t.spec.get("up_to") or not set(t.spec.get("types") or ["Land"]) <= {"Instant", "Sorcery"}:
            raise NotRead("a card targeted that may be no instant or sorcery card, or 'up to one'")
        return Piece([{"op": "cast_free", "from_zone": "graveyard", "_tgt": t}], [t])

    def fc_exile_instead(self, _children):
        return [("free_exile_instead",)]

    def fc_exile_until_nonland(self, _children):
        """701.13a: -> {op: exile_until_nonland}."""
        return Piece([{"op": "exile_until_nonland"}])

    def fc_exile_top_cast_any(self, _children):
        """701.13a, 608.2g: -> {op: exile_top_cast_any, who: each_player}."""
        return Piece([{"op": "exile_top_cast_any", "who": "each_player"}])

    def fc_cast_that_free(self, _children):
        return [("cast_that_free",)]

    def fc_play_free(self, children):
        """611.2a, 118.9: the permission to play the cards exiled just before, this turn, without paying their costs."""
        plural = str(next(c for c in children if isinstance(c, Token) and c.type == "OS_EXILED_CARDS")) in ("those cards",
                                                                                                           "them")
        words = str(next(c for c in children if isinstance(c, Token) and c.type == "FC_FREE_PLAY"))
        if plural != words.endswith("costs"):
            raise NotRead("'its mana cost' of several cards, or 'their mana costs' of one")
        return [("play_exiled_free", "end_of_turn", plural)]


def merge(ops: list, piece: tuple) -> None:
    """614.1a: "If that spell would be put into your graveyard, exile it instead." completes the ``cast_free`` of a
    targeted graveyard card just before it; after any other instruction the ability is not read."""
    last = ops[-1] if ops else {}
    if last.get("op") != "cast_free" or last.get("from_zone") != "graveyard" or last.get("exile_instead"):
        raise NotRead("'If that spell would be put into your graveyard' after no 'you may cast target ... card'")
    last["exile_instead"] = True


def merge_play(ops: list, piece: tuple) -> None:
    """611.2a, 118.9: "Until end of turn, you may play that card without paying its mana cost." completes "exile the top
    card of your library" as oneshot_impulse.merge reads "You may play that card this turn.", the cards to be played for
    no mana (``play_free``)."""
    oneshot_impulse.merge(ops, ("play_exiled", *piece[1:]))
    ops[-1]["play_free"] = True


def merge_cast_that(ops: list, piece: tuple) -> None:
    """608.2g, 118.9: "You may cast that card without paying its mana cost." completes "Exile cards from the top of your
    library until you exile a nonland card." just before it; after any other instruction the ability is not read."""
    last = ops[-1] if ops else {}
    if last.get("op") != "exile_until_nonland" or last.get("cast_free"):
        raise NotRead("'You may cast that card without paying its mana cost' after no 'until you exile a nonland card'")
    last["cast_free"] = True
