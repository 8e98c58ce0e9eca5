"""The judge's desk: the page and the JSON API of `mtgjudge serve` (docs/desk.md).

Every endpoint answers with the document the matching command prints with ``--json``, byte for
byte (made by the same code: engine/app/queries.py). Input is the content of the files the command
reads (a JSON value, or the file's text), so bad input gets the command's one-line message, with
the request field where the command names the file: ``{"error": "board: battlefield[0].card:
unknown card 'Grizly Bears' (fix: did you mean 'Grizzly Bears'?)"}``, status 400.

Reliability: every request's work (parsing, loading, solving) runs in a worker process of the
app's pool (engine/web/pool.py, engine/web/worker.py), never in this process: a request that hits
the time limit (``--time-limit``) answers 504 with the CLI's timeout line by the limit plus a margin,
and its worker is killed and replaced, so nothing goes on solving and its memory goes with it; one
past the memory limit (``--memory-limit``) answers 503. Host and Origin are checked, every answer
carries the security headers and POST bodies are checked before they are parsed (engine/web/
guard.py). Request bodies over the size limit answer 413. Nothing here writes a file after start-up:
the card library and the page's three assets are read once, when the app (or a worker) is made; a
board's card the library lacks is read from the card database's index (engine/files/dbfaces.py:
read only, one connection per worker). Every answer lists the abilities of the board's objects no program executes
(``not_executed``, engine/state/unexecuted.py), and the page shows them under each answer.
"""

from __future__ import annotations

import json
import os
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Annotated, Any, Optional, Union

import anyio
from fastapi import Body, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field
from pydantic.functional_validators import PlainValidator
from starlette.exceptions import HTTPException as StarletteHTTPException

from engine import __version__
from engine.files.boardfile import BoardFile
from engine.files.errors import InputError
from engine.files.events import Event
from engine.files.library import CardLibrary, load_library
from engine.app.render import dump_json
from engine.web.examples import EXAMPLES

MAX_BODY = 1_000_000  # bytes
CONFIG_ENV = "MTGJUDGE_SERVE_CONFIG"  # the settings of `mtgjudge serve`, for each uvicorn worker process
ASSETS = {"/": ("index.html", "text/html; charset=utf-8"),
          "/desk.js": ("desk.js", "text/javascript; charset=utf-8"),
          "/desk.css": ("desk.css", "text/css; charset=utf-8")}


def default_workers() -> int:
    """min(cores, 4), at least 2: a heavy request never holds the only worker."""
    return max(2, min(os.cpu_count() or 1, 4))


@dataclass(frozen=True)
class Settings:
    time_limit: float = 10.0  # seconds, for a request's whole work (its worker is killed past it + margin)
    card_dirs: tuple[str, ...] = ()  # --cards folders, read once at start-up
    max_body: int = MAX_BODY
    workers: int = field(default_factory=default_workers)  # worker processes (engine/web/pool.py)
    memory_limit: int | None = 2000  # MB of address space per worker process (RLIMIT_AS); None: no limit
    margin: float = 1.0  # seconds past the time limit before a request's worker is killed
    host: str = "127.0.0.1"  # the address served on, and its port: the Host a request may give
    port: int = 8765
    allow_hosts: tuple[str, ...] = ()  # --allow-host: more names (NAME or NAME:PORT)

    def to_env(self) -> str:
        return json.dumps({"time_limit": self.time_limit, "card_dirs": list(self.card_dirs),
                           "max_body": self.max_body, "workers": self.workers, "memory_limit": self.memory_limit,
                           "margin": self.margin, "host": self.host, "port": self.port,
                           "allow_hosts": list(self.allow_hosts)})

    @staticmethod
    def from_env() -> "Settings":
        raw = json.loads(os.environ.get(CONFIG_ENV, "{}"))
        raw["card_dirs"] = tuple(raw.get("card_dirs", ()))
        raw["allow_hosts"] = tuple(raw.get("allow_hosts", ()))
        return Settings(**raw)


# --- request bodies -------------------------------------------------------------------------------

def _as_given(value: Any) -> Any:
    """Request documents are validated by the loaders the CLI uses (their messages, their checks),
    not by FastAPI: the schema below documents them and drives the fuzzing."""
    return value


class OneEvent(BaseModel):
    model_config = ConfigDict(extra="forbid")
    event: Event


class SimultaneousEvents(BaseModel):
    model_config = ConfigDict(extra="forbid")
    events: list[Event] = Field(min_length=1)


