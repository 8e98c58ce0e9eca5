"""Payments by the player the trigger names (issue 21, "payments by another player as it resolves": 118.12, 608.2c,
603.2): "you may draw a card unless that player pays {1}" after "Whenever an opponent casts a spell" (Rhystic Study):
the player who cast the spell that triggered the ability may pay the mana; only if they don't do the operations
happen. The part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from
here; executed by the game loop (engine/game/thatplayer.py)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class UnlessPays(_Op):
    """118.12, 603.2: "[operations] unless that player pays {1}": as the ability resolves, the player the triggering
    event was about (``who: that_player``: the player who cast the spell, 601.2i) may pay the mana (118.3: really
    paid; a game file: {may: true, by: PLAYER, tap: [...]} or {may: false, by: PLAYER}); the operations happen only
    if they don't (608.2c). "you may draw a card unless that player pays {1}": the payment is offered first, then its
    controller chooses whether to draw (the `may` inside)."""

    op: Literal["unless_pays"]
    who: Literal["that_player", "target_controller", "you", "target"] = Field(
        description="who may pay: the player the triggering event was about (603.2); target_controller: the controller of "
                    "the ability's one target as it resolves (\"Return target creature to its owner's hand unless its "
                    "controller pays {1}\"); you: the ability's controller (\"tap this creature unless you pay {3}\"); "
                    "target: the ability's one target player (\"Target player discards their hand unless they pay 7 "
                    "life\")")
    cost: Optional[str] = Field(default=None, pattern=r"^(\{([WUBRGC]|\d+)\})+$|^(\{E\})+$",
                                description="the mana they may pay (118.12), or energy counters ({E}, 107.14)")
    life: Optional[int] = Field(default=None, ge=1, description="119.4: the life they may pay instead of mana (\"tap this "
                                                                "creature unless you pay 1 life\"; only with that much "
                                                                "life or more)")
    one_shot: list["OneShot"] = Field(min_length=1, description="what happens only if they don't pay")

    @model_validator(mode="after")
    def _one_payment(self) -> "UnlessPays":
        if (self.cost is None) == (self.life is None):
            raise ValueError("unless_pays: one payment, 'cost' (mana, energy) or 'life'")
        return self
