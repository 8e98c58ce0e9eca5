"""The judge's desk under load and attack (issue 25; docs/desk.md, "Limits" and "Security").

Each request's work runs in a worker process of the app's pool (engine/web/pool.py): a request
past its limit answers 504 and its worker is killed and replaced (the process is gone); a small
request is answered while a heavy one runs; a request past the memory limit answers 503. Host and
Origin are checked; every answer carries the security headers; malformed bodies (deep nesting,
long integers, duplicate keys, not UTF-8, not JSON) answer 400 with one line, never 500."""

from __future__ import annotations

import json
import os
import threading
import time
import warnings

import pytest

from conftest import EXAMPLES

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from engine.web.app import Settings, create_app
from engine.web.guard import CSP, allowed_hosts, check_json, BadBody
from engine.web.pool import Pool, PoolLimits, Worker

DESK = "http://127.0.0.1:8765"  # the address the default settings serve on
C1 = (EXAMPLES / "humility-opalescence.yaml").read_text(encoding="utf-8")


def gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


def wait_until(condition, seconds: float = 60.0) -> None:
    stop = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < stop, "the condition never held"
        time.sleep(0.02)


@pytest.fixture(scope="module")
def heavy(library):
    """A board whose grounding takes far longer than the limits below (3,000 permanents: its body
    is over the pool's small-request size, so it never takes the last free worker)."""
    from engine.app.generate import random_layers_board

    board = random_layers_board(7, library, permanents=3000)
    assert len(json.dumps({"board": board})) > PoolLimits(2, 1.0, None).small_body
    return board


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), raise_server_exceptions=False, base_url=DESK) as c:
        yield c


# --- worker processes ----------------------------------------------------------------------------

def test_a_request_past_its_limit_answers_504_and_its_worker_is_gone(library, heavy):
    settings = Settings(time_limit=1.0, margin=0.5, workers=2)
    with TestClient(create_app(settings, library), raise_server_exceptions=False, base_url=DESK) as c:
        pool = c.app.state.pool
        assert c.post("/api/layers", json={"board": C1}).status_code == 200
        before = set(pool.pids())
        assert len(before) == 2 and not pool.retired
        r = c.post("/api/layers", json={"board": heavy})
        assert r.status_code == 504, r.text
        assert r.json()["error"].startswith("board: the solver hit the time limit of 1 s, no verdict (fix: ")
        (killed,) = pool.retired
        assert killed in before and gone(killed)  # killed and reaped: nothing goes on solving
        assert killed not in pool.pids() and len(pool.pids()) == 2  # replaced
        r = c.post("/api/layers", json={"board": C1})  # the desk goes on, on the replacement too
        assert r.status_code == 200 and r.json()["objects"]["grizzly_bears"]["power"] == 1


def test_a_small_request_is_answered_while_a_heavy_one_runs(library, heavy):
    settings = Settings(time_limit=5.0, margin=60.0, workers=2)
    with TestClient(create_app(settings, library), raise_server_exceptions=False, base_url=DESK) as c:
        pool = c.app.state.pool
        answers = []
        worker = threading.Thread(target=lambda: answers.append(c.post("/api/layers", json={"board": heavy})))
        worker.start()
        wait_until(lambda: pool.busy)  # the heavy request holds a worker
        r = c.post("/api/layers", json={"board": C1, "object": "grizzly_bears"})
        running = worker.is_alive()
        assert r.status_code == 200 and r.json()["objects"]["grizzly_bears"]["power"] == 1
        assert running, "the heavy request ended before the small one was answered: make it heavier"
        worker.join()
        assert answers[0].status_code == 504


def test_the_last_free_worker_is_kept_for_small_requests():
    pool = Pool.make(PoolLimits(workers=2, time_limit=1.0, memory_limit=None), ())
    pool.started = True
    pool.free = [Worker(process=None, conn=None)]
    pool.busy = {101: True}  # one large request runs
    assert not pool._may_take(True) and pool._may_take(False)
    pool.busy = {101: False}  # one small request runs
    assert pool._may_take(True)
    single = Pool.make(PoolLimits(workers=1, time_limit=1.0, memory_limit=None), ())
    single.free = [Worker(process=None, conn=None)]
    assert single._may_take(True)  # with one worker, anything may take it


def test_a_request_past_the_memory_limit_answers_503_and_its_worker_is_replaced(library, heavy):
    settings = Settings(time_limit=30.0, margin=30.0, workers=2, memory_limit=250)
    with TestClient(create_app(settings, library), raise_server_exceptions=False, base_url=DESK) as c:
        pool = c.app.state.pool
        assert c.post("/api/layers", json={"board": C1}).status_code == 200
        before = set(pool.pids())
        r = c.post("/api/layers", json={"board": heavy})
        assert r.status_code == 503, r.text
        assert "memory limit of 250 MB" in r.json()["error"] and "(fix: " in r.json()["error"]
        (retired,) = pool.retired
        assert retired in before and gone(retired) and len(pool.pids()) == 2
        assert c.post("/api/layers", json={"board": C1}).status_code == 200


