"""Prototype (702.160, 718; the current official rules: the seed text stops at 702.42), a keyword of the game loop.

702.160a *(EN, current official rules)*: "Prototype is a static ability that appears on prototype cards that have a
secondary set of power, toughness, and mana cost characteristics. A player who casts a spell with prototype can choose to
cast that card 'prototyped.' If they do, the alternative set of its power, toughness, and mana cost characteristics are
used." 718.2: "The mana cost, power, and toughness in the inset frame represent alternative characteristics that the
object may have while it is a spell or while it is a permanent on the battlefield." 718.2a: "The existence and values of
these alternative characteristics are part of the object's copiable values." 718.3b: "Both a prototyped spell and the
permanent it becomes have only its alternative set of power, toughness, and mana cost characteristics. If that mana cost
includes one or more colored mana symbols, the spell and the permanent it becomes are also that color or colors."
718.3d: a copy of a permanent that was a prototyped spell has the alternative characteristics too. 718.4: in every zone
other than the stack and the battlefield, and on the stack or the battlefield when not cast prototyped, it has its normal
characteristics.

The cast's ``prototype`` chooses it (601.2b; its cost, the prototype mana cost, the alternative cost paid, 601.2f-h:
engine/game/alt_costs.py); engine/game/casting.py gives the spell the prototyped characteristics as it is proposed
(:func:`prototyped`, 718.3a: they are the ones checked as it is cast), and the permanent it becomes keeps them (its
characteristics, the copiable values of layer 1: a copy copies them, 718.3d). As it leaves the battlefield it has its
normal characteristics again (:func:`entered` keeps them with the permanent; engine/game/sba.py ``_move``, 400.7); a
prototyped spell that leaves the stack otherwise has them again as any card does (engine/game/resolve.py ``unchoose``)."""

from __future__ import annotations

from engine.game.common import Rejected, _name
from engine.vocab import keyword_statics

RULE = "702.160a"


def prototyped(chars, name: str = ""):
    """718.3b: ``chars`` with the alternative characteristics of its prototype ability (engine/vocab/keyword_statics.py);
    refused when it has no prototype ability."""
    out = keyword_statics.prototyped(chars)
    if out is None:
        raise Rejected(RULE, f"{name or chars.name} has no prototype ability")
    return out


def cast(game, oid: str, chars):
    """601.2b, 718.3a-b: the spell ``oid`` is cast prototyped: its characteristics as it is proposed are the prototyped
    ones; the card's normal ones (``chars``) are kept with the object, which has them again as it leaves the stack other
    than to the battlefield (engine/game/resolve.py ``unchoose``) or leaves the battlefield (718.4, 400.7:
    engine/game/sba.py ``_move``)."""
    st = game.state
    out = prototyped(chars, _name(st, oid))
    st.objects[oid].unprototyped = chars
    game.say("718.3b", f"{_name(st, oid)} is cast prototyped: its mana cost is {out.mana_cost}, its power and toughness "
                       f"{out.power}/{out.toughness}, its colors {', '.join(out.colors) or 'none'}")
    return out
