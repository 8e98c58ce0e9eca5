"""Family 5 of the Oracle grammar (oneshot_search.lark): the qualities of the card a library search looks for (701.23a),
beyond what oneshot.lark's os_lib_card reads (a basic supertype, one subtype, one card type, "with mana value N or
less"): a supertype ("a legendary card", "a nonlegendary ...", "a snow land card", 205.4a), a "non-" type ("a nonland
card", 205.2a), a color ("a green creature card", "a colorless creature card", 105.1-105.2), two or three card types ("an
instant or sorcery card": one of them), a mana value ("with mana value 6 or greater", "with mana value 2", "with mana
value 4 or 5", 202.3), a keyword ("with flash", 702), one kind or another ("an instant card or a card with flash", "a
basic land card or a Gate card"), another card's name ("a card named Empyrial Archangel", 201.2). Each becomes the
search's ``card``, a selector (engine/vocab/selector.py) that the selector machinery matches (bridge/selectors.py,
from engine/game/library_ops.py's search); a mixin of oneshot.py's reader (through oneshot_library.LibraryReader)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import PERMANENT_TYPES, Piece, Tgt, _who
from engine.vocab.oracle.quantity import as_amount, its

_OPEN = "srch_open"  # a search for up to X cards awaiting "Put those cards ..." (merge)
_THEIRS = "srch_theirs"  # a search of target player's library awaiting "Then that player shuffles." (merge_that_shuffles)

_COLORS = ["white", "blue", "black", "red", "green"]
_SUPER = {"legendary": ("supertypes", "Legendary"), "nonlegendary": ("not_supertypes", "Legendary"),
          "snow": ("supertypes", "Snow"), "basic": ("supertypes", "Basic")}


def _tokens(children) -> list[Token]:
    """The words of a description, in order (the sub-rules' lists flattened)."""
    out = []
    for c in children:
        out.extend(c if isinstance(c, list) else [c] if isinstance(c, Token) else [])
    return out


def _article(article, first: str) -> None:
    if (str(article).lower() == "an") != (first[0].lower() in "aeiou"):
        raise NotRead("'a' or 'an' before the wrong word")


def _selector(words: list[Token]) -> dict:
    """205.4a, 205.2a, 105.1, 205.3: the selector of a kind's words ("nonlegendary green creature", "instant or
    sorcery", "legendary Spirit permanent", "basic land"): a card with every quality named (of several card types: one
    of them; 'permanent': one of the permanent types, 110.4a)."""
    sel: dict = {"zone": "library"}
    types = [str(w) for w in words if w.type == "OS_CARD_TYPE"]
    for w in words:
        word = str(w)
        if w.type in ("SRCH_SUPER", "OS_BASIC"):
            field, value = _SUPER[word]
            sel.setdefault(field, []).append(value)
        elif w.type == "SRCH_NON":
            sel["not_types"] = [word.removeprefix("non").capitalize()]
        elif w.type == "COLOR":
            sel["colors"] = [word.lower()]
        elif w.type == "COLORLESS":  # 105.2c: no color
            sel["not_colors"] = list(_COLORS)
        elif w.type == "SUBTYPE":
            sel["subtypes"] = [word]
    if len(types) == 1 and types[0] != "permanent":
        sel["types"] = [types[0].capitalize()]
    elif types:
        if "permanent" in types and len(types) > 1:
            raise NotRead("'permanent' among other card types")
        sel["any_types"] = list(PERMANENT_TYPES) if types == ["permanent"] else [t.capitalize() for t in types]
        if len(set(types)) != len(types):
            raise NotRead("a card type named twice")
    return sel


class SearchReader:
    """The transformer methods of oneshot_search.lark (a mixin of oneshot.py's reader)."""

    def srch_new(self, children):
        return _tokens(children)

    srch_rest = srch_kind = srch_types = srch_color = srch_new

    def srch_post(self, children):
        return children[0]

    def srch_card(self, children):
        """-> {card: selector} for os_lib_card's readers (os_search, os_search_top, ch_controller_search)."""
        words = _tokens([c for c in children if not isinstance(c, dict)])
        _article(words[0], str(words[1]) if len(words) > 1 else "card")
        sel = _selector(words[1:])
        for post in (c for c in children if isinstance(c, dict)):
            sel.update(post)
        return {"card": sel}

    def srch_card_or_keyword(self, children):
        """"an instant card or a card with flash": -> {card: {any_of: [the kind, a card with the keyword]}}."""
        words = _tokens(children)
        _article(words[0], str(words[1]))
        kind = _selector([w for w in words[1:] if w.type != "SRCH_KEYWORD"])
        keyword = {"zone": "library", "keywords": [str(words[-1])]}
        return {"card": {"zone": "library", "any_of": [kind, keyword]}}

    def srch_card_or_subtype(self, children):
        """"a basic land card or a Gate card", "... or Gate card": -> {card: {any_of: [the kind, the subtype]}}."""
        words = _tokens(children)
        _article(words[0], str(words[1]))
        articles = [w for w in words[1:] if w.type == "OS_ARTICLE"]
        sub = words[-1]
        if articles:
            _article(articles[0], str(sub))
        kind = _selector([w for w in words[1:-1] if w.type != "OS_ARTICLE"])
        return {"card": {"zone": "library", "any_of": [kind, {"zone": "library", "subtypes": [str(sub)]}]}}

    def srch_card_type_or_subtype(self, children):
        """"an artifact or Dragon card": -> {card: {any_of: [the card type, the subtype]}}."""
        article, ctype, sub = _tokens(children)
        _article(article, str(ctype))
        kind = _selector([ctype])
        return {"card": {"zone": "library", "any_of": [kind, {"zone": "library", "subtypes": [str(sub)]}]}}

    def srch_card_named(self, children):
        return {"named": str(next(c for c in children if isinstance(c, Token) and c.type == "OS_OTHER_CARD_NAME"))}

    def srch_cards_andor(self, children):
        """"basic land cards and/or Gate cards": -> {card: {any_of: [the kind, the subtype]}} (each card found one or the
        other)."""
        words = _tokens(children)
        kind = _selector(words[:-1])
        return {"card": {"zone": "library", "any_of": [kind, {"zone": "library", "subtypes": [str(words[-1])]}]}}

    def srch_plural_kind(self, children):
        return _tokens(children)

    def srch_cards_mv(self, children):
        """"creature cards with mana value 1 or less", "artifact, creature, and/or enchantment cards with mana value 1
        or less" -> {card: {types | any_types, mana_value_at_most}}."""
        sel = _selector(_tokens([c for c in children if isinstance(c, list)]))
        sel["mana_value_at_most"] = next(c for c in children if isinstance(c, int))
        return {"card": sel}

    @staticmethod
    def _n(children) -> list[int]:
        return [c for c in children if isinstance(c, int)]

    def srch_mv_at_most(self, children):
        return {"mana_value_at_most": self._n(children)[0]}

    def srch_mv_at_least(self, children):
        return {"mana_value_at_least": self._n(children)[0]}

    def srch_mv_exactly(self, children):  # 202.3: "with mana value 2": that mana value
        n = self._n(children)[0]
        return {"mana_value_at_least": n, "mana_value_at_most": n}

    def srch_mv_either(self, children):  # "with mana value 4 or 5": one or the other (two consecutive values)
        low, high = self._n(children)
        if high != low + 1:
            raise NotRead("'with mana value N or M' of values not consecutive")
        return {"mana_value_at_least": low, "mana_value_at_most": high}

    def srch_with_keyword(self, children):
        return {"keywords": [str(next(c for c in children if isinstance(c, Token) and c.type == "SRCH_KEYWORD"))]}

    def srch_with_basic_type(self, _):
        return {"subtypes": ["Plains", "Island", "Swamp", "Mountain", "Forest"]}

    def srch_n_cards(self, children):
        """701.23d: -> {op: search_library, amount: N, exactly: true, to: exile | hand} (a quantity of cards: that many
        must be found, or as many as there are)."""
        n = next(c for c in children if isinstance(c, int))
        if n < 2:
            raise NotRead("'one cards'")
        to = "exile" if str(next(c for c in children if isinstance(c, Token) and c.type == "SRCH_N_TO")).startswith(
            "exile") else "hand"
        return Piece([{"op": "search_library", "amount": n, "exactly": True, "to": to}])

    def srch_n_quality(self, children):
        """701.23b: -> {op: search_library, amount: N, types, supertypes?, subtypes?, to} (cards of a stated quality: up to
        that many found)."""
        toks = [c for c in children if isinstance(c, Token)]
        n = next(c for c in children if isinstance(c, int))
        if n < 2:
            raise NotRead("'one cards'")
        op = {"op": "search_library", "types": [str(next(t for t in toks if t.type == "OS_CARD_TYPE")).capitalize()],
              "amount": n, **next(c for c in children if isinstance(c, dict))}
        if op["types"] == ["Permanent"]:
            op["types"] = list(PERMANENT_TYPES)
        if any(t.type == "OS_BASIC" for t in toks):
            op["supertypes"] = ["Basic"]
        if any(t.type == "SUBTYPE" for t in toks):
            op["subtypes"] = [str(next(t for t in toks if t.type == "SUBTYPE"))]
        if any(t.type == "OS_REVEAL_THEM" for t in toks):
            op["reveal"] = True
        return Piece([op])

    def srch_any_exile(self, children):
        card = next(c for c in children if isinstance(c, dict))
        return Piece([{"op": "search_library", **card, "any_number": True, "to": "exile"}])

    def srch_many_qty(self, children):
        """701.23a, 608.2h: -> {op: search_library, amount: Q, ...} (a Quantity counted as it resolves); without the
        place the cards go, open until "Put those cards ..." completes it (merge)."""
        dicts = [c for c in children if isinstance(c, dict)]
        qty = children[next(i for i, c in enumerate(children) if isinstance(c, Token) and c.type == "OS_WHERE_X") + 1]
        card = dicts[0]
        to = dicts[-1] if len(dicts) > 1 and dicts[-1] is not qty and "to" in dicts[-1] else None
        if card.get("same_name"):
            raise NotRead("'up to X cards named ~'")
        op = {"op": "search_library", **card, "amount": as_amount(qty)}
        if to is None:
            op["_stage"] = _OPEN
        else:
            op.update(to)
            if any(isinstance(c, Token) and c.type == "OS_REVEAL_THEM" for c in children):
                op["reveal"] = True
        piece = its(Piece([op]), qty)
        piece.defines_x = True  # 107.3a: an X the text defines (oneshot_amount.check)
        return piece

    def srch_put_those(self, children):
        return [("srch_put", next(c for c in children if isinstance(c, dict)))]

    def srch_reveal_those(self, _):
        return [("srch_put", {"to": "hand", "reveal": True})]

    def _player_search(self, children, may: bool, many: bool = False) -> Piece:
        who, targets = _who(children[0])
        dicts = [c for c in children[1:] if isinstance(c, dict)]
        card, to = dicts[0], dicts[-1]
        if card.get("same_name"):
            raise NotRead("'a card named ~' of another player's library")
        op = {"op": "search_library", **card, **to, "who": who}
        if many:
            n = next(c for c in children[1:] if isinstance(c, int))
            if n < 2:
                raise NotRead("'up to one cards'")
            op["amount"] = n
        if may:
            op["may"] = True
        if any(isinstance(c, Token) and c.type in ("OS_REVEAL_IT", "SRCH_REVEALS_IT", "OS_REVEAL_THEM") for c in children):
            op["reveal"] = True
        return Piece([op], targets)

    def srch_player_search(self, children):
        return self._player_search(children, False)

    def srch_player_may_search(self, children):
        return self._player_search(children, True)

    def srch_player_may_search_many(self, children):
        return self._player_search(children, True, many=True)


    def srch_tl_one(self, _):
        return {"amount": 1}

    def srch_tl_exactly(self, children):
        n = children[0]
        if n < 2:
            raise NotRead("'one cards'")
        return {"amount": n, "exactly": True}

    def srch_tl_up_to(self, children):
        n = children[0]
        if n < 2:
            raise NotRead("'up to one cards'")
        return {"amount": n}

    def srch_tl_up_to_x(self, children):
        return {"amount": as_amount(children[-1]), "_qty": children[-1]}

    def srch_tl_card(self, children):
        return dict(children[0])

    def srch_target_library(self, children):
        """701.23a: -> {op: search_library, who: target, by_you: true, to, ...} (open until "Then that player shuffles.")."""
        whom = str(next(c for c in children if isinstance(c, Token) and c.type == "SRCH_WHOM"))
        fields = dict(next(c for c in children if isinstance(c, dict)))
        qty = fields.pop("_qty", None)
        to = str(next(c for c in children if isinstance(c, Token) and c.type == "SRCH_THEIR_TO"))
        one = fields.get("amount", 1) == 1
        if to.startswith("put") and not (one and fields.keys() - {"amount"}):  # (a card of a quality onto the battlefield)
            raise NotRead("a card of no quality, or several, put onto the battlefield under your control")
        if to.startswith("exile") and (to == "exile it") != one or fields.get("same_name"):
            raise NotRead("'exile it' of several cards, or 'exile them' of one")
        target = Tgt({"what": "player", **({"controller": "opponent"} if whom == "opponent" else {})})
        op = {"op": "search_library", **fields, "who": "target", "by_you": True,
              "to": "exile" if to.startswith("exile") else "battlefield", "_stage": _THEIRS}
        piece = Piece([op], [target])
        if qty is not None:
            piece = its(piece, qty)
            piece.defines_x = True  # 107.3a (oneshot_amount.check)
        return piece

    def srch_that_shuffles(self, _):
        return [("srch_that_shuffles", None)]


def merge_that_shuffles(ops: list, _piece: tuple) -> None:
    """701.24a: "Then that player shuffles." completes "Search target player's library for ..." just before it."""
    last = ops[-1] if ops else {}
    if last.get("op") != "search_library" or last.get("_stage") != _THEIRS:
        raise NotRead("'Then that player shuffles.' after no search of target player's library")
    del last["_stage"]


def merge(ops: list, piece: tuple) -> None:
    """701.23a: "Put those cards onto the battlefield tapped, then shuffle." completes the search for up to X cards just
    before it (the place its cards go); anywhere else the ability is not read."""
    last = ops[-1] if ops else {}
    if last.get("op") != "search_library" or last.get("_stage") != _OPEN:
        raise NotRead("'Put those cards ...' after no 'search your library for up to X cards, where X is ...'")
    del last["_stage"]
    last.update(piece[1])


def check(ops: list) -> None:
    """A search for up to X cards not completed by the sentence saying where they go is not read."""
    for op in ops + [o for op in ops for o in [*op.get("one_shot", ()), *op.get("if_you_do", ())]]:
        if op.get("_stage") in (_OPEN, _THEIRS):
            raise NotRead("a search whose cards go nowhere")


MERGES = {"srch_put": merge, "srch_that_shuffles": merge_that_shuffles}
