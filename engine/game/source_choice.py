"""609.7a: "a source of your choice" (issue 21): the source of damage a player chooses as a spell or ability resolves,
for the prevention effect the same spell or ability creates ("The next time a red source of your choice would deal
damage to you this turn, prevent that damage.": the vocabulary's {op: choose_value, choice: source, source_is}). The
source is chosen when the effect is created: a permanent, or a spell on the stack (a permanent spell: the permanent it
becomes too); it needn't be able to deal damage. The script names it ({choice: {source: ID}, by: PLAYER}; --auto: the
first permanent of the battlefield that may be chosen, then the spells; the other objects 609.7a allows, an object an
object on the stack or an effect waiting to apply refers to, a face-up object in the command zone, are refused: not
yet); recorded as ``[id, zone, zone_changes]`` in
``instructions.values_chosen``, the effect's ``choices`` (bridge/selectors.py matches chosen_source on it)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.game.common import GameError, _name


def candidates(game, op, you: str) -> list[str]:
    """609.7a: the objects that may be chosen: the permanents, then the spells on the stack, that ``source_is``
    matches (on the characteristics after the layers; a spell's printed ones)."""
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), None, you, (), {})
    spells = [x for x in st.stack if x in st.objects and st.objects[x].kind == "spell"]
    return [x for x in list(st.battlefield) + spells
            if op.source_is is None or ctx.match(op.source_is, x)]


def choose(instructions, op, you: str, name: str) -> None:
    game = instructions.game
    st = game.state
    allowed = candidates(game, op, you)
    act = game.action()
    if isinstance(act, gf.ValueChoice) and act.by in (None, you) and "source" in act.choice:
        game.take()
        value = act.choice["source"]
        if value not in allowed:
            raise GameError(game.where(), f"609.7a: {value!r} is not a source {you} may choose for {name}",
                            "choose one of " + ", ".join(allowed) if allowed else "none may be chosen")
    elif game.auto or not allowed:
        value = allowed[0] if allowed else None
    else:
        raise GameError(game.where(), f"609.7a: {you} chooses a source of damage for {name}",
                        "add {choice: {source: ID}, by: " + you + "}, or use --auto")
    if value is None:  # (609.7a: the effect names no source: it prevents nothing)
        instructions.values_chosen["source"] = None
        game.say("609.7a", f"{you} chooses no source for {name}: there is none it may be")
        return
    o = st.objects[value]
    instructions.values_chosen["source"] = [value, o.zone, o.zone_changes]
    game.say("609.7a", f"{you} chooses {_name(st, value)} as the source for {name}")
