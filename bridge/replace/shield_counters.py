"""122.1c: one or more shield counters on a permanent create a single prevention effect and a single
replacement effect that protect it: "If damage would be dealt to this permanent, prevent that damage
and remove a shield counter from it" and "If this permanent would be destroyed as the result of an
effect, instead remove a shield counter from it". They are no ability of the permanent: the rules
make them, for each permanent of the battlefield with a shield counter on it, whatever its abilities
(a permanent that loses all its abilities keeps them)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from bridge.layers import LayersResult
    from bridge.protocols import GameState

SHIELD = "shield"


@dataclass(frozen=True)
class CounterRule:
    """The rule of an effect a counter makes (engine.vocab.replacement.ReplacementRule's fields)."""

    event: str
    do: str
    remove_counter: str | None = None
    by_effect_only: bool = False  # 122.1c: "destroyed as the result of an effect", not a state-based action
    source: Any = None
    target: Any = None
    target_player: str | None = None
    object: Any = None
    from_zone: str | None = None
    to_zone: str | None = None
    kind: str | None = None
    on_player: str | None = None
    player: str | None = None
    combat: bool | None = None
    n_if_escaped: int | None = None
    if_kicked: bool | None = None
    if_cast_from_hand: bool | None = None
    x_at_least: int | None = None
    if_spent: str | None = None
    library_empty: bool | None = None
    token_in: list[str] | None = None
    resolving: bool | None = None
    library_has_amount: bool | None = None
    unless: Any = None
    only_if: Any = None
    if_game: Any = None
    unless_game: Any = None
    n: int | None = None
    zone: str | None = None
    into: str | None = None
    choice: str | None = None
    cards: Any = None
    of: Any = None
    optional: bool = False
    to_target: bool = False
    protects_source: bool = False
    or_dealt_by: bool = False
    n_is_x: bool = False
    self_replacement: bool = False
    next_spell_from_hand: Any = None
    next_time: bool = False
    and_create: Any = None
    counters_per_prevented: str | None = None
    n_per: str | None = None
    n_count: Any = None
    remove_counters_per_prevented: str | None = None


# the prevention effect on damage and the replacement effect on a destruction (122.1c, 615.1a, 614.1a)
PREVENT = CounterRule(event="damage", do="prevent_all", remove_counter=SHIELD)
INSTEAD_OF_DESTROYED = CounterRule(event="zone_change", do="skip", from_zone="battlefield", remove_counter=SHIELD,
                                   by_effect_only=True)


def shield_counter_rules(state: GameState, layers: LayersResult) -> list[tuple[str, str, CounterRule, str | None]]:
    """The two effects of 122.1c for each permanent with a shield counter on it: (the effect's id, the
    permanent, its rule, its controller); each is about that permanent only (bridge.replace.effects
    makes them effects with `affected`)."""
    out = []
    for oid in state.battlefield:
        if state.objects[oid].counters.get(SHIELD, 0) <= 0:
            continue
        you = layers.objects.get(oid, {}).get("controller")
        out += [(f"{oid}#shield:damage", oid, PREVENT, you), (f"{oid}#shield:destroy", oid, INSTEAD_OF_DESTROYED, you)]
    return out
