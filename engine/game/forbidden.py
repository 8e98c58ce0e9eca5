"""602.5: "its activated abilities can't be activated" (Arrest), "Activated abilities of artifacts can't
be activated" (StaticAbility.cant_activate): a player can't begin to activate an ability of a permanent
that an ability in force names; with "unless they're mana abilities", its mana abilities (605.1a) still
can be. The permanents named are matched by the one selector matcher of the loop (bridge/selectors.py).
"""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.game.common import Rejected, _name


def player_untargetable(game, player: str, you: str) -> str | None:
    """702.11c, 702.18a: why ``player`` can't be the target of a spell or ability ``you`` control ("You have hexproof.",
    "You have shroud.": StaticAbility.you_have of a permanent they control), or None."""
    for _src, _index, ab, controller in list(game.abilities_in_force()):
        have = getattr(ab, "you_have", None) or ()
        if controller == player and "shroud" in have:
            return "that player has shroud (702.18a)"
        if controller == player and "hexproof" in have and you != player:
            return "that player has hexproof: no spell or ability of an opponent targets them (702.11c)"
    return None


def check_activation(game, oid: str, mana: bool, anywhere_only: bool = False) -> None:
    """Raise Rejected (602.5) when an ability in force forbids activating the activated abilities of
    ``oid`` (its mana abilities when ``mana``). ``anywhere_only``: a card in a hand or a graveyard, which only
    the abilities naming objects in every zone forbid ("sources with the chosen name", zone: anywhere; "artifacts"
    are artifact permanents)."""
    st = game.state
    for src, _index, ab, you in list(game.abilities_in_force()):
        sel = getattr(ab, "cant_activate", None)
        if sel is None or (mana and getattr(ab, "cant_activate_mana_ok", False)) or anywhere_only and sel.zone != "anywhere":
            continue
        ctx = SelectorContext(st, characteristics(st, game.layers()), src, you, (), dict(st.objects[src].choices))
        if ctx.match(sel, oid):
            raise Rejected("602.5", f"{_name(st, oid)}'s activated abilities can't be activated: {_name(st, src)} "
                                    f"(\"{ab.display()}\")")
