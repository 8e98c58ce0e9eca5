"""Who is dealt damage (614.1, 614.9, 615.1a, 615.11): the parameters of an effect on damage that the replace
program's rules on the recipient read (asp_rules/replace_applies.lp derives target_ok/3 and any_target/1 from them):
the selector of the objects it names as dealt the damage (eff_recipient/2, in the shared selector vocabulary of
state_facts.py), the players it names (eff_target_player/2), "dealt to and dealt by" (eff_or_dealt_by/1), and the
object a redirection shield protects (eff_protects/2: its first target, or its source). Facts only: whether an effect
applies to a recipient is the program's."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from ..facts import q

if TYPE_CHECKING:
    from bridge.protocols import Selector

    from .effects import Effect


def recipient_facts(e: Effect, E: str, emit: Callable[[Selector, Effect, str, list[str]], str]) -> list[str]:
    """An effect on damage: its conditions on who is dealt the damage, as parameters. `emit` writes a selector's facts
    (state_facts.py's numbering) and returns its term."""
    r = e.rule
    out: list[str] = []
    if r.event != "damage":
        return out
    if r.target is not None:  # "damage that would be dealt to a creature you control"
        out.append(f"eff_recipient({E},{emit(r.target, e, E, out)}).")
    if r.target_player is not None:  # "... dealt to you", "to an opponent", "to target player"
        out.append(f"eff_target_player({E},{r.target_player}).")
    if r.or_dealt_by:  # "dealt to and dealt by that creature" (Maze of Ith)
        out.append(f"eff_or_dealt_by({E}).")
    if r.do == "redirect_shield" and protected(e) is not None:
        out.append(f"eff_protects({E},{q(protected(e))}).")
    return out


def protected(e: Effect) -> str | None:
    """614.9: the object a redirection shield protects, an effect's parameter fixed as it began: its first target
    ("damage that would be dealt to target creature you control", Razia), or its source ("to this creature", Spirit
    en-Kor: protects_source)."""
    if e.rule.protects_source:
        return e.source
    return e.targets[0] if e.targets else None


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


def gone_facts(e: Effect, E: str, state: Any, chars: dict) -> list[str]:
    """614.9: a redirection whose destination is a permanent no longer on the battlefield, or no longer a creature, a
    planeswalker or a battle, or a player who has left the game (eff_dest_gone/1): a fact of the state; that the
    effect then does nothing is the program's (replace.lp)."""
    d = destination(e) if e.rule.do in ("redirect", "redirect_shield") else None
    if d is None:
        return []
    if d in state.player_names:
        return [f"eff_dest_gone({E})."] * bool(state.player(d).lost)
    o = state.objects.get(d)
    types = {str(t).lower() for t in (chars.get(d) or {}).get("types", ())}
    gone = o is None or o.zone != "battlefield" or not types & {"creature", "planeswalker", "battle"}
    return [f"eff_dest_gone({E})."] * gone


def recipients(events: list[Any], effects: list[Effect]) -> set[str]:
    """The objects and players damage may be dealt to: each damage event's recipient, and where each redirection may
    send damage (its eff_dest/2): the objects whose state the program reads for them."""
    out = {ev.target for ev in events if ev.type == "damage"}
    return out | {d for e in effects if e.rule.do in ("redirect", "redirect_shield") and (d := destination(e))}
