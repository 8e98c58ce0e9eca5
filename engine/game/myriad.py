"""702.116 myriad (current official rules; the seed text stops at 702.42): "'Myriad' means 'Whenever this creature
attacks, for each opponent other than defending player, you may create a token that's a copy of this creature that's
tapped and attacking that player or a planeswalker they control. If one or more tokens are created this way, exile the
tokens at end of combat.'" 702.116b: each instance triggers apart.

The combat program says when it triggers (bridge/combat.py's SELF_TRIGGERS: an attack trigger of the creature itself,
508.2a); as it resolves (engine/game/resolve.py), for each opponent of its controller, in turn order, other than the
defending player (506.2, 508.5: the player the creature attacks or attacked, or the controller of the planeswalker or
battle it attacks), its controller may create the token ({may: true|false, by: PLAYER}, 608.2d; --auto: no): a copy of
the creature (707.2, 608.2h: as it last existed), created tapped (110.5b) and attacking that player or a planeswalker
they control (508.4: never declared, so no attack trigger; the combat program's ``defender_ok`` says what may be
attacked, the choice {attack: {TOKEN: PLAYER_OR_PLANESWALKER}}, engine/game/attacking.py). The tokens created are
exiled at end of combat by a delayed triggered ability (603.7c, 511.2) about them."""

from __future__ import annotations

from pydantic import TypeAdapter

from bridge.combat import build_problem, defenders

from engine.game import attacking
from engine.game.common import _name
from engine.game.top_order import may
from engine.vocab.oneshot import OneShot

# 702.116a: "exile the tokens at end of combat": a delayed triggered ability (603.7c) about the tokens just created
EXILE_AT_END_OF_COMBAT = TypeAdapter(OneShot).validate_python(
    {"op": "delayed_trigger", "when": "end_of_combat", "about": "entered", "text": "At end of combat, exile the tokens.",
     "one_shot": [{"op": "exile", "what": "it"}]})


def resolve(game, ab, source: str, you: str, who: str) -> None:
    """702.116a: the myriad trigger of ``source`` (its ability ``ab``) resolves for its controller ``you``."""
    st = game.state
    attacked = (st.combat.attackers.get(source) if st.combat is not None else None) or game.combat.declared.get(source)
    defending = attacked if attacked in st.player_names else (
        game.chars(attacked).get("controller") if attacked in st.objects else None)  # 506.2, 508.5
    others = [p for p in st.player_names if p not in (you, defending) and not st.player(p).lost]
    if not others:
        game.say("702.116a", f"{you} has no opponent other than the defending player {defending}: nothing happens")
        return
    if source not in st.objects:  # (a token that ceased to exist: its copiable values aren't kept)
        game.say("608.2h", f"{_name(st, source)} no longer exists: no token is created")
        return
    made = []
    for p in others:
        if not may(game, you, f"608.2d: {you} may create a token copy of {_name(st, source)} tapped and attacking {p} or "
                              f"a planeswalker {p} controls (702.116a)"):
            game.say("608.2d", f"{you} doesn't create a token attacking {p}")
            continue
        [token] = game.events.token_copies(source, you, 1, tapped=True)
        made.append(token)
        if st.combat is None or token not in st.battlefield:
            continue
        layers = game.layers()
        options = [d for d in defenders(build_problem(st, layers, config=game.config), game.config) if d == p or (
            d in st.objects and layers.objects.get(d, {}).get("controller") == p
            and "planeswalker" in layers.objects.get(d, {}).get("types", ()))]
        attacking.enter_attacking(game, [token], source, you, who, options=options)
    if made:  # 603.7c: the delayed triggered ability refers to the tokens created (608.2c)
        game.instructions.entered = list(made)
        game.triggers.create_delayed(EXILE_AT_END_OF_COMBAT, source, ab, you, [], who)
