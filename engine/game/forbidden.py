"""602.5: "its activated abilities can't be activated" (Arrest), "Activated abilities of artifacts can't
be activated" (StaticAbility.cant_activate): a player can't begin to activate an ability of a permanent
that an ability in force names; with "unless they're mana abilities", its mana abilities (605.1a) still
can be. The permanents named are matched by the one selector matcher of the loop (bridge/selectors.py).
"""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.game.common import Rejected, _name


def check_activation(game, oid: str, mana: bool) -> None:
    """Raise Rejected (602.5) when an ability in force forbids activating the activated abilities of
    ``oid`` (its mana abilities when ``mana``)."""
    st = game.state
    for src, _index, ab, you in list(game.abilities_in_force()):
        sel = getattr(ab, "cant_activate", None)
        if sel is None or (mana and getattr(ab, "cant_activate_mana_ok", False)):
            continue
        ctx = SelectorContext(st, characteristics(st, game.layers()), src, you, (), dict(st.objects[src].choices))
        if ctx.match(sel, oid):
            raise Rejected("602.5", f"{_name(st, oid)}'s activated abilities can't be activated: {_name(st, src)} "
                                    f"(\"{ab.display()}\")")
