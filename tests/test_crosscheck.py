"""mtgjudge generate and mtgjudge crosscheck (docs/crosscheck.md): the generators' corpora, our own
answers as claims (zero disagreement), seeded mutations of claims (each reported on its field with
its rule), malformed lines (counted, skipped), the same output with any number of jobs, and the Dask
backend on a local cluster."""

from __future__ import annotations

import copy
import json
import random

import pytest
import yaml

from conftest import EXAMPLES, ROOT
from engine.app.crosscheck.cases import case_json_schema
from engine.app.crosscheck.checker import Checker
from engine.app.generate import case_seed, random_combat_board, random_layers_board, random_replace_board


@pytest.fixture(scope="module")
def checker():
    return Checker()


def _lines(text: str) -> list[dict]:
    return [json.loads(x) for x in text.splitlines()]


def _claims(checker, cases: list[dict]) -> list[dict]:
    return [{**c, "claim": checker.ours(c)} for c in cases]


def _write(path, cases) -> None:
    path.write_text("".join(json.dumps(c) + "\n" for c in cases), encoding="utf-8")


def _generated(run, kind: str, count: int, seed: int, *more: str) -> list[dict]:
    r = run("generate", kind, "--count", str(count), "--seed", str(seed), *more)
    assert r.code == 0, r.err
    return _lines(r.out)


def _example(board: str, query: str, claim: dict, **more) -> dict:
    data = yaml.safe_load((EXAMPLES / board).read_text(encoding="utf-8"))
    return {"id": board, "query": query, "board": data, **more, "claim": claim}


# --- generate ------------------------------------------------------------------------------------

def test_generate_is_the_generators_of_the_hypothesis_tests(run, library):
    layers = _generated(run, "layers", 3, 7)
    assert [c["seed"] for c in layers] == [case_seed(7, i) for i in range(3)]
    assert [c["board"] for c in layers] == [random_layers_board(case_seed(7, i), library) for i in range(3)]
    assert {c["id"] for c in layers} == {"layers-7-1", "layers-7-2", "layers-7-3"}
    combat = _generated(run, "combat", 12, 7)
    for c in combat:
        assert c["board"] == random_combat_board(c["seed"], library, c["query"])
    assert {c["query"] for c in combat} == {"attack", "block"}
    assert any("declaration" in c for c in combat) and any("declaration" not in c for c in combat)
    for c in _generated(run, "replacement", 4, 7):
        board, events = random_replace_board(c["seed"], library)
        assert c["board"] == board and c["event"] == events.get("event", events.get("events"))


def test_generate_same_seed_same_output(run):
    a = run("generate", "combat", "--count", "20", "--seed", "3", "--max-permanents", "4")
    b = run("generate", "combat", "--count", "20", "--seed", "3", "--max-permanents", "4")
    c = run("generate", "combat", "--count", "20", "--seed", "4", "--max-permanents", "4")
    assert a.out == b.out != c.out
    for case in _lines(a.out):
        mine = [e for e in case["board"]["battlefield"] if e.get("id", "").startswith(("a", "b"))]
        assert len(mine) <= 4


def test_generate_max_effects(run, library):
    """--max-effects N: layers boards with at most N resolved effects (611.2), 0 for none (the boards an engine
    that can't be given such effects takes: phase, docs/crosscheck.md); the same boards otherwise as the generator
    gives with that bound; for another kind it is an error, not ignored."""
    counts = []
    for n in (0, 1):
        r = run("generate", "layers", "--count", "40", "--seed", "5", "--max-effects", str(n))
        cases = _lines(r.out)
        assert [c["board"] for c in cases] == [random_layers_board(c["seed"], library, max_effects=n) for c in cases]
        counts.append(max(len(c["board"].get("effects", [])) for c in cases))
    assert counts == [0, 1]
    r = run("generate", "combat", "--count", "1", "--max-effects", "0")
    assert r.code == 2 and "--max-effects" in r.err and "layers" in r.err


def test_generated_cases_follow_the_case_schema(run):
    jsonschema = pytest.importorskip("jsonschema")
    schema = case_json_schema()
    for kind in ("layers", "combat", "replacement"):
        for case in _generated(run, kind, 5, 1):
            jsonschema.validate({**case, "claim": {}}, schema)


