"""Family 5 of the Oracle grammar (oneshot.lark, block "the top card revealed, and its mana value"): the top card of a
library revealed and put into its owner's hand, or only revealed, and an amount of the instructions after it that is
that card's mana value (401.2, 701.20a, 202.3, 608.2h):

- "reveal the top card of your library and put that card into your hand" -> {op: look_at_top, amount: 1, reveal: true,
  take: 1, rest: top} (the card is put into the hand: not a draw, 121.1);
- "Scry 3, then reveal the top card of your library." -> {op: scry, amount: 3}, {op: look_at_top, amount: 1, reveal:
  true, take: 0, rest: top} (the card is shown and stays on top), or completed by the sentence after it as "Reveal the
  top card of your library." is ("If it's a creature card, put it into your hand.": oneshot_dig.py);
- "If it's a creature card with mana value 3 or less, put it into your hand." (oneshot_dig.py's sentence, the card taken
  also with that mana value, or power, or less: 202.3, 208.1);
- "You lose life equal to its mana value.", "You gain life equal to that card's mana value.", "Draw cards equal to that
  card's mana value." -> {op: lose_life | gain_life | draw, amount: {revealed: mana_value}} (engine/vocab/amount.py's
  Revealed: the game loop reads the mana value of the card the look just before saw, engine/game/amounts.py).

:func:`check` reads an amount {revealed: ...} only in the instruction right after a look at one card (the card "its",
"that card" names); anywhere else the ability is not read."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle import oneshot_cspells  # 202.3, 608.2h: the countered spell's mana value


class RevealedReader:
    """The transformer methods of the block (a mixin of oneshot_library.LibraryReader)."""

    def os_rv_take(self, _):
        """701.20a, 401.2: "reveal the top card of your library and put that card into your hand"."""
        return Piece([{"op": "look_at_top", "amount": 1, "reveal": True, "take": 1, "rest": "top"}])

    def os_rv_scry_reveal(self, children):
        """701.22a, then 701.20a: "Scry 3, then reveal the top card of your library." (the card revealed stays on top)."""
        n = next(c for c in children if isinstance(c, int))
        return [Piece([{"op": "scry", "amount": n},
                       {"op": "look_at_top", "amount": 1, "reveal": True, "_stage": "open", "_rv": True}])]

    def os_rv_dig_if_at_most(self, children):
        """202.3, 208.1, 608.2c: "If it's a creature card with mana value 3 or less, put it into your hand." (as "If it's
        a creature card, ...": oneshot_dig.py; the card taken also has that mana value or power, or less)."""
        limit = next(c for c in children if isinstance(c, dict))
        tag, fields = self.os_dig_if([c for c in children if c is not limit])
        if "power_at_most" in limit and fields.get("types") != ["Creature"]:
            raise NotRead("'with power N or less' of another card than a creature card")
        return (tag, dict(fields, **limit))


def check(ops: list) -> None:
    """202.3, 608.2h: an amount {revealed: mana_value} (the private mark ``_revealed`` dropped here) is read only in the
    instruction right after a look at one card of the top of a library (look_at_top of amount 1: "its", "that card"
    is that card), in the same list of instructions; anywhere else ("its" may be another object; "If you do, ..." of a
    "you may reveal ...") the ability is not read."""
    for i, op in enumerate(ops):
        if op.pop("_rv", False) and op.get("_stage") == "open":  # "Scry 3, then reveal the top card of your library."
            op.pop("_stage")  # with no sentence taking it ("If it's a creature card, ..."): it stays on top
            op.update(take=0, rest="top")
        oneshot_cspells.spell_amounts(ops, i)  # 202.3, 608.2h: the mana value of the spell countered just before
        amount = op.get("amount")
        prior = ops[i - 1] if i else {}
        if isinstance(amount, dict) and amount.pop("_revealed", False):
            if prior.get("op") != "look_at_top" or prior.get("amount") != 1 or prior.get("until"):
                raise NotRead("'its mana value' after no card revealed from the top of a library")
        for key in ("one_shot", "if_you_do", "otherwise"):
            check(op.get(key) or [])
