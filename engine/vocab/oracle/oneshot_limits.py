"""Family 5 of the Oracle grammar (oneshot.lark, the block "activation limits"): the restrictions on when, how often
and by whom an activated ability may be activated (602.5b, 602.5d, 602.2) that the older terminals of oneshot.lark
(OS_SORCERY_ONLY, OS_ONCE_EACH_TURN) don't list: "Activate only during any upkeep step.", "Activate only once and
only during your turn.", "Any player may activate this ability but only as a sorcery.", ... They stay in the ability's
effect text, which the game loop reads with engine/vocab/activation_limits.py; this reader accepts a sentence only
when that module reads all of it (what the loop checks is what the compiler accepted)."""

from __future__ import annotations

from engine.vocab.activation_limits import activation_limits
from engine.vocab.oracle.objects import NotRead


class LimitsReader:
    """The method of oneshot.py's transformer for the block "activation limits" of oneshot.lark."""

    def os_activation_limits(self, children):
        """602.5b: a restriction kept in the effect text (an activated ability's only: oneshot.py refuses it
        elsewhere, as "Activate only as a sorcery.")."""
        try:
            activation_limits(str(children[0]) + ".")
        except ValueError as e:
            raise NotRead(str(e)) from None
        return ["sorcery_only"]

    def os_do_this_once(self, _):
        """603.2h: "Do this only once each turn.": kept in the ability's text (``merge_do_once``, ``check``)."""
        return [DO_ONCE]


DO_ONCE = ("do_this_once",)


def merge_do_once(ops: list, _piece) -> None:
    """603.2h: "Do this only once each turn." after the ability's one "you may [do this]" (its last instruction, with
    or without "If you do, ..."): what its controller chooses to do, or not, as it resolves (engine/game/instructions.py
    records it; the loop's triggering reads the sentence in its text: engine/game/triggers.py)."""
    if sum(1 for op in ops if op.get("op") == "may") != 1 or not ops or ops[-1].get("op") != "may":
        raise NotRead("'Do this only once each turn' after no one 'you may [do this]'")


def check(kind: str, pieces: list) -> None:
    """603.2h: "Do this only once each turn." of a triggered ability only (the loop reads it as the ability triggers)."""
    if DO_ONCE in pieces and kind != "triggered":
        raise NotRead("'Do this only once each turn' of no triggered ability")
