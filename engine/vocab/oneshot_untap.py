"""The one-shot operation added in issue 21 (round 21) for "Untap up to four lands." (608.2d, 701.26b): permanents its
controller chooses as the spell or ability resolves, untapped; a part of the card vocabulary's ``one_shot`` that
engine/vocab/oneshot.py's union ``OneShot`` takes from here. Executed by the game loop (engine/game/untap_chosen.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import Selector


class UntapChosen(BaseModel):
    """608.2d, 701.26b: "Untap up to four lands.", "untap up to three lands you control": as it resolves, its controller
    chooses up to ``amount`` permanents ``what`` matches (any player's, unless it says "you control"; none at all is a
    choice too), and those that are tapped untap."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["untap_chosen"]
    amount: int = Field(ge=1, le=1000, description="the most permanents chosen ('up to four')")
    what: Selector = Field(description="the permanents that may be chosen ('lands': {types: [Land]})")
