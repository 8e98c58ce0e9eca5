"""The choices of a modal ability's modes beyond a number of them (700.2; the instruction engine/vocab/modes.py's
ModeChoice, read by engine/vocab/oracle/modal.lark), as its controller announces them (603.3c: a triggered ability's,
as it is put on the stack, engine/game/triggers.py's trigger_modes):

- "choose up to one —" (``up_to``): no mode or one; with none, the ability is removed from the stack (603.3c);
- "choose one that hasn't been chosen [this turn] —" (``unchosen``): only a mode not yet chosen for this ability of
  this object (400.7: an object that changed zones is a new object, its record starts again), ever or this turn; the
  modes chosen are recorded as the ability goes on the stack (the Triggers chapter's ``modes_chosen``, kept as the
  game runs, not saved in a game file, as trigger_limits.py's counts);
- "choose one at random —" (``at_random``): drawn at random among the modes that can be chosen (700.2b: a mode whose
  targets can't be chosen can't be), by the loop's seeded random source (engine/game/random_ops.py), no player's
  choice."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.random_ops import _seeded


def _key(game, source: str, index: int) -> tuple[str, int, int]:
    o = game.state.objects.get(source)
    return source, index, o.zone_changes if o is not None else 0  # 400.7: this object's


def offered(game, source: str, index: int, choice, legal: list[int]) -> list[int]:
    """700.2: the modes of ``legal`` that can be chosen for the ability ``index`` of ``source`` under ``choice``:
    with ``unchosen``, those not chosen before for this object's ability (this turn only for "this turn"). A
    triggered or activated ability's ``more_if`` (a spell's, 601.2b) is not executed: an error naming it."""
    if choice.more_if is not None:
        from engine.game.common import GameError

        raise GameError(game.where(), f"700.2: ability {index} of {_name(game.state, source)} has modes 'more_if', a "
                                      "spell's (601.2b): the loop doesn't announce them for an ability", "fix the card file")
    if choice.unchosen is None:
        return legal
    turn = game.state.turn
    before = {m for when, m in game.triggers.modes_chosen.get(_key(game, source, index), ())
              if choice.unchosen == "ever" or when == turn}
    return [m for m in legal if m not in before]


def record(game, source: str, index: int, modes: list[int]) -> None:
    """700.2: the modes just chosen for the ability ``index`` of ``source`` (for "that hasn't been chosen")."""
    if modes:
        game.triggers.modes_chosen.setdefault(_key(game, source, index), []).extend(
            (game.state.turn, m) for m in modes)


def at_random(game, player: str, choice, legal: list[int], key: str) -> list[int] | None:
    """700.2: with ``at_random``, the mode drawn at random among ``legal`` (none when none can be chosen, 603.3c);
    None for a mode its controller chooses."""
    if not choice.at_random:
        return None
    if not legal:
        return []
    mode = _seeded(game, player, f"mode {key}").choice(legal)
    game.say("700.2", f"mode {mode} of {key} is chosen at random among {legal}")
    return [mode]


def forced(choice, legal: list[int], auto: bool) -> list[int] | None:
    """The modes chosen when the player has no choice among ``legal`` (none when none can be chosen, 603.3c; all when
    they are as many as the text says; the only one, as many times as the text says, 700.2d), or --auto's (``auto``)
    for "the same mode more than once"; None: the player chooses."""
    n = choice.number
    if not legal:
        return []
    if choice.repeat:
        return (legal * n)[:n] if len(legal) == 1 or auto else None
    if choice.up_to:
        return None
    if len(legal) <= n:
        return legal if choice.any_number or len(legal) == n else []
    return None


def fewest(choice) -> int:
    """How few modes may be chosen: none for "up to" (603.3c: the ability is then removed from the stack), else the
    number (one for "one or more")."""
    return 0 if choice.up_to else 1 if choice.any_number else choice.number


def announce(game, oid: str, index: int, ab, act, player: str) -> tuple[list[int], list]:
    """700.2a, 602.2b, 601.2b: the modes of the modal activated ability ``index`` of ``oid`` its controller announces as
    they activate it (the action's ``modes``: each at most once, 700.2d; a mode whose targets can't be chosen can't be
    chosen, nor one chosen before under "that hasn't been chosen"; left out: the only choice when there is one, else
    --auto's first ones), and the targets it then has: its chosen modes' in order (700.2c). Refused (733) otherwise.
    An ability that isn't modal: no modes and its own targets."""
    from engine.game.common import Rejected

    choice = getattr(ab, "modes", None)
    if choice is None:
        if getattr(act, "modes", None):
            raise Rejected("700.2a", f"ability {index} of {_name(game.state, oid)} isn't modal: the action names modes")
        return [], ab.targets
    bullets = game.triggers.mode_abilities(oid, index)
    if not bullets or choice.any_number_if_kicked:
        raise Rejected("700.2a", f"{_name(game.state, oid)}'s modes are not known to the loop (its printed modes only)")
    targetable = [k for k, m in enumerate(bullets, 1) if game.triggers.can_target(oid, m.targets or [], player)]
    legal = offered(game, oid, index, choice, targetable)
    n, most = choice.number, len(bullets) if choice.any_number else choice.number
    chosen = at_random(game, player, choice, legal, f"{oid}#{index}")
    if chosen is None:
        chosen = list(act.modes) or forced(choice, legal, game.auto) or (legal[:n] if game.auto else [])
    if not chosen or len(chosen) != len(set(chosen)) and not choice.repeat or not fewest(choice) <= len(chosen) <= most:
        raise Rejected("700.2a", f"{_name(game.state, oid)}'s ability has {'up to ' if choice.up_to else ''}"
                                 f"{n if not choice.any_number else 'one or more'} mode(s) chosen, each at most once "
                                 f"(700.2d), among {legal}: add 'modes: [N, ...]' to the activation, not {chosen}")
    for m in chosen:
        if m not in legal:
            why = "it has no such mode" if not 1 <= m <= len(bullets) else "its targets can't be chosen" \
                if m not in targetable else "it was chosen before (\"that hasn't been chosen\")"
            raise Rejected("700.2a", f"mode {m} of {_name(game.state, oid)}'s ability can't be chosen: {why}")
    chosen = sorted(chosen)
    return chosen, [spec for m in chosen for spec in (bullets[m - 1].targets or [])]


def put(game, new: str, oid: str, index: int, modes: list[int]) -> None:
    """700.2a: the modes announced, on the ability on the stack ``new`` (resolved as a modal triggered ability's,
    engine/game/resolve.py), recorded for "that hasn't been chosen" once its cost is paid."""
    if modes:
        game.state.objects[new].choices["modes"] = modes
        record(game, oid, index, modes)
        game.say("700.2a", f"{game.state.objects[new].controller} chose mode{'s' if len(modes) > 1 else ''} "
                           f"{', '.join(map(str, modes))} of the ability of {_name(game.state, oid)}")


def more_allowed(game, oid: str, choice, chosen: list[int], player: str) -> bool:
    """601.2b: "Choose one. If you control a Wizard as you cast this spell, you may choose two instead.": whether the
    ``chosen`` modes of the spell ``oid`` are the ``more`` its condition allows, the condition holding as they are
    announced (conditions.holds, the spell its source)."""
    from engine.game import conditions

    if choice.more_if is None or len(chosen) != choice.more or not conditions.holds(game, choice.more_if, oid, player):
        return False
    game.say("601.2b", f"{player} chooses {len(chosen)} modes of {_name(game.state, oid)}: its condition holds as they "
                       "are announced")
    return True
