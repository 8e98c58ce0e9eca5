"""One-shot operations added in issue 21 for mana a resolving spell or ability adds (the part of the card
vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from here; a fixed amount is its
``add_mana``): mana of a kind its controller chooses as it resolves (106.1, 608.2d). Executed by the game loop
(engine/game/mana.py: Mana.add_choice)."""

from __future__ import annotations

import re
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

_SYMBOLS = re.compile(r"^(\{[WUBRGC]\})+$")


class AddManaChoice(BaseModel):
    """106.1, 608.2d: "add one mana of any color", "add {R} or {G}", "add two mana of any one color", "add two mana
    in any combination of colors": its controller adds one of ``options`` (each mana symbols, e.g. '{G}' or
    '{W}{U}'), chosen as the spell or ability resolves (`mtgjudge play`: {add: LETTERS}; --auto: the first; one
    option: no choice). 106.4, 500.4: ``lasts``: "Until end of turn, you don't lose this mana as steps and phases end."
    (``turn``), "Until end of combat, you don't lose this mana as steps end." (``combat``): that mana stays in the pool
    as steps and phases end until then (the rest empties as usual)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["add_mana_choice"]
    options: list[str] = Field(min_length=1, description="what may be added, each as mana symbols ('{W}', '{W}{U}')")
    lasts: Optional[Literal["turn", "combat"]] = Field(default=None, description="the mana added isn't lost as steps "
                                                                                 "and phases end until the end of this")

    @field_validator("options")
    @classmethod
    def _symbols(cls, options: list[str]) -> list[str]:
        for o in options:
            if not _SYMBOLS.match(o):
                raise ValueError(f"{o!r} is not mana symbols ({{W}}, {{U}}, {{B}}, {{R}}, {{G}}, {{C}})")
        return options

    @model_validator(mode="after")
    def _one(self) -> "AddManaChoice":
        if len(self.options) == 1 and self.lasts is None:
            raise ValueError("one option and no 'lasts': write {op: add_mana, mana: ...}")
        return self
