"""`mtgjudge damage`: assignment files, and the output of a combat damage step (510)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from engine.game.combat_damage import STAGES, CombatDamage, DamageResult, Outcomes
from engine.files.errors import InputError
from engine.app.render import Output
from engine.files.yamlio import read_file
from engine.game.triggered import apnap

STEP_WORDS = {"first": "the first combat damage step (510.4: first strike and double strike only)",
              "second": "the second combat damage step (510.4: the others, and double strike again)",
              "only": "the combat damage step (510.1)"}


def load_assignment(path: Path) -> tuple[dict[str, dict[str, int]], Outcomes]:
    """assign: {CREATURE: {RECIPIENT: N, ...} or RECIPIENT}; replacement: N, or {STAGE: N, ...} (616.1,
    optional: the outcome the affected player chooses for the damage, or for each stage of STAGES)."""
    return assignment_from_data(read_file(path), str(path))


def assignment_from_data(data: Any, where: str = "assignment") -> tuple[dict[str, dict[str, int]], Outcomes]:
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise InputError(where, "(top level)", "is not a mapping", "write 'assign: {CREATURE: {RECIPIENT: N}}'")
    unknown = sorted(set(map(str, data)) - {"assign", "replacement"})
    if unknown:
        raise InputError(where, unknown[0], "is not a field of an assignment", "use only 'assign' and 'replacement'")
    body = data.get("assign")
    body = {} if body is None else body  # (`assign: 0`, `[]` or `""` are no mapping: issue 25)
    if not isinstance(body, dict):
        raise InputError(where, "assign", "is not a mapping", "write 'assign: {CREATURE: {RECIPIENT: N}}'")
    out: dict[str, dict[str, int]] = {}
    for creature, to in body.items():
        f = f"assign.{creature}"
        if isinstance(to, str):
            out[str(creature)] = {to: -1}  # all of it to one recipient: filled in with the power
            continue
        if not isinstance(to, dict):
            raise InputError(where, f, "is neither a recipient id nor a mapping", "write {RECIPIENT: N, ...} or RECIPIENT")
        for r, n in to.items():
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                raise InputError(where, f"{f}.{r}", f"{n!r} is not a whole number of damage", "write 0 or more")
        out[str(creature)] = {str(r): n for r, n in to.items()}
    rep = data.get("replacement")
    picks = rep if isinstance(rep, dict) else {"damage": rep} if rep is not None else {}
    for stage, n in picks.items():
        f = "replacement" if not isinstance(rep, dict) else f"replacement.{stage}"
        if stage not in STAGES:
            raise InputError(where, f, "is not a stage of the damage", f"use {', '.join(STAGES)}")
        if not isinstance(n, int) or isinstance(n, bool) or n < 1:
            raise InputError(where, f, f"{n!r} is not an outcome number", "write 1, 2, ... (the outcomes of the replacement effects)")
    return out, (rep if not isinstance(rep, dict) else {str(k): v for k, v in rep.items()})


def resolve_whole(cd: CombatDamage, given: dict[str, dict[str, int]]) -> dict[str, dict[str, int]]:
    """'CREATURE: RECIPIENT' means all of its damage (its power) to that recipient."""
    out = {}
    for c, to in given.items():
        if list(to.values()) == [-1]:
            power = max((cd.chars.get(c, {}).get("power") or 0), 0)
            out[c] = {next(iter(to)): power}
        else:
            out[c] = to
    return out


def dealers_json(cd: CombatDamage) -> dict[str, Any]:
    return {"step": cd.step, "dealers": [d.to_dict() for d in cd.dealers()]}


def print_dealers(con: Output, cd: CombatDamage) -> None:
    con.print(f"step: {STEP_WORDS[cd.step]}")
    con.print()
    rows = []
    for d in cd.dealers():
        what = ", ".join(cd._name(r) + f" ({r})" if r not in cd.state.player_names else r for r in d.recipients) or "nothing"
        forced = ("-" if d.forced is None else ", ".join(f"{n} to {r}" for r, n in d.forced.items()) or "no damage")
        flags = ", ".join(k for k, v in (("trample", d.trample), ("deathtouch", d.deathtouch)) if v)
        rows.append((d.creature, cd._name(d.creature), str(d.power), what, d.chooser, forced, d.rule, flags))
    con.table("the creatures that assign combat damage now", ["id", "creature", "power", "may assign to", "chooser",
                                                               "only legal assignment", "rule", "abilities"], rows)


def result_json(cd: CombatDamage, r: DamageResult) -> dict[str, Any]:
    d = {"step": cd.step, **r.to_dict()}
    if r.legal and r.state is not None:
        d["players"] = {p.name: {"life": p.life, "counters": dict(sorted(p.counters.items())), "lost": p.lost}
                        for p in r.state.players}
        d["next_step"] = "second" if r.state.combat.first_strikers is not None and cd.step == "first" else "end_of_combat"
        d.update(stack_json(r.state, r.triggers))
    return d


def print_result(con: Output, cd: CombatDamage, r: DamageResult) -> None:
    con.print(f"step: {STEP_WORDS[cd.step]}")
    con.print(f"assignment: {'legal' if r.legal else 'illegal'}")
    con.print()
    rows = [(c, cd._name(c), ", ".join(f"{n} to {x}" for x, n in sorted(to.items())) or "no damage")
            for c, to in sorted(r.assignment.items())]
    if rows:
        con.table("the assignment", ["id", "creature", "assigns"], rows)
    if r.problems:
        con.table("what makes it illegal", ["rule", "creature", "why"], [(p.rule, p.creature, p.message) for p in r.problems])
        return
    con.table("what happens", ["#", "event"], [(str(i), line) for i, line in enumerate(r.log, 1)] or [("-", "no damage is dealt")])
    if r.triggers:
        con.table("abilities that trigger (510.3a: put on the stack before the active player gets priority)",
                  ["source", "ability", "for", "rule", "text"],
                  [(t.source, str(t.ability), t.object, t.rule, t.text) for t in r.triggers])
        _print_stack(con, r.state, r.triggers)
    con.table("players", ["player", "life", "counters", "lost"],
              [(p.name, str(p.life), ", ".join(f"{k}: {v}" for k, v in sorted(p.counters.items())) or "-",
                "yes" if p.lost else "no") for p in r.state.players])
    if cd.step == "first":
        con.print("next: the second combat damage step (510.4)")


def stack_json(state, triggers) -> dict[str, Any]:
    """603.3b: the triggered abilities in the order they go on the stack (bottom first), and how many
    each player puts in an order of their choice."""
    stack, to_order = apnap(state, triggers)
    return {"stack": [{"source": t.source, "ability": t.ability, "controller": t.controller, "object": t.object}
                      for t in stack], "to_order": to_order}


def _print_stack(con: Output, state, triggers) -> None:
    stack, to_order = apnap(state, triggers)
    if len(stack) < 2:
        return
    con.table("on the stack, bottom first (603.3b: the active player's first; the last resolves first)",
              ["#", "controller", "source", "ability", "for"],
              [(str(i), t.controller, t.source, str(t.ability), t.object) for i, t in enumerate(stack, 1)])
    for p, n in sorted(to_order.items()):
        con.print(f"{p} puts their {n} in the order they choose (603.3b); shown in a canonical order")
        con.print()


def sba_json(r) -> dict[str, Any]:
    return {"state_based_actions": r.to_dict(), "triggers": [t.to_dict() for t in r.triggers],
            **stack_json(r.state, r.triggers), "log": r.log,
            "players": {p.name: {"life": p.life, "counters": dict(sorted(p.counters.items())), "lost": p.lost}
                        for p in r.state.players}}


def print_sba(con: Output, r) -> None:
    con.table("state-based actions (704.3: all at once, again until none applies)", ["#", "what happens"],
              [(str(i), line) for i, line in enumerate(r.log, 1)] or [("-", "none applies")])
    if r.triggers:
        con.table("abilities that trigger", ["source", "ability", "for", "rule", "text"],
                  [(t.source, str(t.ability), t.object, t.rule, t.text) for t in r.triggers])
        _print_stack(con, r.state, r.triggers)
