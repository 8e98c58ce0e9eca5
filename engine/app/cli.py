"""The ``mtgjudge`` command line.

Exit status: 0 done, 1 a verdict of "illegal" (later commands), 2 bad input, 3 the solver hit
its time limit, or the command its time or memory limit (no verdict; engine/app/runguard.py), 4 an
internal error (a bug: one line, see ``main``). Every command has
``--json`` for machine output; human output is tables.
"""

from __future__ import annotations

import functools
import json
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import click

from engine.app.cli_options import MAX_PROCESSES, NUMBER_MAX, time_limit_option  # the number options' ranges
from engine.files.errors import InputError
from engine.files.carddb import CARD_DB_ENV

if TYPE_CHECKING:
    from engine.files.library import CardLibrary
    from engine.state.model import GameState

EXIT_OK, EXIT_ILLEGAL, EXIT_BAD_INPUT, EXIT_TIMEOUT = 0, 1, 2, 3
EXIT_INTERNAL = 4  # a bug: an exception no input should cause (main's safety net); never 1, a verdict of "illegal"
DEBUG_ENV = "MTGJUDGE_DEBUG"  # =1: an internal error prints its traceback too

# Start-up (docs/performance.md, "Start-up"): what a command needs is imported when it runs, not when
# the command line starts: the card vocabulary's models (pydantic), the board loader and the output
# (engine.app.render), networkx (--graph), clingo (the bridge), the package metadata (--version), the
# web and Dask packages. `mtgjudge --help` imports click and this module only.


def load_board(path: Path, library: CardLibrary) -> GameState:
    from engine.files.loader import load_board as load

    return load(path, library)


