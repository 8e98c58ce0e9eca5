"""Keyword abilities that stand for an activated ability with a cost (602.1): equip (702.6a), outlast
(702.107a), level up (702.87a), embalm (702.128a), cycling (702.29a), crew (702.122a), saddle (702.171a), as the game loop
activates them and puts them on the stack; and the keywords defined as a triggered ability the vocabulary can say (prowess,
702.108a: :data:`STANDS_FOR`; and those whose definition in words the Oracle compiler reads,
engine/vocab/oracle/keyword_rules.py), which the loop executes as that ability."""

from __future__ import annotations

from engine.vocab.cardfile import ActivatedAbility, TriggeredAbility, flanking_effect
from engine.vocab.effects import AddTypes, Continuous, ModifyPT, SpellQuality
from engine.vocab.oneshot import CastTrigger, Draw, PutCounters, TargetSpec
from engine.vocab.oracle.equip import equip_target
from engine.vocab.oracle.keyword_rules import definition
from engine.vocab.selector import Selector
from engine.vocab.awaken_ability import awaken_ability


class KeywordActivated:
    """An activated ability a keyword stands for (602.1), as the loop activates it: its cost, what it
    does, and the text it is shown by ("Equip {3}")."""

    kind = "activated"
    keyword = ""
    mana = False
    one_shot = continuous = replacement = None
    effect = ""
    targets: list = []

    def __init__(self, cost: str):
        self.cost = self.keyword_cost = cost

    def display(self) -> str:
        return f"{self.keyword.capitalize()} {self.keyword_cost}"


class EquipAbility(KeywordActivated):
    """702.6a: "Equip [cost]" means "[Cost]: Attach this permanent to target creature you control.
    Activate only as a sorcery." """

    keyword = "equip"
    effect = "Attach this permanent to target creature you control. Activate only as a sorcery."
    targets = [TargetSpec(what="creature", controller="you")]

    def __init__(self, cost: str, quality: str | None = None):
        """702.6c: "Equip [quality] [cost]": its target a creature you control with that quality (a selector the
        targets machinery matches as it is activated, 601.2c, and again as it resolves, 608.2b); the restriction
        is the ability's only: it doesn't restrict what the Equipment can be attached to."""
        super().__init__(cost)
        self.quality = quality
        if quality is not None:
            spec = equip_target(quality)
            if spec is None:
                raise ValueError(f"equip {quality!r}: no creature quality the targets can say (702.6c)")
            self.targets = [spec]
            self.effect = f"Attach this permanent to target {quality} you control. Activate only as a sorcery."

    def display(self) -> str:
        return f"Equip {self.quality} {self.keyword_cost}" if self.quality else super().display()


class EmbalmAbility(KeywordActivated):
    """702.128a: the ability embalm stands for, on the stack (its source exiled as the cost was paid)."""

    keyword = "embalm"


class OutlastAbility(KeywordActivated):
    """702.107a: "Outlast [cost]" means "[Cost], {T}: Put a +1/+1 counter on this creature. Activate
    only as a sorcery." """

    keyword = "outlast"
    effect = "Put a +1/+1 counter on this creature. Activate only as a sorcery."
    one_shot = [PutCounters(op="counters", kind="+1/+1", amount=1, to="self")]

    def __init__(self, cost: str):
        super().__init__(cost)
        self.cost = cost + ", {T}"


class LevelUpAbility(KeywordActivated):
    """702.87a *(EN, current official rules)*: "Level up [cost]" means "[Cost]: Put a level counter on this
    permanent. Activate only as a sorcery." (the level symbols of a leveler card read those counters, 107.8,
    711)"""

    keyword = "level up"
    effect = "Put a level counter on this permanent. Activate only as a sorcery."
    one_shot = [PutCounters(op="counters", kind="level", amount=1, to="self")]


class CyclingAbility(KeywordActivated):
    """702.29a: "Cycling [cost]" means "[Cost], Discard this card: Draw a card." An activated ability
    that works only while the card is in a player's hand (the loop activates it from there)."""

    keyword = "cycling"
    effect = "Draw a card."
    one_shot = [Draw(op="draw", amount=1)]

    def __init__(self, cost: str):
        super().__init__(cost)
        self.cost = cost + ", Discard this card"


