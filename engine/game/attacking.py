"""What the game loop does for tokens created tapped and attacking (issue 21; engine/vocab/oneshot_tokens.py's
``CreateToken.attacking``; Hero of Bladehold, mobilize 702.181a): the tokens join combat as attacking creatures that were
never declared (508.4), each attacking the player, planeswalker or battle its controller chooses among those the
combat program says an attack may go to (508.1b, bridge/combat.py's ``defenders``).

They were never declared as attackers: no ability that triggers on attackers being declared ("whenever a creature
attacks", 508.2a, 508.4) triggers for them, and they are not creatures the player attacked with (508.1: raid, 608.2i).
They stay attacking until they leave combat or the combat phase ends (508.4, 511.3)."""

from __future__ import annotations

from bridge.combat import build_problem, defenders

from engine.files import gamefile as gf
from engine.game.common import GameError, _name

LATE_STEPS = ("declare_blockers", "combat_damage", "end_of_combat")  # 506.3d, 508.4d


def made_tokens(game, op, before: set[str]) -> list[str]:
    """The tokens the instruction ``op`` created (those of its name: the event replacement effects modified too,
    614.1a), in the order they were created."""
    st = game.state
    return [x for x in st.battlefield if x not in before and st.objects[x].kind == "token"
            and st.objects[x].card_name == op.token]


def enter_attacking(game, made: list[str], source: str, you: str, name: str, options: list[str] | None = None) -> None:
    """508.4: the tokens ``made`` (created tapped, 110.5b) are attacking creatures: each attacks what its controller
    chooses ({attack: {TOKEN: PLAYER_OR_PERMANENT}, by: PLAYER} as the instruction resolves; --auto, or when only one
    is possible: what the source attacks, else the first); never declared (508.4: no attack trigger). ``options``:
    what the effect lets them attack, among what the combat program allows (702.116a myriad: one player, or a
    planeswalker they control); None: anything it allows."""
    st = game.state
    if not made:
        return
    if st.combat is None:  # 506.1, 508.8: no creature is attacking: there is no combat to join
        game.say("508.4", f"no combat is under way: {', '.join(_name(st, x) for x in made)} enter(s) but isn't attacking")
        return
    layers = game.layers()
    if options is None:
        options = defenders(build_problem(st, layers, config=game.config), game.config)
    chosen = _chosen(game, [x for x in made if layers.objects.get(x, {}).get("controller") == st.active], options,
                     source, name)
    for x in made:
        c = layers.objects.get(x, {})
        if "creature" not in c.get("types", ()):  # 506.3a
            game.say("506.3a", f"{_name(st, x)} isn't a creature: it enters but is never attacking")
        elif c.get("controller") != st.active:  # 506.3b
            game.say("506.3b", f"{_name(st, x)} enters under a player who isn't attacking: it is never attacking")
        elif x not in chosen:  # 506.3c, 508.4a: nothing it may attack
            game.say("508.4a", f"{_name(st, x)} has nothing it may attack: it is never attacking")
        else:
            st.combat.attackers[x] = chosen[x]
            st.combat.entered_attacking = tuple(st.combat.entered_attacking) + (x,)
            late = " and unblocked (506.3d, 508.4d)" if st.step in LATE_STEPS else ""
            game.say("508.4", f"{_name(st, x)} enters attacking {_name(st, chosen[x])}{late}: it was never declared "
                              "as an attacker (no attack trigger)")


def _chosen(game, tokens: list[str], options: list[str], source: str, name: str) -> dict[str, str]:
    """508.4: what each token attacks, its controller's choice among ``options``."""
    st = game.state
    if not tokens or not options:
        return {}
    act = game.action()
    if isinstance(act, gf.Attack) and act.attack and set(act.attack) <= set(tokens) and act.by in (None, st.active):
        game.take()
        bad = {t: d for t, d in act.attack.items() if d not in options}
        if bad:
            raise GameError(game.acting(), f"508.4: {', '.join(f'{_name(st, t)} -> {d}' for t, d in bad.items())}: "
                                           "not a player, planeswalker or battle it may attack",
                            "name one of " + ", ".join(options))
        given = dict(act.attack)
    else:
        given = {}
    missing = [t for t in tokens if t not in given]
    if missing and len(options) > 1 and not game.auto:
        raise GameError(game.where(), f"508.4: {st.active} chooses what {', '.join(_name(st, t) for t in missing)} "
                                      f"attack(s) for {name}: one of {', '.join(options)}",
                        "add {attack: {TOKEN: PLAYER_OR_PERMANENT, ...}} right after, or use --auto")
    attacked = st.combat.attackers.get(source) if st.combat is not None else None
    default = attacked if attacked in options else options[0]  # --auto: what the source attacks
    return {t: given.get(t, default) for t in tokens}
