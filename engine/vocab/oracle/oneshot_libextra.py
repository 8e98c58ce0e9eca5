"""Family 5 of the Oracle grammar (oneshot.lark, block "library searches and looks: more shapes (issue 21)"): more shapes
of the one-shot effects on a library that oneshot_library.py, oneshot_cards.py and oneshot_dig.py read: a search for a
card of one of several subtypes ("an Island or Swamp card", 701.23a, 205.3), for up to two cards of which one enters
tapped and the other goes to the hand ("put one onto the battlefield tapped and the other into your hand", 701.23a), for
any number of cards; a look whose card taken has a power or a mana value of N or less ("a creature card with power 3 or
less", 208.1, 202.3); the order of the top cards of another player's library (401.2, 401.4: "Look at the top three
cards of target player's library, then put them back in any order.") and "You may shuffle." after it (701.24a). A mixin
of oneshot.py's reader (through oneshot_library.LibraryReader); the loop executes each (engine/game/library_ops.py,
top_order.py)."""

from __future__ import annotations

import re

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, _card_types, _who

# 201.2: another card's name in "search your library and/or graveyard for a card named NAME, reveal it" (its words no
# grammar literal: left out of oneshot.py's word prefilter; the grammar's OS_OTHER_CARD_NAME reads it)
NAMED = re.compile(r"(?<=and/or graveyard for a card named )[A-Z][^.~]*?(?=, reveal)"
                   r"|(?<=library for a card named )[A-Z][^.~]*?(?=, (?:reveal|put))")  # (oneshot_search.lark's too)


