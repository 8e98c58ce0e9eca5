"""'Repeat this process' (608.2c, issue 24): the one-shot operation ``repeat_process`` (engine/vocab/oneshot_ifcond.py),
the last instruction of an ability, makes the resolution follow the instructions before it (the "process") again, in
order: ``times`` more times ("Repeat this process once."), or each time its controller chooses to ("You may repeat
this process any number of times.": {may: true} or {may: false} after each time; --auto: no). Each instruction goes
through the loop as any other (resolve.py ``do``: events through the replacement program, state triggers noted).

104.4b: a loop of mandatory actions that can't be stopped ends the game in a draw, but a loop that contains an optional
action does not: the controller's choice ends the repetition (a game file gives each answer). As a bound of the
engine, not a rule, a process is repeated at most ``MAX_REPEATS`` times; one more is an error of the game file."""

from __future__ import annotations

from engine.game.common import GameError
from engine.game.top_order import may  # 608.2d: the shared "you may" answer

MAX_REPEATS = 1000  # (a bound of the engine: 104.4b has no limit for a loop that contains an optional action)


def process(game, ab, you: str, name: str):
    """The instructions of the resolving spell or ability ``ab`` in the order they are followed (608.2c): its
    ``one_shot`` once, and when its last is ``repeat_process``, the ones before it again as it says."""
    ops = list(ab.one_shot or ())
    if not ops or ops[-1].op != "repeat_process":
        yield from ops
        return
    *body, rep = ops
    text = ab.display()
    done = 0
    while True:
        yield from body
        if rep.times is not None and done >= rep.times or rep.may and not _wants(game, you, name, text):
            return
        done += 1
        if done > MAX_REPEATS:
            raise GameError(game.where(), f"608.2c: {name}'s process has been repeated {MAX_REPEATS} times, the most "
                                          "the game loop follows (104.4b: the repetition is optional; answer "
                                          "{may: false} to end it)", "end the repetition sooner")
        game.say("608.2c", f"{name}: the process is repeated (time {done}{f' of {rep.times}' if rep.times else ''}): "
                           f"\"{text}\"")


def _wants(game, you: str, name: str, text: str) -> bool:
    """608.2d: "You may repeat this process any number of times": its controller chooses, each time the process ends
    ({may: true} / {may: false}; --auto: false, so that the repetition ends, 104.4b)."""
    yes = may(game, you, f"608.2d: {you} may repeat the process of {name} (\"{text}\")")
    game.say("608.2d", f"{you} chooses {'to repeat' if yes else 'not to repeat'} the process of {name}")
    return yes
