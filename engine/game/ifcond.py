"""Conditional instructions (608.2c; issue 21): {op: if, condition | kicked | bargained, one_shot, otherwise}
(engine/vocab/oneshot_ifcond.py): as the resolution reaches the instruction, the condition is checked on the game as
it is then, by the machinery that checks "Activate only if" and the intervening "if" (engine/game/conditions.py:
holds), for the resolving spell's or ability's controller and source; the operations of the branch it picks are
followed in order, with the spell's or ability's targets. A part of engine/game/instructions.py's chapter."""

from __future__ import annotations

from engine.game import conditions


def follow(instr, op, source: str, ab, you: str, targets: list, name: str) -> None:
    """608.2c: the operations of ``op.one_shot`` if its condition holds now, else those of ``op.otherwise``."""
    game = instr.game
    if op.kicked:  # 702.33d: the spell on the stack was cast with its kicker (casting.py's choices)
        obj = game.state.objects.get(source)
        yes = bool(obj is not None and obj.choices.get("kicked"))
        game.say("702.33d", f"{name} was {'' if yes else 'not '}kicked")
    elif op.bargained:  # 702.166b: the spell on the stack was bargained (engine/game/optional_costs.py)
        obj = game.state.objects.get(source)
        yes = bool(obj is not None and obj.choices.get("bargained"))
        game.say("702.166b", f"{name} was {'' if yes else 'not '}bargained")
    else:
        yes = conditions.holds(game, op.condition, source, you)
        game.say("608.2c", f"{name}: its condition {'holds' if yes else 'does not hold'} as the instruction is reached")
    for inner in op.one_shot if yes else op.otherwise:
        instr.follow(inner, source, ab, you, targets, name)
