"""The one-shot operation added in issue 21 (round 21) for "Target player reveals their hand and discards all nonland
cards." (701.20a, 701.9a): a part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot``
takes from here. Executed by the game loop (engine/game/discard_all.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import Selector


class DiscardAll(BaseModel):
    """701.20a, 701.9a: "Target player reveals their hand and discards all nonland cards.", "... all cards of that color"
    (after "Choose a color.", 608.2d), "... all Trap cards": each player ``who`` names reveals their hand, then discards
    every card of it ``card`` matches (a selector of cards in a hand), at once."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["discard_all"]
    who: Literal["you", "target", "each_opponent", "each_player", "target_controller", "that_player"] = "target"
    card: Selector = Field(description="the cards discarded ({zone: hand, ...}: 'nonland cards', 'cards of the chosen "
                                       "color', 'Trap cards')")
