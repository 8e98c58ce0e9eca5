"""The one-shot operations added in issue 21 for tapping and untapping what a resolving spell or ability names
(701.26), a part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from
here. Executed by the game loop (engine/game/tap_ops.py). (Untapping each permanent a selector matches is the
vocabulary's ``untap_each``, engine/vocab/oneshot_delay.py.)"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import Selector


class TapEach(BaseModel):
    """701.26a, 608.2c: "Tap all creatures without flying", "tap all other creatures": each permanent ``what`` matches
    as the spell or ability resolves becomes tapped (those already tapped stay so)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["tap_each"]
    what: Selector = Field(description="the permanents, matched on the battlefield as it resolves (608.2c)")
    player_target: bool = Field(default=False, description="the selector's 'you' is the player the target `target` is "
                                                           "('Tap all creatures target player controls', 115.1)")
    target: int = Field(default=1, ge=1, description="with player_target: which target (1-based)")


class DoesntUntapWhileTapped(BaseModel):
    """502.3, 611.2a-b: "It doesn't untap during its controller's untap step for as long as this creature remains
    tapped." (after "Tap target land."): a continuous effect on the target, from the source, which lasts while the
    source is tapped on the battlefield (while_source_tapped): the target doesn't untap in its controller's untap steps
    (engine/game/turn.py, the effect's doesnt_untap); it does nothing if the source is no longer tapped as it
    resolves."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["doesnt_untap_while_tapped"]
    target: int = Field(default=1, ge=1, description="the target (601.2c: its number among the ability's)")


class TapOrUntap(BaseModel):
    """701.26a, 608.2d: "tap or untap target creature" (in "you may tap or untap ...": {op: may, one_shot: [this]}): its
    controller chooses to tap the target or to untap it as it resolves. Of the two, only one changes the permanent (an
    untapped permanent can be tapped, a tapped one untapped; the other does nothing), so the operation does that one:
    the target becomes tapped if it is untapped, untapped if it is tapped (the choice to change nothing is the may's)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["tap_or_untap"]
    target: int = Field(default=1, ge=1, description="the target (601.2c: its number among the ability's)")
