"""What the bridge reads of the engine's objects, as typed protocols: the game state (400.1 zones,
109.1 objects, 102.1 players, 506 combat), the printed characteristics (109.3), the abilities by kind
(113.3: keyword 702, static 604, characteristic-defining 604.3, triggered 603, activated 602, spell
113.3a, replacement 614, prevention 615, combat restrictions, requirements and costs 508.1, 509.1), the
continuous effects of resolved spells and abilities (611.2) and the vocabulary of continuous effects
(613: selectors, values, operations).

The bridge never imports the engine: it names here every attribute it reads, with its type, and the
engine's classes (engine/state/model.py, engine/vocab/cardfile.py, engine/vocab/effects.py, engine/vocab/combat.py,
engine/vocab/triggers.py, engine/vocab/oneshot.py) have them. The engine's card-file models are frozen: their
attributes are read-only properties here. Where an attribute genuinely belongs to some kinds only (an
operation's ``types``, an ability's ``continuous``, a value's ``count``), a type guard below checks
that the object has it (``has_types(op)``), which is what tells those kinds apart in the engine."""

from __future__ import annotations

from typing import Any, Literal, Mapping, Protocol, Sequence, TypeGuard, Union

# --- the vocabulary of continuous effects (engine/vocab/effects.py) -----------------------------------


class Selector(Protocol):
    """Which objects (engine.vocab.effects.Selector): a starting set narrowed by filters (611.3a, 613)."""

    @property
    def self_(self) -> bool: ...
    @property
    def attached(self) -> bool: ...
    @property
    def targets(self) -> bool: ...
    @property
    def any_of(self) -> Sequence[Selector]: ...
    @property
    def exiled_with(self) -> bool: ...  # 607.2a
    @property
    def zone(self) -> str: ...
    @property
    def types(self) -> Sequence[str]: ...
    @property
    def any_types(self) -> Sequence[str]: ...
    @property
    def not_types(self) -> Sequence[str]: ...
    @property
    def subtypes(self) -> Sequence[str]: ...
    @property
    def not_subtypes(self) -> Sequence[str]: ...
    @property
    def supertypes(self) -> Sequence[str]: ...
    @property
    def not_supertypes(self) -> Sequence[str]: ...
    @property
    def colors(self) -> Sequence[str]: ...
    @property
    def not_colors(self) -> Sequence[str]: ...
    @property
    def chosen_color(self) -> bool: ...
    @property
    def chosen_creature_type(self) -> bool: ...
    @property
    def chosen_name(self) -> bool: ...  # 201.3, 614.12 (the game loop's selectors only)
    @property
    def keywords(self) -> Sequence[str]: ...
    @property
    def not_keywords(self) -> Sequence[str]: ...
    @property
    def controller(self) -> Literal["you", "opponent"] | None: ...
    @property
    def owner(self) -> Literal["you", "opponent"] | None: ...
    @property
    def other(self) -> bool: ...
    @property
    def token(self) -> bool | None: ...
    @property
    def counter(self) -> str | None: ...
    @property
    def mana_value(self) -> Literal["even", "odd"] | None: ...  # 202.3
    @property
    def attacking(self) -> bool | None: ...  # 506.4
    @property
    def blocking(self) -> bool | None: ...
    @property
    def top_of_graveyard(self) -> bool: ...  # 404.2
    @property
    def tapped(self) -> bool | None: ...  # 110.5
    @property
    def multicolored(self) -> bool | None: ...  # 105.2
    @property
    def has_attached(self) -> Sequence[str]: ...  # 301.5a, 303.4
    @property
    def attached_to(self) -> Literal["self", "attached"] | None: ...  # 301.5, 303.4
    @property
    def model_fields_set(self) -> set[str]: ...  # the fields the card file gives (a zone left out: where it is)


