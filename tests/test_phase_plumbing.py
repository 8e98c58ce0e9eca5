"""`mtgjudge crosscheck --engine phase` (docs/crosscheck.md, "Checking phase.rs"; issue 26): phase's card data
built from the card database and cached, the cards phase can't be given, the driver's dispatch, a line with a
claim refused, the unexpressible cases counted apart, the same output with any number of jobs, and the one line
without phase installed.

The tests that build card data need phase-python (the extra mtgjudge[phase]): skipped without it, saying why,
except with CI set (.ci/run installs the extra), where a missing phase fails them. Until the query modules
(engine/app/phase/layers.py, combat.py, replace.py) are in, the dispatch runs on stand-ins set here (each
answering from phase's own card data, never from ours)."""

from __future__ import annotations

import json
import os
import sys
import types

import pytest

from engine.app.crosscheck.checker import CLAIM_GIVEN, Checker
from engine.app.phase import INSTALL_FIX, REASONS, Unexpressible, available
from engine.app.phase.carddata import CACHE_FOLDER, PhaseCards

HAVE_PHASE = available()


def _phase_missing() -> tuple[str, str] | None:
    """("skip" | "fail", why) without phase-python; None with it. With CI set it must be there (.ci/run)."""
    if HAVE_PHASE:
        return None
    reason = f"phase-python is not installed ({INSTALL_FIX})"
    if os.environ.get("CI"):
        return "fail", reason + " (the phase tests are required: CI is set)"
    return "skip", reason


@pytest.fixture
def need_phase():
    missing = _phase_missing()
    if missing is not None:
        (pytest.fail if missing[0] == "fail" else pytest.skip)(missing[1])


def _board(*cards: tuple) -> dict:
    """(card, controller, id[, more fields]) of each permanent."""
    return {"players": ["alice", "bob"], "active": "alice",
            "battlefield": [{"card": c[0], "controller": c[1], "id": c[2], **(c[3] if len(c) > 3 else {})}
                            for c in cards]}


BEARS = _board(("Grizzly Bears", "alice", "bears"))
ANTHEM = _board(("Grizzly Bears", "alice", "bears"), ("Glorious Anthem", "alice", "anthem"))


# --- stand-ins of the query modules (their own tests are tests/test_phase_<query>.py) -------------------

def _printed_layers_claim(state, cards):
    """A layers 'engine' that reads each creature's printed power from phase's card data and applies no effect:
    right on a board without continuous effects (109.3), wrong under Glorious Anthem (613.4c)."""
    names = sorted({o.card_name for o in state.permanents()})
    faces = cards.faces(names)  # Unexpressible for a card phase can't be given
    claim = {}
    for o in state.permanents():
        face = faces[cards.name_of(o.card_name).lower()]
        if "Creature" in face["card_type"]["core_types"]:
            claim[o.id] = {"power": face["power"]["value"], "toughness": face["toughness"]["value"]}
    return {"objects": claim}


@pytest.fixture
def stand_ins(monkeypatch):
    """The query modules as stand-ins, recording what the driver gives them."""
    seen: list = []

    def combat_claim(state, side, declaration, cards):
        seen.append(("combat", side, declaration))
        return {"legal": True} if declaration is not None else {"max_obeyed": 0}

    def replace_claim(state, events, cards):
        seen.append(("replace", events))
        return {"outcome_count": 1}

    for name, attr, fn in (("layers", "layers_claim", _printed_layers_claim), ("combat", "combat_claim", combat_claim),
                           ("replace", "replace_claim", replace_claim)):
        module = types.ModuleType(f"engine.app.phase.{name}")
        setattr(module, attr, fn)
        monkeypatch.setitem(sys.modules, module.__name__, module)
    return seen


# --- the card data ---------------------------------------------------------------------------------

class _Restamped:
    """The card database under another data stamp (as after new card data is imported)."""

    def __init__(self, db, stamp: str):
        self.db, self.stamp = db, stamp

    def data_stamp(self) -> str:
        return self.stamp

    def __getattr__(self, name):
        return getattr(self.db, name)


