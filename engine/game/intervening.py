"""603.4: the intervening "if" clause of an event trigger ("When/Whenever [trigger event], if [condition], [effect]."):
as the trigger event occurs, the ability checks whether the condition holds, and triggers only if it does (the
ability's ``if_condition``, engine/vocab/oracle/oneshot_ifevent.py). The abilities the events trigger are gathered in
the game's ``pending`` list (603.2, 603.3: engine/game/triggered.py), some read before their events are applied (as
they look back, 603.10a, or as the permanents will have entered, 603.6a); each such ability's condition is checked
here once, the first time the loop looks after its event has happened: after each instruction of a resolving spell or
ability (608.2c: the next instruction is another event), before the state-based actions are checked (117.5, 704.3),
and as the triggered abilities go on the stack (603.3b). (The triggers of the state-based actions are gathered until
none applies: their conditions are checked after all of them.) The "at the beginning of" abilities are checked as the
step begins (engine/game/triggers.py: step_triggers); as it resolves, every such ability checks its condition again
(engine/game/resolve.py)."""

from __future__ import annotations

from engine.vocab.keyword_costs import stands_for
from engine.vocab.oneshot import StepTrigger
from engine.game import conditions
from engine.game.common import _name


def _ability(game, t):
    """The ability the Triggered ``t`` stands for (as put_triggers finds it, engine/game/triggers.py)."""
    if t.model is not None:
        return t.model
    src = game.state.objects.get(t.source)
    if src is not None and src.printed is not None and 1 <= t.ability <= len(src.printed.abilities):
        return stands_for(src.printed.abilities[t.ability - 1])
    return game.triggers.known.get((t.source, t.ability))


def check(game) -> None:
    """603.4: each event-triggered ability of ``pending`` not yet checked whose intervening "if" is false now, after
    its event, doesn't trigger (it leaves the pending abilities)."""
    seen = getattr(game, "intervening_seen", {})
    keep = []
    for t in game.pending:
        if seen.get(id(t)) is t:
            keep.append(t)
            continue
        ab = _ability(game, t)
        cond = getattr(ab, "if_condition", None)
        if cond is None or isinstance(getattr(ab, "trigger", None), StepTrigger) \
                or conditions.holds(game, cond, t.source, t.controller):
            keep.append(t)
            continue
        game.say("603.4", f"{_name(game.state, t.source)}'s ability (\"{t.text}\") doesn't trigger: its 'if' is false "
                          "as the event happens")
    game.pending[:] = keep
    game.intervening_seen = {id(t): t for t in keep}  # (the references kept: no id of another object)
