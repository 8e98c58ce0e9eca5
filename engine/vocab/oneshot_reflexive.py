"""Reflexive triggered abilities (issue 21, "reflexive triggers and payments as it resolves": 603.12): "you may pay
{2}. When you do, [effect].", "you may sacrifice another creature. When you do, destroy target nonland permanent.".
The resolving spell or ability creates a triggered ability that triggers on what its controller just did (a payment,
a discard, a sacrifice: the ``if_you_do`` of a `may`, or of a sacrifice of their own); it is put on the stack the
next time a player would receive priority (603.3), its targets chosen then (603.3d), not as the first ability was
put on the stack. The part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot``
takes from here; executed by the game loop (engine/game/reflexive.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class ReflexiveTrigger(_Op):
    """603.12: "When you do, [effect]": in the ``if_you_do`` of what its controller may do as the ability resolves (a
    `may` of a payment, discard, draw or sacrifice of their own), a reflexive triggered ability triggers: its source
    and controller are the resolving spell's or ability's (603.3a), "that creature" the creature the first ability's
    event was about (603.2); it does what its ``one_shot`` says, on its own ``targets``, chosen as it is put on the
    stack (603.3d). Its continuous effect ("target creature gets -1/-1 until end of turn", "target creature can't
    block this turn": 611.2) is the card ability's ``continuous`` (or ``combat``), created by the reflexive ability
    where its ``one_shot`` says {op: create_effect}, on its targets (the first ability creates none)."""

    op: Literal["reflexive_trigger"]
    text: str = Field(min_length=1, description="the reflexive ability's words ('When you do, ...'), as the log shows it")
    targets: list["TargetSpec"] = Field(default_factory=list, description="its targets (115.1), chosen as it is put on "
                                                                          "the stack (603.3d)")
    one_shot: list["OneShot"] = Field(min_length=1, description="what it does as it resolves (608.2); {op: "
                                                                "create_effect}: the ability's continuous effect, "
                                                                "created then (611.2)")
