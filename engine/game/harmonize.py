"""Harmonize (702.180, Tarkir: Dragonstorm; the current official rules: the seed text stops at 702.42), a keyword of
the game loop.

702.180a *(EN, current official rules)*: harmonize represents three static abilities that function while the spell
with harmonize is on the stack: "Harmonize [cost]" means "You may cast this card from your graveyard by paying [cost]
and tapping up to one untapped creature you control rather than paying the spell's mana cost," "If you cast this spell
using its harmonize ability, its total cost is reduced by an amount of generic mana equal to the tapped creature's
power," and "If the harmonize cost was paid, exile this card instead of putting it anywhere else any time it would
leave the stack."

The cast is ``{cast: ID, harmonize: true}`` from its owner's graveyard, with ``tapping: [ID]`` the untapped creature its
caster controls tapped (up to one: left out, none; not one the cast's convoke taps; paid as an additional cost's part
is, 601.2h: engine/game/optional_costs.py, cost_parts.py). Its cost is an
alternative cost (601.2b, 601.2f-h: a cost of mana symbols only, engine/vocab/cardfile.py ``executable_by``); the
reduction is one of the total cost's (601.2f: after the increases; 118.7a: generic mana only, never below {0}),
the creature's power as the total cost is determined (after the layers, 613). The spell is exiled whenever it would leave the stack (engine/game/resolve.py, as flashback's)."""

from __future__ import annotations

import re

from engine.files import gamefile as gf
from engine.game.common import Rejected, _name
from engine.vocab.activation import CostPart, parse_activation_cost

RULE = "702.180a"
MANA_ONLY = r"(\{[^}]+\})+"
TAP_CREATURE: CostPart = parse_activation_cost("Tap an untapped creature you control").parts[0]


def _harmonize(chars):
    return next((a for a in (chars.abilities if chars is not None else ())
                 if getattr(a, "kind", None) == "keyword" and a.keyword == "harmonize"), None)


def permissions(casting, oid: str, face, where: str | None, act: gf.Cast, player: str) -> None:
    """702.180a: cast using its harmonize ability, the card has harmonize and is in its owner's graveyard (601.2b: one
    permission to cast it from the graveyard at a time); up to one creature tapped, not one the cast's convoke taps."""
    if not act.harmonize:
        return
    st = casting.game.state
    name = _name(st, oid)
    if act.retrace or act.jump_start or act.mayhem:
        raise Rejected("601.2b", "a card is cast from the graveyard by one of harmonize, mayhem, escape, flashback, "
                                 "retrace, jump-start, disturb")
    if _harmonize(face) is None:
        raise Rejected(RULE, f"{name} has no harmonize ability")
    if where != "graveyard":
        raise Rejected(RULE, f"harmonize casts {name} from its owner's graveyard, and it is not there")
    if len(act.tapping) > 1:
        raise Rejected(RULE, f"harmonize taps up to one untapped creature {player} controls, not {len(act.tapping)}")
    if act.tapping and act.tapping[0] in act.convoking:
        raise Rejected(RULE, f"{_name(st, act.tapping[0])} is tapped for convoke: it can't be tapped for harmonize too")


def tapping(game, oid: str, act: gf.Cast) -> None:
    """702.180a: the creature the harmonize cast taps (the cast's ``tapping``, up to one), kept in the spell's choices
    as its total cost is determined (601.2f)."""
    if act.tapping:
        game.state.objects[oid].choices["harmonize_tapping"] = act.tapping[0]


def cost(face) -> tuple[str, list[str]]:
    """601.2b, 601.2f, 118.9: the harmonize cost, paid rather than the mana cost (702.180a)."""
    ab = _harmonize(face)
    if ab is None or not re.fullmatch(MANA_ONLY, ab.cost or ""):
        raise Rejected("601.2f", f"paying the harmonize cost '{getattr(ab, 'cost', '')}' is not supported yet")
    return ab.cost, [f"its harmonize cost {ab.cost} instead of its mana cost (702.180a)"]


def reduction(game, oid: str) -> tuple[int, list[str]]:
    """601.2f, 702.180a: the total cost of a spell cast with harmonize is reduced by the tapped creature's power (after
    the layers, 613; 0 and less: nothing), as generic mana (118.7a); and why."""
    o = game.state.objects.get(oid)
    c = o.choices.get("harmonize_tapping") if o is not None and o.choices.get("harmonize") else None
    if not c or c not in game.state.battlefield:
        return 0, []
    n = max(int(game.chars(c).get("power") or 0), 0)
    return n, ([f"{{{n}}} less: {_name(game.state, c)} tapped, its power {n} (702.180a)"] if n else [])


def parts(game, oid: str) -> list[tuple[str, CostPart]]:
    """601.2h: tapping the creature, a part of the harmonize cost paid as the spell's additional costs are (the cast's
    ``tapping``: an untapped creature its caster controls, engine/game/cost_parts.py)."""
    o = game.state.objects[oid]
    if not (o.choices.get("harmonize") and o.choices.get("harmonize_tapping")):
        return []
    return [("Tap an untapped creature you control (702.180a: harmonize)", TAP_CREATURE)]
