"""The one-shot operations added in issue 21 for hands (402, 701.9, 701.20), a part of the card vocabulary's ``one_shot``
that engine/vocab/oneshot.py's union ``OneShot`` takes from here: a hand revealed or looked at ("Target opponent reveals
their hand.", "Look at target player's hand."), a card chosen from a revealed hand and exiled ("You choose a nonland card
from it and exile that card."), cards discarded at random ("Target player discards two cards at random."). Executed by
the game loop (engine/game/hand_ops.py)."""

from __future__ import annotations

from typing import Annotated, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import CardType

# (engine/vocab/oneshot.py's Who, less the players no hand template names)
HandWho = Literal["you", "target", "each_opponent", "each_player", "that_player", "target_controller"]  # (608.2h: its controller)


class RevealHand(BaseModel):
    """701.20a, 402.3: "Target opponent reveals their hand." (every player sees it); ``look: true``: "Look at target
    player's hand." (701.20b-like: only the ability's controller sees it). Nothing else happens (the game log shows
    the cards)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["reveal_hand"]
    who: HandWho = "target"
    look: bool = Field(default=False, description="the ability's controller looks at it (no other player sees it)")


class ManaValueBound(BaseModel):
    """202.3, 701.20a: the card chosen from a revealed hand has a mana value in these bounds ("You choose a nonland card
    from it with mana value 3 or less."; its mana value as a card in that zone; matched by bridge/selectors.py's
    compare, as a selector's)."""

    mana_value_at_most: Optional[int] = Field(default=None, ge=0, description="202.3: its mana value is this or less "
                                                                             "('with mana value 3 or less')")
    mana_value_at_least: Optional[int] = Field(default=None, ge=0, description="202.3: its mana value is this or "
                                                                              "greater ('with mana value 3 or greater')")


class ExileChosen(ManaValueBound):
    """701.20a, 406.1: "Target opponent reveals their hand. You choose a nonland card from it and exile that card.": as
    discard_chosen (the same choice: ``types``, ``not_types``), the card chosen is exiled instead of discarded
    (`mtgjudge play`: {discard: [ID], by: CONTROLLER}; --auto: the first such card of the hand); "You choose a nonland
    card from that player's graveyard or hand and exile it.": ``graveyard``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["exile_chosen"]
    who: HandWho = "target"
    types: list[CardType] = Field(default_factory=list, description="the card chosen has one of these (none: any card)")
    not_types: list[CardType] = Field(default_factory=list, description="the card chosen has none of these ('nonland')")
    graveyard: bool = Field(default=False, description="'from that player's graveyard or hand': a card of their "
                                                       "graveyard may be chosen too")


class DiscardRandom(BaseModel):
    """701.9b: "Target player discards two cards at random.": the cards are chosen at random among those of the
    player's hand (all of them when there are that many or fewer), then discarded at once."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["discard_random"]
    who: HandWho = "you"
    amount: Union[Annotated[int, Field(ge=1)], Literal["x"]] = Field(default=1, description="x: the spell's X (107.3a)")
