"""The judge's desk's worker processes: each request's work (parsing, loading, solving) runs here,
in a process the desk (engine/web/pool.py) can stop, never in the server's own process.

A worker is forked from multiprocessing's fork server, which imports this module (and through it
the engine and clingo) once; it then reads the card library, sets its memory limit (RLIMIT_AS), says
it is ready and answers jobs one at a time over its pipe: ``(endpoint, fields)`` in, ``(status,
text)`` out, where text is the answer's bytes as the CLI's ``--json`` prints them (status 200) or
the one-line message (400 bad input, 503 out of memory, 504 the solver's time limit). It stops when
its pipe closes (the desk ended) or when the desk kills it (a request past its limit).
"""

from __future__ import annotations

import json
import resource
from pathlib import Path
from typing import Any, Callable

from bridge import SolverConfig

from engine.app.queries import (check_object, combat_answer, layers_document, layers_result, replace_answer,
                                replace_document, timeout_line)
from engine.app.render import dump_json
from engine.files.boardwriter import board_dict
from engine.files.declaration import declaration_from_data, parse_declaration
from engine.files.errors import InputError
from engine.files.events import events_from_data
from engine.files.library import CardLibrary, load_library
from engine.files.loader import board_from_data
from engine.files.yamlio import parse_text

TIMEOUT_FIX = "the server's --time-limit is too short for this question: ask a smaller one, or raise it"
MEMORY_FIX = "the server's --memory-limit is too small for this question: ask a smaller one, or raise it"


def memory_line(limit_mb: int) -> str:
    """The one line of a request that ran out of its worker's memory (status 503)."""
    return f"request: the question needs more than the memory limit of {limit_mb} MB, no verdict (fix: {MEMORY_FIX})"


class Timeout(Exception):
    """The solver hit its time limit (status 504)."""


class Jobs:
    """The desk's endpoints' work, as the commands do it, over one card library and solver config."""

    def __init__(self, library: CardLibrary, time_limit: float):
        self.library = library
        self.time_limit = time_limit
        self.config = SolverConfig(time_limit=time_limit)
        self.endpoints: dict[str, Callable[[dict], Any]] = {
            "/api/board": self.board, "/api/layers": self.layers, "/api/attack": lambda f: self.combat("attack", f),
            "/api/block": lambda f: self.combat("block", f), "/api/replace": self.replace}

    def answer(self, endpoint: str, fields: dict) -> tuple[int, str]:
        """(status, text): the document's bytes, or the one line of what went wrong."""
        try:
            return 200, dump_json(self.endpoints[endpoint](fields)) + "\n"
        except InputError as e:
            return 400, e.line()
        except Timeout:
            return 504, timeout_line("board", self.time_limit, TIMEOUT_FIX)
        except RecursionError:  # a safety net: the request's parsers keep nesting far below this
            return 400, InputError("request", None, "is nested too deeply to read",
                                   "send files nested at most a few dozen levels deep").line()

    def text(self, value: Any, field: str, parse: Callable[[str, str], Any]) -> Any:
        """A field given as a file's text, parsed as the command parses the file."""
        if not isinstance(value, str):
            return value
        try:
            return parse(value, field)
        except RecursionError:
            raise InputError(field, None, "is nested too deeply to read",
                             "nest maps and lists at most a few dozen levels deep") from None
        except ValueError as e:  # e.g. an integer literal longer than Python reads
            raise InputError(field, None, f"can't be read: {' '.join(str(e).split())}",
                             "send a board file as docs/board-format.md describes it") from None

    def state(self, fields: dict):
        return board_from_data(self.text(fields["board"], "board", parse_text), self.library, "board")

    def board(self, fields: dict) -> Any:
        return board_dict(self.state(fields), self.library)

    def layers(self, fields: dict) -> Any:
        state = self.state(fields)
        only = fields.get("object")
        check_object(state, only, "object", "use the id of a permanent of the board (POST /api/board shows them)")
        result = layers_result(state, self.config)
        if result.timed_out:
            raise Timeout()
        return layers_document(result, state, only)

    def combat(self, side: str, fields: dict) -> Any:
        declaration, every = fields.get("declaration"), fields.get("all", False)
        if declaration is not None and every:
            raise InputError(None, "all", "lists every legal declaration; declaration checks one",
                             "give either declaration or all")
        state = self.state(fields)
        decl = None
        if declaration is not None:
            data = self.text(declaration, "declaration", lambda text, file: parse_declaration(text, file, None))
            decl = declaration_from_data(data, side, state, "declaration")
        answer = combat_answer(state, side, decl, every, fields.get("limit", 1000), self.config, "board")
        if answer.timed_out:
            raise Timeout()
        return answer.document()

    def replace(self, fields: dict) -> Any:
        state = self.state(fields)
        data = self.text(fields["event"], "event", parse_text)
        events = events_from_data(data, state, self.library, "event")
        answer = replace_answer(state, events, self.library, self.config, fields.get("limit", 100))
        if answer is None:
            raise Timeout()
        return replace_document(answer, state)


def limit_memory(limit_mb: int) -> None:
    """RLIMIT_AS: past it an allocation fails (MemoryError in Python, a failed allocation in clingo)
    instead of the machine's memory running out."""
    cap = limit_mb * 1024 * 1024
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


def serve(conn, settings: str) -> None:
    """A worker's life: ready, then one job at a time until the pipe closes."""
    raw = json.loads(settings)
    jobs = Jobs(load_library(tuple(Path(d) for d in raw["card_dirs"])), raw["time_limit"])
    if raw.get("memory_limit"):
        limit_memory(raw["memory_limit"])
    conn.send(("ready", None))
    while True:
        try:
            endpoint, fields = conn.recv()
        except (EOFError, OSError):
            return
        try:
            status, text = jobs.answer(endpoint, fields)
        except MemoryError:
            status, text = 503, memory_line(raw.get("memory_limit") or 0)
        except Exception as e:  # a bug (one line, and this worker is replaced: pool.py), or clingo out of memory
            if "bad_alloc" in str(e):
                status, text = 503, memory_line(raw.get("memory_limit") or 0)
            else:
                status, text = 500, f"request: internal error ({e.__class__.__name__}) (fix: report it with the request)"
        try:
            conn.send((status, text))
        except (EOFError, OSError):
            return
