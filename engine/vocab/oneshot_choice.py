"""The one-shot operation added in issue 21 for the values a player chooses as a spell or ability resolves ("the color
of your choice", "the creature type of your choice"), a part of the card vocabulary's ``one_shot`` that
engine/vocab/oneshot.py's union ``OneShot`` takes from here. Executed by the game loop (engine/game/choice_ops.py);
the continuous effect the same spell or ability creates reads the value from its ``choices`` (611.2, the layers
program's chosen_color / chosen_ctype facts, as for a value chosen as a permanent entered, 614.12)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.vocab.selector import Selector


class ChooseValue(BaseModel):
    """608.2d: its controller chooses a value as the spell or ability resolves: ``choice: color`` (one of the five
    colors, 105.1: "protection from the color of your choice") or ``creature_type`` (a creature type, 205.3m: "becomes
    the creature type of your choice"). The continuous effect of the same spell or ability (its ``continuous``, 611.2)
    reads it: ``quality: chosen color`` of a granted protection, ``chosen: true`` of set_creature_types; ``basic_land_type``
    (one of the five, 305.6: "becomes the basic land type of your choice"), ``chosen: true`` of set_land_types (305.7)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["choose_value"]
    choice: Literal["color", "creature_type", "basic_land_type", "source"] = Field(
        description="what is chosen: a color (105.1), a creature type (205.3m), a basic land type (305.6), or a source "
                    "of damage (609.7a: a permanent or a spell on the stack; the prevention effect the same ability "
                    "creates names it, selector chosen_source: 'the next time a source of your choice would deal "
                    "damage to you this turn')")
    source_is: Optional[Selector] = Field(
        default=None, description="choice source: what the chosen source must be as it is chosen ('a red source of "
                                  "your choice': {colors: [Red]}, 609.7a; the effect checks it again as the source "
                                  "would deal damage, 615.9: its selector has it too)")

    other_than: Optional[str] = Field(
        default=None, description="choice creature_type: the one creature type that may not be chosen (205.3m: 'Choose "
                                  "a creature type other than Wall')")

    @model_validator(mode="after")
    def _source_only(self) -> "ChooseValue":
        if self.source_is is not None and self.choice != "source":
            raise ValueError("'source_is' goes with 'choice: source'")
        if self.other_than is not None and self.choice != "creature_type":
            raise ValueError("'other_than' goes with 'choice: creature_type'")
        return self
