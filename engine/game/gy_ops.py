"""The game loop's one-shot instructions on cards in graveyards (issue 21; the vocabulary's engine/vocab/oneshot_gy.py):
a card of any graveyard put onto the battlefield under the control of the spell's or ability's controller (400.3,
110.2a), a player's graveyard shuffled into their library (701.24a). Performed through engine/game/instructions.py's
table DELEGATED."""

from __future__ import annotations

from engine.files.events import ZoneChange
from engine.game import library_ops
from engine.game.actions import _one_of


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


def exile_from_graveyard(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """701.13a, 404.2: each player the op names chooses a card of their graveyard ({take: [ID], by: PLAYER}; the only
    one; --auto: the first) and exiles it; nothing for a player whose graveyard is empty."""
    game = ins.game
    for player in ins._who(op.who, you, targets):
        cards = list(game.state.zone_ids("graveyard", player))
        if not cards:
            game.say("701.13a", f"{player} has no card in their graveyard to exile for {name}")
            continue
        chosen = _one_of(game, player, cards, "701.13a", f"{player} exiles a card from their graveyard for {name}")
        game.events.zone_changes([ZoneChange(type="zone_change", object=chosen, **{"from": "graveyard"}, to="exile")],
                                 "701.13a", "is exiled")
