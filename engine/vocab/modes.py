"""The instruction of a modal spell or ability to choose among its modes (700.2), the field ``modes`` of a spell
ability (engine/vocab/cardfile.py SpellAbility, announced as it is cast, 601.2b) and of a triggered ability (603.3c:
announced as it is put on the stack, engine/game/triggers.py; the choices that follow the modes of a triggered
ability, engine/game/modal.py)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.vocab.selector import Condition


class ModeChoice(BaseModel):
    """700.2: a modal spell's instruction to choose among its modes, the spell abilities of the card
    whose text begins with a bullet ("• ..."), numbered from 1 in the order printed; a modal triggered
    ability's (603.3c), among the ``mode`` abilities that follow it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    number: int = Field(default=1, ge=1, description="how many modes are chosen: 'Choose one' (1), 'Choose two' (2)")
    any_number: bool = Field(default=False, description="'Choose one or more' / 'any number': one mode or more, "
                                                        "each at most once (700.2d)")
    any_number_if_kicked: bool = Field(default=False, description="'If this spell was kicked, choose any number "
                                                                  "instead' (601.4: the kicker, announced later, "
                                                                  "counts as the modes are announced)")
    # --- the choices of a modal triggered ability (603.3c: announced as it is put on the stack) ---
    up_to: bool = Field(default=False, description="700.2, 603.3c: 'choose up to one —': no mode or as many as "
                                                   "`number` (a triggered ability with no mode chosen is removed from "
                                                   "the stack, 603.3c)")
    unchosen: Literal["this_turn", "ever"] | None = Field(
        default=None, description="700.2, 400.7: 'choose one that hasn't been chosen —' (ever) / '... this turn —': "
                                  "only a mode not yet chosen for this ability of this object (an object that changed "
                                  "zones is a new object: its record starts again), ever or this turn; none left, no "
                                  "mode can be chosen (603.3c: removed from the stack)")
    at_random: bool = Field(default=False, description="700.2, 603.3c: 'choose one at random —': the mode is chosen "
                                                       "at random among those that can be chosen, not by a player")
    more_if: Condition | None = Field(
        default=None, description="601.2b: 'Choose one. If you control a Wizard as you cast this spell, you may choose "
                                  "two instead.' (a spell's): `more` modes may be chosen instead when the condition "
                                  "holds as the modes are announced")
    more: int | None = Field(default=None, ge=2, description="with `more_if`: how many modes then ('both', 'two': 2)")
    repeat: bool = Field(default=False, description="700.2d: 'Choose three. You may choose the same mode more than "
                                                    "once.': `number` modes, a mode chosen several times followed as "
                                                    "if it appeared that many times in a row")

    @model_validator(mode="after")
    def _one_way(self) -> "ModeChoice":
        ways = [self.up_to, self.unchosen is not None, self.at_random, self.repeat]
        if sum(ways) > 1 or any(ways) and (self.any_number or self.any_number_if_kicked):
            raise ValueError("'up to', 'that hasn't been chosen', 'at random' and 'the same mode more than once' each "
                             "go alone with a number of modes, not with 'one or more' (700.2, 700.2d)")
        if (self.more_if is None) != (self.more is None) or self.more_if is not None and (any(ways) or self.any_number
                                                                                          or self.any_number_if_kicked):
            raise ValueError("more_if and more go together, with a number of modes alone (601.2b)")
        return self
