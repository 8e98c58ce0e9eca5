"""The one-shot operation added in issue 21 for day and night (731, the current official Comprehensive Rules: the seed
text stops at 702.42; its 502.2 names the rule), a part of the card vocabulary's ``one_shot`` that engine/vocab/
oneshot.py's union ``OneShot`` takes from here. Executed by the game loop (engine/game/transform.py: by_effect)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class BecomeDayNight(BaseModel):
    """731 (the current official rules): "It becomes night.", "it becomes day": it becomes that, from the other or
    from neither; already that, nothing changes (no "day becomes night" event). As it becomes night, the daybound
    permanents transform; as it becomes day, the nightbound ones (702.145b, 702.145d: engine/game/transform.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["become_day_night"]
    to: Literal["day", "night"] = Field(description="what it becomes")
