"""The mana cost of the resolving ability's source, paid as it resolves (118.12, 202.1: "sacrifice this creature unless
you pay its mana cost", Pendrell Flux's granted ability: engine/vocab/oracle/granter.lark), for engine/game/payx.py."""

from __future__ import annotations

import re

from engine.game.common import GameError, _name


def mana_cost(game, name: str) -> str | None:
    """The mana cost of the source of the resolving ability (as it last existed if it left the battlefield, 608.2h),
    {X} in it 0 (107.3h); None when it has none (202.1b: a token's, a land's, a face-down permanent's, 708.2): an
    unpayable cost (118.6), said in the log. A copy's mana cost (707.2: the copied one) is not known to the loop:
    refused."""
    st = game.state
    ref = game.resolution.resolving_refs.get("self")
    o = st.objects.get(ref[0]) if ref is not None else None
    if o is None or o.printed is None:
        raise GameError(game.where(), f"202.1: the source of {name} is unknown: its mana cost can't be read")
    chars = game.layers().objects.get(ref[0]) if ref[0] in st.battlefield else None
    if chars is not None and chars.get("name") not in (None, "", o.printed.name):
        raise GameError(game.where(), f"707.2: {_name(st, ref[0])} copies another object: paying its mana cost (the "
                                      "copied one) is not supported yet")
    cost = re.sub(r"\{X\}", "", o.printed.mana_cost or "", flags=re.I)  # 107.3h: X is 0
    if o.printed.mana_cost is None or o.face_down:  # (708.2a: a face-down permanent has none)
        game.say("118.6", f"{_name(st, ref[0])} has no mana cost: it can't be paid for {name} (202.1b)")
        return None
    return cost or "{0}"
