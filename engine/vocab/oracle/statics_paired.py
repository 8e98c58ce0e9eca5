"""Family 2 of the Oracle grammar: soulbond's pair (702.95, the current official rules: the seed text stops at 702.42).

"As long as this creature is paired with another creature, both creatures have [keyword]." / "..., each of those
creatures gets +N/+N." / "..., each of those creatures has "[ability]."" (statics.lark ``st_paired``): a continuous
effect that exists while its source is paired (702.95b, the condition ``paired: self``) and applies to the source and
the creature it is paired with (702.95e, the selector ``paired: true``). The game loop pairs them (engine/game/soulbond.py);
the layers program reads the pair (asp_rules/layers_conditions.lp)."""

from __future__ import annotations


class StaticsPaired:
    """The transformer methods of soulbond's pair (a part of engine/vocab/oracle/statics.py's transformer)."""

    def st_paired(self, children):
        """702.95b-e: the effect of st_preds on the pair, while the source is paired (its subject, st_self, the source)."""
        ops = children[-1]
        return self._ability(({"paired": True}, ops), {"paired": "self"})
