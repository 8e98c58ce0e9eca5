"""Family 5 of the Oracle grammar (quoted_inner.lark, rules qi_trigger of os_trigger and qi_action of os_action): the
abilities that quoted grants give most often (613.1f: a quoted ability is read as a paragraph of its own, "this
creature" the object that has it, 700.7; engine/vocab/oracle/grants.py) and that printed cards share, a mixin of
engine/vocab/oracle/oneshot.py's reader: a creature's dealing combat damage to a player or planeswalker (510.2, 603.2:
engine/game/triggered.py), "put that many +1/+1 counters on this creature" (122.1, 603.2: the amount the triggering
event gave, the life gained or the damage dealt: engine/game/instructions.py), "put another +1/+1 counter on this
creature" (122.1), "[sacrifice | exile | tap | destroy] this creature unless you pay ..." and "you lose N life unless
you sacrifice this creature" (118.12, 119.4, 608.2d: a `may` and its `otherwise`), "Sacrifice that token at end of
combat" (603.7, 511.2: a delayed ability about the tokens the instruction before created)."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_delay import _INNER


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

    def qi_counters_another(self, children):
        """122.1: "put another +1/+1 counter on this creature": one counter more on the source."""
        kind, obj = str(children[1]), children[-1]
        if obj != {"self": True}:
            raise NotRead("'another' counter on another object than the source")
        return Piece([{"op": "counters", "kind": kind, "amount": 1, "to": "self"}])

    def _unless(self, action: dict, obj, otherwise: dict) -> Piece:
        """118.12, 608.2d: "[do this to the source] unless you [pay]": its controller may pay as it resolves; if they
        don't (or can't, 119.4), the other instruction happens. The source only ("this creature"; not "it")."""
        if obj != {"self": True}:
            raise NotRead("'... unless you pay ...' on another object than the source")
        return Piece([{"op": "may", "one_shot": [action], "otherwise": [otherwise]}])

    def qi_unless_pay_life(self, children):
        """118.12, 119.4: "sacrifice this creature unless you pay 1 life", "exile ...", "tap ..."."""
        verb, obj, n = str(children[0]).lower(), children[1], int(children[-1])
        do = {"op": "sacrifice", "what": {"self": True}, "who": "you"} if verb == "sacrifice" else {"op": verb, "what": "self"}
        return self._unless({"op": "pay_life", "amount": n}, obj, do)

    def qi_exile_unless_pay(self, children):
        """118.12: "exile this creature unless you pay {1}"."""
        return self._unless({"op": "pay", "cost": str(children[-1])}, children[1], {"op": "exile", "what": "self"})

    def qi_destroy_unless_pay(self, children):
        """118.12, 701.8: "destroy this creature unless you pay {1}"."""
        return self._unless({"op": "pay", "cost": str(children[-1])}, children[1],
                            {"op": "destroy", "what": "each", "each": {"self": True}})

    def qi_lose_unless_sacrifice(self, children):
        """118.12, 701.21a: "you lose 1 life unless you sacrifice this creature"."""
        n = int(next(str(c) for c in children if getattr(c, "type", "") == "QI_INT"))
        return self._unless({"op": "sacrifice", "what": {"self": True}, "who": "you"}, children[-1],
                            {"op": "lose_life", "amount": n, "who": "you"})

    def qi_delay_end_of_combat(self, children):
        """603.7, 511.2: "Sacrifice that token at end of combat." after the instruction that created it (about: entered,
        oneshot_delay.py's check)."""
        verb, obj = str(children[0]).lower(), str(children[1])
        return Piece([{"op": "delayed_trigger", "when": "end_of_combat", "about": "entered",
                       "text": f"At end of combat, {verb} {obj}.", "one_shot": [dict(_INNER[verb])], "_ref": obj}])
