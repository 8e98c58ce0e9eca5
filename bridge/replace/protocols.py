"""What the replace task reads of the engine's replacement vocabulary and events (614, 615, 616), as
typed protocols: the bridge never imports the engine. The general ones (the state, its objects, the
printed characteristics, abilities, board effects, selectors, continuous effects) are in
``bridge.protocols``; these are the ones only the replacement task reads.

- :class:`ReplacementRule`: a replacement or prevention effect (engine/vocab/replacement.py,
  ``ReplacementRule``), every field the bridge reads, with its type.
- :class:`Unless`, :class:`CreateTokens`: parts of a rule ("enters tapped unless ...", 614.1c; "and
  create ...", 614.1a).
- The events about to happen (engine/files/events.py): :class:`DamageEvent` (120), :class:`ZoneChangeEvent`
  (400.7), :class:`EnterEvent` (614.1c, 614.12), :class:`CountersEvent` (122), :class:`TokenEvent`
  (111), :class:`PlayerEvent` (614.1a: a player's event, with an amount or not: discard), and their
  union :data:`Event`.
- :func:`replacement_of`, :func:`continuous_of`: the two fields some kinds of ability don't have.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, Union

from bridge.protocols import makes_continuous

if TYPE_CHECKING:
    from bridge.protocols import Ability, ContinuousSpec, Selector


class Unless(Protocol):
    """614.1c, 614.12: "unless you control two or more basic lands" (engine.vocab.effects.Condition): at least
    `at_least` objects of the battlefield that `count` matches."""

    count: Selector
    at_least: int


class CreateTokens(Protocol):
    """614.1a: the tokens a replacement event also creates, under the effect's controller."""

    token: str
    amount: int


class GameCondition(Protocol):
    """614.1c: a condition on the game as a permanent would enter (engine.vocab.replacement.GameCondition)."""

    life_at_most: int | None  # 119.1: a player has this much life or less
    opponents_at_least: int | None  # 102.3: the player it would enter under has this many opponents
    this_turn: str | None  # engine.vocab.replacement.TURN_FACTS


class ReplacementRule(Protocol):
    """A replacement or prevention effect (614, 615; engine.vocab.replacement.ReplacementRule): the event it
    applies to and its conditions (614.1), what it does (`do`, one of engine.vocab.replacement.ACTIONS), and
    its parameters. Every field exists on every rule (None or False when the card doesn't say)."""

    event: str  # the kind of event: damage, zone_change, counters, token, enter, a player's event, life_total
    do: str
    # conditions (614.1)
    source: Selector | None  # damage: the object dealing it
    target: Selector | None  # damage: the object dealt it
    target_player: str | None  # damage: the player dealt it ('you', 'opponent', 'any', 'targets')
    object: Selector | None  # zone_change, counters, enter: the object (`self_`: the source itself)
    from_zone: str | None
    to_zone: str | None
    kind: str | None  # counters: of this kind only; add_counters: the kind it adds
    on_player: str | None  # counters: put on this player (122.1)
    player: str | None  # the player of the event ('you', 'opponent', 'any', 'targets')
    combat: bool | None  # damage: combat damage only, or noncombat only
    x_at_least: int | None  # 107.3: only if the X of its source is at least that
    if_spent: str | None  # 614.1c: only if this color of mana was spent to cast the source
    library_empty: bool | None  # 104.2b: only while the player's library has no cards
    library_has_amount: bool | None  # 614.13c: only while the library has at least the amount
    token_in: list[str] | None  # token: one of these tokens; one_of_each: the kinds it makes
    resolving: bool | None  # 608.2n: a spell card put into a graveyard as it resolves
    unless: Unless | None  # 614.1c: "enters tapped unless ..."
    only_if: Unless | None  # 614.1c: "enters tapped unless you control two or fewer other lands": at least 3
    self_replacement: bool  # 614.15, 616.1a
    if_game: GameCondition | None  # 614.1c: only if this holds as it would enter (the program decides)
    unless_game: GameCondition | None  # 614.1c: not if this holds as it would enter
    # parameters
    n: int | None
    n_if_escaped: int | None  # 702.138c
    n_is_x: bool  # 107.3m
    zone: str | None  # to_zone: where instead
    into: str | None  # become: the player's event it becomes (614.1a)
    choice: str | None  # choose: what is chosen as it enters (614.12)
    cards: Selector | None  # choose exile_cards: the cards that may be chosen (614.13a)
    of: Selector | None  # enter_as_copy: the objects it may copy (707.2)
    optional: bool  # enter_as_copy: "you may"
    to_target: bool  # redirect: to the effect's first target (614.9)
    or_dealt_by: bool  # damage: the damage `target`'s objects would deal too (615.1a: "dealt to and dealt by")
    protects_source: bool  # redirect_shield: the damage to its source (Spirit en-Kor)
    and_create: CreateTokens | None
    counters_per_prevented: str | None  # 615.5: a counter of this kind for each 1 damage prevented
    remove_counters_per_prevented: str | None  # 615.5: remove that many counters of this kind
    remove_counter: str | None  # 615.5: remove one counter of this kind each time it applies
    n_per: str | None  # add_counters: n for each (creature_died, colors_spent)
    n_count: Selector | None  # add_counters: n for each object it matches (614.1c)


