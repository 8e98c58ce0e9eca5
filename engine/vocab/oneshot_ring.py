"""The one-shot operation added in issue 21 for the Ring (701.54, the current official Comprehensive Rules: the seed text
stops at 702.42), a part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes
from here. Executed by the game loop (engine/game/ring.py: tempt)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class RingTempts(BaseModel):
    """701.54a, 701.54c, 701.54d: "the Ring tempts you": the controller of the spell or ability gets the emblem named The
    Ring if they have none, it gains its next ability (of four), and they choose a creature they control as their
    Ring-bearer (if they control one). The emblem's abilities are the game loop's (engine/game/ring.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["ring_tempts"]
