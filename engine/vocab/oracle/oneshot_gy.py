"""Family 5 of the Oracle grammar (the block 'graveyards' of oneshot.lark, issue 21): more instructions on cards in a
graveyard (115.1 targets there, 404.2, 400.3, 400.7): "Put target card from your graveyard on top of your library",
"Return target creature card with mana value 3 or less from your graveyard to the battlefield" (the card targets and
moves of oneshot_cards.py, with a mana value and a destination more). A mixin of oneshot.py's reader (through
oneshot_sentences.SentencesReader)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import PERMANENT_TYPES, Piece, Tgt, _who


class GyReader:
    """The reader's transformer methods gy_* (a mixin of oneshot._Reader)."""

    def gy_card_target_mv(self, children):
        """115.1, 202.3: "target creature card with mana value 3 or less from your graveyard" -> TargetSpec {what:
        card, types?, controller?, mana_value_at_most} (os_card_target's, with the mana value)."""
        mv = next(c for c in children if isinstance(c, int))
        t = self.os_card_target([c for c in children if not isinstance(c, int)
                                 and not (isinstance(c, Token) and c.type == "OS_MV_AT_MOST")])
        t.spec["mana_value_at_most"] = mv
        return t

    def gy_put_own_library(self, children):
        """400.3, 404.2: "Put target card from your graveyard on top of your library" -> {op: put_in_library,
        position} (a card you own: your library is its owner's; a card of any graveyard is not read here)."""
        t = next(c for c in children if isinstance(c, Tgt))
        if t.spec.get("controller") != "you":
            raise NotRead("a card of any graveyard into your library: it goes to its owner's")
        position = "top" if str(children[-1]) == "top" else "bottom"
        return Piece([{"op": "put_in_library", "position": position, "_tgt": t}], [t])

    def gy_put_onto_battlefield_yours(self, children):
        """400.3, 110.2a: "Put target creature card from a graveyard onto the battlefield under your control" ->
        {op: put_onto_battlefield_yours} (a permanent card only: 'target card' may be an instant)."""
        t = next(c for c in children if isinstance(c, Tgt))
        if not set(t.spec.get("types") or ["Instant"]) <= set(PERMANENT_TYPES):
            raise NotRead("a card that may be no permanent card, onto the battlefield")
        return Piece([{"op": "put_onto_battlefield_yours", "_tgt": t}], [t])

    def gy_shuffle_graveyard(self, children):
        """400.3, 701.24a: "Target player shuffles their graveyard into their library" -> {op: shuffle_graveyard,
        who: target | each_player}."""
        who, targets = _who(children[0])
        if who not in ("target", "each_player") or targets and targets[0].spec.get("what") != "player":
            raise NotRead("another player's graveyard shuffled")
        return Piece([{"op": "shuffle_graveyard", "who": who}], targets)

    def gy_shuffle_own_graveyard(self, _):
        """400.3, 701.24a: "shuffle your graveyard into your library" -> {op: shuffle_graveyard, who: you}."""
        return Piece([{"op": "shuffle_graveyard", "who": "you"}])

    def gy_exile_from_graveyard(self, children):
        """701.13a, 404.2: "Target player exiles a card from their graveyard" -> {op: exile_from_graveyard, who:
        target | each_player}."""
        who, targets = _who(children[0])
        if who not in ("target", "each_player") or targets and targets[0].spec.get("what") != "player":
            raise NotRead("another player exiles a card from their graveyard")
        return Piece([{"op": "exile_from_graveyard", "who": who}], targets)
