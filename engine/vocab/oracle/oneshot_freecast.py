"""Family 5 of the Oracle grammar (oneshot_freecast.lark): casting without paying the mana cost (issue 21): "You may cast
a spell with mana value 4 or less from your hand without paying its mana cost." -> {op: cast_free, from_zone: hand,
spells: {max_mana_value: 4}} (608.2g, 118.9, 601.2; engine/vocab/oneshot_freecast.py, executed by
engine/game/freecast.py). A mixin of oneshot.py's reader."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
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
