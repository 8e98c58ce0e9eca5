"""What a static ability does to the total cost of a spell or an activated ability (601.2f, 601.2b, 118.8,
118.9): the vocabulary's ``costs:`` of a card file's static ability (engine/vocab/cardfile.py), read by the game
loop (engine/game/costs.py, engine/game/spell_costs.py) and by the Oracle grammar's costs family
(engine/vocab/oracle/costs.lark)."""

from __future__ import annotations

from typing import Optional

from pydantic import BaseModel, ConfigDict, Field, model_validator

from engine.vocab.activation import AlternativeCost, CostPart
from engine.vocab.selector import Condition, Count, Selector


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CostRule(_Strict):
    """What a static ability does to the total cost of a spell (601.2f): ``reduce`` generic mana for the
    spells ``spells`` matches ("Black spells and green spells you cast cost {1} less to cast");
    ``additional_sacrifice``: this spell's additional cost ("As an additional cost to cast this spell,
    sacrifice a creature", paid with the rest, 601.2h)."""

    reduce: int = Field(default=0, ge=0, description="generic mana less (601.2f: a reduction never reduces colored mana)")
    spells: Optional[Selector] = Field(default=None, description="the spells it applies to, as cast (601.2a: their "
                                       "caster their controller); {self: true}: 'this spell' (113.6d)")
    additional_sacrifice: Optional[Selector] = Field(default=None, description="this spell: sacrifice one permanent "
                                                                                 "this selector matches, as an additional cost")
    reduce_per_attacker: int = Field(default=0, ge=0, description="this spell: generic mana less for each creature its "
                                                                  "caster attacked with this turn (608.2i: as they were "
                                                                  "then, whatever they are now)")
    increase_activated: int = Field(default=0, ge=0, description="the activated abilities of the permanents "
                                                                 "`abilities_of` matches cost this much generic mana more "
                                                                 "to activate (602.2b, 601.2f: 'activated abilities of "
                                                                 "enchanted creature cost {3} more to activate')")
    abilities_of: Optional[Selector] = Field(default=None, description="increase_activated: whose activated abilities")
    # 601.2f, 118.7a, 118.8 (engine/vocab/oracle/costs.lark; the loop: engine/game/spell_costs.py)
    increase: int = Field(default=0, ge=0, description="generic mana more for the spells `spells` matches (601.2f)")
    for_each: Optional[Count] = Field(default=None, description="reduce: that much less for each one counted ('for each "
                                                                "creature card in your graveyard', 'basic land type ...')")
    if_any: Optional[Selector] = Field(default=None, description="reduce: only if an object matches it ({targets: true, "
                                       "...}: one of the spell's targets, 601.2c; a permanent its caster controls)")
    only_if: Optional[Condition] = Field(default=None, description="reduce: only if this condition holds as the total "
                                         "cost is determined (601.2f): {day_night: night}, 'if it's night' (731, the "
                                         "current official rules; engine/game/conditions.py: holds)")
    if_bargained: bool = Field(default=False, description="reduce, of the spell itself ({self: true}): only if it is "
                                                          "bargained (702.166b *(EN, current official rules)*: its "
                                                          "bargain cost announced, 601.2b, before the total cost is "
                                                          "determined, 601.2f): 'This spell costs {2} less to cast if "
                                                          "it's bargained'")
    additional: Optional[CostPart] = Field(default=None, description="this spell's additional cost (118.8, 601.2b), "
                                                                     "paid with the rest (601.2h): 'discard a card'")
    alternative: Optional[AlternativeCost] = Field(default=None, description="this spell's alternative cost (118.9), "
                                                   "paid when the cast says so (alternative: true)")
    additional_or: Optional[AlternativeCost] = Field(default=None, description="additional's other option ('discard a "
                                                     "card or pay {2}', 601.2b), paid when the cast says other_option")

    @model_validator(mode="after")
    def _spells_named(self) -> "CostRule":
        if (self.reduce or self.increase) and self.spells is None and not self.reduce_per_attacker:
            raise ValueError("a cost reduction or increase names the spells it applies to (spells)")
        if (self.for_each is not None or self.if_any is not None or self.only_if is not None) and not self.reduce:
            raise ValueError("for_each, if_any and only_if qualify a reduction (reduce)")
        if self.if_bargained and (not self.reduce or self.spells is None or not self.spells.self_):
            raise ValueError("if_bargained qualifies a reduction of the spell itself (702.166b)")
        if self.only_if is not None and self.only_if.day_night is None:
            raise ValueError("only_if: a condition on day and night (731), the one the game loop reads here")
        return self
