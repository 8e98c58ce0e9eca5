"""Family 5 of the Oracle grammar (oneshot.lark, block "looking at the top card (issue 21)"): the top card of one's
library looked at or revealed, and what becomes of it by its qualities (401.2, 701.20a, 608.2c, 400.3): "Reveal the top
card of your library. If it's a land card, put it onto the battlefield. Otherwise, put that card into your hand."
(Coiling Oracle) is one operation of the card vocabulary, ``look_at_top`` of one card (engine/vocab/oneshot.py),
whose words are two or three sentences: the look opens it (oneshot_library.py's reader), "If it's a [quality] card,
[you may] put it ..." says which card is taken and where it goes (the card stays on top otherwise: rest ``top``),
and "Otherwise, ..." or "If you don't put the card ..., ..." says where it goes when it is not taken (:func:`merge`).
The same block reads, for a look at several cards, a card taken by a quality a selector says ("You may reveal a
colorless card from among them ...", 700.6, 105.2), "Look at the top X cards of your library, where X is the number of
[objects]." (608.2h), "You may put one of those cards back on top of your library." and "If you didn't put a card into
your hand this way, draw a card." (608.2c: ``if_none``). A mixin of oneshot.py's reader (through
oneshot_library.LibraryReader). The cards' qualities are matched by the selector machinery as the ability resolves
(engine/game/library_ops.py)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, _card_types
from engine.vocab.oracle.oneshot_eff import _COUNTED

_OPEN, _DONE = "open", "done"
# 700.6: a historic card: an artifact, legendary, or a Saga
_HISTORIC = {"zone": "library", "any_of": [{"zone": "library", "types": ["Artifact"]},
                                           {"zone": "library", "supertypes": ["Legendary"]},
                                           {"zone": "library", "subtypes": ["Saga"]}]}
_COLORS = ["white", "blue", "black", "red", "green"]


class DigReader:
    """The transformer methods of the productions of the block "looking at the top card (issue 21)"."""

    def os_dig_look(self, children):
        """401.2, 701.20a: -> {op: look_at_top, amount: 1, reveal?} (open: the sentence after it says what becomes of
        it): "Reveal the top card of your library.", "look at the top card of your library"."""
        op = {"op": "look_at_top", "amount": 1, "_stage": _OPEN}
        if children[0].type == "OS_REVEAL_TOP":
            op["reveal"] = True
        return Piece([op])

    def os_dig_look_x(self, children):
        """401.2, 608.2h: -> {op: look_at_top, amount: COUNT, reveal?}: "look at the top X cards of your library, where X
        is the number of artifacts you control" (counted as it resolves, engine/game/instructions.py)."""
        op = {"op": "look_at_top", "amount": children[-1], "_stage": _OPEN}
        if children[0].type == "OS_REVEAL_TOP":
            op["reveal"] = True
        return Piece([op])

    def os_dig_x_count(self, children):
        sel = children[-1]
        if not isinstance(sel, dict) or set(sel) - _COUNTED:
            raise NotRead(f"X is the number of {sel}")
        count = {"count": sel}
        if any(isinstance(c, Token) and c.type == "OS_DIG_TWICE" for c in children):
            count["times"] = 2
        return count

    def os_dig_sentence(self, children):
        return [children[0]]

    def os_dig_if(self, children):
        """608.2c: "If it's a land card, [you may] put it onto the battlefield [tapped]." -> ("dig_if", fields)."""
        toks = [c for c in children if isinstance(c, Token)]
        article = next(t for t in toks if t.type == "OS_ARTICLE")
        (quality, first), put = [c for c in children if not isinstance(c, Token)]
        if (str(article).lower() == "an") != (first[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        fields = dict(quality, take=1, **put)
        if any(t.type == "OS_YOU_MAY" for t in toks):
            fields["up_to"] = True
        elif fields.get("_reveal_it"):
            raise NotRead("'reveal it and put it' of no 'you may'")
        return ("dig_if", fields)

    def os_dig_onto(self, children):
        out = {"to": "battlefield"}
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            out["tapped"] = True
        return out

    def os_dig_hand(self, _):
        return {}

    def os_dig_reveal_hand(self, _):
        return {"_reveal_it": True}

    def os_dig_kinds(self, children):
        """The card's types or subtypes ("land", "creature or planeswalker", "Zombie", "permanent": one of the
        permanent types, 110.4a), a supertype ("snow", "legendary" before them), 'noncreature, nonland', 'colorless',
        a color, 'historic' (700.6); -> (fields, first word)."""
        toks = [c for c in children if isinstance(c, Token)]
        kinds = next((c for c in children if isinstance(c, list)), [])
        out: dict = {}
        types = [t for k in kinds if k.type == "OS_CARD_TYPE" for t in _card_types(str(k))]
        subtypes = [str(k) for k in kinds if k.type == "SUBTYPE"]
        if types and subtypes:
            raise NotRead("a card of a type or of a subtype: the operation says one or the other")
        if any(str(k) == "permanent" for k in kinds) and len(kinds) > 1:
            raise NotRead("'a permanent card' among other kinds")
        if types:
            out["types"] = types
        if subtypes:
            out["subtypes"] = subtypes
        supers = [str(t).capitalize() for t in toks if t.type == "OS_DIG_SUPER"]
        if supers:
            out["supertypes"] = supers
        first = str(toks[0]) if toks else str(kinds[0])
        return out, first

    def os_dig_quality(self, children):
        tok = children[0]
        word = str(tok)
        if tok.type == "OS_DIG_COLOR":
            card = {"zone": "library", "colors": [word]}
        elif word == "colorless":  # 105.2c: no color
            card = {"zone": "library", "not_colors": list(_COLORS)}
        elif word == "historic":
            card = dict(_HISTORIC)
        else:  # "noncreature, nonland"
            card = {"zone": "library", "not_types": [w[3:].capitalize() for w in word.split(", ")]}
        return {"card": card}, word

    def os_dig_reveal_among(self, children):
        """701.20a: -> ("look", {up_to, take: 1, reveal: true, card}) (oneshot_library.merge: after the look)."""
        return [("look", self._among(children, reveal=True))]

    def os_dig_put_among(self, children):
        return [("look", self._among(children, reveal=False))]

    @staticmethod
    def _among(children, reveal: bool) -> dict:
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        quality, first = next(c for c in children if isinstance(c, tuple))
        if (str(article).lower() == "an") != (first[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        fields = dict(quality, up_to=True, take=1)
        if reveal:
            fields["reveal"] = True
        return fields

    def os_dig_back_on_top(self, _):
        """401.2: -> ("look", {take: 1, up_to, to: top}): the card chosen stays on top, the rest go where the next
        sentence says."""
        return [("look", {"take": 1, "up_to": True, "to": "top"})]

    def os_dig_if_none(self, children):
        return [("dig_else", "none", children[0])]

    def os_dig_then_rest(self, children):
        """401.4: "Then put the rest on the bottom of your library in any order." (as "Put the rest ...")."""
        if str(children[0]) != "the rest":
            raise NotRead("'then put the other' after a card taken from among several")
        return [("look_rest", children[-1])]

    def os_dig_otherwise(self, children):
        """608.2c: "Otherwise, [you may] put that card into your hand." -> ("dig_else", otherwise, fields)."""
        rest = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        may = any(isinstance(c, Token) and c.type == "OS_YOU_MAY" for c in children)
        return ("dig_else", "otherwise", {"rest": rest, "rest_may": may})

    def os_dig_if_dont(self, children):
        """608.2c: "If you don't put the card onto the battlefield, [you may] put it into your hand."."""
        rest = next(c for c in children if isinstance(c, str) and not isinstance(c, Token))
        where = next(c for c in children if isinstance(c, Token) and c.type == "OS_DIG_WHERE")
        may = any(isinstance(c, Token) and c.type == "OS_YOU_MAY" for c in children)
        to = "battlefield" if "battlefield" in str(where) else "hand"
        return ("dig_else", to, {"rest": rest, "rest_may": may})

    def os_dig_rest_hand(self, _):
        return "hand"

    def os_dig_rest_graveyard(self, _):
        return "graveyard"

    def os_dig_rest_bottom(self, _):
        return "bottom_any_order"  # (one card: no order to choose)


def merge(ops: list, piece: tuple) -> None:
    """The sentences after "Reveal the top card of your library." (oneshot_kw.MERGES): "If it's a [quality] card, ..."
    completes the look of one card just before it (the card taken when it has the quality: ``take: 1``, ``up_to``
    for "you may"; left on top otherwise, rest ``top``); "Otherwise, ..." (after a put that is not optional: the card
    not taken is the card without the quality) or "If you don't put the card [there], ..." (the same destination as
    the sentence before) says where the card not taken goes instead. After anything else the ability is not read."""
    last = ops[-1] if ops else {}
    if last.get("op") != "look_at_top" or last.get("amount") != 1 and piece[1] not in ("none", "none_battlefield"):
        raise NotRead("'if it's a ... card' after no 'reveal the top card of your library'")
    if piece[0] == "dig_if":
        fields = dict(piece[1])
        if last.get("_stage") != _OPEN or "take" in last:
            raise NotRead("'if it's a ... card' after the card's fate was said")
        if fields.pop("_reveal_it", False):
            if last.get("reveal"):
                raise NotRead("'reveal it' of a card already revealed")
            fields["reveal"] = True
        last.update(fields, rest="top")
        last["_stage"] = _DONE
        return
    _, after, fields = piece
    if after in ("none", "none_battlefield"):  # 608.2c: "If you didn't put a card into your hand [onto the battlefield] ..."
        where = "battlefield" if after == "none_battlefield" else "hand"  # (oneshot_look.py: "onto the battlefield")
        if last.get("_stage") != _DONE or last.get("to", "hand") != where or last.get("take_all") or "if_none" in last:
            raise NotRead("'If you didn't put a card into your hand this way' after no look whose card goes to the hand")
        if fields.targets or fields.continuous is not None or fields.replacement is not None or fields.combat \
                or fields.uses_it or fields.x or any("_tgt" in op for op in fields.ops):
            raise NotRead("'If you didn't put a card into your hand this way' with an effect other than one-shot operations")
        last["if_none"] = fields.ops
        return
    if last.get("rest") != "top" or last.get("_stage") != _DONE or "take" not in last:
        raise NotRead("'Otherwise, put it ...' after no 'If it's a ... card, put it ...'")
    if after == "otherwise" and last.get("up_to"):
        raise NotRead("'Otherwise' after 'you may put it': the card with the quality not put stays (not read)")
    if after != "otherwise" and after != last.get("to", "hand"):
        raise NotRead("'If you don't put the card there' of another place than the sentence before")
    if fields["rest"] == last.get("to", "hand"):
        raise NotRead("the card not taken put where the card taken goes")
    last.update({k: v for k, v in fields.items() if v})
