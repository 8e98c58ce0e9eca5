"""Whether the game loop can read an ability's targets and cost (issue 24): an ability whose text names a target
that its encoding doesn't (115.1, 601.2c, 602.2b: the loop takes the targets of an activation, a cast or a trigger
from the ability's ``targets``; with none, it refuses an action naming them, and a trigger is put on the stack
without them, 603.3d) is not executable, whatever program would execute the rest of it. (An activation cost part the
loop can't pay is not read here: the part may name the card, which the ability doesn't know, 201.5a.)
:func:`engine.vocab.cardfile.executable_by` asks :func:`unread` first; `mtgjudge cards` says why."""

from __future__ import annotations

import re
from typing import Any

# 115.1: the word "target" of a targeted ability ("target creature", "any target", "another target", "two target
# creatures"); not in a quoted ability it grants (113.2c: that ability's own) nor in "new targets", "the target of"
# (115.7, 603.2e: words about another spell's or ability's targets)
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”')
_NOT_ITS_OWN = re.compile(r"\b(new|the) targets?\b", re.I)
_TARGET = re.compile(r"\btarget\b", re.I)  # (the noun: "a spell that targets ..." is a verb, 603.2e)

_EFFECT_KINDS = ("activated", "triggered", "spell", "mode")


def _text(ab) -> str:
    return ab.effect if ab.kind == "activated" else ab.display()


def _names_targets(value: Any) -> bool:
    """Whether the encoding gives targets somewhere: the ability's own, or those of an ability it creates as it
    resolves (a reflexive trigger's, 603.12; a delayed trigger's, 603.7)."""
    if isinstance(value, dict):
        return any(str(k).endswith("targets") and isinstance(v, list) and v for k, v in value.items()) or any(
            _names_targets(v) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_names_targets(v) for v in value)
    return False


def unread(ab) -> str | None:
    """Why the loop can't read this ability's targets, or None."""
    kind = getattr(ab, "kind", None)
    if kind not in _EFFECT_KINDS:
        return None
    if getattr(ab, "modes", None) is not None:  # (its modes' targets are the mode abilities')
        return None
    if _TARGET.search(_NOT_ITS_OWN.sub("", _QUOTED.sub("", _text(ab)))) and not _names_targets(
            ab.model_dump(exclude_defaults=True)):
        return "its text names a target its encoding doesn't (115.1, 601.2c: the loop reads no target for it)"
    return None


def does_nothing(ab) -> bool:
    """Whether the game loop resolves this ability doing nothing (608.2c: it logs "not executable yet"; engine/game/
    resolve.py): a spell ability or a mode, an activated or triggered ability other than a mana ability (605: it
    doesn't use the stack), with no instruction, effect or combat rule its encoding gives, and no modes."""
    if getattr(ab, "kind", None) not in _EFFECT_KINDS or getattr(ab, "mana", False):
        return False
    if getattr(ab, "modes", None) is not None:
        return False
    return not (getattr(ab, "one_shot", None) or getattr(ab, "continuous", None) or getattr(ab, "replacement", None)
                or getattr(ab, "combat", None))
