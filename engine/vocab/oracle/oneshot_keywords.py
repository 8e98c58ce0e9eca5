"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader added in
issue 21's fifth round for the keywords executed through their definitions (engine/vocab/oracle/keyword_rules.py):
"target attacking creature with lesser power" (mentor, 702.134a *(EN, current official rules)*: the seed text
stops at 702.42)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Tgt
from engine.vocab.oracle.oneshot_sentences import _spec_of


class KeywordsReader:
    """The readers of the productions of oneshot.lark this module names."""

    def os_target_lesser_power(self, children):
        """115.1, 608.2h: -> TargetSpec {lesser_power: true}: "target attacking creature with lesser power": a
        creature whose power is less than the source's (as the source is, or last existed on the battlefield)."""
        spec = _spec_of(next(c for c in children if isinstance(c, dict)))
        if spec.get("what") != "creature":
            raise NotRead("a power on a target that may be no creature")
        spec["lesser_power"] = True
        return Tgt(spec)
