"""The one-shot operations of issue 21's instructions on every permanent a selector matches (608.2c): "Exile all
creatures." (701.13a), "Return all creatures to their owners' hands." (400.3). Destroying them is Destroy's (``what:
each``, engine/vocab/oneshot.py); the number of objects one of them moved is engine/vocab/amount.py's ThisWay."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import Selector


class MoveEach(BaseModel):
    """701.13a, 400.3, 608.2c: "Exile all creatures", "Return all nonland permanents to their owners' hands": every
    permanent ``what`` matches as the spell or ability resolves moves at once (one event) to exile (``exile_each``) or
    to its owner's hand (``return_each``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["exile_each", "return_each"]
    what: Selector = Field(description="the permanents, matched on the battlefield as it resolves (608.2c); with a "
                                       "zone, the cards of that zone")
    player_target: bool = Field(default=False, description="the selector's 'you' is the player the target `target` is "
                                                           "('all nonland permanents target player controls', 115.1)")
    target: int = Field(default=1, ge=1, description="with player_target: which target (1-based)")
