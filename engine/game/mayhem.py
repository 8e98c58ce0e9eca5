"""Mayhem (702.187, Marvel's Spider-Man; the current official rules: the seed text stops at 702.42), a keyword of the
game loop.

702.187a *(EN, current official rules)*: "Mayhem is a static ability that functions while the card with mayhem is in a
player's graveyard." 702.187b: "'Mayhem [cost]' means 'As long as you discarded this card this turn, you may cast it
from your graveyard by paying [cost] rather than paying its mana cost.' Casting a spell using its mayhem ability
follows the rules for paying alternative costs in rules 601.2b and 601.2f-h." (702.187c, "Mayhem" without a cost,
"you may play this card from your graveyard if you discarded it this turn", is not read.)

The loop keeps the cards discarded this turn (``game.discarded``: the card as the object it became in its owner's
graveyard, 400.7, and the turn), recorded as engine/game/events.py's discard (701.9) and the cleanup step's discard
(514.1) put it there. Casting it is ``{cast: ID, mayhem: true}``: from its owner's graveyard, while it is that object
and the turn is the one it was discarded in, for its mayhem cost (a cost of mana symbols only, engine/vocab/cardfile.py
``executable_by``) rather than its mana cost; the usual timing (117.1a: "Timing rules still apply"). The spell goes
where any spell goes as it resolves (mayhem doesn't exile it)."""

from __future__ import annotations

import re

from engine.files import gamefile as gf
from engine.game.common import Rejected, _name

RULE = "702.187b"
MANA_ONLY = r"(\{[^}]+\})+"


def _mayhem(chars):
    return next((a for a in (chars.abilities if chars is not None else ())
                 if getattr(a, "kind", None) == "keyword" and a.keyword == "mayhem"), None)


def discarded(game, card: str) -> None:
    """701.9, 514.1: the card was just discarded; if it is in a graveyard now, it is recorded as discarded this turn
    (the object it became there, 400.7)."""
    st = game.state
    o = st.objects.get(card)
    if o is not None and o.zone == "graveyard":
        game.discarded[card] = (o.zone_changes, st.turn)


def discarded_this_turn(game, oid: str) -> bool:
    """702.187b: the card in its owner's graveyard is the object a discard put there this turn (400.7)."""
    st = game.state
    o = st.objects.get(oid)
    held = game.discarded.get(oid)
    return o is not None and held is not None and o.zone == "graveyard" and held == (o.zone_changes, st.turn)


def permissions(casting, oid: str, face, where: str | None, act: gf.Cast) -> None:
    """702.187b: cast using its mayhem ability, the card has mayhem, is in its owner's graveyard and was discarded this
    turn; one permission to cast it from the graveyard at a time (601.2b)."""
    if not act.mayhem:
        return
    st = casting.game.state
    name = _name(st, oid)
    if act.retrace or act.jump_start:
        raise Rejected("601.2b", "a card is cast from the graveyard by one of mayhem, escape, flashback, retrace, "
                                 "jump-start, disturb")
    if _mayhem(face) is None:
        raise Rejected(RULE, f"{name} has no mayhem ability")
    if where != "graveyard":
        raise Rejected(RULE, f"mayhem casts {name} from its owner's graveyard, and it is not there")
    if not discarded_this_turn(casting.game, oid):
        raise Rejected(RULE, f"{name} wasn't discarded this turn: its mayhem ability doesn't let its owner cast it")


def cost(face) -> tuple[str, list[str]]:
    """601.2b, 601.2f, 118.9: the mayhem cost, paid rather than the mana cost (702.187b)."""
    ab = _mayhem(face)
    if ab is None or not re.fullmatch(MANA_ONLY, ab.cost or ""):
        raise Rejected("601.2f", f"paying the mayhem cost '{getattr(ab, 'cost', '')}' is not supported yet")
    return ab.cost, [f"its mayhem cost {ab.cost} instead of its mana cost (702.187b)"]


def said(act: gf.Cast) -> str:
    """The words of the cast's log for a card cast with mayhem."""
    return " from their graveyard (mayhem, 702.187b)" if act.mayhem else ""