def _from_render(name: str):
    """engine.app.render's function of this name, imported on the first call."""
    def call(*args, **kwargs):
        from engine.app import render

        return getattr(render, name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


(console, dump_json, print_board, print_card, print_card_list, print_not_executed, show_document) = map(
    _from_render, ("console", "dump_json", "print_board", "print_card", "print_card_list", "print_not_executed",
                   "show_document"))


def not_executed(state: GameState) -> list[dict]:
    """engine/state/unexecuted.py's list, imported on the first call."""
    from engine.state.unexecuted import not_executed as listed

    return listed(state)


def cards_option(f):
    return click.option(
        "--cards", "card_dirs", multiple=True, type=click.Path(path_type=Path),
        help="A folder of your own card files (YAML); may be given several times; they override library cards of the same name.",
    )(f)


def json_option(f):
    return click.option("--json", "as_json", is_flag=True, help="Machine output (JSON).")(f)


def _library(card_dirs: tuple[Path, ...]) -> CardLibrary:
    from engine.files.library import load_library

    library = load_library(card_dirs)
    if _GUARD is not None:  # the run's time counts from here (limits_option)
        _GUARD.restart()
    return library


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if not value or ctx.resilient_parsing:
        return
    from engine import __version__

    click.echo(f"mtgjudge {__version__}", color=ctx.color)
    ctx.exit()


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version and exit.")
def cli() -> None:
    """mtgjudge: the Comprehensive Rules of Magic: The Gathering as answer-set programs.

    Boards and cards are YAML files (docs/board-format.md, docs/card-format.md).
    Exit status: 0 done, 1 a verdict of "illegal", 2 bad input, 3 time or memory limit hit (no verdict),
    4 internal error (a bug in mtgjudge: please report it with the input; MTGJUDGE_DEBUG=1 shows the traceback).
    """


def _emit(doc, as_json: bool, printer, out) -> None:
    """A document as JSON, or through its printer."""
    if as_json:
        click.echo(dump_json(doc))
    else:
        printer(doc, out)


@cli.command("cards")
@click.argument("words", nargs=-1)
@click.option("--search", is_flag=True, help="Find the cards of the card database whose name, type line or Oracle text "
              "holds every word given (case and accents don't matter), and how much of each mtgjudge executes.")
@click.option("--stats", is_flag=True, help="How many cards of the card database mtgjudge executes wholly, partly, "
              "not at all, and how many can't go on a board.")
@click.option("--sources", is_flag=True, help="Say which card data is in use: each source, its date, its cards, the index.")
@click.option("--inert", is_flag=True, help="List the library's abilities the game loop resolves doing nothing (608.2c: "
              "'not executable yet' in the game log), and those whose targets it can't read, with their count.")
@click.option("--card-db", "card_db", type=click.Path(path_type=Path), metavar="FILE",
              help=f"Use this card data file (MTGJSON AtomicCards.json, Scryfall oracle-cards) or card index instead "
                   f"of the default data and the imports; also ${CARD_DB_ENV}.")
@cards_option
@json_option
def cards_cmd(words: tuple[str, ...], search: bool, stats: bool, sources: bool, inert: bool, card_db: Path | None,
              card_dirs: tuple[Path, ...], as_json: bool) -> None:
    """List the card library, or show one card: characteristics, Oracle text, every ability and what
    executes it. `mtgjudge cards import FILE` adds card data (MTGJSON AtomicCards.json or Scryfall's
    oracle-cards file).

    A name the library lacks is looked up in the card database (docs/card-format.md#card-database):
    its printed characteristics and Oracle text, its keyword abilities the vocabulary knows executable."""
    from engine.app import cards_view
    from engine.app.queries import (cards_document, find_card, import_document, search_document, sources_document,
                                    stats_document)

    modes = [m for m, on in (("--search", search), ("--stats", stats), ("--sources", sources), ("--inert", inert)) if on]
    if len(modes) > 1:
        raise InputError(None, modes[1], f"can't be given with {modes[0]}",
                         "give one of --search, --stats, --sources, --inert")
    out = console()
    if words[:1] == ("import",) and not modes:
        if len(words) != 2:
            raise InputError(None, "import", "takes one FILE", "mtgjudge cards import FILE (MTGJSON AtomicCards.json "
                             "or Scryfall's oracle-cards file)")
        if card_db is not None:
            raise InputError(None, "--card-db", "names the card data to use instead; import adds to the default "
                             "data in your cache", "leave --card-db out")
        doc = import_document(Path(words[1]))
        _emit(doc, as_json, cards_view.print_import, out)
        return
    if (sources or stats or inert) and words:
        raise InputError(None, modes[0], "takes no NAME", "leave " + " ".join(words) + " out")
    if sources:
        doc = sources_document(card_db)
        _emit(doc, as_json, cards_view.print_sources, out)
        return
    lib = _library(card_dirs)
    if inert:  # issue 24: engine/app/inert_view.py
        from engine.app.inert_view import inert_document, print_inert
        _emit(inert_document(lib), as_json, print_inert, out)
        return
    if stats:
        doc = stats_document(lib, card_db)
        _emit(doc, as_json, cards_view.print_stats, out)
        return
    if search:
        if not words:
            raise InputError(None, "--search", "needs words to look for", "mtgjudge cards --search WORD ...")
        doc = search_document(lib, list(words), card_db)
        _emit(doc, as_json, cards_view.print_search, out)
        return
    if not words:
        if as_json:
            click.echo(dump_json(cards_document(lib)))
        else:
            print_card_list([c for c in (lib.get(n) for n in lib.names()) if c], out)
        return
    answer = find_card(lib, " ".join(words), "NAME", card_db)
    if as_json:
        click.echo(dump_json(answer.document()))
    elif answer.kind == "library":
        print_card(answer.card, out)
    elif answer.kind == "database":
        cards_view.print_database_card(answer, out)
    else:
        cards_view.print_unconvertible_card(answer, out)


@cli.command("show")
@click.argument("board", type=click.Path(path_type=Path))
@cards_option
@json_option
def show_cmd(board: Path, card_dirs: tuple[Path, ...], as_json: bool) -> None:
    """Show a board as loaded: players, objects, ids, controllers, timestamps, effects, combat."""
    state = load_board(board, _library(card_dirs))
    if as_json:
        click.echo(dump_json(show_document(state, str(board))))
    else:
        print_board(state, console())


@cli.command("facts")
@click.argument("board", type=click.Path(path_type=Path), required=False)
@click.option("--markdown", is_flag=True, help="Print the fact vocabularies as Markdown (docs/facts.md).")
@cards_option
@json_option
def facts_cmd(board: Path | None, markdown: bool, card_dirs: tuple[Path, ...], as_json: bool) -> None:
    """Print a board as the facts the programs read, or the fact vocabularies."""
    from bridge.facts import VOCABULARIES, board_facts, vocabulary_markdown

    if board is None:
        if markdown or not as_json:
            click.echo(vocabulary_markdown(), nl=False)
        else:
            click.echo(dump_json({name: [{"predicate": p.signature, "args": [{"name": a.name, "type": a.type} for a in p.args],
                                          "doc": p.doc, "rule": p.rule} for p in v.predicates]
                                  for name, v in VOCABULARIES.items()}))
        return
    state = load_board(board, _library(card_dirs))
    facts = [str(f) for f in board_facts(state)]
    if as_json:
        click.echo(dump_json(facts))
    else:
        click.echo("\n".join(facts))


def _timed_out(board: Path, time_limit: float) -> int:
    from engine.app.queries import timeout_line

    click.echo(f"mtgjudge: error: {timeout_line(str(board), time_limit, 'raise --time-limit')}", err=True)
    return EXIT_TIMEOUT


# The run's limits for the whole process (engine/app/runguard.py). Only the `mtgjudge` process starts the guard
# (entry() sets this): it ends the process, which a caller of main() in its own process (the tests) can't allow.
_GUARD_PROCESS = False
_GUARD = None  # the guard of the command running (an engine.app.runguard.RunGuard)


def limits_option(per_solve: bool = False):
    """--memory-limit, and the guard of the whole run started before the command's work (the file it names: the
    command's BOARD or GAME). ``per_solve``: the time counts from each solve (play)."""
    def decorate(f):
        @functools.wraps(f)
        def guarded(*args, memory_limit: int, **kwargs):
            global _GUARD
            if _GUARD_PROCESS:
                from engine.app.runguard import RunGuard

                where = kwargs.get("board", kwargs.get("game", kwargs.get("pool_file") or "the pool"))
                _GUARD = RunGuard(str(where), kwargs.get("time_limit"), memory_limit, per_solve=per_solve).start()
            try:
                return f(*args, **kwargs)
            finally:  # the answer is printed: the exit status is the command's
                if _GUARD is not None:
                    _GUARD.stop()

        return click.option(
            "--memory-limit", type=click.IntRange(min=16, max=1_000_000), default=2048, show_default=True, metavar="MB",
            help="The most resident memory the command may take, in MB; past it, it exits 3 naming what was being "
                 "solved (Linux: /proc/self/statm, looked at every 50 ms).",
        )(guarded)
    return decorate


@cli.command("solve")
@click.argument("task")
@click.argument("board", type=click.Path(path_type=Path))
@time_limit_option
@limits_option()
@cards_option
@json_option
def solve_cmd(task: str, board: Path, time_limit: float, card_dirs: tuple[Path, ...], as_json: bool) -> int:
    """Run one task's programs on a board and print its answer set(s): the shown atoms, the grounding
    size and the status. For engine authors checking the programs themselves."""
    from bridge import TASKS, SolverConfig, run_task

    if task not in TASKS:
        raise InputError(None, "TASK", f"unknown task {task!r}", "use one of: " + ", ".join(sorted(TASKS)))
    state = load_board(board, _library(card_dirs))
    result = run_task(task, state, SolverConfig(time_limit=time_limit))
    data = {
        "task": task,
        "board": str(board),
        "status": result.status,
        "exhausted": result.exhausted,
        "grounding": {"rules": result.size.rules, "atoms": result.size.atoms},
        "answer_sets": [m.text() for m in result.models],
    }
    if as_json:
        click.echo(dump_json(data))
    else:
        out = console()
        out.print(f"task {task}: {result.status}; {len(result.models)} answer set(s); "
                  f"grounding {result.size.rules} rules, {result.size.atoms} atoms")
        for i, atoms in enumerate(data["answer_sets"], 1):
            out.print(f"answer set {i}:")
            for atom in atoms:
                out.print(f"  {atom}")
    if result.timed_out:
        return _timed_out(board, time_limit)
    return EXIT_OK


@cli.command("layers")
@click.argument("board", type=click.Path(path_type=Path))
@click.option("--object", "only", metavar="ID", help="Show one object's characteristics only.")
@click.option("--graph", type=click.Choice(["dot", "mermaid"]),
              help="Print the dependency graph (every applied effect, its dependencies, loops marked) instead of the tables.")
@time_limit_option
@limits_option()
@cards_option
@json_option
def layers_cmd(board: Path, only: str | None, graph: str | None, time_limit: float, card_dirs: tuple[Path, ...],
               as_json: bool) -> int:
    """The characteristics of every permanent after all continuous effects (613): layers, timestamps,
    and dependencies computed from what the effects do."""
    from bridge import SolverConfig

    from engine.app.layers_view import graph_text, print_layers
    from engine.app.queries import check_object, layers_document, layers_result

    if graph and as_json:
        raise InputError(None, "--graph", "--graph prints the graph, --json prints the JSON document",
                         "give one of --graph and --json")
    state = load_board(board, _library(card_dirs))
    check_object(state, only, "--object", "use an id shown by 'mtgjudge show " + str(board) + "'")
    result = layers_result(state, SolverConfig(time_limit=time_limit))
    if result.timed_out:
        return _timed_out(board, time_limit)
    if graph:
        click.echo(graph_text(result, graph), nl=False)
    elif as_json:
        click.echo(dump_json(layers_document(result, state, only)))
    else:
        con = console()
        print_layers(result, con, only)
        print_not_executed(con, not_executed(state))
    return EXIT_OK


def _combat_command(side: str):
    verb = "attackers" if side == "attack" else "blockers"
    rule = "508.1" if side == "attack" else "509.1"

    @cli.command(side, help=(
        f"Check a declaration of {verb} ({rule}): the restrictions it breaks and whether it obeys as many "
        f"requirements as possible; without DECLARATION, the most requirements any declaration can obey and "
        f"one that does; with --all, every legal declaration."))
    @click.argument("board", type=click.Path(path_type=Path))
    @click.argument("declaration", type=click.Path(path_type=Path), required=False)
    @click.option("--all", "every", is_flag=True, help="List every legal declaration, in a canonical order.")
    @click.option("--limit", type=click.IntRange(min=1, max=NUMBER_MAX), default=1000, show_default=True,
                  help="With --all: stop after this many declarations (and say so).")
    @time_limit_option
    @limits_option()
    @cards_option
    @json_option
    def command(board: Path, declaration: Path | None, every: bool, limit: int, time_limit: float,
                card_dirs: tuple[Path, ...], as_json: bool) -> int:
        from bridge import SolverConfig

        from engine.app.combat_view import print_all, print_best, print_verdict
        from engine.files.declaration import load_declaration
        from engine.app.queries import combat_answer, needs_attackers

        if declaration is not None and every:
            raise InputError(None, "--all", "lists every legal declaration; DECLARATION checks one",
                             "give either DECLARATION or --all")
        state = load_board(board, _library(card_dirs))
        needs_attackers(state, side, str(board))
        decl = load_declaration(declaration, side, state) if declaration is not None else None
        answer = combat_answer(state, side, decl, every, limit, SolverConfig(time_limit=time_limit), str(board),
                               str(declaration) if declaration is not None else None)
        if answer.timed_out:
            return _timed_out(board, time_limit)
        if as_json:
            click.echo(dump_json(answer.document()))
        else:
            con = console()
            if answer.kind == "check":
                print_verdict(con, answer.problem, decl, answer.result)
            elif answer.kind == "all":
                print_all(con, answer.problem, side, answer.result, limit)
            else:
                print_best(con, answer.problem, side, answer.result)
            print_not_executed(con, answer.not_executed())
        return EXIT_ILLEGAL if answer.illegal else EXIT_OK

    return command


attack_cmd = _combat_command("attack")
block_cmd = _combat_command("block")


@cli.command("replace")
@click.argument("board", type=click.Path(path_type=Path))
@click.argument("event", type=click.Path(path_type=Path))
@click.option("--limit", type=click.IntRange(min=1, max=NUMBER_MAX), default=100, show_default=True,
              help="List at most this many outcomes, and orders for each (outcome_count and order_count count them all).")
@time_limit_option
@limits_option()
@cards_option
@json_option
def replace_cmd(board: Path, event: Path, limit: int, time_limit: float, card_dirs: tuple[Path, ...],
                as_json: bool) -> int:
    """Replacement and prevention effects on an event about to happen (614-616): which apply, who
    chooses their order, and every outcome with the orders that lead to it."""
    from bridge import SolverConfig

    from engine.files.events import load_events
    from engine.app.queries import replace_answer, replace_document
    from engine.app.replace_view import print_inferred, print_replace

    library = _library(card_dirs)
    state = load_board(board, library)
    events = load_events(event, state, library)
    try:
        answer = replace_answer(state, events, library, SolverConfig(time_limit=time_limit), limit)
    except InputError as e:  # more effects than the program's sets hold: about the board
        raise (e.with_file(str(board)) if e.file is None else e) from None
    if answer is None:
        return _timed_out(board, time_limit)
    if as_json:
        click.echo(dump_json(replace_document(answer, state)))
    else:
        con = console()
        print_inferred(state, con)  # an effect's source inferred (engine/files/effect_source.py)
        print_replace(answer[0], con, answer[1])
        print_not_executed(con, not_executed(state))
    return EXIT_OK


@cli.command("damage")
@click.argument("board", type=click.Path(path_type=Path))
@click.argument("assignment", type=click.Path(path_type=Path), required=False)
@click.option("--out", "out", type=click.Path(path_type=Path), help="Write the state after the step as a board file.")
@time_limit_option
@limits_option()
@cards_option
@json_option
def damage_cmd(board: Path, assignment: Path | None, out: Path | None, time_limit: float, card_dirs: tuple[Path, ...],
               as_json: bool) -> int:
    """The combat damage step (510): which creatures assign combat damage now (510.4: first strike and
    double strike) and to what; with ASSIGNMENT, check it (510.1e), deal it through the replacement
    effects (614-616) and perform the state-based actions (704)."""
    from bridge import SolverConfig

    from engine.files.boardwriter import write_board
    from engine.game.combat_damage import CombatDamage, DamageInputError
    from engine.app.damage_view import dealers_json, load_assignment, print_dealers, print_result, resolve_whole, result_json
    from engine.game.sba import SbaChoiceNeeded

    library = _library(card_dirs)
    state = load_board(board, library)
    given, outcome = load_assignment(assignment) if assignment is not None else ({}, None)
    if out is not None and assignment is None:
        raise InputError(None, "--out", "writes the state after the damage", "give an ASSIGNMENT too")
    config = SolverConfig(time_limit=time_limit)
    try:
        cd = CombatDamage(state, config=config)
        if cd.layers.timed_out:
            return _timed_out(board, time_limit)
        con = console()
        if assignment is None:
            if as_json:
                click.echo(dump_json({**dealers_json(cd), "not_executed": not_executed(state)}))
            else:
                print_dealers(con, cd)
                print_not_executed(con, not_executed(state))
            return EXIT_OK
        result = cd.deal(resolve_whole(cd, given), outcome)
    except DamageInputError as e:
        raise InputError(str(assignment or board), e.field, e.problem, e.fix) from None
    except SbaChoiceNeeded as e:
        raise InputError(str(board), "(state-based actions)", str(e), "resolve the choice on the board first "
                                                                      "(or play the game with mtgjudge play)") from None
    if as_json:
        click.echo(dump_json({**result_json(cd, result), "not_executed": not_executed(state)}))
    else:
        print_result(con, cd, result)
        print_not_executed(con, not_executed(state))
    if result.legal and out is not None:
        write_board(result.state, out, library)
    return EXIT_OK if result.legal else EXIT_ILLEGAL


@cli.command("sba")
@click.argument("board", type=click.Path(path_type=Path))
@click.option("--out", "out", type=click.Path(path_type=Path), help="Write the state after them as a board file.")
@time_limit_option
@limits_option()
@cards_option
@json_option
def sba_cmd(board: Path, out: Path | None, time_limit: float, card_dirs: tuple[Path, ...], as_json: bool) -> int:
    """Perform the state-based actions (704): all that apply at once, then again until none applies; the
    zone changes through the replacement effects (614-616), and the abilities they trigger (603.10a)."""
    from bridge import SolverConfig

    from engine.files.boardwriter import write_board
    from engine.app.damage_view import print_sba, sba_json
    from engine.game.sba import SbaChoiceNeeded, state_based_actions

    library = _library(card_dirs)
    state = load_board(board, library)
    try:
        result = state_based_actions(state, SolverConfig(time_limit=time_limit))
    except SbaChoiceNeeded as e:
        raise InputError(str(board), "(board)", str(e), "resolve the choice on the board first") from None
    if as_json:
        click.echo(dump_json({**sba_json(result), "not_executed": not_executed(state)}))
    else:
        con = console()
        print_sba(con, result)
        print_not_executed(con, not_executed(state))
    if out is not None:
        write_board(result.state, out, library)
    return EXIT_OK


@cli.command("play")
@click.argument("game", type=click.Path(path_type=Path))
@click.option("--auto", is_flag=True, help="Take the first legal option, in a canonical order, for each choice the "
                                           "script doesn't give.")
@click.option("--out", "out", type=click.Path(path_type=Path), help="Write the final state as a board file.")
@time_limit_option
@limits_option(per_solve=True)
@cards_option
@json_option
def play_cmd(game: Path, auto: bool, out: Path | None, time_limit: float, card_dirs: tuple[Path, ...],
             as_json: bool) -> int:
    """Play a scripted game (500-514, 117, 601-608, 704): a board plus the players' actions. Prints the
    game log, one line per event with the rule that made it happen, and the final state."""
    from bridge import SolverConfig

    from engine.files.boardwriter import write_board
    from engine.game import GameError, play
    from bridge.replace import AmountTooLarge, DrawsApart
    from engine.files.gamefile import load_game
    from engine.game.sba import SbaChoiceNeeded

    library = _library(card_dirs)
    state, actions, until = load_game(game, library)
    try:
        result = play(state, actions, library=library, until=until, auto=auto,
                      config=SolverConfig(time_limit=time_limit))
    except GameError as e:
        raise InputError(str(game), e.where, e.problem, e.fix) from None
    except SbaChoiceNeeded as e:  # (their choices come from the script: what is left is 704.3's bound on the checks)
        raise InputError(str(game), "(state-based actions)", str(e),
                         "the state-based actions don't settle on this board: check the effects that keep them applying") from None
    except AmountTooLarge as e:  # an amount past the replace program's bound (32-bit integers): refused, not wrapped
        raise InputError(str(game), None, str(e), "give a smaller amount, or fewer effects that multiply it") from None
    except DrawsApart as e:  # 121.7: a draw of several cards an effect made, not yet one at a time: said, not played wrong
        raise InputError(str(game), None, str(e), "report it: a gap of mtgjudge (the draws one at a time, 121.7)") from None
    if as_json:
        click.echo(dump_json(result.to_dict()))
    else:
        from engine.app.game_view import print_game
        con = console()
        print_game(con, result)
        print_not_executed(con, result.not_executed)
    if out is not None:
        write_board(result.state, out, library)
    return EXIT_OK


@cli.command("generate")
@click.argument("kind", type=click.Choice(["layers", "combat", "replacement"]))
@click.option("--count", type=click.IntRange(min=0, max=NUMBER_MAX), default=100, show_default=True, help="How many cases.")
@click.option("--seed", type=click.IntRange(min=0, max=2**32 - 1), default=0, show_default=True, help="Same seed, same cases.")
@click.option("--max-permanents", type=click.IntRange(min=1, max=10_000), default=None,
              help="layers: at most K permanents; combat: at most (K+1)//2 attackers and K//2 blockers; "
                   "replacement: at most K permanents with replacement effects (default: the generators' own).")
@click.option("--max-effects", type=click.IntRange(min=0, max=100), default=None,
              help="layers: at most N effects of resolved spells and abilities a board holds (default 3; 0: none).")
@cards_option
def generate_cmd(kind: str, count: int, seed: int, max_permanents: int | None, max_effects: int | None,
                 card_dirs: tuple[Path, ...]) -> None:
    """Random valid boards from the card library, as JSON Lines of cases {id, query, seed, board,
    declaration?, event?} for another engine (docs/crosscheck.md): the generators of the hypothesis tests."""
    from engine.app.generate import generate_cases

    if max_effects is not None and kind != "layers":
        raise InputError(None, "--max-effects", f"is for layers boards, not {kind}", "leave it out")
    for case in generate_cases(kind, count, seed, _library(card_dirs), max_permanents, max_effects):
        click.echo(json.dumps(case, ensure_ascii=False, separators=(",", ":")))


@cli.command("crosscheck")
@click.argument("claims", type=click.Path(path_type=Path))
@click.option("--jobs", type=click.IntRange(min=1, max=MAX_PROCESSES), default=None, help="Worker processes (default: the number of cores).")
@click.option("--fail-fast", is_flag=True, help="Stop at the first case that disagrees (in input order).")
@click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
              help="local: --jobs processes on this machine; dask: the Dask cluster at --scheduler (pip install '.[dask]').")
