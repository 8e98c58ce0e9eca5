"""What the game loop does for ``copy_next_spell`` (issue 21: copies, engine/vocab/oneshot_copy.py's CopyNextSpell): "When
you next cast an instant or sorcery spell this turn, copy that spell. You may choose new targets for the copy."

603.7: the resolving spell or ability creates a delayed triggered ability; its controller is the one who controlled that
spell or ability as it resolved (603.7d-e). It triggers the next time that player casts a spell it names this turn
(601.2i: as the spell becomes cast, the qualities matched by engine/game/cast_quality.py as a cast trigger's are; 603.7b:
only once); a turn that ends first ends it unused ("this turn"). As it resolves it copies that spell (707.10: the
instruction ``copy_spell`` of the spell it triggered on, engine/game/resolve.py), new targets if the text says so
(707.10c). Registered in engine/game/instructions.py's DELEGATED; engine/game/casting.py's cast_triggers calls
:func:`cast`."""

from __future__ import annotations

from weakref import WeakKeyDictionary

from engine.game import cast_quality
from engine.game.triggered import Triggered
from engine.vocab.oneshot import CastTrigger
from engine.vocab.oneshot_copy import CopySpell

# the delayed triggered abilities waiting, for each game: (op, source, controller, turn created)
_WAITING: WeakKeyDictionary = WeakKeyDictionary()


class _NextCast:
    """The delayed triggered ability as the stack holds it (a triggered ability: its text, its one instruction)."""

    kind = "triggered"
    continuous = None
    replacement = None
    trigger = None
    targets = None
    combat = None

    def __init__(self, op):
        self.text = op.text
        self.one_shot = [CopySpell(op="copy_spell", new_targets=op.new_targets)]

    def display(self) -> str:
        return self.text


def follow(ins, op, source: str, you: str, targets: list, name: str) -> None:
    """603.7: the delayed triggered ability is created, controlled by ``you`` (603.7d-e)."""
    game = ins.game
    _WAITING.setdefault(game, []).append((op, source, you, game.state.turn))
    game.say("603.7", f"{name} creates a delayed triggered ability: \"{op.text}\"")


def cast(casting, oid: str, chars, player: str, where: str | None, caster_ok, spell_targets) -> None:
    """601.2i, 603.7b: the spell ``oid`` became cast by ``player``: each waiting ability of theirs it names triggers,
    once (it no longer waits); those of an earlier turn are gone ("this turn"). ``caster_ok``, ``spell_targets``:
    casting.py's tests, as engine/game/cast_quality.triggers takes them."""
    game = casting.game
    waiting = _WAITING.get(game) or []
    for entry in list(waiting):
        op, source, you, turn = entry
        if turn != game.state.turn:
            waiting.remove(entry)
            continue
        trig = CastTrigger(event="cast", spells=op.spells)
        if cast_quality.triggers(casting, trig, source, you, oid, chars, player, where, caster_ok, spell_targets):
            waiting.remove(entry)
            game.pending.append(Triggered(source, 0, op.text, oid, "cast", "603.7b, 601.2i", you, model=_NextCast(op)))
