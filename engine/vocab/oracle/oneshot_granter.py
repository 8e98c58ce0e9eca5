"""Family 5 of the Oracle grammar (granter.lark, rule gq_action of os_action): an inner ability of quoted grants
(613.1f: a quoted ability read as a paragraph of its own, "this creature" the object that has it, 700.7;
engine/vocab/oracle/grants.py), a mixin of engine/vocab/oracle/oneshot.py's reader: "sacrifice this creature unless
you pay its mana cost" (118.12, 202.1, 608.2d: a `may` paying the source's mana cost as it resolves, engine/game/
payx.py, and its `otherwise`)."""

from __future__ import annotations


class GranterReader:
    def gq_sacrifice_unless_mana_cost(self, children):
        """118.12, 202.1, 701.21a: "sacrifice this creature unless you pay its mana cost" (the source's: "it" of the
        same object; another object, not read)."""
        return self._unless({"op": "pay", "cost": "mana_cost"}, children[1],
                            {"op": "sacrifice", "what": {"self": True}, "who": "you"})