@click.option("--scheduler", metavar="ADDRESS", help="With --backend dask: the scheduler's address, tcp://HOST:PORT.")
@click.option("--engine", type=click.Choice(["phase"]), default=None, help="Make the claims by asking this engine "
              "(the lines: generated cases, no claim): phase.rs (pip install 'mtgjudge[phase]'). Default: the file's claims.")
@time_limit_option
@cards_option
@json_option
def crosscheck_cmd(claims: Path, jobs: int | None, fail_fast: bool, backend: str, scheduler: str | None, engine: str | None,
                   time_limit: float, card_dirs: tuple[Path, ...], as_json: bool) -> int:
    """Check another engine's answers (JSON Lines of cases with claims, docs/crosscheck.md): for each case the
    fields that differ from ours, with the rule that decides each and why; a summary at the end. Exit
    status 1 when a case disagrees or a line's evaluation failed (an error: a bug, reported), 2 when neither
    but some lines were malformed (each reported, skipped)."""
    import os

    from engine.app.crosscheck.report import Summary, print_result, print_summary
    from engine.app.crosscheck.run import run_cases

    if engine == "phase":  # before any case is read (engine/app/phase/)
        from engine.app.phase import INSTALL_FIX, available
        if not available():
            raise InputError(None, "--engine", "phase.rs's Python bindings (phase-python) are not installed", INSTALL_FIX)
    if not claims.is_file():
        raise InputError(str(claims), None, "no such file", "give the path of a claims file (JSON Lines)")
    if scheduler and backend != "dask":
        raise InputError(None, "--scheduler", "is for --backend dask", "add --backend dask, or leave --scheduler out")
    _library(card_dirs)  # bad --cards: one error line before any work
    summary = Summary(engine)
    out = console()
    total = claims.stat().st_size
    bar = click.progressbar(length=total, file=sys.stderr, label="crosscheck") if sys.stderr.isatty() else None
    if bar is not None:
        bar.__enter__()
    try:
        for record, nbytes in run_cases(claims, jobs=jobs or os.cpu_count() or 1, card_dirs=tuple(map(str, card_dirs)),
                                        time_limit=time_limit, backend=backend, scheduler=scheduler, engine=engine):
            if bar is not None and nbytes:
                bar.update(nbytes)
            if not record:
                continue
            summary.add(record)
            if as_json:
                click.echo(json.dumps(record, ensure_ascii=False))
            else:
                print_result(out, record)
            if fail_fast and record.get("agree") is False:
                break
    finally:
        if bar is not None:
            bar.__exit__(None, None, None)
    if as_json:
        click.echo(json.dumps({"summary": summary.to_dict()}, ensure_ascii=False))
    else:
        print_summary(out, summary)
    return EXIT_ILLEGAL if summary.disagree or summary.error else EXIT_BAD_INPUT if summary.malformed else EXIT_OK


