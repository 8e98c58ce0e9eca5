"""The searches of a catalogue run in this process, in `--jobs N` worker processes, or on a Dask cluster
(`--backend dask`), as `mtgjudge crosscheck` runs its cases (engine/app/crosscheck/run.py): chunks of searches, each
worker keeping its card library, the results in the order the searches were asked whatever the number of workers,
so that the catalogue is the same (docs/loops.md, "Running it")."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Iterator, Sequence

from engine.app.loops.model import AbilityRef, Goal


@dataclass(frozen=True, order=True)
class Task:
    """One search: the members, the layer, the goal; ``why`` what the enumeration asks it for (docs/loops.md)."""
    layer_index: int
    why: str
    members: tuple[AbilityRef, ...]
    edges: tuple[tuple[AbilityRef, AbilityRef], ...]
    loop: bool
    layer: str

    @property
    def goal(self) -> Goal:
        return Goal(self.edges, self.loop)


@dataclass(frozen=True)
class Settings:
    """What every worker needs: the --card-dir folders and each search's time limit."""
    card_dirs: tuple[str, ...] = ()
    time_limit: float = 10.0


# --- in a worker process ---------------------------------------------------------------------------

_LIBRARY: tuple[tuple[str, ...], object] | None = None


def _library(card_dirs: tuple[str, ...]):
    global _LIBRARY
    if _LIBRARY is None or _LIBRARY[0] != card_dirs:
        from engine.files.library import load_library

        _LIBRARY = (card_dirs, load_library(tuple(card_dirs)))
    return _LIBRARY[1]


def run_chunk(tasks: list[Task], settings: Settings) -> list:
    """The Finding or Absent of each task of a chunk (search.search), in order."""
    from engine.app.loops import search

    library = _library(settings.card_dirs)
    return [search.search(library, t.members, t.layer, t.goal, time_limit=settings.time_limit) for t in tasks]


# --- in the command's process -----------------------------------------------------------------------

def _chunks(tasks: Sequence[Task], size: int) -> list[list[Task]]:
    return [list(tasks[i:i + size]) for i in range(0, len(tasks), size)]


def run_tasks(tasks: Sequence[Task], settings: Settings, *, jobs: int = 1, backend: str = "local",
              scheduler: str | None = None, chunk_size: int = 4, progress=None, on_result=None) -> list:
    """Every task's result, in the order of ``tasks``, whatever order the workers end them in.
    ``progress(n)``: called with the number of tasks done; ``on_result(i, result)``: called as the i-th task's
    result comes back (a chunk's results together; the journal, journal.py, writes each as it comes)."""
    out: list = [None] * len(tasks)
    for start, results in _results(_chunks(tasks, chunk_size), settings, jobs, backend, scheduler):
        for i, result in enumerate(results, start):
            out[i] = result
            if on_result is not None:
                on_result(i, result)
        if progress is not None:
            progress(len(results))
    return out


def _results(chunks: list[list[Task]], settings: Settings, jobs: int, backend: str,
             scheduler: str | None) -> Iterator[tuple[int, list]]:
    """(the index of the chunk's first task, its results), as the chunks end."""
    starts = [0, *itertools.accumulate(len(c) for c in chunks[:-1])]
    if not chunks:
        return
    if backend == "dask":
        yield from _dask(chunks, starts, settings, scheduler)
        return
    if jobs <= 1:
        for start, chunk in zip(starts, chunks):
            yield start, run_chunk(chunk, settings)
        return
    import multiprocessing as mp
    from concurrent.futures import ProcessPoolExecutor, as_completed

    ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
    with ProcessPoolExecutor(min(jobs, len(chunks)), mp_context=ctx) as pool:
        futures = {pool.submit(run_chunk, chunk, settings): start for start, chunk in zip(starts, chunks)}
        for future in as_completed(futures):
            yield futures[future], future.result()


def _dask(chunks: list[list[Task]], starts: list[int], settings: Settings,
          scheduler: str | None) -> Iterator[tuple[int, list]]:
    from engine.app.crosscheck.run import dask_client

    client = dask_client(scheduler)
    from distributed import as_completed  # (installed: dask_client says so otherwise)

    try:
        futures = [client.submit(run_chunk, chunk, settings, pure=False) for chunk in chunks]
        where = {f.key: start for f, start in zip(futures, starts)}
        for future in as_completed(futures):  # placed by index: the catalogue does not depend on which ends first
            yield where[future.key], future.result()
    finally:
        client.close()
