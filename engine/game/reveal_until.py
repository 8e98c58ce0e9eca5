"""Cards revealed from the top of a library until one with a quality is revealed (701.20a, 401.2, 608.2c), for
engine/game/library_ops.py's look_at_top (an op with ``until``, engine/vocab/oracle/oneshot_until.py): "Reveal cards
from the top of your library until you reveal a creature card. Put that card into your hand and the rest on the bottom
of your library in a random order." No choice is left to the player: the cards are revealed one at a time from the top
and the first one with the quality (matched by the selector machinery, library_ops._able) stops the reveal; it is the
card taken. When the library holds no such card, the whole library is revealed, no card is taken and every revealed
card goes where the rest goes (the rulings of such cards, e.g. Reality Scramble: "you'll reveal your entire library,
put nothing onto the battlefield, and put the cards back in a random order")."""

from __future__ import annotations

import random

from engine.files.events import ZoneChange
from engine.game.common import _name


def reveal_until(game, op, player: str, name: str, able: list[str]) -> list[str]:
    """701.20a: ``player`` reveals the cards of their library from the top down to the first of ``able`` (the cards of
    the library with the op's qualities; none: all of it); that card goes to their hand or onto the battlefield under
    their control (``to``, ``tapped``: 400.3, 305.4, not a land played), the others revealed on the bottom of the
    library in a random order (401.4: the game's seeded shuffle, a game file plays the same game each time) or into
    the graveyard (``rest``). Returns the cards taken (608.2c)."""
    st = game.state
    library = st.player_zones.setdefault((player, "library"), [])
    if not library:
        game.say("701.20a", f"{player}'s library is empty: nothing is revealed for {name}")
        return []
    first = next((i for i, x in enumerate(library) if x in able), None)
    seen = list(library) if first is None else library[:first + 1]
    taken = [] if first is None else [library[first]]
    rest = [x for x in seen if x not in taken]
    game.say("701.20a", f"{player} reveals " + ", ".join(_name(st, x) for x in seen) + f" for {name}: "
             + (f"{_name(st, taken[0])} is the first card with the quality" if taken else
                "no card with the quality, the whole library is revealed and every card goes with the rest"))
    below = library[len(seen):]
    if op.rest == "graveyard":  # 401.2, 400.3: "and the rest into your graveyard"
        library[:] = rest + taken + below
        if rest:
            game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to="graveyard")
                                      for x in rest], "701.20a", "is put into its owner's graveyard (revealed)")
    else:  # 401.4: bottom_random (oneshot_until.merge reads no other rest)
        random.Random(f"{st.turn}:{player}:{len(library)}:until").shuffle(rest)
        library[:] = taken + below + rest
        if rest:
            game.say("401.4", f"{player} puts {len(rest)} card(s) on the bottom of their library in a random order")
    if taken and op.to == "battlefield":  # 400.3, 305.4: onto the battlefield under their control (not a land played)
        game.events.enter(taken[0], player, "library", tapped=op.tapped)
    elif taken:
        game.events.zone_changes([ZoneChange(type="zone_change", object=taken[0], **{"from": "library"}, to="hand")],
                                 "701.20a", f"is put into {player}'s hand")
    return taken