@cli.command("serve")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on; the default answers this machine only (anything else: see docs/desk.md).")
@click.option("--port", type=click.IntRange(min=0, max=65535), default=8765, show_default=True, help="The port.")
@click.option("--workers", type=click.IntRange(min=1, max=MAX_PROCESSES), default=None,
              help="Worker processes solving requests [default: min(cores, 4), at least 2].")
@click.option("--max-body", type=click.IntRange(min=1, max=1_000_000_000), default=1_000_000, show_default=True,
              help="The largest request body, in bytes; a larger one answers 413.")
@click.option("--memory-limit", "memory_limit", type=click.IntRange(min=100, max=1_000_000), default=2000,
              show_default=True, help="Megabytes of memory for each worker process; a request needing more answers 503.")
@click.option("--allow-host", "allow_hosts", multiple=True, metavar="NAME[:PORT]",
              help="Another name the desk may be reached by (its Host header), e.g. behind a proxy; repeatable.")
@time_limit_option
@cards_option
def serve_cmd(host: str, port: int, workers: int | None, max_body: int, memory_limit: int, allow_hosts: tuple[str, ...],
              time_limit: float, card_dirs: tuple[Path, ...]) -> None:
    """The judge's desk: a web page and a JSON API over the same programs (docs/desk.md)."""
    import ipaddress
    import os

    try:
        import uvicorn

        from engine.web.app import CONFIG_ENV, Settings, default_workers
        from engine.web.guard import allowed_hosts
    except ImportError as e:
        raise InputError(None, "serve", f"needs {e.name or 'the web packages'}, which is not installed",
                         "pip install 'mtgjudge[serve]'") from None
    _library(card_dirs)  # bad card files: one line and exit 2 now, not in each worker
    allowed_hosts(host, port, allow_hosts)  # a bad --allow-host: one line and exit 2
    workers = workers or default_workers()
    settings = Settings(time_limit=time_limit, card_dirs=tuple(str(d.resolve()) for d in card_dirs), max_body=max_body,
                        workers=workers, memory_limit=memory_limit, host=host, port=port, allow_hosts=allow_hosts)
    os.environ[CONFIG_ENV] = settings.to_env()
    try:
        loopback = ipaddress.ip_address(host).is_loopback
    except ValueError:
        loopback = host == "localhost"
    if not loopback:
        click.echo(f"mtgjudge: warning: listening on {host}: anyone who can reach this machine on port {port} "
                   "can use the desk (it has no login; see docs/desk.md)", err=True)
    click.echo(f"mtgjudge: the judge's desk on http://{host if ':' not in host else f'[{host}]'}:{port}/ "
               f"({workers} worker(s), time limit {time_limit:g} s, memory limit {memory_limit} MB each); "
               "Ctrl-C stops it", err=True)
    # one server process: the requests' work runs in the app's own worker processes (engine/web/pool.py)
    uvicorn.run("engine.web.app:app_from_env", factory=True, host=host, port=port,
                log_level="warning", server_header=False)


