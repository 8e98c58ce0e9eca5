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
