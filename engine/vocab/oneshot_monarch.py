"""The one-shot operation added in issue 21 for the monarch (722, the current official Comprehensive Rules: the seed
text stops at 702.42), a part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot``
takes from here. Executed by the game loop (engine/game/monarch.py: become)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class BecomeMonarch(BaseModel):
    """722.1, 722.3: "you become the monarch" (``who: you``, the controller of the spell or ability), "target player
    becomes the monarch" (``who: target``, a player target): that player becomes the monarch, and the monarch before
    (if any) ceases to be it; one already the monarch stays it. The monarch's two inherent triggered abilities
    (722.2) are the game loop's (engine/game/monarch.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["become_monarch"]
    who: Literal["you", "target"] = "you"
