"""One-shot operations added in issue 21 for delayed triggered abilities and the riders of one-shot effects (the part
of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's union ``OneShot`` takes from here): "sacrifice it"
in a delayed triggered ability (701.21a, 603.7c), "untap those creatures" (701.26b), and "it gains haste" on the permanents the instruction before put onto
the battlefield (611.2c). Executed by the game loop (engine/game/delay_ops.py).

The permanents an instruction puts onto the battlefield (``ENTERING``: the tokens it creates, the card it puts or
returns there) are the objects "it", "that creature", "them" name in the instructions after it (608.2c): the game loop
keeps them as it follows the instruction (``DelayedTrigger.about: entered``, ``GainsEntered``)."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import Selector

# the operations that put permanents onto the battlefield: "it", "them" after one of them are those permanents
# (111.1 tokens created, 707.2 token copies, a card put from its owner's hand or returned from a graveyard, 400.3)
ENTERING = ("create_token", "create_token_copy", "put_from_hand", "return_to_battlefield")


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class SacrificeIt(_Op):
    """701.21a, 603.7c: "sacrifice it", "its controller sacrifices it" in a delayed triggered ability: each object the
    ability refers to that is still that object on the battlefield (400.7) is sacrificed by the ability's controller
    (``who: you``: only one they control, 701.21a) or by its own controller (``who: its_controller``)."""

    op: Literal["sacrifice_it"]
    who: Literal["you", "its_controller"] = "you"


class GainsEntered(_Op):
    """611.2, 611.2c: "It gains haste.", "That creature gains haste until end of turn.", "They gain haste until end of
    turn." after an instruction that put permanents onto the battlefield ("Create a 3/1 red Elemental creature token.",
    "Return target creature card from your graveyard to the battlefield."): a continuous effect that gives those
    permanents the keywords, its set fixed as it begins (only those permanents, 611.2c), until end of turn or for as long
    as they stay on the battlefield (``until_end_of_turn: false``, 611.2a: no duration said)."""

    op: Literal["gains_entered"]
    keywords: list[str] = Field(min_length=1, description="the keyword abilities they gain ('haste')")
    until_end_of_turn: bool = False
    text: str = Field(min_length=1, description="the sentence, as the log shows the effect")


class UntapEach(_Op):
    """701.26b, 611.2c: "Untap those creatures.", "Untap them." after "Creatures you control get +1/+1 until end of
    turn.": each permanent of the set the continuous effect before affects, fixed as the spell or ability resolves (the
    permanents ``what`` matches now) untaps."""

    op: Literal["untap_each"]
    what: Selector = Field(description="the continuous effect's applies_to")


class ExileIfLeaves(_Op):
    """614.1a, 611.2c, 702.84a (unearth): "If it would leave the battlefield, exile it instead of putting it anywhere
    else." after an instruction that put one permanent onto the battlefield ("Return this card from your graveyard to
    the battlefield."): a replacement effect on that permanent only, for as long as it stays there (611.2a: no
    duration said): each zone change that would take it from the battlefield takes it to exile instead (the replace
    program applies it, 614)."""

    op: Literal["exile_if_leaves"]
    text: str = Field(min_length=1, description="the sentence, as the log shows the effect")


DELAY_OPS = (SacrificeIt, GainsEntered, UntapEach, ExileIfLeaves)