class CountValue(Protocol):
    """A number counted on the current state (engine.vocab.effects.Count): objects, or card types among them."""

    @property
    def count(self) -> Selector: ...
    @property
    def card_types(self) -> bool: ...
    @property
    def counters(self) -> str | None: ...
    @property
    def basic_land_types(self) -> bool: ...
    @property
    def colors(self) -> bool: ...  # 105.1: the colors among them
    @property
    def times(self) -> int: ...
    @property
    def plus(self) -> int: ...


class PlayerNumberValue(Protocol):
    """A number of a player's: counters, in the game, cards drawn or life lost this turn (engine.vocab.selector.
    PlayerNumber; 122.1, 102.3, 121.1, 119.3), the effect's controller's or its opponents' added up."""

    @property
    def player_number(self) -> Literal["counters", "in_game", "drawn", "life_lost", "creatures_entered", "speed",
                                       "below_half_life"]: ...
    @property
    def player(self) -> Literal["you", "opponents"]: ...
    @property
    def counters(self) -> str | None: ...
    @property
    def times(self) -> int: ...
    @property
    def plus(self) -> int: ...


class OwnManaValue(Protocol):
    """The mana value of each affected object itself (engine.vocab.effects.OwnManaValue; 202.3)."""

    @property
    def mana_value(self) -> Literal[True]: ...


class OwnPT(Protocol):
    """The power or toughness of each affected object itself (engine.vocab.selector.OwnPT; 604.3)."""

    @property
    def own(self) -> Literal["power", "toughness"]: ...


class LifeValue(Protocol):
    """The life total of the effect's controller (engine.vocab.selector.Life; 119.1)."""

    @property
    def life(self) -> Literal["you"]: ...
    @property
    def times(self) -> int: ...


class GreatestValue(Protocol):
    """The greatest power or mana value among objects (engine.vocab.selector.Greatest; 202.3, 208.2)."""

    @property
    def greatest(self) -> Literal["power", "mana_value"]: ...
    @property
    def of(self) -> Selector: ...


class TotalValue(Protocol):
    """The total power or toughness of objects (engine.vocab.effects.Total; 208.2)."""

    @property
    def total(self) -> Literal["power", "toughness", "mana_value"]: ...
    @property
    def of(self) -> Selector: ...


class OwnCountValue(Protocol):
    """A number of each affected object's own: its colors, or the other creatures sharing a creature type with it
    (engine.vocab.selector.OwnCount; 105.2, 205.3m)."""

    @property
    def own_count(self) -> Literal["colors", "sharing_creature_type", "counters", "attached"]: ...
    @property
    def yours(self) -> bool: ...  # sharing_creature_type: only its controller's creatures
    @property
    def times(self) -> int: ...
    @property
    def counters(self) -> str | None: ...
    @property
    def attached(self) -> list[str]: ...


class AnnouncedXValue(Protocol):
    """The X announced for the spell or activated ability, times 1 or -1 (engine.vocab.selector.AnnouncedX; 107.3a)."""

    @property
    def x(self) -> Literal["announced"]: ...
    @property
    def times(self) -> int: ...


class IfPaidValue(Protocol):
    """A resolving spell's number changed by an optional cost paid as it was cast (engine.vocab.selector.IfPaid; 608.2c,
    702.33d, 702.166b)."""

    @property
    def if_spell_was(self) -> Literal["kicked", "bargained"]: ...
    @property
    def then(self) -> int: ...
    @property
    def otherwise(self) -> int: ...


Value = Union[int, OwnManaValue, OwnPT, CountValue, TotalValue, LifeValue, OwnCountValue, GreatestValue, AnnouncedXValue,
              PlayerNumberValue, IfPaidValue]


class Condition(Protocol):
    """'As long as N or more objects match' (engine.vocab.effects.Condition; 611.3a)."""

    @property
    def count(self) -> Selector | None: ...
    @property
    def life(self) -> Literal["you", "opponent"] | None: ...
    @property
    def at_least(self) -> int: ...
    @property
    def at_most(self) -> int | None: ...
    @property
    def card_types(self) -> bool: ...


