"""Speed and start your engines! (702.179, and max speed, 702.178: the current official rules, the seed text stops at
702.42), a player's number the game loop keeps (engine/state/model.py ``speed``: a player with none has no speed, read
as 0).

702.179 (start your engines!): a player who controls a permanent with start your engines! and has no speed gets speed 1:
not a triggered ability, a state-based action (:func:`check`, before each check of the state-based actions, on the
permanents and their controllers after the layers, as ascend's, engine/game/ascend.py); losing the permanent changes no
speed. Each player with a speed has an inherent triggered ability, with no source (as the monarch's, 722.2): "Whenever
one or more opponents lose life during your turn, if your speed is less than 4, increase your speed by 1. This ability
triggers only once each turn." (engine/game/triggered.py speed_triggers, on the life-loss events as they happen;
:func:`resolve`, the
intervening "if" checked again, 603.4). The speed can't increase beyond 4 (max speed, 702.178: "Max speed — [ability]"
means "As long as you have max speed, this object has [ability]": the Condition ``speed``, engine/vocab/selector.py)."""

from __future__ import annotations

from engine.game.triggered import SpeedPart, granted_in_force  # noqa: F401 (SpeedPart: resolve.py's)

RULE = "702.179"
MAX = 4  # 702.178: max speed (engine/game/triggered.py speed_triggers: the ability triggers below it)


def _has_engines(state, layers, oid: str) -> bool:
    mine = [state.objects[h].printed.abilities[i - 1] for h, i in layers.printed_abilities.get(oid, ())]
    return any(getattr(ab, "kind", None) == "keyword" and ab.keyword == "start your engines!"
               for ab in mine + [ab for _i, ab in granted_in_force(state, layers, oid)])


def check(game) -> None:
    """702.179: each controller of a permanent with start your engines! who has no speed gets speed 1."""
    st = game.state
    layers = game.layers()
    for oid in st.battlefield:
        p = layers.objects.get(oid, {}).get("controller")
        if p and p not in st.speed and _has_engines(st, layers, oid):
            st.speed[p] = 1
            game.say(RULE, f"{p} controls a permanent with start your engines! and has no speed: {p}'s speed becomes 1")


def resolve(game, you: str) -> None:
    """702.179, 603.4: the speed ability resolves: if its controller's speed is still less than 4, it increases by 1."""
    st = game.state
    now = st.speed.get(you, 0)
    if now >= MAX:
        game.say("603.4", f"{you}'s speed ability resolves: {you}'s speed is {now}, not less than {MAX}: nothing happens")
        return
    st.speed[you] = now + 1
    game.say(RULE, f"{you}'s speed ability resolves: {you}'s speed increases to {now + 1}"
                   + (" (max speed, 702.178)" if now + 1 == MAX else ""))