class TypecyclingAbility(KeywordActivated):
    """702.29e: "[Type]cycling [cost]" means "[Cost], Discard this card: Search your library for a [type]
    card, reveal it, put it into your hand, then shuffle." ``quality``: the type ("forest", "land",
    "basic land"); ``found``: the card the activation names for the search (None: the loop chooses)."""

    keyword = "typecycling"

    def __init__(self, cost: str, quality: str, found: str | None = None):
        super().__init__(cost)
        self.cost = cost + ", Discard this card"
        self.quality, self.found = quality, found
        self.effect = (f"Search your library for a {quality} card, reveal it, put it into your hand, then shuffle.")

    def display(self) -> str:
        return f"{self.quality}cycling {self.keyword_cost}".capitalize()

    def matches(self, chars) -> bool:
        """Is a card with these characteristics a [type] card: a subtype, "land" (a card type), "basic
        land" (a supertype and a card type)?"""
        words = self.quality.split()
        if words == ["basic", "land"]:
            return "Basic" in chars.supertypes and "Land" in chars.types
        if len(words) != 1:
            return False
        word = words[0]
        return word.capitalize() in chars.types or any(s.lower() == word for s in chars.subtypes)


def crew_ability(n: int) -> ActivatedAbility:
    """702.122a *(EN, current official rules)*: "Crew N" means "Tap any number of untapped creatures you
    control with total power N or greater: This permanent becomes an artifact creature until end of
    turn." The effect is a layer-4 type change (205.1b: the Vehicle keeps its types and subtypes)."""
    return ActivatedAbility(kind="activated", cost=f"Tap any number of untapped creatures you control with total power "
                                                   f"{n} or greater",
                            effect="This permanent becomes an artifact creature until end of turn.",
                            continuous=Continuous(applies_to=Selector(self=True),
                                                  do=[AddTypes(op="add_types", types=["Artifact", "Creature"])]))


class SaddleAbility(KeywordActivated):
    """702.171a *(EN, current official rules: the seed text stops at 702.42)*: "Saddle N" means "Tap any number of
    other untapped creatures you control with total power N or greater: This permanent becomes saddled until end of
    turn. Activate only as a sorcery." (702.171b: saddled, a designation; engine/game/mounts.py)"""

    keyword = "saddle"
    effect = "This permanent becomes saddled until end of turn. Activate only as a sorcery."

    def __init__(self, n: int):
        super().__init__(f"Tap any number of other untapped creatures you control with total power {n} or greater")
        self.n = n

    def display(self) -> str:
        return f"Saddle {self.n}"


def _prowess() -> TriggeredAbility:
    """702.108a *(EN, current official rules)*: "Whenever you cast a noncreature spell, this creature
    gets +1/+1 until end of turn." """
    return TriggeredAbility(kind="triggered", text="Whenever you cast a noncreature spell, this creature gets +1/+1 "
                                                   "until end of turn.",
                            trigger=CastTrigger(event="cast", spells=SpellQuality(not_types=["Creature"])),
                            continuous=Continuous(applies_to=Selector(self=True),
                                                  do=[ModifyPT(op="modify_pt", power=1, toughness=1)]))


EXALTED_TEXT = "Whenever a creature you control attacks alone, that creature gets +1/+1 until end of turn."


def exalted_effect() -> TriggeredAbility:
    """702.83a *(EN, current official rules)*: "Exalted" means "Whenever a creature you control attacks
    alone, that creature gets +1/+1 until end of turn" (506.5: attacks alone); as the effect it creates
    as it resolves: the attacking creature (the effect's target, for the effect only: 611.2c) gets +1/+1."""
    return TriggeredAbility(kind="triggered", text=EXALTED_TEXT,
                            continuous=Continuous(do=[ModifyPT(op="modify_pt", power=1, toughness=1)]))


