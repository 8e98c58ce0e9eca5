"""Family 5 of the Oracle grammar (oneshot.lark's block "combat triggers on groups (issue 21)"): triggered abilities on
a group of creatures in combat. "Whenever one or more creatures you control deal combat damage to a player" (510.2,
603.2: one trigger for each player dealt combat damage by them in a combat damage step, that player the ability's "that
player"), "... to one or more players" (one trigger for the step), and "Whenever you attack with three or more
creatures" (508.2a, 603.2: once, when at least that many creatures you control are declared as attackers). A mixin of
engine/vocab/oracle/oneshot_dmg.py's DmgReader.

The game loop: engine/game/triggered.py (deals_damage with one_or_more: the triggers of one set of simultaneous combat
damage events merged, per player or once); the combat program: asp_rules/attack.lp (trigger_at_least/2, counted over
the attacking subjects the selector machinery matched, bridge/combat.py)."""

from __future__ import annotations

from engine.vocab.oracle.oneshot_cards import NUMBERS

_YOURS = {"types": ["Creature"], "controller": "you"}


class GroupDmgReader:
    """The productions of the block "combat triggers on groups (issue 21)" of oneshot.lark."""

    def os_group_damage(self, children):
        """510.2, 603.2: "Whenever one or more creatures you control deal combat damage to a player" (each_player) or
        "... to one or more players" (once)."""
        once = str(children[-1]).lower() == "one or more players"
        return {"event": "deals_damage", "combat": True, "to_player": True, "subjects": dict(_YOURS),
                "one_or_more": "once" if once else "each_player"}

    def os_attack_with_n(self, children):
        """508.2a, 603.2: "Whenever you attack with N or more creatures" (once, N of them declared as attackers)."""
        return {"event": "attacks", "subjects": dict(_YOURS), "once": True, "at_least": NUMBERS[str(children[-1]).lower()]}
