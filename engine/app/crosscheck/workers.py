"""`mtgjudge crosscheck --jobs N` (docs/crosscheck.md): chunks of a claims file checked in N worker processes, the
results in input order, and a worker that dies (a segfault, the OOM killer, an exit) replaced: the chunks it took
down are checked again, the one being read case by case in a fresh worker, so that only the case that kills its
worker is reported, as that line's ``error``, and the run goes on to its summary."""

from __future__ import annotations

import os
from collections import deque
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Iterable, Iterator

from engine.app.crosscheck.cases import parse_line
from engine.app.crosscheck.checker import Checker, error_record

Chunk = list[tuple[int, str]]

# --- in a worker process ---------------------------------------------------------------------------

_WORKER: Checker | None = None
WORKER_DIED = "the worker died while checking this case"
# Only for the tests of a dying worker (tests/test_crosscheck_survives.py): a worker process (never the command's
# own process) that reaches one of these lines of the claims file ("20,45") exits at once, as a segfault or the OOM
# killer would end it.
_EXIT_ENV = "MTGJUDGE_TEST_WORKER_EXIT_LINES"
_EXIT_LINES: frozenset[int] = frozenset()


def _exit_lines() -> frozenset[int]:
    return frozenset(int(x) for x in os.environ.get(_EXIT_ENV, "").split(",") if x.strip().isdigit())


def _init_worker(card_dirs: tuple[str, ...], time_limit: float, engine: str | None = None) -> None:
    global _WORKER, _EXIT_LINES
    _WORKER = Checker(card_dirs, time_limit, engine)
    _EXIT_LINES = _exit_lines()


def _run_chunk(chunk: list[tuple[int, str]], base: str, files: dict | None = None) -> list[dict]:
    assert _WORKER is not None
    out = []
    for line, text in chunk:
        if line in _EXIT_LINES:
            os._exit(70)
        out.append(_WORKER.evaluate(line, text, base, files))
    return out


def _known(text: str) -> dict:
    """The id and query of a line, when they can be read (for the record of a line whose worker died)."""
    try:
        data = parse_line(text)
    except Exception:  # noqa: BLE001 - a line that can't be read names nothing
        return {}
    if not isinstance(data, dict):
        return {}
    known = {}
    if isinstance(data.get("id"), (str, int)) and not isinstance(data.get("id"), bool):
        known["id"] = str(data["id"])
    if data.get("query") in ("layers", "attack", "block", "replace"):
        known["query"] = data["query"]
    return known


def _dask_chunk(chunk: list[tuple[int, str]], base: str, files: dict, card_dirs: tuple[str, ...],
                time_limit: float, engine: str | None = None) -> list[dict]:
    """On a Dask worker: the worker process keeps one Checker for the run's settings (with --engine, its card
    data for the engine too)."""
    global _WORKER, _EXIT_LINES
    if _WORKER is None or getattr(_WORKER, "settings", None) != (card_dirs, time_limit, engine):
        _WORKER = Checker(card_dirs, time_limit, engine)
        _WORKER.settings = (card_dirs, time_limit, engine)  # type: ignore[attr-defined]
        _EXIT_LINES = _exit_lines()
    return _run_chunk(chunk, base, files)


# --- in the command's process -----------------------------------------------------------------------

class Workers:
    """N worker processes, each with its Checker (the card library kept from case to case); replaced as a whole
    when one of them dies (a ProcessPoolExecutor whose worker dies is broken for good)."""

    def __init__(self, jobs: int, initargs: tuple, base: str):
        import multiprocessing as mp

        methods = mp.get_all_start_methods()
        self.ctx = mp.get_context("fork" if "fork" in methods else "spawn")
        self.jobs, self.initargs, self.base = jobs, initargs, base
        self.generation = 0
        self.pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(self.jobs, mp_context=self.ctx, initializer=_init_worker, initargs=self.initargs)

    def submit(self, chunk: Chunk) -> tuple[Future, int]:
        return self.pool.submit(_run_chunk, chunk, self.base), self.generation

    def replace(self) -> None:
        """Fresh worker processes for a pool one of whose workers died."""
        self._stop(self.pool)
        self.pool = self._new()
        self.generation += 1

    def one_by_one(self, chunk: Chunk) -> list[dict]:
        """The records of a chunk's cases, each checked alone: a case that kills its worker is that line's
        ``error``, and the next case gets fresh workers."""
        return [self._alone(line, text) for line, text in chunk]

    def _alone(self, line: int, text: str) -> dict:
        """One case's record; when its worker dies, once more alone in fresh workers (the first death may have
        been another chunk's, in flight with it), and if it dies again, its ``error``."""
        for attempt in (1, 2):
            try:
                return self.pool.submit(_run_chunk, [(line, text)], self.base).result()[0]
            except BrokenProcessPool:
                self.replace()
            except Exception as e:  # noqa: BLE001 - raised outside the case's evaluation: still only this line's
                return error_record(_known(text), line, e)
        return error_record(_known(text), line, WORKER_DIED)

    def close(self) -> None:
        self._stop(self.pool)

    @staticmethod
    def _stop(pool: ProcessPoolExecutor) -> None:
        """Stop a pool now, its workers too (the run is over, or a worker died): no case is left running."""
        for p in list((getattr(pool, "_processes", None) or {}).values()):
            if p.is_alive():
                p.terminate()
        pool.shutdown(wait=True, cancel_futures=True)


def _kept(future: Future) -> bool:
    """A chunk's future that finished with its records (not taken down with a dead worker)."""
    return future.done() and not future.cancelled() and future.exception() is None


def run_local(chunks: Iterable[tuple[Chunk, int]], base: str, jobs: int, initargs: tuple,
              window_per_job: int = 4) -> Iterator[tuple[list[dict], int]]:
    """(records, bytes) of each chunk, in input order, checked by `jobs` worker processes with at most
    `window_per_job` chunks per worker in flight."""
    workers = Workers(jobs, initargs, base)
    pending: deque[list[Any]] = deque()  # [future, generation, chunk, bytes]
    it = iter(chunks)
    done = False
    try:
        while True:
            while not done and len(pending) < window_per_job * jobs:
                try:
                    chunk, nbytes = next(it)
                except StopIteration:
                    done = True
                    break
                pending.append([*workers.submit(chunk), chunk, nbytes])
            if not pending:
                return
            future, generation, chunk, nbytes = pending.popleft()
            try:
                results = future.result()
            except BrokenProcessPool:
                if generation == workers.generation:  # (not a pool already replaced)
                    workers.replace()
                # alone in the fresh workers, case by case, so that a case that kills its worker is the one reported
                results = workers.one_by_one(chunk)
                for entry in pending:  # then the chunks in flight on a dead pool, again
                    if entry[1] != workers.generation and not _kept(entry[0]):
                        entry[0], entry[1] = workers.submit(entry[2])
            except Exception:  # noqa: BLE001 - raised outside the evaluation of a case: find which, case by case
                results = workers.one_by_one(chunk)
            yield results, nbytes
    finally:
        workers.close()