def test_card_data_is_built_from_the_database_then_read_from_the_cache(need_phase, tmp_path, library):
    first = PhaseCards(library, cache=tmp_path)
    faces = first.faces(["Grizzly Bears"])
    assert set(faces) == {"grizzly bears", "forest"}  # the deck filler, always
    bears = faces["grizzly bears"]
    assert bears["name"] == "Grizzly Bears" and bears["card_type"]["core_types"] == ["Creature"]
    assert bears["card_type"]["subtypes"] == ["Bear"] and (bears["power"]["value"], bears["toughness"]["value"]) == (2, 2)
    assert faces["forest"]["card_type"]["supertypes"] == ["Basic"] and faces["forest"]["card_type"]["subtypes"] == ["Forest"]
    assert (first.built, first.read) == (2, 0)
    first.faces(["grizzly bears"])  # the same card by another spelling: this process's own copy
    assert (first.built, first.read) == (2, 0)
    again = PhaseCards(library, cache=tmp_path)  # another process: the disk cache
    assert again.faces(["Grizzly Bears"]) == faces and (again.built, again.read) == (0, 2)
    assert again.engine_for(["Grizzly Bears"]).card_count() == 2
    [folder] = (tmp_path / CACHE_FOLDER).iterdir()
    restamped = PhaseCards(library, database=_Restamped(again.database(), "other data"), cache=tmp_path)
    assert restamped.faces(["Grizzly Bears"]) == faces and (restamped.built, restamped.read) == (2, 0)
    [new] = (tmp_path / CACHE_FOLDER).iterdir()  # the other data's folder replaced
    assert new != folder and new.name.startswith("0.103.0-")


@pytest.mark.parametrize("name, reason, words", [
    ("Angel", "token", "token definition"),  # engine/cards/angel.yaml, token: true
    ("Delver of Secrets", "multi-face", "transform"),
    ("No Such Card Anywhere", "unknown card", "not in the card database"),
])
def test_cards_phase_cannot_be_given_are_unexpressible(need_phase, tmp_path, library, name, reason, words):
    cards = PhaseCards(library, cache=tmp_path)
    with pytest.raises(Unexpressible) as e:
        cards.engine_for(["Grizzly Bears", name])
    assert e.value.reason == reason and reason in REASONS and words in e.value.detail and name in e.value.detail


def test_a_card_file_of_cards_is_not_given_to_phase(need_phase, tmp_path):
    from engine.files.library import load_library

    folder = tmp_path / "cards"
    folder.mkdir()
    (folder / "test_bear.yaml").write_text("name: Test Bear\ntypes: [Creature]\npower: 2\ntoughness: 2\n"
                                           "mana_cost: '{1}{G}'\n", encoding="utf-8")
    cards = PhaseCards(load_library((folder,)), cache=tmp_path)
    with pytest.raises(Unexpressible) as e:
        cards.faces(["Test Bear"])
    assert e.value.reason == "unknown card" and "--cards" in e.value.detail


def test_an_unknown_reason_is_refused():
    with pytest.raises(ValueError):
        Unexpressible("phase says no", "x")


# --- the driver and the checker ----------------------------------------------------------------------

def _case(case_id: str, query: str, board: dict, **more) -> dict:
    return {"id": case_id, "query": query, "board": board, **more}


def test_the_driver_dispatches_each_query_with_its_declaration_or_events(stand_ins):
    from engine.files.declaration import Declaration

    checker = Checker(engine="phase")
    block = _board(("Grizzly Bears", "alice", "bears"), ("Grizzly Bears", "bob", "guard"))
    block["combat"] = {"attackers": {"bears": "bob"}}
    r = checker.evaluate(1, json.dumps(_case("b", "block", block, declaration={"block": {"guard": "bears"}})), "")
    assert r["agree"] is True, r  # bears -> a 2/2 blocked by a 2/2: legal (509.1), as the stand-in claims
    (kind, side, decl), = stand_ins
    assert (kind, side) == ("combat", "block") and isinstance(decl, Declaration)
    r = checker.evaluate(2, json.dumps(_case("a", "attack", BEARS)), "")
    assert r["agree"] is True, r  # no requirement to attack: the most a declaration can obey is 0 (508.1d)
    assert stand_ins[-1] == ("combat", "attack", None)
    event = {"type": "damage", "source": "bears", "target": "bob", "amount": 2, "combat": True}
    r = checker.evaluate(3, json.dumps(_case("r", "replace", BEARS, event=event)), "")
    assert stand_ins[-1][0] == "replace" and len(stand_ins[-1][1]) == 1 and "agree" in r
    asked = len(stand_ins)
    r = checker.evaluate(4, json.dumps(_case("n", "block", BEARS)), "")  # no attackers: bad input, phase not asked
    assert "combat.attackers" in r["malformed"] and len(stand_ins) == asked


