"""A board's fields about the Ring (701.54, the current official rules: the seed text stops at 702.42): ``ring_tempted``
(701.54c: the times the Ring has tempted each player, the abilities of their emblem named The Ring) and ``ring_bearer``
(701.54a: each player's Ring-bearer), read into GameState.ring_tempted and GameState.ring_bearer (engine/game/ring.py)."""

from __future__ import annotations


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
            raise builder.err(field, f"{p} has a Ring-bearer but the Ring has not tempted them (701.54a, 701.54c)",
                              f"add ring_tempted: {{{p}: N}}, or remove the Ring-bearer")
        o = builder.objects.get(oid)
        if o is None or o.zone != "battlefield" or o.controller != p:
            raise builder.err(field, f"{oid!r} is not a permanent on the battlefield that {p} controls (701.54e)",
                              f"name a creature {p} controls on the battlefield")
        bearers[p] = oid
    return {"ring_tempted": tempted, "ring_bearer": bearers}
