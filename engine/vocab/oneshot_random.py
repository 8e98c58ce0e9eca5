"""The one-shot operations added in issue 21 for randomness as a spell or ability resolves: a coin flip (705, the
current official Comprehensive Rules: the seed text stops at 702.42) and a clash (701.30, the seed text's
"Confronter"). The part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes
from here; executed by the game loop (engine/game/random_ops.py). Their branches have the field names of a conditional
instruction's (engine/vocab/oneshot_ifcond.py): ``one_shot`` (won) and ``otherwise`` (lost), so that every reader that
walks nested instructions walks them too."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class FlipCoin(_Op):
    """705.1 (current official rules): "Flip a coin. If you win the flip, [instructions]. If you lose the flip,
    [instructions].": the controller of the spell or ability flips a coin and calls it; they win the flip if the call
    matches the result, else they lose it (only that player wins or loses it). The operations of ``one_shot`` happen
    only if they won, those of ``otherwise`` only if they lost. The result comes from the game file ({flip: win |
    lose}, docs/play.md) or is drawn at random, seeded by the game (the same game file plays the same way)."""

    op: Literal["flip_coin"]
    one_shot: list["OneShot"] = Field(default_factory=list, description="705.1: what happens if its controller wins "
                                                                        "the flip ('If you win the flip, ...')")
    otherwise: list["OneShot"] = Field(default_factory=list, description="705.1: what happens if they lose it ('If "
                                                                         "you lose the flip, ...')")

    @model_validator(mode="after")
    def _a_branch(self) -> "FlipCoin":
        if not self.one_shot and not self.otherwise:
            raise ValueError("a coin flip with nothing happening on a win or a loss (705.1)")
        return self


class Clash(_Op):
    """701.30a-d: "Clash with an opponent. If you win, [instructions].": its controller chooses an opponent (701.30b);
    each of them reveals the top card of their library at the same time, then in APNAP order (101.4) each decides
    whether that card goes on the bottom of their library (701.30a), and the cards move at the same time (701.30c); the
    controller wins if their card's mana value is greater than that of every other card revealed (701.30d). The
    operations of ``one_shot`` happen only if they won ("If you win, ..."), those of ``otherwise`` only if not
    ("Otherwise, ...")."""

    op: Literal["clash"]
    one_shot: list["OneShot"] = Field(min_length=1, description="701.30d: what happens if its controller wins the "
                                                                "clash ('If you win, ...')")
    otherwise: list["OneShot"] = Field(default_factory=list, description="what happens if they don't ('Otherwise, "
                                                                         "...')")
