"""A mana ability's restriction "Activate only if [condition]." (602.5b, 605.1a; issue 21): "{T}: Add {R}. Activate only
if you control a Swamp or a Mountain." (the Verges), "{T}: Add one mana of any color. Activate only if you control three
or more artifacts." (Mox Opal), "{T}: Add {C}{C}. Activate only if you control five or more lands.".

A mana ability stays text in the card vocabulary (the game loop reads it: engine/vocab/activation.py,
engine/game/mana.py); this module splits the sentence off that text (:func:`split`) and reads its condition with the
condition vocabulary of "Activate only if" of the other activated abilities (engine/vocab/oracle/oneshot_cond.py:
``condition``, a Condition of engine/vocab/selector.py), which the game loop evaluates as the ability would be
activated (engine/game/conditions.py: ``holds``; engine/game/mana_if.py). A condition the compiler doesn't read
leaves the ability not executable (:func:`readable`)."""

from __future__ import annotations

import importlib
import re

from engine.vocab.selector import Condition

# the last sentence of a mana ability's text (602.5b)
_SENTENCE = re.compile(r" Activate only if ([^.\"]+)\.$")


def split(text: str) -> tuple[str, str | None]:
    """The mana ability's text without its last sentence "Activate only if [condition]." and the condition's words
    (the text itself and None without it)."""
    m = _SENTENCE.search(text)
    return (text[:m.start()], m.group(1)) if m else (text, None)


def condition(text: str) -> Condition | None:
    """The Condition of the ability's "Activate only if [condition]." (None without one); ValueError when the
    compiler's reading of conditions (oneshot_cond.py) doesn't read it or the game loop doesn't evaluate it."""
    words = split(text)[1]
    if words is None:
        return None
    cond = importlib.import_module("engine.vocab.oracle.oneshot_cond")  # (the Oracle grammar's reader, loaded by name)
    try:
        return Condition.model_validate(cond.condition(words))
    except Exception as e:  # NotRead (a condition not read), a ValidationError
        raise ValueError(f"a mana ability's condition not read: {words!r}") from e


def readable(text: str) -> bool:
    """Whether the ability has no such sentence or one whose condition is read (:func:`condition`)."""
    try:
        condition(text)
    except ValueError:
        return False
    return True
