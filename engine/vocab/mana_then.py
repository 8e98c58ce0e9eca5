"""The instructions of a mana ability after the mana it adds (605.3b, 605.1a; issue 21): "{2}, {T}, Sacrifice this
artifact: Add {U}{B}. Draw a card." (the Eggs), "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a
card." (Chromatic Sphere), "{T}: Add {C}. You gain 2 life.", "{T}: Add {R} or {G}. Each opponent gains 1 life.", "{1},
{T}: Add one mana of any color. Put a brick counter on this artifact.", "... Draw a card at the beginning of the next
turn's upkeep." (a delayed trigger, 603.7), "{T}, Remove a depletion counter from this land: Add {G}{G}. If there are no
depletion counters on this land, sacrifice it." (608.2c, 701.21a: the depletion lands).

A mana ability stays text in the card vocabulary (the game loop reads it: engine/vocab/activation.py,
engine/game/mana.py). This module splits the sentences after its "Add ..." sentence off that text (:func:`split`)
and compiles them with the Oracle grammar's family 5 (oneshot.lark, as a spell's instructions: engine/vocab/oracle/
oneshot.py ``read``) into one-shot operations of the vocabulary (:func:`ops`), which the game loop follows as the
ability resolves, at once, right after adding its mana (605.3b: a mana ability doesn't use the stack;
engine/game/mana_then.py). Only instructions with no target (a mana ability has none, 605.1a) and of the kinds
:data:`FOLLOWED` are read; otherwise the ability is not executable (:func:`readable`)."""

from __future__ import annotations

import importlib
import re
from functools import lru_cache

# the sentence adding mana, then the rest (605.1a: "[cost]: Add ... . [instructions]")
_THEN = re.compile(r"^(.*?: Add [^.\"]+\.) (.+)$")
# the sentences other readers take off a mana ability's text (engine/vocab/activation.py: mana_rider, spend_only;
# engine/vocab/mana_if.py)
_OTHERS = re.compile(r"^(?:This (?:land|creature|artifact|permanent) |Spend this mana |This mana |Activate only |"
                     r"You can't spend )")
# 605.3b: the instructions followed at once as the mana ability resolves (no target, no choice of a mode): the op ->
# what the loop follows without the stack (engine/game/instructions.py: follow)
FOLLOWED = {"draw": "121.1", "gain_life": "119.3", "lose_life": "119.3", "counters": "122.1", "scry": "701.22a",
            "delayed_trigger": "603.7", "if": "608.2c", "sacrifice": "701.21a", "remove_counters": "122.1"}


def split(text: str) -> tuple[str, str | None]:
    """The mana ability's text without the sentences after its "Add ..." sentence, and those sentences (the text
    itself and None without any, or when they are another reader's: "This land deals 1 damage to you.")."""
    m = _THEN.match(text)
    if m is None or _OTHERS.match(m.group(2)):
        return text, None
    return m.group(1), m.group(2)


@lru_cache(maxsize=512)
def ops(text: str) -> tuple[dict, ...] | None:
    """The one-shot operations (vocabulary dicts) of the sentences after the mana ``text`` adds: () without any; None
    when family 5 doesn't read them all as instructions with no target the loop follows (:data:`FOLLOWED`)."""
    rest = split(text)[1]
    if rest is None:
        return ()
    oneshot = importlib.import_module("engine.vocab.oracle.oneshot")  # (the Oracle grammar's reader, loaded by name)
    read = oneshot.read(rest)
    if not read or len(read) != 1 or set(read[0]) != {"kind", "one_shot"} or read[0]["kind"] != "spell":
        return None  # (a target, a continuous effect, a mode: not this kind of ability's)
    found = read[0]["one_shot"]
    return tuple(found) if all(_followed(op) for op in found) else None


def _followed(op: dict) -> bool:
    """Whether the loop follows the operation in a mana ability: of :data:`FOLLOWED`, for its controller, each
    opponent or each player, counters put on the source or removed from it, the source sacrificed ("If there are no depletion counters on this land,
    sacrifice it."), a condition or a delayed trigger whose instructions are such."""
    if op.get("op") not in FOLLOWED or op.get("who", "you") not in ("you", "each_opponent", "each_player") \
            or op.get("op") in ("counters", "remove_counters") and op.get("to") != "self" \
            or op.get("op") == "sacrifice" and op.get("what") != {"self": True} or "otherwise" in op:
        return False
    return all(_followed(o) for o in op.get("one_shot", ()))


def readable(text: str) -> bool:
    """Whether the mana ability ``text`` has no sentence after its mana, or only instructions :func:`ops` reads."""
    return ops(text) is not None
