"""Family 2 of the Oracle grammar: soulbond's pair (702.95, the current official rules: the seed text stops at 702.42),
and the conditions on a player's designations and starting life total (702.131c: the city's blessing; 103.4).

"As long as this creature is paired with another creature, both creatures have [keyword]." / "..., each of those
creatures gets +N/+N." / "..., each of those creatures has "[ability]."" (statics.lark ``st_paired``): a continuous
effect that exists while its source is paired (702.95b, the condition ``paired: self``) and applies to the source and
the creature it is paired with (702.95e, the selector ``paired: true``). The game loop pairs them (engine/game/soulbond.py);
the layers program reads the pair (asp_rules/layers_conditions.lp)."""

from __future__ import annotations

from engine.vocab.oracle.statics_values import _NUMWORDS


class StaticsPaired:
    """The transformer methods of soulbond's pair (a part of engine/vocab/oracle/statics.py's transformer)."""

    def st_paired(self, children):
        """702.95b-e: the effect of st_preds on the pair, while the source is paired (its subject, st_self, the source)."""
        ops = children[-1]
        return self._ability(({"paired": True}, ops), {"paired": "self"})

    def st_cond_blessing(self, _):
        """702.131c: "as long as you have the city's blessing": the effect's controller has it (the game loop's
        designation, read by the layers program)."""
        return ({"city_blessing": "you"}, None)

    def st_cond_nonland_entered(self, children):
        """Celebration's condition: "two or more nonland permanents entered the battlefield under your control this
        turn" (the game loop's count of the turn, read by the layers program as a number of its controller's)."""
        return ({"nonland_entered": "you", "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_life_above_start(self, children):
        """119.1, 103.4: "you have at least N life more than your starting life total"."""
        return ({"life": "you", "relative_to_starting": "whole", "at_least": int(children[0])}, None)

    def st_cond_life_at_start(self, _):
        """119.1, 103.4: "your life total is greater than or equal to your starting life total"."""
        return ({"life": "you", "relative_to_starting": "whole", "at_least": 0}, None)

    def st_cond_life_half_start(self, _):
        """119.1, 103.4: "your life total is less than or equal to half your starting life total" (rounded down)."""
        return ({"life": "you", "relative_to_starting": "half", "at_most": 0}, None)
