"""mtgjudge crosscheck survives anything per line (issue 25, docs/crosscheck.md): claims validated by shape before
any comparison (the claims that raised a TypeError in the comparison and killed the run: malformed lines now, naming
the field), each line's JSON read refusing duplicate keys, huge numbers and deep nesting, a case whose evaluation
raises reported as that line's error, a worker process that dies replaced and its cases checked again one by one,
and a file of a few hundred lines with a bad line every tenth line (benchmarks/crosscheck_hostile.py) reported
line by line, the same with --jobs 1 and --jobs 2, the summary always there."""

from __future__ import annotations

import json
import sys

import pytest

from conftest import ROOT
from engine.app.crosscheck import checker as checker_module
from engine.app.crosscheck.cases import case_json_schema
from engine.app.crosscheck.checker import Checker
from engine.app.crosscheck.workers import WORKER_DIED

sys.path.insert(0, str(ROOT / "benchmarks"))
from crosscheck_hostile import BEARS, CRASH_CLAIM, E6, expected_good, hostile_claims  # noqa: E402

BLOCK = {"id": "e6", "query": "block", "board": E6, "declaration": {"block": {"bears": "brute"}}}
REPLACE = {"id": "c9", "query": "replace", "board_file": "examples/replace/c9-doubling-season-hardened-scales.yaml",
           "event": {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1}}


@pytest.fixture(scope="module")
def checker():
    return Checker()


def _lines(text: str) -> list[dict]:
    return [json.loads(x) for x in text.splitlines()]


def _raise_on_the_crash_claim(monkeypatch):
    """A bug, made for the test: the layers comparison raises on one claim (in this process and, forked from it,
    in the worker processes)."""
    real = checker_module.compare

    def compare(query, ours, claim, extra):
        if claim == CRASH_CLAIM:
            raise TypeError("'<' not supported between instances of 'str' and 'int'\nsecond line")
        return real(query, ours, claim, extra)

    monkeypatch.setattr(checker_module, "compare", compare)


# --- claims of the wrong shape: the line's malformed result, naming the field -----------------------------------

WRONG_SHAPES = [
    # the three of the report, each a TypeError or AttributeError in the comparison before
    ({"id": "l", "query": "layers", "board": BEARS, "claim": {"loops": [[1, "a"]]}},
     "claim.loops[0][0]: input should be a valid string, not 1"),
    ({"id": "l", "query": "layers", "board": BEARS, "claim": {"order": [{"effect": ["a"], "layer": "7c"}]}},
     "claim.order[0].effect: input should be a valid string, not [\"a\"]"),
    ({**BLOCK, "claim": {"triggers": 5}}, "claim.triggers: input should be a valid list, not 5"),
    ({**BLOCK, "claim": {"violations": [{"rule": "702.111b", "objects": "brute"}]}},
     "claim.violations[0].objects: input should be a valid list, not \"brute\""),
    ({**REPLACE, "claim": {"applicable": [{"effect": ["a"]}]}}, "claim.applicable[0].effect: input should be a valid string"),
    ({**REPLACE, "claim": {"outcomes": [{"events": 5}]}}, "claim.outcomes[0].events: input should be a valid list"),
    ({**REPLACE, "claim": {"outcomes": [{"events": [], "triggers": 5}]}}, "claim.outcomes[0].triggers: input should be"),
    ({**REPLACE, "claim": {"outcomes": [{"orders": []}]}}, "claim.outcomes[0].events: field required"),
    # strict types: no string taken as a number, no number as a boolean
    ({"id": "l", "query": "layers", "board": BEARS, "claim": {"objects": {"bears": {"power": "2"}}}},
     "claim.objects.bears.power: input should be a valid integer, not \"2\""),
    ({**BLOCK, "claim": {"legal": 1}}, "claim.legal: input should be a valid boolean, not 1"),
    ({**BLOCK, "claim": {"obeyed": True}}, "claim.obeyed: input should be a valid integer, not true"),
    # unknown keys, at every level, with the known ones named
    ({"id": "l", "query": "layers", "board": BEARS, "claim": {"objects": {"bears": {"powr": 2}}}},
     "claim.objects.bears.powr: not a field of this record of our answer (use: name, controller, owner, types"),
    ({**BLOCK, "claim": {"violations": [{"rule": "702.111b", "why": "menace"}]}},
     "claim.violations[0].why: not a field of this record of our answer (use: rule, code, objects, message)"),
    ({**BLOCK, "claim": {"better": {"block": {"bears": "brute"}, "paid": []}}},
     "claim.better.paid: not a field of this record of our answer (use: attack, block, pay, bands)"),
    ({**REPLACE, "claim": {"outcomes": [{"events": [], "order": []}]}},
     "claim.outcomes[0].order: not a field of this record of our answer (use: events, orders, order_count, triggers)"),
    ({**BLOCK, "claim": {"example": None}}, "claim.example: not a field of our block answer (use: legal, obeyed,"),
]


