"""701.23a, 404.2: a search of the library and/or graveyard ("search your library and/or graveyard for a card named
Chandra, Bold Pyromancer, reveal it, and put it into your hand. If you search your library this way, shuffle."): the
card found, from either zone, goes into its owner's hand; the library is shuffled unless the card found was in the
graveyard (the player searched the graveyard only: one of the choices "and/or" leaves them; a search that finds no
card searched both, engine/game/library_ops.py)."""

from __future__ import annotations

from engine.files.events import ZoneChange
from engine.game.common import _name


def found(game, op, player: str, picked: list[str]) -> bool:
    """The cards ``picked`` (library or graveyard cards of ``player``) revealed (701.20a) and put into the hand; whether
    the library was searched (then shuffled by the caller, 701.24a: "If you search your library this way, shuffle.")."""
    st = game.state
    from_gy = [x for x in picked if x in st.player_zones.get((player, "graveyard"), [])]
    game.say("701.23a", f"{player} finds {', '.join(_name(st, x) for x in picked)}"
                        + (" in their graveyard" if from_gy else "") + (" and reveals it" if op.reveal else ""))
    game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "graveyard" if x in from_gy else
                                                                           "library"}, to="hand") for x in picked],
                             "701.23a", f"is put into {player}'s hand")
    return len(from_gy) < len(picked)
