"""The state and event facts of a player's events and of tokens that the replace program's applicability rules read
(asp_rules/replace_applies.lp: 614.1a, 119.7-119.8, 121.6a, 111.1-111.2): each effect's condition on the player of
the event (eff_player/2: 'you', 'opponent', 'any', 'targets'; for tokens, the player who creates them), the kinds of
token it names (eff_token_in/2), "while your library has no cards in it" (eff_lib_empty/1), the kind of token its
modified event also creates (eff_creates/2: the program names the made event's kind from it, 616.1f); each event's
player (ev_player/2) and token (ev_token/2); the players whose library is empty (library_empty/1). Facts of the state
only: whether an effect applies is the program's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..facts import q
from asp_rules.rulesdata import PLAYER_EVENTS

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .effects import Effect

# the effects' event types whose conditions these facts say: tokens, a player's events, life gained or lost (119.7)
_PLAYERS = ("token", "life_total", *PLAYER_EVENTS)


def player_effect_facts(E: str, e: Effect) -> list[str]:
    """An effect's conditions on a player's event or on tokens (614.1a, 111.2), and the kind of token its
    modified event also creates (616.1f)."""
    r = e.rule
    out = []
    if r.event in _PLAYERS and r.player is not None:
        out.append(f"eff_player({E},{r.player}).")
    if r.event == "token":
        out += [f"eff_token_in({E},{q(k)})." for k in r.token_in or ()]
    if r.event in PLAYER_EVENTS and r.library_empty:
        out.append(f"eff_lib_empty({E}).")
    if r.and_create is not None:
        out.append(f"eff_creates({E},{q(r.and_create.token)}).")
    return out


def player_event_facts_of(i: int, ev: Any) -> list[str]:
    """Event i's player (a player's event: 614.1a) or the player who creates its tokens and their kind (111.2)."""
    if ev.type == "token":
        return [f"ev_player({i},{q(ev.controller)}). ev_token({i},{q(ev.token)})."]
    if ev.type in PLAYER_EVENTS:
        return [f"ev_player({i},{q(ev.player)})."]
    return []


def library_facts(effects: list[Effect], state: GameState) -> list[str]:
    """121.6a: the players whose library has no cards in it, for the effects that apply only then."""
    if not any(e.rule.library_empty and e.rule.event in PLAYER_EVENTS for e in effects):
        return []
    return [f"library_empty({q(p)})." for p in state.player_names if not state.zone_ids("library", p)]