class Operation(Protocol):
    """One operation of a continuous effect, in the layer of its name (OP_LAYER, 613.1). The fields of
    each operation are read once its name is known (below: by name, or the With* checks)."""

    @property
    def op(self) -> str: ...


class Copy(Operation, Protocol):  # 613.2, 707: copy
    @property
    def of(self) -> Literal["target", "choice"]: ...
    @property
    def choice(self) -> str: ...
    @property
    def keep_source_abilities(self) -> bool: ...  # 707.9b


class SetName(Operation, Protocol):  # 613.1c: set_name
    @property
    def name(self) -> str: ...


class SetText(Operation, Protocol):  # 613.1c: set_text
    @property
    def of(self) -> Selector: ...
    @property
    def keep_abilities(self) -> Sequence[int]: ...


class AddAbilities(Operation, Protocol):  # 613.1f: add_abilities
    @property
    def abilities(self) -> Sequence[GrantedAbility]: ...


class AddAbilitiesOf(Operation, Protocol):  # 613.1f: add_abilities_of
    @property
    def of(self) -> Selector: ...
    @property
    def kinds(self) -> Sequence[str]: ...


class LoseAbilities(Operation, Protocol):  # 613.1f: lose_abilities
    @property
    def keywords(self) -> Sequence[str]: ...


class SetPT(Operation, Protocol):  # 613.4a-c: set_pt, set_base_pt, modify_pt
    @property
    def power(self) -> Value: ...
    @property
    def toughness(self) -> Value: ...


class NamedRule(Operation, Protocol):  # 613.10, 613.11: player_effect, rule_effect
    @property
    def rule(self) -> str | None: ...  # a rule the engine executes


# The fields several operations have, each on some operations only (613.1d-e: types, subtypes,
# supertypes, colors; the chosen color or creature type, 607; all creature types, 205.3m; every basic
# land type, 305.6; the mana abilities kept, 605.1a).
class WithTypes(Protocol):
    @property
    def types(self) -> Sequence[str]: ...


class WithSubtypes(Protocol):
    @property
    def subtypes(self) -> Sequence[str]: ...


class WithSupertypes(Protocol):
    @property
    def supertypes(self) -> Sequence[str]: ...


class WithColors(Protocol):
    @property
    def colors(self) -> Sequence[str]: ...


class WithChosen(Protocol):
    @property
    def chosen(self) -> bool: ...


class WithAllCreatureTypes(Protocol):
    @property
    def all_creature_types(self) -> bool: ...


class WithAllBasic(Protocol):
    @property
    def all_basic(self) -> bool: ...


class WithExceptMana(Protocol):
    @property
    def except_mana(self) -> bool: ...


class ContinuousSpec(Protocol):
    """A continuous effect as a card file gives it (engine.vocab.effects.Continuous; 611.3a, 613)."""

    @property
    def applies_to(self) -> Selector | None: ...
    @property
    def condition(self) -> Condition | None: ...
    @property
    def do(self) -> Sequence[Any]: ...  # the operations (Operation and its kinds above), in order
    @property
    def layers(self) -> Sequence[str]: ...  # the layers of its operations, in order (613.5)


class GrantedKeyword(Protocol):
    """A keyword an effect grants (engine.vocab.effects.GrantedKeyword; 702, 613.1f)."""

    @property
    def keyword(self) -> str: ...
    @property
    def n(self) -> int | None: ...
    @property
    def cost(self) -> str | None: ...
    @property
    def quality(self) -> str | None: ...
    def words(self) -> str: ...
    def model_copy(self, *, update: Mapping[str, Any] | None = None, deep: bool = False) -> GrantedKeyword: ...


class GrantedText(Protocol):
    """A non-keyword ability an effect grants, by its text (engine.vocab.effects.GrantedText; 613.1f, 613.7a)."""

    @property
    def text(self) -> str: ...
    @property
    def kind(self) -> str: ...
    @property
    def mana(self) -> bool: ...  # 605.1a
    @property
    def continuous(self) -> ContinuousSpec | None: ...


