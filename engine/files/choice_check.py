"""The check of a board's ``choices`` maps (battlefield objects, effects, stack entries; board and game files alike):
every key one the engine reads, with a value of its kind (asp_rules/choice_keys.py). Issue 22: a key nothing reads
(`creature:` for a chosen creature) left the effect applying to nothing, without a word."""

from __future__ import annotations

from asp_rules import choice_keys
from engine.files.errors import closest


def check_choice_keys(builder, where: str, choices: dict) -> None:
    """An InputError (one line: the field, the key, the known keys) for the first key nothing reads or value not of
    its key's kind."""
    for key, value in choices.items():
        f = f"{where}.choices.{key}"
        if choice_keys.kind_of(key) is None:
            close = closest(key, sorted(choice_keys.CHOICE_KEYS))
            hint = f"did you mean '{close[0]}'? " if close else ""
            raise builder.err(f, f"unknown choice {key!r}: nothing reads it",
                              f"{hint}the choices are {', '.join(choice_keys.known_keys())}; an object the effect "
                              "chose is one of its `targets`, the object copied is `copy` (docs/board-format.md, "
                              "Choices)")
        wrong = choice_keys.value_problem(key, value)
        if wrong is not None:
            raise builder.err(f, f"{wrong}, got {value!r}", f"give {key} as {wrong.removeprefix('expected ')} "
                                                            "(docs/board-format.md, Choices)")


def check_board_choices(builder, named: list) -> None:
    """Every choices map of the board: ``named`` (field, id, choices) of the permanents and effects, then the stack
    entries'."""
    stacked = [(f"stack[{i}]", oid, builder.objects[oid].choices) for i, oid in enumerate(builder.stack)]
    for where, _oid, choices in list(named) + stacked:
        check_choice_keys(builder, where, choices)
    for where, oid, choices in named:
        if oid is not None and where.startswith("battlefield"):
            check_entering_choices(builder, where, builder.objects[oid], choices)


def check_entering_choices(builder, where: str, obj, choices: dict) -> None:
    """614.12: a permanent whose printed "As ~ enters, choose a K" is not optional made that choice as it entered;
    a board where it has none is a state no game reaches (its effects of "the chosen K" would apply to nothing,
    without a word: issue 25). An InputError naming ``choices.K``. A face-down permanent (708.2) and a copy
    (``choices.copy``: its own entering choices are the copy's, 707.2) are left alone."""
    if obj.printed is None or getattr(obj, "face_down", False) or "copy" in choices:
        return
    for key, ability in entering_choice_keys(obj.printed):
        if key in choices:
            continue
        raise builder.err(f"{where}.choices", f"{obj.card_name or obj.id!r} has no {key!r}: it chose one as it "
                                              f"entered ({ability.text!r}, 614.12)",
                          f"add choices: {{{key}: ...}} (docs/board-format.md, Choices)")


def entering_choice_keys(card) -> list[tuple[str, object]]:
    """(choice key, ability) of a card's "As ~ enters, choose a ..." that are not optional (614.12), for the keys
    the engine reads (asp_rules/choice_keys.py)."""
    found = []
    for ability in card.abilities:
        rep = getattr(ability, "replacement", None)
        if rep is None or getattr(rep, "event", None) != "enter" or getattr(rep, "do", None) != "choose":
            continue
        key = getattr(rep, "choice", None)
        subject = getattr(rep, "object", None)
        if (key is not None and not getattr(rep, "optional", False) and subject is not None
                and getattr(subject, "self_", False) and choice_keys.kind_of(key) is not None):
            found.append((key, ability))
    return found