@pytest.mark.parametrize("case, message", WRONG_SHAPES, ids=[f"{c['query']}:{m.split(':')[0]}" for c, m in WRONG_SHAPES])
def test_a_claim_of_the_wrong_shape_is_its_lines_malformed_result(checker, monkeypatch, case, message):
    monkeypatch.chdir(ROOT)
    record = checker.evaluate(7, json.dumps(case), "")
    assert record == {"id": case["id"], "line": 7, "malformed": record["malformed"]}
    assert record["malformed"].startswith(message), record["malformed"]


def test_the_case_schema_says_the_claims_shape(checker, monkeypatch):
    """`mtgjudge schema case` holds the claim models the checker validates with: our own answers pass it, each
    claim of the wrong shape above fails it."""
    jsonschema = pytest.importorskip("jsonschema")
    monkeypatch.chdir(ROOT)
    schema = case_json_schema()
    best = {k: v for k, v in BLOCK.items() if k != "declaration"}
    layers = {"id": "l", "query": "layers", "board": BEARS}
    for case in (layers, BLOCK, best, REPLACE):
        jsonschema.validate({**case, "claim": checker.ours(case)}, schema)
    for case, message in WRONG_SHAPES:
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(case, schema)
        assert "malformed" in checker.evaluate(1, json.dumps(case), "")
    # a claim of the best declaration is not a verdict's, and the other way round
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**best, "claim": {"legal": True}}, schema)
    jsonschema.validate({**BLOCK, "claim": {"legal": True}}, schema)


# --- each line's JSON -------------------------------------------------------------------------------------------

@pytest.mark.parametrize("text, message", [
    ('{"id": "a", "query": "layers", "id": "b", "board": {}, "claim": {}}',
     "not JSON mtgjudge reads: duplicate key 'id'"),
    ('{"id": "a", "claim": {"loops": ' + "[" * 100_000 + "]" * 100_000 + "}}",
     "not JSON mtgjudge reads: nested more than 100 levels deep"),
    ('{"id": "a", "claim": {"loops": ' + "[" * 150 + "]" * 150 + "}}",
     "not JSON mtgjudge reads: nested more than 100 levels deep"),
    ('{"id": "a", "seed": ' + "9" * 5000 + "}", "not JSON mtgjudge reads: a number of 5000 digits (at most 30)"),
    ('{"id": "a", "seed": -' + "9" * 31 + "}", "not JSON mtgjudge reads: a number of 31 digits (at most 30)"),
    ('{"id": "a", "seed": NaN}', "not JSON mtgjudge reads: NaN is not a JSON number"),
    ('{"id": "a", "seed": -Infinity}', "not JSON mtgjudge reads: -Infinity is not a JSON number"),
    ('{"id": "a"', "not JSON: Expecting"),
    ("[1, 2]", "(top level): input should be a valid dictionary"),
])
def test_a_hostile_line_is_its_lines_malformed_result(checker, text, message):
    record = checker.evaluate(3, text, "")
    assert record["line"] == 3 and record["malformed"].startswith(message), record
    assert "\n" not in record["malformed"]


