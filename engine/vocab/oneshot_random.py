"""The one-shot operations added in issue 21 for randomness as a spell or ability resolves: a coin flip (705, the
current official Comprehensive Rules: the seed text stops at 702.42) and a clash (701.30, the seed text's
"Confronter"), and a die roll with its results table (706, current official rules). The part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes
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


class DieResult(_Op):
    """706: one row of a results table ("10—19 | Create two Treasure tokens."): the results from ``low`` to ``high``
    and what happens when the die shows one of them."""

    low: int = Field(ge=1, description="the row's lowest result")
    high: int = Field(ge=1, description="the row's highest result (``low`` for a row of one result, '20 | ...')")
    one_shot: list["OneShot"] = Field(min_length=1, description="what happens on one of these results")


class RollDie(_Op):
    """706 (current official rules): "Roll a d20." and its results table (the rows printed after it, "1—9 | ...",
    "10—19 | ...", "20 | ..."): the controller of the spell or ability rolls a die of ``sides`` faces, its result a
    number from 1 to ``sides``, and the operations of the row that holds the result happen. The result comes from the
    game file ({roll: N}, docs/play.md: a number the die can't show is an error of the game file) or is drawn at
    random, seeded by the game. The rows cover each result from 1 to ``sides`` once, in order. Without a table, the
    instruction after it reads the result ("Roll a d20. Draw cards equal to the result.": engine/vocab/amount.py's
    Rolled)."""

    op: Literal["roll_die"]
    sides: Literal[4, 6, 8, 10, 12, 20] = Field(description="the die's number of faces (d4 ... d20)")
    results: list[DieResult] = Field(default_factory=list, description="the results table, its rows in order from 1; "
                                                                       "none: the instruction after it reads the "
                                                                       "result ('equal to the result': {rolled: result})")

    @model_validator(mode="after")
    def _whole_table(self) -> "RollDie":
        if not self.results:
            return self
        at = 1
        for row in self.results:
            if row.low != at or row.high < row.low:
                raise ValueError("a results table's rows go from 1 up, each after the one before it (706)")
            at = row.high + 1
        if at != self.sides + 1:
            raise ValueError(f"a results table covers each result of the die, 1 to {self.sides} (706)")
        return self
