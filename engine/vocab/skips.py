"""A static ability that makes players skip a step of their turns (614.10: "skip [something]" means "instead of doing
[something], do nothing"; a replacement effect, applied as the step would begin; 500.11: a skipped step is
proceeded past as though it didn't exist): "Skip your draw step." (Necropotence), "Skip your untap step."
(Necro-Impotence), "Players skip their untap steps." (Stasis), "Players skip their upkeep steps." (Eon Hub).
The game loop reads it as each step of the turn would begin (engine/game/skips.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class StepSkip(BaseModel):
    """Whose steps are skipped, and which step (614.10)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Literal["you", "each"] = Field(description="its controller's turns ('Skip your draw step.'), or every "
                                                        "player's ('Players skip their untap steps.')")
    step: Literal["untap", "upkeep", "draw"] = Field(description="the step skipped each time it would begin (500.11, "
                                                                 "614.10a: nothing scheduled for it happens)")
