"""Casting a card from another zone, or with an alternative cost, by a keyword of the current official
Comprehensive Rules (the seed text stops at 702.42): disturb (702.146) and foretell (702.143).

702.143a *(EN, current official rules)*: "Foretell is a keyword that functions while the card with foretell is in a
player's hand. Any time a player has priority during their turn, that player may pay {2} and exile a card with
foretell from their hand face down. That player may look at that card as long as it remains in exile. They may cast
that card after the current turn has ended by paying any foretell cost it has rather than paying that spell's mana
cost." 702.143b: "Exiling a card using its foretell ability is a special action, which doesn't use the stack." It
is ``{foretell: ID}``; the game keeps each foretold card (``game.foretold``: the card while it is the same object in
exile, 400.7, and the turn), and casting it is ``{cast: ID, foretold: true}``.

702.146a *(EN, current official rules)*: "Disturb is an ability found on the front face of some double-faced
cards. 'Disturb [cost]' means 'You may cast this card transformed from your graveyard by paying [cost] rather
than its mana cost.'" 702.146b: "A resolving double-faced spell that was cast using its disturb ability enters
the battlefield with its back face up."

The card model is the one of engine/game/transform.py (712.8): cast transformed, the spell has its back face's
characteristics (the back face from the card database, its mana value its front face's, 202.3b) and keeps its
front face in ``front_face``; it enters the battlefield so (engine/game/events.py's ``enter`` keeps the face), and
has its front face again wherever else it goes (engine/game/sba.py's ``_move``). What happens to the card after
is its back face's own text ("If ~ would be put into a graveyard from anywhere, exile it instead": a replacement
effect of the replacement program). Casting's checks (601.2e, 601.3, 601.5) and payment (601.2f-h) are
engine/game/casting.py's; this module says what disturb changes in them.
"""

from __future__ import annotations

import re

from engine.files import gamefile as gf
from engine.files.events import ZoneChange
from engine.game.common import Rejected, _name
from engine.state.model import Characteristics

MANA_ONLY = re.compile(r"^(\{[^}]+\})+$")


def from_graveyard(act: gf.Cast) -> bool:
    """The cast names a permission to cast the card from its owner's graveyard: escape (702.138a), flashback
    (702.34a), retrace (702.81a), jump-start (702.133a), disturb (702.146a)."""
    return bool(act.escape or act.flashback or act.retrace or act.jump_start or act.disturb
                or act.mayhem or act.harmonize)  # 702.187b, 702.180a (engine/game/mayhem.py, harmonize.py)


def _disturb(chars: Characteristics | None):
    return _keyword(chars, "disturb")


def spell_face(game, oid: str, act: gf.Cast) -> Characteristics:
    """601.3e: the characteristics the card is cast with: cast using its disturb ability, its back face's
    (702.146a: "cast this card transformed"; 202.3b: its mana value its front face's); otherwise its own (a card
    without disturb or a back face: :func:`permissions` refuses the cast)."""
    o = game.state.objects[oid]
    face = game.transforming.other_face(oid) if act.disturb and _disturb(o.printed) is not None else None
    return o.printed if face is None else face[1]


def _keyword(chars: Characteristics | None, name: str):
    return next((a for a in (chars.abilities if chars is not None else ())
                 if getattr(a, "kind", None) == "keyword" and a.keyword == name), None)


def foretell(game, act: gf.Foretell, player: str) -> None:
    """702.143a, 702.143b: the special action: any time the player has priority during their turn, they pay {2} and
    exile a card with foretell from their hand face down (no stack)."""
    st = game.state
    oid = act.foretell
    o = st.objects.get(oid)
    if o is None or oid not in st.zone_ids("hand", player):
        raise Rejected("702.143a", f"{_name(st, oid)} is not in {player}'s hand: only a card in its owner's hand is "
                                   "foretold")
    if _keyword(o.printed, "foretell") is None:
        raise Rejected("702.143a", f"{_name(st, oid)} has no foretell ability")
    if st.active != player:
        raise Rejected("702.143a", f"{player} foretells a card only during their own turn ({st.active}'s now)")
    game.mana.mana_abilities(act.tap, player)  # mana abilities first, as for a cost (601.2g)
    game.mana.pay(player, "{2}")
    game.events.zone_changes([ZoneChange(type="zone_change", object=oid, **{"from": "hand"}, to="exile")], "702.143a",
                             "is foretold: exiled face down, for {2} (a special action, 702.143b)")
    if oid in st.exile:
        game.foretold[oid] = (o.zone_changes, st.turn)


