"""Family 5 of the Oracle grammar (oneshot.lark, block "reveal until (issue 21)"): cards revealed from the top of one's
library until one with a quality is revealed (701.20a, 401.2, 608.2c): "Reveal cards from the top of your library until
you reveal a creature card. Put that card into your hand and the rest on the bottom of your library in a random order."
(Ajani, Valiant Protector) is one operation of the card vocabulary, ``look_at_top`` with ``until``
(engine/vocab/oneshot_actions.py's LookOnto), whose words are two sentences: the reveal opens it (the quality read as
"If it's a [quality] card" is, oneshot_dig.py), "Put that card ... and the rest ..." (:func:`merge`) completes it. No
choice is left to the player: the first card with the quality is the one taken. A mixin of oneshot.py's reader (through
oneshot_library.LibraryReader); the loop reveals and moves the cards (engine/game/reveal_until.py)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece

_UNTIL, _DONE = "until", "done"  # (a stage of its own: the merges of oneshot_library.py and oneshot_dig.py refuse it)


class UntilReader:
    """The transformer methods of the productions of the block "reveal until (issue 21)"."""

    def os_until_reveal(self, children):
        """701.20a: -> {op: look_at_top, until: true, reveal: true, amount: 1, quality} (amount unused: as many cards as
        it takes)."""
        article = next(c for c in children if isinstance(c, Token) and c.type == "OS_ARTICLE")
        quality, first = next(c for c in children if isinstance(c, tuple))
        if (str(article).lower() == "an") != (first[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        return [Piece([{"op": "look_at_top", "amount": 1, "until": True, "reveal": True, **quality,
                        "_stage": _UNTIL}])]

    def os_until_if_you_do(self, children):
        """118.12: -> ("if_you_do", [the reveal]) (oneshot.py: the if_you_do of the may just before it)."""
        return [("if_you_do", self.os_until_reveal(children[1:]))]

    def os_until_put(self, children):
        """401.2, 400.3: "Put that card into your hand and the rest on the bottom of your library in a random order." ->
        ("until_put", {take: 1, to?, tapped?, rest})."""
        to, rest = [c for c in children if not isinstance(c, Token)]
        return [("until_put", dict(to, take=1, rest=rest))]

    def os_until_rest(self, children):
        return children[-1]


def merge(ops: list, piece: tuple) -> None:
    """"Put that card ... and the rest ..." completes the reveal just before it (its stage ``until``), or the ability is
    not read."""
    last = ops[-1] if ops else {}
    if last.get("op") == "may" and last.get("if_you_do"):  # "If you do, reveal cards ...": the reveal inside it
        last = last["if_you_do"][-1]
    elif last.get("op") == "may" and len(last.get("one_shot") or ()) == 1:  # "you may reveal cards ..." (oneshot_look.py)
        last = last["one_shot"][0]
    if last.get("op") != "look_at_top" or not last.get("until") or last.get("_stage") != _UNTIL:
        raise NotRead("'Put that card ... and the rest ...' after no 'reveal cards ... until you reveal a ... card'")
    if piece[1]["rest"] not in ("bottom_random", "graveyard"):  # (401.4: an order the player chooses: not read here)
        raise NotRead("the cards revealed put on the bottom in an order of the player's choosing")
    last.update(piece[1])
    last["_stage"] = _DONE
    if last is not (ops[-1] if ops else None):  # (oneshot_library.check reads the outer operations only)
        del last["_stage"]