class LibExtraReader:
    """The transformer methods of the productions of the block "library searches and looks: more shapes"."""

    def os_libx_subtypes(self, children):
        subs = [str(c) for c in children if isinstance(c, Token) and c.type == "SUBTYPE"]
        if len(set(subs)) != len(subs):
            raise NotRead("a subtype named twice")
        return subs

    def os_libx_card_subtypes(self, children):
        """701.23a, 205.3: "an Island or Swamp card", "a basic Forest, Plains, or Island card" -> {subtypes: [...]}: a
        card with one of them (and basic: the supertype, 205.4a)."""
        subs = next(c for c in children if isinstance(c, list))
        article = str(children[0]).lower()
        basic = any(isinstance(c, Token) and c.type == "OS_BASIC" for c in children)
        if (article == "an") != ((("basic" if basic else subs[0])[0]).lower() in "aeiou"):  # ("a basic Island ...")
            raise NotRead("'a' or 'an' before the wrong word")
        out: dict = {"subtypes": subs}
        if basic:
            out["supertypes"] = ["Basic"]
        return out

    def os_libx_search_pass(self, children):
        return children[0]

    def os_libx_search_split(self, children):
        """701.23a-b, 701.20a: -> {op: search_library, amount: 2, split: true, reveal: true, to: battlefield, tapped}: up
        to two cards found; the first enters tapped, the other goes to the hand."""
        card = next(c for c in children if isinstance(c, dict))
        if card.get("same_name"):
            raise NotRead("'cards named ~' put one onto the battlefield and the other into the hand")
        return Piece([{"op": "search_library", **card, "amount": 2, "split": True, "reveal": True,
                       "to": "battlefield", "tapped": True}])

    def os_libx_search_any(self, children):
        """701.23a: -> {op: search_library, any_number: true, ...}: "for any number of cards named ~" (any number of
        such cards found, none included)."""
        card, to = [c for c in children if isinstance(c, dict)]
        op = {"op": "search_library", **card, **to, "any_number": True}
        if any(isinstance(c, Token) and c.type == "OS_REVEAL_THEM" for c in children):
            op["reveal"] = True
        return Piece([op])

    def os_libx_search_x(self, children):
        """701.23a, 107.3a: -> {op: search_library, types | subtypes, mana_value_at_most: x, to, reveal?} (a spell's X:
        the Piece says so, oneshot.py reads it in a spell only)."""
        toks = [c for c in children if isinstance(c, Token)]
        article = next(t for t in toks if t.type == "OS_ARTICLE")
        first = next(t for t in toks if t.type in ("SUBTYPE", "OS_CARD_TYPE"))
        if (str(article).lower() == "an") != (str(first)[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        to = next(c for c in children if isinstance(c, dict))
        op = {"op": "search_library", "types": _card_types(str(next(t for t in toks if t.type == "OS_CARD_TYPE"))),
              "mana_value_at_most": "x", **to}
        subs = [str(t) for t in toks if t.type == "SUBTYPE"]
        if subs:
            op["subtypes"] = subs
        if any(t.type == "OS_REVEAL_IT" for t in toks):
            op["reveal"] = True
        return Piece([op], x=True)

    def os_libx_at_most(self, children):
        stat = str(next(c for c in children if isinstance(c, Token) and c.type == "OS_LIBX_STAT"))
        n = next(c for c in children if isinstance(c, int))
        return {("power_at_most" if stat == "power" else "mana_value_at_most"): n}

    def os_libx_reveal_at_most(self, children):
        """401.2, 701.20a, 208.1, 202.3: -> ("look", {up_to, take: 1, reveal, types | subtypes, power_at_most |
        mana_value_at_most}) (oneshot_library.merge)."""
        kinds = next(c for c in children if isinstance(c, list))
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        if (str(article).lower() == "an") != (str(kinds[0])[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        limit = next(c for c in children if isinstance(c, dict))
        if "power_at_most" in limit and [str(k) for k in kinds] != ["creature"]:
            raise NotRead("'with power N or less' of another card than a creature card")
        fields = self._kinds({"up_to": True, "take": 1, "reveal": True, **limit}, kinds)  # (LibraryReader's)
        return ("look", fields)

    def os_libx_arrange_of(self, children):
        """401.2, 401.4: -> {op: arrange_top, amount, who: target}: "look at the top three cards of target player's
        library, then put them back in any order" (its controller orders that player's top cards)."""
        n, cards = children[1], str(children[2]).lower()
        who, targets = _who(children[3])
        if who != "target" or n < 2 or cards != "cards":
            raise NotRead("the top cards of another library than a target player's, or one card put back")
        return Piece([{"op": "arrange_top", "amount": n, "who": who}], targets)

    def os_libx_look_one(self, children):
        """401.2: -> {op: arrange_top, amount: 1, who: target}: "look at the top card of target player's library"."""
        who, targets = _who(children[1])
        if who != "target":
            raise NotRead("the top card of another library than a target player's")
        return Piece([{"op": "arrange_top", "amount": 1, "who": who}], targets)

    def os_libx_to_graveyard(self, _):  # 701.23a: "search your library for a card, put that card into your graveyard"
        return {"to": "graveyard"}

    def os_libx_may_graveyard(self, _):
        return [("libx_top_may", "graveyard")]

    def os_libx_may_bottom(self, _):
        return [("libx_top_may", "bottom")]

    def os_libx_may_look(self, _):
        """401.2: "you may look at the top card of your library." (kinship): opens a may whose reveal the next sentence
        says (without it the op lacks ``sharing``: the ability is not read)."""
        return [Piece([{"op": "may", "one_shot": [{"op": "reveal_top_sharing"}]}])]

    def os_libx_if_shares(self, _):
        return [("libx_shares", "self")]

    def os_libx_search_named_gy(self, children):
        """701.23a, 201.2, 404.2: -> {op: search_library, named, also_graveyard: true, reveal: true, to: hand}, open until
        "If you search your library this way, shuffle." completes it (merge; check: else not read)."""
        name = str(next(c for c in children if isinstance(c, Token) and c.type == "OS_OTHER_CARD_NAME"))
        return Piece([{"op": "search_library", "named": name, "also_graveyard": True, "reveal": True, "to": "hand",
                       "_stage": "open"}])

    def os_libx_gy_shuffle(self, _):
        return [("libx_gy_shuffle", None)]

    def os_libx_may_shuffle(self, _):
        return [("libx_shuffle", "you")]

    def os_libx_may_that_shuffle(self, _):
        return [("libx_shuffle", "target")]


def merge(ops: list, piece: tuple) -> None:
    """608.2d: "You may put that card into their graveyard." completes "Look at the top card of target player's library."
    just before it (may_move). 701.24a: "You may shuffle." completes "Look at the top N cards of your library, then put them back in any order."
    just before it; "You may have that player shuffle." the same of target player's library; anywhere else the ability
    is not read."""
    last = ops[-1] if ops else {}
    if piece[0] == "libx_gy_shuffle":  # 701.24a: "If you search your library this way, shuffle."
        search = _open_gy_search(last)
        if search is None:
            raise NotRead("'If you search your library this way, shuffle.' after no search of the library and/or graveyard")
        del search["_stage"]
        return
    if piece[0] == "libx_shares":  # 701.20a, 205.3m: "If it shares a creature type with this creature, you may reveal it."
        inner = last.get("one_shot") or [{}]
        if last.get("op") != "may" or len(inner) != 1 or inner[0].get("op") != "reveal_top_sharing" or "sharing" in inner[0]:
            raise NotRead("'If it shares a creature type ...' after no 'you may look at the top card of your library'")
        inner[0]["sharing"] = piece[1]
        return
    if piece[0] == "libx_top_may":  # 608.2d: "You may put that card into their graveyard." after the look at one card
        if last.get("op") != "arrange_top" or last.get("amount") != 1 or last.get("who") != "target" \
                or "may_move" in last:
            raise NotRead("'You may put that card ...' after no look at the top card of target player's library")
        last["may_move"] = piece[1]
        return
    if last.get("amount") == 1 or last.get("op") != "arrange_top" or last.get("who", "you") != piece[1] or last.get("may_shuffle"):
        raise NotRead("'You may shuffle' after no 'then put them back in any order' of that library")
    last["may_shuffle"] = True


def _open_gy_search(op: dict) -> dict | None:
    """The search of the library and/or graveyard that op is (or that its may holds alone) still awaiting its shuffle
    sentence, or None."""
    inner = (op.get("one_shot") or []) if op.get("op") == "may" else [op]
    if len(inner) == 1 and inner[0].get("op") == "search_library" and inner[0].get("_stage") == "open":
        return inner[0]
    return None


def check(ops: list) -> None:
    """701.23a, 701.24a: a search of the library and/or graveyard not followed by "If you search your library this way,
    shuffle." is not read."""
    if any(_open_gy_search(op) is not None or op.get("_stage") == "open" and op.get("also_graveyard") for op in ops):
        raise NotRead("a search of the library and/or graveyard, and no sentence saying the library is shuffled")