def test_a_line_with_a_claim_is_malformed_under_engine():
    checker = Checker(engine="phase")
    r = checker.evaluate(4, json.dumps({**_case("c", "layers", BEARS), "claim": {}}), "")
    assert r == {"id": "c", "line": 4, "malformed": CLAIM_GIVEN.format(engine="phase")}
    assert r["malformed"] == "claim: given, but --engine phase makes the claims: remove it"


def test_a_claim_of_the_wrong_shape_from_the_driver_is_an_error(monkeypatch):
    module = types.ModuleType("engine.app.phase.layers")
    module.layers_claim = lambda state, cards: {"objects": {"bears": {"powr": 2}}}
    monkeypatch.setitem(sys.modules, module.__name__, module)
    r = Checker(engine="phase").evaluate(1, json.dumps(_case("w", "layers", BEARS)), "")
    assert set(r) == {"id", "query", "line", "error"} and "wrong shape" in r["error"] and "powr" in r["error"]


def _corpus(tmp_path) -> str:
    lines = [_case("plain", "layers", BEARS),  # phase's printed 2/2: agrees (109.3)
             _case("anthem", "layers", ANTHEM),  # the stand-in misses the anthem: disagrees (613.4c)
             _case("token", "layers", _board(("Angel", "alice", "angel", {"token": True}),
                                                         ("Grizzly Bears", "bob", "bears"))),
             _case("delver", "layers", _board(("Delver of Secrets", "alice", "delver"))),
             {"id": "claimed", "query": "layers", "board": BEARS, "claim": {}},
             _case("plain2", "layers", BEARS)]
    path = tmp_path / "cases.jsonl"
    path.write_text("".join(json.dumps(x) + "\n" for x in lines), encoding="utf-8")
    return str(path)


def test_unexpressible_cases_are_counted_apart(need_phase, stand_ins, run, tmp_path):
    path = _corpus(tmp_path)
    r = run("crosscheck", path, "--engine", "phase", "--jobs", "1", "--json")
    assert r.code == 1, r.err  # one disagreement (an unexpressible case alone would not make 1)
    records = [json.loads(x) for x in r.out.splitlines()]
    assert records[2] == {"id": "token", "query": "layers", "line": 3, "unexpressible": {
        "reason": "token", "detail": "Angel: a token definition of the card library (phase makes tokens only by the "
                                     "effects that create them)"}}
    assert records[3]["unexpressible"]["reason"] == "multi-face"
    assert [x.get("agree") for x in records[:6]] == [True, False, None, None, None, True]
    assert {d["rule"] for d in records[1]["differences"]} == {"613.4c"}
    assert records[4]["malformed"].startswith("claim: given")
    summary = records[-1]["summary"]
    assert (summary["cases"], summary["agree"], summary["disagree"], summary["malformed"], summary["unexpressible"]) \
        == (3, 2, 1, 1, 2)
    assert summary["by_reason"] == {"multi-face": 1, "token": 1}
    assert summary["by_query"] == {"layers": {"agree": 2, "cases": 3, "disagree": 1, "unexpressible": 2}}
    text = run("crosscheck", path, "--engine", "phase", "--jobs", "1")
    assert "line 3: case token (layers): unexpressible, not compared: token: Angel: a token definition" in text.out
    assert "cases: 3, agree: 2, disagree: 1, malformed lines: 1, unexpressible: 2" in text.out
    assert "cases phase can't be asked, by reason" in text.out


