"""The one-shot operation added in issue 21 for Sagas and transforming double-faced cards (712, 701.27: the current
official rules for 712, the seed text stopping at 702.42), a part of the card vocabulary's ``one_shot`` that
engine/vocab/oneshot.py's union ``OneShot`` takes from here. Executed by the game loop (engine/game/sagas.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class ExileReturn(BaseModel):
    """"Exile this Saga, then return it to the battlefield transformed under your control.", "Exile ~, then return it to
    the battlefield transformed under its owner's control.", "Exile this Saga, then return it to the battlefield." (the
    source): 406.1, 400.7: the source, if it is still the object the ability is of, is exiled; then the card it became
    in exile, a new object (none of its counters: a Saga's lore counters start again, 714.3a), is put onto the
    battlefield under ``under``'s control (110.2a: its owner's when the text says none); ``transformed``: with its back
    face up (712, current official rules; a card that is not a transforming double-faced card stays in exile)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["exile_return"]
    transformed: bool = Field(default=False, description="712: put onto the battlefield with its back face up")
    under: Literal["you", "owner"] = Field(default="owner", description="whose control it returns under (110.2a: "
                                                                        "the owner's when not said)")
