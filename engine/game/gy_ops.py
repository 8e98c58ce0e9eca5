"""The game loop's one-shot instructions on cards in graveyards (issue 21; the vocabulary's engine/vocab/oneshot_gy.py):
a card of any graveyard put onto the battlefield under the control of the spell's or ability's controller (400.3,
110.2a), a player's graveyard shuffled into their library (701.24a). Performed through engine/game/instructions.py's
table DELEGATED."""

from __future__ import annotations

from engine.files.events import ZoneChange
from engine.game import library_ops


def put_onto_battlefield_yours(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """400.3, 110.2a, 400.7: the target card, if it is still in a graveyard (608.2b checked the target), enters the
    battlefield under ``you``'s control (the controller of the resolving spell or ability), tapped if the op says so."""
    st = ins.game.state
    t = targets[op.target - 1] if op.target <= len(targets) else None
    if t is not None and t in st.objects and st.objects[t].zone == "graveyard":
        ins.game.events.enter(t, you, "graveyard", tapped=op.tapped)


def shuffle_graveyard(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """400.3, 701.24a: each player the op names puts every card of their graveyard into their library (one zone
    change event for them all), then shuffles their library."""
    game = ins.game
    for player in ins._who(op.who, you, targets):
        cards = list(game.state.zone_ids("graveyard", player))
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "graveyard"}, to="library")
                                  for x in cards], "400.3", "is put into its owner's library")
        library_ops.shuffle(game, player)
