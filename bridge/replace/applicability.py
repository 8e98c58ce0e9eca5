"""Which effects apply to an event (614.1), where the program doesn't decide it yet: the conditions no
modification of the event can change for a permanent entering as it would exist on the battlefield under the
player it would enter under (under_ok/4: 614.12, 616.1b, 122.6a). Matched in Python on the characteristics after
the layers; the program checks the rest on the event as modified. The effects on damage (its source, and who is
dealt it: 614.9), zone changes, counters, tokens and a player's events are the program's
(asp_rules/replace_applies.lp on the facts of bridge/replace/state_facts.py, player_facts.py and target_facts.py),
and so is who chooses among them (616.1: asp_rules/replace_chooser.lp)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..selectors import SelectorContext
from .counters import entering_kinds
from .self_counters import is_own_counter_effect
from .state_facts import PROGRAM_DECIDES

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .effects import Effect
    from .entering import Entered
    from .protocols import EnterEvent, Event, Unless


def static_ok(eff: Effect, ev: Event, state: GameState, chars: dict, controller: str | None = None,
              view: Entered | None = None) -> bool:
    """The conditions of 614.1 that no modification of the event can change (its type, who and what), for a
    permanent entering, as it would exist on the battlefield (`view`, 614.12) under `controller` (default: the
    event's, 616.1b); every other event's are the program's (PROGRAM_DECIDES: ValueError)."""
    r = eff.rule
    if ev.type in PROGRAM_DECIDES:  # the program decides (replace_applies.lp, on the state's facts: state_facts.py)
        raise ValueError(f"614.1: whether {eff.id} applies to a {ev.type} event is asp_rules/replace_applies.lp's")
    entering_counters = r.event == "counters" and ev.type == "enter"  # 122.6: counters it enters with
    if r.event != ev.type and not entering_counters:
        return False
    if entering_counters:
        return _entering_counters_ok(eff, ev, state, chars, controller or ev.controller, view)
    return _enter_ok(eff, ev, state, chars, controller or ev.controller, view)


def _entering_counters_ok(eff: Effect, ev: EnterEvent, state: GameState, chars: dict, controller: str,
                          view: Entered | None) -> bool:
    """122.6: the counters it enters with (+1/+1, and one other kind: entering_kinds), on it as it would
    exist on the battlefield (614.12); 122.6a: put by the player it enters under."""
    r = eff.rule
    if is_own_counter_effect(eff):
        return False  # 614.12: its own ability on the counters put on itself: the program reads ab_has/4
    if r.do == "cant":  # 614.17d: "counters can't be put on ..." (any kind: eff_kind/2 says which)
        if r.player is not None or r.object is None:
            return False  # (on players only, or counters a given player puts)
    elif r.on_player is not None or not entering_kinds(r, ev):
        return False
    elif r.player is not None and not _player_ok(eff, r.player, controller):
        return False  # Vorinclex: "if you would put", "if an opponent would put"
    return r.object is None or _entering_matches(eff, ev, state, chars, controller, view)


def _enter_ok(eff: Effect, ev: EnterEvent, state: GameState, chars: dict, controller: str,
              view: Entered | None) -> bool:
    r = eff.rule
    if (eff.own or eff.copied is not None) and eff.source != ev.object:
        return False  # another permanent's own abilities don't apply to this one entering
    if eff.copied is not None and (view is None or eff.copied not in view.copied):
        return False  # 616.1f: it has that ability only as the copy (under that player) that has it
    if eff.under is not None and controller not in eff.under:
        return False  # 614.12: it wouldn't have that ability on the battlefield under that player
    if r.if_kicked and not getattr(ev, "kicked", None):
        return False  # 702.33d: "if this creature was kicked, it enters with ...": it wasn't
    if r.if_cast_from_hand and not getattr(ev, "cast_from_hand", None):
        return False  # 601.2a: "... if you cast it from your hand": it wasn't a spell cast from there
    if r.if_opponent_dealt_damage and not any(p != controller for p in getattr(state, "dealt_damage", ())):
        return False  # 702.54a: "if an opponent was dealt damage this turn": none was (120.3)
    if r.only_if is not None and not _holds(r.only_if, eff, state, chars, controller):
        return False  # "enters tapped unless you control two or fewer other lands": they control fewer than 3
    if r.unless is not None and _holds(r.unless, eff, state, chars, controller):
        return False  # "enters tapped unless you control two or more basic lands": they control them
    return r.object is None or _entering_matches(eff, ev, state, chars, controller, view)


def _entering_matches(eff: Effect, ev: EnterEvent, state: GameState, chars: dict, controller: str,
                      view: Entered | None) -> bool:
    """614.12: the effect's `object` matches the permanent as it would exist on the battlefield, under the
    player it would enter under."""
    chars_in = dict(chars)
    chars_in[ev.object] = dict(view.chars if view is not None else chars.get(ev.object, {}), controller=controller)
    ctx = SelectorContext(state, chars_in, eff.source, eff.you, eff.targets, eff.choices)
    return ctx.match(eff.rule.object, ev.object)


def _context(eff: Effect, state: GameState, chars: dict, you: str | None = None) -> SelectorContext:
    return SelectorContext(state, chars, eff.source, eff.you if you is None else you, eff.targets, eff.choices)


def _holds(cond: Unless, eff: Effect, state: GameState, chars: dict, you: str) -> bool:
    """An entering permanent's "unless" condition (614.12): the permanents of the battlefield that match
    its count, for the player it would enter under; those entering with it are not there yet."""
    ctx = _context(eff, state, chars, you)
    return sum(1 for oid in state.battlefield if oid in chars and ctx.match(cond.count, oid)) >= cond.at_least


def _player_ok(eff: Effect, who: str | None, p: str) -> bool:
    return who is None or player_is(eff, who, p)


def player_is(eff: Effect, who: str, p: str) -> bool:
    """'you', 'opponent', 'any' or 'targets', for the effect's controller and targets."""
    return who == "any" or (who == "you" and p == eff.you) or (who == "opponent" and p != eff.you) or (
        who == "targets" and p in eff.targets)