GrantedAbility = Union[GrantedKeyword, GrantedText]

# --- the combat vocabulary (engine/vocab/combat.py) ---------------------------------------------------


class CombatRule(Protocol):
    """A restriction, requirement or cost on attacking or blocking (engine.vocab.combat.CombatRule; 508.1, 509.1)."""

    @property
    def rule(self) -> str: ...
    @property
    def number(self) -> str: ...
    @property
    def subjects(self) -> Selector | None: ...
    @property
    def power_at_least(self) -> int | None: ...
    @property
    def n(self) -> int | None: ...
    @property
    def attackers(self) -> Selector | None: ...
    @property
    def blockers(self) -> Selector | None: ...
    @property
    def defender(self) -> str | None: ...


class EventTrigger(Protocol):
    """A trigger on an event (a combat, zone-change, cast or activate trigger; a step or state trigger
    has none: 503.1, 603.8)."""

    @property
    def event(self) -> str: ...


class CombatTrigger(EventTrigger, Protocol):
    """What makes an ability trigger on the declaration of attackers or blockers (engine.vocab.combat.CombatTrigger;
    508.2a, 509.3)."""

    @property
    def subjects(self) -> Selector | None: ...
    @property
    def by(self) -> Selector | None: ...  # 509.3d
    @property
    def once(self) -> bool: ...  # 603.2c
    @property
    def attacking_a_player(self) -> bool: ...  # 509.3g


# --- abilities (engine/vocab/cardfile.py) ---------------------------------------------------------------


class KeywordAbility(Protocol):
    """A printed keyword ability (702)."""

    @property
    def kind(self) -> Literal["keyword"]: ...
    @property
    def keyword(self) -> str: ...
    @property
    def n(self) -> int | None: ...
    @property
    def cost(self) -> str | None: ...
    @property
    def quality(self) -> str | None: ...
    def words(self) -> str: ...
    def display(self) -> str: ...


class WithContinuous(Protocol):
    """An ability of a kind that may create a continuous effect (static, characteristic-defining,
    replacement, triggered, spell, activated; a granted text): a keyword, a combat rule or a
    prevention ability has none."""

    @property
    def continuous(self) -> ContinuousSpec | None: ...


class WithCombat(Protocol):
    """An ability of a kind that may carry combat rules (508.1, 509.1): all but keywords and prevention."""

    @property
    def combat(self) -> Sequence[CombatRule] | None: ...


class _TextAbility(WithContinuous, WithCombat, Protocol):
    """The fields of the abilities that may create effects of every kind: their text, a continuous effect,
    combat rules, a replacement effect."""

    @property
    def text(self) -> str: ...
    @property
    def replacement(self) -> Any: ...  # its replacement rule (engine.vocab.replacement.ReplacementRule), for bridge.replace
    def display(self) -> str: ...


class EffectAbility(_TextAbility, Protocol):
    """A static (604), characteristic-defining (604.3), replacement (614) or spell (113.3a) ability."""

    @property
    def kind(self) -> Literal["static", "characteristic_defining", "replacement", "spell"]: ...


class TriggeredAbility(_TextAbility, Protocol):
    """A triggered ability (603); ``trigger``: its event, when the card file gives one."""

    @property
    def kind(self) -> Literal["triggered"]: ...
    @property
    def trigger(self) -> Any: ...  # an EventTrigger (CombatTrigger ...), a step or state trigger, or None


class ActivatedAbility(_TextAbility, Protocol):
    """An activated ability 'cost: effect' (602); ``mana``: a mana ability (605.1a)."""

    @property
    def kind(self) -> Literal["activated"]: ...
    @property
    def mana(self) -> bool: ...


