"""Family 5 of the Oracle grammar (oneshot.lark, the block "hands"): a hand looked at (402.3: "Look at target player's
hand."), cards discarded at random (701.9b: "Target player discards two cards at random."), a card chosen from a revealed
hand and exiled (701.20a, 406.1: "Target opponent reveals their hand. You choose a nonland card from it and exile that
card."; the sentence completes the reveal before it, as "You choose ... from it." and "That player discards that card."
complete it for discard_chosen, oneshot_library.py). The vocabulary: engine/vocab/oneshot_hand.py; the game loop:
engine/game/hand_ops.py."""

from __future__ import annotations

import json
import re

from engine.vocab.oracle import oneshot_library
from engine.vocab.oracle import chosen_values  # 608.2c: a value chosen, read by the instructions after it
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece, _who, subject


class HandReader:
    def os_discard_hand(self, children):
        """701.9: "discard your hand", "Each player discards their hand": each card of the player's hand ("your" names
        you only, "their" another player: else not read)."""
        who, targets = subject(children, 3)
        if (str(children[-1]) == "your hand") != (who == "you"):
            raise NotRead("'your hand' of another player, or 'their hand' of you")
        return Piece([{"op": "discard_hand", "who": who}], targets)

    """The transformer methods of the hand sentences (a mixin of oneshot.py's reader)."""

    def os_hand_look(self, children):  # 402.3
        who, targets = _who(children[1])
        return Piece([{"op": "reveal_hand", "who": who, "look": True}], targets)

    def os_discard_random(self, children):  # 701.9b
        # "discard ..." (you), "then discards ..." (the subject of the instruction before: oneshot_cards.subject)
        who, targets = subject(children, 4)
        verb, n, cards = str(children[-3]).lower(), children[-2], str(children[-1]).lower()
        if (n == 1) != (cards == "card"):
            raise NotRead("a number and its noun disagree")
        if len(children) == 4 and (verb == "discards") != (who != "you"):
            raise NotRead("'discard' after another player than you, or 'you discards'")
        x = str(n) == "X"  # 107.3a: the spell's X (a spell only: oneshot.py refuses x elsewhere)
        return Piece([{"op": "discard_random", "amount": "x" if x else n, "who": who}], targets, x=x)

    def os_choose_value(self, children):  # 608.2d: read by a later sentence's continuous effect (check)
        choice = "color" if str(children[0]).endswith("color") else "creature_type"
        return [Piece([{"op": "choose_value", "choice": choice}])]

    def os_grant_chosen_protection(self, _):  # 702.16a: protection from the value chosen (choices.color)
        return [{"op": "add_abilities", "abilities": [{"keyword": "protection", "quality": "chosen color"}]}]

    def os_hand_exile(self, children):  # 701.20a, 406.1
        (_, kind), = self.os_hand_choose(children)
        return [("hand_exile", kind)]

    def os_hand_exile_gy(self, children):  # 701.20a, 406.1: "from that player's graveyard or hand"
        (_, kind), = self.os_hand_choose(children)
        return [("hand_exile", dict(kind, graveyard=True))]


def merge(ops: list, piece: tuple) -> None:
    """701.20a: "You choose a ... card from it and exile that card." completes the "reveals their hand" just before it
    (a discard_chosen still open, oneshot_library.py): it becomes an exile_chosen with the card's qualities."""
    last = ops[-1] if ops else {}
    if last.get("op") != "discard_chosen" or last.get("_stage") != "open":
        raise NotRead("a card chosen from a hand, after no 'reveals their hand'")
    who = last["who"]
    last.clear()
    last.update({"op": "exile_chosen", "who": who, **(piece[1] or {})})


# 608.2d: "Choose a creature type. ..." / "Choose a color. ..." (a spell's or an activated ability's first sentence)
CHOOSE_VALUE = re.compile(r"Choose (a creature type( other than [A-Z][a-z]+)?|a color)\. ")
_CHOSEN_OPS = {"set_creature_types": "creature_type", "add_subtypes": "creature_type", "set_colors": "color",
               "add_colors": "color", "set_land_types": "basic_land_type"}  # ({op: ..., chosen: true}, the layers')


def _reads(data) -> set[str]:
    """The kinds of value chosen as it resolves that ``data`` (ops, a continuous effect) reads: a selector's
    chosen_creature_type / chosen_color, protection from the chosen color, an operation with ``chosen: true``."""
    out: set[str] = set()
    if isinstance(data, dict):
        if data.get("chosen_creature_type") or data.get("not_chosen_creature_type"):
            out.add("creature_type")
        if data.get("chosen_color") or data.get("quality") == "chosen color":
            out.add("color")
        if data.get("chosen") is True and data.get("op") in _CHOSEN_OPS:
            out.add(_CHOSEN_OPS[data["op"]])
        data = list(data.values())
    for x in data if isinstance(data, list) else ():
        out |= _reads(x)
    return out


def check(ops: list, continuous: dict | None) -> None:
    """oneshot_library.check (401.2, 701.20a), then 608.2d: each value chosen as it resolves (choose_value) is read by the
    continuous effect of the same spell or ability (611.2: its choices; the layers program reads them), and by no
    one-shot instruction (the loop's selectors of one-shot instructions don't see it: not read)."""
    oneshot_library.check(ops)
    chosen_values.resolve_that(ops, continuous)  # 608.2c: "of that type" after "Choose a creature type."
    # (609.7a: a source chosen is read by the prevention effect of the same ability, oneshot_prevent.py)
    chosen = {op["choice"] for op in ops if op.get("op") == "choose_value" and op["choice"] != "source"}
    if "color" not in chosen and '"quality": "chosen color"' in json.dumps(continuous or {}):  # (os_grant_chosen_protection)
        raise NotRead("protection from the chosen color, and no color chosen as it resolves")
    if not chosen:
        return
    first = next(k for k, op in enumerate(ops) if op.get("op") == "choose_value" and op["choice"] != "source")
    later = [op for op in ops[first + 1:] if op.get("op") != "choose_value"]
    if _reads(ops[:first]) or _reads(chosen_values.without_selectors(later)):
        raise NotRead("a value chosen as it resolves, read by a one-shot instruction before it, or not as a selector's")
    if not chosen_values.selector_reads(later) <= chosen:  # ("of the chosen type" after "Choose a color.")
        raise NotRead("a value read after the choice that is not the kind chosen")
    if not chosen <= _reads(continuous or {}) | chosen_values.selector_reads(later):  # (608.2c: the loop's bind)
        raise NotRead("a value chosen as it resolves that no instruction after it reads")


def check_targets(kind: str, ops: list, specs: list[dict]) -> None:
    """614.12, 601.2c: "target permanent of the chosen color", "target creature of the chosen type" name the value
    chosen as the source (a permanent) entered, its choices, which the loop's target check reads
    (engine/game/targets.py): an activated or triggered ability only (a spell has no such choice), and none that
    chooses a value as it resolves (608.2d: chosen after its targets, 601.2c)."""
    if not any(_reads([s]) for s in specs):
        return
    if kind not in ("activated", "triggered"):
        raise NotRead("a target of the chosen color or type in a spell: no value chosen as it entered")
    if any(op.get("op") == "choose_value" for op in ops):
        raise NotRead("a target of the value chosen as it resolves: chosen after its targets (601.2c)")
