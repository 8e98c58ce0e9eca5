"""Family 5 of the Oracle grammar (modal.lark; issue 21): the instruction of a modal triggered ability to choose its
modes other than a number of them (700.2, 603.3c): "choose up to one —", "choose one that hasn't been chosen [this
turn] —", "choose one at random —" -> the ability's ``modes`` (engine/vocab/modes.py's ModeChoice), as
oneshot.lark's os_trigger_choose reads "choose one —" (its modes: the "•" paragraphs after it, read by
engine/vocab/oracle/compile.py's compile_mode; the loop: engine/game/modal.py)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import NUMBERS, Tgt
from engine.vocab.oracle.oneshot_sentences import _spec_of


class ModalReader:
    """The transformer methods of modal.lark (mixed into oneshot.py's reader)."""

    def md_choose(self, children):  # (oneshot.lark's os_choose, os_trigger_choose, os_change: this file's alternative)
        return children[0]

    def md_up_to(self, _):  # 700.2, 603.3c: no mode or one
        return {"number": 1, "up_to": True}

    def md_unchosen(self, _):  # 700.2, 400.7: a mode not chosen before for this object's ability
        return {"number": 1, "unchosen": "ever"}

    def md_unchosen_this_turn(self, _):  # 700.2, 400.7: ... this turn
        return {"number": 1, "unchosen": "this_turn"}

    def md_at_random(self, _):  # 700.2, 603.3c: chosen at random
        return {"number": 1, "at_random": True}

    def md_any_number(self, _):  # 700.2, 700.2d: one mode or more, each at most once
        return {"number": 1, "any_number": True}

    def md_target_damaged(self, children):  # 115.1, 120.3: "target creature that was dealt damage this turn"
        spec = _spec_of(next(c for c in children if isinstance(c, dict)))
        if spec.get("what") not in ("creature", "permanent", "planeswalker"):
            raise NotRead("dealt damage this turn: a permanent's")
        return Tgt(dict(spec, dealt_damage=True))

    def md_base_pt(self, children):  # 613.4b (layer 7b): "has base power and toughness 1/1"
        p, t = str(children[1]).split("/")
        return [{"op": "set_base_pt", "power": int(p), "toughness": int(t)}]

    def md_more_if(self, children):  # 601.2b: "you may choose two instead" when the condition holds
        return {"number": 1, "more_if": next(c for c in children if isinstance(c, dict)), "more": 2}

    def md_cond_commander(self, _):  # 903.3: a commander (any player's) its caster controls
        return {"count": {"commander": True, "controller": "you"}, "at_least": 1}

    def md_cond_words(self, children):  # a static ability's condition (statics.lark, through oneshot_cond.condition)
        from engine.vocab.oracle.oneshot_cond import condition

        words = str(children[0])
        if words.endswith(" as you cast this spell"):
            raise NotRead("'as you cast this spell' is the header's")
        return condition(words)

    def md_repeat(self, children):  # 700.2d: "You may choose the same mode more than once."
        return {"number": NUMBERS[str(children[0]).split()[1].lower()], "repeat": True}


def activated(words: str, modes: dict) -> list[dict] | None:
    """700.2a, 602.1: a modal activated ability, "[cost]: Choose one —" (``words`` without an ability word before it):
    {kind: activated, cost, effect, modes}, its modes the "•" paragraphs that follow (compile.compile_mode); None when
    the game loop doesn't pay a part of its cost (601.2h)."""
    from engine.vocab.cardfile import parse_activation_cost

    cost, _, effect = words.partition(": ")
    parsed = parse_activation_cost(cost)
    if any(part is None for part in parsed.parts):
        return None
    return [{"kind": "activated", "cost": cost, "effect": effect, "loyalty": parsed.loyalty is not None,
             "modes": modes}]

