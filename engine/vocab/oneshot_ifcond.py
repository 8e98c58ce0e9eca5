"""Conditional instructions (issue 21, conditions on one-shot instructions: 608.2c): "Target creature gets -4/-4 until
end of turn. If you control a Wizard, draw a card.", "Then if you control eight or more artifacts, ...", "draw a card
if you control a creature with power 4 or greater", "If this spell was kicked, draw a card." (702.33d), "If this spell was bargained, ..." (702.166b). The condition
is checked when the resolving spell or ability reaches that instruction (608.2c: its instructions are followed in
order; a condition on the game is read as the game is then), not as it is cast or put on the stack (that is an
intervening "if", 603.4: the ability's ``if_condition``). The part of the card vocabulary's ``one_shot`` that
engine/vocab/oneshot.py's union ``OneShot`` takes from here; executed by the game loop (engine/game/ifcond.py)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.vocab.selector import Condition


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class IfCondition(_Op):
    """608.2c: "If [condition], [instructions]." in a resolving spell's or ability's instructions: as the resolution
    reaches it, the condition is checked (the vocabulary's Condition, as engine/game/conditions.py evaluates it for
    the spell's or ability's controller and source; or ``kicked``: the resolving spell was cast with its kicker,
    702.33d); the operations happen only if it holds, the ``otherwise`` ones only if it doesn't ("If you control a
    Wizard, draw three cards instead.": the instruction before it, replaced)."""

    op: Literal["if"]
    condition: Optional[Condition] = Field(default=None, description="the condition on the game, checked as the "
                                                                     "instruction is reached (608.2c)")
    kicked: bool = Field(default=False, description="702.33d: instead of a condition on the game, 'if this spell was "
                                                    "kicked' (the spell's kicker cost was paid as it was cast, 601.2f)")
    bargained: bool = Field(default=False, description="702.166b-c *(EN, current official rules)*: instead of a "
                                                       "condition on the game, 'if this spell was bargained' (its "
                                                       "controller declared the intention to pay its bargain cost, "
                                                       "601.2b)")
    one_shot: list["OneShot"] = Field(min_length=1, description="what happens if the condition holds")
    otherwise: list["OneShot"] = Field(default_factory=list, description="what happens if it doesn't ('[instruction]. "
                                                                         "If [condition], [instruction] instead.')")

    @model_validator(mode="after")
    def _one(self) -> "IfCondition":
        if [self.condition is not None, self.kicked, self.bargained].count(True) != 1:
            raise ValueError("an 'if' instruction has a condition on the game (condition), 'kicked' or 'bargained', "
                             "one of them")
        return self


class RepeatProcess(_Op):
    """608.2c (issue 24): "Repeat this process once.", "You may repeat this process any number of times.": the
    instructions before it in the ability (the "process": every instruction before this one, its last) are followed
    again, in order, ``times`` more times, or, with ``may``, each time its controller chooses to ({may: true} /
    {may: false} as the process ends; --auto: they don't repeat it). 104.4b: a loop that contains an optional action
    doesn't end the game in a draw: the controller's answers end it (engine/game/repeat.py)."""

    op: Literal["repeat_process"]
    times: Optional[int] = Field(default=None, ge=1, le=1, description="'Repeat this process once': 1")
    may: bool = Field(default=False, description="'You may repeat this process any number of times'")

    @model_validator(mode="after")
    def _one_form(self) -> "RepeatProcess":
        if (self.times is None) == (not self.may):
            raise ValueError("repeat_process has either 'times' (Repeat this process once) or 'may: true' (You may "
                             "repeat this process any number of times)")
        return self
