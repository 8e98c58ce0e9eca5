"""702.154 enlist (current official rules; the seed text stops at 702.42): "Enlist is a static ability and a triggered
ability. 'Enlist' means 'As this creature attacks, you may tap up to one untapped creature you control that you didn't
choose to attack with and that either has haste or has been under your control continuously since this turn began.
When you do, this creature gets +X/+0 until end of turn, where X is the tapped creature's power.'"

The choice is the attack declaration's ``enlist: {ATTACKER: CREATURE}`` (508.1: made as the attackers are declared; a
declaration that enlists a creature it may not is refused, 733); the creatures enlisted are tapped with the attackers
(508.1f, 701.26a); "When you do" is a reflexive triggered ability (603.12) that triggers then and, as it resolves, gives
the attacker +X/+0 until end of turn (611.2c), X the enlisted creature's power then (608.2h: as it last existed on the
battlefield if it left, the power it had as it was tapped, the loop keeping no later value). Known limit: one enlist
per attacker (an attacker with several instances of enlist enlists one creature)."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.triggered import Triggered
from engine.vocab.cardfile import KeywordAbility, TriggeredAbility
from engine.vocab.effects import Continuous, ModifyPT


def refused(game, enlist: dict[str, str], pairs) -> str | None:
    """702.154a: why the declaration's enlisting is illegal, or None: each attacker has enlist; each creature it
    enlists is one its controller controls, untapped, a creature not chosen to attack, with haste or under their
    control since the turn began (302.6's test: not summoning sick), enlisted once."""
    st = game.state
    attackers = {c for c, _d in pairs}
    for attacker, other in enlist.items():
        c = game.chars(other) if other in st.battlefield else {}
        if attacker not in attackers:
            return f"{_name(st, attacker)} enlists {_name(st, other)} but isn't attacking"
        if "enlist" not in game.chars(attacker).get("abilities", ()):
            return f"{_name(st, attacker)} has no enlist ability"
        if not c or "creature" not in c.get("types", ()) or c.get("controller") != st.active:
            return f"{_name(st, other)} is not a creature {st.active} controls"
        if other in attackers or st.objects[other].tapped:
            return f"{_name(st, other)} is attacking or tapped"
        if st.objects[other].summoning_sick and "haste" not in c.get("abilities", ()):
            return f"{_name(st, other)} has neither haste nor been under {st.active}'s control since the turn began"
    if len(set(enlist.values())) != len(enlist):
        return "a creature is enlisted twice"
    return None


def enlisted(game, enlist: dict[str, str]) -> None:
    """702.154a, 603.12: the creatures enlisted are tapped (508.1f); each attacker's reflexive triggered ability
    triggers ("When you do"), about the tapped creature."""
    st = game.state
    if not enlist:
        return
    game.events.tap(sorted(set(enlist.values())))
    layers = game.layers()
    for attacker, other in sorted(enlist.items()):
        index = next((i for holder, i in layers.printed_abilities.get(attacker, ())
                      if getattr(st.objects[holder].printed.abilities[i - 1], "keyword", None) == "enlist"), 0)
        power = int(game.chars(other).get("power") or 0)
        game.say("702.154a", f"{_name(st, attacker)} enlists {_name(st, other)}, tapped (power {power})")
        game.pending.append(Triggered(attacker, index, "When you do, this creature gets +X/+0 until end of turn, where X "
                                      "is the tapped creature's power.", other, "enlist", "702.154a, 603.12",
                                      st.active, amount=power, model=ENLIST))


# the keyword whose reflexive triggered ability (603.12) the loop resolves (engine/game/resolve.py)
ENLIST = KeywordAbility(kind="keyword", keyword="enlist")


def resolve(game, source: str, index: int, you: str, power_then: int) -> None:
    """702.154a: the attacker gets +X/+0 until end of turn, X the tapped creature's power (608.2h)."""
    st = game.state
    that = game.resolution.resolving_refs.get("that")
    x = int(game.chars(that[0]).get("power") or 0) if that is not None and game.same(that) else power_then
    if source not in st.battlefield:
        game.say("702.154a", f"{_name(st, source)} has left the battlefield: nothing happens")
        return
    effect = TriggeredAbility(kind="triggered", text="This creature gets +X/+0 until end of turn.",
                              continuous=Continuous(do=[ModifyPT(op="modify_pt", power=x, toughness=0)]))
    ts = game.combat._pump(source, [source], index, you, effect)
    game.say("702.154a", f"{_name(st, source)} gets +{x}/+0 until end of turn (enlist; timestamp {ts})")
