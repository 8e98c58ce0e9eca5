"""A static ability that changes a player's maximum hand size (402.2: normally seven; 514.1: the active player
discards down to it in their cleanup step), issue 21, round 12: "Your maximum hand size is two." (set),
"Your maximum hand size is increased by one.", "Each opponent's maximum hand size is reduced by two." (change), "Players have no maximum hand size." (unlimited).
613.11: an effect on the game's rules, applied after the effects on objects, in timestamp order with the others
of its kind (no_max_hand_size too: engine/game/handsize.py)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator


class MaxHandSize(BaseModel):
    """Whose maximum hand size, and what it becomes: a number (set) or a change (change: + or -)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    players: Literal["you", "opponents", "chosen", "each"] = Field(
        description="its controller's ('Your maximum hand size'), each opponent's ('Each opponent's maximum hand "
                    "size'), the player chosen as the source entered ('The chosen player's maximum hand size', "
                    "614.12: its choices.player), or every player's ('Players have no maximum hand size.')")
    set: Optional[int] = Field(default=None, ge=0, description="'is two': the maximum hand size becomes this number")
    change: Optional[int] = Field(default=None, description="'is increased by one' (+1), 'is reduced by two' (-2)")
    unlimited: Optional[Literal[True]] = Field(default=None, description="'Players have no maximum hand size.' (402.2: "
                                                                        "no maximum; 514.1: nothing is discarded in the "
                                                                        "cleanup step)")

    @model_validator(mode="after")
    def _one(self) -> "MaxHandSize":
        if (self.set is not None) + (self.change is not None) + bool(self.unlimited) != 1:
            raise ValueError("a maximum hand size is set to a number, changed by one or removed, one of them")
        return self