def test_the_default_is_more_than_one_worker():
    assert Settings().workers >= 2


# --- Host and Origin --------------------------------------------------------------------------------

@pytest.mark.parametrize("host", ["127.0.0.1:8765", "localhost:8765", "[::1]:8765", "LOCALHOST:8765"])
def test_the_desk_s_own_hosts_are_accepted(client, host):
    assert client.get("/api/cards/Humility", headers={"host": host}).status_code == 200


@pytest.mark.parametrize("host", ["evil.example:8765", "evil.example", "127.0.0.1:9999", "localhost", "",
                                  "127.0.0.1:8765:1", "[::1", "127.0.0.1.nip.io:8765"])
def test_other_hosts_answer_400(client, host):
    r = client.get("/", headers={"host": host})
    assert r.status_code == 400
    line = r.json()["error"]
    assert line.startswith("request: Host: ") and "not an address this desk serves on" in line
    assert "(fix: " in line and "--allow-host" in line
    r = client.post("/api/layers", json={"board": C1}, headers={"host": host})
    assert r.status_code == 400


@pytest.mark.parametrize("origin", ["http://127.0.0.1:8765", "http://localhost:8765"])
def test_the_desk_s_own_origin_is_accepted(client, origin):
    r = client.post("/api/layers", json={"board": C1}, headers={"origin": origin})
    assert r.status_code == 200


@pytest.mark.parametrize("origin", ["http://evil.example", "http://evil.example:8765", "null", "http://127.0.0.1:9999",
                                    "file://", "http://127.0.0.1:8765/path"])
def test_other_origins_answer_403(client, origin):
    r = client.post("/api/layers", json={"board": C1}, headers={"origin": origin})
    assert r.status_code == 403
    line = r.json()["error"]
    assert line.startswith("request: Origin: ") and "is not the desk's own page" in line and "(fix: " in line


def test_allow_host_adds_a_name(library):
    settings = Settings(allow_hosts=("desk.example.org", "other.example:9000"))
    with TestClient(create_app(settings, library), raise_server_exceptions=False, base_url=DESK) as c:
        assert c.get("/api/card-names", headers={"host": "desk.example.org"}).status_code == 200
        assert c.get("/api/card-names", headers={"host": "desk.example.org:443"}).status_code == 200
        assert c.get("/api/card-names", headers={"host": "other.example:9000"}).status_code == 200
        assert c.get("/api/card-names", headers={"host": "other.example:9001"}).status_code == 400
        r = c.post("/api/layers", json={"board": C1},
                   headers={"host": "desk.example.org", "origin": "https://desk.example.org"})
        assert r.status_code == 200


def test_serving_on_another_address_accepts_it_and_not_loopback_names():
    assert allowed_hosts("192.0.2.7", 8000) == {("192.0.2.7", 8000)}
    assert ("localhost", 8765) in allowed_hosts("0.0.0.0", 8765)
    assert allowed_hosts("::1", 8765) >= {("[::1]", 8765), ("localhost", 8765)}


def test_serve_takes_the_options(run, monkeypatch):
    import uvicorn

    from engine.web.app import CONFIG_ENV

    monkeypatch.setenv(CONFIG_ENV, "{}")
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: calls.append(kw))
    r = run("serve", "--workers", "3", "--memory-limit", "1500", "--allow-host", "desk.example.org",
            "--time-limit", "2", "--port", "9000")
    assert r.code == 0, r.err
    assert "workers" not in calls[-1]  # one server process; the work runs in the app's pool
    settings = Settings.from_env()
    assert (settings.workers, settings.memory_limit, settings.allow_hosts, settings.port) == (3, 1500, ("desk.example.org",), 9000)
    assert "3 worker(s), time limit 2 s, memory limit 1500 MB each" in r.err
    r = run("serve", "--allow-host", "bad host:x")
    assert r.code == 2 and "--allow-host: 'bad host:x' is not a host name or NAME:PORT (fix: " in r.err


# --- headers ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("method,path,body", [("GET", "/", None), ("GET", "/desk.js", None),
                                              ("GET", "/api/cards/Humility", None), ("GET", "/api/nothing", None),
                                              ("POST", "/api/layers", {"board": C1}),
                                              ("POST", "/api/layers", {"board": "players: [[["}),
                                              ("GET", "/api/openapi.json", None)])
