"""The card file format: one YAML file per card, validated by these typed models.

A card file holds the printed characteristics (201-209, 302-310), the Oracle text, and the
card's abilities in a structured vocabulary. Each ability is a map with a ``kind``; the kinds
are registered in :data:`ABILITY_KINDS`. The format grows by adding ability kinds (and fields
to a kind) here; the JSON Schema in ``engine/schemas/card.schema.json`` and the reference in
``docs/card-format.md`` are generated from these models, so they cannot drift.
"""

from __future__ import annotations

import re
from typing import Annotated, ClassVar, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator, model_validator

from engine.vocab.handsize import MaxHandSize
from engine.vocab.skips import StepSkip
from engine.vocab.combat import COSTS, REQUIREMENTS, RESTRICTIONS, CombatRule, CombatTrigger
from engine.vocab.effects import AddSubtypes, Continuous, GrantedAbility, ModifyPT
from engine.vocab import cast_keyword_costs, keyword_statics, loop_reads, oneshot_tokens
from engine.vocab.oneshot import ActivateTrigger, CastTrigger, CostRule, OneShot, StateTrigger, StepTrigger, TargetSpec, check_it
from engine.vocab.replacement import ReplacementRule, keyword_replacement, keyword_second_replacement
from engine.vocab.selector import Condition, Selector
from engine.vocab.cast_only import CastOnly
from engine.vocab.modes import ModeChoice  # 700.2 (engine/vocab/modes.py)
from engine.vocab.triggers import EVENT_TRIGGERS, PLANAR_EVENTS, ZoneTrigger
from engine.vocab.keyword_programs import (BEFORE_GAME, CAST_KEYWORDS, CAST_RULES, COMBAT_KEYWORDS, DAMAGE_KEYWORDS,  # noqa: F401
                                           DECK_KEYWORDS, DECK_RULES, PLAY_KEYWORDS)
from engine.vocab.keywords import KEYWORDS, keyword_words
from engine.vocab.mana import COLORS, cost_colors, mana_value, parse_cost
# the activation costs and mana abilities (engine/vocab/activation.py), as this module has long named them
from engine.vocab.activation import (  # noqa: F401
    ADD, ANY_COLOR, NUMBERS, SACRIFICE_FOR_MANA, ActivationCost, CostPart, cost_in_words, loop_mana_ability,
    mana_options, parse_activation_cost)

Color = Literal["white", "blue", "black", "red", "green"]
Supertype = Literal["Basic", "Legendary", "Ongoing", "Snow", "World"]  # 205.4a
CardType = Literal[  # 205.2a
    "Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred",
    "Land", "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Vanguard",
]
PERMANENT_TYPES = ("Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker")  # 110.4

# A printed power or toughness: a number, or an expression with * (208.2).
PT = Annotated[Union[Annotated[int, Field(ge=-1_000_000, le=1_000_000)], str], Field(description="a number from -1,000,000 to 1,000,000, or a string with * such as '*' or '1+*'")]
_PT_TEXT = re.compile(r"^(\*|\d+[+-]\*|\*[+-]\d+|\*²)$")  # (a number is written as a number: "3" is refused)


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


# --------------------------------------------------------------------------------------------
# Ability kinds. Each has a ``kind`` literal (the discriminator), the rule it stands on, and
# its fields. ``text`` is the ability's text as it appears in the Oracle text.
# --------------------------------------------------------------------------------------------


