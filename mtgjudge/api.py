"""The functions of the public API (docs/api.md): one per command of `mtgjudge`, each taking the files the
command reads (a path, or the file's content already parsed) and giving back the typed result the command
prints, the same object engine/app/cli.py renders as text and as ``--json``.

Nothing here decides a rule: each function loads its input with the engine's loaders, asks the engine's
question (engine/app/queries.py and the modules it names) and turns the engine's own exceptions into the ones
the command reports. Errors: bad input is an :class:`InputError` whose ``str`` is the one line the command
prints (exit status 2); a solve that hits the time limit is a :class:`SolverTimeout` (exit status 3).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING, Any, Iterable, Literal, Optional, Union, overload

from mtgjudge._engine import engine

if TYPE_CHECKING:
    from mtgjudge._engine import (Action, At, CardLibrary, CombatAnswer, CombatDamage, DamageResult, GameResult, GameState,
                          LayersResult, ReplaceResult, SbaResult, SolverConfig, Summary, Triggered)

PathLike = Union[str, "os.PathLike[str]"]
# a board: its file's path, or a board loaded by load_board
Board = Union[PathLike, "GameState"]
# a declaration, an event file, a damage assignment: the file's path, or its content parsed (a map)
Data = Union[PathLike, dict[str, Any]]
Game = tuple["GameState", list["Action"], Optional["At"]]


class SolverTimeout(Exception):
    """A solve hit the time limit: no verdict. ``str(err)`` is the line `mtgjudge` prints (exit status 3)."""

    def __init__(self, where: str, time_limit: float):
        self.where, self.time_limit = where, time_limit
        super().__init__(engine("timeout_line")(where, time_limit, "raise time_limit"))


# --- files ------------------------------------------------------------------------------------------

def load_library(cards: Iterable[PathLike] = ()) -> CardLibrary:
    """The card library: the package's cards, and those of the folders ``cards`` (`--cards`), which
    override cards of the same name."""
    return engine("load_library")(tuple(Path(c) for c in cards))


def load_board(path: Optional[PathLike] = None, *, text: Optional[str] = None, name: str = "<board>",
               cards: Iterable[PathLike] = (), library: Optional[CardLibrary] = None) -> GameState:
    """A board file (docs/board-format.md) as the engine's game state: from its ``path``, or from its
    ``text`` (YAML or JSON), which errors call ``name``."""
    if (path is None) == (text is None):
        raise TypeError("load_board: give a board file's path, or its text=")
    lib = _library(cards, library)
    if text is not None:
        return engine("load_board_text")(text, lib, name)
    return engine("load_board")(path, lib)


def load_game(path: Optional[PathLike] = None, *, text: Optional[str] = None, name: str = "<game>",
              cards: Iterable[PathLike] = (), library: Optional[CardLibrary] = None) -> Game:
    """A game file (docs/play.md): the board, the players' actions, and where the game stops (or None);
    from its ``path``, or from its ``text``, which errors call ``name``."""
    if (path is None) == (text is None):
        raise TypeError("load_game: give a game file's path, or its text=")
    lib = _library(cards, library)
    if text is not None:
        return engine("game_from_data")(engine("parse_text")(text, name), lib, name)
    return engine("load_game")(path, lib)


# --- the questions ----------------------------------------------------------------------------------

def layers(board: Board, *, time_limit: float = 10.0, cards: Iterable[PathLike] = (),
           library: Optional[CardLibrary] = None) -> LayersResult:
    """`mtgjudge layers` (613): every permanent's characteristics after the continuous effects, the
    order they applied in, their dependencies and loops."""
    state, where = _board(board, _library(cards, library))
    result = engine("layers_result")(state, _config(time_limit))
    if result.timed_out:
        raise SolverTimeout(where, time_limit)
    return result


def attack(board: Board, declaration: Optional[Data] = None, *, every: bool = False, limit: int = 1000,
           time_limit: float = 10.0, cards: Iterable[PathLike] = (),
           library: Optional[CardLibrary] = None) -> CombatAnswer:
    """`mtgjudge attack` (508.1): the verdict on a declaration of attackers; without one, the most
    requirements a declaration can obey and one that does; with ``every``, every legal declaration (at
    most ``limit``)."""
    return _combat("attack", board, declaration, every, limit, time_limit, _library(cards, library))


def block(board: Board, declaration: Optional[Data] = None, *, every: bool = False, limit: int = 1000,
          time_limit: float = 10.0, cards: Iterable[PathLike] = (),
          library: Optional[CardLibrary] = None) -> CombatAnswer:
    """`mtgjudge block` (509.1): as :func:`attack`, for a declaration of blockers (the board's combat
    gives the attackers)."""
    return _combat("block", board, declaration, every, limit, time_limit, _library(cards, library))


def replace(board: Board, event: Data, *, limit: int = 100, time_limit: float = 10.0,
            cards: Iterable[PathLike] = (),
            library: Optional[CardLibrary] = None) -> tuple[ReplaceResult, list[list[Triggered]]]:
    """`mtgjudge replace` (614-616): the replacement and prevention effects that apply to the event (an
    event file: ``event`` or ``events``, docs/events.md), who chooses their order, and every outcome with
    the orders that lead to it (at most ``limit``); with, for each outcome, what its events trigger."""
    lib = _library(cards, library)
    state, where = _board(board, lib)
    events = (engine("events_from_data")(event, state, lib, "event") if isinstance(event, dict)
              else engine("load_events")(event, state, lib))
    InputError = engine("InputError")
    try:
        answer = engine("replace_answer")(state, events, lib, _config(time_limit), limit)
    except InputError as e:  # more effects than the program's sets hold: about the board
        raise (e.with_file(where) if e.file is None else e) from None
    if answer is None:
        raise SolverTimeout(where, time_limit)
    return answer


@overload
def damage(board: Board, assignment: None = None, *, time_limit: float = 10.0, cards: Iterable[PathLike] = (),
           library: Optional[CardLibrary] = None) -> CombatDamage: ...
@overload
def damage(board: Board, assignment: Data, *, time_limit: float = 10.0, cards: Iterable[PathLike] = (),
           library: Optional[CardLibrary] = None) -> DamageResult: ...
def damage(board: Board, assignment: Optional[Data] = None, *, time_limit: float = 10.0,
           cards: Iterable[PathLike] = (), library: Optional[CardLibrary] = None) -> Union[CombatDamage, DamageResult]:
    """`mtgjudge damage` (510): without ``assignment``, the combat damage step (``.step``) and who deals
    combat damage in it to what (``.dealers()``); with one (``assign:``, ``replacement:``), the step
    dealt: the assignment checked (510.1), the damage through the replacement effects, the state-based
    actions, and the state after it."""
    state, where = _board(board, _library(cards, library))
    given, outcome = ({}, None) if assignment is None else (
        engine("assignment_from_data")(assignment) if isinstance(assignment, dict)
        else engine("load_assignment")(assignment))
    InputError = engine("InputError")
    try:
        cd = engine("CombatDamage")(state, config=_config(time_limit))
        if cd.layers.timed_out:
            raise SolverTimeout(where, time_limit)
        if assignment is None:
            return cd
        return cd.deal(engine("resolve_whole")(cd, given), outcome)
    except engine("DamageInputError") as e:
        named = os.fspath(assignment) if assignment is not None and not isinstance(assignment, dict) else where
        raise InputError(named, e.field, e.problem, e.fix) from None
    except engine("SbaChoiceNeeded") as e:
        raise InputError(where, "(state-based actions)", str(e), "resolve the choice on the board first "
                                                                 "(or play the game with mtgjudge play)") from None


def sba(board: Board, *, time_limit: float = 10.0, cards: Iterable[PathLike] = (),
        library: Optional[CardLibrary] = None) -> SbaResult:
    """`mtgjudge sba` (704): the state-based actions, all that apply at once, then again until none does;
    ``.state`` is the board after them (a board given loaded is changed in place)."""
    state, where = _board(board, _library(cards, library))
    try:
        return engine("state_based_actions")(state, _config(time_limit))
    except engine("SbaChoiceNeeded") as e:
        raise engine("InputError")(where, "(board)", str(e), "resolve the choice on the board first") from None


def play(game: Union[PathLike, Game], *, auto: bool = False, time_limit: float = 10.0,
         cards: Iterable[PathLike] = (), library: Optional[CardLibrary] = None) -> GameResult:
    """`mtgjudge play`: a scripted game (a game file's path, or a game loaded by :func:`load_game`, whose
    state it changes), its log (one entry per event, with its rule), its status and the final state;
    with ``auto``, the first legal option for each choice the script doesn't give."""
    lib = _library(cards, library)
    if isinstance(game, tuple):
        (state, actions, until), where = game, "<game>"
    else:
        (state, actions, until), where = engine("load_game")(game, lib), os.fspath(game)
    InputError = engine("InputError")
    try:
        return engine("play")(state, actions, library=lib, until=until, auto=auto, config=_config(time_limit))
    except engine("GameError") as e:
        raise InputError(where, e.where, e.problem, e.fix) from None
    except engine("SbaChoiceNeeded") as e:
        raise InputError(where, "(state-based actions)", str(e), "the state-based actions don't settle on this "
                         "board: check the effects that keep them applying") from None