def test_every_answer_sends_the_security_headers(client, method, path, body):
    r = client.request(method, path, json=body)
    assert r.headers["content-security-policy"] == CSP
    assert "frame-ancestors 'none'" in CSP and "default-src 'self'" in CSP and "unsafe-inline" not in CSP
    assert r.headers["x-frame-options"] == "DENY"
    assert r.headers["x-content-type-options"] == "nosniff"
    assert r.headers["referrer-policy"] == "no-referrer"


def test_refusals_send_the_headers_too(client):
    for r in (client.get("/", headers={"host": "evil.example"}),
              client.post("/api/layers", content=b"[" * 100, headers={"content-type": "application/json"}),
              client.post("/api/layers", json={"board": "x" * 1_100_000})):
        assert r.status_code in (400, 413) and r.headers["x-frame-options"] == "DENY", r.status_code


def test_the_page_has_no_inline_script_or_style():
    """The policy allows no inline script or style: the page must need none."""
    import re

    from engine.web.app import _assets

    page = _assets()["/"][0].decode("utf-8")
    assert re.findall(r"<script[^>]*>", page) == ['<script src="desk.js">']
    assert "<style" not in page and " style=" not in page and not re.search(r"\son[a-z]+=", page)


# --- malformed bodies ----------------------------------------------------------------------------------

MALFORMED = [
    ("deep", b'{"board": ' + b"[" * 5000 + b"]" * 5000 + b"}", "application/json", "request: nesting deeper than 64 levels"),
    ("deep maps", b'{"board": ' + b'{"a": ' * 100 + b"1" + b"}" * 100 + b"}", "application/json",
     "request: nesting deeper than 64 levels"),
    ("huge int", b'{"board": {"players": ["a"]}, "object": 1' + b"1" * 5000 + b"}", "application/json",
     "request: an integer of 5001 digits is out of range"),
    ("huge negative", b'{"board": {"players": ["a"], "life": {"a": -' + b"9" * 30 + b'}}}', "application/json",
     "request: an integer of 30 digits is out of range"),
    ("duplicate", b'{"board": {"players": ["a"]}, "board": {"players": ["b"]}}', "application/json",
     "request: the key 'board' is given twice in one map"),
    ("duplicate inside", b'{"board": {"players": ["a"], "players": ["b"]}}', "application/json",
     "request: the key 'players' is given twice in one map"),
    ("NaN", b'{"board": {"players": ["a"]}, "limit": NaN}', "application/json", "request: NaN is not a number JSON allows"),
    ("not utf-8", b'{"board": "\xff\xfe"}', "application/json", "request: the body is not UTF-8 text"),
    ("latin-1", '{"board": "players: [é]"}'.encode("latin-1"), "application/json", "request: the body is not UTF-8 text"),
    ("text/plain", b'{"board": "players: [a]"}', "text/plain", "request: content-type: is 'text/plain', not JSON"),
    ("form", b"board=x", "application/x-www-form-urlencoded", "request: content-type: is 'application/x-www-form"),
    ("no type", b'{"board": "players: [a]"}', "", "request: content-type: is 'none', not JSON"),
    ("empty", b"", "application/json", "request: the body is not valid JSON"),
    ("truncated", b'{"board": "players: [a]"', "application/json", "request: the body is not valid JSON"),
]


@pytest.mark.parametrize("name,body,ctype,says", MALFORMED, ids=[m[0] for m in MALFORMED])
def test_malformed_bodies_answer_one_line_400(client, name, body, ctype, says):
    for path in ("/api/layers", "/api/block", "/api/replace", "/api/board"):
        r = client.post(path, content=body, headers={"content-type": ctype} if ctype else {})
        assert r.status_code == 400, (path, r.text)
        (line,) = r.json().values()
        assert line.startswith(says) and "\n" not in line and "(fix: " in line, line


@pytest.mark.parametrize("field,text", [("board", "players: " + "[" * 3000 + "]" * 3000),
                                        ("board", '{"players": ' + "[" * 3000 + "]" * 3000 + "}"),
                                        ("board", "players: [a]\nlife: {a: 1" + "1" * 5000 + "}"),
                                        ("event", "event: " + "{a: " * 2000 + "1" + "}" * 2000)])
def test_files_given_as_text_nested_or_huge_answer_400(client, field, text):
    body = {"board": "players: [alice]", "event": "event: {type: draw, player: alice, amount: 1}"}
    body[field] = text
    r = client.post("/api/replace", json=body)
    assert r.status_code == 400, r.text
    (line,) = r.json().values()
    assert line.startswith(f"{field}: ") and "\n" not in line and "(fix: " in line, line


def test_check_json_takes_what_the_desk_sends():
    check_json(json.dumps({"board": C1, "limit": 10, "all": True, "x": [1.5, -3, None, {"a": "[{"}]}).encode(),
               "application/json; charset=utf-8")
    with pytest.raises(BadBody):
        check_json(b'{"a": "\\"", "a": 1}', "application/json")  # an escaped quote does not end the string
