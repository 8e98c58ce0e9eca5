"""The judge's desk's pool of worker processes (engine/web/worker.py): each request's work runs in
one of them, so a request past its limit is stopped by killing its worker, never left running.

Start method: 'forkserver'. The desk's process runs uvicorn's event loop and threads (anyio's, the
waits below); forking it could copy a lock another thread holds (malloc's, logging's, clingo's)
into the child, which then hangs. A fork server is a fresh, single-threaded process started once
(as 'spawn' starts one); it imports the worker module, and so the engine and clingo, once, and
each worker is forked from it: safe, and a replacement is ready in a fraction of a second instead
of a new interpreter's seconds of imports.

Limits: a job answers within ``time_limit + margin`` or its worker is killed (SIGKILL) and the
request answers 504; a worker that runs out of memory (RLIMIT_AS in the worker, ``memory_limit``)
or dies answers 503. Any answer but 200 and 400, or a worker whose resident memory grew past
``recycle_mb`` over what it had when ready, retires the worker: killed and replaced, so the memory
a heavy request took goes with it.

Queue: requests wait, first come first served, for a free worker. The last free worker is kept for
small requests (a body of at most ``small_body`` bytes): a large body (a board of thousands of
permanents) never takes every worker, so small questions are not held behind large ones. A
request that finds no worker within ``time_limit + margin`` answers 503.
"""

from __future__ import annotations

import collections
import json
import multiprocessing
import signal
import threading
from dataclasses import dataclass, field
from typing import Any

import anyio

from engine.app.runguard import statm_mb

CONTEXT = "forkserver"
START_SECONDS = 60.0  # a new worker says it is ready within this, or it is replaced


def _context():
    ctx = multiprocessing.get_context(CONTEXT)
    ctx.set_forkserver_preload(["engine.web.worker", "engine.web.warmup"])
    return ctx


def _entry(conn, settings: str) -> None:  # the worker process's target (importable by the fork server)
    from engine.web.worker import serve

    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C stops the desk, which stops its workers
    serve(conn, settings)


@dataclass
class Worker:
    process: Any
    conn: Any
    ready: bool = False
    ready_mb: float | None = None

    @property
    def pid(self) -> int:
        return self.process.pid


@dataclass
class Waiter:
    large: bool
    event: Any


@dataclass
class PoolLimits:
    workers: int
    time_limit: float
    memory_limit: int | None  # MB, per worker
    margin: float = 1.0  # seconds past the time limit before a job's worker is killed
    small_body: int = 64_000  # bytes: a request body at most this size may take the last free worker
    recycle_mb: float = 200.0  # a worker this much larger than when it was ready is replaced

    @property
    def deadline(self) -> float:
        return self.time_limit + self.margin