class AttackDeclaration(BaseModel):
    """attack: creature -> the player, planeswalker or battle it attacks (docs/combat.md)."""

    model_config = ConfigDict(extra="forbid")
    attack: dict[str, str] = Field(default_factory=dict)
    pay: list[str] = Field(default_factory=list, description="the creatures whose attack cost is paid (508.1g)")
    bands: list[list[str]] = Field(default_factory=list, description="attacking bands (702.22c)")


class BlockDeclaration(BaseModel):
    """block: blocker -> the attacker it blocks, or a list of attackers (docs/combat.md)."""

    model_config = ConfigDict(extra="forbid")
    block: dict[str, Union[str, list[str]]] = Field(default_factory=dict)
    pay: list[str] = Field(default_factory=list, description="the creatures whose block cost is paid (509.1d)")


def _document(kind: Any, what: str):
    return Annotated[Any, PlainValidator(_as_given, json_schema_input_type=Union[kind, str]),
                     Field(description=f"{what}: its content as JSON, or its text (YAML or JSON)")]


BoardDoc = _document(BoardFile, "the board file (docs/board-format.md)")
EventDoc = _document(Union[OneEvent, SimultaneousEvents], "the event file (docs/events.md)")
AttackDoc = _document(AttackDeclaration, "a declaration of attackers (docs/combat.md)")
BlockDoc = _document(BlockDeclaration, "a declaration of blockers (docs/combat.md)")


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid", populate_by_name=False)


class BoardRequest(_Body):
    board: BoardDoc


class LayersRequest(_Body):
    board: BoardDoc
    only: Optional[str] = Field(default=None, alias="object", description="one permanent's id (--object)")


class _CombatRequest(_Body):
    board: BoardDoc
    all: bool = Field(default=False, description="every legal declaration (--all)")
    limit: int = Field(default=1000, ge=1, le=10000, description="with all: stop after this many (--limit)")


class AttackRequest(_CombatRequest):
    declaration: Optional[AttackDoc] = Field(default=None, description="the declaration to check (DECLARATION); "
                                                                        "absent: the most requirements and a declaration obeying them")


class BlockRequest(_CombatRequest):
    declaration: Optional[BlockDoc] = Field(default=None, description="the declaration to check (DECLARATION); "
                                                                       "absent: the most requirements and a declaration obeying them")


class ReplaceRequest(_Body):
    board: BoardDoc
    event: EventDoc
    limit: int = Field(default=100, ge=1, le=1000, description="outcomes listed, and orders for each (--limit)")


BODIES: dict[str, type[BaseModel]] = {"/api/board": BoardRequest, "/api/layers": LayersRequest,
                                      "/api/attack": AttackRequest, "/api/block": BlockRequest,
                                      "/api/replace": ReplaceRequest}


class ErrorBody(BaseModel):
    error: str = Field(description="one line: the request field, what is wrong, and the fix, as the CLI says it")


# --- errors ---------------------------------------------------------------------------------------

class TooLarge(StarletteHTTPException):
    """A body over the limit, found while it is read (FastAPI passes HTTP exceptions on as they are)."""

    def __init__(self, line: str):
        super().__init__(413, line)
        self.line = line


def _error(status: int, line: str) -> Response:
    return Response(dump_json({"error": line}) + "\n", status_code=status, media_type="application/json")


def _validation_line(err: dict, fields: list[str]) -> str:
    """A FastAPI (pydantic) error on the request's shape, as the one-line messages of the loaders."""
    loc = [str(p) for p in err.get("loc", ()) if p != "body"]
    kind = err.get("type", "")
    where = ".".join(loc) or None
    allowed = ", ".join(f"'{f}'" for f in fields)
    if kind == "json_invalid":
        return InputError("request", None, "the body is not valid JSON", "send a JSON object").line()
    if not loc or kind in ("model_attributes_type", "dict_type"):
        return InputError("request", None, "the body must be a JSON object",
                          f"send a JSON object with {allowed}").line()
    if kind == "missing":
        return InputError(None, where, "is required", f"send a JSON object with {allowed}").line()
    if kind == "extra_forbidden":
        return InputError(None, where, "unknown field", f"use only {allowed}").line()
    msg = str(err.get("msg", "is not valid"))
    got = err.get("input")
    shown = repr(got) if not isinstance(got, (dict, list)) else ("a map" if isinstance(got, dict) else "a list")
    return InputError(None, where, f"{msg[0].lower() + msg[1:]}, got {shown}",
                      _FIX_BY_FIELD.get(loc[-1], "see /api/openapi.json")).line()


_FIX_BY_FIELD = {
    "limit": "give a whole number of 1 or more (at most 10000 for attack and block, 1000 for replace)",
    "all": "give true or false",
    "object": "give the id of a permanent of the board, as a string",
}


def _fields(model: type[BaseModel]) -> list[str]:
    return [info.alias or name for name, info in model.model_fields.items()]


