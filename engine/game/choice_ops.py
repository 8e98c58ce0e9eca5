"""608.2d: the values a player chooses as a spell or ability resolves (issue 21: "the color of your choice", "the
creature type of your choice"; the vocabulary's {op: choose_value}, engine/vocab/oneshot_choice.py). The value comes
from the script ({choice: {color: red}, by: PLAYER}; --auto: white, Human); the continuous effect the same spell or
ability creates keeps it in its ``choices`` (611.2, Instructions.continuous_effect), where the layers program reads it
(chosen_color / chosen_ctype / chosen_ltype facts: protection from the chosen color, the chosen creature type, the
chosen basic land type, 305.7)."""

from __future__ import annotations

from asp_rules.rulesdata import BASIC_LAND_TYPES, is_creature_type

from engine.files import gamefile as gf
from engine.game import source_choice
from engine.game.common import GameError
from engine.vocab.mana import COLORS

# --auto: the first color (105.1: white, blue, black, red, green), a creature type (205.3m), the first basic land type
# (305.6: Plains, Island, Swamp, Mountain, Forest)
_AUTO = {"color": COLORS[0], "creature_type": "Human", "basic_land_type": BASIC_LAND_TYPES[0]}


def choose(instructions, op, you: str, name: str) -> None:
    """608.2d: ``you`` (the controller of the resolving spell or ability) chooses the value now; it is recorded for the
    continuous effect the spell or ability creates as it finishes resolving (``instructions.values_chosen``)."""
    game = instructions.game
    if op.choice == "source":
        source_choice.choose(instructions, op, you, name)
        return
    act = game.action()
    if isinstance(act, gf.ValueChoice) and act.by in (None, you) and op.choice in act.choice:
        game.take()
        value = act.choice[op.choice]
    elif game.auto:
        value = _AUTO[op.choice]
    else:
        raise GameError(game.where(), f"608.2d: {you} chooses a {op.choice.replace('_', ' ')} for {name}",
                        "add {choice: {" + op.choice + ": ...}, by: " + you + "}, or use --auto")
    if op.choice == "color" and value not in COLORS:
        raise GameError(game.where(), f"105.1: {value!r} is not a color", "choose one of " + ", ".join(COLORS))
    if op.choice == "creature_type" and not is_creature_type(value):
        raise GameError(game.where(), f"205.3m: {value!r} is not a creature type", "choose a creature type (205.3m)")
    if op.choice == "creature_type" and value == getattr(op, "other_than", None):  # "other than Wall"
        raise GameError(game.where(), f"205.3m: {name} says a creature type other than {value}", "choose another one")
    if op.choice == "basic_land_type" and value not in BASIC_LAND_TYPES:  # 305.6: the five basic land types
        raise GameError(game.where(), f"305.6: {value!r} is not a basic land type", "choose one of " + ", ".join(BASIC_LAND_TYPES))
    instructions.values_chosen[op.choice] = value
    game.say("608.2d", f"{you} chooses {value} ({op.choice.replace('_', ' ')}) for {name}")