@dataclass
class Pool:
    limits: PoolLimits
    settings: str  # the worker's settings, JSON (card folders, time limit, memory limit)
    free: list[Worker] = field(default_factory=list)
    busy: dict[int, bool] = field(default_factory=dict)  # pid -> large
    waiting: collections.deque = field(default_factory=collections.deque)
    started: bool = False
    retired: list[int] = field(default_factory=list)  # the pids of the workers killed or replaced
    spawned: threading.Event = field(default_factory=threading.Event)  # start() has made the workers

    @staticmethod
    def make(limits: PoolLimits, card_dirs: tuple[str, ...]) -> "Pool":
        settings = json.dumps({"card_dirs": list(card_dirs), "time_limit": limits.time_limit,
                               "memory_limit": limits.memory_limit})
        return Pool(limits, settings)

    # --- workers ----------------------------------------------------------------------------------
    def _spawn(self) -> Worker:
        ctx = _context()
        parent, child = ctx.Pipe()
        process = ctx.Process(target=_entry, args=(child, self.settings), daemon=True, name="mtgjudge-desk-worker")
        process.start()
        child.close()
        return Worker(process, parent)

    def start(self) -> None:
        """Start the workers (from any thread: the list is given whole, at the end); the requests
        that came meanwhile wait, and are woken by wake()."""
        if not self.started:
            self.started = True
            self.free = [self._spawn() for _ in range(self.limits.workers)]
            self.spawned.set()

    def wake(self) -> None:
        self._wake()

    def _kill(self, worker: Worker) -> None:
        self.retired.append(worker.pid)
        try:
            worker.process.kill()
        except (OSError, ValueError):
            pass
        worker.process.join(5)
        worker.conn.close()

    def close(self) -> None:
        for worker in self.free:
            self._kill(worker)
        self.free = []
        self.started = False
        self.spawned.clear()

    def pids(self) -> list[int]:
        return [w.pid for w in self.free] + list(self.busy)

    # --- the queue --------------------------------------------------------------------------------
    def _may_take(self, large: bool) -> bool:
        if not self.free:
            return False
        if not large or self.limits.workers == 1:
            return True
        return sum(self.busy.values()) < self.limits.workers - 1

    def _first_eligible(self) -> "Waiter | None":
        return next((w for w in self.waiting if self._may_take(w.large)), None)

    def _wake(self) -> None:
        waiter = self._first_eligible()
        if waiter is not None:
            waiter.event.set()

    async def _acquire(self, large: bool) -> Worker:
        self.start()
        waiter = Waiter(large, anyio.Event())
        self.waiting.append(waiter)
        try:
            while self._first_eligible() is not waiter:
                await waiter.event.wait()
                waiter.event = anyio.Event()
        finally:
            self.waiting.remove(waiter)
            if self._first_eligible() is not None:  # no wake-up lost to a waiter that gave up
                self._wake()
        worker = self.free.pop()
        self.busy[worker.pid] = large
        return worker

    def _release(self, worker: Worker, retire: bool) -> None:
        self.busy.pop(worker.pid, None)
        if retire or rss_grew(worker, self.limits.recycle_mb):
            self._kill(worker)
            worker = self._spawn()
        self.free.append(worker)
        self._wake()

    # --- a job ------------------------------------------------------------------------------------
    async def run(self, endpoint: str, fields: dict, body_bytes: int | None) -> tuple[int, str]:
        """(status, text) of the job: the worker's answer, or the pool's: (504, "deadline") past the
        deadline, (503, "died CODE") when the worker died (its exit code: -9 killed, -6 aborted), (503, "queue") when no worker
        was free in time."""
        large = body_bytes is None or body_bytes > self.limits.small_body
        if not self.spawned.is_set():  # the desk's start (the fork server reads the programs and the cards, seconds):
            if self.started:           # not the request's time, which counts from here
                await anyio.to_thread.run_sync(self.spawned.wait, START_SECONDS)
            else:
                await anyio.to_thread.run_sync(self.start)
        with anyio.move_on_after(self.limits.deadline) as queued:
            worker = await self._acquire(large)
        if queued.cancelled_caught:
            return 503, "queue"
        retire = True
        try:
            if not worker.ready:
                await self._ready(worker)
            worker.conn.send((endpoint, fields))
            answered = await anyio.to_thread.run_sync(worker.conn.poll, self.limits.deadline)
            if not answered:
                return 504, "deadline"
            status, text = worker.conn.recv()
            retire = status not in (200, 400)
            return status, text
        except (EOFError, OSError, BrokenPipeError):
            worker.process.join(1)
            return 503, f"died {worker.process.exitcode}"
        finally:
            self._release(worker, retire)

    async def _ready(self, worker: Worker) -> None:
        if not await anyio.to_thread.run_sync(worker.conn.poll, START_SECONDS):
            raise EOFError("the worker did not start")
        worker.conn.recv()
        worker.ready = True
        worker.ready_mb = statm_mb(worker.pid)


def rss_grew(worker: Worker, by_mb: float) -> bool:
    now = statm_mb(worker.pid)
    return now is not None and worker.ready_mb is not None and now - worker.ready_mb > by_mb
