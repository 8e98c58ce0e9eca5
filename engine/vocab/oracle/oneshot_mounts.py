"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader added in issue
21 for Mounts (702.171, the current official rules: the seed text stops at 702.42): the trigger "Whenever this creature
attacks while saddled" (702.171b). Joined to the reader through oneshot_kw.KwReader."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead


class MountsReader:
    """The readers of the productions of oneshot.lark this module names."""

    def os_attacks_saddled(self, children):
        """508.2a, 702.171b: -> CombatTrigger {event: attacks, saddled: true}: "Whenever this creature attacks while
        saddled" (the source's own attack, saddled as it is declared: asp_rules/attack.lp, trigger_saddled/1)."""
        if children[1] is not None:
            raise NotRead("an attack while saddled by others than the source")
        return {"event": "attacks", "saddled": True}