@cli.command("schema")
@click.argument("kind", type=click.Choice(["board", "card", "case"]))
def schema_cmd(kind: str) -> None:
    """Print the JSON Schema of board files, card files, or case lines of a claims file (crosscheck)."""
    if kind == "case":
        from engine.app.crosscheck.cases import case_json_schema as schema
    elif kind == "board":
        from engine.files.boardfile import board_json_schema as schema
    else:
        from engine.vocab.cardfile import card_json_schema as schema
    click.echo(json.dumps(schema(), indent=2))


from engine.app.loops.command import register as _loops  # noqa: E402 - `mtgjudge loops` (engine/app/loops/command.py)
_loops(cli, limits_option, json_option)


def main(argv: list[str] | None = None) -> int:
    """Entry point: bad input is one line on standard error and exit status 2, never a traceback."""
    try:
        rv = cli.main(args=argv, prog_name="mtgjudge", standalone_mode=False)
    except InputError as e:
        click.echo(f"mtgjudge: error: {e.line()}", err=True)
        return EXIT_BAD_INPUT
    except click.exceptions.Abort:
        click.echo("mtgjudge: aborted", err=True)
        return EXIT_BAD_INPUT
    except click.ClickException as e:
        msg = e.format_message()
        ctx_help = " (fix: see 'mtgjudge --help')"
        click.echo(f"mtgjudge: error: {' '.join(msg.split())}{ctx_help}", err=True)
        return e.exit_code if e.exit_code != 1 else EXIT_BAD_INPUT
    except BrokenPipeError:
        return EXIT_OK
    except MemoryError:  # the process's own limit (ulimit -v, prlimit --as) before --memory-limit's: no verdict
        from engine.app.runguard import doing

        where = _GUARD.where if _GUARD is not None else "mtgjudge"
        click.echo(f"mtgjudge: error: {where}: memory ran out while {doing()} (fix: raise --memory-limit, or the "
                   "process's own limit: ulimit -v)", err=True)
        return EXIT_TIMEOUT
    except Exception as e:  # noqa: BLE001 - the safety net: a bug is one line and exit 4, never a traceback and exit 1
        return _internal_error(e)
    return rv if isinstance(rv, int) else EXIT_OK