def bushido_effect(n: int) -> TriggeredAbility:
    """702.45a *(EN, current official rules)*: "Bushido N" means "Whenever this creature blocks or becomes
    blocked, it gets +N/+N until end of turn"; as the effect it creates as it resolves (on the creature:
    the effect's target, 611.2c)."""
    return TriggeredAbility(kind="triggered", text=f"Whenever this creature blocks or becomes blocked, it gets +{n}/+{n} "
                                                   "until end of turn.",
                            continuous=Continuous(do=[ModifyPT(op="modify_pt", power=n, toughness=n)]))


def battle_cry_effect() -> TriggeredAbility:
    """702.91a *(EN, current official rules)*: "Battle cry" means "Whenever this creature attacks, each
    other attacking creature gets +1/+0 until end of turn"; the effect, on the creatures it affects (its
    targets for the effect: the set fixed as it resolves, 611.2c)."""
    return TriggeredAbility(kind="triggered", text="Whenever this creature attacks, each other attacking creature gets "
                                                   "+1/+0 until end of turn.",
                            continuous=Continuous(do=[ModifyPT(op="modify_pt", power=1, toughness=0)]))


def rampage_effect(n: int, beyond: int) -> TriggeredAbility:
    """702.23a: "Rampage N" means "Whenever this creature becomes blocked, it gets +N/+N until end of turn
    for each creature blocking it beyond the first"; the effect, counted once as it resolves (702.23b)."""
    return TriggeredAbility(kind="triggered", text=f"Whenever this creature becomes blocked, it gets +{n}/+{n} until end "
                                                   "of turn for each creature blocking it beyond the first.",
                            continuous=Continuous(do=[ModifyPT(op="modify_pt", power=n * beyond, toughness=n * beyond)]))


def melee_effect(k: int) -> TriggeredAbility:
    """702.121a *(EN, current official rules)*: "Melee" means "Whenever this creature attacks, it gets +1/+1 until
    end of turn for each opponent you attacked with a creature this combat"; the effect, counted once as it resolves
    (608.2h: K opponents)."""
    return TriggeredAbility(kind="triggered", text="Whenever this creature attacks, it gets +1/+1 until end of turn for "
                                                   "each opponent you attacked with a creature this combat.",
                            continuous=Continuous(do=[ModifyPT(op="modify_pt", power=k, toughness=k)]))


def keyword_effect(ab):
    """The ability a board's continuous effect from a keyword ability is (the loop's effect of exalted,
    bushido N, flanking, prowess, crew N, as it resolved), or ``ab`` itself."""
    if getattr(ab, "kind", None) != "keyword":
        return ab
    if ab.keyword == "exalted":
        return exalted_effect()
    if ab.keyword == "bushido" and ab.n is not None:
        return bushido_effect(ab.n)
    if ab.keyword == "flanking":
        return flanking_effect()
    if ab.keyword == "battle cry":
        return battle_cry_effect()
    if ab.keyword == "crew" and ab.n is not None:
        return crew_ability(ab.n)
    if ab.keyword == "awaken" and ab.n is not None:  # 702.113a: its spell ability's effect (engine/game/awaken.py)
        return awaken_ability(ab.n)
    return stands_for(ab)


# Keywords defined as a triggered ability the vocabulary can say (702.x: "[keyword]" means "[ability]"):
# the game loop executes the ability the keyword stands for wherever it executes such abilities
# (engine/game/loop.py: abilities_in_force)
STANDS_FOR = {"prowess": _prowess}


def stands_for(ab):
    """The ability a keyword ability is defined as (STANDS_FOR: one instance each, 702.108b), or ``ab``
    itself; the same model each time for the same keyword."""
    if getattr(ab, "kind", None) == "keyword" and ab.keyword in STANDS_FOR:
        return _expanded(ab.keyword)
    means = definition(ab)  # a keyword defined in words, compiled (engine/vocab/oracle/keyword_rules.py)
    return means if means is not None else ab


_CACHE: dict[str, object] = {}


def _expanded(keyword: str):
    if keyword not in _CACHE:
        _CACHE[keyword] = STANDS_FOR[keyword]()
    return _CACHE[keyword]


def defined_as(keyword, ab) -> bool:
    """Is ``ab`` the ability the keyword ability ``keyword`` stands for (prowess, crew N)?"""
    if getattr(keyword, "kind", None) != "keyword":
        return False
    return keyword_effect(keyword) == ab
