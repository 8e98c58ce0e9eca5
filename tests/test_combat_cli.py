"""`mtgjudge attack` and `mtgjudge block`: verdicts and exit status, JSON shape, bad declarations."""

from __future__ import annotations

import json

import pytest

from conftest import ROOT

E6 = ROOT / "examples" / "combat" / "e6-menace-and-blocks-if-able.yaml"
C8 = ROOT / "examples" / "combat" / "c8-propaganda.yaml"


def _write(tmp_path, text: str):
    p = tmp_path / "decl.yaml"
    p.write_text(text, encoding="utf-8")
    return p


def test_an_illegal_block_exits_1_with_the_rule_and_a_better_declaration(run, tmp_path):
    r = run("block", E6, _write(tmp_path, "block: {bears: brute}\n"), "--json")
    assert r.code == 1
    got = json.loads(r.out)
    assert got["legal"] is False and got["max_obeyed"] == 2
    assert [v["rule"] for v in got["violations"]] == ["702.111b"]
    assert got["violations"][0]["objects"] == ["brute"]
    # a declaration breaking a restriction is not compared for requirements: no "better" needed
    assert got["better"] is None


def test_missing_requirements_name_the_requirement_and_the_counts(run, tmp_path):
    r = run("block", E6, _write(tmp_path, "block: {}\n"), "--json")
    assert r.code == 1
    got = json.loads(r.out)
    (v,) = got["violations"]
    assert v["rule"] == "509.1c" and "obeys 0 of 2 possible requirements" in v["message"]
    assert got["better"] == {"block": {"bears": "brute", "giant": "brute"}}


def test_a_legal_declaration_exits_0(run, tmp_path):
    r = run("block", E6, _write(tmp_path, "block: {bears: brute, giant: [brute]}\n"), "--json")
    assert r.code == 0
    assert json.loads(r.out) == {"legal": True, "obeyed": 2, "max_obeyed": 2, "violations": [], "better": None,
                                 "triggers": [], "not_executed": []}


def test_paying_propaganda_is_legal_and_not_paying_is_not(run, tmp_path):
    assert run("attack", C8, _write(tmp_path, "attack: {juggernaut: bob}\npay: [juggernaut]\n")).code == 0
    r = run("attack", C8, _write(tmp_path, "attack: {juggernaut: bob}\n"), "--json")
    assert r.code == 1 and json.loads(r.out)["violations"][0]["rule"] == "508.1g"


def test_without_a_declaration_max_obeyed_and_an_example(run):
    r = run("block", E6, "--json")
    assert r.code == 0
    assert json.loads(r.out) == {"max_obeyed": 2, "example": {"block": {"bears": "brute", "giant": "brute"}},
                                 "not_executed": []}


def test_all_stops_at_the_limit_and_says_so(run):
    board = ROOT / "examples" / "combat" / "three-attackers-and-a-planeswalker.yaml"
    r = run("attack", board, "--all", "--limit", "5", "--json")
    got = json.loads(r.out)
    assert (got["count"], got["complete"]) == (5, False)
    r = run("attack", board, "--all", "--limit", "5")
    assert "stopped at --limit 5" in r.out


def test_output_is_byte_identical(run):
    board = ROOT / "examples" / "combat" / "three-attackers-and-a-planeswalker.yaml"
    first = run("attack", board, "--all").out
    assert first == run("attack", board, "--all").out


@pytest.mark.parametrize("side, text, field", [
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
def test_bad_declarations_are_one_line_exit_2(run, tmp_path, side, text, field):
    r = run(side, E6, _write(tmp_path, text))
    assert r.code == 2 and r.out == ""
    assert len(r.err.strip().splitlines()) == 1 and field in r.err and "fix:" in r.err


def test_block_needs_attackers(run):
    r = run("block", C8)
    assert r.code == 2 and "combat.attackers" in r.err


def test_all_and_a_declaration_are_exclusive(run, tmp_path):
    r = run("block", E6, _write(tmp_path, "block: {}\n"), "--all")
    assert r.code == 2 and "--all" in r.err
