"""The one-shot operation added in issue 21 for schemes (314; Archenemy, 904 in the current official rules: the seed's
French text cites 904 but stops before it), a part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's
union ``OneShot`` takes from here. Executed by the game loop (engine/game/schemes.py: bar_extra_turn)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict


class NoSchemesThatTurn(BaseModel):
    """"Schemes can't be set in motion that turn." after "take an extra turn after this one" (All in Good Time): in the
    extra turn the instruction before it created (500.7), no scheme is set in motion (701.32; 505.3: the archenemy's
    turn-based action doesn't happen that turn). Only right after its controller's own {op: extra_turn}."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["no_schemes_that_turn"]
