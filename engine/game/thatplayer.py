"""Payments by the player the trigger names (118.12, 603.2, 608.2c; issue 21): "you may draw a card unless that player
pays {1}" (Rhystic Study): as the ability resolves, the player who cast the spell that triggered it (the trigger's
event's player: engine/game/casting.py's cast triggers carry it, engine/game/triggers.py keeps it for the ability on
the stack, resolve.py's ``resolving_player``) may pay the mana; the operations happen only if they don't. A part of
engine/game/instructions.py's chapter."""

from __future__ import annotations

from engine.game import paycost


def follow(instr, op, source: str, ab, you: str, targets: list, name: str, pays) -> None:
    """118.12: {op: unless_pays, who: that_player, cost | life, one_shot}: the player ``who`` names may pay ``cost``
    ({may: true, by: PLAYER, tap: [...]}: the mana really paid, 118.3; {may: false, by: PLAYER}: not); if they
    pay, nothing else happens; if they don't (or can't: no such player any more), the operations do (608.2c)."""
    game = instr.game
    for p in instr._who(op.who, you, targets):  # 603.2: the player the triggering event was about
        if op.life is not None:  # 119.4: "unless you pay 1 life" (paycost.pay_life: asked, and only with that much)
            if paycost.pay_life(game, p, op.life, name, ab.display()):
                return
            continue
        if pays(game, p, op.cost, "118.12", f"{p} may pay {op.cost} for {name} (\"{ab.display()}\")"):
            game.say("118.12", f"{p} pays {op.cost} for {name}: what it does \"unless {p} pays\" doesn't happen")
            return
        game.say("118.12", f"{p} doesn't pay {op.cost} for {name}")
    for inner in op.one_shot:  # 608.2c: in order
        instr.follow(inner, source, ab, you, targets, name)