# --- a case whose evaluation raises: that line's error ----------------------------------------------------------

def test_a_case_that_raises_is_its_lines_error_and_the_run_goes_on(run, tmp_path, monkeypatch):
    _raise_on_the_crash_claim(monkeypatch)
    good = {"id": "g", "query": "layers", "board": BEARS, "claim": {"objects": {"bears": {"power": 2}}}}
    lines = [good, {"id": "boom", "query": "layers", "board": BEARS, "claim": CRASH_CLAIM}, {**good, "id": "g2"}]
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    for jobs in ("1", "2"):
        r = run("crosscheck", str(claims), "--jobs", jobs, "--json")
        assert r.code == 1, r.out  # nothing disagrees, but a case could not be checked: a bug
        records = _lines(r.out)
        assert records[1] == {"id": "boom", "query": "layers", "line": 2,
                              "error": "TypeError: '<' not supported between instances of 'str' and 'int' second line"}
        assert [x.get("agree") for x in records[:3]] == [True, None, True]
        assert records[-1]["summary"] | {"by_query": None, "not_executed": None} == {
            "cases": 2, "agree": 2, "disagree": 0, "malformed": 0, "error": 1, "timeout": 0, "not_executed": None,
            "by_query": None, "by_rule": {}}
    text = run("crosscheck", str(claims), "--jobs", "1")
    assert text.code == 1
    assert ("line 2 (case boom): error, not checked (a bug in mtgjudge: please report it): TypeError: '<' not "
            "supported between instances of 'str' and 'int' second line") in text.out.splitlines()
    assert "cases: 2, agree: 2, disagree: 0, malformed lines: 0, errors: 1" in text.out


# --- a worker that dies ---------------------------------------------------------------------------------------

def _bears_file(tmp_path, count: int):
    lines = []
    for n in range(1, count + 1):
        claim = {"objects": {"bears": {"power": 3 if n % 7 == 0 else 2}}}
        lines.append({"id": f"c{n}", "query": "layers", "board": BEARS, "claim": claim})
    claims = tmp_path / "claims.jsonl"
    claims.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return claims


def test_a_worker_that_dies_is_replaced_and_only_its_case_is_an_error(run, tmp_path, monkeypatch):
    """The test hook of engine/app/crosscheck/workers.py: a worker process exits (os._exit) on the lines named. The
    chunks in flight with it are checked again; the chunk being read, case by case in a fresh worker: only the
    cases that kill their worker are errors, every other line has its result, and the summary comes."""
    claims = _bears_file(tmp_path, 70)
    one = run("crosscheck", str(claims), "--jobs", "1", "--json")
    assert one.code == 1
    monkeypatch.setenv("MTGJUDGE_TEST_WORKER_EXIT_LINES", "20,21,50")
    two = run("crosscheck", str(claims), "--jobs", "2", "--json")
    assert two.code == 1
    a, b = _lines(one.out), _lines(two.out)
    assert len(b) == len(a) == 71
    for n in range(1, 71):
        if n in (20, 21, 50):
            assert b[n - 1] == {"id": f"c{n}", "query": "layers", "line": n, "error": WORKER_DIED}
        else:
            assert b[n - 1] == a[n - 1], n
    expected = dict(a[-1]["summary"])
    dead_disagree = sum(1 for n in (20, 21, 50) if n % 7 == 0)
    expected.update(cases=67, agree=expected["agree"] - 3 + dead_disagree, disagree=expected["disagree"] - dead_disagree,
                    error=3, by_query=b[-1]["summary"]["by_query"], by_rule=b[-1]["summary"]["by_rule"])
    assert b[-1]["summary"] == expected
    # the same line in the command's own process (--jobs 1) is read as any other: the hook is the workers' only
    assert run("crosscheck", str(claims), "--jobs", "1", "--json").out == one.out


# --- the acceptance, in small: a bad line every tenth line ------------------------------------------------------

