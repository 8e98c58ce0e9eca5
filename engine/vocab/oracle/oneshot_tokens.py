"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader about
tokens an effect creates with abilities in quotes (111.4): "create a 1/1 colorless Eldrazi Scion creature
token. It has "Sacrifice this token: Add {C}."", "... creature token with "Sacrifice this token: Add {C}."";
and delayed triggered abilities at end of combat (603.7, 511.2): "destroy it at end of combat".

The token is the card library's token definition (engine/cards, ``token: true``) whose power, toughness,
colors, card types and subtypes are the printed ones and whose text is the quoted one: the effect gives
the token exactly those characteristics (111.4), and the game loop executes the definition's abilities.
A quoted text no definition has, or characteristics that differ from the definition's, is the token the text
defines with the quote compiled as its abilities (give_quote; oneshot_tokdefs.py: read only when they compile and
are executable).
"""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle import oneshot_dmg
from engine.vocab.oracle.oneshot_tokcount import TokCountReader
from engine.vocab.oracle.oneshot_tokdefs import TokenDefsReader, give_quote
from engine.vocab.oracle.oneshot_attacking import AttackingReader


def merge(ops: list, piece: tuple) -> None:
    """111.4: "It has "..."" / "They have "..."" after the instruction creating the tokens: the library's
    definition replaces the one the text gave, or the quoted abilities are the defined token's."""
    words, quote = piece[1]
    op = ops[-1] if ops else {}
    if op.get("op") == "may" and len(op["one_shot"]) == 1 and "if_you_do" not in op:  # "you may create ... It has"
        op = op["one_shot"][0]
    if op.get("op") != "create_token":
        raise NotRead("'It has' after no instruction creating tokens")
    if not isinstance(op["amount"], int) or (op["amount"] == 1) != (words == "It has"):
        raise NotRead("'It has' after more than one token, or 'They have' after one")
    give_quote(op, quote)


class TokensReader(TokenDefsReader, TokCountReader, AttackingReader):
    """The reader's transformer methods for tokens with quoted abilities (a mixin of oneshot._Reader)."""

    def os_it_has(self, children):
        return [("it_has", (str(children[0]), str(children[1])[1:-1]))]

    def os_create_quoted(self, children):
        piece = self.os_create(children[:3])
        give_quote(piece.ops[0], str(children[3])[1:-1])
        return [piece]

    def os_you_create(self, children):
        return children[1]

    def os_draw_that_many(self, _):
        return Piece([{"op": "draw", "amount": "that_many", "who": "you"}])

    # --- 603.7, 511.2: "... at end of combat" ----------------------------------------------------
    def os_eoc_object(self, children):
        words = str(children[0]).lower()
        if words not in ("it", "that creature"):
            raise NotRead("'that permanent' at end of combat")
        return words

    def os_eoc_destroy(self, children):
        return "destroy", children[1], f"destroy {children[1]}"

    def os_eoc_bounce(self, children):
        return "return_to_hand", children[1], f"return {children[1]} to its owner's hand"

    def os_eoc_sacrifice(self, _):  # 701.21a: by its controller, the delayed ability's (603.7d-e), if they control it
        return "sacrifice", "it", "sacrifice it"

    def os_delayed_end_of_combat(self, children):
        op, obj, words = children[0]
        inner = {"op": "sacrifice", "what": {"self": True}, "who": "you"} if op == "sacrifice" else {"op": op, "what": "it"}
        return [Piece([{"op": "delayed_trigger", "when": "end_of_combat", "text": f"At end of combat, {words}.",
                        "about": "self" if obj == "it" else "that_creature", "one_shot": [inner]}])]

    # --- 401.2, 401.4: "look at the top N cards of your library, then put them back in any order" ---------------
    def os_arrange_top(self, children):
        n, cards = children[1], str(children[2]).lower()
        if n < 2 or cards != "cards":
            raise NotRead("one card put back: no order to choose")
        return Piece([{"op": "arrange_top", "amount": n}])


# the triggers whose "it" is the source and whose "that creature" the other creature of the block (509.3b, 509.3d)
_SELF_EVENTS = ("attacks", "blocks", "becomes_blocked", "blocks_creature")


def check(kind: str, head, ops: list) -> None:
    """603.2: "that many" cards drawn as the first instruction only; 707.2: "a copy of this creature" not in a
    spell; 603.7c: the object a delayed triggered ability "at end of combat" refers to: "it", the source of a
    trigger on its own attack or block that names no other creature; "that creature", the creature the source
    blocks (blocks_creature, 509.3b) or the one that blocks it (becomes_blocked by ..., 509.3d: once for each
    such blocker)."""
    # 603.2: "draw that many cards" is the damage only as the ability's first instruction ("discard your hand,
    # then draw that many cards": the cards discarded, no amount the loop knows)
    first = ops[0] if ops else {}
    first = (first.get("one_shot") or [{}])[0] if first.get("op") == "may" else first
    if any(op.get("op") == "draw" and op.get("amount") == "that_many" and op is not first
           for o in ops for op in [o, *o.get("one_shot", ()), *o.get("if_you_do", ())]):
        raise NotRead("'that many' after another instruction: not the damage dealt")
    if kind == "spell" and any(op.get("op") == "create_token_copy" and op.get("what") in ("self", "attached")
                               for op in ops):
        raise NotRead("a copy of 'this creature' or 'enchanted creature' in a spell's instructions")
    for op in ops:
        if op.get("op") != "delayed_trigger" or op.get("when") != "end_of_combat":
            continue
        that = kind == "triggered" and oneshot_dmg.refers_to_that(head)  # (603.2: damage to a creature too)
        if not that and (kind != "triggered" or "subjects" in head or head.get("event") not in _SELF_EVENTS):
            raise NotRead("'at end of combat' of no trigger on the source's own attack or block")
        if op["about"] == "that_creature" and not that:
            raise NotRead("'that creature' of no trigger on a block of one creature")
        if op["about"] == "self" and (head["event"] == "blocks_creature" or "by" in head or that):
            raise NotRead("'it' after 'a creature': the source, or that creature")