def exiled_before_this_turn(game, held: dict, oid: str, player: str) -> int | None:
    """The turn a card was exiled in, as ``held`` records it ({id: (its zone changes then, the turn)}: foretold cards,
    warped cards), when it is still that object in exile (400.7), ``player`` owns it and that turn has ended; else
    None."""
    st = game.state
    o = st.objects.get(oid)
    got = held.get(oid)
    if o is None or got is None or oid not in st.exile or o.zone_changes != got[0] or o.owner != player:
        return None
    return got[1] if st.turn > got[1] else None


def foretold_allows(game, oid: str, player: str) -> str | None:
    """702.143a: the card its owner foretold, still the same object in exile (400.7), may be cast by them after the
    turn it was foretold in has ended; as words for the log, or None."""
    turn = exiled_before_this_turn(game, game.foretold, oid, player)
    return None if turn is None else f"foretold on turn {turn} (702.143a)"


def foretell_cost(face: Characteristics) -> tuple[str, list[str]]:
    """601.2b, 601.2f, 118.9: the foretell cost, paid rather than the mana cost (702.143a)."""
    ab = _keyword(face, "foretell")
    if ab is None or not MANA_ONLY.match(ab.cost or ""):
        raise Rejected("601.2f", f"paying the foretell cost '{getattr(ab, 'cost', '')}' is not supported yet")
    return ab.cost, [f"its foretell cost {ab.cost} instead of its mana cost (702.143a)"]


def permissions(casting, oid: str, where: str | None, act: gf.Cast) -> None:
    """702.146a: cast using its disturb ability, the card is in its owner's graveyard and has disturb; it goes to
    the stack with its back face up (712.8): its name the back face's, its front face kept for when it leaves the
    stack other than onto the battlefield. 702.143a: a foretold card is cast from exile for its foretell cost only,
    after the turn it was foretold in."""
    foretold = foretold_allows(casting.game, oid, casting.game.state.objects[oid].owner)
    if act.foretold and (where != "exile" or not foretold):
        raise Rejected("702.143a", f"{_name(casting.game.state, oid)} is not a card its owner foretold on an earlier "
                                   "turn: it isn't cast for its foretell cost")
    others = [p for p in casting.game.exiled_plays if p.card == oid]  # 611.2a: another effect's permission
    if where == "exile" and foretold and not act.foretold and not others:
        raise Rejected("702.143a", f"{_name(casting.game.state, oid)}, foretold, is cast for its foretell cost only")
    if not act.disturb:
        return
    game = casting.game
    st = game.state
    o = st.objects[oid]
    if sum((act.escape, act.flashback, act.retrace, act.jump_start, act.disturb)) > 1:
        raise Rejected("601.2b", "a card is cast from the graveyard by one of escape, flashback, retrace, jump-start, "
                                 "disturb")
    if _disturb(o.printed) is None:
        raise Rejected("702.146a", f"{_name(st, oid)} has no disturb ability")
    if where != "graveyard":
        raise Rejected("702.146a", f"disturb casts {_name(st, oid)} from its owner's graveyard, and it is not there")
    face = game.transforming.other_face(oid)
    if face is None:
        raise Rejected("702.146a", f"{_name(st, oid)} has no back face to be cast transformed with")
    o.front_face, o.card_name = (o.card_name or "", o.printed), face[0]
    game.say("702.146a", f"{o.front_face[0]} is cast transformed from {o.owner}'s graveyard: the spell is {face[0]}, "
                         "its back face")


def cost(game, oid: str) -> tuple[str, list[str]]:
    """601.2b, 601.2f, 118.9: the disturb cost, paid rather than the mana cost (702.146a); the front face's."""
    o = game.state.objects[oid]
    ab = _disturb(o.front_face[1] if o.front_face is not None else o.printed)
    if ab is None or not MANA_ONLY.match(ab.cost or ""):
        raise Rejected("601.2f", f"paying the disturb cost '{getattr(ab, 'cost', '')}' is not supported yet")
    return ab.cost, [f"its disturb cost {ab.cost} instead of its mana cost (702.146a)"]


def said(act: gf.Cast) -> str:
    """The words of the cast's log for a card cast from the graveyard by a keyword of this module."""
    return " from their graveyard transformed (disturb, 702.146a)" if act.disturb else \
        " from exile for its foretell cost (foretell, 702.143a)" if act.foretold else ""
