"""A mana ability's "If [condition], add [mana] instead." (608.2c, 605.3b; issue 21): "{T}: Add {G}. If you control four
or more creatures, add {G}{G} instead." (Leafkin Druid), "{T}: Add one mana of any color. If you control a creature with
power 4 or greater, add two mana of any one color instead." (Ilysian Caryatid).

A mana ability stays text in the card vocabulary (the game loop reads it: engine/vocab/activation.py,
engine/game/mana.py); this module splits the sentence off that text (:func:`split`), reads it with the grammar
mana_add.lark (``ma_instead``: the mana, as the "Add ..." sentence's) and its condition with the condition vocabulary
of "Activate only if" (engine/vocab/oracle/oneshot_cond.py: ``condition``, a Condition of engine/vocab/selector.py),
which the game loop evaluates as the ability resolves, at once (605.3b; engine/game/mana_instead.py). Read only for an
ability whose cost is mana and {T} alone (paying them changes no condition the loop reads: it is evaluated as the
player activates it). A sentence the compiler doesn't read leaves the ability not executable (:func:`readable`)."""

from __future__ import annotations

import importlib
import re

from engine.vocab.selector import Condition

# the sentence after the "Add ..." sentence, last in the ability's text (608.2c)
_SENTENCE = re.compile(r"(?<=\.) (If [^.\"]+ instead\.)$")


def split(text: str) -> tuple[str, str | None]:
    """The mana ability's text without its last sentence "If [condition], add [mana] instead." and that sentence (the
    text itself and None without it)."""
    m = _SENTENCE.search(text)
    return (text[:m.start()], m.group(1)) if m else (text, None)


def read(text: str) -> tuple[Condition, str] | None:
    """The Condition of the ability's "If [condition], add [mana] instead." and the effect it adds then ("Add {G}{G}.",
    read as the ability's own "Add ..."); None without the sentence; ValueError when it isn't read all."""
    sentence = split(text)[1]
    if sentence is None:
        return None
    found = importlib.import_module("engine.vocab.oracle.mana_add").instead(sentence)
    if found is None:
        raise ValueError(f"a mana ability's 'instead' not read: {sentence!r}")
    cond = importlib.import_module("engine.vocab.oracle.oneshot_cond")  # (the Oracle grammar's reader, by name)
    try:
        condition = Condition.model_validate(cond.condition(found[0]))
    except Exception as e:  # NotRead (a condition not read), a ValidationError
        raise ValueError(f"a mana ability's condition not read: {found[0]!r}") from e
    add = sentence[sentence.index(", add ") + len(", add "):-len(" instead.")]
    return condition, f"Add {add}."


def readable(text: str) -> bool:
    """Whether the ability has no such sentence, or one whose mana and condition are read (:func:`read`)."""
    try:
        read(text)
    except ValueError:
        return False
    return True
