"""Dredge N (702.52, current official rules; issue 21): 702.52a "Dredge is a static ability that functions only while
the card with dredge is in a player's graveyard. 'Dredge N' means 'As long as you have at least N cards in your library,
if you would draw a card, you may instead mill N cards and return this card from your graveyard to your hand.'"
702.52b: "A player with fewer cards in their library than the number required by a dredge ability can't mill any of
them this way."

A replacement effect of an optional kind (614.1a "instead"; 616.1: the affected player chooses which of the effects
applies, or none, the draw happening): the replacement program (asp_rules/replace.lp) makes a player's event become
one other event of the same amount (614.1a: draw -> win_game), from the permanents' abilities; dredge functions from a
graveyard and makes one draw two events of other amounts (mill N, and the card's zone change), so the loop offers it
as each card would be drawn (121.2: one at a time), before the draw goes to the replacement program; the mill and the
return are events of their own there (Rest in Peace exiles what is milled)."""

from __future__ import annotations

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.game.common import GameError, _name
from engine.game.library_ops import mill


def dredgers(game, player: str) -> list[tuple[str, int]]:
    """702.52a: the cards of the player's graveyard with dredge, and their N: its keyword abilities there as the layers
    program has them (613.1f: printed, or granted by an effect, The Necrobloom's "Land cards in your graveyard have
    dredge 2")."""
    st = game.state
    keywords = game.layers().graveyard_keyword_abilities
    out = []
    for oid in st.zone_ids("graveyard", player):
        for ab in keywords.get(oid, ()):
            if getattr(ab, "keyword", None) == "dredge" and getattr(ab, "n", None) is not None:
                out.append((oid, ab.n))
                break
    return out


def replaces_draw(game, player: str) -> bool:
    """616.1: as the player would draw a card, they choose a dredge ability to replace it ({dredge: ID, by: PLAYER}) or
    none ({dredge: null}: they draw; --auto: they draw). A card whose N is more than the library holds can't (702.52b):
    the answer is rejected and the player chooses again. True when the draw was replaced."""
    st = game.state
    while True:
        library = len(st.zone_ids("library", player))
        able = {oid: n for oid, n in dredgers(game, player) if n <= library}  # 702.52b
        if not able:
            return False
        act = game.action()
        if not (isinstance(act, gf.Dredge) and act.by in (None, player)):
            if game.auto:
                return False
            raise GameError(game.where(), f"702.52a: {player} would draw a card and may dredge instead: "
                            + ", ".join(f"{_name(st, x)} ({x}, dredge {n})" for x, n in able.items()),
                            "add {dredge: ID, by: " + player + "} or {dredge: null, by: " + player + "} (they draw), "
                            "or use --auto")
        game.take()
        if act.dredge is None:
            game.say("702.52a", f"{player} doesn't dredge: the draw happens")
            return False
        n = dict(dredgers(game, player)).get(act.dredge)
        if n is None:
            raise GameError(game.acting(), f"702.52a: {act.dredge} is not a card with dredge in {player}'s graveyard",
                            "name one of " + ", ".join(able))
        if n > library:
            game.rejected.append({"action": game.pos - 1, "rule": "702.52b",
                                  "message": f"{_name(st, act.dredge)} has dredge {n}, {player}'s library {library} cards"})
            game.say("702.52b", f"rejected: {player} can't dredge {_name(st, act.dredge)} ({n} cards to mill, "
                                f"{library} in the library)")
            continue
        game.say("702.52a", f"{player} dredges {_name(st, act.dredge)} instead of drawing: mills {n}, returns it to "
                            "their hand (614.1a)")
        mill(game, player, n)  # 701.17a
        if act.dredge in st.zone_ids("graveyard", player):
            game.events.zone_changes([ZoneChange(type="zone_change", object=act.dredge, **{"from": "graveyard"},
                                                 to="hand")], "702.52a", f"returns to {player}'s hand (dredge)")
        return True
