"""Family 5 of the Oracle grammar (oneshot.lark), conditional clauses (issue 21): an activated ability's
"Activate only if [condition]." (602.5b). The condition's words are read by the static abilities' grammar
(statics.lark: ``st_condition``, the condition of "as long as [condition]"), into the vocabulary's Condition
(engine/vocab/selector.py); the ability keeps the sentence in its effect text like its other restrictions, and
``activate_if`` holds the condition the game loop checks as the ability would be activated
(engine/game/costs.py, engine/game/conditions.py)."""

from __future__ import annotations

import importlib
import re
from functools import lru_cache

from engine.vocab.oracle.objects import NotRead, parser, read_tree

ACTIVATE_IF = "Activate only if "
# the condition's sentence in an activated ability's effect text: "Activate only if [condition]."
_SENTENCE = re.compile(r"(?:^|(?<=\. ))Activate only if ([^.]+)\.$")
# the words the statics' grammar reads (not this family's): left out of oneshot.py's check of the words it knows
WORDS_READ = re.compile(r"(?<=\. )Activate only if [^.]+\.")
_WORD = re.compile(r"^[A-Z][a-z]+ — ")  # an ability word (207.2c), as oneshot.py's _ABILITY_WORD
# the fields of a condition the game loop evaluates (engine/game/conditions.py: holds)
LOOP_READS = frozenset({"count", "card_types", "counters", "life", "player", "zone", "at_least", "at_most"})


@lru_cache(maxsize=2048)
def condition(words: str) -> dict:
    """The Condition (a dict of the vocabulary) of "Activate only if [words].", on the ability's source
    (its "this creature", 602.5b); NotRead if the statics' grammar doesn't read all of it or the game loop
    doesn't evaluate that kind of condition."""
    from lark.exceptions import LarkError

    statics = importlib.import_module("engine.vocab.oracle.statics")  # (a family compile.py loads by name, as here)
    from engine.vocab.oracle.statics_values import _IT, _resolve
    from engine.vocab.selector import Condition

    try:
        tree = parser("statics", ("st_condition",)).parse(words)
    except LarkError:
        raise NotRead(f"a condition the statics' grammar doesn't read: {words!r}") from None
    cond, it = read_tree(statics._Statics(), tree)
    if it is _IT or cond.get("_it") or set(cond) & {"during", "always", "drawn", "gained_life", "entered_this_turn",
                                                     "monstrous", "devotion", "more_than_each_opponent"}:
        raise NotRead(f"a condition the game loop doesn't evaluate on activation: {words!r}")
    if "count" in cond:
        count = cond["count"]
        if not set(count) & {"self", "attached", "zone", "controller", "attached_to", "_host_kinds", "any_of"}:
            count = {"self": True, **count}  # "this creature is attacking": the source
        cond = {**cond, "count": _resolve(count, {"self": True}), "at_least": cond.get("at_least", 1)}
    if set(cond) - LOOP_READS:
        raise NotRead(f"a condition the game loop doesn't evaluate on activation: {words!r}")
    try:
        Condition.model_validate(cond)
    except ValueError:
        raise NotRead(f"no Condition of the vocabulary: {words!r}") from None
    return cond


def activation(effect: str) -> dict:
    """The fields "Activate only if [condition]." adds to an activated ability, from its effect text."""
    m = _SENTENCE.search(effect)
    return {"activate_if": condition(m.group(1))} if m else {}


def without_word(bare: str) -> str:
    """An activated ability's words without the ability word before it (207.2c: "Threshold — "), as its cost and
    effect are printed."""
    return _WORD.sub("", bare, count=1)


class CondReader:
    """The methods of oneshot.py's transformer for the conditional clauses."""

    def os_activate_if(self, children):
        """602.5b: "Activate only if [condition].": a restriction kept in the effect text (an activated
        ability's only, as "Activate only as a sorcery."), its condition read now (``activation``)."""
        condition(str(children[0])[len(ACTIVATE_IF):])
        return ["sorcery_only"]
