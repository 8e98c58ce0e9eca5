"""Which effects apply to an event (614.1), where the program doesn't decide it yet: the conditions no
modification of the event can change for a player's event or tokens (static_ok/2), those on who is dealt
damage (614.9: a redirection changes it; target_ok/3), and who chooses among them (616.1). Matched in Python
on the characteristics after the layers; the program checks the rest on the event as modified. The effects on
damage (its source), zone changes and counters (asp_rules/replace_applies.lp on the facts of
bridge/replace/state_facts.py) and on a permanent entering (under_ok/4, eff_on/3: 614.12, 616.1b-c, 122.6, on
those of bridge/replace/entering_facts.py) are the program's."""

from __future__ import annotations

from typing import TYPE_CHECKING

from asp_rules.rulesdata import PLAYER_EVENTS
from ..selectors import SelectorContext
from .state_facts import PROGRAM_DECIDES

if TYPE_CHECKING:
    from bridge.protocols import GameState

    from .effects import Effect
    from .protocols import Event


def static_ok(eff: Effect, ev: Event, state: GameState, chars: dict) -> bool:
    """The conditions of 614.1 that no modification of the event can change (its type, who and what)."""
    r = eff.rule
    if r.event == "life_total":  # 119.7-119.8: life gained or lost
        return ev.type in ("life_gain", "life_loss") and (r.player is None or player_is(eff, r.player, ev.player))
    if ev.type == "enter":  # 614.12: the program decides (replace_applies.lp's under_ok/4: entering_facts.py)
        raise ValueError(f"614.12: whether {eff.id} applies to a permanent entering is asp_rules/replace_applies.lp's")
    if r.event != ev.type and not (r.event in PLAYER_EVENTS and ev.type in PLAYER_EVENTS):
        return False  # (a player's event may become another: the program checks its type as modified)
    if ev.type in PROGRAM_DECIDES:  # the program decides (replace_applies.lp, on the state's facts: state_facts.py)
        raise ValueError(f"614.1: whether {eff.id} applies to a {ev.type} event is asp_rules/replace_applies.lp's")
    if ev.type == "token":  # (a Clue, Food or Treasure: as the event was; one_of_each keeps it one of them)
        return _player_ok(eff, r.player, ev.controller) and (r.token_in is None or ev.token in r.token_in)
    if r.library_empty and state.zone_ids("library", ev.player):
        return False  # "while your library has no cards in it": it has some
    return _player_ok(eff, r.player, ev.player)


def _context(eff: Effect, state: GameState, chars: dict, you: str | None = None) -> SelectorContext:
    return SelectorContext(state, chars, eff.source, eff.you if you is None else you, eff.targets, eff.choices)


def _player_ok(eff: Effect, who: str | None, p: str) -> bool:
    return who is None or player_is(eff, who, p)


def player_is(eff: Effect, who: str, p: str) -> bool:
    """'you', 'opponent', 'any' or 'targets', for the effect's controller and targets."""
    return who == "any" or (who == "you" and p == eff.you) or (who == "opponent" and p != eff.you) or (
        who == "targets" and p in eff.targets)


def has_target_condition(eff: Effect) -> bool:
    return (eff.rule.target is not None or eff.rule.target_player is not None or eff.affected is not None
            or eff.rule.do == "redirect_shield")


def target_ok(eff: Effect, target: str, state: GameState, chars: dict, source: str | None = None) -> bool:
    """Damage: the conditions on what is dealt the damage (614.1), for one possible recipient; with the damage's
    `source`, an effect on the damage dealt to and dealt by its objects (615.1a, or_dealt_by) applies to that source's
    damage to any recipient."""
    r = eff.rule
    if eff.affected is not None and target not in eff.affected:
        return False  # 615.11: a shield on a set of objects fixed as it began
    if r.or_dealt_by and source is not None and _context(eff, state, chars).match(r.target, source):
        return True  # "dealt to and dealt by that creature": the damage that creature deals, to anyone
    if r.do == "redirect_shield":  # 614.9: damage dealt to its first target ("target creature you control")
        if r.protects_source:  # or to its source ("this creature", Spirit en-Kor)
            return eff.source is not None and target == eff.source
        return bool(eff.targets) and target == eff.targets[0]
    if r.target is None and r.target_player is None:
        return True
    if target in set(state.player_names):
        return r.target_player is not None and player_is(eff, r.target_player, target)
    return r.target is not None and _context(eff, state, chars).match(r.target, target)


def destination(e: Effect) -> str | None:
    """614.9: where a redirection sends the damage: the effect's source, or its first target; for a
    partial one (Razia), its second target ("another target creature")."""
    if e.rule.do == "redirect_shield":
        if e.rule.protects_source:  # Spirit en-Kor: the source's damage goes to its target
            return e.targets[0] if e.targets else None
        return e.targets[1] if len(e.targets) > 1 else None
    if e.rule.to_target:
        return e.targets[0] if e.targets else None
    return e.source


def chooser(ev: Event, state: GameState, chars: dict) -> str | None:
    """616.1: the affected player, or the controller of the affected object (its owner off the
    battlefield and stack, 108.4a)."""
    players = set(state.player_names)
    if ev.type == "damage":
        return ev.target if ev.target in players else chars.get(ev.target, {}).get("controller")
    if ev.type == "counters" and ev.object in players:
        return ev.object  # 616.1: the affected player
    if ev.type in ("zone_change", "counters"):
        o = state.objects[ev.object]
        return chars.get(ev.object, {}).get("controller") or o.owner
    if ev.type == "enter":
        # the object about to enter is not a permanent yet: a spell has its controller, a card in another
        # zone none, and its owner chooses (616.1, 108.4a), whoever it would enter under (616.1b)
        o = state.objects[ev.object]
        return o.controller or o.owner
    if ev.type == "token":
        return ev.controller
    return ev.player
