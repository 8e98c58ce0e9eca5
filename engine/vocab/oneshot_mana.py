"""One-shot operations added in issue 21 for mana a resolving spell or ability adds (the part of the card
vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from here; a fixed amount is its
``add_mana``): mana of a kind its controller chooses as it resolves (106.1, 608.2d). Executed by the game loop
(engine/game/mana.py: Mana.add_choice)."""

from __future__ import annotations

import re
from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.vocab.amount import Quantity
from engine.vocab.selector import Selector

_SYMBOLS = re.compile(r"^(\{[WUBRGC]\})+$")


class SpendRestriction(BaseModel):
    """106.6: what the mana an instruction adds may be spent on ("Spend this mana only to cast instant and sorcery
    spells.", read by engine/vocab/oracle/spend_only.py): ``spells`` (the spells it may pay for, 601.2h; none: no
    spell), ``abilities`` (the sources of the activated abilities whose costs it may pay, 602.2b; an empty selector:
    any source), ``uncounterable`` (the spell it is spent on can't be countered, 106.6, 101.2)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    spells: Optional[Selector] = Field(default=None, description="the spells that mana may pay for")
    abilities: Optional[Selector] = Field(default=None, description="the sources whose activated abilities it may pay")
    uncounterable: bool = Field(default=False, description="the spell it is spent on can't be countered")


class AddManaChoice(BaseModel):
    """106.1, 608.2d: "add one mana of any color", "add {R} or {G}", "add two mana of any one color", "add two mana
    in any combination of colors": its controller adds one of ``options`` (each mana symbols, e.g. '{G}' or
    '{W}{U}'), chosen as the spell or ability resolves (`mtgjudge play`: {add: LETTERS}; --auto: the first; one
    option: no choice). 106.6: ``spend_only``: what that mana may be spent on (the sentence after the instruction).
    106.4, 500.4: ``lasts``: "Until end of turn, you don't lose this mana as steps and phases end."
    (``turn``), "Until end of combat, you don't lose this mana as steps end." (``combat``): that mana stays in the pool
    as steps and phases end until then (the rest empties as usual)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["add_mana_choice"]
    options: list[str] = Field(min_length=1, description="what may be added, each as mana symbols ('{W}', '{W}{U}')")
    lasts: Optional[Literal["turn", "combat"]] = Field(default=None, description="the mana added isn't lost as steps "
                                                                                 "and phases end until the end of this")
    spend_only: Optional[SpendRestriction] = Field(default=None, description="106.6: what that mana may be spent on")

    @field_validator("options")
    @classmethod
    def _symbols(cls, options: list[str]) -> list[str]:
        for o in options:
            if not _SYMBOLS.match(o):
                raise ValueError(f"{o!r} is not mana symbols ({{W}}, {{U}}, {{B}}, {{R}}, {{G}}, {{C}})")
        return options

    @model_validator(mode="after")
    def _one(self) -> "AddManaChoice":
        if len(self.options) == 1 and self.lasts is None and self.spend_only is None:
            raise ValueError("one option and no 'lasts' nor 'spend_only': write {op: add_mana, mana: ...}")
        return self


class AddTappedMana(BaseModel):
    """605.1b, 605.4a, 106.12a: what a triggered mana ability adds ("Whenever enchanted land is tapped for mana, its
    controller adds an additional {G}.", "Whenever a player taps a land for mana, that player adds one mana of any type
    that land produced."): only in the one_shot of a trigger {event: tapped_for_mana}, which never uses the stack: it
    resolves at once after the mana ability that tapped the permanent (engine/game/manatrig.py). The mana goes to the
    pool of the player who tapped it (``tapper``: the words naming them, "its controller", "that player", "you": 602.2,
    only a permanent's controller activates its mana abilities), who chooses among ``options`` (`mtgjudge play`: {add:
    LETTERS, by: PLAYER}; --auto: the first). One of: ``options`` (each mana symbols: '{G}', '{G}{G}' or one per color),
    ``chosen_color`` (one mana of the color chosen for the source as it entered, 614.12; none chosen: none added),
    ``produced`` (one mana of any type the permanent's mana ability produced, 106.1b)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["add_tapped_mana"]
    tapper: Literal["its_controller", "that_player", "you"] = Field(description="the words naming the player who tapped "
                                                                                "it")
    options: Optional[list[str]] = Field(default=None, min_length=1, description="what may be added, each as mana symbols")
    chosen_color: bool = Field(default=False, description="one mana of the source's chosen color")
    produced: bool = Field(default=False, description="one mana of any type that permanent produced")

    @model_validator(mode="after")
    def _one_of(self) -> "AddTappedMana":
        if (self.options is not None) + self.chosen_color + self.produced != 1:
            raise ValueError("exactly one of options, chosen_color, produced")
        for o in self.options or ():
            if not _SYMBOLS.match(o):
                raise ValueError(f"{o!r} is not mana symbols")
        return self


class AddManaAmount(BaseModel):
    """106.1, 608.2h, 107.3a: a resolving spell or ability adds an amount of mana it counts as it resolves ("Add {R} for
    each creature you control.", "add X mana of any one color, where X is the number of Shrines you control", "add an
    amount of {C} equal to the number of lands you control"): its controller chooses one of ``options`` (each mana
    symbols; one option: no choice; several: the color of "X mana of any one color", 106.1) and adds it ``amount``
    times, that number determined once, as it resolves (608.2h: engine/game/amounts.py quantity; 0: no mana).
    Executed by the game loop (engine/game/mana_amount.py: add_counted)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    op: Literal["add_mana_amount"]
    options: list[str] = Field(min_length=1, description="what is added once for each, one of them chosen as it "
                                                         "resolves: mana symbols ('{R}', '{G}{G}')")
    amount: Quantity = Field(description="608.2h: how many times, counted once as it resolves")

    @field_validator("options")
    @classmethod
    def _symbols(cls, options: list[str]) -> list[str]:
        for o in options:
            if not _SYMBOLS.match(o):
                raise ValueError(f"{o!r} is not mana symbols")
        return options