def test_a_bad_line_every_tenth_line_same_summary_with_one_and_two_jobs(run, tmp_path, monkeypatch):
    _raise_on_the_crash_claim(monkeypatch)
    lines = 330
    data, bad = hostile_claims(lines)
    claims = tmp_path / "hostile.jsonl"
    claims.write_bytes(data)
    one = run("crosscheck", str(claims), "--jobs", "1", "--json")
    two = run("crosscheck", str(claims), "--jobs", "2", "--json")
    assert one.code == two.code == 1 and one.err == two.err == ""
    assert one.out == two.out
    records = _lines(one.out)
    assert [x["line"] for x in records[:-1]] == list(range(1, lines + 1))  # every line reported, in order
    for x in records[:-1]:
        if x["line"] in bad:
            kind = bad[x["line"]]
            assert ("error" if kind == "crash" else "malformed") in x, (kind, x)
        else:
            assert "agree" in x and x["differences"] == [] if x["id"].startswith(("bears", "anthem")) else not x["agree"]
    agree, disagree = expected_good(lines)
    crash = sum(1 for k in bad.values() if k == "crash")
    summary = records[-1]["summary"]
    assert (summary["cases"], summary["agree"], summary["disagree"], summary["malformed"], summary["error"]) == (
        agree + disagree, agree, disagree, len(bad) - crash, crash)
    assert crash == 3 and len(bad) == 33
    text = run("crosscheck", str(claims), "--jobs", "2")
    assert text.out == run("crosscheck", str(claims), "--jobs", "1").out
    assert (f"cases: {agree + disagree}, agree: {agree}, disagree: {disagree}, malformed lines: {len(bad) - crash}, "
            f"errors: {crash}") in text.out


def test_on_dask_a_worker_that_dies_is_only_its_cases_error(run, tmp_path, monkeypatch):
    """On a Dask cluster, a chunk whose task kills its worker (KilledWorker) is checked again case by case, each
    case a task of its own: only the case that kills its worker is an error, the others have their results."""
    pytest.importorskip("distributed")
    import dask
    from distributed import LocalCluster

    claims = _bears_file(tmp_path, 40)
    local = _lines(run("crosscheck", str(claims), "--jobs", "1", "--json").out)
    monkeypatch.setenv("MTGJUDGE_TEST_WORKER_EXIT_LINES", "20")
    with dask.config.set({"distributed.scheduler.allowed-failures": 0}):
        with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                          processes=True) as cluster:
            r = run("crosscheck", str(claims), "--backend", "dask", "--scheduler", cluster.scheduler_address, "--json")
    assert r.code == 1
    records = _lines(r.out)
    assert records[19] == {"id": "c20", "query": "layers", "line": 20, "error": WORKER_DIED}
    assert records[:19] + records[20:-1] == local[:19] + local[20:-1]
    assert records[-1]["summary"]["error"] == 1 and records[-1]["summary"]["cases"] == 39


def test_a_control_character_in_an_id_is_its_lines_malformed_result(run, tmp_path):
    """An id is the claims file's text, printed with the result: a newline or an escape sequence in it would break
    the output's lines or reach the terminal as a control sequence. A line holding one is malformed (as in every file
    mtgjudge reads, issue 25), named with its field, and the output holds no control character."""
    claims = tmp_path / "claims.jsonl"
    claim = {"objects": {"bears": {"power": 3}}}
    claims.write_text("".join(json.dumps({"id": i, "query": "layers", "board": BEARS, "claim": claim}) + "\n"
                              for i in ("a\x07b", "\x1b[31mred", "fine")), encoding="utf-8")
    r = run("crosscheck", str(claims), "--jobs", "1")
    assert r.code == 1  # (the good line disagrees: its claim is wrong)
    lines = r.out.splitlines()
    assert lines[0] == "line 1: malformed, skipped: id: holds the control character U+0007"
    assert lines[1] == "line 2: malformed, skipped: id: holds the control character U+001B"
    assert lines[2] == "line 3: case fine (layers): 1 difference(s)"
    assert "\x1b" not in r.out and "\x07" not in r.out