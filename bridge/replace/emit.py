"""The facts of the replace task (vocabulary "replace", docs/facts.md), one family at a time: the
player's events (614.1a: player_event/1, from rulesdata.PLAYER_EVENTS, the one list), each effect
(eff/3, bit/2, its numbers, its conditions on zones and players, 614.1; its entering parameters,
616.1b-c; the counters it is about, 614.17, 122.6), and each event (ev/2 and its amount, zone and
recipient, 614.1, 614.9; a permanent entering: its counters, controller and the effects' conditions
on it as it would exist on the battlefield, 614.12, 122.6, 616.1b-c; a player's event's player and
the tokens' controller and kind, ev_player/2 and ev_token/2, from which the program derives static_ok/2;
a library's size, 614.13c)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..facts import q
from asp_rules.rulesdata import PLAYER_EVENTS
from .counters import other_kind
from .render import event_amount
from .player_facts import player_event_facts_of
from .target_facts import destination, gone_facts  # 614.9: where a redirection sends damage; its destination gone

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .as_enters import Payment, Sacrifice
    from .effects import Effect
    from .protocols import DamageEvent, EnterEvent, Event, ZoneChangeEvent


def player_event_facts() -> list[str]:
    """614.1a: the kinds of a player's event, one of which may become another ("if you would gain life,
    draw that many cards instead")."""
    return [f"player_event({t})." for t in PLAYER_EVENTS]


def effect_facts(effects: list[Effect], events: list[Event], state: GameState, chars: dict,
                 copy_code: dict[str, int]) -> list[str]:
    """Each effect in force: what it does and its event type (eff/3), its bit (bit/2), and its parameters."""
    facts = []
    for k, e in enumerate(effects):
        E = q(e.id)
        facts.append(f"eff({E},{e.rule.do},{e.rule.event}). bit({E},{1 << k}).")
        facts += _number_facts(E, e, events)
        facts += _condition_facts(E, e)
        facts += gone_facts(e, E, state, chars)  # 614.9: a redirection's destination gone (target_facts.py)
        facts += _entering_effect_facts(E, e, events, state, chars, copy_code)
        facts += _kind_facts(E, e)
    return facts


def _number_facts(E: str, e: Effect, events: list[Event]) -> list[str]:
    """eff_n/2: the number it uses (614.1a); 702.138c: n_if_escaped for a permanent that escaped; the kinds
    of token one_of_each makes; 107.3m: the X of the permanent entering."""
    r = e.rule
    facts = []
    escaped = r.n_if_escaped is not None and any(
        ev.type == "enter" and ev.object == e.source and ev.escaped for ev in events)  # 702.138c
    if escaped:
        facts.append(f"eff_n({E},{r.n_if_escaped}).")
    elif r.n is not None:
        facts.append(f"eff_n({E},{r.n}).")
    if r.do == "one_of_each":  # how many kinds of token it creates one of each of
        facts.append(f"eff_n({E},{len(r.token_in)}).")
    if r.n_is_x:  # 107.3m: the X of the permanent entering (its own ability: one event)
        xs = {ev.x for ev in events if ev.type == "enter" and ev.object == e.source and ev.x is not None}
        facts.append(f"eff_n({E},{xs.pop() if xs else 0}).")
    return facts


def _condition_facts(E: str, e: Effect) -> list[str]:
    """Where instead (eff_zone/2), what event it becomes (eff_into/2, 614.1a), where a redirection sends
    the damage (eff_dest/2, 614.9), a self-replacement (614.15), a destination condition, its own ability
    (614.12), a library that must hold the amount (614.13c)."""
    r = e.rule
    facts = []
    if r.zone is not None:
        facts.append(f"eff_zone({E},{r.zone}).")
    if r.into is not None:
        facts.append(f"eff_into({E},{r.into}).")
    if r.do in ("redirect", "redirect_shield") and destination(e) is not None:
        facts.append(f"eff_dest({E},{q(destination(e))}).")
    if r.self_replacement:
        facts.append(f"eff_self({E}).")
    if r.event == "zone_change" and r.to_zone not in (None, "anywhere"):
        facts.append(f"eff_to({E},{r.to_zone}).")
    if e.own:
        facts.append(f"eff_own({E}).")
    if r.library_has_amount:
        facts.append(f"eff_lib_amount({E}).")
    if r.do == "add_counters" and r.optional:  # 702.98a, 614.12: "you may have it enter with": or without them
        facts.append(f"eff_optional({E}).")
    return facts