def test_the_shipped_case_schema_is_up_to_date(run):
    shipped = json.loads((ROOT / "engine" / "schemas" / "case.schema.json").read_text(encoding="utf-8"))
    r = run("schema", "case")
    assert json.loads(r.out) == shipped, "run: mtgjudge schema case > engine/schemas/case.schema.json"


# --- our answer is our --json output -------------------------------------------------------------

@pytest.mark.parametrize("case, command", [
    ({"query": "layers", "board_file": "examples/c3-blood-moon-urborg.yaml"},
     ["layers", "examples/c3-blood-moon-urborg.yaml"]),
    ({"query": "block", "board_file": "examples/combat/e6-menace-and-blocks-if-able.yaml",
      "declaration": {"block": {"bears": "brute"}}},
     ["block", "examples/combat/e6-menace-and-blocks-if-able.yaml", "examples/combat/declarations/e6-bears-alone.yaml"]),
    ({"query": "attack", "board_file": "examples/combat/c8-propaganda.yaml"},
     ["attack", "examples/combat/c8-propaganda.yaml"]),
    ({"query": "replace", "board_file": "examples/replace/c9-doubling-season-hardened-scales.yaml",
      "event": {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1}},
     ["replace", "examples/replace/c9-doubling-season-hardened-scales.yaml", "examples/replace/c9-event.yaml"]),
])
def test_our_answer_is_the_json_output(checker, run, monkeypatch, case, command):
    monkeypatch.chdir(ROOT)
    r = run(*command, "--json")
    document = json.loads(r.out)
    # the abilities no program executes are the record's (no claim is about them), not the answer's
    assert document.pop("not_executed") == []
    assert checker.ours({"id": "x", **case}) == document


# --- round trip ----------------------------------------------------------------------------------

def test_round_trip_our_answers_agree(run, checker, tmp_path):
    cases = (_generated(run, "layers", 6, 11) + _generated(run, "combat", 10, 11)
             + _generated(run, "replacement", 8, 11))
    claims = tmp_path / "claims.jsonl"
    _write(claims, _claims(checker, cases))
    r = run("crosscheck", str(claims), "--jobs", "1", "--json")
    assert r.code == 0, r.out
    records = _lines(r.out)
    summary = records[-1]["summary"]
    assert summary["cases"] == 24 and summary["agree"] == 24 and summary["disagree"] == 0 and summary["malformed"] == 0
    assert [x["id"] for x in records[:-1]] == [c["id"] for c in cases]
    assert all(x["agree"] and x["differences"] == [] for x in records[:-1])
    text = run("crosscheck", str(claims), "--jobs", "1")
    assert text.code == 0 and "cases: 24, agree: 24, disagree: 0, malformed lines: 0" in text.out


# --- mutations -----------------------------------------------------------------------------------

MUTATIONS = [
    # Blood Moon and Urborg: a timestamp-only engine misses that Urborg's effect depends on Blood Moon
    (_example("c3-blood-moon-urborg.yaml", "layers",
              {"objects": {"volcanic_island": {"subtypes": ["Mountain", "Swamp"]}}}),
     "objects.volcanic_island.subtypes", "613.8a"),
    (_example("c3-blood-moon-urborg.yaml", "layers", {"dependencies": []}), "dependencies", "613.8a"),
    (_example("humility-opalescence.yaml", "layers", {"objects": {"humility": {"power": 1, "toughness": 1}}}),
     "objects.humility.power", "613.7"),
    # menace checked one creature at a time: the Bears alone look fine
    (_example("combat/e6-menace-and-blocks-if-able.yaml", "block", {"legal": True},
              declaration={"block": {"bears": "brute"}}), "legal", "702.111b"),
    (_example("combat/e6-menace-and-blocks-if-able.yaml", "block", {"max_obeyed": 1}), "max_obeyed", "509.1c"),
    (_example("combat/e6-menace-and-blocks-if-able.yaml", "block", {"example": {"block": {"bears": "brute"}}}),
     "example", "702.111b"),
    (_example("combat/c8-propaganda.yaml", "attack", {"max_obeyed": 1}), "max_obeyed", "508.1d"),
    (_example("replace/c11-torbran-fiery-emancipation.yaml", "replace", {"outcome_count": 1},
              event={"type": "damage", "source": "raging_goblin", "target": "bob", "amount": 1, "combat": True}),
     "outcome_count", "616.1e"),
    (_example("replace/c11-torbran-fiery-emancipation.yaml", "replace", {"chooser": "alice"},
              event={"type": "damage", "source": "raging_goblin", "target": "bob", "amount": 1, "combat": True}),
     "chooser", "616.1"),
]


