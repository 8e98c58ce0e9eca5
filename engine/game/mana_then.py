"""The instructions of a mana ability after the mana it adds (605.3b; issue 21): "Add {U}{B}. Draw a card." (the Eggs),
"Add {C}. You gain 2 life.", "Add one mana of any color. Put a brick counter on this artifact.", "... Draw a card at the
beginning of the next turn's upkeep." The operations engine/vocab/mana_then.py compiles from the ability's text
(engine/vocab/activation.py then_ops) are followed at once, as the ability resolves right after its mana is added,
without the stack (605.3b): each as any resolving ability's instruction (engine/game/instructions.py follow), for the
ability's source and its controller, with no target (605.1a)."""

from __future__ import annotations

from pydantic import TypeAdapter

from engine.vocab.activation import then_ops
from engine.vocab.oneshot import OneShot

_OPS = TypeAdapter(list[OneShot])


def follow(game, oid: str, player: str, text: str, name: str) -> None:
    """605.3b: the instructions after the mana of the mana ability ``text`` of ``oid``, activated by ``player``, in
    their order (none: nothing)."""
    found = then_ops(text)
    if not found:
        return
    game.say("605.3b", f"{name}'s mana ability also does, as it resolves: \"{_rest(text)}\"")
    for op in _OPS.validate_python([dict(o) for o in found]):
        game.instructions.follow(op, oid, None, player, [], name)


def _rest(text: str) -> str:
    from engine.vocab.mana_then import split

    return split(text)[1] or ""
