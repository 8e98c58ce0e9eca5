"""Reflexive triggered abilities (603.12; issue 21): {op: reflexive_trigger} (engine/vocab/oneshot_reflexive.py), in the
``if_you_do`` of a `may` its controller did ("you may pay {2}. When you do, ..."): the resolving spell or ability makes
a triggered ability that triggered on that doing. It waits with the other triggered abilities (``game.pending``) and
is put on the stack the next time a player would receive priority (603.3), after the first one has resolved; its
targets are chosen then ({trigger_targets: {SOURCE#when_you_do: [...]}}, 603.3d), and it is removed from the stack if
none can be. Its source and controller are the first ability's (603.3a); "that creature" is the object that
ability's event was about (603.2), as it was when it resolved. A part of engine/game/instructions.py's chapter
(paycost.follow)."""

from __future__ import annotations

from engine.game.triggered import Triggered
from engine.vocab.cardfile import TriggeredAbility


def follow(instr, op, source: str, ab, you: str, name: str) -> None:
    """603.12: the reflexive ability triggers now; its continuous effect (611.2) is the card ability's (``ab``),
    created where its instructions say {op: create_effect}, on its own targets."""
    game = instr.game
    res = game.resolution
    model = TriggeredAbility(kind="triggered", text=op.text, targets=list(op.targets) or None, one_shot=list(op.one_shot),
                             continuous=getattr(ab, "continuous", None), combat=getattr(ab, "combat", None))
    that = res.resolving_refs.get("that")
    about = res.resolving_about or (that[0] if that else source)
    game.pending.append(Triggered(source, -1, op.text, about, "reflexive", "603.12", you, amount=res.resolving_amount,
                                  player=res.resolving_player or "", model=model))
    game.say("603.12", f"{you} did it: the reflexive triggered ability of {name} triggers (\"{op.text}\")")
