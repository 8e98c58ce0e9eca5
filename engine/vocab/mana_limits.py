"""A mana ability's restrictions on when and how often it may be activated (602.5b, 602.5d, 605.1a; issue 21): "{R},
Return this creature to its owner's hand: Add {C}{C}{R}. Activate only as a sorcery." (Grinning Ignus), "{T}: Add
{C}{C}. Activate only during an opponent's turn." (Lavinia, Foil to Conspiracy), "{1}: Add {B} or {R}. Activate no
more than three times each turn." (Manaforge Cinder).

A mana ability stays text in the card vocabulary (the game loop reads it: engine/vocab/activation.py,
engine/game/mana.py); this module splits the last sentence off that text (:func:`split`) and reads it with the
restrictions of the other activated abilities (engine/vocab/activation_limits.py: ``activation_limits``, the clauses
its table reads), which the loop checks as the player would activate it (engine/game/mana_limits.py). Not this
module's: "Activate only if [condition]." (engine/vocab/mana_if.py), "Activate only once each turn." (activation.py's
``mana_rider``). Read only the timing and the times each turn: "Any player may activate this ability" (602.2) and
"Activate only once" (of the object) aren't; a sentence not read leaves the ability not executable (:func:`readable`)."""

from __future__ import annotations

import re

from engine.vocab.activation_limits import ActivationLimits, activation_limits

# the last sentence of a mana ability's text (602.5b): "Activate only as a sorcery.", "Activate no more than ..."
_SENTENCE = re.compile(r"(?<=\.) (Activate (?:only (?!if |once each turn\.)|no more than )[^.\"]+\.)$")
# what the loop checks of a mana ability (engine/game/mana_limits.py)
_CHECKED = {"per_turn", "sorcery", "your_turn", "opponents_turn", "steps"}


def split(text: str) -> tuple[str, str | None]:
    """The mana ability's text without its last sentence "Activate only as a sorcery." ("... during an opponent's
    turn.", "Activate no more than three times each turn.") and that sentence (the text itself and None without it)."""
    m = _SENTENCE.search(text)
    return (text[:m.start()], m.group(1)) if m else (text, None)


def limits(text: str) -> ActivationLimits | None:
    """The restrictions of the ability's sentence (None without it); ValueError when it isn't read, or says what the
    loop doesn't check of a mana ability."""
    sentence = split(text)[1]
    if sentence is None:
        return None
    found = activation_limits(sentence)  # (ValueError: a clause not read; "as an instant": none, 602.5e)
    if set(found.model_dump(exclude_defaults=True)) - _CHECKED:
        raise ValueError(f"a mana ability's restriction not read: {sentence!r}")
    return found


def readable(text: str) -> bool:
    """Whether the ability has no such sentence, or one :func:`limits` reads."""
    try:
        limits(text)
    except ValueError:
        return False
    return True
