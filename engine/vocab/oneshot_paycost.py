"""Costs paid as a spell or ability resolves (issue 21, "costs paid while it resolves": 118.12, 608.2c-d): the
payment of life (119.4) of "you may pay 2 life. If you do, ...", and which first operations of a `may` the game loop
knows were done or not (what its ``if_you_do`` and ``otherwise`` depend on). The part of the card vocabulary's
``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from here; executed by the game loop
(engine/game/paycost.py)."""

from __future__ import annotations

from typing import Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class PayLife(_Op):
    """118.12, 119.4: "pay 2 life" as the spell or ability resolves, in a `may` only ("you may pay 2 life. If you do,
    ..."): its controller loses that much life; only a player whose life total is at least the payment can pay it
    (118.3: an option that can't be taken can't be chosen, 608.2d)."""

    op: Literal["pay_life"]
    amount: int = Field(ge=1, description="the life paid")


class ExileSelf(_Op):
    """118.12, 608.2d, 603.10a: "When this creature dies, you may exile it. If you do, ...": the card the source became
    in its owner's graveyard, exiled from there (400.7: only if it is still that card there; otherwise the option can't
    be taken, and what "If you do" says doesn't happen); the first operation of a `may` with ``if_you_do`` only."""

    op: Literal["exile_self"]


def knows_done(op) -> bool:
    """118.12, 608.2c: whether the loop knows that the first operation of a `may` was done (a `may`'s
    ``if_you_do`` and ``otherwise`` go with one of these only): a payment of mana, energy or life, a discard, a
    draw or a sacrifice of its controller's own (701.21: one permanent was sacrificed), a blight of theirs (701.68b:
    one who controls no creature can't choose to blight), an exile of the source's card from its graveyard
    (ExileSelf)."""
    return op.op in ("pay", "pay_life", "reveal_top_sharing", "exile_self") or op.op in ("discard", "draw", "sacrifice",
                                                                                        "blight") and op.who == "you"


class CreateEffect(_Op):
    """611.2, 608.2c: "you may pay {1}. If you do, it gains flying until end of turn.": the ability's continuous effect
    (its ``continuous``, or its rules on attacks and blocks: ``combat``) is created here, in the ``if_you_do`` of a
    `may` (or its ``one_shot``: "you may have target creature get -2/-2 until end of turn", 608.2d); the loop creates it
    only if its controller did what the may says (not at the end of the resolution)."""

    op: Literal["create_effect"]
    target: Optional[int] = Field(default=None, ge=1, description="611.2c, 608.2c: the effect of that target only, "
                                                                  "begun before the instructions after it ('Target "
                                                                  "creature you control gets +2/+2 until end of turn. "
                                                                  "It fights target creature you don't control.')")
    do: list[dict] = Field(default_factory=list, description="611.2c: with target, an effect of its own on that "
                                                                  "target, these changes instead of the ability's "
                                                                  "continuous's ('Target creature gets +2/+2 until end of "
                                                                  "turn. Another target creature gets -2/-2 until end of "
                                                                  "turn.': {target: 2, do: [-2/-2]})")
    other_than_source: bool = Field(default=False, description="702.165a (current official rules): backup's 'If that's "
                                                               "another creature, it gains ...': not created when that "
                                                               "target is the ability's source itself")

    @model_validator(mode="after")
    def _of_a_target(self) -> "CreateEffect":
        if self.other_than_source and self.target is None:
            raise ValueError("'other_than_source' (702.165a) goes with 'target': the effect of that target only")
        if self.do and self.target is None:
            raise ValueError("'do' (611.2c) goes with 'target': an effect of its own on that target")
        if self.do:  # the operations of a continuous effect (engine/vocab/effects.py, read once all are defined)
            import importlib
            importlib.import_module("engine.vocab.cardfile")  # (every model of the vocabulary defined)
            from engine.vocab.effects import Continuous
            Continuous.model_validate({"do": self.do})
        return self


def creates_effect(one_shot) -> bool:
    """Whether these operations create the ability's continuous effect (a `may`'s ``if_you_do``, or its ``one_shot``:
    "you may have target creature get -2/-2 until end of turn", 608.2d, engine/vocab/oracle/oneshot_mayhave.py; an
    instruction of its own: create_effect with ``target``, or a conditional instruction's, 608.2c: engine/vocab/oneshot_ifcond.py; a
    reflexive triggered ability's, 603.12: engine/vocab/oneshot_reflexive.py; a coin flip's or a clash's branch, 705.1,
    701.30d: engine/vocab/oneshot_random.py)."""
    return any(op.op == "may" and any(o.op == "create_effect" or o.op == "reflexive_trigger" and creates_effect(o.one_shot)
                                      for o in op.if_you_do + op.one_shot) or op.op == "create_effect"
               or op.op == "if" and creates_effect(op.one_shot)
               or op.op in ("flip_coin", "clash") and (creates_effect(op.one_shot) or creates_effect(op.otherwise))
               for op in one_shot or ())
