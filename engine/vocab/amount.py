"""The amounts of the card vocabulary's one-shot operations (issue 21): a number an instruction determines once, as
the spell or ability resolves (608.2h: "damage equal to the number of lands you control", "X damage ..., where X is
the greatest power among creatures you control"; 107.3: X defined by the text). The objects counted or compared are
a selector's (engine/vocab/selector.py: Count, Greatest), matched by the selector machinery as the instruction is
performed (engine/game/amounts.py); the Oracle grammar reads them from engine/vocab/oracle/quantity.lark.
"""

from __future__ import annotations

from typing import Literal, Union

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab.selector import AnnouncedX, Count, Greatest, Life, Selector, Total


class Sacrificed(BaseModel):
    """608.2h, 112.7a, 601.2h: a value of the object sacrificed to pay the cost of the spell or ability (its additional
    cost, "As an additional cost to cast this spell, sacrifice a creature"; an activated ability's "Sacrifice a
    creature"), as it last existed on the battlefield: "damage equal to the sacrificed creature's power"."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    sacrificed: Literal["power", "toughness", "mana_value"] = Field(
        description="which value of the sacrificed object: its power or toughness as it last existed on the "
                    "battlefield, or its mana value (202.3); none sacrificed: 0")

class Revealed(BaseModel):
    """202.3, 608.2h, 701.20a: the mana value of the one card the instruction just before looked at or revealed from
    the top of a library ("Reveal the top card of your library and put that card into your hand. You lose life equal
    to its mana value."), wherever that card is now; no card (an empty library): 0."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    revealed: Literal["mana_value"] = Field(description="the value of that card: its mana value (202.3)")


class Rolled(BaseModel):
    """706 (current official rules), 608.2h: the result of the die the instruction just before rolled ("Roll a d20.
    You create a number of Treasure tokens equal to the result.")."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    rolled: Literal["result"] = Field(description="the number the die showed")


class DealerPower(BaseModel):
    """208.1, 608.2h: the power of the creature that deals the damage, times a number ("damage equal to twice its
    power"), as the instruction is performed, or as it last existed on the battlefield."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    power: Literal["dealer"] = Field(description="the power of the object that deals the damage (the source, or the "
                                                 "target `by` names)")
    times: int = Field(ge=2, description="times this number ('twice its power': 2)")


class CardsInHand(BaseModel):
    """402.1, 608.2h: the number of cards in the hand of the player the instruction deals damage to ("~ deals damage
    to target player equal to the number of cards in that player's hand"; "to each opponent ...": each its own),
    counted as it resolves."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    cards_in_hand: Literal["recipient"] = Field(description="each player dealt the damage: the cards in their own hand")


class ThisWay(BaseModel):
    """608.2c, 608.2h: the number of permanents the instruction just before it moved from the battlefield ("You gain 1
    life for each creature destroyed this way.", after "Destroy all creatures."; "... for each permanent exiled this
    way", "... returned this way"), times a number: those it destroyed (701.8; not one that regenerated, 701.19a, or
    has indestructible, 702.12b), exiled (701.13a) or returned to its owner's hand (400.3), counted as it did it."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    this_way: Literal["destroyed", "exiled", "returned"] = Field(
        description="what the instruction before did to them: destroy (a destroy of a set), exile_each, return_each")
    times: int = Field(default=1, ge=1, description="times this number ('2 life for each ...')")


class RevealedThisWay(BaseModel):
    """608.2c, 608.2h, 701.20a: the number of the cards the instruction just before revealed ("Each player reveals the
    top card of their library.") that this selector matches: "For each nonland card revealed this way, you create a 3/3
    green Elephant creature token." (engine/game/reveal_each.py), counted once as the instruction is performed."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    revealed_this_way: Selector = Field(description="the cards counted among those revealed (zone: library)")


# 608.2h: a number counted, or a greatest value compared, as the instruction is performed (Count: the objects a
# selector matches, or the counters of a kind on them, times a number plus a number; Greatest: the greatest power or
# mana value among them, 0 if none)
Counted = Union[Count, Greatest]

# the amount of damage an instruction deals (120.3): a number; that_many: the amount the triggering event or choice
# gave; x: the spell's X (107.3a); power: the power of the object that deals it, as the instruction is performed or as
# it last existed on the battlefield (608.2h); or a number counted then (Counted); or a value of the object sacrificed
# to pay the cost (Sacrificed); the dealer's power times a number (DealerPower); the cards in the hand of the player
# dealt the damage (CardsInHand); the mana value of the card revealed just before (Revealed)
DamageAmount = Union[int, Literal["that_many", "x", "power"], Counted, Sacrificed, DealerPower, CardsInHand, Revealed]

# 608.2h, 107.3a: the quantity of the Oracle grammar (engine/vocab/oracle/quantity.lark) as the amount of cards drawn or
# milled, of life gained or lost, of tokens created and of counters put: a Count or a Greatest (Counted); a Total (the
# source's own power or toughness, "this creature's power", as it is or as it last existed on the battlefield); its
# controller's life total (Life, 119.1); a value of the object sacrificed to pay the cost (Sacrificed, 112.7a); the mana
# value of the card revealed just before (Revealed, 202.3); the X announced for the spell or ability (AnnouncedX,
# 107.3a); the result of the die rolled just before (Rolled, 706); the permanents the instruction before moved (ThisWay, 608.2c); the cards it revealed
# (RevealedThisWay, 701.20a) - each determined once, as the instruction is performed (engine/game/amounts.py quantity; 0: nothing happens)
Quantity = Union[Count, Greatest, Total, Life, Sacrificed, Revealed, AnnouncedX, Rolled, ThisWay, RevealedThisWay]