@pytest.mark.parametrize("case, field, rule", MUTATIONS, ids=[f"{c['id']}:{f}" for c, f, _ in MUTATIONS])
def test_a_wrong_claim_is_reported_with_its_field_and_rule(run, tmp_path, case, field, rule):
    claims = tmp_path / "claims.jsonl"
    _write(claims, [case])
    r = run("crosscheck", str(claims), "--jobs", "1", "--json")
    assert r.code == 1, r.out
    record = _lines(r.out)[0]
    assert not record["agree"]
    assert [(d["field"], d["rule"]) for d in record["differences"]][:1] == [(field, rule)], record
    assert record["differences"][0]["explanation"]
    assert _lines(r.out)[-1]["summary"]["by_rule"] == {d: 1 for d in sorted({x["rule"] for x in record["differences"]})} \
        or rule in _lines(r.out)[-1]["summary"]["by_rule"]


def _mutate(rng: random.Random, case: dict) -> tuple[dict, str, set[str]]:
    """One field of our answer changed at random: (the claim, the field expected, the rules allowed)."""
    ours = case["claim"]
    if case["query"] == "layers":
        oid = rng.choice(sorted(ours["objects"]))
        f = rng.choice(["power", "toughness", "controller", "colors", "name"])
        value = ours["objects"][oid][f]
        wrong = {"power": lambda: (value or 0) + 1, "toughness": lambda: (value or 0) - 1, "controller": lambda: "nobody",
                 "colors": lambda: sorted(set(value) ^ {"blue"}), "name": lambda: "Nothing"}[f]()
        rules = {"613.8a", "613.8b", "613.7", "109.3", "208.3"} | {r for r in (
            "613.1b", "613.1c", "613.1e", "613.2", "708.2", "613.4", "613.4a", "613.4b", "613.4c", "613.4d")}
        return {"objects": {oid: {f: wrong}}}, f"objects.{oid}.{f}", rules
    if case["query"] in ("attack", "block"):
        most = {"attack": "508.1d", "block": "509.1c"}[case["query"]]
        if "legal" in ours:
            if rng.random() < 0.5:
                return {"obeyed": ours["obeyed"] + 1}, "obeyed", {most}
            rules = {v["rule"] for v in ours["violations"]} | {"508.1c", "509.1b"}
            return {"legal": not ours["legal"]}, "legal", rules
        return {"max_obeyed": ours["max_obeyed"] + 2}, "max_obeyed", {most}
    if rng.random() < 0.5:
        return {"chooser": "nobody"}, "chooser", {"616.1"}
    return ({"outcome_count": ours["outcome_count"] + 1}, "outcome_count",
            {"616.1", "614.1", "616.1a", "616.1b", "616.1c", "616.1d", "616.1e"})


def test_seeded_mutations_are_each_reported(run, checker, tmp_path):
    rng = random.Random(2024)
    cases = _claims(checker, _generated(run, "layers", 6, 5) + _generated(run, "combat", 8, 5)
                    + _generated(run, "replacement", 6, 5))
    expected = []
    for case in cases:
        claim, field, rules = _mutate(rng, case)
        case["claim"] = claim
        expected.append((field, rules))
    claims = tmp_path / "claims.jsonl"
    _write(claims, cases)
    r = run("crosscheck", str(claims), "--jobs", "1", "--json")
    assert r.code == 1
    records = _lines(r.out)[:-1]
    for record, (field, rules) in zip(records, expected):
        assert not record["agree"], record
        assert [d["field"] for d in record["differences"]] == [field], record
        assert record["differences"][0]["rule"] in rules, record
    assert _lines(r.out)[-1]["summary"]["disagree"] == len(cases)


