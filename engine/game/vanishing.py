"""Vanishing (702.63, the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.63a: "Vanishing N" means "This permanent enters with N time counters on it" (the keyword's replacement, 614.1c:
engine/vocab/replacement.py keyword_replacement), "At the beginning of your upkeep, if this permanent has a time
counter on it, remove a time counter from it" (603.4: an intervening "if", checked as the upkeep begins and as the
ability resolves) and "When the last time counter is removed from this permanent, sacrifice it" (603.2: however the
counter is removed, engine/game/triggered.py: vanishing_triggers). 702.63b: vanishing without a number is the two
triggered abilities alone. 702.63c: each instance triggers on its own.

The two triggered abilities are put on the stack with the models UPKEEP and LAST (engine/game/triggered.py:
VanishingPart), and resolved here (engine/game/resolve.py)."""

from __future__ import annotations

from engine.files.events import ZoneChange
from engine.game.common import _name
from engine.game.triggered import LAST, UPKEEP, Triggered, event_triggers

RULE = "702.63a"


def upkeep_triggers(game) -> None:
    """702.63a, 503.1, 603.4: as the active player's upkeep begins, each vanishing instance of each permanent they
    control that has a time counter on it triggers; one without a time counter doesn't."""
    st = game.state
    for oid, index, ab, you in list(game.abilities_in_force()):
        if you != st.active or getattr(ab, "kind", None) != "keyword" or ab.keyword != "vanishing":
            continue
        if not st.objects[oid].counters.get("time", 0):
            game.say("603.4", f"{_name(st, oid)}'s vanishing doesn't trigger: it has no time counter as the upkeep begins")
            continue
        game.pending.append(Triggered(oid, index, UPKEEP.text, oid, "upkeep", "702.63a, 503.1", you, model=UPKEEP))


def resolve(game, part, source: str, you: str, who: str) -> None:
    """A vanishing triggered ability of ``source`` resolves (608.2): the upkeep one removes a time counter if the
    permanent still has one (603.4: the "if" checked again), which may trigger the other (122.1: counters_removed);
    the other sacrifices it (701.21a: its controller only). Neither does anything to a permanent that left the
    battlefield (400.7: a new object)."""
    st = game.state
    ref = game.resolution.resolving_refs.get("self")
    here = source in st.battlefield and (ref is None or game.same(ref))
    if part is UPKEEP:
        if not here or not st.objects[source].counters.get("time", 0):
            game.say("603.4", f"{who} is removed from the stack: 'if this permanent has a time counter on it' is false "
                              "as it resolves")
            return
        game.say("608.2", f"{who} resolves: \"{part.text}\"")
        o = st.objects[source]
        o.counters["time"] -= 1
        if not o.counters["time"]:
            del o.counters["time"]
        game.say("122.1", f"a time counter removed from {_name(st, source)} ({o.counters.get('time', 0)} left)")
        game.pending += event_triggers(st, game.layers(), [{"type": "counters_removed", "object": source,
                                                            "kind": "time", "amount": 1}])
        return
    game.say("608.2", f"{who} resolves: \"{part.text}\"")
    if not here:
        game.say(RULE, f"{_name(st, source)} is no longer on the battlefield: nothing is sacrificed")
    elif game.chars(source).get("controller") != you:  # 701.21a
        game.say("701.21a", f"{you} doesn't control {_name(st, source)}: it isn't sacrificed")
    else:
        game.say(RULE, f"the last time counter was removed from {_name(st, source)}: {you} sacrifices it")
        game.events.zone_changes([ZoneChange(type="zone_change", object=source, **{"from": "battlefield"},
                                             to="graveyard")], "701.21", "is sacrificed", sacrificed=True)
