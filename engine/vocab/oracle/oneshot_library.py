"""Family 5 of the Oracle grammar (oneshot.lark): looking at the top cards of a library (401.2, 401.4,
701.20a), one operation of the card vocabulary (``look_at_top``) whose words are two or three sentences:
"Look at the top four cards of your library." opens it, "Put one of them into your hand and the rest on the
bottom of your library in any order." (or "You may reveal a creature card from among them and put it into
your hand." then "Put the rest on the bottom of your library in a random order.") completes it. Each
sentence is read alone (engine/vocab/oracle/oneshot.py); :func:`merge` joins its parts as the ability is put
together, and :func:`check` refuses an ability whose look is not complete."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_dig import DigReader
from engine.vocab.oracle.oneshot_libextra import LibExtraReader
from engine.vocab.oracle.oneshot_impulse import ImpulseReader
from engine.vocab.oracle.oneshot_until import UntilReader
from engine.vocab.oracle.oneshot_revealed import RevealedReader
from engine.vocab.oracle.oneshot_lookany import LookAnyReader
from engine.vocab.oracle.oneshot_look import LookReader  # oneshot_look.lark (issue 21: more shapes of the looks)
from engine.vocab.oracle.oneshot_search import SearchReader  # oneshot_search.lark (issue 21: a searched card's qualities)
from engine.vocab.oracle.oneshot_cards import PERMANENT_TYPES, Piece, _card_types, _who
from engine.vocab.oracle.oneshot_graveyard import graveyard_trigger, returns_self_only
from engine.vocab.oracle import oneshot_gyif  # 113.6m, 603.4 (issue 21: "if this card is in your graveyard, ...")
from engine.vocab.oracle import oneshot_libextra, oneshot_random, oneshot_revealed, oneshot_thatplayer, oneshot_upkeep
from engine.vocab.oracle import oneshot_look, oneshot_search

_OPEN, _TAKEN, _DONE = "open", "taken", "done"


class LibraryReader(ImpulseReader, DigReader, UntilReader, LibExtraReader, RevealedReader, LookAnyReader,
                    LookReader, SearchReader):
    """The transformer methods of the look sentences (a mixin of oneshot.py's reader; with oneshot_impulse.py's,
    oneshot_dig.py's and oneshot_until.py's)."""

    def os_that_player(self, _):  # who: that_player (603.2), checked against the trigger by check_that_player
        return "that_player"

    def os_return_self_hand(self, _):  # 113.6k: checked against the ability by check_return_self
        return Piece([{"op": "return_self", "to": "hand"}])

    def os_return_self_battlefield(self, children):
        op = {"op": "return_self", "to": "battlefield"}
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            op["tapped"] = True
        return Piece([op])

    def os_hand_reveal(self, children):
        who, targets = _who(children[0])
        if who not in ("target",):
            raise NotRead("a hand revealed by another player than a target player")
        return [Piece([{"op": "discard_chosen", "who": who, "_stage": _OPEN}], targets)]

    def os_hand_choose(self, children):
        article = str(children[0]).lower()
        kind = children[1]
        if (article == "an") != kind.pop("_vowel"):
            raise NotRead("'a' or 'an' before the wrong word")
        return [("hand_choose", kind)]

    def os_hand_kind(self, children):
        nons = [str(c)[3:].capitalize() for c in children if isinstance(c, Token) and c.type == "OS_HAND_NON"]
        kinds = next((c for c in children if isinstance(c, list)), [])  # (os_card_kind: 'permanent' is its types)
        types = [t for t in kinds if t not in nons]
        vowel = not nons and bool(kinds) and kinds != PERMANENT_TYPES and kinds[0][0] in "AEIOU"
        out: dict = {"_vowel": vowel}
        if types:
            out["types"] = types
        if nons:
            out["not_types"] = nons
        return out

    def os_hand_discard(self, _):
        return [("hand_discard", None)]

    def os_look(self, children):
        n, cards = children[1], str(children[2]).lower()
        if (n == 1) != (cards == "card"):
            raise NotRead("a number and its noun disagree")
        op = {"op": "look_at_top", "amount": n, "_stage": _OPEN}
        if children[0].type == "OS_REVEAL_TOP":  # 701.20a: every card of it revealed
            op["reveal"] = True
        return Piece([op])

    def os_look_sentence(self, children):
        return [children[0]]

    def os_look_then_put(self, children):
        return [children[0], children[1]]

    def os_look_put_sentence(self, children):
        return [children[0]]

    def os_look_put(self, children):
        _, n, _them, other, rest = children
        fields = {"take": n, "rest": rest}
        if str(other) == "the other":
            fields["_other"] = True
        return ("look", fields)

    def os_look_reveal(self, children):
        toks = [c for c in children if isinstance(c, Token)]
        kinds = next(c for c in children if isinstance(c, list))
        fields: dict = {"up_to": True, "take": 1}
        if any(t.type == "OS_LOOK_IT" for t in toks):  # "You may reveal a creature card ... and put it"
            fields["reveal"] = True
        types = [t for k in kinds if k.type == "OS_CARD_TYPE" for t in _card_types(str(k))]
        subtypes = [str(k) for k in kinds if k.type == "SUBTYPE"]
        if types and subtypes and any(t.type == "OS_LOOK_SUPER" for t in toks):
            raise NotRead("'legendary' before a list of types and subtypes")
        if types and subtypes:  # "an artifact or Pirate card": one of the types, or one of the subtypes (a selector)
            fields["card"] = {"zone": "library", "any_of": [{"zone": "library", "any_types": types},
                                                            {"zone": "library", "subtypes": subtypes}]}
            types, subtypes = [], []
        if any(str(k) == "permanent" for k in kinds) and len(kinds) > 1:  # (110.4a: alone, one of them)
            raise NotRead("'a permanent card' among other kinds")
        first = next(t for t in toks if t.type in ("OS_LOOK_SUPER", "OS_CARD_TYPE", "SUBTYPE")) \
            if any(t.type == "OS_LOOK_SUPER" for t in toks) else kinds[0]
        article = next(t for t in toks if t.type == "OS_ARTICLE")
        if (str(article).lower() == "an") != (str(first)[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        if any(t.type == "OS_LOOK_SUPER" for t in toks):
            fields["supertypes"] = ["Legendary"]
        if types:
            fields["types"] = types
        if subtypes:
            fields["subtypes"] = subtypes
        return ("look", fields)

    def os_put_from_hand(self, children):
        kinds = next(c for c in children if isinstance(c, list))
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        if (str(article).lower() == "an") != (str(kinds[0])[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        op = self._kinds({"op": "put_from_hand"}, kinds)
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            op["tapped"] = True
        return Piece([op])

    def os_search_top(self, children):
        card = next(c for c in children if isinstance(c, dict))
        op = {"op": "search_library", **card, "to": "top"}
        if any(isinstance(c, Token) and c.type == "OS_REVEAL_IT" for c in children):
            op["reveal"] = True
        return Piece([op])

    def os_search_many(self, children):
        n = next(c for c in children if isinstance(c, int))
        card, to = [c for c in children if isinstance(c, dict)]
        if n < 2:
            raise NotRead("'up to one cards'")
        op = {"op": "search_library", **card, **to, "amount": n}
        if any(isinstance(c, Token) and c.type == "OS_REVEAL_THEM" for c in children):
            op["reveal"] = True
        return Piece([op])

    def os_search_named(self, children):
        to = next(c for c in children if isinstance(c, dict))
        op = {"op": "search_library", "same_name": True, **to}
        if any(isinstance(c, Token) and c.type == "OS_REVEAL_IT" for c in children):
            op["reveal"] = True
        return Piece([op])

    def os_lib_plural(self, children):
        out: dict = {}
        for c in children:
            if c.type == "OS_BASIC":
                out["supertypes"] = ["Basic"]
            elif c.type == "OS_CARD_TYPE":
                out["types"] = _card_types(str(c))
            elif c.type == "SUBTYPE":
                out["subtypes"] = [str(c)]
        return out

    def os_lib_named(self, _):
        return {"same_name": True}

    def os_look_all(self, children):
        kinds = next(c for c in children if isinstance(c, list))
        other, rest = children[-2], children[-1]
        fields = self._kinds({"take_all": True, "rest": rest}, kinds)
        if str(other) == "the other":
            raise NotRead("'the other' after 'all ... cards'")
        return ("look", fields)

    @staticmethod
    def _kinds(fields: dict, kinds) -> dict:
        types = [t for k in kinds if k.type == "OS_CARD_TYPE" for t in _card_types(str(k))]
        subtypes = [str(k) for k in kinds if k.type == "SUBTYPE"]
        if types and subtypes:
            raise NotRead("a card of a type or of a subtype: the operation says one or the other")
        if any(str(k) == "permanent" for k in kinds):
            raise NotRead("'a permanent card' among other kinds")
        if types:
            fields["types"] = types
        if subtypes:
            fields["subtypes"] = subtypes
        return fields

    def os_look_kinds(self, children):
        return [c for c in children if isinstance(c, Token) and c.type in ("OS_CARD_TYPE", "SUBTYPE")]

    def os_look_kind(self, children):
        return children[0]

    def os_look_rest_sentence(self, children):
        return [("look_rest", children[2])]

    def os_look_bottom_any(self, _):
        return "bottom_any_order"

    def os_look_bottom_random(self, _):
        return "bottom_random"

    def os_look_graveyard(self, _):
        return "graveyard"


def merge(ops: list, piece: tuple) -> None:
    """A sentence saying what becomes of the cards looked at: it completes the look operation just before
    it (401.2), or the ability is not read; so the sentences after "Target opponent reveals their hand."
    (701.20a: the card chosen, then "That player discards that card.")."""
    last = ops[-1] if ops else {}
    tag, fields = piece
    if tag in ("hand_choose", "hand_discard"):
        if last.get("op") != "discard_chosen" or last.get("_stage") != (_OPEN if tag == "hand_choose" else _TAKEN):
            raise NotRead("a card chosen from a hand, after no 'reveals their hand'")
        last.update(fields or {})
        last["_stage"] = _TAKEN if tag == "hand_choose" else _DONE
        return
    if last.get("op") != "look_at_top" or last.get("_stage") != (_OPEN if tag == "look" else _TAKEN):
        raise NotRead("where the cards looked at go, after no 'look at the top N cards'")
    if tag == "look_rest":
        last["rest"] = fields
        last["_stage"] = _DONE
        return
    fields = dict(fields)
    counted = isinstance(last["amount"], dict)  # (608.2h: X counted as it resolves: as many as there are)
    if counted and fields.get("_other"):
        raise NotRead("'the other' of X cards looked at (oneshot_dig.py: X counted)")
    if fields.pop("_other", False) and last["amount"] - fields["take"] != 1:
        raise NotRead("'the other' of more than one card left")
    if fields.get("take_all") and not last.get("reveal"):
        raise NotRead("'revealed this way' after no 'Reveal the top N cards'")
    if fields.get("reveal") and last.get("reveal"):
        raise NotRead("'you may reveal' a card already revealed")
    if fields.pop("_any", False):  # "any number of creature cards from among them" (oneshot_lookany.py): all may be
        if counted:
            raise NotRead("'any number of' X cards looked at")
        fields["take"] = last["amount"]
    elif not fields.get("take_all") and not counted and fields["take"] >= last["amount"]:
        raise NotRead("all the cards looked at taken: no rest")
    last.update(fields)
    last["_stage"] = _DONE if "rest" in fields else _TAKEN


def check(ops: list) -> None:
    """Every look operation complete (what becomes of each card looked at said), its stage mark removed."""
    oneshot_libextra.check(ops)  # 701.24a: "If you search your library this way, shuffle."
    oneshot_search.check(ops)  # 701.23a: "Put those cards onto the battlefield tapped, then shuffle."
    oneshot_revealed.check(ops)  # 202.3: "its mana value" of the card revealed just before
    oneshot_random.check(ops)  # 706: "equal to the result" of the die rolled just before
    oneshot_look.check(ops)  # 608.2c: "for each nonland card revealed this way" right after the reveal
    for op in ops + [o for op in ops for o in op.get("if_you_do", ())] \
            + [o for op in ops if op.get("op") == "may" for o in op.get("one_shot", ())]:  # ("you may reveal cards ...")
        if op.get("op") == "discard_chosen" and op.get("_stage") == _OPEN:  # 701.20a: a hand revealed, nothing more
            op.clear()  # ("Target opponent reveals their hand." alone: engine/vocab/oracle/oneshot_hand.py)
            op.update({"op": "reveal_hand", "who": "target"})
        if op.get("op") in ("look_at_top", "discard_chosen"):
            if op.pop("_stage", _DONE) != _DONE:
                raise NotRead("cards looked at, and no sentence saying where they go")
    if any(o.get("op") == "reveal_top_sharing" and "sharing" not in o for op in ops for o in op.get("one_shot", ())):
        raise NotRead("'you may look at the top card of your library' and no sentence saying what is revealed (kinship)")


def check_that_player(kind: str, head, ops: list) -> None:
    """"that player": the player dealt damage, in an ability that triggers on damage dealt to a player (603.2), or the
    player who cast the spell, in one that triggers on another's (or any player's) casting a spell (601.2i, 603.2:
    oneshot_thatplayer.py) only; nowhere else has it a meaning here."""
    def whos(op_list):
        for op in op_list:
            yield op.get("who")
            if op.get("op") == "damage":  # (120.3: "deals 1 damage to that player"; several recipients: a list)
                yield from op["to"] if isinstance(op.get("to"), list) else [op.get("to")]
            yield from whos(op.get("one_shot", ()))
            yield from whos(op.get("if_you_do", ()))
    if "that_player" in set(whos(ops)) and not (
            kind == "triggered" and head.get("event") == "deals_damage" and (head.get("to_player") or head.get("to_opponent"))
            and head.get("one_or_more") != "once"  # (510.2: "to one or more players" names no one player)
            or oneshot_thatplayer.cast_by_another(kind, head) or oneshot_upkeep.that_player_is_active(kind, head)
            or oneshot_thatplayer.entered_under_opponent(kind, head)):  # 603.2: who controls the permanent that entered
        raise NotRead("'that player' of no damage dealt to a player")


def check_return_self(kind: str, bare: str, ops: list, head=None) -> None:
    """"Return this card from your graveyard ...": read in an activated ability whose cost is paid in the graveyard
    (mana, life, discards, ...: no {T}, {Q}, nor a part that moves the card out of another zone), the ability's only
    instruction (113.6k: it functions only there); in a triggered ability, only as the only instruction ("you may")
    of one that triggers as a spell is cast (the game loop checks the cast triggers of graveyard cards), or in one
    that triggers on the source's own dying (603.10a: the card it became); others (a trigger in the graveyard on
    other events) are not read."""
    def ops_of(op_list):
        for op in op_list:
            yield op
            yield from ops_of(op.get("one_shot", ()))
            yield from ops_of(op.get("if_you_do", ()))  # (118.12: "you may pay {N}. If you do, return this card ...")
    oneshot_gyif.finish(kind, bare, ops, head)  # 113.6m, 603.4: "if this card is in your graveyard, ... return it"
    if not any(op.get("op") == "return_self" for op in ops_of(ops)):
        return
    if graveyard_trigger(kind, head, ops):
        return  # 113.6m: a trigger of the card in its owner's graveyard (oneshot_graveyard.py)
    if kind == "triggered" and head is not None and head.get("event") == "cast" and not head.get("self") \
            and returns_self_only(ops):
        return  # 113.6k: a cast trigger of the card in its owner's graveyard (engine/game/casting.py)
    if kind == "triggered" and head is not None and head.get("event") == "dies" and "subjects" not in head \
            and not head.get("or_event"):
        return  # 603.10a, 400.7: the source's own dying trigger (it triggers on the battlefield): the card it became
    # 611.2c, 603.7c: the riders on the card it returned to the battlefield (702.84a unearth: "It gains haste. Exile it at
    # the beginning of the next end step. If it would leave the battlefield, exile it instead ...")
    riders = all(op.get("op") in ("gains_entered", "exile_if_leaves") or op.get("op") == "delayed_trigger"
                 and op.get("about") == "entered" for op in ops[1:])
    if kind != "activated" or len(ops) != 1 and not riders or ops[0].get("op") != "return_self":
        raise NotRead("'return this card from your graveyard' outside an activated ability's only instruction")
    cost = bare.partition(": ")[0]
    if "{T}" in cost or "{Q}" in cost or "this card" in cost.lower() or "~" in cost or "this creature" in cost.lower():
        raise NotRead("a cost not paid by a card in the graveyard")
