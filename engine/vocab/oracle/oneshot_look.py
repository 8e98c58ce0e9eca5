"""Family 5 of the Oracle grammar (oneshot_look.lark, an extension of oneshot.lark): more shapes of the looks at the top
of one's library (401.2, 701.20a, 608.2c), each a part of the one operation ``look_at_top`` that oneshot_library.py,
oneshot_dig.py and oneshot_until.py read (their merges join the parts):

- "If it's a creature card of the chosen type, you may reveal it and put it into your hand." (Herald's Horn), "You may
  reveal a creature card of the chosen type from among them and put it into your hand." (Icon of Ancestry), "Put all
  creature cards of the chosen type revealed this way into your hand and the rest ..." (Brass Herald) -> the card taken
  also matches {chosen_creature_type: true} (the creature type chosen for the source as it entered, 614.12, matched with
  the source's choices: engine/game/library_ops.py);
- "you may reveal cards from the top of your library until you reveal a creature card." (608.2d) -> {op: may, one_shot:
  [the reveal]}, completed by the sentence after it (oneshot_until.merge);
- "a basic land card" (205.4a: supertypes [Basic]) and "a nonlegendary creature card" (card {not_supertypes:
  [Legendary]}) as the quality of the card revealed or taken.

A mixin of oneshot.py's reader (through oneshot_library.LibraryReader)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece

# 205.3m, 614.12: a card with the creature type chosen for the source (bridge/selectors.py: the source's choices)
_CHOSEN = {"zone": "library", "chosen_creature_type": True}


def _creature_kinds(kinds) -> None:
    """"of the chosen type": a creature type (205.3m), so of a creature card only."""
    if [str(k) for k in kinds] != ["creature"]:
        raise NotRead("'of the chosen type' of another card than a creature card")


def _article(article, first: str) -> None:
    if (str(article).lower() == "an") != (first[0].lower() in "aeiou"):
        raise NotRead("'a' or 'an' before the wrong word")


class LookReader:
    """The transformer methods of oneshot_look.lark (a mixin of oneshot_library.LibraryReader, whose ``_kinds`` and
    ``os_dig_if`` they use)."""

    def lk_dig_if_chosen(self, children):
        """608.2c: "If it's a creature card of the chosen type, [you may] put it ..." -> ("dig_if", fields + card)."""
        quality = next(c for c in children if isinstance(c, tuple))
        if quality[0] != {"types": ["Creature"]}:
            raise NotRead("'of the chosen type' of another card than a creature card")
        tag, fields = self.os_dig_if(children)
        return (tag, dict(fields, card=dict(_CHOSEN)))

    def lk_reveal_chosen(self, children):
        """401.2, 701.20a: -> [("look", {up_to, take: 1, reveal, types: [Creature], card})] (oneshot_library.merge)."""
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        kinds = next(c for c in children if isinstance(c, list))
        _creature_kinds(kinds)
        _article(article, str(kinds[0]))
        return [("look", self._kinds({"up_to": True, "take": 1, "reveal": True, "card": dict(_CHOSEN)}, kinds))]

    def lk_all_chosen(self, children):
        """401.2, 701.20a: -> [("look", {take_all, types: [Creature], card, rest})]: every such card revealed taken."""
        kinds = next(c for c in children if isinstance(c, list))
        _creature_kinds(kinds)
        other, rest = children[-2], children[-1]
        if str(other) == "the other":
            raise NotRead("'the other' after 'all ... cards'")
        return [("look", self._kinds({"take_all": True, "card": dict(_CHOSEN), "rest": rest}, kinds))]

    def lk_may_until(self, children):
        """608.2d, 701.20a: -> [{op: may, one_shot: [look_at_top {until, ...}]}] (the reveal as oneshot_until.py reads it;
        its stage stays open until "Put that card ..." completes it)."""
        [piece] = self.os_until_reveal(children[1:])
        return [Piece([{"op": "may", "one_shot": piece.ops}])]

    def lk_nonlegendary(self, children):
        """205.4a: "a nonlegendary creature card" -> ({types, card: {not_supertypes: [Legendary]}}, first word)."""
        kinds = next(c for c in children if isinstance(c, list))
        fields, _ = self.os_dig_kinds([kinds])
        return dict(fields, card={"zone": "library", "not_supertypes": ["Legendary"]}), "nonlegendary"
