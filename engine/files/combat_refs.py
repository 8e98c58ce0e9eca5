"""The board's own combat checked against 508.1b (issue 25): a creature attacks an opponent, a planeswalker an
opponent controls or a battle an opponent protects, never its own controller, a planeswalker its controller
controls or a battle its controller protects. A board is a state of the game, and no game reaches that state:
so it is bad input (exit 2), where a declaration file naming such an attack gets the verdict "illegal" from the
combat program (``mtgjudge attack``, exit 1: the declaration is what the judge checks).

The controllers compared are the board's own (``controller:``). A board with an effect or a permanent that
changes control (layer 2, 613.1b: Act of Treason, Control Magic) is left to the programs: who controls what
there is an answer of the layers, not of the file."""

from __future__ import annotations

from typing import Any

RULE = "508.1b"


def _has_control_op(data: Any) -> bool:
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            if item.get("op") == "control":
                return True
            stack.extend(item.values())
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
    return False


def _changes_control(builder, effects: list) -> bool:
    """Whether an effect of the board or an ability of a permanent on it gains control of something (layer 2)."""
    abilities = [e.ability for e in effects if getattr(e, "ability", None) is not None]
    seen: set[str] = set()
    for oid in builder.battlefield:
        obj = builder.objects[oid]
        if obj.printed is None or obj.card_name in seen:
            continue
        seen.add(obj.card_name or oid)
        abilities.extend(obj.printed.abilities)
    return any(_has_control_op(ab.model_dump(exclude_none=True)) for ab in abilities)


def check_attacks(builder, effects: list) -> None:
    """An InputError naming ``combat.attackers.ID`` and 508.1b for an attack on its own controller, on a
    planeswalker its controller controls or on a battle its controller protects (``choices.protector``)."""
    c = builder.b.combat
    if c is None or not (c.attackers or c.blockers) or _changes_control(builder, effects):
        return
    active = builder.b.active or builder.players[0]
    for attacker, defender in c.attackers.items():
        me = builder.objects[attacker].controller
        if me != active:  # 508.1a: the active player declares attackers among the creatures they control
            raise builder.err(f"combat.attackers.{attacker}", f"{attacker!r} is controlled by {me!r}, not by the active "
                                                              f"player {active!r} (508.1a: only the active player's "
                                                              "creatures attack)",
                              "attack with the active player's creatures, or make its controller the active player")
        f = f"combat.attackers.{attacker}"
        fix = "attack an opponent, a planeswalker an opponent controls or a battle an opponent protects"
        if defender == me:
            raise builder.err(f, f"{attacker!r} attacks its own controller {me!r} ({RULE}: a creature attacks an "
                                 "opponent of its controller)", fix)
        if defender not in builder.objects:
            continue
        target = builder.objects[defender]
        types = set(target.printed.types) if target.printed is not None else set()
        if "Planeswalker" in types and target.controller == me:
            raise builder.err(f, f"{attacker!r} attacks {defender!r}, a planeswalker its own controller {me!r} "
                                 f"controls ({RULE}: only a planeswalker an opponent controls)", fix)
        if "Battle" in types and target.choices.get("protector") == me:
            raise builder.err(f, f"{attacker!r} attacks {defender!r}, a battle its own controller {me!r} protects "
                                 f"({RULE}, 310.8: a battle's protector can never attack it)", fix)
    for blocker in c.blockers:
        me = builder.objects[blocker].controller if blocker in builder.objects else None
        if me == active:  # 509.1a: a defending player declares blockers among the creatures they control
            what = "an attacking creature" if blocker in c.attackers else "a creature of the active player"
            raise builder.err(f"combat.blockers.{blocker}", f"{blocker!r} is {what} ({me!r}): 509.1a: only a "
                                                            "defending player's creatures block",
                              "block with a creature a defending player controls")
