"""A board's fields about the Ring (701.54, the current official rules: the seed text stops at 702.42): ``ring_tempted``
(701.54c: the times the Ring has tempted each player, the abilities of their emblem named The Ring) and ``ring_bearer``
(701.54a: each player's Ring-bearer), read into GameState.ring_tempted and GameState.ring_bearer (engine/game/ring.py)."""

from __future__ import annotations

from engine.state.model import ContinuousEffect
from engine.vocab.ring_emblem import DURATION, LEGENDARY, SOURCE


def ring_fields(builder) -> dict:
    """The board's Ring fields, checked: each player named is one of ``players``; a Ring-bearer is a permanent on the
    battlefield its player controls (701.54e), of a player the Ring has tempted (701.54c: one chooses a Ring-bearer only
    as the Ring tempts them)."""
    b = builder.b
    tempted = builder._amounts("ring_tempted")
    bearers = {}
    for p, oid in b.ring_bearer.items():
        field = f"ring_bearer.{p}"
        builder.check_player(p, field)
        if p not in tempted:
            raise builder.err(field, f"{p} has a Ring-bearer but is not tempted: the Ring has not tempted them (701.54a, 701.54c)",
                              f"add ring_tempted: {{{p}: N}}, or remove the Ring-bearer")
        o = builder.objects.get(oid)
        if o is None or o.zone != "battlefield" or o.controller != p:
            raise builder.err(field, f"{oid!r} is not a permanent on the battlefield that {p} controls (701.54e)",
                              f"name a creature {p} controls on the battlefield")
        bearers[p] = oid
    return {"ring_tempted": tempted, "ring_bearer": bearers}


def ring_effects(builder, effects: list, top: int) -> list[ContinuousEffect]:
    """701.54c: the continuous effect of the first ability of each emblem named The Ring whose owner has a Ring-bearer
    ("Your Ring-bearer is legendary and can't be blocked by creatures with greater power"), on that creature, after the
    board's effects (its timestamp: after the permanents' and the effects', as the game loop gives it, engine/game/ring.py
    sync)."""
    fields = ring_fields(builder)
    out = []
    last = max([top] + [e.timestamp for e in effects])
    for p, oid in sorted(fields["ring_bearer"].items()):
        last += 1
        out.append(ContinuousEffect(index=len(effects) + len(out) + 1, source_card=SOURCE, ability_index=1,
                                    ability=LEGENDARY, controller=p, targets=(oid,), choices={}, timestamp=last,
                                    duration=DURATION, remaining=None))
    return out
