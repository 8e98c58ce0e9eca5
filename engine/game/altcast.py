"""Casting a card from another zone, or with an alternative cost, by a keyword of the current official
Comprehensive Rules (the seed text stops at 702.42): disturb (702.146).

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
from engine.game.common import Rejected, _name
from engine.state.model import Characteristics

MANA_ONLY = re.compile(r"^(\{[^}]+\})+$")


def from_graveyard(act: gf.Cast) -> bool:
    """The cast names a permission to cast the card from its owner's graveyard: escape (702.138a), flashback
    (702.34a), retrace (702.81a), jump-start (702.133a), disturb (702.146a)."""
    return bool(act.escape or act.flashback or act.retrace or act.jump_start or act.disturb)


def _disturb(chars: Characteristics | None):
    return next((a for a in (chars.abilities if chars is not None else ())
                 if getattr(a, "kind", None) == "keyword" and a.keyword == "disturb"), None)


def spell_face(game, oid: str, act: gf.Cast) -> Characteristics:
    """601.3e: the characteristics the card is cast with: cast using its disturb ability, its back face's
    (702.146a: "cast this card transformed"; 202.3b: its mana value its front face's); otherwise its own (a card
    without disturb or a back face: :func:`permissions` refuses the cast)."""
    o = game.state.objects[oid]
    face = game.transforming.other_face(oid) if act.disturb and _disturb(o.printed) is not None else None
    return o.printed if face is None else face[1]


def permissions(casting, oid: str, where: str | None, act: gf.Cast) -> None:
    """702.146a: cast using its disturb ability, the card is in its owner's graveyard and has disturb; it goes to
    the stack with its back face up (712.8): its name the back face's, its front face kept for when it leaves the
    stack other than onto the battlefield."""
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
    return " from their graveyard transformed (disturb, 702.146a)" if act.disturb else ""
