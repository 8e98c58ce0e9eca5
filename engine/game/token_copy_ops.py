"""What the game loop does for ``create_token_copy`` (issue 21: copies, engine/vocab/oneshot_copy.py's CreateTokenCopy):
tokens that are copies of a permanent (111.1, 707.2), with the exceptions of the copy effect that makes them (707.9b).

The object copied is the target, the source, or the creature the trigger's event was about (603.2), as it is as the
instruction is performed, or as it last existed if it left the battlefield (608.2h: its copiable values, the printed
ones and the copy effect it entered with; a token that ceased to exist is copied no more). The tokens are made by
engine/game/events.py's ``token_copies`` (their copiable values, then the entering, 603.6a); the exceptions change the
values they copy and are part of their own copiable values (707.9b: a copy of such a token has them too). Registered
in engine/game/instructions.py's DELEGATED."""

from __future__ import annotations

from dataclasses import replace as with_fields

from engine.state.model import Characteristics


def follow(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """111.1, 707.2: ``op.amount`` tokens that copy each object the instruction names (``amount_if_kicked`` if the
    spell was kicked, 702.33d), tapped if it says so (110.5b), with its exceptions (707.9b)."""
    game = ins.game
    st = game.state
    kicked = bool(st.objects[source].choices.get("kicked")) if source in st.objects else False
    n = op.amount_if_kicked if kicked and op.amount_if_kicked else op.amount
    for t in _originals(game, op, source, targets):
        if t not in st.objects:  # (a token that ceased to exist: its copiable values aren't kept)
            game.say("608.2h", f"{name}: the object to copy no longer exists: no token is created")
            continue
        game.events.token_copies(t, you, n, tapped=op.tapped, exceptions=op.exceptions)


def _originals(game, op, source: str, targets: list) -> list[str]:
    """The object the instruction copies: the target (none if it is illegal now, 608.2b), the source (608.2h: as it last
    existed), the creature the trigger is about (603.2; 608.2h: as it last existed), or the permanent the source is
    attached to (303.4, 301.5)."""
    if op.what == "self":
        return [source]
    if op.what == "attached":  # 303.4, 301.5: what the source is attached to (608.2h: as it last existed)
        host = game.attached_now_or_last(source)
        return [host] if host is not None else []
    if op.what == "that":
        ref = game.resolution.resolving_refs.get("that")
        return [ref[0]] if ref is not None else []
    k = op.target
    return [targets[k - 1]] if k <= len(targets) and targets[k - 1] is not None else []


def excepted(printed: Characteristics, exceptions) -> Characteristics:
    """707.9b: the copied values with the copy effect's exceptions: without the legendary supertype, with the abilities
    it gives (after the copied ones), the card types and subtypes it adds, the power and toughness it sets."""
    supertypes = tuple(s for s in printed.supertypes if not (exceptions.not_legendary and s == "Legendary"))
    types = printed.types + tuple(t for t in exceptions.add_types if t not in printed.types)
    subtypes = printed.subtypes + tuple(s for s in exceptions.add_subtypes if s not in printed.subtypes)
    changed = with_fields(printed, supertypes=supertypes, types=types, subtypes=subtypes,
                          abilities=printed.abilities + tuple(exceptions.abilities))
    if exceptions.power is not None:
        changed = with_fields(changed, power=exceptions.power, toughness=exceptions.toughness)
    return changed


def said(exceptions) -> str:
    """The exceptions as the log says them."""
    if exceptions is None:
        return ""
    added = exceptions.add_types + exceptions.add_subtypes
    parts = (["not legendary"] if exceptions.not_legendary else []) + \
        ([f"{exceptions.power}/{exceptions.toughness}"] if exceptions.power is not None else []) + \
        ([f"also {' '.join(added)}"] if added else []) + [f"with {a.display()}" for a in exceptions.abilities]
    return f", except: {'; '.join(parts)} (707.9b)"
