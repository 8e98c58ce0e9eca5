"""The judge's desk's guards (docs/desk.md, "Security"): ASGI middleware around the app.

- ``SecurityHeaders``: every answer says its Content-Security-Policy (the page's own script and
  style sheet only, no frames), X-Frame-Options, X-Content-Type-Options and Referrer-Policy.
- ``HostCheck``: a request's Host must be an address the desk serves on (against DNS rebinding: a
  page whose name was made to point at 127.0.0.1 still sends its own name), 400 otherwise; an
  Origin, when the browser sends one, must be the desk's own, 403 otherwise.
- ``JsonBody``: a POST body to the API is JSON, UTF-8, nested at most textlimits.MAX_DEPTH (64) levels, with no
  duplicate key and no integer longer than MAX_DIGITS digits: checked before the app parses it,
  each a one-line 400, so no request drives a parser into Python's limits (a 500).
"""

from __future__ import annotations

import ipaddress
import json
from typing import Any, Iterable

from fastapi.responses import Response

from engine.app.render import dump_json
from engine.files.errors import InputError
from engine.files.textlimits import INT_DIGITS, DuplicateKey, json_depth, unique_pairs

CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'")
HEADERS = [(b"content-security-policy", CSP.encode()), (b"x-frame-options", b"DENY"),
           (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"no-referrer")]
MAX_DIGITS = INT_DIGITS  # an integer literal's digits, as in every file (the desk's numbers are far smaller)
LOOPBACK_NAMES = ("localhost", "127.0.0.1", "[::1]")


def _answer(status: int, line: str) -> Response:
    return Response(dump_json({"error": line}) + "\n", status_code=status, media_type="application/json")


