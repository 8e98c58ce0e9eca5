"""The restrictions an activated ability's text puts on when, how often and by whom it may be activated (602.5b,
602.5d, 602.5e, 602.2), read from the sentences kept in its effect text: "Activate only once each turn.",
"Activate only during your upkeep.", "Activate only as a sorcery and only once each turn.", "Activate no more than
twice each turn.", "Any player may activate this ability but only as a sorcery.", ...

:func:`activation_limits` reads them into :class:`ActivationLimits`, the one reading the Oracle grammar accepts
(engine/vocab/oracle/oneshot.lark: a sentence it doesn't read leaves the ability not executable) and the game loop
checks as the ability would be activated (engine/game/conditions.py: ``restrictions``, engine/game/costs.py).
An "only if [condition]" clause is the condition engine/vocab/oracle/oneshot_cond.py reads (``activate_if``).
"""

from __future__ import annotations

import re
from functools import lru_cache

from pydantic import BaseModel, ConfigDict

# 602.5b: "before attackers are declared": the steps of the turn before the declare attackers step, whose
# turn-based action declares them (508.1)
BEFORE_ATTACKERS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat")
COMBAT_STEPS = ("beginning_of_combat", "declare_attackers", "declare_blockers", "first_strike_damage", "combat_damage",
                "end_of_combat")  # 506.1: the combat phase


class ActivationLimits(BaseModel):
    """What the restriction sentences of an activated ability allow (602.5b: a restriction on when or how often it
    may be activated; it keeps applying to the object if its control changes)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    per_turn: int | None = None  # "Activate only once each turn", "no more than twice each turn": times in a turn
    once: bool = False  # "Activate only once": once for the object (400.7: a new object may again)
    sorcery: bool = False  # 602.5d: "Activate only as a sorcery" (its activating player's main phase, empty stack)
    your_turn: bool = False  # "during your turn", "during your upkeep": the activating player's turn
    opponents_turn: bool = False  # "during an opponent's turn"
    steps: tuple[str, ...] = ()  # the steps it may be activated in ("during combat": 506.1's); (): any
    any_player: bool = False  # 602.2: "Any player may activate this ability" (not only its controller)


# each clause of "Activate only [clause] and only [clause]." and what it adds (602.5b, 602.5d, 602.5e)
_CLAUSES = {
    "as a sorcery": {"sorcery": True},
    "as an instant": {},  # 602.5e: whenever its player has priority, as any activated ability (117.1b)
    "once each turn": {"per_turn": 1},
    "once": {"once": True},
    "during your turn": {"your_turn": True},
    "during an opponent's turn": {"opponents_turn": True},
    "during your turn, before attackers are declared": {"your_turn": True, "steps": BEFORE_ATTACKERS},
    "before attackers are declared": {"steps": BEFORE_ATTACKERS},
    "during your upkeep": {"your_turn": True, "steps": ("upkeep",)},
    "during any upkeep step": {"steps": ("upkeep",)},
    "during combat": {"steps": COMBAT_STEPS},
    "during the declare blockers step": {"steps": ("declare_blockers",)},
}
_TIMES = {"twice": 2, "three times": 3}
# the sentences of restrictions: "Activate only ...", "Activate no more than ...", "Any player may activate ..."
_SENTENCE = re.compile(r"(?:^|(?<=\. )|(?<=\.\" ))(Activate only |Activate no more than |Any player may activate this "
                       r"ability)([^.]*)\.")


def _clauses(words: str) -> dict:
    """The restrictions of "[clause] and only [clause] ..." (the "only if [condition]" clause aside: the condition
    oneshot_cond.py reads); ValueError for a clause not read."""
    out: dict = {}
    for clause in words.split(" and only "):
        if clause.startswith("if "):
            continue
        if clause not in _CLAUSES:
            raise ValueError(f"a restriction on activating not read: {clause!r}")
        for field, value in _CLAUSES[clause].items():
            if field == "steps" and out.get("steps"):
                value = tuple(s for s in out["steps"] if s in value)  # both: the steps in each
            out[field] = value
    return out


@lru_cache(maxsize=4096)
def activation_limits(effect: str) -> ActivationLimits:
    """The restrictions the sentences of an activated ability's effect text state (602.5b, 602.5d, 602.2):
    "Activate only once each turn.", "Activate only once and only during your turn.", "Activate only during any
    upkeep step.", "Activate no more than twice each turn.", "Any player may activate this ability.", "Any player
    may activate this ability but only during any upkeep step."; no restriction for a text without them. ValueError
    for such a sentence with words not read (the compiler leaves the ability not executable)."""
    out: dict = {}
    for head, words in _SENTENCE.findall(re.sub(r'"[^"]*"', "", effect)):  # (not those of an ability it quotes)
        if head == "Activate only ":
            more = _clauses(words)
        elif head == "Activate no more than ":
            m = re.fullmatch(r"(twice|three times) each turn", words)
            if m is None:
                raise ValueError(f"a restriction on activating not read: {words!r}")
            more = {"per_turn": _TIMES[m.group(1)]}
        elif words == "":
            more = {"any_player": True}
        elif words.startswith(" but only "):
            more = {"any_player": True, **_clauses(words[len(" but only "):])}
        else:
            raise ValueError(f"a restriction on activating not read: {words!r}")
        if set(more) & set(out):
            raise ValueError(f"two sentences restricting the same thing: {effect!r}")
        out.update(more)
    return ActivationLimits(**out)