class _Event(Protocol):
    """An event about to happen (engine.files.events): its type, and the pydantic copy and dump."""

    type: str

    def model_copy(self, *, update: dict[str, Any]) -> Any: ...

    def model_dump(self, **kw: Any) -> dict[str, Any]: ...


class DamageEvent(_Event, Protocol):
    source: str
    target: str  # an object or a player (614.9: a redirection changes it)
    amount: int
    combat: bool


class ZoneChangeEvent(_Event, Protocol):
    object: str
    from_: str
    to: str
    destroy: bool | None  # 701.8: a regeneration shield may replace it (614.8)
    regenerate: bool | None  # False: it can't be regenerated (701.19c)
    resolves: bool | None  # 608.2n: a spell card put into a graveyard as it resolves
    by_rule: bool | None  # a destruction by a state-based action (704.5g), not the result of an effect (122.1c)


class EnterEvent(_Event, Protocol):
    """614.1c: a permanent entering the battlefield (made an object of the board before the replace task:
    `object` is never None there)."""

    object: str
    controller: str  # the player it would enter under (616.1b)
    counters: dict[str, int]  # 122.6
    tapped: bool
    x: int | None  # 107.3m
    escaped: bool | None  # 702.138c
    kicked: bool | None  # 702.33d
    cast_from_hand: bool | None  # 601.2a: "if you cast it from your hand"
    mana_spent: str | None  # 601.2h: the mana spent to cast it (a permanent spell resolving)


class CountersEvent(_Event, Protocol):
    object: str  # an object or a player (122.1)
    kind: str
    amount: int
    by: str | None  # who puts them
    cost: bool | None  # 606.4: put to pay a cost, not by an effect


class TokenEvent(_Event, Protocol):
    controller: str
    token: str
    amount: int


class PlayerEvent(_Event, Protocol):
    """614.1a: a player's event (draw, life_gain, life_loss, mill, pay_life, ...: with an amount; discard:
    without one)."""

    player: str


Event = Union[DamageEvent, ZoneChangeEvent, EnterEvent, CountersEvent, TokenEvent, PlayerEvent]


class GrantedKeyword(Protocol):
    """A keyword an effect grants (engine.vocab.effects.GrantedKeyword) that is a replacement effect (devour,
    702.82a)."""

    replacement: ReplacementRule | None

    def words(self) -> str: ...


def replacement_of(ab: Ability | GrantedKeyword | object) -> ReplacementRule | None:
    """The replacement or prevention effect an ability is or creates (614, 615), or None. Not every kind
    of ability has the field (combat restrictions and requirements, their costs, a granted text
    ability: engine/vocab/cardfile.py, engine/vocab/effects.py): read it only where it is."""
    return getattr(ab, "replacement", None)


def own_replacements_of(ab: Ability | GrantedKeyword | object) -> list[tuple[str, ReplacementRule]]:
    """The replacement effects an ability is, with the suffix of each one's effect id: its one (suffix ''), and a
    keyword's second (702.44a sunburst, the charge-counter branch: suffix ':2'), each its own effect."""
    first, second = replacement_of(ab), getattr(ab, "second_replacement", None)
    return [(k, r) for k, r in (("", first), (":2", second)) if r is not None]


def continuous_of(ab: Ability) -> ContinuousSpec | None:
    """The continuous effect an ability creates (611), or None. Not every kind of ability has the field
    (a prevention ability, a keyword: engine/vocab/cardfile.py): read it only where it is."""
    return ab.continuous if makes_continuous(ab) else None
