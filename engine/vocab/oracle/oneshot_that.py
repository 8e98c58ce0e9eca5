"""Family 5 of the Oracle grammar: "that creature" in an ability that triggers on one creature's entering, attacking,
becoming tapped or dealing combat damage to a player (603.2, 603.6a, 508.2a, 510.2, 400.7): "Whenever another creature
you control enters, put a +1/+1 counter on that creature.", "Whenever a creature an opponent controls enters, tap that
creature. It doesn't untap during its controller's next untap step.", "Whenever a creature you control attacks, it gets
+2/+2 until end of turn." ("it" as the first instructions' object: `it_is_that`).

The trigger's event is about one object, the creature that entered (603.6a), attacked, became tapped or dealt the
damage: "that creature" names it, and the operations on it say ``what: that`` (``to: that`` for counters), as those of
the triggers on one creature dealt damage, blocked or blocking do (engine/vocab/oracle/oneshot_dmg.that_refs, which
calls `entering_that`). The game loop: the Triggered's object is that creature (engine/game/triggered.py;
engine/game/combat.py for an attack, from asp_rules/attack.lp's triggers/2), the ability's "that" reference
(engine/game/triggers.py, Game.refs); engine/game/eff_ops.that_creature gives it as the ability resolves only if it is
still that object on the battlefield (400.7: a creature that left and came back is a new object, and the instruction
does nothing to it)."""

from __future__ import annotations

# the qualities of the entering permanents the trigger names that keep "that creature" one creature on the battlefield
_NOT_ONE = frozenset({"self", "any_of", "attached", "targets", "exiled_with", "zone"})


# the events about one creature a selector names, whose Triggered object is that creature (engine/game/triggered.py,
# engine/game/combat.py): its entering (603.6a), its attacking (508.2a: asp_rules/attack.lp's triggers/2, the
# attacker), its becoming tapped (603.2e), its dealing combat damage to a player (510.2: the creature that dealt it)
_ONE_CREATURE = ("enters", "attacks", "becomes_tapped", "deals_damage")


def entering_that(head: dict) -> bool:
    """603.2, 603.6a: whether the trigger is on one creature's entering, attacking, becoming tapped or dealing combat
    damage to a player (subjects: creatures; "this creature or another ..." too), that event alone (no second event
    such as "enters or dies"; not "Whenever you attack", "one or more creatures"): its "that creature" is that
    creature."""
    subjects = head.get("subjects")
    if head.get("event") not in _ONE_CREATURE or head.get("or_event") is not None or not isinstance(subjects, dict) \
            or head.get("once") or head.get("at_least") or head.get("one_or_more") or head.get("to_creature"):
        return False
    # "Whenever this creature or another creature you control enters" (603.6a, 603.2: one event for each creature
    # entering, the source among them): the one that entered, the source or another
    if set(subjects) == {"any_of"} and len(subjects["any_of"]) == 2 and subjects["any_of"][0] == {"self": True}:
        subjects = subjects["any_of"][1]
    if set(subjects) & _NOT_ONE:
        return False
    return "Creature" in (subjects.get("types") or ())


def continuous_on_that(head: dict, piece) -> bool:
    """611.2c, 603.2: a continuous effect of the instruction on "that creature" alone ("that creature gets +1/+1 until
    end of turn", "that creature gains haste until end of turn") in an ability triggering on another creature's
    entering: its set is the creature that entered, fixed as the ability resolves (applies_to {that: true}; the loop:
    engine/game/eff_ops.fixed_set). Makes the piece's effect say so; False (the piece untouched) for any other."""
    cont = piece.continuous
    if not entering_that(head) or not isinstance(cont, dict) or cont.get("applies_to") != {"self": True} \
            or piece.ops or piece.targets or piece.replacement is not None or piece.combat:
        return False
    cont["applies_to"] = {"that": True}
    return True


def it_is_that(head: dict, piece) -> bool:
    """603.2: "it" as the first instructions' object in an ability triggering on one creature's entering, attacking,
    ... ("Whenever another creature you control enters, put a +1/+1 counter on it.", "Whenever a creature you control
    attacks, it gets +1/+0 until end of turn."): that creature, the one noun the ability names before it (no target
    named before, not "it deals": a source's damage)."""
    return entering_that(head) and not piece.targets and not getattr(piece, "it_dealer", False) \
        and not getattr(piece, "target_first", False) and not getattr(piece, "bite_it", False)
