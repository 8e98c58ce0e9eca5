"""One-shot operations on spells on the stack (issue 21, "spells on the stack: copying and countering"): countering a
spell (701.6a), exiled instead of put into its owner's graveyard when the text says so (614.1a), and copying a spell
(707.10), the target one or the one that triggered the ability, with new targets its controller may choose (707.10c),
the next spell its controller casts this turn (603.7); and tokens that are copies of a permanent, with the exceptions of
the copy effect (111.1, 707.2, 707.9b). The part of the card vocabulary's ``one_shot`` that engine/vocab/oneshot.py's
union ``OneShot`` takes from here;
executed by the game loop (engine/game/instructions.py, engine/game/resolve.py: ``copy_spell``;
engine/game/token_copy_ops.py: ``create_token_copy``)."""

from __future__ import annotations

from typing import Any, Literal, Optional

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.vocab import oneshot_tokens
from engine.vocab.effects import SpellQuality
from engine.vocab.selector import CardType, Count
from engine.vocab.amount import Quantity  # 608.2h (unless_pays_amount)


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

    unless_pays_amount: Optional[Quantity] = Field(
        default=None, description="118.12a, 608.2h: 'unless its controller pays {X}, where X is its mana value' (the "
                                  "target spell's, 202.3e: {total: mana_value, of: {targets: true}}), '... where X is "
                                  "the greatest power among creatures you control': the generic mana its controller "
                                  "may pay, determined as the counterspell resolves")
    library_top: bool = Field(default=False, description="614.1a, 701.6a: 'If that spell is countered this way, put it on "
                                                         "top of its owner's library instead of into that player's "
                                                         "graveyard.' (a replacement of that event only)")

    @model_validator(mode="after")
    def _one_cost(self) -> "Counter":
        if sum(x is not None for x in (self.unless_pays, self.unless_pays_each, self.unless_pays_amount)) > 1:
            raise ValueError("unless_pays, unless_pays_each and unless_pays_amount are one cost given two ways")
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


class CopyExceptions(_Op):
    """707.9b: the exceptions of the copy effect that makes a token a copy ("except it isn't legendary", "except it has
    haste", "except it's an artifact in addition to its other types", "except it's 1/1"): they are part of the token's
    copiable values (a copy of the token has them too), applied to the values it copies as it is created."""

    not_legendary: bool = Field(default=False, description="'except it isn't legendary': without the legendary "
                                                           "supertype (205.4a)")
    abilities: list[Any] = Field(default_factory=list, description="'except it has haste and \"At the beginning of the end "
                                                                   "step, sacrifice this token.\"': abilities it has "
                                                                   "besides the copied ones, as a card's abilities of the "
                                                                   "vocabulary (engine/vocab/cardfile.py's Ability)")
    add_types: list[CardType] = Field(default_factory=list, description="'except it's an artifact in addition to its "
                                                                        "other types': card types it has besides the "
                                                                        "copied ones")
    add_subtypes: list[str] = Field(default_factory=list, description="'except it's a Reflection in addition to its other "
                                                                      "creature types': subtypes it has besides the "
                                                                      "copied ones (205.3)")
    power: Optional[int] = Field(default=None, ge=0, description="'except it's 1/1': its printed power")
    toughness: Optional[int] = Field(default=None, ge=0, description="'except it's 1/1': its printed toughness")

    @field_validator("abilities", mode="before")
    @classmethod
    def _abilities(cls, v):
        if oneshot_tokens.TOKEN_ABILITY is None:
            raise ValueError("a copy's abilities are validated once engine/vocab/cardfile.py is loaded")
        return [oneshot_tokens.TOKEN_ABILITY.validate_python(a) for a in v]

    @model_validator(mode="after")
    def _pt(self) -> "CopyExceptions":
        if (self.power is None) != (self.toughness is None):
            raise ValueError("an exception gives a power and a toughness together ('except it's 1/1')")
        return self


class CreateTokenCopy(_Op):
    """111.1, 707.2: "create a token that's a copy of target creature": tokens with the target's copiable
    values (a copy effect it has included), as it is when the spell resolves; ``amount_if_kicked``
    instead when the spell was kicked (702.33d); ``what: self``: "a copy of this creature", the source (as it
    last existed if it left the battlefield, 608.2h); ``what: that``: "a copy of that creature", the creature the
    trigger's event was about (603.2: as it last existed if it left the battlefield, 608.2h); ``what: attached``: "a
    copy of enchanted creature", "... of equipped creature", the permanent the source is attached to (303.4, 301.5; as
    the source last existed, 608.2h)."""

    op: Literal["create_token_copy"]
    what: Literal["target", "self", "that", "attached"] = "target"
    target: int = Field(default=1, ge=1)
    amount: int = Field(default=1, ge=1)
    amount_if_kicked: Optional[int] = Field(default=None, ge=1)
    tapped: bool = Field(default=False, description="'create a tapped token that's a copy of ...': the tokens enter "
                                                    "tapped (110.5b)")
    exceptions: Optional[CopyExceptions] = Field(default=None, description="707.9b: the copy effect's exceptions, part "
                                                                           "of the tokens' copiable values")


class CopyNextSpell(_Op):
    """603.7, 707.10: "When you next cast an instant or sorcery spell this turn, copy that spell.": the resolving spell
    or ability creates a delayed triggered ability, controlled by its controller (603.7d-e), that triggers the next time
    that player casts a spell ``spells`` names this turn (601.2i; once, 603.7b; with the turn it ends unused) and copies
    that spell as it resolves (707.10, ``copy_spell``), with new targets its controller may choose (707.10c)."""

    op: Literal["copy_next_spell"]
    spells: Optional[SpellQuality] = Field(default=None, description="the spells it triggers on (as a CastTrigger's "
                                                                     "`spells`: by the characteristics it is cast with)")
    new_targets: bool = Field(default=False, description="707.10c: 'You may choose new targets for the copy.'")
    text: str = Field(min_length=1, description="the delayed triggered ability's text, as the log shows it")
