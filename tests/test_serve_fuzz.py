"""Property-based fuzzing of the judge's desk API from its OpenAPI description (schemathesis):
requests made from the schema (boards, declarations, events as their models describe them, and
strings), valid and not, never get a 5xx. Against the ASGI app in-process, no network."""

from __future__ import annotations

import warnings

from hypothesis import HealthCheck, settings

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    import schemathesis
    from schemathesis.checks import not_a_server_error

from engine.web.app import Settings, create_app

# a short time limit: a generated board the solver would chew on answers 504 (not a 5xx we mind:
# checked below) rather than slowing the run
APP = create_app(Settings(time_limit=2.0, allow_hosts=("testserver",)))  # the in-process clients' Host
SCHEMA = schemathesis.openapi.from_asgi("/api/openapi.json", APP)


@SCHEMA.parametrize()
@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
def test_no_server_error(case):
    response = case.call()
    if response.status_code == 504:  # the solver's own time limit: a clear answer, never a hang
        assert "hit the time limit" in response.json()["error"]
        return
    case.validate_response(response, checks=[not_a_server_error])
    assert response.status_code in (200, 400, 404, 405, 413), response.text
    if response.status_code >= 400:
        (key,) = response.json()
        assert key == "error" and "\n" not in response.json()["error"]


def test_the_description_names_every_endpoint():
    paths = SCHEMA.raw_schema["paths"]
    for endpoint in ("/api/layers", "/api/attack", "/api/block", "/api/replace", "/api/cards", "/api/cards/{name}",
                     "/api/board"):
        assert endpoint in paths
    layers = paths["/api/layers"]["post"]
    assert set(layers["responses"]) == {"200", "400", "413", "503", "504"}  # 503: out of memory, or no worker free (issue 25)
    body = SCHEMA.raw_schema["components"]["schemas"]["LayersRequest"]
    assert body["required"] == ["board"] and body["additionalProperties"] is False
    # the board is documented by the board file's own models (mtgjudge schema board), or text
    kinds = body["properties"]["board"]["anyOf"]
    assert {"$ref": "#/components/schemas/BoardFile"} in kinds and {"type": "string"} in kinds


def test_the_examples_of_the_description_are_answered():
    """The request examples (engine/web/examples.py) with the answers docs/desk.md gives."""
    import warnings

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from fastapi.testclient import TestClient

    from engine.web.examples import EXAMPLES

    c = TestClient(APP)
    answers = {path: {name: c.post(path, json=ex["value"]) for name, ex in examples.items()}
               for path, examples in EXAMPLES.items()}
    assert all(r.status_code == 200 for per in answers.values() for r in per.values())
    layers = answers["/api/layers"]["c1"].json()["objects"]
    assert (layers["humility"]["power"], layers["grizzly_bears"]["power"]) == (4, 1)
    assert answers["/api/attack"]["unpaid"].json()["violations"][0]["rule"] == "508.1g"
    assert answers["/api/attack"]["paid"].json()["legal"] is True
    assert answers["/api/block"]["menace"].json()["violations"][0]["rule"] == "702.111b"
    assert answers["/api/block"]["none"].json()["better"] == {"block": {"bears": "brute", "giant": "brute"}}
    assert answers["/api/block"]["all"].json()["count"] == 1
    replace = answers["/api/replace"]["c9"].json()
    assert sorted(o["events"][0]["amount"] for o in replace["outcomes"]) == [3, 4]
    # every example is in the description, where the fuzzing starts from them
    described = SCHEMA.raw_schema["paths"]["/api/block"]["post"]["requestBody"]["content"]["application/json"]
    assert set(described["examples"]) == {"menace", "none", "all"}