def test_only_unexpressible_cases_exit_0(need_phase, stand_ins, run, tmp_path):
    path = tmp_path / "one.jsonl"
    path.write_text(json.dumps(_case("t", "layers", _board(("Angel", "alice", "a", {"token": True})))) + "\n", encoding="utf-8")
    r = run("crosscheck", str(path), "--engine", "phase", "--jobs", "1", "--json")
    assert r.code == 0 and json.loads(r.out.splitlines()[-1])["summary"]["unexpressible"] == 1


def test_jobs_1_and_2_give_the_same_output(need_phase, stand_ins, run, tmp_path):
    path = _corpus(tmp_path)
    one = run("crosscheck", path, "--engine", "phase", "--jobs", "1", "--json")
    two = run("crosscheck", path, "--engine", "phase", "--jobs", "2", "--json")
    assert one.code == two.code == 1 and one.out == two.out


def test_dask_gives_the_same_output(need_phase, stand_ins, run, tmp_path):
    pytest.importorskip("distributed", reason="distributed is not installed (pip install 'mtgjudge[dask]')")
    from distributed import LocalCluster

    path = _corpus(tmp_path)
    local = run("crosscheck", path, "--engine", "phase", "--jobs", "1", "--json")
    # a worker in this process (threads): it sees the stand-ins; each worker keeps its own PhaseCards
    with LocalCluster(n_workers=1, threads_per_worker=1, host="127.0.0.1", protocol="tcp", dashboard_address=None,
                      processes=False) as cluster:
        remote = run("crosscheck", path, "--engine", "phase", "--backend", "dask", "--scheduler",
                     cluster.scheduler_address, "--json")
    assert local.code == remote.code == 1 and remote.out == local.out


def test_without_phase_one_line_and_exit_2_before_reading_the_cases(monkeypatch, run, tmp_path):
    monkeypatch.setitem(sys.modules, "phase", None)  # import phase raises ImportError
    assert not available()
    r = run("crosscheck", str(tmp_path / "no-such-file.jsonl"), "--engine", "phase")
    assert r.code == 2 and r.out == "" and len(r.err.strip().splitlines()) == 1
    assert "phase-python" in r.err and INSTALL_FIX in r.err


def test_claims_files_without_engine_have_no_unexpressible_count(run, tmp_path):
    path = tmp_path / "c.jsonl"
    path.write_text(json.dumps({**_case("p", "layers", BEARS), "claim": {"objects": {"bears": {"power": 2}}}}) + "\n",
                    encoding="utf-8")
    r = run("crosscheck", str(path), "--jobs", "1", "--json")
    summary = json.loads(r.out.splitlines()[-1])["summary"]
    assert r.code == 0 and "unexpressible" not in summary and "by_reason" not in summary


# --- the interchange fix: a pay naming a creature under no cost (508.1g, 509.1d) -----------------------

def _decl(tmp_path, text: str) -> str:
    path = tmp_path / "decl.yaml"
    path.write_text(text, encoding="utf-8")
    return str(path)


def test_a_pay_naming_a_creature_under_no_cost_is_bad_input(run, tmp_path):
    from conftest import EXAMPLES

    e6, c8 = EXAMPLES / "combat" / "e6-menace-and-blocks-if-able.yaml", EXAMPLES / "combat" / "c8-propaganda.yaml"
    decl = _decl(tmp_path, "block: {bears: brute, giant: brute}\npay: [bears]\n")  # no cost to block here
    r = run("block", e6, decl)
    assert r.code == 2 and r.out == "" and len(r.err.strip().splitlines()) == 1
    assert f"{decl}: pay: names bears, which has no cost to block to pay (509.1d)" in r.err and "fix: leave bears" in r.err
    assert run("block", e6, _decl(tmp_path, "block: {bears: brute, giant: brute}\n")).code == 0  # the same, unpaid
    # Propaganda: a cost to attack bob (508.1g); paying it is legal, naming a creature that doesn't attack is not
    assert run("attack", c8, _decl(tmp_path, "attack: {juggernaut: bob}\npay: [juggernaut]\n")).code == 0
    r = run("attack", c8, _decl(tmp_path, "attack: {}\npay: [juggernaut]\n"))
    assert r.code == 2 and "pay: names juggernaut, which has no cost to attack to pay (508.1g)" in r.err