# --- malformed lines, files, options -------------------------------------------------------------

def test_malformed_lines_are_counted_and_skipped(run, checker, tmp_path):
    good = _claims(checker, _generated(run, "combat", 2, 9))
    (tmp_path / "boards").mkdir()
    (tmp_path / "boards" / "b.yaml").write_text(yaml.safe_dump(good[0]["board"]), encoding="utf-8")
    by_file = {k: v for k, v in good[0].items() if k != "board"} | {"id": "by-file", "board_file": "boards/b.yaml"}
    lines = [
        json.dumps(good[0]),
        "{not json",
        json.dumps({**good[1], "query": "dance"}),
        json.dumps({k: v for k, v in good[1].items() if k != "board"}),
        "",
        json.dumps({**good[1], "board_file": "nowhere.yaml", "board": None}),
        json.dumps({**good[1], "board": {"players": ["alice"], "battlefield": [{"card": "Grizly Bears", "controller": "alice"}]}}),
        json.dumps({**good[1], "claim": {"colour": "red"}}),
        json.dumps(by_file),
        json.dumps(good[1]),
    ]
    claims = tmp_path / "claims.jsonl"
    claims.write_text("\n".join(lines) + "\n", encoding="utf-8")
    r = run("crosscheck", str(claims), "--jobs", "1", "--json")
    assert r.code == 2, r.out  # nothing disagrees, but lines were skipped
    records = _lines(r.out)
    bad = [x for x in records[:-1] if "malformed" in x]
    assert [x["line"] for x in bad] == [2, 3, 4, 6, 7, 8]
    assert "not JSON" in bad[0]["malformed"] and bad[1]["malformed"].startswith("query:")
    assert "board_file" in bad[3]["malformed"] or "nowhere.yaml" in bad[3]["malformed"]
    assert "Grizly Bears" in bad[4]["malformed"] and "claim.colour" in bad[5]["malformed"]
    partial = sum(bool(x["not_executed"]) for x in records[:-1] if "malformed" not in x)  # library cards' text-only abilities
    assert records[-1]["summary"] | {"by_query": None} == {
        "cases": 3, "agree": 3, "disagree": 0, "malformed": 6, "error": 0, "timeout": 0, "not_executed": partial,
        "by_query": None, "by_rule": {}}
    text = run("crosscheck", str(claims), "--jobs", "1")
    assert "line 2: malformed, skipped: not JSON" in text.out
    assert "malformed lines: 6" in text.out


def test_bad_command_line_is_one_error_line(run, tmp_path):
    r = run("crosscheck", str(tmp_path / "none.jsonl"))
    assert r.code == 2 and r.out == "" and len(r.err.splitlines()) == 1 and "no such file" in r.err
    claims = tmp_path / "c.jsonl"
    claims.write_text("", encoding="utf-8")
    r = run("crosscheck", str(claims), "--scheduler", "tcp://127.0.0.1:1")
    assert r.code == 2 and len(r.err.splitlines()) == 1 and "--backend dask" in r.err
    r = run("crosscheck", str(claims), "--jobs", "0")
    assert r.code == 2 and len(r.err.splitlines()) == 1
    r = run("generate", "layers", "--count", "-1")
    assert r.code == 2 and len(r.err.splitlines()) == 1


def test_fail_fast_stops_at_the_first_disagreement(run, checker, tmp_path):
    cases = _claims(checker, _generated(run, "combat", 6, 2))
    cases[2]["claim"] = {"max_obeyed": 99} if "example" in cases[2]["claim"] else {"obeyed": 99}
    cases[4]["claim"] = {"max_obeyed": 98}
    claims = tmp_path / "claims.jsonl"
    _write(claims, cases)
    r = run("crosscheck", str(claims), "--fail-fast", "--json", "--jobs", "2")
    assert r.code == 1
    records = _lines(r.out)
    assert [x["id"] for x in records[:-1]] == [c["id"] for c in cases[:3]]
    assert records[-1]["summary"]["cases"] == 3


