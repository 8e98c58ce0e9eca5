"""A spell's own restriction on when it may be cast (601.3, 506.7; issue 21): "Cast this spell only during combat.",
"Cast this spell only during combat before blockers are declared.", "Cast this spell only during the declare attackers
step and only if you've been attacked this step.", "Cast this spell only if you control a snow land.", "Cast this
spell only if you've cast another spell this turn."

:func:`cast_only` reads the sentence into :class:`CastOnly` (a StaticAbility's ``cast_only``, engine/vocab/cardfile.py;
read by engine/vocab/oracle/loopstatics.py); the game loop refuses to begin casting the spell unless it allows it
(601.3: engine/game/cast_only.py, called by engine/game/casting.py's ``prohibition``). Its condition is the
vocabulary's Condition, read by the reader of "Activate only if [condition]." (engine/vocab/oracle/oneshot_cond.py)
and evaluated by engine/game/conditions.py (``holds``). A clause not read here leaves the paragraph not executable.
"""

from __future__ import annotations

import importlib
import re

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.activation_limits import COMBAT_STEPS
from engine.vocab.selector import Condition

# each "during ..." clause and the steps it allows (506.7; 506.7c: "during combat", any combat phase of the turn)
_DURING = {
    "during combat": COMBAT_STEPS,
    # 506.7b: "before blockers are declared": before the declare blockers step begins (its turn-based action, 509.1),
    # whether or not blockers are declared; 506.7e: a combat without that step (no attackers, 508.8): before the end
    # of the declare attackers step, as these steps say
    "during combat before blockers are declared": ("beginning_of_combat", "declare_attackers"),
    "during the declare attackers step": ("declare_attackers",),  # 508
}
# 601.3: checked before it is cast (601.2i counts a spell once it has become cast): each spell its caster has cast this
# turn is another one
_ANOTHER_SPELL = "you've cast another spell this turn"
# 508.3b: a player is attacked when one or more creatures are declared as attackers attacking that player (not put onto
# the battlefield attacking, 508.4; not a planeswalker or battle the player controls)
_ATTACKED = "you've been attacked this step"


class CastOnly(BaseModel):
    """When its caster may begin to cast the spell (601.3): in one of ``steps`` (all: any time its timing allows,
    117.1a), only while ``condition`` holds, and with ``attacked``, only if creatures were declared attacking its
    caster in this step (508.3b)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    steps: tuple[str, ...] = Field(default=(), description="the steps it may be cast in (506.7: 'during combat', 'during "
                                                           "combat before blockers are declared'); (): any")
    attacked: bool = Field(default=False, description="'and only if you've been attacked this step' (508.3b: one or "
                                                      "more creatures were declared as attackers attacking its caster "
                                                      "in this declare attackers step)")
    condition: Condition | None = Field(default=None, description="'only if [condition]': the condition on the game "
                                                                  "as its caster would begin to cast it (601.3)")


def cast_only(words: str) -> CastOnly:
    """The restriction of "Cast this spell only [clause] (and only [clause])." (``words``: the sentence without its
    period); ValueError for a clause not read."""
    m = re.fullmatch(r"Cast this spell only (.+)", words)
    if m is None:
        raise ValueError(f"no 'Cast this spell only' sentence: {words!r}")
    out: dict = {}
    for clause in m.group(1).split(" and only "):
        if clause in _DURING and "steps" not in out:
            out["steps"] = _DURING[clause]
        elif clause == "if " + _ATTACKED and out.get("steps") == ("declare_attackers",):  # ("this step": that one)
            out["attacked"] = True
        elif clause == "if " + _ANOTHER_SPELL and "condition" not in out:
            out["condition"] = Condition(spells_cast="you", at_least=1)
        elif clause.startswith("if ") and "condition" not in out and not clause.startswith("if you've been attacked"):
            reader = importlib.import_module("engine.vocab.oracle.oneshot_cond")  # (the Oracle grammar's, by name)
            try:
                out["condition"] = Condition.model_validate(reader.condition(clause[len("if "):]))
            except Exception as e:  # NotRead, a ValidationError
                raise ValueError(f"a condition not read: {clause!r}") from e
            if out["condition"].count is not None and out["condition"].count.self_:
                raise ValueError(f"a condition on the spell as a permanent: {clause!r}")  # (it is not one yet)
        else:
            raise ValueError(f"a restriction on casting not read: {clause!r}")
    return CastOnly(**out)