def test_a_case_whose_pay_names_a_creature_under_no_cost_is_malformed(run, tmp_path):
    from conftest import EXAMPLES

    import yaml

    board = yaml.safe_load((EXAMPLES / "combat" / "e6-menace-and-blocks-if-able.yaml").read_text(encoding="utf-8"))
    case = {"id": "p", "query": "block", "board": board, "declaration": {"block": {"bears": "brute"}, "pay": ["bears"]},
            "claim": {"legal": True}}
    r = Checker().evaluate(1, json.dumps(case), "")
    assert r == {"id": "p", "line": 1, "malformed": "declaration: pay: names bears, which has no cost to block to pay "
                                                    "(509.1d) (fix: leave bears out of pay: name only the creatures "
                                                    "whose cost to block the declaration pays)"}
    best = {k: v for k, v in case.items() if k != "declaration"}  # a claimed example is checked as a declaration
    best["claim"] = {"example": {"block": {"bears": "brute", "giant": "brute"}, "pay": ["giant"]}}
    r = Checker().evaluate(2, json.dumps(best), "")
    assert r["malformed"].startswith("claim.example: pay: names giant, which has no cost to block to pay (509.1d)")


def test_generate_combat_pays_only_where_a_cost_is_due(run, library):
    from engine.app.generate import random_declaration

    r = run("generate", "combat", "--count", "10", "--seed", "1")
    cases = [json.loads(x) for x in r.out.splitlines()]
    declared = [c for c in cases if "declaration" in c]
    cut = [c for c in declared if random_declaration(c["seed"], c["board"], c["query"]).get("pay")
           and not c["declaration"].get("pay")]
    assert {c["id"] for c in cut} >= {"combat-1-7", "combat-1-10"}  # random pays under no cost, cut by the program
    checker = Checker()
    for c in declared:  # every declaration the generator writes is read without a pay problem
        assert checker.ours(c) is not None


def test_every_reason_the_package_raises_is_in_the_list():
    """A reason outside REASONS raises ValueError at run time (a case's error): caught here, in the source."""
    import re
    from pathlib import Path

    import engine.app.phase as package

    used = {m for p in Path(package.__file__).parent.glob("*.py")
            for m in re.findall(r'Unexpressible\(\s*"([^"]+)"', p.read_text(encoding="utf-8"))}
    assert used and used <= set(REASONS), sorted(used - set(REASONS))


def test_a_panic_in_phase_is_that_case_s_answer_not_the_run_s_end(need_phase, monkeypatch, run, tmp_path):
    """pyo3 raises a Rust panic as PanicException, a BaseException the line's own error handling would not catch:
    it is reported as that case's unexpressible reason ("phase's answer", what phase said), and the run goes on
    to the next case and the summary."""
    class PanicException(BaseException):  # as pyo3_runtime names it
        pass

    def layers_claim(state, cards):
        if "glorious_anthem" in state.objects or "anthem" in state.objects:
            raise PanicException("index out of bounds: the len is 0 but the index is 0")
        return {"objects": {}}

    module = types.ModuleType("engine.app.phase.layers")
    module.layers_claim = layers_claim
    monkeypatch.setitem(sys.modules, module.__name__, module)
    path = tmp_path / "two.jsonl"
    path.write_text(json.dumps(_case("panics", "layers", ANTHEM)) + "\n" + json.dumps(_case("plain", "layers", BEARS))
                    + "\n", encoding="utf-8")
    r = run("crosscheck", path, "--engine", "phase", "--jobs", "1", "--json")
    records = [json.loads(x) for x in r.out.splitlines()]
    assert records[0]["unexpressible"] == {"reason": "phase's answer", "detail": "phase panicked: PanicException: "
                                           "index out of bounds: the len is 0 but the index is 0"}
    assert records[1]["agree"] is True and records[-1]["summary"]["unexpressible"] == 1 and r.code == 0