def test_same_output_with_two_jobs(run, checker, tmp_path):
    cases = _claims(checker, _generated(run, "combat", 30, 8) + _generated(run, "replacement", 10, 8))
    rng = random.Random(1)
    for c in cases[::3]:
        c["claim"] = _mutate(rng, copy.deepcopy(c))[0]
    claims = tmp_path / "claims.jsonl"
    _write(claims, cases)
    one = run("crosscheck", str(claims), "--jobs", "1", "--json")
    two = run("crosscheck", str(claims), "--jobs", "2", "--json")
    again = run("crosscheck", str(claims), "--jobs", "2", "--json")
    assert one.code == two.code == 1
    assert one.out == two.out == again.out
    assert run("crosscheck", str(claims), "--jobs", "2").out == run("crosscheck", str(claims), "--jobs", "1").out


# --- the Dask backend ------------------------------------------------------------------------------

def test_dask_backend_gives_the_single_process_results(run, checker, tmp_path):
    pytest.importorskip("distributed")
    from distributed import LocalCluster

    cases = _claims(checker, _generated(run, "combat", 12, 4) + _generated(run, "layers", 3, 4))
    cases[1]["claim"] = {"max_obeyed": 50} if "example" in cases[1]["claim"] else {"obeyed": 50}
    (tmp_path / "b.yaml").write_text(yaml.safe_dump(cases[0]["board"]), encoding="utf-8")
    cases.append({**{k: v for k, v in cases[0].items() if k != "board"}, "id": "file", "board_file": "b.yaml"})
    claims = tmp_path / "claims.jsonl"
    _write(claims, cases)
    local = run("crosscheck", str(claims), "--jobs", "1", "--json")
    with LocalCluster(n_workers=2, threads_per_worker=1, host="127.0.0.1", dashboard_address=None,
                      processes=True) as cluster:
        distributed = run("crosscheck", str(claims), "--backend", "dask", "--scheduler", cluster.scheduler_address, "--json")
    assert local.code == distributed.code == 1
    assert distributed.out == local.out


def test_the_naive_engine_of_the_examples_runs_on_every_kind_and_is_caught(run, tmp_path):
    """examples/crosscheck: naive.py reads generated cases of each kind (cards entering from outside
    the board among them) and writes a claim for each; crosscheck reads them all, and catches the
    naive engine's shortcuts, each disagreement with its rule."""
    import subprocess
    import sys

    cases = [c for kind in ("layers", "combat", "replacement") for c in _generated(run, kind, 40, 1)]
    _write(tmp_path / "cases.jsonl", cases)
    naive = subprocess.run([sys.executable, str(ROOT / "examples" / "crosscheck" / "naive.py"), str(tmp_path / "cases.jsonl")],
                           capture_output=True, text=True, timeout=600)
    assert naive.returncode == 0, naive.stderr
    (tmp_path / "claims.jsonl").write_text(naive.stdout, encoding="utf-8")
    r = run("crosscheck", tmp_path / "claims.jsonl", "--json", "--jobs", "1")
    assert r.code == 1  # it disagrees somewhere
    lines = _lines(r.out)
    summary = lines[-1]["summary"]
    assert summary["cases"] == 120 and summary["malformed"] == 0 and summary["disagree"] > 0
    for line in lines[:-1]:
        assert line["agree"] or all(d["rule"] and d["explanation"] for d in line["differences"]), line["id"]


def test_an_event_amount_beyond_the_programs_integers_is_a_malformed_line(checker, monkeypatch):
    """What a case gives the programs besides its board (an event's amount, a declaration) is range-checked as a
    board's numbers are: clingo's integers are 32-bit, so 2**31 damage would wrap around, not be prevented."""
    monkeypatch.chdir(ROOT)
    case = {"id": "big", "query": "replace", "board_file": "examples/replace/c9-doubling-season-hardened-scales.yaml",
            "event": {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 2**31}, "claim": {}}
    record = checker.evaluate(1, json.dumps(case), "")
    assert record["malformed"].startswith("case: event.amount: 2147483648 is out of range (fix: use a number from")
    case["event"]["amount"] = 1
    assert "malformed" not in checker.evaluate(1, json.dumps(case), "")