def crosscheck(claims: PathLike, *, jobs: int = 1, time_limit: float = 10.0, cards: Iterable[PathLike] = (),
               backend: Literal["local", "dask"] = "local",
               scheduler: Optional[str] = None) -> tuple[list[dict[str, Any]], Summary]:
    """`mtgjudge crosscheck` (docs/crosscheck.md): another engine's claims checked, one result record per
    line of the claims file (as ``--json`` prints them, in input order) and the summary."""
    InputError = engine("InputError")
    path = Path(claims)
    if not path.is_file():
        raise InputError(str(path), None, "no such file", "give the path of a claims file (JSON Lines)")
    if scheduler and backend != "dask":
        raise InputError(None, "scheduler", "is for backend='dask'", "give backend='dask', or leave scheduler out")
    load_library(cards)  # bad cards: one error before any work
    summary = engine("Summary")()
    records = []
    for record, _ in engine("run_cases")(path, jobs=jobs, card_dirs=tuple(map(str, cards)), time_limit=time_limit,
                                         backend=backend, scheduler=scheduler):
        if record:
            summary.add(record)
            records.append(record)
    return records, summary


# --- the arguments ----------------------------------------------------------------------------------

def _library(cards: Iterable[PathLike], library: Optional[CardLibrary]) -> CardLibrary:
    return library if library is not None else load_library(cards)


def _config(time_limit: float) -> SolverConfig:
    return engine("SolverConfig")(time_limit=time_limit)


def _board(board: Board, library: CardLibrary) -> tuple[GameState, str]:
    """The state of a board given by path or loaded, and its name for errors."""
    if isinstance(board, engine("GameState")):
        return board, "<board>"
    return engine("load_board")(board, library), os.fspath(board)


def _combat(side: str, board: Board, declaration: Optional[Data], every: bool, limit: int, time_limit: float,
            library: CardLibrary) -> CombatAnswer:
    if declaration is not None and every:
        raise engine("InputError")(None, "every", "lists every legal declaration; a declaration checks one",
                                   "give either a declaration or every=True")
    state, where = _board(board, library)
    engine("needs_attackers")(state, side, where)
    decl = (None if declaration is None
            else engine("declaration_from_data")(declaration, side, state) if isinstance(declaration, dict)
            else engine("load_declaration")(declaration, side, state))
    answer = engine("combat_answer")(state, side, decl, every, limit, _config(time_limit), where,
                                     None if declaration is None or isinstance(declaration, dict) else os.fspath(declaration))
    if answer.timed_out:
        raise SolverTimeout(where, time_limit)
    return answer
