"""Family 5 of the Oracle grammar (daynight.lark): day and night (731, the current official rules: the seed text stops
at 702.42; its 502.2 names the rule): the triggers "Whenever day becomes night or night becomes day", "Whenever night
becomes day" (-> ZoneTrigger {event: day_night, becomes?}, engine/vocab/triggers.py). The game loop keeps whether it is
day, night or neither and makes the event (engine/game/transform.py: becomes)."""

from __future__ import annotations


class DayNightReader:
    def dn_either(self, _children):
        """731, 603.2: "Whenever day becomes night or night becomes day": either change (not from neither)."""
        return {"event": "day_night"}

    def dn_to_day(self, _children):
        """731, 603.2: "Whenever night becomes day": night to day only."""
        return {"event": "day_night", "becomes": "day"}

    def dn_to_night(self, _children):
        """731, 603.2: "Whenever day becomes night": day to night only."""
        return {"event": "day_night", "becomes": "night"}
