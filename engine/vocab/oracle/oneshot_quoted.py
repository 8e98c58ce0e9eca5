"""Family 5 of the Oracle grammar (quoted_inner.lark, rules qi_trigger of os_trigger and qi_action of os_action): the
abilities that quoted grants give most often (613.1f: a quoted ability is read as a paragraph of its own, "this
creature" the object that has it, 700.7; engine/vocab/oracle/grants.py) and that printed cards share, a mixin of
engine/vocab/oracle/oneshot.py's reader: a creature's dealing combat damage to a player or planeswalker (510.2, 603.2:
engine/game/triggered.py) and "put that many +1/+1 counters on this creature" (122.1, 603.2: the amount the triggering
event gave, the life gained or the damage dealt: engine/game/instructions.py)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead


class QuotedReader:
    def qi_combat_damage_player_pw(self, children):
        """510.2, 603.2: "Whenever this creature deals combat damage to a player or planeswalker": each player or
        planeswalker the subject deals combat damage to (a planeswalker as the damage is dealt, 306.8)."""
        subjects = children[1]  # (as os_combat_damage_player: "this creature", or a creature another's)
        if subjects is not None and ("any_of" in subjects or subjects.get("zone", "battlefield") != "battlefield"):
            raise NotRead("combat damage dealt by 'this creature or another ...' or off the battlefield")
        return {"event": "deals_damage", "combat": True, "to_player_or_planeswalker": True,
                **({"subjects": subjects} if subjects is not None else {})}

    def qi_counters_that_many(self, children):
        """122.1, 603.2: "put that many +1/+1 counters on this creature" (or "on it": the source, after a trigger on its
        own doing): as many as the triggering event's amount (oneshot.py's _that_many refuses it after another trigger)."""
        kind, obj = str(children[1]), children[-1]
        if obj not in ({"self": True}, "it"):
            raise NotRead("'that many' counters on another object than the source")
        piece = self._acting_on({"op": "counters", "kind": kind, "amount": "that_many"}, obj)
        for op in piece.ops:  # counters say 'to', not 'what' (as os_counters)
            op["to"] = op.pop("what")
        return piece