def _entering_effect_facts(E: str, e: Effect, events: list[Event], state: GameState, chars: dict,
                           copy_code: dict[str, int]) -> list[str]:
    """616.1b: the player a control-changing effect has the permanent enter under (eff_you/2); 616.1c:
    the copies a copy effect may have it enter as (copy_opt/2)."""
    r = e.rule
    facts = []
    if r.do == "enter_under_control":  # 616.1b: "it enters under your control instead"
        facts.append(f"eff_you({E},{q(e.you)}).")
    if r.do == "enter_as_copy" and r.of is not None:  # 616.1c: a copy of the object its controller chooses
        for ev in events:  # (its own ability, as it enters: on the battlefield it copies nothing)
            if e.own and ev.type == "enter" and ev.object == e.source:
                # the objects it may copy: the program's (replace_applies.lp's copy_opt/2, from options_facts.py's facts)
                facts.append(f"eff_copy_choice({E}).")
                if r.optional:  # "you may": or it enters as itself
                    facts.append(f"copy_opt({E},0).")
    elif r.do == "enter_as_copy" and e.source in copy_code:  # a copy of the effect's source (Essence of the Wild)
        facts.append(f"copy_opt({E},{copy_code[e.source]}).")
    return facts


def _kind_facts(E: str, e: Effect) -> list[str]:
    """eff_kind/2: the kind of counter a "can't" effect on counters is about (614.17), or an
    add_counters effect adds other than +1/+1 (122.6: "enters with ten ice counters")."""
    r = e.rule
    if r.do == "cant" and r.event == "counters" and r.kind is not None:  # 614.17: counters of that kind only
        return [f"eff_kind({E},{q(r.kind)})."]
    if r.do == "add_counters" and r.kind not in (None, "+1/+1"):  # "enters with ten ice counters"
        return [f"eff_kind({E},{q(r.kind)})."]
    return []


def event_facts(events: list[Event | Payment | Sacrifice], effects: list[Effect], state: GameState, chars: dict,
                libraries: dict[str, list[str]]) -> list[str]:
    """Each event (the input events, then those made as the permanents enter): its type and what the
    program needs of it, and the effects' conditions on it (a permanent entering: entering_facts.py's)."""
    facts = []
    for i, ev in enumerate(events, 1):
        if ev.type in PLAYER_EVENTS and any(e.rule.library_has_amount for e in effects):
            facts.append(f"lib_size({i},{len(libraries.get(ev.player, []))}).")
        facts.append(f"ev({i},{ev.type}).")
        if event_amount(ev) is not None:
            facts.append(f"ev_amount({i},{ev.amount}).")
        if ev.type == "zone_change":
            facts += _zone_change_facts(i, ev)
        if ev.type == "damage":
            facts += _damage_facts(i, ev)
        if ev.type == "enter":
            facts += _enter_facts(i, ev)
            continue
        # (replace_applies.lp derives static_ok/2, on the facts of state_facts.py; a player's event and tokens: their
        # player and kind, 614.1a, 111.2)
        facts += player_event_facts_of(i, ev)
    return facts


def _zone_change_facts(i: int, ev: ZoneChangeEvent) -> list[str]:
    facts = [f"ev_to({i},{ev.to})."]
    if ev.destroy:
        facts.append(f"ev_destroy({i}).")
    if ev.regenerate is False:
        facts.append(f"ev_no_regen({i}).")
    return facts


def _damage_facts(i: int, ev: DamageEvent) -> list[str]:
    """Who is dealt it, as modified (614.9), stands in the zone slot (the effects' conditions on each recipient
    it may have are the program's: replace_applies.lp's target_ok/3, from target_facts.py's facts)."""
    return [f"ev_to({i},{q(ev.target)})."]


def _enter_facts(i: int, ev: EnterEvent) -> list[str]:
    """+1/+1 counters it enters with, whether tapped (614.1c), under whom (616.1b), its counters of
    another kind (122.6)."""
    facts = [f"ev_amount({i},{ev.counters.get('+1/+1', 0)}). ev_to({i},{'tapped' if ev.tapped else 'untapped'}).",
             f"ev_ctl({i},{q(ev.controller)})."]
    other = other_kind(ev)
    if other is not None:  # 122.6: the counters of another kind it enters with
        facts.append(f"ev_other({i},{q(other)},{ev.counters[other]}).")
    # (which effects apply to it in each form it may enter in, the counters an effect on counters is about, and the
    # forms in which it would have its own effects on the counters put on itself are the program's: replace_applies.lp's
    # under_ok/4, eff_on/3 and ab_has/4, on entering_facts.py's facts)
    return facts
