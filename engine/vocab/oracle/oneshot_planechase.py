"""Family 5 of the Oracle grammar (planechase.lark): the triggers of plane and phenomenon cards (Planechase, 901 of the
current official rules; the French seed text has no 901, its 311, 312, 701.31 and 116.2i say the same): "Whenever chaos
ensues" (311.7, 901.9b), "When you planeswalk to ~" (701.31d), "When you planeswalk away from ~" (701.31d, 603.10g),
"When you encounter ~" (312.5) (-> ZoneTrigger {event: chaos_ensues | planeswalk_to | planeswalk_away | encounter},
engine/vocab/triggers.py), and the instructions "planeswalk" (701.31b: {op: planeswalk}) and "chaos ensues" (311.7: {op:
chaos_ensues}, engine/vocab/oneshot_planechase.py). The game loop makes the events (engine/game/planechase.py)."""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import Piece


class PlanechaseReader:
    def pc_chaos(self, _children):
        """311.7, 901.9b: "Whenever chaos ensues": the plane's chaos ability."""
        return {"event": "chaos_ensues"}

    def pc_planeswalk_to(self, _children):
        """701.31d: "When you planeswalk to ~": this plane turned face up as its controller planeswalks."""
        return {"event": "planeswalk_to"}

    def pc_planeswalk_to_upkeep(self, _children):
        """701.31d, 503.1, 603.2: "When you planeswalk to ~ and at the beginning of your upkeep": one ability, two
        trigger conditions (planeswalking to this plane; its controller's upkeep beginning while it is face up)."""
        return {"event": "planeswalk_to", "at_upkeep": True}

    def pc_planeswalk_away(self, _children):
        """701.31d, 603.10g: "When you planeswalk away from ~": this plane turned face down as its controller
        planeswalks (looking back in time)."""
        return {"event": "planeswalk_away"}

    def pc_encounter(self, _children):
        """312.5: "When you encounter ~": this phenomenon moved off a planar deck and turned face up."""
        return {"event": "encounter"}

    def pc_planeswalk(self, _children):
        """701.31b: "planeswalk" (the ability's controller planeswalks; 701.31a: only the planar controller can)."""
        return Piece([{"op": "planeswalk"}])

    def pc_chaos_ensues(self, _children):
        """311.7: "chaos ensues" (the face-up planes' chaos abilities trigger)."""
        return Piece([{"op": "chaos_ensues"}])
