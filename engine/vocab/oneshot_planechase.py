"""The one-shot operations of Planechase (901 of the current official rules; the French seed text has no 901: its 311.7
and 701.31 say the same), a part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot``
takes from here. Executed by the game loop (engine/game/planechase.py: OPS)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class Planeswalk(BaseModel):
    """701.31b: "planeswalk": the ability's controller planeswalks (each face-up plane and phenomenon to the bottom of
    its owner's planar deck, the top card of their planar deck turned face up); 701.31a: only the planar controller
    can (another player does nothing)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["planeswalk"]


class ChaosEnsues(BaseModel):
    """311.7: "chaos ensues": the chaos abilities ("Whenever chaos ensues") of the face-up planes trigger."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["chaos_ensues"]
