"""Cumulative upkeep (702.24a, seed text), as its triggered ability resolves: "At the beginning of your upkeep, if
this permanent is on the battlefield, put an age counter on this permanent. Then you may pay [cost] for each age
counter on it. If you don't, sacrifice it." The costs paid: mana symbols ("Cumulative upkeep {1}": that cost once for
each age counter, 601.2f's total) and "Pay N life." (119.4: N life for each age counter, paid only by a player whose
life total is at least the payment, 118.3; paying life is losing it, through the replacement program). Any other cost
in words is not read as executable (engine/vocab/cardfile.py: executable_by); this module sacrifices the permanent
for one (never reached from a card the loop says it executes)."""

from __future__ import annotations

import re

from engine.files import gamefile as gf
from engine.files.events import Counters, LifeLoss, ZoneChange
from engine.game.common import GameError, Rejected, _name

MANA_ONLY = re.compile(r"^(\{[^}]+\})+$")  # a cost of mana symbols only
PAY_LIFE = re.compile(r"Pay ([0-9]+) life\.")  # 119.4: "Cumulative upkeep—Pay 1 life."


def cumulative_upkeep(game, source: str, cost: str, you: str) -> None:
    """702.24a: an age counter, then the cost for each age counter on it, or the permanent is sacrificed. The answer
    is a {may: true/false} action (with `tap`: the mana abilities that pay); --auto: pay when the mana pool (the life
    total) can."""
    st = game.state
    if source not in st.battlefield:
        game.say("702.24a", f"{_name(st, source)} is no longer on the battlefield: nothing happens")
        return
    game.events.counters([Counters(type="counters", object=source, kind="age", amount=1)])
    age = st.objects[source].counters.get("age", 0)
    mana = MANA_ONLY.match(cost) is not None
    life = int(PAY_LIFE.fullmatch(cost).group(1)) * age if PAY_LIFE.fullmatch(cost) else None  # 119.4
    total = cost * age if mana else f"{life} life" if life is not None else ""
    act = game.action()
    if life is not None and st.player(you).life < life:  # 119.4, 118.3: a payment that can't be made isn't offered
        game.say("119.4", f"{you} has {st.player(you).life} life: {you} can't pay {life} life (118.3)")
        pay = False
    elif isinstance(act, gf.MayAnswer) and act.by in (None, you):
        game.take()
        game.mana.mana_abilities(act.tap, you)
        pay = act.may
    elif game.auto or not (mana or life is not None):
        pay = (mana or life is not None) and age > 0
    else:
        raise GameError(game.where(), f"702.24a: {you} may pay {total} ({cost} for each of the {age} age counters "
                                      f"on {_name(st, source)}), or sacrifice it",
                        "add {may: true} (with tap: [...] for the mana) or {may: false}, or use --auto")
    if pay and mana:
        try:
            game.mana.pay(you, total)
        except Rejected as e:
            if not game.auto:
                raise GameError(game.where(), f"702.24a: {e}", "give the mana (tap: [...]) or {may: false}") from None
            pay = False
    elif pay and life is not None:  # 119.4: paying life is losing it (through the replacement program)
        game.say("119.4", f"{you} pays {life} life")
        game.events.player_events([LifeLoss(type="life_loss", player=you, amount=life)])
    if pay and (mana or life is not None):
        game.say("702.24a", f"{you} pays {total} for {_name(st, source)}'s cumulative upkeep ({age} age counters)")
        return
    game.events.zone_changes([ZoneChange(type="zone_change", object=source, **{"from": "battlefield"},
                                         to="graveyard")], "702.24a",
                             f"is sacrificed: its cumulative upkeep ({total or cost}) is not paid", sacrificed=True)