class CombatAbility(WithCombat, Protocol):
    """A combat restriction, requirement or cost (508.1c-d, 508.1g, 509.1b-d)."""

    @property
    def kind(self) -> Literal["restriction", "requirement", "combat_cost"]: ...
    @property
    def text(self) -> str: ...
    def display(self) -> str: ...


class PreventionAbility(Protocol):
    """A prevention effect (615)."""

    @property
    def kind(self) -> Literal["prevention"]: ...
    @property
    def text(self) -> str: ...
    @property
    def replacement(self) -> Any: ...
    def display(self) -> str: ...


Ability = Union[KeywordAbility, EffectAbility, TriggeredAbility, ActivatedAbility, CombatAbility, PreventionAbility]

# --- the game (engine/state/model.py) -------------------------------------------------------------------


class Characteristics(Protocol):
    """Printed (copiable) characteristics (109.3, 613.2): what layer 1 starts from."""

    @property
    def name(self) -> str: ...
    @property
    def mana_value(self) -> int: ...  # 202.3
    @property
    def mana_cost(self) -> str | None: ...  # 202.1 (700.5: devotion counts its symbols)
    @property
    def colors(self) -> Sequence[str]: ...
    @property
    def supertypes(self) -> Sequence[str]: ...
    @property
    def types(self) -> Sequence[str]: ...
    @property
    def subtypes(self) -> Sequence[str]: ...
    @property
    def rules_text(self) -> str: ...
    @property
    def abilities(self) -> Sequence[Ability]: ...
    @property
    def power(self) -> int | str | None: ...  # 208.2: a string with *
    @property
    def toughness(self) -> int | str | None: ...
    @property
    def loyalty(self) -> int | None: ...
    @property
    def defense(self) -> int | None: ...


class GameObject(Protocol):
    """An object (109.1): a card, a token, a spell or an ability on the stack."""

    id: str
    kind: str  # "card", "token", "spell" or "ability" (113.7)
    zone: str
    owner: str
    controller: str | None  # None outside the battlefield and the stack (108.4a)
    card_name: str | None
    timestamp: int | None  # 613.7
    tapped: bool
    summoning_sick: bool  # 302.6
    face_down: bool  # 708
    copy_of: str | None  # 614.1c, 707.2: it entered as a copy of this permanent
    damage: int
    counters: dict[str, int]
    attached_to: str | None
    choices: dict[str, Any]  # 614.12, 607
    targets: tuple[str, ...]
    ability_of: str | None  # an ability on the stack: its source
    ability_index: int | None  # 1-based

    @property
    def printed(self) -> Characteristics | None: ...  # None for an ability on the stack


class Player(Protocol):
    name: str
    seat: int  # 0-based (101.4)
    life: int  # 119
    counters: dict[str, int]  # 122.1


class Effect(Protocol):
    """A continuous effect from a resolved spell or ability (611.2), with its timestamp (613.7)."""

    index: int  # 1-based position among the board's effects
    source_card: str
    ability_index: int  # 1-based
    controller: str
    targets: tuple[str, ...]
    choices: dict[str, Any]
    timestamp: int
    duration: str  # 611.2a
    remaining: int | None  # 615.7: what is left of a shield
    source: str | None  # the object whose ability created it
    affected: tuple[str, ...] | None  # 611.2c: fixed when it began; None: not given

    @property
    def ability(self) -> Ability: ...  # the ability of the card that created it


class Combat(Protocol):
    """The board's combat (506): attackers, blockers, bands."""

    attackers: dict[str, str]  # attacker -> the player, planeswalker or battle it attacks
    blockers: dict[str, tuple[str, ...]]  # blocker -> the attackers it blocks
    entered_attacking: tuple[str, ...]  # 508.4
    entered_blocking: tuple[str, ...]  # 509.4
    bands: tuple[tuple[str, ...], ...]  # 702.22c


