"""The token creation operation of the card vocabulary's ``one_shot`` (111.1, 111.4; engine/vocab/oneshot.py's union
``OneShot`` takes it from here): a token of the card library's definitions, or one the effect defines by its text,
with the abilities its text quotes (111.4: compiled as a card's), tapped or not (110.5b). Executed by the game loop
(engine/game/instructions.py, engine/game/events.py)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

from engine.vocab.selector import CardType, Color
from engine.vocab.amount import Quantity  # 608.2h: the grammar's quantity


# engine/vocab/cardfile.py's Ability (a TypeAdapter), set as that module is loaded: a recursive type (a token's
# ability may create tokens in turn)
TOKEN_ABILITY = None


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class TokenDefinition(_Strict):
    """111.4, 111.2-3: the characteristics the effect that creates a token gives it ("a 1/1 white Human
    Soldier creature token"): they are its copiable values (111.4), and it has no other (no mana cost,
    no rules text but the keywords and the quoted abilities the effect gives it)."""

    power: int = Field(ge=0)
    toughness: int = Field(ge=0)
    colors: list[Color] = Field(default_factory=list, description="none: colorless")
    types: list[CardType] = Field(min_length=1, description="its card types ('artifact creature')")
    subtypes: list[str] = Field(min_length=1, description="its creature types, as printed ('Human', 'Soldier')")
    abilities: list[Any] = Field(
        default_factory=list, description="111.4: the abilities the effect quotes ('with \"When this token dies, you gain "
                                          "1 life.\"') and the keywords with a parameter it gives ('with toxic 1', "
                                          "'with islandwalk'), as a card's abilities of the vocabulary (its rules text; "
                                          "engine/vocab/cardfile.py's Ability, validated so)")

    @field_validator("abilities", mode="before")
    @classmethod
    def _abilities(cls, v):
        if TOKEN_ABILITY is None:
            raise ValueError("a token's abilities are validated once engine/vocab/cardfile.py is loaded")
        return [TOKEN_ABILITY.validate_python(a) for a in v]

    @model_validator(mode="after")
    def _creature(self) -> "TokenDefinition":
        if "Creature" not in self.types:
            raise ValueError("a token definition given by its text is a creature token's (power and toughness)")
        return self


class CreateToken(_Strict):
    """111.1: create tokens under the controller's control: a token definition of the library, by
    name, or the one the effect gives (``definition``, 111.4)."""

    op: Literal["create_token"]
    token: str = Field(min_length=1, description="the library's token definition, e.g. Zombie; with `definition`, the "
                                                 "token's name: its subtypes and the word Token (111.4: 'Human Soldier "
                                                 "Token')")
    definition: Optional[TokenDefinition] = Field(default=None, description="the token's characteristics as the effect "
                                                                            "gives them (111.4), instead of the library's")
    amount: Union[Annotated[int, Field(ge=1)], Literal["x", "that_many"], Quantity] = Field(
        default=1, description="a number; x: the X of the spell (107.3a, announced as it was cast; 0: no token); a count "
                               "('a 1/1 ... token for each land you control', 608.2h: the objects counted as the "
                               "instruction resolves; none: no token); that_many: the damage the event that triggered "
                               "the ability dealt ('Whenever this creature deals combat damage to a player, create that "
                               "many Treasure tokens', 603.2; 0: no token)")
    keywords: list[str] = Field(default_factory=list, description="keyword abilities the effect gives the tokens besides "
                                                                  "the definition's ('a 1/1 red Goblin creature token "
                                                                  "with haste', 111.4)")
    attach_to_it: bool = Field(default=False, description="'create a ... token, then attach this Equipment to it' "
                                                          "(701.3a: the source, an Equipment, attached to the one token "
                                                          "created; living weapon 702.92a)")
    power_toughness_of: Optional[Literal["that_creature"]] = Field(
        default=None, description="'its power is equal to that creature's power and its toughness is equal to that "
                                  "creature's toughness' (Kalitas, Bloodchief of Ghet): in a destroy's if_dies, the "
                                  "tokens' power and toughness are the destroyed creature's as it last existed (608.2h)")
    who: Literal["you", "target_controller", "each_player", "each_opponent"] = Field(
        default="you", description="who creates them, under their control (111.1): 'Its controller creates a 3/3 green "
                                   "Beast creature token' (the one target's controller as the spell or ability "
                                   "resolves, 608.2h), 'each player creates a Food token' (each, in turn order)")
    tapped: bool = Field(default=False, description="'create a tapped Treasure token': the tokens enter the battlefield "
                                                    "tapped (110.5b: a permanent's status as the effect puts it there)")
    # --- Role tokens attached to a target (issue 21) ---
    attached_to_target: bool = Field(default=False, description="'create a Monster Role token attached to target creature "
                                                               "you control' (111.10k-q: a Role, an Aura token): the "
                                                               "token enters attached to the ability's first target "
                                                               "(engine/game/roles.py; 303.7a: a player's older Role on "
                                                               "that permanent then goes to the graveyard, 704.5y)")
    # --- tokens put onto the battlefield attacking (issue 21) ---
    attacking: bool = Field(default=False, description="'create two 1/1 white Soldier creature tokens that are tapped and "
                                                       "attacking': the tokens enter tapped (110.5b) and attacking (508.4: "
                                                       "never declared as attackers; what each attacks, its controller's "
                                                       "choice among what the attack may go to)")

