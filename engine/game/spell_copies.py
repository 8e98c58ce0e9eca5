"""Copies of spells put on the stack (707.10), beside resolve.copy_spell: the abilities that trigger on copying
(magecraft, 603.2: ``copy_triggers``) and the copy's new targets (``choose``).

707.10c: "You may choose new targets for the copy": as a copy of a spell is put on the stack, its controller may
leave any number of its targets unchanged, even illegal ones, and change the others to legal ones (115.1-115.4: the
targets machinery of engine/game/targets.py decides). A game file says which with {copy_targets: [...]} as the copy
is made (the copied spell's targets in order, each kept or replaced); without it (and with --auto) the copy keeps
the copied spell's targets."""

from __future__ import annotations

from engine.files import gamefile as gf
from engine.vocab.oneshot import CastTrigger
from engine.game.casting import _caster_ok
from engine.game.common import GameError, _name
from engine.game.triggered import Triggered


def copy_triggers(game, oid: str, player: str) -> None:
    """707.10, 603.2: "Whenever you cast or copy an instant or sorcery spell" (magecraft, 207.2c): the abilities that
    trigger as ``player`` puts the copy ``oid`` of a spell on the stack (a copy isn't cast: no other cast trigger),
    about that copy, by its characteristics (copied: 707.10); the spell matched by casting.spell_is."""
    chars = game.state.objects[oid].printed
    for src, index, ab, you in game.abilities_in_force():
        trig = getattr(ab, "trigger", None)
        if isinstance(trig, CastTrigger) and trig.or_copy and _caster_ok(trig.player, you, player) \
                and game.casting.spell_is(trig.spells, oid, chars, player):
            game.pending.append(Triggered(src, index, ab.display(), oid, "copy", "707.10, 603.2", you, model=ab))


def choose(game, copy, you: str) -> tuple[str, ...]:
    """The copy's targets (707.10c), by the game file's {copy_targets: [...], by: YOU}, or the copied spell's."""
    st = game.state
    act = game.action()
    if not isinstance(act, gf.CopyTargets) or act.by not in (None, you):
        return tuple(copy.targets)
    game.take()
    old, new = list(copy.targets), list(act.copy_targets)
    if len(new) != len(old):  # 707.10: the number of targets is a choice copied with the spell
        raise GameError(game.acting(), f"707.10c: the copy has {len(old)} target(s), the action names {len(new)}",
                        "name one target for each of the copied spell's, in its order (the same one to keep it)")
    specs = game.targets.expand(game.targets.spell_targets(copy.printed, list(copy.choices.get("modes") or [])),
                                copy.controller, len(old))
    for spec, was, now in zip(specs, old, new):
        if now == was:
            continue
        why = game.targets.target_problem(copy.id, spec, now, you)
        if why:
            raise GameError(game.acting(), f"707.10c: {_name(st, now)} can't be a new target of the copy: {why}",
                            "choose a legal target, or keep the copied spell's")
    changed = [f"{_name(st, a)} -> {_name(st, b)}" for a, b in zip(old, new) if a != b]
    game.say("707.10c", f"{you} chooses new targets for the copy: {', '.join(changed)}" if changed
             else f"{you} keeps the copied spell's targets for the copy")
    return tuple(new)
