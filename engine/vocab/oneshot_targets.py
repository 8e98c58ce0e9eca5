"""The card vocabulary of several targets in one instruction (issue 21, round 21: engine/vocab/oracle/oneshot_targets.py
reads them): the damage one instruction deals to other targets at the same time as to its first one ("~ deals 2
damage to any target and 1 damage to any other target", "~ deals 3 damage to each of two target creatures": 120.2,
601.2c). DealDamage's ``also`` (engine/vocab/oneshot.py) is a list of these; the game loop deals them with the rest
(engine/game/amounts.also_dealt); counters distributed among a spell's targets as it is cast (601.2d: DividedCounters,
engine/game/target_ops.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class TargetDamage(BaseModel):
    """One more target of a damage instruction and the damage it is dealt, at once with the instruction's own (120.2):
    ``target`` its number among the ability's targets (1-based, 601.2c), ``amount`` a number (none if that target is
    illegal as it resolves, 608.2b; 0: no damage, 614.7a)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    target: int = Field(ge=1, le=64, description="the target's number among the ability's targets (601.2c)")
    amount: int = Field(ge=0, le=1_000_000, description="the damage dealt to it")


class DividedCounters(BaseModel):
    """601.2d, 122.1: "Distribute two +1/+1 counters among one or two target creatures" (a spell's): the caster
    announces how the ``total`` counters of ``kind`` are divided among its targets as it is cast (at least one each,
    the game file's ``divide``, as a divided damage's); as it resolves, each target still legal gets its share (608.2b:
    an illegal one none)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    op: Literal["divided_counters"]
    kind: Literal["+1/+1", "-1/-1"]
    total: int = Field(ge=1, le=1000, description="the counters divided among the targets")
