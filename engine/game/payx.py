"""Mana paid as a triggered ability resolves (118.12; issue 21): "you may pay {2}. If you do, ...", and "you may pay
{X}{R}. If you do, it deals X damage to any target." (107.3f: X appears in no cost of the ability, so its controller
chooses the value of X as it resolves, when they pay: {may: true, x: N, tap: [...]}; the X of the instructions after
it is that value, kept with the resolving ability's refs as an activated ability's announced X is:
engine/game/xvalue.announced). A part of engine/game/instructions.py's chapter (the first operation of a may)."""

from __future__ import annotations

from engine.files import gamefile as gf
from engine.game import granter_costs, xvalue
from engine.game.common import GameError, Rejected


def pay(game, you: str, cost: str, name: str, text: str, pays) -> bool:
    """118.12: whether ``you`` pays the mana ``cost`` for the ability of ``name`` (its ``text``) as it resolves
    (``pays``: instructions.pays, the answer and the payment); a cost with {X}: `pay_x`; ``mana_cost``: the
    source's (granter.mana_cost: none, unpayable)."""
    if cost == "mana_cost":  # 202.1: "unless you pay its mana cost"
        cost = granter_costs.mana_cost(game, name)
        if cost is None:
            return False
    if "{X}" in cost:
        return pay_x(game, you, cost, name, text)
    yes = pays(game, you, cost, "118.12", f"{you} may pay {cost} for {name} (\"{text}\")")
    game.say("118.12", f"{you} {'pays' if yes else 'does not pay'} {cost} for {name}")
    return yes


def pay_x(game, you: str, cost: str, name: str, text: str) -> bool:
    """107.3f, 118.12, 117.1d: "you may pay {X}": {may: true, x: N, by: PLAYER, tap: [...]} (the mana abilities activated
    first) chooses X = N and pays the cost with each {X} N (xvalue.with_x); {may: false} doesn't pay; --auto: the largest
    X the mana pool pays (none: not paid, 118.3). A cost not paid in full is not paid (601.2h: a GameError outside
    --auto). The X chosen is the resolving ability's X (xvalue.announced)."""
    act = game.action()
    if isinstance(act, gf.MayAnswer) and act.by in (None, you):
        if act.may and act.x is None:
            raise GameError(game.where(), f"107.3f: {you} chooses the value of X to pay {cost} for {name} (\"{text}\")",
                            "add x: N to the {may: true} answer")
        game.take()
        game.mana.mana_abilities(act.tap, you)
        choices = [act.x] if act.may else []
    elif game.auto:
        pool = sum(game.state.mana_pool.get(you, {}).values())
        choices = list(range(min(pool, xvalue.X_MAX), -1, -1))  # the largest X first
    else:
        raise GameError(game.where(), f"107.3f, 118.12: {you} may pay {cost} for {name} (\"{text}\")",
                        "add {may: true, x: N, by: " + you + "} (with tap: [...] for the mana) or {may: false, by: "
                        + you + "}, or use --auto")
    for x in choices:
        if x > xvalue.X_MAX:
            raise GameError(game.where(), f"107.3f: X = {x} is more than this engine counts ({xvalue.X_MAX})", "a smaller X")
        paid = xvalue.with_x(cost, x)
        try:
            game.mana.pay(you, paid)
        except Rejected as e:
            if not game.auto:
                raise GameError(game.where(), f"118.12: {e}", "give the mana (tap: [...]) or {may: false}") from None
            continue
        game.resolution.resolving_refs["x"] = x  # 107.3f: the ability's X from now on (xvalue.announced)
        game.say("107.3f", f"{you} chooses X = {x} and pays {paid} for {name}")
        return True
    game.say("118.12", f"{you} does not pay {cost} for {name}")
    return False
