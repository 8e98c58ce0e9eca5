"""`mtgjudge loops` (docs/loops.md): the command's options and body. engine/app/cli.py registers it with its own
option decorators (``register``), so that this module imports nothing of cli.py; what the command runs is imported
when it runs (start-up, docs/performance.md)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import click

from engine.app.cli_options import MAX_PROCESSES, MAX_SECONDS, _Seconds
from engine.files.errors import InputError


def register(cli: click.Group, limits_option, json_option) -> None:
    """Add the command to the ``mtgjudge`` group."""
    options = [
        cli.command("loops"),
        click.option("--cards", "names", multiple=True, metavar="NAMES",
                     help="The pool: these cards (names, comma-separated or the option repeated)."),
        click.option("--pool", "pool_file", type=click.Path(path_type=Path),
                     help="The pool: the cards a file names, one a line (# starts a comment)."),
        click.option("--all", "whole", is_flag=True, help="The pool: every card whose continuous effects the "
                     "layers program executes (the default when no pool is given)."),
        click.option("--max-size", type=click.IntRange(min=2, max=3), default=3, show_default=True,
                     help="2: pairs only; 3: triples of one layer too."),
        click.option("--jobs", type=click.IntRange(min=1, max=MAX_PROCESSES), default=None,
                     help="Worker processes [default: the number of cores]."),
        click.option("--backend", type=click.Choice(["local", "dask"]), default="local", show_default=True,
                     help="local: --jobs processes on this machine; dask: the Dask cluster at --scheduler."),
        click.option("--scheduler", metavar="ADDRESS", help="With --backend dask: the scheduler's address."),
        click.option("--out", type=click.Path(path_type=Path), help="Write catalogue.jsonl, absent.jsonl, "
                     "report.txt, witnesses/ and graph.dot, graph.mmd in this folder."),
        click.option("--graph", type=click.Choice(["dot", "mermaid"]),
                     help="Print the pool's dependency graph instead of the report."),
        # each search's time limit: the command's own runs as long as its searches take (the guard of
        # limits_option watches the memory only, as the time_limit it reads is not given)
        click.option("--time-limit", "search_time_limit", type=_Seconds(min=0.01, max=MAX_SECONDS), default=60.0,
                     show_default=True, help="Seconds each search may take (each solve of it); a search that hits "
                     "it reports no board (its line of absent.jsonl says so)."),
        limits_option(),
        click.option("--card-dir", "card_dirs", multiple=True, type=click.Path(path_type=Path),
                     help="A folder of your own card files (YAML), over the library's; may be repeated."),
        json_option,
    ]
    fn = loops_cmd
    for option in reversed(options):
        fn = option(fn)


def loops_cmd(names: tuple[str, ...], pool_file: Path | None, whole: bool, max_size: int, jobs: int, backend: str,
              scheduler: str | None, out: Path | None, graph: str | None, search_time_limit: float,
              card_dirs: tuple[Path, ...], as_json: bool) -> int:
    """Every dependency (613.8a) and dependency loop (613.8b) among the continuous effects of a pool of cards, each
    with a witness board the solver found and `mtgjudge layers` confirms (docs/loops.md)."""
    from engine.app.loops.catalogue import build
    from engine.app.loops.journal import Journal
    from engine.app.loops.pool import cards_in_file, cards_named, compiled_pool
    from engine.app.loops.report import graph_text, jsonl, records, report_text, summary, write
    from engine.app.loops.workers import Settings, run_tasks
    from engine.files.library import load_library

    given = [flag for flag, on in (("--cards", bool(names)), ("--pool", pool_file is not None), ("--all", whole)) if on]
    if len(given) > 1:
        raise InputError(None, given[1], f"the pool is given twice ({' and '.join(given)})", "give one of them")
    if graph and as_json:
        raise InputError(None, "--graph", "--graph prints the graph, --json the JSON Lines", "give one of them")
    if scheduler and backend != "dask":
        raise InputError(None, "--scheduler", "is for --backend dask", "add --backend dask, or leave --scheduler out")
    if backend == "dask" and not scheduler:
        raise InputError(None, "--scheduler", "--backend dask needs the address of a Dask scheduler",
                         "give --scheduler tcp://HOST:PORT")
    if out is not None:
        if out.exists() and not out.is_dir():
            raise InputError(str(out), "--out", "is a file", "name a folder (it is made if missing)")
        _writable(out)
    library = load_library(tuple(card_dirs))
    cards = (cards_named(library, names) if names else cards_in_file(library, pool_file) if pool_file is not None
             else compiled_pool(library))
    settings = Settings(tuple(map(str, card_dirs)), search_time_limit)
    bar = click.progressbar(length=0, file=sys.stderr, label="loops") if sys.stderr.isatty() else None

    # with --out, every search's result goes to the folder's journal as it ends: a run stopped and started again
    # makes only the searches not done (journal.py)
    journal = Journal(out, settings) if out is not None else None

    def run_some(tasks, on_result=None):
        if bar is not None:
            bar.length = (bar.length or 0) + len(tasks)
        return run_tasks(tasks, settings, jobs=jobs or os.cpu_count() or 1, backend=backend, scheduler=scheduler,
                         progress=bar.update if bar is not None else None, on_result=on_result)

    def run(tasks):
        return journal.run(tasks, run_some) if journal is not None else run_some(tasks)

    cat = build(library, cards, run, max_size=max_size)
    if journal is not None:
        journal.finish(cat.tasks)
    if bar is not None:
        bar.render_finish()
    if out is not None:
        rows = write(cat, out)
    else:
        rows = records(cat, witness_paths=False)
    if graph:
        click.echo(graph_text(cat, rows, graph), nl=False)
    elif as_json:
        import json

        click.echo(jsonl(rows), nl=False)
        click.echo(json.dumps({"summary": summary(cat, rows)}, ensure_ascii=False))
    else:
        click.echo(report_text(cat, rows), nl=False)
    return 0


def _writable(out: Path) -> None:
    """The --out folder, made if missing and written to once, before any search: a folder that can't be written
    is bad input now, not an error after the searches."""
    probe = out / ".mtgjudge-write-check"
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as e:
        raise InputError(str(out), "--out", f"can't be written ({e.strerror or e.__class__.__name__})",
                         "name a folder you can write (it is made if missing)") from None
