"""What the game loop does for the one-shot effects of issue 21's branch eff (engine/vocab/oracle/oneshot_eff.py) that
need more than a line of engine/game/instructions.py: the creature an ability's "attach this Equipment to it" names
(701.3a, 603.2), the defending player of an attack trigger (506.2, 508.5), the set a resolved "enchanted creature gets
..." effect affects (611.2c, 608.2h), the permanents a regeneration shield of "enchanted creature" protects (701.19a)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext
from engine.game.common import _name


def attach_to_that(game, source: str) -> None:
    """701.3a, 603.2, 400.7: "you may attach this Equipment to it": the source to the creature whose entering triggered
    the ability, if it is still that object on the battlefield and a creature the Equipment can equip (301.5c); one
    already attached to it stays (701.3b); attached, a new timestamp (613.7e)."""
    st = game.state
    ref = game.resolution.resolving_refs.get("that")
    x = ref[0] if ref is not None and ref[1] == "battlefield" and game.same(ref) else None
    if x is None or x == source or "creature" not in game.chars(x).get("types", ()):
        game.say("701.3a", f"{_name(st, source)} is attached to nothing: the creature that entered is gone or is no "
                           "creature it can equip (301.5c)")
    elif st.objects[source].attached_to == x:
        game.say("701.3b", f"{_name(st, source)} is already attached to {_name(st, x)}: nothing happens")
    else:
        game.resolution.attach_to(source, [x])


def that_creature(game) -> list[str]:
    """509.3b, 509.3d: the creature the trigger is about (blocking the source, or blocked by it), if it is still that
    object on the battlefield (400.7)."""
    ref = game.resolution.resolving_refs.get("that")
    return [ref[0]] if ref is not None and ref[1] == "battlefield" and game.same(ref) else []


def defending_player(game, you: str) -> list[str]:
    """506.2, 508.5: the defending player of the attacking creature the resolving trigger is about (the source, or the
    creature it is attached to)."""
    ref = game.resolution.resolving_refs.get("self")
    attacker = game.resolution.resolving_about or (ref[0] if ref else None)
    return [p for p in [game.combat.defending_player(attacker, you)] if p is not None]


def attached_set(game, source: str, card_name: str) -> tuple[str, ...]:
    """611.2c, 608.2h: the set a resolved "enchanted creature gets ..." effect affects, fixed now: the permanent the source
    is attached to, or was attached to as it last existed on the battlefield; none when it is no longer there."""
    host = game.attached_now_or_last(source)
    if host in game.state.battlefield:
        return (host,)
    game.say("611.2c", f"{card_name}'s effect affects nothing: {_name(game.state, source)} is attached to no permanent")
    return ()


def fixed_set(game, spec, source: str, card_name: str) -> tuple[str, ...] | None:
    """611.2c, 608.2h: the set a resolving ability's continuous effect affects when its words fix it now: "enchanted
    creature" (attached_set), or "that creature" (603.2: the object the trigger's event was about, if it is still that
    object on the battlefield, 400.7; else nothing); None when the layers match the effect's selector."""
    if spec is not None and spec.attached:
        return attached_set(game, source, card_name)
    if spec is None or not spec.that:
        return None
    that = tuple(that_creature(game))
    if not that:
        game.say("400.7", f"{card_name}'s effect affects nothing: the object the ability's event was about is no longer "
                          "that object on the battlefield")
    return that


def shielded_set(game, rule, source: str, you: str, card_name: str) -> tuple[str, ...] | None:
    """701.19a, 608.2h, 611.2c: the permanents a resolving "Regenerate enchanted creature" or "Regenerate each creature
    you control" shields, fixed now (the bridge's Effect.affected: not the ones its words would name later): the
    permanent the source is attached to (or was, as it last existed), or those the selector matches after the layers.
    None for the source's or the targets' own shield (their objects are fixed already)."""
    obj = rule.object
    if getattr(rule, "dealt_damage_this_way", False):  # 120.3, 608.2c: "a creature dealt damage this way"
        return dealt_set(game, rule, source, you)
    if rule.do != "regenerate" or obj is None or obj.self_ or obj.targets:
        return None
    if obj.attached:
        return attached_set(game, source, card_name)
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
    return tuple(x for x in st.battlefield if ctx.match(obj, x))


def dealt_set(game, rule, source: str, you: str) -> tuple[str, ...]:
    """120.3, 608.2c, 611.2c: the permanents a resolving spell's or ability's instructions dealt damage to (after the
    prevention effects: the events' dealt_to), that its `object` matches now ("a creature dealt damage this way"):
    the set "If a creature dealt damage this way would die this turn, exile it instead" affects, fixed now."""
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
    return tuple(x for x in st.battlefield if x in getattr(game.events, "dealt_to", ())
                 and (rule.object is None or ctx.match(rule.object, x)))