def _internal_error(e: Exception) -> int:
    """An exception no input should cause (a bug): one line on standard error and exit 4; the traceback too when
    MTGJUDGE_DEBUG=1."""
    import os

    if os.environ.get(DEBUG_ENV) == "1":
        import traceback

        traceback.print_exception(e, file=sys.stderr)
    from engine.files.errors import printable

    message = printable(" ".join(str(e).split()))
    if len(message) > 500:
        message = message[:500] + "..."
    click.echo(f"mtgjudge: internal error: {type(e).__name__}: {message or '(no message)'} "
               "(this is a bug: please report it with the input)", err=True)
    return EXIT_INTERNAL


def entry() -> None:
    """The `mtgjudge` script. Start-up's other end (docs/performance.md, "Start-up"): tearing the
    interpreter down frees the card models' and the solver's objects one by one, 100 ms or more. So
    the exit handlers (atexit) run, the output is flushed and the process ends there, with the same
    status; where the interpreter can't run its exit handlers on demand, or a thread that isn't a
    daemon still runs, it exits as usual."""
    import atexit
    import os
    import threading

    global _GUARD_PROCESS
    _GUARD_PROCESS = True
    code = main()
    run_exit_handlers = getattr(atexit, "_run_exitfuncs", None)
    if run_exit_handlers is None or any(t is not threading.main_thread() and not t.daemon
                                        for t in threading.enumerate()):
        sys.exit(code)
    run_exit_handlers()  # (each runs once: they are removed as they run)
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (BrokenPipeError, ValueError):  # a closed pipe or stream: the usual exit reports it, as before
        sys.exit(code)
    os._exit(code)


if __name__ == "__main__":  # python -m engine.app.cli
    entry()
