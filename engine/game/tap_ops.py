"""What the game loop does for the one-shot operations of issue 21's tapping (engine/vocab/oneshot_tapping.py, 701.26):
"tap all creatures without flying" (each permanent a selector matches as the spell or ability resolves, 608.2c) and
"tap or untap target permanent" (the one of the two that changes it)."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from pydantic import TypeAdapter

from engine.files import gamefile as gf
from engine.state.model import ContinuousEffect
from engine.vocab.cardfile import Ability
from engine.game.common import GameError, _name
from engine.game import mass_ops


def tap_each(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """701.26a, 608.2c: each untapped permanent ``op.what`` matches now becomes tapped."""
    game = ins.game
    st = game.state
    # 115.1: "all creatures target player controls": the selector's "you" is that player (engine/game/mass_ops.py)
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, mass_ops.whose(op, you, targets), (), {})
    those = [x for x in st.battlefield if ctx.match(op.what, x) and not st.objects[x].tapped]
    for x in those:
        game.say("701.26a", f"{_name(st, x)} becomes tapped ({name})")
    game.events.tap(those)


def tap_or_untap(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """701.26a, 608.2d: the target, if it is still a legal target (608.2b), becomes tapped if it is untapped, untapped
    if it is tapped."""
    game = ins.game
    st = game.state
    x = targets[op.target - 1] if op.target <= len(targets) else None
    if x is None or x not in st.battlefield:
        return
    if st.objects[x].tapped:
        game.say("701.26b", f"{_name(st, x)} becomes untapped ({name})")
        game.events.untap([x])
    else:
        game.say("701.26a", f"{_name(st, x)} becomes tapped ({name})")
        game.events.tap([x])


def kept_tapped(game, oids: list[str]) -> list[str]:
    """502.3: of the permanents about to untap, those whose own "You may choose not to untap this creature during your
    untap step" (StaticAbility.may_not_untap, in force after the layers) the active player chooses to keep tapped
    ({keep_tapped: [ID, ...]}; --auto: none, they untap)."""
    st = game.state
    may = [src for src, _index, ab, _you in game.abilities_in_force() if getattr(ab, "may_not_untap", False) and src in oids]
    if not may:
        return []
    act = game.action()
    if isinstance(act, gf.KeepTapped) and act.by in (None, st.active) and (act.at is None or game.due(act)):
        game.take()
        wrong = [x for x in act.keep_tapped if x not in may]
        if wrong:
            raise GameError(game.acting(), f"502.3: {', '.join(wrong)} can't be kept tapped by choice",
                            "name only " + ", ".join(may))
        kept = [x for x in may if x in act.keep_tapped]
    elif game.auto:
        kept = []
    else:
        raise GameError(game.where(), f"502.3: {st.active} chooses whether to untap " + ", ".join(
            _name(st, x) for x in may), "add {keep_tapped: [ID, ...]} ([] untaps them all), or use --auto")
    for x in kept:
        game.say("502.3", f"{st.active} chooses not to untap {_name(st, x)}")
    return kept


def doesnt_untap_while_tapped(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """502.3, 611.2a-b: a continuous effect on the target (if still legal, 608.2b) that lasts while the source is tapped
    on the battlefield: its ability says the target doesn't untap (doesnt_untap: the effect's targets)."""
    game = ins.game
    st = game.state
    x = targets[op.target - 1] if op.target <= len(targets) else None
    if x is None or x not in st.battlefield or ended_before(game, "while_source_tapped", source, you, name):
        return
    text = f"It doesn't untap during its controller's untap step for as long as {_name(st, source)} remains tapped."
    rule = TypeAdapter(Ability).validate_python({"kind": "static", "text": text, "doesnt_untap": {"targets": True}})
    ts = st.next_timestamp
    st.next_timestamp += 1
    card = st.objects[source].printed.name if st.objects[source].printed is not None else name
    st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card, ability_index=1, ability=rule,
                                       controller=you, targets=(x,), choices={}, timestamp=ts, duration="while_source_tapped",
                                       remaining=None, source=source, affected=(x,)))
    game.say("502.3", f"{_name(st, x)} doesn't untap during its controller's untap step for as long as "
                      f"{_name(st, source)} remains tapped ({name})")


def kept_by_effects(game, oids: list[str]) -> dict[str, tuple[str, str]]:
    """502.3: of the permanents about to untap, those a resolved effect in force says don't untap (an effect whose
    ability has doesnt_untap, on its targets): {permanent: (the effect's source, its text)}."""
    st = game.state
    kept: dict[str, tuple[str, str]] = {}
    chars = characteristics(st, game.layers())
    for e in st.effects:
        sel = getattr(e.ability, "doesnt_untap", None)
        if sel is None:
            continue
        ctx = SelectorContext(st, chars, e.source, e.controller, tuple(e.targets), dict(e.choices))
        kept.update({x: (e.source or x, e.ability.display()) for x in oids if x not in kept and ctx.match(sel, x)})
    return kept


def duration(text: str) -> str:
    """611.2a: the duration of a resolved effect whose text says neither "this turn" nor "for as long as you control":
    "for as long as this artifact remains tapped" (while_source_tapped: its source on the battlefield and tapped),
    "this combat" (end_of_combat: it ends as the end of combat step ends, 511.3; provoke, 702.39a), or none said
    (indefinite)."""
    return "while_source_tapped" if "remains tapped" in text else "end_of_combat" if "this combat" in text else "indefinite"


def ended_before(game, duration: str, source: str, you: str, card_name: str) -> bool:
    """611.2b: whether an effect "for as long as" ends before it begins (its source no longer controlled by ``you``,
    or no longer tapped on the battlefield): it does nothing."""
    st = game.state
    if duration == "while_you_control_source" and not game.sba.source_held(source, you):
        why = f"{you} no longer controls {_name(st, source)}"
    elif duration == "while_source_tapped" and not tapped_source(st, source):
        why = f"{_name(st, source)} is no longer tapped on the battlefield"
    else:
        return False
    game.say("611.2b", f"{card_name}'s effect does nothing: {why}, so the effect's duration ended before it began")
    return True


def tapped_source(st, source: str | None) -> bool:
    """611.2b: "for as long as this artifact remains tapped": the source is on the battlefield and tapped."""
    return source in st.battlefield and st.objects[source].tapped


OPS = {"tap_each": tap_each, "tap_or_untap": tap_or_untap, "doesnt_untap_while_tapped": doesnt_untap_while_tapped}
