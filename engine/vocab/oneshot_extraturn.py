"""A one-shot operation added in issue 21 for extra turns (500.7): "Skip the untap step of that turn." after "take an extra
turn after this one", a part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot``
takes from here. Executed by the game loop (engine/game/turn.py: restrict_extra, the untap step skipped)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class SkipUntapThatTurn(BaseModel):
    """"Skip the untap step of that turn." after "take an extra turn after this one" (Savor the Moment, Time Bends to My
    Will): the extra turn the instruction before it created (500.7) has no untap step (500.11, 614.10: a skipped step
    is passed over as if it didn't exist: nothing untaps, 502.3, and nothing else of it happens). Only right after its
    controller's own {op: extra_turn}."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["skip_untap_that_turn"]
