"""One-shot operations on spells on the stack (issue 21, "spells on the stack: copying and countering"): countering a
spell (701.6a), exiled instead of put into its owner's graveyard when the text says so (614.1a), and copying a spell
(707.10), the target one or the one that triggered the ability, with new targets its controller may choose (707.10c).
The part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from here;
executed by the game loop (engine/game/instructions.py, engine/game/resolve.py: ``copy_spell``)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.vocab.selector import Count


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class Counter(_Op):
    """701.6a: counter the target spell: it is removed from the stack, none of its effects happen, and
    it goes to its owner's graveyard (a copy ceases to exist); a spell that can't be countered stays."""

    op: Literal["counter"]
    target: int = Field(default=1, ge=1)
    unless_pays: Optional[str] = Field(default=None, pattern=r"^((\{([WUBRGC]|\d+)\})+|\{X\})$",
                                       description="118.12a: 'counter target spell unless its controller pays {3}': "
                                                   "that spell's controller may pay this mana as it resolves; if "
                                                   "they don't, it is countered ({X}: the X announced for the "
                                                   "countering spell, 107.3a)")
    exile: bool = Field(default=False, description="614.1a, 701.6a: 'If that spell is countered this way, exile it "
                                                   "instead of putting it into its owner's graveyard.' (a replacement "
                                                   "of that event only)")
    unless_pays_each: Optional[Count] = Field(
        default=None, description="118.12a, 608.2h: 'unless its controller pays {1} for each card in your graveyard', "
                                  "'... pays {2} plus an additional {1} for each Faerie you control': the generic mana "
                                  "its controller may pay, counted as the counterspell resolves (times: the mana for "
                                  "each; plus: the fixed part)")

    library_top: bool = Field(default=False, description="614.1a, 701.6a: 'If that spell is countered this way, put it on "
                                                         "top of its owner's library instead of into that player's "
                                                         "graveyard.' (a replacement of that event only)")

    @model_validator(mode="after")
    def _one_cost(self) -> "Counter":
        if self.unless_pays is not None and self.unless_pays_each is not None:
            raise ValueError("unless_pays and unless_pays_each are one cost given two ways")
        if self.exile and self.library_top:
            raise ValueError("exile and library_top are two places instead of the graveyard")
        return self


class CopySpell(_Op):
    """707.10: "copy it": a copy of the spell is put on the stack under the controller of the ability, not cast,
    with the spell's characteristics, modes, X, division and targets: the spell that triggered the ability
    ("Whenever you cast an instant or sorcery spell, copy it"), or the target spell ("Copy target instant or
    sorcery spell"); a spell that left the stack is not copied."""

    op: Literal["copy_spell"]
    what: Literal["triggering", "target"] = Field(default="triggering", description="triggering: the spell whose "
                                                                                   "casting triggered the ability; "
                                                                                   "target: the target spell")
    target: int = Field(default=1, ge=1, description="what: target: which target (601.2c)")
    new_targets: bool = Field(default=False, description="707.10c: 'You may choose new targets for the copy.' (its "
                                                         "controller may change any of them to legal ones; a game file: "
                                                         "{copy_targets: [...]})")