class BodyLimit:
    """ASGI middleware: a request body over ``limit`` bytes answers 413, whether it says its length
    (Content-Length) or not (chunked: counted as it arrives)."""

    def __init__(self, app, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        line = (f"request: the body is larger than the limit of {self.limit} bytes "
                "(fix: send a smaller board, or start the server with a larger --max-body)")
        for name, value in scope.get("headers", ()):
            if name == b"content-length":
                try:
                    too_big = int(value) > self.limit
                except ValueError:
                    too_big = False
                if too_big:
                    return await _error(413, line)(scope, receive, send)
        seen = 0
        started = False

        async def counted():
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise TooLarge(line)
            return message

        async def tracked(message):
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counted, tracked)
        except TooLarge:
            if not started:
                await _error(413, line)(scope, receive, send)


# --- the app --------------------------------------------------------------------------------------

def _assets() -> dict[str, tuple[bytes, str]]:
    folder = resources.files("engine.web") / "static"
    return {route: ((folder / name).read_bytes(), media) for route, (name, media) in ASSETS.items()}


def create_app(settings: Settings | None = None, library: CardLibrary | None = None) -> FastAPI:
    """The app: ``settings`` as `mtgjudge serve` gives them; ``library`` the card library (default:
    the package's cards plus settings.card_dirs, read now)."""
    from engine.app.queries import cards_document, timeout_line
    from engine.web.guard import HostCheck, JsonBody, SecurityHeaders, allowed_hosts
    from engine.web.pool import Pool, PoolLimits
    from engine.web.worker import TIMEOUT_FIX

    settings = settings or Settings()
    library = library or load_library(tuple(Path(d) for d in settings.card_dirs))
    hosts = allowed_hosts(settings.host, settings.port, settings.allow_hosts)
    pool = Pool.make(PoolLimits(workers=settings.workers, time_limit=settings.time_limit,
                                memory_limit=settings.memory_limit, margin=settings.margin), settings.card_dirs)
    assets = _assets()
    names = [{"name": c.name, "types": list(c.types), "subtypes": list(c.subtypes), "token": bool(c.token),
              "power": c.power, "toughness": c.toughness}
             for c in (library.get(n) for n in library.names()) if c]

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        async def start() -> None:  # the fork server's first start takes seconds (imports, warm-up): not before serving
            await anyio.to_thread.run_sync(pool.start)
            pool.wake()

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(start)
            try:
                yield
            finally:
                tasks.cancel_scope.cancel()
                pool.close()

    app = FastAPI(
        lifespan=lifespan,
        title="mtgjudge: the judge's desk",
        version=__version__,
        description=("The JSON documents of `mtgjudge layers`, `attack`, `block`, `replace` and `cards` with "
                     "`--json`, over HTTP (docs/desk.md). A request gives the content of the files the "
                     "command reads; bad input answers 400 with the command's one-line message."),
        docs_url=None, redoc_url=None, openapi_url="/api/openapi.json",
    )

    # errors: one line, as the CLI's, never a traceback ------------------------------------------
    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError):
        return _error(400, exc.line())

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError):
        model = BODIES.get(request.url.path)
        errors = list(exc.errors())
        return _error(400, _validation_line(errors[0] if errors else {}, _fields(model) if model else []))

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException):
        if isinstance(exc, TooLarge):
            return _error(413, exc.line)
        return _error(exc.status_code, f"request: {str(exc.detail).lower()} (fix: see /api/openapi.json)")

    @app.exception_handler(Exception)
    async def unexpected(request: Request, exc: Exception):  # a bug: say so in one line, keep serving
        import logging

        logging.getLogger("mtgjudge.serve").error("internal error on %s", request.url.path, exc_info=exc)
        return _error(500, f"request: internal error ({exc.__class__.__name__}) (fix: report it with the request)")

    async def solve(request: Request, fields: dict[str, Any]) -> Response:
        """The request's work, in a worker process of the pool (engine/web/pool.py)."""
        length = request.headers.get("content-length")
        status, text = await pool.run(request.url.path, fields, int(length) if length and length.isdigit() else None)
        if status == 200:
            return Response(text, media_type="application/json")
        pool_lines = {"deadline": timeout_line("board", settings.time_limit, TIMEOUT_FIX),
                      "queue": "request: no worker was free in time (fix: ask again, or start the server with more --workers)"}
        if text.startswith("died "):
            text = (f"request: the worker solving it stopped before answering (exit status {text[5:]}; out of its "
                    f"memory limit of {settings.memory_limit} MB?), no verdict (fix: ask a smaller question, or raise "
                    "--memory-limit)")
        text = pool_lines.get(text, text)
        return _error(status, text)

    responses: dict[int | str, dict[str, Any]] = {
        400: {"model": ErrorBody, "description": "bad input: the CLI's one-line message, naming the request field"},
        413: {"model": ErrorBody, "description": "the body is over the size limit"},
        503: {"model": ErrorBody, "description": "the question needs more memory than the limit, or every worker "
                                                 "is busy: no verdict"},
        504: {"model": ErrorBody, "description": "the request hit the time limit: no verdict"},
    }

    # the page ------------------------------------------------------------------------------------
    def asset(route: str):
        body, media = assets[route]

        async def serve_asset() -> Response:
            return Response(body, media_type=media, headers={"Cache-Control": "no-cache"})

        return serve_asset

    for route in ASSETS:
        app.add_api_route(route, asset(route), methods=["GET"], include_in_schema=False)

    # the API -------------------------------------------------------------------------------------
    @app.get("/api/cards", summary="mtgjudge cards --json", responses={200: {"description": "every card"}})
    async def cards() -> Response:
        return Response(dump_json(cards_document(library)) + "\n", media_type="application/json")

    @app.get("/api/cards/{name}", summary="mtgjudge cards NAME --json",
             responses={404: {"model": ErrorBody, "description": "no card has this name"}})
    async def card(name: str) -> Response:
        try:
            return Response(dump_json(cards_document(library, name, "name")) + "\n", media_type="application/json")
        except InputError as e:
            return _error(404, e.line())

    @app.get("/api/card-names", summary="The card names, types and printed P/T, for the page's type-ahead")
    async def card_names() -> Response:
        return Response(dump_json(names) + "\n", media_type="application/json")

    @app.post("/api/board", summary="A board checked and written out whole, every id and timestamp said (as --out writes it)",
              responses=responses)
    async def board(request: Request,
                    body: Annotated[BoardRequest, Body(openapi_examples=EXAMPLES["/api/board"])]) -> Response:
        return await solve(request, {"board": body.board})

    @app.post("/api/layers", summary="mtgjudge layers BOARD [--object ID] --json", responses=responses)
    async def layers(request: Request,
                     body: Annotated[LayersRequest, Body(openapi_examples=EXAMPLES["/api/layers"])]) -> Response:
        return await solve(request, {"board": body.board, "object": body.only})

    def combat(body: _CombatRequest) -> dict[str, Any]:
        return {"board": body.board, "declaration": body.declaration, "all": body.all, "limit": body.limit}

    @app.post("/api/attack", summary="mtgjudge attack BOARD [DECLARATION] [--all] --json", responses=responses)
    async def attack(request: Request,
                     body: Annotated[AttackRequest, Body(openapi_examples=EXAMPLES["/api/attack"])]) -> Response:
        return await solve(request, combat(body))

    @app.post("/api/block", summary="mtgjudge block BOARD [DECLARATION] [--all] --json", responses=responses)
    async def block(request: Request,
                    body: Annotated[BlockRequest, Body(openapi_examples=EXAMPLES["/api/block"])]) -> Response:
        return await solve(request, combat(body))

    @app.post("/api/replace", summary="mtgjudge replace BOARD EVENT --json", responses=responses)
    async def replace(request: Request,
                      body: Annotated[ReplaceRequest, Body(openapi_examples=EXAMPLES["/api/replace"])]) -> Response:
        return await solve(request, {"board": body.board, "event": body.event, "limit": body.limit})

    _document_errors_as_400(app)
    app.state.pool = pool
    # outermost last: the headers on every answer; Host and Origin; the size; the JSON body
    app.add_middleware(JsonBody)
    app.add_middleware(BodyLimit, limit=settings.max_body)
    app.add_middleware(HostCheck, allowed=hosts)
    app.add_middleware(SecurityHeaders)
    return app


def _document_errors_as_400(app: FastAPI) -> None:
    """The OpenAPI description: bad request shapes answer 400 with ErrorBody, as the rest of bad
    input (FastAPI documents its own 422 otherwise, which this app never sends)."""
    from fastapi.openapi.utils import get_openapi

    def openapi() -> dict:
        if app.openapi_schema:
            return app.openapi_schema
        schema = get_openapi(title=app.title, version=app.version, description=app.description, routes=app.routes)
        for path in schema.get("paths", {}).values():
            for op in path.values():
                op.get("responses", {}).pop("422", None)
        for name in ("HTTPValidationError", "ValidationError"):
            schema.get("components", {}).get("schemas", {}).pop(name, None)
        app.openapi_schema = schema
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def app_from_env() -> FastAPI:
    """The factory uvicorn's worker processes call (`mtgjudge serve --workers N`)."""
    return create_app(Settings.from_env())
