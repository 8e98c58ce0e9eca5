"""`mtgjudge serve`: the JSON API (docs/desk.md). Each endpoint answers the document the command
prints with --json, byte for byte; bad input answers 400 with the command's one line, the request
field where the command names the file; never a 500. The time limit, the body limit, loopback."""

from __future__ import annotations

import json
import warnings

import pytest
import yaml

from conftest import DATA, EXAMPLES

with warnings.catch_warnings():
    warnings.simplefilter("ignore")  # starlette's notice about httpx, the client its TestClient is built on
    from fastapi.testclient import TestClient

from engine.web.app import Settings, create_app

DESK = "http://127.0.0.1:8765"  # the address the default settings serve on (their Host is checked)

C1 = EXAMPLES / "humility-opalescence.yaml"
C6 = EXAMPLES / "c6-life-and-limb-prismatic-omen-omen-older.yaml"
E6 = EXAMPLES / "combat" / "e6-menace-and-blocks-if-able.yaml"
C8 = EXAMPLES / "combat" / "c8-propaganda.yaml"
THREE = EXAMPLES / "combat" / "three-attackers-and-a-planeswalker.yaml"
C9 = EXAMPLES / "replace" / "c9-doubling-season-hardened-scales.yaml"
C9_EVENT = EXAMPLES / "replace" / "c9-event.yaml"
C11 = EXAMPLES / "replace" / "c11-torbran-fiery-emancipation.yaml"
C11_EVENT = EXAMPLES / "replace" / "c11-event.yaml"
BAD_BOARDS = yaml.safe_load((DATA / "bad_boards.yaml").read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def client():
    with TestClient(create_app(), raise_server_exceptions=False, base_url=DESK) as c:
        yield c


def text(path) -> str:
    return path.read_text(encoding="utf-8")


def data(path):
    return yaml.safe_load(text(path))


def cli_line(r) -> str:
    """The CLI's error line without its 'mtgjudge: error: FILE: ' prefix."""
    (line,) = r.err.strip().splitlines()
    return line


# --- the same documents as the CLI ---------------------------------------------------------------

def test_layers_humility_opalescence_is_the_cli_document(client, run):
    r = client.post("/api/layers", json={"board": text(C1)})
    assert r.status_code == 200 and r.headers["content-type"].startswith("application/json")
    got = r.json()["objects"]
    assert (got["grizzly_bears"]["power"], got["grizzly_bears"]["toughness"]) == (1, 1)  # Humility: 1/1
    assert (got["humility"]["power"], got["humility"]["toughness"]) == (4, 4)  # Opalescence: 4/4, later
    assert got["humility"]["abilities"] == []
    assert r.content == run("layers", C1, "--json").out.encode("utf-8")
    # the board as a JSON object gives the same bytes as its YAML text
    assert client.post("/api/layers", json={"board": data(C1)}).content == r.content


def test_layers_one_object_and_a_loop(client, run):
    r = client.post("/api/layers", json={"board": text(C1), "object": "grizzly_bears"})
    assert r.status_code == 200 and list(r.json()["objects"]) == ["grizzly_bears"]
    assert r.content == run("layers", C1, "--object", "grizzly_bears", "--json").out.encode()
    r = client.post("/api/layers", json={"board": text(C6)})
    assert r.json()["loops"] == [["life_and_limb#1", "prismatic_omen#1"]]
    assert r.content == run("layers", C6, "--json").out.encode()


def test_an_illegal_block_names_its_rule(client, run, tmp_path):
    body = {"board": text(E6), "declaration": {"block": {"bears": "brute"}}}
    r = client.post("/api/block", json=body)
    assert r.status_code == 200
    got = r.json()
    assert got["legal"] is False and [v["rule"] for v in got["violations"]] == ["702.111b"]
    assert "can't be blocked except by two or more creatures" in got["violations"][0]["message"]
    decl = tmp_path / "d.yaml"
    decl.write_text("block: {bears: brute}\n", encoding="utf-8")
    assert r.content == run("block", E6, decl, "--json").out.encode()
    # the declaration as YAML text: the same answer
    assert client.post("/api/block", json={**body, "declaration": "block: {bears: brute}\n"}).content == r.content


def test_a_block_missing_a_requirement_gets_the_better_declaration(client):
    got = client.post("/api/block", json={"board": text(E6), "declaration": {"block": {}}}).json()
    assert got["legal"] is False and got["violations"][0]["rule"] == "509.1c"
    assert got["better"] == {"block": {"bears": "brute", "giant": "brute"}}
    legal = client.post("/api/block", json={"board": text(E6), "declaration": got["better"]}).json()
    assert legal["legal"] is True and legal["obeyed"] == legal["max_obeyed"] == 2


def test_attack_paying_propaganda(client, run, tmp_path):
    paid = client.post("/api/attack", json={"board": text(C8), "declaration": {"attack": {"juggernaut": "bob"},
                                                                                "pay": ["juggernaut"]}}).json()
    assert paid["legal"] is True
    unpaid = client.post("/api/attack", json={"board": text(C8), "declaration": {"attack": {"juggernaut": "bob"}}})
    assert unpaid.json()["violations"][0]["rule"] == "508.1g"
    decl = tmp_path / "d.yaml"
    decl.write_text("attack: {juggernaut: bob}\n", encoding="utf-8")
    assert unpaid.content == run("attack", C8, decl, "--json").out.encode()


def test_best_and_all_are_the_cli_documents(client, run):
    r = client.post("/api/block", json={"board": text(E6)})
    assert r.json() == {"max_obeyed": 2, "example": {"block": {"bears": "brute", "giant": "brute"}}, "not_executed": []}
    assert r.content == run("block", E6, "--json").out.encode()
    r = client.post("/api/attack", json={"board": text(THREE), "all": True, "limit": 5})
    assert (r.json()["count"], r.json()["complete"]) == (5, False)
    assert r.content == run("attack", THREE, "--all", "--limit", "5", "--json").out.encode()
    r = client.post("/api/block", json={"board": text(E6), "all": True})
    assert r.json()["count"] == 1 and r.content == run("block", E6, "--all", "--json").out.encode()


def test_replace_is_the_cli_document(client, run):
    r = client.post("/api/replace", json={"board": text(C9), "event": text(C9_EVENT)})
    assert r.status_code == 200
    got = r.json()
    assert sorted(o["events"][0]["amount"] for o in got["outcomes"]) == [3, 4]  # C9: 3 or 4 counters
    assert got["chooser"] == "alice"
    assert r.content == run("replace", C9, C9_EVENT, "--json").out.encode()
    r = client.post("/api/replace", json={"board": data(C11), "event": data(C11_EVENT), "limit": 1})
    assert r.json()["outcome_count"] == 2 and len(r.json()["outcomes"]) == 1
    assert r.content == run("replace", C11, C11_EVENT, "--limit", "1", "--json").out.encode()


def test_cards_are_the_cli_documents(client, run):
    r = client.get("/api/cards")
    assert r.status_code == 200 and r.content == run("cards", "--json").out.encode()
    r = client.get("/api/cards/grizzly bears")
    assert r.json()["power"] == 2 and r.content == run("cards", "grizzly bears", "--json").out.encode()
    r = client.get("/api/cards/Grizly Bears")
    assert r.status_code == 404
    # the closest names of the whole card database, as `mtgjudge cards NAME` gives them (issue 20)
    assert r.json() == {"error": "name: unknown card 'Grizly Bears' (fix: did you mean 'Grizzly Bears' or 'Glory Bearers' "
                                 "or 'Grizzly Fate'?)"}
    names = client.get("/api/card-names").json()
    assert {"name": "Humility", "types": ["Enchantment"], "subtypes": [], "token": False, "power": None,
            "toughness": None} in names
    assert len(names) == len(json.loads(run("cards", "--json").out))


def test_board_gives_every_id_and_timestamp(client):
    r = client.post("/api/board", json={"board": "players: [alice, bob]\nbattlefield:\n"
                                                  "  - {card: Grizzly Bears, controller: bob}\n"
                                                  "  - {card: Grizzly Bears, controller: bob}\n"})
    assert r.status_code == 200
    got = r.json()
    assert [(p["id"], p["timestamp"]) for p in got["battlefield"]] == [("grizzly_bears", 1), ("grizzly_bears_2", 2)]
    # what it gives back is a board: loading it again gives the same
    assert client.post("/api/board", json={"board": got}).json() == got


def test_same_request_same_bytes(client):
    body = {"board": text(THREE), "all": True}
    assert client.post("/api/attack", json=body).content == client.post("/api/attack", json=body).content


# --- bad input: the CLI's line, the request field for the file, never a 500 ----------------------

@pytest.mark.parametrize("case", BAD_BOARDS, ids=[c["name"] for c in BAD_BOARDS])
def test_bad_board_is_the_cli_line(case, client, run, tmp_path):
    if case.get("ext") == ".json":  # the body is the JSON: a syntax error in it is one in the request
        r = client.post("/api/layers", content='{"board": ' + case["board"] + "}",
                        headers={"content-type": "application/json"})
        if "JSON syntax error" in case["says"]:
            assert r.status_code == 400 and r.json()["error"].startswith("request: the body is not valid JSON")
        else:  # valid JSON, a bad board: the CLI's field and words
            assert r.status_code == 400, r.text
            assert r.json()["error"].startswith(f"board: {case['field']}: ") and case["says"] in r.json()["error"]
        return
    path = tmp_path / "board.yaml"
    path.write_text(case["board"], encoding="utf-8")
    expected = cli_line(run("layers", path, "--json"))
    assert expected.startswith(f"mtgjudge: error: {path}: ")
    for endpoint in ("/api/board", "/api/layers", "/api/attack", "/api/block"):
        r = client.post(endpoint, json={"board": case["board"]})
        assert r.status_code == 400, (endpoint, r.text)
        assert r.json() == {"error": "board: " + expected[len(f"mtgjudge: error: {path}: "):]}
        assert case["field"] in r.json()["error"] and case["says"] in r.json()["error"]


@pytest.mark.parametrize("side, decl, field", [
    ("block", "block: {nobody: brute}\n", "block.nobody"),
    ("block", "block: {bears: nobody}\n", "block.bears"),
    ("block", "attack: {bears: brute}\n", "attack"),
    ("block", "block: {bears: brute}\npay: [ghost]\n", "pay"),
    ("block", "block: [bears]\n", "block"),
    ("block", "blocks: {bears: brute}\n", "blocks"),
    ("block", "block: {bears: brute\n", "DECLARATION"),
    ("block", "block: {bears: []}\n", "block.bears"),
    ("block", "block: {bears: brute}\nbands: [[brute]]\n", "bands"),
    ("attack", "attack: {brute: bob}\nbands: [[nobody]]\n", "bands[0]"),
    ("attack", "attack: {brute: bob}\nbands: [brute]\n", "bands"),
    ("attack", "attack: {brute: bob}\nbands: [[]]\n", "bands"),
])
def test_bad_declaration_is_the_cli_line(side, decl, field, client, run, tmp_path):
    path = tmp_path / "decl.yaml"
    path.write_text(decl, encoding="utf-8")
    line = cli_line(run(side, E6, path))
    rest = line[len(f"mtgjudge: error: {path}: "):]
    r = client.post(f"/api/{side}", json={"board": text(E6), "declaration": decl})
    assert r.status_code == 400
    if field == "DECLARATION":  # the CLI names its argument; the API, the request field
        assert rest.startswith("DECLARATION: ") and r.json()["error"] == "declaration: " + rest[len("DECLARATION: "):]
    else:
        assert r.json()["error"] == "declaration: " + rest and field in rest
        # the same as a JSON value
        r = client.post(f"/api/{side}", json={"board": text(E6), "declaration": yaml.safe_load(decl)})
        assert r.json()["error"] == "declaration: " + rest


@pytest.mark.parametrize("event, field", [
    ("event: {type: damage, source: ghost, target: bob, amount: 1}\n", "event.source"),
    ("event: {type: damage, source: raging_goblin, target: bob}\n", "event.amount"),
    ("events: []\n", "events"),
    ("event: {type: damage, source: raging_goblin, target: bob, amount: 1\n", "line"),
    ("event: {type: enter, card: No Such Card, controller: alice}\n", "event.card"),
    ("event: {type: explode}\n", "event.type"),
])
def test_bad_event_is_the_cli_line(event, field, client, run, tmp_path):
    path = tmp_path / "ev.yaml"
    path.write_text(event, encoding="utf-8")
    line = cli_line(run("replace", C11, path))
    r = client.post("/api/replace", json={"board": text(C11), "event": event})
    assert r.status_code == 400
    assert r.json()["error"] == "event: " + line[len(f"mtgjudge: error: {path}: "):] and field in r.json()["error"]


def test_the_cli_checks_of_flags_are_the_api_checks_of_fields(client, run):
    r = client.post("/api/layers", json={"board": text(C1), "object": "nobody"})
    assert r.status_code == 400 and r.json()["error"].startswith("object: no permanent has id 'nobody' (fix: ")
    assert cli_line(run("layers", C1, "--object", "nobody")).startswith("mtgjudge: error: --object: no permanent has id 'nobody'")
    r = client.post("/api/block", json={"board": text(E6), "declaration": {"block": {}}, "all": True})
    assert r.status_code == 400 and r.json()["error"].startswith("all: lists every legal declaration")
    r = client.post("/api/block", json={"board": text(C8)})
    expected = cli_line(run("block", C8))
    assert r.status_code == 400
    assert r.json()["error"] == "board: " + expected[len(f"mtgjudge: error: {C8}: "):]
    assert "combat.attackers: no creature is attacking" in r.json()["error"]


@pytest.mark.parametrize("endpoint, body, says", [
    ("/api/layers", {}, "board: is required"),
    ("/api/layers", {"board": "players: [a]", "objcet": "x"}, "objcet: unknown field (fix: use only 'board', 'object')"),
    ("/api/attack", {"board": "players: [a]", "limit": 0}, "limit: input should be greater than or equal to 1"),
    ("/api/attack", {"board": "players: [a]", "limit": "many"}, "limit: input should be a valid integer"),
    ("/api/block", {"board": "players: [a]", "all": "perhaps"}, "all: input should be a valid boolean"),
    ("/api/replace", {"board": "players: [a]"}, "event: is required"),
    ("/api/replace", {"board": "players: [a]", "event": {"event": {"type": "draw", "player": "a", "amount": 1}},
                      "limit": 5000}, "limit: input should be less than or equal to 1000"),
    ("/api/layers", [], "request: the body must be a JSON object"),
    ("/api/layers", "players: [a]", "request: the body must be a JSON object"),
    ("/api/layers", {"board": "/etc/passwd"}, "board: a board file must be a map"),
    ("/api/layers", {"board": 42}, "board: a board file must be a map"),
    ("/api/layers", {"board": None}, "board: a board file must be a map"),
])
def test_bad_requests_are_one_line_400(client, endpoint, body, says):
    r = client.post(endpoint, json=body)
    assert r.status_code == 400, r.text
    (key,) = r.json()
    assert key == "error" and says in r.json()["error"] and "\n" not in r.json()["error"]
    assert "(fix: " in r.json()["error"]


def test_bodies_that_are_not_json(client):
    r = client.post("/api/layers", content=b'{"board": "players: [a]",}', headers={"content-type": "application/json"})
    assert r.status_code == 400 and r.json()["error"].startswith("request: the body is not valid JSON")
    r = client.post("/api/layers", content=b"\xff\xfe", headers={"content-type": "application/json"})
    assert r.status_code == 400
    r = client.post("/api/layers", content=b"board=x", headers={"content-type": "application/x-www-form-urlencoded"})
    assert r.status_code == 400


def test_unknown_paths_and_methods(client):
    assert client.get("/api/nothing").status_code == 404
    assert client.get("/api/layers").status_code == 405
    assert client.get("/api/cards/..%2F..%2Fetc%2Fpasswd").status_code == 404
    assert client.get("/etc/passwd").status_code == 404
    assert client.get("/docs").status_code == 404  # no page that loads scripts from elsewhere


# --- limits ---------------------------------------------------------------------------------------

def test_a_body_over_the_limit_answers_413(client):
    big = {"board": "players: [a]\n" + "# padding\n" * 120_000}
    r = client.post("/api/layers", json=big)
    assert r.status_code == 413 and "larger than the limit of 1000000 bytes" in r.json()["error"]

    def chunks():  # no Content-Length: counted as it arrives
        yield b'{"board": "'
        for _ in range(200):
            yield b"x" * 10_000
        yield b'"}'

    r = client.post("/api/layers", content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413


def test_a_solve_that_hits_the_time_limit_answers_504(library):
    from engine.app.generate import random_layers_board

    board = random_layers_board(7, library, permanents=50)
    with TestClient(create_app(Settings(time_limit=0.01), library), base_url=DESK) as c:
        r = c.post("/api/layers", json={"board": board})
        assert r.status_code == 504
        assert r.json()["error"].startswith("board: the solver hit the time limit of 0.01 s, no verdict (fix: ")
        assert c.get("/api/cards/Humility").status_code == 200  # still serving


# a request whose worker does not come back by the limit: tests/test_desk_limits.py (the worker is
# killed and replaced, the desk goes on)


def test_serve_listens_on_loopback_unless_told(run, monkeypatch):
    import uvicorn

    from engine.web.app import CONFIG_ENV

    monkeypatch.setenv(CONFIG_ENV, "{}")  # the command sets it for its workers: restored after the test
    calls = []
    monkeypatch.setattr(uvicorn, "run", lambda *a, **kw: calls.append(kw))
    r = run("serve")
    assert r.code == 0 and calls[-1]["host"] == "127.0.0.1" and calls[-1]["port"] == 8765
    assert "warning" not in r.err and "http://127.0.0.1:8765/" in r.err
    r = run("serve", "--host", "0.0.0.0", "--port", "9000", "--workers", "2", "--time-limit", "3")
    assert calls[-1]["host"] == "0.0.0.0" and Settings.from_env().workers == 2
    assert "mtgjudge: warning: listening on 0.0.0.0" in r.err
    assert Settings.from_env().time_limit == 3.0


def test_serve_with_a_bad_cards_folder_is_bad_input(run, tmp_path):
    r = run("serve", "--cards", tmp_path / "missing")
    assert r.code == 2 and "--cards: is not a folder" in r.err


def test_the_examples_of_docs_desk_md_are_the_answers(client):
    import re

    from conftest import ROOT

    doc = (ROOT / "docs" / "desk.md").read_text(encoding="utf-8")
    block = r"```json\n((?:(?!```).)*)```"
    found = re.findall(r"<!-- desk-example (GET|POST) (\S+) (\d+) -->\n(?:" + block + r"\n\nanswers \d+:\n\n)?" + block,
                       doc, re.S)
    assert len(found) >= 7
    for method, path, status, request, answer in found:
        r = client.request(method, path.replace("%20", " "), json=json.loads(request) if request else None)
        assert (r.status_code, r.text) == (int(status), answer), path
