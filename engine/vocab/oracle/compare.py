"""Comparisons of a number of its controller's with an opponent's (issue 21: conditions on one-shot instructions and
intervening "if" clauses): "an opponent controls more lands than you", "you have more life than an opponent", "an
opponent has more cards in hand than you", read by ``compare.lark`` into the vocabulary's Condition with ``versus``
(engine/vocab/selector.py), for oneshot_cond.py's ``condition`` (a conditional instruction, 608.2c; an intervening
"if", 603.4; "Activate only if", 602.5b). The game loop evaluates it for each opponent (engine/game/conditions.py:
holds). No static ability reads these words (the statics' grammar doesn't)."""

from __future__ import annotations

from functools import lru_cache

from engine.vocab.oracle.objects import NotRead, Objects, parser, read_tree


class _Compare(Objects):
    def _count(self, children, versus: str) -> dict:
        sel = children[-1]
        if not isinstance(sel, dict) or "controller" in sel or set(sel) & {"self", "attached", "zone", "any_of"}:
            raise NotRead("objects already qualified, or not permanents")
        return {"count": {**sel, "controller": "you"}, "versus": versus}

    def cmp_opp_controls_more(self, children):
        return self._count(children, "opponent_more")

    def cmp_you_control_more(self, children):
        return self._count(children, "you_more")

    def cmp_opp_hand_more(self, _):
        return {"player": "you", "zone": "hand", "versus": "opponent_more"}

    def cmp_you_hand_more(self, _):
        return {"player": "you", "zone": "hand", "versus": "you_more"}

    def cmp_opp_life_more(self, _):
        return {"life": "you", "versus": "opponent_more"}

    def cmp_you_life_more(self, _):
        return {"life": "you", "versus": "you_more"}


@lru_cache(maxsize=1024)
def _read(words: str):
    from lark.exceptions import LarkError

    try:
        tree = parser("compare", ("cmp_condition",)).parse(words)
    except LarkError:
        return None
    try:
        return read_tree(_Compare(), tree)
    except NotRead:
        return None


def read(words: str) -> dict | None:
    """The Condition (a dict of the vocabulary) of a comparison with an opponent, or None if the words are none."""
    found = _read(words)
    return None if found is None else dict(found)
