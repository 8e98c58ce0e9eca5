"""A run's limits for the whole process (issue 25): ``--time-limit`` and ``--memory-limit`` on the command line.

Each solve keeps its own time limit (bridge/solve.py: the watchdog interrupts the search, the grounding clock stops
the ``clocked`` rules), and a solve that hits it reports the solver's timeout line. What escapes them (grounding
rules without the clock, the engine's Python work before, between and after solves, many solves in a row each
under the limit, the memory all that takes) is bounded here: a daemon thread looks at the clock and at the
process's resident memory every 50 ms and, past either limit, prints one line naming the file and what was being
solved, flushes the output and ends the process with exit status 3 (``os._exit``: clingo can't be stopped
mid-grounding otherwise). It needs no clingo (it reads what bridge/solve.py is doing only when that is loaded).

The desk's worker processes may start one too (``RunGuard(...).start()``, with their own ``on_breach``).
"""

from __future__ import annotations

import os
import sys
import threading
import time
from typing import Callable

EXIT_LIMIT = 3
INTERVAL = 0.05  # seconds between two looks at the clock and the memory


def margin(time_limit: float) -> float:
    """The time the whole command may take past its limit: reading the files, printing the answer and the engine's
    work around the solves (the limit is each solve's; a command makes several): half the limit, at least
    2 s (a first run compiles the cards of the card database it meets, a second or so)."""
    return max(2.0, time_limit / 2)


def statm_mb(pid: int | str = "self") -> float | None:
    """A process's resident memory, in MB (2^20 bytes), from Linux's /proc/PID/statm; None elsewhere, or when the
    process is gone (the desk's pool reads its workers' with it: engine/web/pool.py)."""
    try:
        with open(f"/proc/{pid}/statm", "rb") as f:
            pages = int(f.read().split()[1])
        return pages * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError, AttributeError):
        return None


def resident_mb() -> float | None:
    """This process's resident memory, in MB: statm_mb on Linux; elsewhere the peak so far (resource.getrusage,
    which only grows); None where neither exists (the memory limit is then not enforced)."""
    now = statm_mb()
    if now is not None:
        return now
    try:
        import resource
    except ImportError:
        return None
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / 2**20 if sys.platform == "darwin" else peak / 1024  # (bytes on macOS, KB elsewhere)


def doing() -> str:
    """What the process is solving now, for the message: the solve under way (its phase and programs, from
    bridge/solve.py), or the last one ended, or none yet."""
    solve = sys.modules.get("bridge.solve")
    now = getattr(solve, "now_solving", None)
    if now is None:
        return "reading the board and cards (before any solve)"
    return now()[1]


def _solves_started() -> int:
    now = getattr(sys.modules.get("bridge.solve"), "now_solving", None)
    return now()[0] if now is not None else 0


# the counters of the work a run's time doesn't count: the card database's index (built once after an install or an
# import), the Oracle text parsers (built once a process, whatever the board)
SETUP = (("engine.files.carddb", "BUILDING"), ("engine.vocab.oracle.objects", "BUILDING"))


def _setting_up() -> bool:
    """Some of the SETUP work is under way."""
    for module, name in SETUP:
        building = getattr(sys.modules.get(module), name, None)
        if building and building[0]:
            return True
    return False


class RunGuard:
    """The limits of one run. ``where``: the file named in the message (the board, the game). ``time_limit``: the
    solver's limit S, in seconds; the run may take S + margin(S) from its start (or its restart) (``per_solve``: from the start of its latest
    solve, so each solve and the work after it get that, as `play` counts it). ``memory_mb``: the largest resident
    memory allowed (None: no memory limit). ``on_breach(line)``: what to do past a limit; the default prints
    ``mtgjudge: error: LINE`` on standard error, flushes and ends the process with exit status 3."""

    def __init__(self, where: str, time_limit: float | None, memory_mb: float | None, *, per_solve: bool = False,
                 on_breach: Callable[[str], None] | None = None) -> None:
        self.where = where
        self.time_limit = time_limit
        self.memory_mb = memory_mb
        self.per_solve = per_solve
        self.on_breach = on_breach or _exit_with
        self.started = time.monotonic()
        self.stopped = threading.Event()
        self.thread: threading.Thread | None = None

    def start(self) -> RunGuard:
        self.started = time.monotonic()
        self.thread = threading.Thread(target=self._run, name="mtgjudge-run-guard", daemon=True)
        self.thread.start()
        return self

    def restart(self) -> None:
        """Count the time from now (the command line's guard: once the card library is loaded, a start-up whose time
        depends on the machine, not on the input)."""
        self.started = time.monotonic()

    def stop(self) -> None:
        self.stopped.set()

    def breach(self) -> str | None:
        """The line to report if a limit is passed now, else None."""
        if self.memory_mb is not None:
            rss = resident_mb()
            if rss is not None and rss > self.memory_mb:
                return (f"{self.where}: memory limit of {self.memory_mb:g} MB reached while {doing()} "
                        f"(fix: raise --memory-limit)")
        if self.time_limit is not None and time.monotonic() > self.started + self.time_limit + margin(self.time_limit):
            return (f"{self.where}: time limit of {self.time_limit:g} s reached while {doing()} "
                    f"(fix: raise --time-limit)")
        return None

    def _run(self) -> None:
        seen = _solves_started()
        while not self.stopped.wait(INTERVAL):
            if _setting_up():  # the card database's index or a parser being built: not the input's time
                self.started = time.monotonic()
            if self.per_solve:
                count = _solves_started()
                if count != seen:  # a new solve: its own time from now
                    seen, self.started = count, time.monotonic()
            line = self.breach()
            if line is not None and not self.stopped.is_set():
                self.on_breach(line)
                return


def _exit_with(line: str) -> None:
    """Report the line and end the process now, with exit status 3 (whatever the other threads are doing)."""
    try:
        sys.stdout.flush()
    except (OSError, ValueError):
        pass
    try:
        sys.stderr.write(f"mtgjudge: error: {line}\n")
        sys.stderr.flush()
    except (OSError, ValueError):
        pass
    os._exit(EXIT_LIMIT)