class KeywordAbility(_Strict):
    """A keyword ability (702): ``{kind: keyword, keyword: flying}``, with ``n``, ``cost`` or
    ``quality`` for the keywords that take one (``{kind: keyword, keyword: protection, quality: green}``)."""

    RULE: ClassVar[str] = "702"
    kind: Literal["keyword"]
    keyword: str = Field(description="the keyword, lower case, as in 702 (e.g. 'first strike')")
    n: int | None = Field(default=None, ge=0, description="the number of keywords such as rampage N, devour N")
    cost: str | None = Field(default=None, description="the cost of keywords such as equip, kicker, morph")
    quality: str | None = Field(
        default=None,
        description="the quality of protection, enchant, landwalk (the land type, e.g. 'Swamp', 'snow Forest'), affinity; "
                    "of equip, with its cost, the quality of its targets (702.6c: 'legendary creature', 'Knight')",
    )
    text: str | None = Field(default=None, description="the keyword as printed, when it differs from the default")
    # --- backup (issue 21; 702.165a, current official rules) ---
    grants: list[GrantedAbility] | None = Field(
        default=None, min_length=1, description="backup N only (702.165a-c): the non-backup abilities printed below it on "
                                                "the card, which its enters trigger grants another creature until end "
                                                "of turn (keyword abilities, and activated and triggered abilities "
                                                "the loop executes on the object that has them)")
    # --- overload (issue 21; 702.96a-b, current official rules) ---
    overloaded: list["SpellAbility"] | None = Field(
        default=None, min_length=1, description="overload only (702.96a): the card's spell abilities, in order, with "
                                                "'target' replaced by 'each' in their text, compiled (702.96b: no "
                                                "targets); cast for its overload cost, the spell has them instead")

    @field_validator("keyword")
    @classmethod
    def _known(cls, v: str) -> str:
        if v not in KEYWORDS:
            raise ValueError(f"unknown keyword {v!r} (keywords are lower case, as named in rule 702)")
        return v

    @model_validator(mode="after")
    def _param(self) -> "KeywordAbility":
        info = KEYWORDS[self.keyword]
        given = {p for p in ("n", "cost", "quality") if getattr(self, p) is not None}
        wanted = set(info.param.split("+")) if info.param else set()
        if given - {info.optional} != wanted:
            need = f"'{info.param}'" if info.param else "no parameter"
            raise ValueError(f"keyword {self.keyword!r} ({info.rule}) takes {need}, got {sorted(given) or 'none'}")
        if self.overloaded is not None and self.keyword != "overload":
            raise ValueError("'overloaded' belongs to overload (702.96a: the text it changes)")
        if self.grants is not None and self.keyword != "backup":
            raise ValueError("'grants' belongs to backup N (702.165a: the abilities printed below it)")
        if self.keyword == "equip" and self.quality is not None:  # 702.6c: a quality the targets can say
            import importlib  # (by name: the Oracle compiler, which reads it, imports this module)

            if importlib.import_module("engine.vocab.oracle.equip").equip_target(self.quality) is None:
                raise ValueError(f"equip {self.quality!r}: no creature quality the targets can say (702.6c)")
        return self

    @property
    def continuous(self) -> Continuous | None:
        """The continuous effect of the characteristic-defining ability this keyword is: changeling
        (702.73a *(EN, current official rules)*: "this object is every creature type", layer 4, 604.3,
        applied first in its layer, 613.3, in every zone); of dash's static ability (702.109a: haste while its dash
        cost was paid, on the battlefield); None for the others."""
        if self.keyword == "changeling":
            return Continuous(applies_to=Selector(self=True), do=[AddSubtypes(op="add_subtypes", all_creature_types=True)])
        if self.keyword == "dash":  # 702.109a (current official rules): its third ability, a static ability of the
            # permanent (not characteristic-defining): "As long as this permanent's dash cost was paid, it has haste."
            return Continuous.model_validate({"applies_to": {"self": True}, "condition": {"dash_paid": "self"},
                                              "do": [{"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]})
        return keyword_statics.continuous(self.keyword)  # 702.152a blitz (engine/vocab/keyword_statics.py)

    @property
    def combat(self) -> list[CombatRule] | None:
        """The combat restriction this keyword is: unleash's second ability (702.98a *(EN, current official rules)*:
        "This permanent can't block as long as it has a +1/+1 counter on it", 509.1b: the combat programs read it as
        they read a restriction's); decayed's first ability (702.147a: "This creature can't block"); None for the
        others."""
        if self.keyword == "unleash":
            return [CombatRule(rule="cant_block", subjects=Selector(self=True, counter="+1/+1"))]
        if self.keyword == "decayed":  # 702.147a (current official rules): its static ability "This creature can't
            # block" (its trigger: engine/vocab/oracle/keyword_rules.py)
            return [CombatRule(rule="cant_block", subjects=Selector(self=True))]
        return None

    @property
    def replacement(self) -> ReplacementRule | None:
        """The replacement or prevention effect this keyword is: devour N (702.82a, 614.1c), protection
        from a quality a source selector says (702.16e, 615); None for the others."""
        return keyword_replacement(self.keyword, self.n, self.quality)

    @property
    def second_replacement(self) -> ReplacementRule | None:
        """The second replacement effect of a keyword that is two (702.44a sunburst: charge counters when it isn't a
        creature as it enters; its first, +1/+1 counters when it is, is ``replacement``); None for the others."""
        return keyword_second_replacement(self.keyword)

    @property
    def means(self):
        """The ability this keyword is defined as (702: "[keyword]" means "[ability]"): prowess's, or the
        ability its definition in words compiles to (engine/vocab/keyword_costs.py: ``stands_for``), for the
        programs that find triggered abilities on the board (the combat program's attack and block triggers,
        508.2a, 509.3); None for the others."""
        import importlib

        # (imported by name: the definitions are compiled by the Oracle compiler, which imports this module)
        found = importlib.import_module("engine.vocab.keyword_costs").stands_for(self)
        return None if found is self else found

    def words(self) -> str:
        """The keyword as lower-case words, for results: 'flying', 'protection from red', 'swampwalk',
        'rampage 2', 'equip {3}'."""
        return keyword_words(self.keyword, self.n, self.cost, self.quality)

    def display(self) -> str:
        if self.text:
            return self.text
        name = self.keyword.capitalize()
        if self.keyword == "landwalk":
            return f"{self.quality}walk".capitalize()
        if self.keyword == "protection":
            return f"Protection from {self.quality}"
        if self.keyword == "affinity":
            return f"Affinity for {self.quality}"
        if self.keyword == "typecycling":  # 702.29e
            return f"{self.quality}cycling {self.cost}".capitalize()
        if self.keyword == "equip" and self.quality is not None:  # 702.6c
            return f"Equip {self.quality} {self.cost}"
        if self.keyword == "partner" and self.quality is not None:  # 702.124a: "partner—[text]"
            return f"Partner—{self.quality}"
        if self.n is not None and self.cost is not None:  # 702.77a: "Reinforce 2—{1}{G}"
            return f"{name} {self.n}—{self.cost}"
        if self.n is not None:
            return f"{name} {self.n}"
        if self.cost is not None:
            return f"{name} {self.cost}" if self.cost.startswith("{") else f"{name}—{self.cost}"
        if self.quality is not None:
            return f"{name} {self.quality}"
        return name


class _TextAbility(_Strict):
    text: str = Field(min_length=1, description="the ability's text, as in the Oracle text")
    linked_to: int | None = Field(
        default=None, ge=1, description="607.1: it refers to what the card's ability with this 1-based index did "
                                        "('this way', 'exiled with this'): the two abilities are linked (603.11: a "
                                        "static ability and the triggered abilities linked to it, one paragraph)")

    def display(self) -> str:
        return self.text


_COMBAT_FIELD = dict(
    default=None,
    description="the restrictions, requirements and costs on attacks and blocks it creates (508.1, 509.1), "
                "in the vocabulary of engine/vocab/combat.py",
)


_REPLACEMENT_FIELD = dict(
    default=None,
    description="the replacement or prevention effect it is or creates (614, 615), in the vocabulary of engine/vocab/replacement.py",
)
_TARGETS_FIELD = dict(default=None, description="its targets (115.1, 601.2c), in the vocabulary of engine/vocab/oneshot.py")
_ONE_SHOT_FIELD = dict(default=None, description="what it does as it resolves (608.2, 609), in the vocabulary of "
                                                 "engine/vocab/oneshot.py")


class _EffectAbility(_TextAbility):
    continuous: Continuous | None = Field(
        default=None, description="the continuous effect it creates (613), in the vocabulary of engine/vocab/effects.py"
    )
    combat: list[CombatRule] | None = Field(**_COMBAT_FIELD)
    replacement: ReplacementRule | None = Field(**_REPLACEMENT_FIELD)
    targets: list[TargetSpec] | None = Field(**_TARGETS_FIELD)
    one_shot: list[OneShot] | None = Field(**_ONE_SHOT_FIELD)

    @model_validator(mode="after")
    def _it_in_delayed_triggers_only(self) -> "_EffectAbility":
        check_it(self.one_shot)
        return self


class _CombatAbility(_TextAbility):
    combat: list[CombatRule] | None = Field(**_COMBAT_FIELD)
    ALLOWED: ClassVar[frozenset[str]] = frozenset()

    @model_validator(mode="after")
    def _rules_of_this_kind(self) -> "_CombatAbility":
        for r in self.combat or ():
            if r.rule not in self.ALLOWED:
                raise ValueError(f"rule {r.rule} is not a {self.kind}; use kind "  # type: ignore[attr-defined]
                                 f"{'requirement' if r.rule in REQUIREMENTS else 'combat_cost' if r.rule in COSTS else 'restriction'}")
        return self


class StaticAbility(_EffectAbility):
    """A static ability that creates continuous effects (604, 611.3, 613)."""

    RULE: ClassVar[str] = "604"
    kind: Literal["static"]
    costs: CostRule | None = Field(default=None, description="what it does to the total cost of spells (601.2f), "
                                                             "in the vocabulary of engine/vocab/oneshot.py")
    cant_be_countered: bool = Field(default=False, description="'this spell can't be countered' (113.6: it functions "
                                                               "on the stack); with its replacement's x_at_least, only "
                                                               "when X is that much or more (Banefire)")
    may_not_untap: bool = Field(default=False, description="'You may choose not to untap this creature during your "
                                                           "untap step' (502.3: its controller chooses as the step begins)")
    doesnt_untap: Selector | None = Field(default=None, description="the permanents that don't untap during their "
                                                                    "controller's untap step (502.3): 'This creature "
                                                                    "doesn't untap during your untap step' ({self: true}), "
                                                                    "'Enchanted creature doesn't untap ...' ({attached: "
                                                                    "true}), 'Creatures with flying don't untap ...'")
    no_max_hand_size: bool = Field(default=False, description="'You have no maximum hand size.' (402.2: its controller "
                                                              "discards nothing in their cleanup step, 514.1)")
    additional_lands: int = Field(default=0, ge=0, description="'You may play an additional land on each of your turns.': "
                                                               "how many lands more its controller may play in each of "
                                                               "their turns (305.2)")
    cant_activate: Selector | None = Field(default=None, description="the permanents whose activated abilities can't be "
                                                                     "activated (602.5): 'its activated abilities can't be "
                                                                     "activated' ({attached: true}), 'Activated abilities of "
                                                                     "artifacts can't be activated' (mana abilities too, 605)")
    you_have: list[Literal["hexproof", "shroud"]] = Field(default_factory=list, description="'You have hexproof.' "
                                                          "(702.11c: its controller can't be the target of spells or "
                                                          "abilities their opponents control), 'You have shroud.' "
                                                          "(702.18a: of no spell or ability)")
    cant_activate_mana_ok: bool = Field(default=False, description="with cant_activate: '... unless they're mana abilities' "
                                                                   "(605.1a: their mana abilities can still be activated)")
    # --- restrictions on casting (issue 21) ---
    cast_only: CastOnly | None = Field(default=None, description="601.3, 506.7: 'Cast this spell only during combat.', "
                                       "'... only if [condition].' (engine/vocab/cast_only.py): when its caster may begin "
                                       "to cast it")
    max_hand_size: MaxHandSize | None = Field(default=None, description="'Your maximum hand size is two.', '... is "
                                              "increased by one.', 'Each opponent's maximum hand size is reduced by two.' "
                                              "(402.2, 514.1, 613.11: applied in timestamp order)")
    flash_for_more: int = Field(default=0, ge=0, description="601.3b, 113.6f: 'You may cast this spell as though it had "
                                "flash if you pay {N} more to cast it': N, added to its total cost (601.2f) when it is "
                                "cast at a time only this permission allows")
    skips: StepSkip | None = Field(default=None, description="614.10: 'Skip your draw step.': a step its controller's "
                                   "turns, or every player's, skip (engine/vocab/skips.py)")
    before_game: Literal["begin_on_battlefield", "deck_construction"] | None = Field(default=None, description="103.6a: "
        "'If this card is in your opening hand, you may begin the game with it on the battlefield' (an action before the "
        "first turn); deck_construction: 'A deck can have any number of cards named ~.' (100.2a, 113.6p: before the game)")


class CharacteristicDefiningAbility(_EffectAbility):
    """A characteristic-defining ability (604.3), applied first in its layer (613.3)."""

    RULE: ClassVar[str] = "604.3"
    kind: Literal["characteristic_defining"]


class RestrictionAbility(_CombatAbility):
    """A combat restriction: what can't attack or block, or only under a condition (508.1c, 509.1b)."""

    RULE: ClassVar[str] = "508.1c"
    ALLOWED: ClassVar[frozenset[str]] = frozenset(RESTRICTIONS)
    kind: Literal["restriction"]


class RequirementAbility(_CombatAbility):
    """A combat requirement: what must attack or block if able (508.1d, 509.1c)."""

    RULE: ClassVar[str] = "508.1d"
    ALLOWED: ClassVar[frozenset[str]] = frozenset(REQUIREMENTS)
    kind: Literal["requirement"]


class CombatCostAbility(_CombatAbility):
    """A cost to attack or block, never forced by a requirement (508.1d, 508.1g, 509.1d)."""

    RULE: ClassVar[str] = "508.1g"
    ALLOWED: ClassVar[frozenset[str]] = frozenset(COSTS)
    kind: Literal["combat_cost"]


class ReplacementAbility(_EffectAbility):
    """A replacement effect: 'instead', 'skip', 'enters with', 'as ... enters' (614). ``continuous``: the
    effect it leaves on the permanent as it enters ("enters as a copy", 614.1c, 707.5)."""

    RULE: ClassVar[str] = "614"
    kind: Literal["replacement"]


class PreventionAbility(_TextAbility):
    """A prevention effect (615)."""

    RULE: ClassVar[str] = "615"
    kind: Literal["prevention"]
    replacement: ReplacementRule | None = Field(**_REPLACEMENT_FIELD)


class TriggeredAbility(_EffectAbility):
    """A triggered ability: 'when', 'whenever', 'at' (603). ``trigger``: for an ability that triggers
    on the declaration of attackers or blockers (engine/vocab/combat.py), or on a zone change (engine/vocab/triggers.py),
    the event."""

    RULE: ClassVar[str] = "603"
    kind: Literal["triggered"]
    trigger: CombatTrigger | ZoneTrigger | StepTrigger | StateTrigger | CastTrigger | ActivateTrigger | None = Field(
        default=None, description="an attack or block trigger (508.2a, 509.3), a zone-change trigger (603.6, 700.4), "
                                  "'at the beginning of' a step (503.1, 603.4), or the casting of a spell (601.2i)")
    modes: ModeChoice | None = Field(
        default=None, description="603.3c, 700.2: a modal triggered ability ('When this creature enters, choose one "
                                  "—'): its modes are the card's `mode` abilities that follow it, announced as it "
                                  "is put on the stack")
    # --- conditional clauses (issue 21) ---
    if_condition: Condition | None = Field(default=None, description="603.4: an intervening 'if [condition],' of an "
                                           "'at the beginning of' trigger (checked as the step begins) or of an event "
                                           "trigger (checked as the event happens), and as it resolves")

    @model_validator(mode="after")
    def _intervening_of_a_step(self) -> "TriggeredAbility":
        if self.if_condition is not None and (self.trigger is None or isinstance(self.trigger, StateTrigger)
                                              or self.modes is not None
                                              or getattr(self.trigger, "event", None) == "tapped_for_mana"):
            raise ValueError("if_condition goes with an 'at the beginning of' or an event trigger, not a modal one nor "
                             "a triggered mana ability (603.4, 605.1b)")
        return self

    @model_validator(mode="after")
    def _modes_alone(self) -> "TriggeredAbility":
        if self.modes is not None and (self.one_shot or self.continuous or self.replacement or self.combat
                                       or self.targets or self.modes.any_number_if_kicked):
            raise ValueError("a modal triggered ability does what its modes do (kind: mode), and isn't kicked")
        return self


class ActivatedAbility(_Strict):
    """An activated ability 'cost: effect' (602); ``mana: true`` for a mana ability (605)."""

    RULE: ClassVar[str] = "602"
    kind: Literal["activated"]
    cost: str = Field(min_length=1, description="the activation cost, the text before the colon, e.g. '{2}, {T}'")
    effect: str = Field(min_length=1, description="the effect, the text after the colon")
    mana: bool = Field(default=False, description="true for a mana ability (605.1a)")
    loyalty: bool = Field(default=False, description="true for a loyalty ability (606)")
    continuous: Continuous | None = Field(
        default=None, description="the continuous effect its resolution creates (611.2), engine/vocab/effects.py"
    )
    combat: list[CombatRule] | None = Field(**_COMBAT_FIELD)
    replacement: ReplacementRule | None = Field(**_REPLACEMENT_FIELD)
    targets: list[TargetSpec] | None = Field(**_TARGETS_FIELD)
    one_shot: list[OneShot] | None = Field(**_ONE_SHOT_FIELD)
    modes: ModeChoice | None = Field(default=None, description="700.2a: a modal activated ability ('{1}, Sacrifice this "
                                     "creature: Choose one —'): its modes are the card's `mode` abilities that follow "
                                     "it, announced as it is activated (602.2b, 601.2b)")
    # --- conditional clauses (issue 21) ---
    activate_if: Condition | None = Field(default=None, description="602.5b: 'Activate only if [condition].': the "
                                          "ability can't be activated unless the condition holds (a static's condition)")
    # --- keyword abilities past 702.42 (issue 21) ---
    exhaust: bool = Field(default=False, description="702.177a (current official rules): an exhaust ability, "
                          "'Exhaust — [Cost]: [Effect]', means '[Cost]: [Effect]. Activate only once.'")
    emblem: bool = Field(default=False, description="114.2: 'You get an emblem with [ability]': its `replacement` "
                         "is the emblem's ability, in its controller's command zone for the rest of the game")

    @field_validator("cost")
    @classmethod
    def _cost_parses(cls, v: str) -> str:
        parse_activation_cost(v)
        return v

    @model_validator(mode="after")
    def _it_in_delayed_triggers_only(self) -> "ActivatedAbility":
        check_it(self.one_shot)
        return self

    @model_validator(mode="after")
    def _loyalty_flag(self) -> "ActivatedAbility":
        is_loyalty = parse_activation_cost(self.cost).loyalty is not None
        if is_loyalty != self.loyalty:
            raise ValueError("a loyalty cost (+N, −N, 0) goes with 'loyalty: true' and only with it (606.4)")
        if self.emblem and (self.replacement is None or self.continuous or self.one_shot or self.targets or self.combat):
            raise ValueError("emblem: true goes with the emblem's ability as a `replacement` and nothing else (114.2)")
        return self

    @property
    def text(self) -> str:
        return f"{'Exhaust — ' if self.exhaust else ''}{self.cost}: {self.effect}"

    def display(self) -> str:
        return self.text


class ModeAbility(_EffectAbility):
    """700.2, 603.3c: a mode of a modal triggered ability ("• You gain 3 life."): what it does when its
    controller chooses it as the ability is put on the stack, with its own targets; the modes of a
    triggered ability with ``modes`` are the ``mode`` abilities that follow it, numbered from 1."""

    RULE: ClassVar[str] = "700.2"
    kind: Literal["mode"]


class SpellAbility(_EffectAbility):
    """A spell ability: the instructions of an instant or sorcery (113.3a). ``modes``: the instruction
    of a modal spell to choose its modes (700.2), announced as it is cast (601.2b)."""

    RULE: ClassVar[str] = "113.3a"
    kind: Literal["spell"]
    modes: ModeChoice | None = Field(default=None, description="700.2: 'Choose one —': the modes are the card's spell "
                                                               "abilities whose text begins with '•'")
    instead_of: int | None = Field(
        default=None, ge=1, description="614.15: a self-replacement effect: when `instead_if` holds as the spell "
                                        "resolves, these instructions are followed instead of those of the card's "
                                        "ability with this 1-based index (608.2c: later text modifies earlier text)")
    instead_if: Literal["revolt"] | None = Field(
        default=None, description="the condition of `instead_of`: revolt, 'a permanent you controlled left the "
                                  "battlefield this turn'")

    @model_validator(mode="after")
    def _instead_needs_its_condition(self) -> "SpellAbility":
        if (self.instead_of is None) != (self.instead_if is None):
            raise ValueError("instead_of and instead_if go together (614.15: what it replaces, and when)")
        if self.modes is not None and (self.modes.up_to or self.modes.unchosen or self.modes.at_random):
            raise ValueError("a spell's modes are chosen as it is cast: 'up to', 'that hasn't been chosen' and 'at "
                             "random' are a triggered or activated ability's (engine/vocab/modes.py)")
        return self


def _complete_granted() -> None:
    """effects.GrantedText.ability: a granted activated or triggered ability, as the card vocabulary has
    them (a recursive type: their continuous effects may grant abilities in turn)."""
    from engine.vocab import effects

    effects.GrantedFull = Annotated[Union[ActivatedAbility, TriggeredAbility], Field(discriminator="kind")]
    for model in (effects.GrantedText, effects.AddAbilities, effects.Continuous):
        model.model_rebuild(force=True)


_complete_granted()

KeywordAbility.model_rebuild()  # 702.96a: overload's ``overloaded``, spell abilities (after the granted types)

Ability = Annotated[
    Union[
        KeywordAbility, StaticAbility, CharacteristicDefiningAbility, RestrictionAbility,
        RequirementAbility, CombatCostAbility, ReplacementAbility, PreventionAbility,
        TriggeredAbility, ActivatedAbility, SpellAbility, ModeAbility,
    ],
    Field(discriminator="kind"),
]

oneshot_tokens.TOKEN_ABILITY = TypeAdapter(Ability)  # 111.4: what a token definition's quoted abilities are

ABILITY_KINDS: dict[str, type[BaseModel]] = {
    cls.model_fields["kind"].annotation.__args__[0]: cls  # type: ignore[union-attr]
    for cls in Ability.__origin__.__args__  # type: ignore[attr-defined]
}


# --------------------------------------------------------------------------------------------
# Faces and cards
# --------------------------------------------------------------------------------------------


class _Characteristics(_Strict):
    name: str = Field(min_length=1, description="the card's English name (201)")
    mana_cost: str | None = Field(default=None, description="mana symbols in braces, e.g. '{2}{W}{W}' (202)")
    color_indicator: list[Color] | None = Field(default=None, description="the color indicator (204)")
    supertypes: list[Supertype] = Field(default_factory=list, description="205.4")
    types: list[CardType] = Field(min_length=1, description="card types (205.2)")
    subtypes: list[str] = Field(default_factory=list, description="subtypes (205.3)")
    oracle: str = Field(default="", description="the Oracle text")
    abilities: list[Ability] = Field(default_factory=list, description="the abilities, in Oracle order")

    @field_validator("mana_cost")
    @classmethod
    def _cost(cls, v: str | None) -> str | None:
        if v is not None:
            parse_cost(v)
        return v


class AdventureFace(_Characteristics):
    """The Adventure of an adventurer card (715)."""


class CardFile(_Characteristics):
    """A card (or a token definition, with ``token: true``)."""

    power: PT | None = Field(default=None, description="printed power (208)")
    toughness: PT | None = Field(default=None, description="printed toughness (208)")
    loyalty: int | None = Field(default=None, ge=0, le=1_000_000, description="printed loyalty (209)")
    defense: int | None = Field(default=None, ge=0, le=1_000_000, description="printed defense (310.4)")
    token: bool = Field(default=False, description="true for a token definition (111)")
    colors: list[Color] | None = Field(
        default=None, description="a token definition's colors (111.4); cards use mana_cost and color_indicator"
    )
    adventure: AdventureFace | None = Field(default=None, description="the Adventure half of an adventurer card (715)")
    source: str | None = Field(default=None, description="where the card's data comes from, when not a printed card")

    @field_validator("power", "toughness")
    @classmethod
    def _pt(cls, v: int | str | None) -> int | str | None:
        if isinstance(v, str) and not _PT_TEXT.match(v):
            raise ValueError(f"{v!r} is not a power or toughness (use a number, '*' or e.g. '1+*')")
        if isinstance(v, int) and not -1_000_000 <= v <= 1_000_000:  # (the programs' integers are 32-bit; Spinal Parasite: -1)
            raise ValueError(f"{v} is not a printed power or toughness (use a number from -1,000,000 to 1,000,000)")
        return v

    @model_validator(mode="after")
    def _consistent(self) -> "CardFile":
        creature = "Creature" in self.types
        if creature and (self.power is None or self.toughness is None):
            raise ValueError("a creature card needs power and toughness (208.1)")
        if not creature and "Vehicle" not in self.subtypes and (self.power is not None or self.toughness is not None):
            raise ValueError("only creatures and Vehicles have power and toughness printed (208.1, 301.7)")
        if "Planeswalker" in self.types and self.loyalty is None:
            raise ValueError("a planeswalker card needs loyalty (209.1)")
        if "Battle" in self.types and self.defense is None:
            raise ValueError("a battle card needs defense (310.4)")
        if self.colors is not None and not self.token:
            raise ValueError("'colors' is for token definitions; a card's colors come from mana_cost and color_indicator")
        for i, ab in enumerate(self.abilities, 1):
            n = getattr(ab, "linked_to", None)
            if n is not None and not (1 <= n <= len(self.abilities) and n != i):
                raise ValueError(f"ability {i}: linked_to {n} names no other ability of the card (607.1: give the "
                                 f"1-based index of the ability it refers to, 1 to {len(self.abilities)})")
        return self

    # Derived characteristics ----------------------------------------------------------------
    @property
    def mana_value(self) -> int:
        return mana_value(self.mana_cost)

    @property
    def printed_colors(self) -> list[str]:
        """202.2 and 204: the colors of the mana cost's symbols and of the color indicator; a token
        definition's colors as defined (111.4). In WUBRG order."""
        if self.colors is not None:
            return [c for c in COLORS if c in self.colors]
        if any(a.kind == "keyword" and a.keyword == "devoid" for a in self.abilities):
            # 702.114a: devoid, a characteristic-defining ability that functions everywhere: the object
            # is colorless (604.3: defining, it applies before any color-changing effect, 613.3)
            return []
        found = set(cost_colors(self.mana_cost)) | set(self.color_indicator or ())
        return [c for c in COLORS if c in found]

    @property
    def is_permanent_card(self) -> bool:
        return any(t in PERMANENT_TYPES for t in self.types)


FLANKING_TEXT = ("Whenever a creature without flanking blocks this creature, the blocking creature gets -1/-1 until "
                 "end of turn.")


def flanking_effect() -> "TriggeredAbility":
    """702.25a: flanking's triggered ability, as the effect it creates as it resolves: the blocking
    creature (its target, for the effect: 611.2c) gets -1/-1 until end of turn. A board's effect from a
    card's flanking ability is this effect."""
    return TriggeredAbility(kind="triggered", text=FLANKING_TEXT,
                            continuous=Continuous(do=[ModifyPT(op="modify_pt", power=-1, toughness=-1)]))


def card_json_schema() -> dict:
    schema = CardFile.model_json_schema()
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mtgjudge card file"
    return schema


_ENCHANT_TYPES = ("artifact", "creature", "enchantment", "land", "planeswalker")


def enchant_target(quality) -> TargetSpec | None:
    """303.4a, 702.5a: what an Aura spell with "Enchant [quality]" targets: "creature", "permanent",
    "player", a card type, card types joined by "or" ("artifact or creature"), each but "player" with
    "you control" or "an opponent controls"; None for a quality mtgjudge can't say yet."""
    q = str(quality or "").lower()
    controller = None
    for suffix, who in ((" you control", "you"), (" an opponent controls", "opponent")):
        if q.endswith(suffix):
            q, controller = q[:-len(suffix)], who
    if q == "player":
        return None if controller else TargetSpec(what="player")
    if q in ("creature", "permanent"):
        return TargetSpec(what=q, controller=controller)
    kinds = q.split(" or ")
    if all(k in _ENCHANT_TYPES for k in kinds):
        return TargetSpec(what="permanent", types=[k.capitalize() for k in kinds], controller=controller)
    # 702.5a, 301.7: card types or the artifact subtype Vehicle, "Enchant creature or Vehicle": a permanent the
    # selector's union matches (the target check and 704.5m read it with the selector machinery)
    if all(k in _ENCHANT_TYPES or k == "vehicle" for k in kinds) and "vehicle" in kinds:
        return TargetSpec(what="permanent", controller=controller, quality=Selector(any_of=[
            Selector(subtypes=["Vehicle"]) if k == "vehicle" else Selector(types=[k.capitalize()]) for k in kinds]))
    return None


def executable_by(ab, reads: bool = True) -> str | None:
    """Which program executes this ability today, or None when it is not executable yet (a keyword's layers aside);
    ``reads=False``: the targets the loop can't read aside (what a card file encodes: engine/files/handcheck.py)."""
    if reads and loop_reads.unread(ab) is not None:  # targets the loop can't read (issue 24: loop_reads.py)
        return None
    if getattr(ab, "kind", None) == "keyword" and keyword_statics.cost_unpaid(ab):
        return None  # 702.129a, 702.141a, 702.152a, 702.173a: a cost in words is not paid yet (keyword_statics.py)
    if getattr(ab, "kind", None) == "keyword" and ab.keyword in COMBAT_KEYWORDS:
        return COMBAT_KEYWORDS[ab.keyword]
    if getattr(ab, "kind", None) == "keyword" and ab.keyword in DAMAGE_KEYWORDS:
        return DAMAGE_KEYWORDS[ab.keyword]
    if getattr(ab, "kind", None) == "keyword" and ab.keyword in CAST_KEYWORDS:
        if not cast_keyword_costs.paid(ab):
            return None  # a cost the loop doesn't pay as written (engine/vocab/cast_keyword_costs.py)
        return CAST_KEYWORDS[ab.keyword]
    if getattr(ab, "kind", None) == "keyword" and ab.keyword in DECK_KEYWORDS:
        return DECK_KEYWORDS[ab.keyword]  # nothing to do in a game in progress (113.6p)
    if getattr(ab, "kind", None) == "keyword" and ab.keyword in PLAY_KEYWORDS:
        if ab.keyword == "enchant" and enchant_target(ab.quality) is None:
            return None
        if ab.keyword == "cumulative upkeep" and not re.fullmatch(r"(\{[^}]+\})+|Pay [0-9]+ life\.", ab.cost or ""):
            return None  # 702.24a: mana costs, or "Pay N life." (119.4: engine/game/cumulative.py)
        if ab.keyword in ("cycling", "typecycling", "transmute", "ninjutsu") and not re.fullmatch(r"(\{[^}]+\})+", ab.cost or ""):
            return None  # mana costs only
        return PLAY_KEYWORDS[ab.keyword]
    programs = []
    text = ab.display() if getattr(ab, "kind", None) == "activated" else ""
    if (text.startswith("{T}: Add ") or SACRIFICE_FOR_MANA.match(text)) and mana_options(text):
        programs.append("play (605.3: tapped for mana; a choice of mana is the action's letter)")
    elif getattr(ab, "mana", False) and loop_mana_ability(text) is not None:
        programs.append("play (605.3: activated for mana, its whole cost paid, 601.2h; a choice of mana is the "
                        "action's letter)")
    if getattr(ab, "continuous", None) is not None:
        programs.append("layers (613)")
        programs += [CAST_RULES[op.rule] for op in ab.continuous.do
                     if op.op == "player_effect" and getattr(op, "rule", None) in CAST_RULES]
        if any(getattr(g, "ability", None) is not None for op in ab.continuous.do if op.op == "add_abilities"
               for g in op.abilities):
            programs.append("play (613.1f: the activated and triggered abilities it grants, activated and triggered "
                            "for the objects that have them)")
    if getattr(ab, "modes", None) is not None:
        programs.append({"triggered": "play (603.3c: the modes announced as it is put on the stack)",
                         "activated": "play (700.2a: the modes announced as it is activated)"}.get(
                            ab.kind, "play (700.2, 601.2b: the modes announced as it is cast)"))
    if getattr(ab, "combat", None):
        programs.append("attack/block (508.1, 509.1)")
    if getattr(ab, "replacement", None) is not None:
        programs.append("replace (614-616)")
    if getattr(ab, "costs", None) is not None:
        programs.append("play (601.2f: the total cost)")
    if getattr(ab, "doesnt_untap", None) is not None:
        programs.append("play (502.3: they don't untap during their controller's untap step)")
    if getattr(ab, "may_not_untap", False):
        programs.append("play (502.3: its controller may choose not to untap it during their untap step)")
    if getattr(ab, "no_max_hand_size", False):
        programs.append("play (402.2, 514.1: its controller discards nothing to a maximum hand size)")
    if getattr(ab, "max_hand_size", None) is not None:
        programs.append("play (402.2, 514.1, 613.11: the maximum hand size its cleanup step discards down to)")
    if getattr(ab, "skips", None) is not None:
        programs.append("play (614.10, 500.11: the step is skipped as it would begin)")
    if getattr(ab, "additional_lands", 0):
        programs.append("play (305.2: its controller may play more lands in each of their turns)")
    if getattr(ab, "cant_be_countered", False):
        programs.append("play (701.6a, 113.6: a counter instruction leaves it on the stack)")
    if getattr(ab, "cast_only", None) is not None:
        programs.append("play (601.3: its caster may begin to cast it only then)")
    if getattr(ab, "you_have", None):
        programs.append("play (702.11c, 702.18a: its controller can't be targeted so)")
    if getattr(ab, "cant_activate", None) is not None:
        programs.append("play (602.5: their activated abilities can't be activated)")
    if getattr(ab, "flash_for_more", 0):
        programs.append("play (601.3b, 601.2f: cast as though it had flash, for that much more)")
    if getattr(ab, "before_game", None):  # (engine/vocab/oracle/toplibrary.py)
        return BEFORE_GAME if ab.before_game == "begin_on_battlefield" else DECK_RULES
    does = bool(getattr(ab, "one_shot", None))
    if getattr(ab, "kind", None) in ("triggered", "activated") and getattr(ab, "modes", None) is not None:
        does = True  # what its modes do (603.3c, 700.2a): the mode abilities that follow it
    if does:
        programs.append("play (608.2, 609: what it does as it resolves)")
    # a triggered ability's continuous or replacement effect begins as it resolves (611.2, 614: play)
    if getattr(ab, "kind", None) == "triggered" and (getattr(ab, "continuous", None) is not None
                                                     or getattr(ab, "replacement", None) is not None
                                                     or getattr(ab, "combat", None)):
        does = True
        programs.append("play (611.2, 614: its effect begins as it resolves)")
    later = "" if does else "; not what it does yet"
    trig = getattr(ab, "trigger", None)
    if isinstance(trig, StepTrigger):
        programs.append(f"play: it triggers as the step begins (503.1, 603.4){later}")
    elif isinstance(trig, StateTrigger):
        programs.append(f"play: it triggers whenever the state holds (603.8){later}")
    elif isinstance(trig, CastTrigger):
        programs.append(f"play: it triggers as a spell is cast (601.2i, 603.2){later}")
    elif isinstance(trig, ActivateTrigger):
        programs.append(f"play: it triggers as the ability is activated (602.2i, 603.2){later}")
    elif trig is not None and trig.event in ("draws", "discards"):
        programs.append(f"play: it triggers as a card is {'drawn (121.2' if trig.event == 'draws' else 'discarded (701.9'}"
                        f", 603.2){later}")
    elif trig is not None and trig.event == "transforms":
        programs.append(f"play: it triggers as the permanent transforms into this face (701.27e, 603.2){later}")
    elif trig is not None and trig.event == "ring_tempts":  # (engine/game/ring.py)
        programs.append(f"play: it triggers as the Ring tempts a player (701.54d, 603.2){later}")
    elif trig is not None and trig.event in ("scries", "surveils"):
        programs.append(f"play: it triggers as a player {trig.event} (701.22a, 701.25a, 603.2){later}")
    elif trig is not None and trig.event == "turned_face_up":
        programs.append(f"play: it triggers as a permanent is turned face up (702.37e, 603.2){later}")
    elif trig is not None and trig.event == "commits_crime":  # (engine/game/crime.py)
        programs.append(f"play: it triggers as its controller commits a crime (700.13, 603.2){later}")
    elif trig is not None and trig.event == "leaves_graveyard":  # (engine/game/triggered.py, gy_leave.py)
        programs.append(f"play: it triggers as cards leave the graveyard (603.2, 404.2){later}")
    elif trig is not None and trig.event in PLANAR_EVENTS:  # (engine/game/planechase.py)
        programs.append(f"play: it triggers as chaos ensues or its controller planeswalks (901.9, 701.31d, 312.5){later}")
    elif trig is not None and trig.event == "becomes_target":
        programs.append(f"play: it triggers as a spell or ability targets it (115.1, 603.2e){later}")
    elif trig is not None and trig.event == "tapped_for_mana":  # 605.1b: only as a triggered mana ability
        if [op.op for op in getattr(ab, "one_shot", None) or ()] != ["add_tapped_mana"] or getattr(ab, "targets", None):
            return None
        programs[-1:] = ["play (106.12a, 605.4a: a triggered mana ability, resolved at once as the permanent is tapped "
                         "for mana; a choice of mana is {add: LETTERS})"]
    elif trig is not None and trig.event == "set_in_motion":  # (engine/game/schemes.py)
        programs.append(f"play: it triggers as the archenemy sets the scheme in motion (701.32, 505.3){later}")
    elif trig is not None and trig.event in EVENT_TRIGGERS:
        programs.append(f"replace: whether it triggers on the events as they happen (603.6, 603.10a){later}")
        if getattr(trig, "or_event", None) == "attacks":
            programs.append("attack/block: whether it triggers as attackers are declared (508.2a)")
        if getattr(trig, "or_event", None) == "transforms":
            programs.append("play: it triggers as the permanent transforms into this face (701.27e, 603.2)")
        if getattr(trig, "or_event", None) == "turned_face_up":
            programs.append("play: it triggers as the permanent is turned face up (702.37e, 603.2)")
    elif trig is not None:
        programs.append(f"attack/block: whether it triggers (508.2a, 509.3){later}")
    if not programs and getattr(ab, "kind", None) == "keyword":
        return _defined_by(ab)
    if programs and getattr(ab, "kind", None) == "keyword" and _two_parts(ab):  # (modular: its replacement and trigger)
        by = _defined_by(ab)
        return ", ".join(programs) + "; " + by if by else None
    return ", ".join(programs) or None


def _two_parts(ab) -> bool:
    """A keyword that represents two abilities, one of them its replacement (702.43a modular): executable only when
    its definition in words is too (engine/vocab/oracle/keyword_rules.py: TWO_PARTS)."""
    import importlib

    return ab.keyword in importlib.import_module("engine.vocab.oracle.keyword_rules").TWO_PARTS


def _defined_by(ab) -> str | None:
    """A keyword defined as an ability in words (702: engine/vocab/oracle/keyword_rules.py): executed as
    the ability its definition compiles to, where a program executes that ability; else None."""
    import importlib

    # (imported by name: the definitions are compiled by the Oracle compiler, which imports this module)
    rules = importlib.import_module("engine.vocab.oracle.keyword_rules")
    means = rules.definition(ab)
    by = executable_by(means) if means is not None else None
    return f"as its definition ({rules.rule(ab.keyword)}: '{means.display()}'): {by}" if by else None
