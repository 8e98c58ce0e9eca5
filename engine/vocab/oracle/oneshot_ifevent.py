"""Family 5 of the Oracle grammar (oneshot.lark), the intervening "if" clause of an event trigger (issue 21; 603.4):
"When/Whenever [trigger event], if [condition], [effect]." The clause is read as after "At the beginning of"
(oneshot.lark: OS_IF_CONDITION, oneshot_cond.py: ``condition``): the ability's ``if_condition``, which the game loop
checks as the trigger event happens (the ability triggers only if it holds: engine/game/intervening.py) and again as
it resolves (removed from the stack if false: engine/game/resolve.py). And "if it was kicked" (702.33d) after the
source's own "When this creature enters": the trigger's ``if_kicked`` (and "if it was bargained", 702.166b: its
``if_bargained``; the permanent entered as a spell cast with its kicker, or bargained: the enter event says so,
engine/game/triggered.py); and "if X is N or more" (702.156a ravenous, 107.3m), read by ifevent.lark: the trigger's
``if_x_at_least`` (the X the permanent's spell was cast with, the enter event's x)."""

from __future__ import annotations

import re

from functools import lru_cache

from engine.vocab.oracle.objects import NotRead, parser

# 603.4, 702.33d: "if it was kicked", "if this creature was kicked", "if ~ was kicked" (the source that entered);
# 702.166b: "if it was bargained" (the same, of a bargained spell)
KICKED = re.compile(r"^(?:it|~|this (?:creature|artifact|enchantment|permanent|land)) was (kicked|bargained)$")


@lru_cache(maxsize=256)
def x_at_least(words: str) -> int | None:
    """107.3m, 702.156a: N of "X is N or more" (ifevent.lark's ``ie_x_at_least``), or None."""
    from lark.exceptions import LarkError

    try:
        tree = parser("ifevent", ("ie_clause",)).parse(words)
    except LarkError:
        return None
    return int(tree.children[0]) if tree.data == "ie_x_at_least" else None


def read_words(words: str, condition) -> None:
    """The condition's words of an intervening "if" read now (``condition``: oneshot_cond.condition), the kicker's
    and X's clauses aside (read by ``on_trigger``); NotRead if not read."""
    if KICKED.match(words) is None and x_at_least(words) is None:
        condition(words)


def on_trigger(ability: dict, words: str, condition, bare: str = "") -> dict:
    """603.4: the triggered ability ``ability`` with its intervening "if [words]," read: the trigger's ``if_kicked``
    (702.33d, the source's own enters trigger only), else the ability's ``if_condition`` (an "at the beginning of"
    trigger or an event trigger the loop puts on the stack: not a state trigger, 603.8, nor a triggered mana ability,
    605.1b, which doesn't use the stack, nor a modal one, 603.3c)."""
    trig = ability.get("trigger") or {}
    if (n := x_at_least(words)) is not None:  # 107.3m, 702.156a
        if set(trig) != {"event"} or trig["event"] != "enters":
            raise NotRead("'if X is N or more' of another trigger than the source's own 'When this ... enters'")
        return {**ability, "trigger": {**trig, "if_x_at_least": n}}
    paid = KICKED.match(words)
    if paid:
        if set(trig) != {"event"} or trig["event"] != "enters":
            raise NotRead("'if it was kicked' of another trigger than the source's own 'When this ... enters'")
        return {**ability, "trigger": {**trig, f"if_{paid.group(1)}": True}}
    if not trig or "state" in trig or trig.get("event") == "tapped_for_mana" or ability.get("modes"):
        raise NotRead("an intervening 'if' of a state trigger, a triggered mana ability or a modal trigger")
    cond = condition(words)
    if "attached" in cond.get("count", {}) and re.search(r"\b(?:it|its)\b", bare.partition(f"if {words}, ")[2]):
        # "if enchanted creature is red, tap it.": "it" is the object the condition names, not the source the
        # instruction's "it" is read as (not read)
        raise NotRead("an instruction's 'it' after a condition on the enchanted or equipped object")
    return {**ability, "if_condition": cond}
