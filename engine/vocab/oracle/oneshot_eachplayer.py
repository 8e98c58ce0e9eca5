"""Family 5 of the Oracle grammar (oneshot.lark, the block "each player's step"): the triggers "At the beginning of
each player's (each opponent's) upkeep / draw step / end step" whose effect names "that player", the active player
(603.2, 503.1, 504.1, 513.1; issue 21): "that player discards a card", "this artifact deals 1 damage to that player"
(120.3), "that player draws an additional card" (504.1, 121.1: a draw of a draw-step trigger). The loop names the
active player as the one the step trigger is about (engine/game/triggers.py, step_triggers), whom "that player"
names as the ability resolves (engine/game/instructions.py, _who)."""

from __future__ import annotations

import importlib

from lark import Transformer

from engine.vocab.oracle import oneshot_upkeep
from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece


class EachPlayerReader:
    """The reader's transformer methods for these productions (a mixin of oneshot._Reader)."""

    def os_to_that_player(self, _):  # 120.3, 603.2: checked against the trigger by oneshot_library.check_that_player
        return "that_player"

    def os_they(self, _):  # 603.2: who: that_player, the pronoun (checked by ``check``)
        return THEY

    def os_to_them(self, _):  # 120.3, 603.2: to: that_player, the pronoun (checked by ``check``)
        return THEY

    def os_each_first_main(self, _):  # 505.1a, 603.2b
        return {"at_beginning_of": "precombat_main", "whose": "each"}

    def os_that_player_adds(self, children):  # 106.1, 603.2 (checked by oneshot_library.check_that_player)
        return Piece([{"op": "add_mana", "mana": str(children[-1]), "who": "that_player"}])

    def os_draw_additional(self, children):  # 504.1, 121.1 (checked by ``check``)
        piece = self.os_draw(children)
        piece.ops[0]["_additional"] = True
        return piece


# the pronoun of the player the step trigger names ("they", "them"), until ``check`` resolves it
THEY = "_they"
# the players an instruction can name besides "that player" and its controller: with one of them, "they" is not read
_OTHERS = ("target", "each_opponent", "each_player", "target_controller", "defending_player")


def check(kind: str, head, ops: list) -> None:
    """504.1: "draws an additional card" is read in a trigger at the beginning of a draw step only (the card drawn
    besides the turn's draw); 603.2: "they" / "them" is "that player" in a trigger at the beginning of each player's
    (each opponent's) step, when the instructions name no other player than it and their controller. The marks are
    removed here; anywhere else the paragraph is not read."""
    def walk(op_list):
        for op in op_list:
            yield op
            yield from walk(op.get("one_shot", ()))
            yield from walk(op.get("if_you_do", ()))
    step = kind == "triggered" and isinstance(head, dict)
    all_ops = list(walk(ops))
    if any([op.pop("_additional", False) for op in all_ops]) and not (step and head.get("at_beginning_of") == "draw"):
        raise NotRead("'an additional card' drawn elsewhere than in a trigger at the beginning of a draw step")
    named = [op.get("who") for op in all_ops] + [op.get("to") for op in all_ops if op.get("op") == "damage"]
    if any(isinstance(to, list) and THEY in to for to in named):
        raise NotRead("'them' among other recipients of damage")
    if THEY not in named:
        return
    if not (step and oneshot_upkeep.that_player_is_active(kind, head)) or any(isinstance(to, list) for to in named) \
            or set(named) & set(_OTHERS):
        raise NotRead("'they' / 'them' naming no player a step trigger names, or among other players")
    for op in all_ops:
        for key in ("who", "to"):
            if op.get(key) == THEY:
                op[key] = "that_player"


_NUMBERS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8}


class _Condition(Transformer):
    """The ep_condition productions' Condition (a dict of the vocabulary)."""

    def ep_that_no_hand(self, _):  # 402.1
        return {"player": "that_player", "zone": "hand", "at_least": 0, "at_most": 0}

    def ep_that_hand_fewer(self, children):
        return {"player": "that_player", "zone": "hand", "at_least": 0, "at_most": _NUMBERS[str(children[0])]}

    def ep_that_hand_more(self, children):
        return {"player": "that_player", "zone": "hand", "at_least": _NUMBERS[str(children[0])]}

    def ep_that_life_at_most(self, children):  # 119.1
        return {"life": "that_player", "at_most": int(children[0])}


def condition(words: str) -> dict | None:
    """603.4: the Condition of "if that player has N or fewer cards in hand" (oneshot.lark: ep_condition), or None
    for other words; read only in a trigger whose "that player" is the active player (``check_condition``)."""
    oneshot = importlib.import_module("engine.vocab.oracle.oneshot")  # (the family's parser, by name as compile.py does)
    tree = oneshot._tree("ep_condition", words)
    return None if tree is None else _Condition().transform(tree)


def check_condition(trigger, cond: dict) -> None:
    """603.2, 603.4: a condition on "that player" only in an ability whose trigger names the active player."""
    if "that_player" in (cond.get("player"), cond.get("life")) and not oneshot_upkeep.that_player_is_active("triggered", trigger or {}):
        raise NotRead("'if that player ...' in an ability whose trigger names no player")
