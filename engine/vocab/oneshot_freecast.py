"""The one-shot operation added in issue 21 for casting without paying the mana cost, a part of the card vocabulary's
``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from here: "You may cast a spell with mana value 4
or less from your hand without paying its mana cost." (Baral's Expertise), "you may cast target instant card from your
graveyard without paying its mana cost. If that spell would be put into your graveyard, exile it instead.". Executed by the game loop
(engine/game/freecast.py): the spell is cast while the spell or ability resolves (608.2g), its timing permissions
ignored, through every step of 601.2, an alternative cost of no mana (118.9; 107.3b: X is 0), its additional costs
payable; its controller may decline."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.effects import SpellQuality


class CastFree(BaseModel):
    """608.2g, 118.9, 601.2: "you may cast [a spell] from your hand without paying its mana cost": as the spell or
    ability resolves, its controller may cast one card from their hand (``from_zone``) whose resulting spell ``spells``
    names (601.3e: the characteristics it is cast with; 202.3: its mana value on the stack, X being 0, 107.3b), without
    paying its mana cost (`mtgjudge play`: {cast: ID, free: true} with its targets, or {may: false}; --auto: none)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["cast_free"]
    from_zone: Literal["hand", "graveyard"] = Field(default="hand", description=(
        "the zone the card is cast from (601.2a): its controller's hand; graveyard: the graveyard of the card the "
        "ability targets ('you may cast target instant card from your graveyard', with target)"))
    target: int = Field(default=1, ge=1, description="from_zone graveyard: the card is the ability's target N (115.1: "
                                                     "'target instant or sorcery card from your graveyard'; 608.2b: "
                                                     "none if it is illegal as it resolves)")
    exile_instead: bool = Field(default=False, description="614.1a: 'If that spell would be put into your graveyard, "
                                                           "exile it instead.': the spell cast this way is exiled "
                                                           "whenever it would go to a graveyard from the stack")
    spells: Optional[SpellQuality] = Field(default=None, description="the spells it may be (601.3e, 202.3: 'a spell "
                                                                     "with mana value 4 or less', 'an instant or "
                                                                     "sorcery spell'); none: any spell")



class ExileUntilNonland(BaseModel):
    """701.13a: "Exile cards from the top of your library until you exile a nonland card." (one at a time, until a
    nonland card is exiled or the library is empty; the cards stay in exile); ``cast_free``: "You may cast that card
    without paying its mana cost." after it (608.2g, 118.9: the nonland card, cast from exile as the spell or ability
    resolves, `mtgjudge play` {cast: ID, free: true} or {may: false}; engine/game/freecast.py)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["exile_until_nonland"]
    cast_free: bool = Field(default=False, description="608.2g, 118.9: its controller may cast the nonland card exiled "
                                                       "this way without paying its mana cost, as it resolves")


class ExileTopCastAny(BaseModel):
    """701.13a, 608.2g, 118.9: "exile the top card of each player's library, then you may cast any number of spells from
    among those cards without paying their mana costs." (Etali, Primal Storm): each player's top card exiled at once;
    then, as the ability resolves, its controller casts any of those cards, one after another, without paying their
    mana costs (`mtgjudge play`: {cast: ID, free: true} for each, then {may: false}; --auto: none;
    engine/game/freecast.py). The cards not cast stay in exile."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["exile_top_cast_any"]
    who: Literal["each_player"] = Field(default="each_player", description="whose libraries: each player's (101.4: in "
                                                                           "turn order from the active player)")
