"""Family 5 of the Oracle grammar (oneshot.lark, block "several cards taken from among the cards looked at"): the
sentence after "Look at the top five cards of your library." (or "Reveal the top ...") that lets its controller take
several of them, with a quality (401.2, 701.20a):

- "You may reveal up to two creature cards from among them and put them into your hand." -> ("look", {take: 2, up_to:
  true, reveal: true, types: [Creature]}) (none, one or two of them);
- "You may reveal any number of artifact cards from among them and put the revealed cards into your hand.", "You may
  put any number of Dwarf cards from among them into your hand." -> ("look", {up_to: true, _any: true, ...}):
  oneshot_library.merge makes ``take`` the number of cards looked at (any of them may be taken; not read after "the
  top X cards");
- "Put up to two instant and/or sorcery cards from among them into your hand and the rest into your graveyard." (and
  "the rest of the revealed cards") -> the same with ``rest``.
- "Put a creature card from among them into your hand and the rest into your graveyard." -> ("look", {take: 1, types:
  [Creature], rest: graveyard}) (one such card if there is one: not optional);
- "Put up to two creature cards with mana value 3 or less from among them onto the battlefield." -> ("look", {take: 2,
  up_to: true, to: battlefield, mana_value_at_most: 3, types: [Creature]}) (202.3; not lands played, 305.4).
- "You may put a creature card and/or a land card from among them into your hand." -> ("look", {one_of_each: true,
  take: 2, up_to: true, types: [Creature, Land]}) (up to one of each kind; engine/game/look_kinds.py pairs them).

The sentence completes the look before it (oneshot_library.merge); where the rest go is the next sentence's, or this
one's. The game loop (engine/game/library_ops.look_at_top) lets the player name the cards taken ({take: [...]})."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead


class LookAnyReader:
    """The transformer methods of the block (a mixin of oneshot_library.LibraryReader, whose ``_kinds`` they use)."""

    def os_la_any(self, _):
        return {"_any": True}

    def os_la_up_to(self, children):
        n = children[0]
        if n < 2:
            raise NotRead("'up to one ... cards'")
        return {"take": n}

    def _la_fields(self, children) -> dict:
        count = next(c for c in children if isinstance(c, dict))
        kinds = next(c for c in children if isinstance(c, list))
        return self._kinds({"up_to": True, "take": 1, **count}, kinds)

    def os_la_reveal(self, children):
        """701.20a: the cards taken are revealed."""
        return [("look", dict(self._la_fields(children), reveal=True))]

    def os_la_put(self, children):
        return [("look", self._la_fields(children))]

    def os_la_put_rest(self, children):
        """401.2, 401.4: the cards taken, and where the rest go (the cards revealed: "the rest of the revealed cards")."""
        rest = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return [("look", dict(self._la_fields(children), rest=rest))]

    def os_la_put_one(self, children):
        """401.2: one card with the quality, taken if there is one (not optional), and where the rest go."""
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        kinds = next(c for c in children if isinstance(c, list))
        if (str(article).lower() == "an") != (str(kinds[0])[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        rest = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        return [("look", self._kinds({"take": 1, "rest": rest}, kinds))]

    def os_la_onto_mv(self, children):
        """401.2, 400.3, 202.3: up to N cards with mana value M or less onto the battlefield (not lands played, 305.4)."""
        n, most = [c for c in children if isinstance(c, int)]
        if n < 2:
            raise NotRead("'up to one ... cards'")
        kinds = next(c for c in children if isinstance(c, list))
        fields = self._kinds({"take": n, "up_to": True, "to": "battlefield", "mana_value_at_most": most}, kinds)
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            fields["tapped"] = True
        return [("look", fields)]

    def os_la_one(self, children):
        article, kind = children
        if (str(article).lower() == "an") != (str(kind)[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        return kind

    def os_la_each(self, children):
        if len({str(k) for k in children}) != len(children):
            raise NotRead("a kind of card twice")
        return ("_each", children)

    def _la_each(self, children, reveal: bool):
        """401.2: up to one card of each kind (one_of_each: the loop checks that each card taken is one of them)."""
        _, kinds = next(c for c in children if isinstance(c, tuple))
        if any(k.type == "SUBTYPE" for k in kinds) and any(k.type != "SUBTYPE" for k in kinds):
            raise NotRead("card types and subtypes among the kinds")
        if any(str(k) == "permanent" for k in kinds):
            raise NotRead("'a permanent card' among other kinds")
        fields = self._kinds({"one_of_each": True, "take": len(kinds), "up_to": True}, kinds)
        if len(fields.get("types") or fields.get("subtypes") or ()) != len(kinds):
            raise NotRead("a kind that is several card types")
        return [("look", dict(fields, reveal=True) if reveal else fields)]

    def os_la_each_put(self, children):
        return self._la_each(children, reveal=False)

    def os_la_each_reveal(self, children):
        return self._la_each(children, reveal=True)

    def os_la_one_bare(self, children):
        """"Put one into your hand and the other into your graveyard." (as os_look_put: "the other" of two cards)."""
        other, rest = children[-2], children[-1]
        fields = {"take": 1, "rest": rest}
        if str(other) == "the other":
            fields["_other"] = True
        return [("look", fields)]

    def os_la_exile_rest(self, children):
        """701.13a: the look, the one card taken, the others exiled (the look and its completion in one sentence)."""
        look, n = children[0], next(c for c in children if isinstance(c, int) and not isinstance(c, bool))
        return [look, ("look", {"take": n, "rest": "exile"})]

    def os_la_all_both(self, children):
        """701.20a: every card of one of the two types (or subtypes) revealed this way taken, no choice."""
        kinds = [c for c in children if isinstance(c, Token) and c.type in ("OS_CARD_TYPE", "SUBTYPE")]
        if str(kinds[0]) == str(kinds[1]):
            raise NotRead("a kind of card twice")
        other, rest = children[-2], children[-1]
        if str(other) == "the other":
            raise NotRead("'the other' after 'all ... cards'")
        return [("look", self._kinds({"take_all": True, "rest": rest}, kinds))]