def _header(scope, name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


class SecurityHeaders:
    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def with_headers(message):
            if message["type"] == "http.response.start":
                names = {k.lower() for k, _ in message.get("headers", ())}
                message["headers"] = list(message.get("headers", ())) + [h for h in HEADERS if h[0] not in names]
            await send(message)

        await self.app(scope, receive, with_headers)


# --- Host and Origin ------------------------------------------------------------------------------

def is_loopback(host: str) -> bool:
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return host == "localhost"


def _split(hostport: str, default_port: int | None) -> tuple[str, int | None] | None:
    """'name:port', '[v6]:port', 'name' -> (name in lower case, port or default_port); None if malformed."""
    hostport = hostport.strip().lower()
    if not hostport:
        return None
    if hostport.startswith("["):
        end = hostport.find("]")
        if end < 0:
            return None
        name, rest = hostport[:end + 1], hostport[end + 1:]
    else:
        name, _, port = hostport.partition(":")
        rest = ":" + port if _ else ""
    if not rest:
        return name, default_port
    if not rest.startswith(":") or not rest[1:].isdigit() or len(rest) > 6:
        return None
    return name, int(rest[1:])


def _name(host: str) -> str:
    """An address as a Host header writes it: an IPv6 address in brackets."""
    host = host.strip().lower()
    if ":" in host and not host.startswith("["):
        return f"[{host}]"
    return host


def allowed_hosts(host: str, port: int, extra: Iterable[str] = ()) -> set[tuple[str, int | None]]:
    """(name, port) pairs a request's Host may give; port None: any port. The address served on with
    its port; on loopback (or every address) the loopback names too; ``extra`` (--allow-host), each
    'NAME' (any port) or 'NAME:PORT'."""
    allowed: set[tuple[str, int | None]] = set()
    wildcard = host in ("0.0.0.0", "::", "")
    if not wildcard:
        allowed.add((_name(host), port))
    if wildcard or is_loopback(host):
        allowed.update((name, port) for name in LOOPBACK_NAMES)
    for item in extra:
        split = _split(_name(item) if item.count(":") > 1 and "[" not in item else item, None)
        if split is None:
            raise InputError(None, "--allow-host", f"'{item}' is not a host name or NAME:PORT",
                             "give a name as browsers send it in Host, e.g. desk.example.org or desk.example.org:8765")
        allowed.add(split)
    return allowed


def host_allowed(value: str | None, allowed: set[tuple[str, int | None]], default_port: int) -> bool:
    split = _split(value or "", default_port)
    if split is None:
        return False
    name, port = split
    return (name, port) in allowed or (name, None) in allowed


class HostCheck:
    def __init__(self, app, allowed: set[tuple[str, int | None]]):
        self.app = app
        self.allowed = allowed

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        host = _header(scope, b"host")
        if not host_allowed(host, self.allowed, 80):
            line = InputError("request", "Host", f"'{host or ''}' is not an address this desk serves on",
                              "open the desk by the address `mtgjudge serve` prints, or start it with "
                              "--allow-host NAME").line()
            return await _answer(400, line)(scope, receive, send)
        origin = _header(scope, b"origin")
        if origin is not None and not _origin_allowed(origin, self.allowed):
            line = InputError("request", "Origin", f"'{origin}' is not the desk's own page",
                              "use the desk's page, or call the API without a browser (no Origin header)").line()
            return await _answer(403, line)(scope, receive, send)
        await self.app(scope, receive, send)


def _origin_allowed(origin: str, allowed: set[tuple[str, int | None]]) -> bool:
    scheme, sep, rest = origin.partition("://")
    if not sep or scheme.lower() not in ("http", "https") or "/" in rest:
        return False  # 'null' (a sandboxed frame, a file), or not an origin
    return host_allowed(rest, allowed, 80 if scheme.lower() == "http" else 443)


# --- JSON bodies ----------------------------------------------------------------------------------

class BadBody(Exception):
    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


def _integer(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise BadBody(InputError("request", None, f"an integer of {len(text.lstrip('-'))} digits is out of range",
                                 f"give integers of at most {MAX_DIGITS} digits").line())
    return int(text)


def _constant(text: str) -> Any:
    raise BadBody(InputError("request", None, f"{text} is not a number JSON allows",
                             "give a finite number").line())


def check_json(body: bytes, content_type: str | None) -> None:
    """Raise BadBody (one line) unless ``body`` is a JSON document the app may parse safely."""
    media = (content_type or "").split(";")[0].strip().lower()
    if media != "application/json" and not (media.startswith("application/") and media.endswith("+json")):
        raise BadBody(InputError("request", "content-type", f"is '{media or 'none'}', not JSON",
                                 "send the body as JSON with content-type: application/json").line())
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as e:
        raise BadBody(InputError("request", None, f"the body is not UTF-8 text (byte {e.start})",
                                 "send JSON encoded as UTF-8").line()) from None
    try:
        json_depth(text, "request")  # (brackets outside strings: engine/files/textlimits.py, as every file's)
    except InputError as e:
        raise BadBody(InputError("request", None, e.problem,
                                 "send boards, declarations and events as their formats describe them").line()) from None
    try:
        json.loads(text, object_pairs_hook=unique_pairs, parse_int=_integer, parse_constant=_constant)
    except DuplicateKey as d:
        raise BadBody(InputError("request", None, f"the key '{d.key}' is given twice in one map",
                                 "give each key once").line()) from None
    except json.JSONDecodeError as e:
        raise BadBody(InputError("request", None, f"the body is not valid JSON (line {e.lineno}: {e.msg})",
                                 "send a JSON object").line()) from None
    except (RecursionError, ValueError) as e:  # a safety net: the checks above keep the parser in its limits
        raise BadBody(InputError("request", None, f"the body can't be read: {' '.join(str(e).split())[:200]}",
                                 "send a JSON object").line()) from None


class JsonBody:
    """POST bodies to /api/: checked (check_json) before the app sees them, then passed on as read."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http" or scope.get("method") != "POST" or not scope.get("path", "").startswith("/api/"):
            return await self.app(scope, receive, send)
        chunks: list[bytes] = []
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        try:
            check_json(body, _header(scope, b"content-type"))
        except BadBody as e:
            return await _answer(400, e.line)(scope, receive, send)
        replayed = False

        async def replay():
            nonlocal replayed
            if not replayed:
                replayed = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)