class GameState(Protocol):
    """The state the bridge turns into facts (and, for a hypothetical one, copies and changes)."""

    active: str  # 102.1
    attack_option: str  # 802, 803
    battlefield: list[str]
    stack: list[str]  # bottom first
    exile: list[str]
    command: list[str]
    next_timestamp: int  # 613.7

    @property
    def players(self) -> Sequence[Player]: ...
    @property
    def objects(self) -> Mapping[str, GameObject]: ...
    @property
    def player_zones(self) -> Mapping[tuple[str, str], list[str]]: ...  # (player, library/hand/graveyard) -> ids
    @property
    def effects(self) -> Sequence[Effect]: ...
    @property
    def combat(self) -> Combat | None: ...
    @property
    def player_names(self) -> list[str]: ...
    def player(self, name: str) -> Player: ...
    def zone_ids(self, zone: str, player: str | None = None) -> list[str]: ...
    def take_out(self, oid: str) -> None: ...
    def copy(self) -> GameState: ...


# --- the kinds that have a field: type guards ------------------------------------------------------
# (the engine's models have no attribute for a field their kind lacks: having it is the kind)


def is_count(v: Value) -> TypeGuard[CountValue]:
    return hasattr(v, "count")


def is_total(v: Value) -> TypeGuard[TotalValue]:
    return hasattr(v, "total")


def is_greatest(v: Value) -> TypeGuard[GreatestValue]:
    return hasattr(v, "greatest")


def is_own_mana_value(v: Value) -> TypeGuard[OwnManaValue]:
    return getattr(v, "mana_value", None) is True


def is_life(v: Value) -> TypeGuard[LifeValue]:
    return hasattr(v, "life")


def is_announced_x(v: Value) -> TypeGuard[AnnouncedXValue]:
    return hasattr(v, "x")


def is_if_paid(v: Value) -> TypeGuard[IfPaidValue]:
    return hasattr(v, "if_spell_was")


def is_own_pt(v: Value) -> TypeGuard[OwnPT]:
    return hasattr(v, "own")


def is_own_count(v: Value) -> TypeGuard[OwnCountValue]:
    return hasattr(v, "own_count")


def is_player_number(v: Value) -> TypeGuard[PlayerNumberValue]:
    return hasattr(v, "player_number")


def has_types(op: Operation) -> TypeGuard[WithTypes]:
    return hasattr(op, "types")


def has_subtypes(op: Operation) -> TypeGuard[WithSubtypes]:
    return hasattr(op, "subtypes")


def has_supertypes(op: Operation) -> TypeGuard[WithSupertypes]:
    return hasattr(op, "supertypes")


def has_colors(op: Operation) -> TypeGuard[WithColors]:
    return hasattr(op, "colors")


def has_chosen(op: Operation) -> TypeGuard[WithChosen]:
    return hasattr(op, "chosen")


def has_all_creature_types(op: Operation) -> TypeGuard[WithAllCreatureTypes]:
    return hasattr(op, "all_creature_types")


def has_all_basic(op: Operation) -> TypeGuard[WithAllBasic]:
    return hasattr(op, "all_basic")


def has_except_mana(op: Operation) -> TypeGuard[WithExceptMana]:
    return hasattr(op, "except_mana")


def is_granted_keyword(a: GrantedAbility) -> TypeGuard[GrantedKeyword]:
    """A granted keyword has its keyword; a granted text has none."""
    return hasattr(a, "keyword")


def makes_continuous(ab: Ability | GrantedAbility) -> TypeGuard[WithContinuous]:
    """Of a kind that may create a continuous effect (not a keyword, a combat rule, a prevention ability)."""
    return hasattr(ab, "continuous")


def carries_combat(ab: Ability) -> TypeGuard[WithCombat]:
    """Of a kind that may carry combat rules (not a keyword, a prevention ability)."""
    return hasattr(ab, "combat")


def has_event(trigger: object) -> TypeGuard[EventTrigger]:
    """A trigger on an event (not a step or a state trigger, 503.1, 603.8; not None)."""
    return hasattr(trigger, "event")
