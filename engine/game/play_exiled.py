"""Playing cards from exile (issue 21, library manipulation): "Exile the top two cards of your library. Until the end
of your next turn, you may play those cards." (the vocabulary's ``exile_top`` with ``play``). The resolving spell or
ability exiles the cards (701.13a) and creates a continuous effect (611.2a: it lasts as long as it says) that lets its
controller play each of them: cast it as a spell (601.3: an effect allows casting it from exile; its costs and timing
are the usual ones, 601.2f, 117.1a) or play it as a land (601.1a, 305.1, 116.2a: from the zone it is in, as their land
for the turn, 305.2). Each permission is the card's while it stays in exile: once it leaves, it is a new object the
effect doesn't name (400.7). 702.185a: a warped card (engine/game/warped.py). "This turn" and "until end of turn"
permissions end in this turn's cleanup step (514.2);
"until the end of your next turn" ones in the cleanup step of the controller's next turn.

The permissions are kept by the game (``game.exiled_plays``, engine/game/loop.py); engine/game/casting.py asks
:func:`allows` where a spell is cast from, engine/game/priority.py as a land is played, engine/game/turn.py calls
:func:`expire` in each cleanup step."""

from __future__ import annotations

from dataclasses import dataclass

from engine.game import altcast, library_ops, warped
from engine.game import plot  # 702.170d
from engine.game.common import _name


@dataclass(frozen=True)
class Permission:
    """611.2a: "[player] may play [card]" while the card is the same object in exile (its zone changes then, 400.7)."""

    card: str
    zone_changes: int
    player: str
    until: str  # end_of_turn | end_of_your_next_turn
    turn: int  # the turn it began
    source: str  # the name of the spell or ability's source, for the log
    free: bool = False  # 118.9: "you may play that card without paying its mana cost" (engine/game/freecast.py)


def exile_top(game, op, players: list[str], you: str, name: str) -> None:
    """701.13a: each player exiles the top ``op.amount`` cards of their library; with ``op.play``, the ability's
    controller may play the cards exiled this way (those now in exile: a replacement effect may have put one
    elsewhere, 614.1) until the permission's end (611.2a)."""
    st = game.state
    for p in players:
        top = list(st.zone_ids("library", p))[:op.amount]
        library_ops.mill(game, p, op.amount, "exile")
        exiled = [x for x in top if x in st.exile]
        if not op.play or not exiled:
            continue
        game.exiled_plays += [Permission(x, st.objects[x].zone_changes, you, op.play, st.turn, name,
                                      bool(getattr(op, "play_free", False)))
                                      for x in exiled]
        until = "this turn" if op.play == "end_of_turn" else "until the end of their next turn"
        game.say("611.2a", f"{you} may play {', '.join(_name(st, x) for x in exiled)} {until} ({name}): "
                           "cast it from exile (601.3), or play it if it is a land (305.1)")


def allows(game, oid: str, player: str) -> str | None:
    """601.3, 305.1: the effect that lets the player play the card ``oid`` from exile now, as words for the log (the
    card still the object the effect exiled, 400.7), or None; 702.143a: a card its owner foretold on an earlier turn."""
    if found := altcast.foretold_allows(game, oid, player):
        return found
    if found := warped.allows(game, oid, player):  # 702.185a: a warped card, after the turn it was exiled in
        return found
    if found := plot.allows(game, oid, player):  # 702.170d: a plotted card, after the turn it became plotted in
        return found
    st = game.state
    o = st.objects.get(oid)
    if o is None or oid not in st.exile:
        return None
    found = next((p for p in game.exiled_plays
                  if p.card == oid and p.player == player and p.zone_changes == o.zone_changes), None)
    if found is None:
        return None
    return f"{found.source} lets {player} play it " + (
        "this turn" if found.until == "end_of_turn" else "until the end of their next turn")


def expire(game) -> None:
    """514.2, 611.2a: in the cleanup step, the permissions that last "this turn" end, and those that last "until the
    end of your next turn" in the cleanup step of a later turn of their player; those whose card has left exile
    name nothing any more (400.7) and are dropped."""
    st = game.state
    kept, ended = [], []
    for p in game.exiled_plays:
        o = st.objects.get(p.card)
        if o is None or p.card not in st.exile or o.zone_changes != p.zone_changes:
            continue
        if p.until == "end_of_turn" or st.active == p.player and st.turn > p.turn:
            ended.append(p)
        else:
            kept.append(p)
    game.exiled_plays = kept
    if ended:
        game.say("514.2", "the permissions to play " + ", ".join(_name(st, p.card) for p in ended)
                          + " from exile end (" + ", ".join(sorted({p.source for p in ended})) + ")")
