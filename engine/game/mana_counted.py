"""Mana a resolving spell or ability adds in an amount it counts as it resolves (106.1, 608.2h, 107.3a; issue 21): "Add
{R} for each creature you control.", "At the beginning of your first main phase, add X mana of any one color, where X
is the number of Shrines you control.", "add an amount of {C} equal to ..." (the vocabulary's add_mana_amount,
engine/vocab/oneshot_mana.py, read by engine/vocab/oracle/oneshot_mana.py). The number is the one evaluation of the
quantity grammar's value (engine/game/amounts.py quantity), determined once as the instruction is performed; the kind
of mana its controller chooses, as for any mana chosen as it resolves (engine/game/mana.py: Mana.add_choice)."""

from __future__ import annotations

from engine.game import amounts


def add_counted(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """106.1, 608.2h: ``you`` add one of ``op.options`` (chosen as it resolves, 608.2d), that many times as the amount
    counted now; 0: no mana is added (106.4: nothing to add)."""
    n = amounts.quantity(ins.game, op.amount, source, you, targets, what="the amount of mana")
    if n <= 0:
        ins.game.say("106.4", f"{name} adds no mana (the amount is {n})")
        return
    ins.game.mana.add_choice([o * n for o in op.options], you, name, source=source)
