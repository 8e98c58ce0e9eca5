"""Family 5 of the Oracle grammar: "that creature" in an ability that triggers on another creature's entering (603.2,
603.6a, 400.7): "Whenever another creature you control enters, put a +1/+1 counter on that creature.", "Whenever a
creature an opponent controls enters, tap that creature. It doesn't untap during its controller's next untap step."

The trigger's event is about one object, the creature that entered (603.6a): "that creature" names it, and the
operations on it say ``what: that`` (``to: that`` for counters), as those of the triggers on one creature dealt damage,
blocked or blocking do (engine/vocab/oracle/oneshot_dmg.that_refs, which calls `entering_that`). The game loop: the
Triggered's object is the permanent that entered (engine/game/triggered.py), the ability's "that" reference
(engine/game/triggers.py, Game.refs); engine/game/eff_ops.that_creature gives it as the ability resolves only if it is
still that object on the battlefield (400.7: a creature that left and came back is a new object, and the instruction
does nothing to it)."""

from __future__ import annotations

# the qualities of the entering permanents the trigger names that keep "that creature" one creature on the battlefield
_NOT_ONE = frozenset({"self", "any_of", "attached", "targets", "exiled_with", "zone"})


def entering_that(head: dict) -> bool:
    """603.2, 603.6a: whether the trigger is on another creature's entering the battlefield alone (subjects: creatures,
    no "this creature or another", no second event such as "enters or dies"): its "that creature" is the one that
    entered."""
    subjects = head.get("subjects")
    if head.get("or_event") is not None or not isinstance(subjects, dict):
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
