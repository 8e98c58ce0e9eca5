"""The one-shot operation added in issue 21 for blight (701.68, the seed's text: « Appliquer gangrène N » signifie
mettre N marqueurs -1/-1 sur une créature que vous contrôlez), a part of the card vocabulary's ``one_shot`` that
engine/vocab/oneshot.py's union ``OneShot`` takes from here. Executed by the game loop (engine/game/blight.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field


class Blight(BaseModel):
    """701.68a: "blight N" (``who: you``, the controller of the spell or ability), "each opponent blights N" (``who:
    each_opponent``, in turn order from the active player, 101.4): that player chooses a creature they control and puts
    N -1/-1 counters on it; nothing when they control no creature. 701.68b: a player unable to put N -1/-1 counters on a
    creature they control can't choose to blight: "you may blight N. If you do, ..." (a `may`'s first operation, whose
    ``if_you_do`` / ``otherwise`` the loop knows was done)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["blight"]
    amount: int = Field(ge=1, description="701.68a: N, the -1/-1 counters put on the creature chosen")
    who: Literal["you", "each_opponent"] = Field(default="you", description="701.68a: the player who blights")
