"""Family 5 of the Oracle grammar (daynight.lark): day and night (731, the current official rules: the seed text stops
at 702.42; its 502.2 names the rule): the triggers "Whenever day becomes night or night becomes day", "Whenever night
becomes day" (-> ZoneTrigger {event: day_night, becomes?}, engine/vocab/triggers.py), and the instructions "It becomes
night.", "it becomes day" (-> {op: become_day_night}, engine/vocab/oneshot_daynight.py), "Otherwise, it becomes night."
after "If it's night, it becomes day." (the otherwise of that {op: if}: oneshot_ifcond.py's join). The game loop keeps whether it is
day, night or neither and makes the event (engine/game/transform.py: becomes)."""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import Piece


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

    def dn_becomes_night(self, _children):
        """731: "It becomes night." (from day or neither; already night, nothing changes)."""
        return Piece([{"op": "become_day_night", "to": "night"}])

    def dn_becomes_day(self, _children):
        """731: "it becomes day" (from night or neither; already day, nothing changes)."""
        return Piece([{"op": "become_day_night", "to": "day"}])

    def dn_otherwise(self, children):
        """731, 608.2c: "Otherwise, it becomes night.": the otherwise of the conditional instruction before it
        (oneshot_ifcond.py's join: "If it's night, it becomes day. Otherwise, it becomes night.")."""
        return [("if_otherwise", [c for c in children if isinstance(c, Piece)])]
