"""Family 5 of the Oracle grammar (oneshot.lark): the readers of issue 21's combat keywords executed through their
definitions (engine/vocab/oracle/keyword_rules.py): training's attack trigger (702.149a, the current official rules:
the seed text stops at 702.42)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead


class KwCombatReader:
    """The readers of the productions of oneshot.lark this module names."""

    def os_attacks_with_greater(self, children):
        """702.149a: -> CombatTrigger {event: attacks, with_greater_power: true}: "Whenever this creature attacks with
        another creature with greater power" (training's; the combat program decides it on the powers at the
        declaration, 508.2a). The source's attack alone."""
        if children[1] is not None:
            raise NotRead("an attack with a creature with greater power by others than the source")
        return {"event": "attacks", "with_greater_power": True}
