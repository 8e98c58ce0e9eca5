"""State-based actions as data (tests/data/sba/*.yaml): E79 and the 704.5 actions the engine performs,
with the abilities they trigger, through the command line (`mtgjudge sba --json`)."""

from __future__ import annotations

import json

import pytest
import yaml

from conftest import DATA

CASES = [(path.stem, case) for path in sorted((DATA / "sba").glob("*.yaml"))
         for case in yaml.safe_load(path.read_text(encoding="utf-8"))]


@pytest.mark.parametrize("case", [c for _, c in CASES], ids=[f"{f}: {c['name']}" for f, c in CASES])
def test_sba_case(case, run, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text(yaml.safe_dump(case["board"]), encoding="utf-8")
    out = tmp_path / "after.yaml"
    r = run("sba", board, "--cards", DATA / "cards", "--json", "--out", out)
    assert r.code == 0, r.err
    got = json.loads(r.out)
    after = yaml.safe_load(out.read_text(encoding="utf-8"))
    expect = case["expect"]
    if "triggers" in expect:
        assert sorted([t["source"], t["object"]] for t in got["triggers"]) == sorted(expect["triggers"]), case["rule"]
    for player, ids in expect.get("graveyard", {}).items():
        assert sorted(x["id"] for x in after.get("graveyard", {}).get(player, [])) == sorted(ids), case["rule"]
    if "exile" in expect:
        assert sorted(x["id"] for per in after.get("exile", {}).values() for x in per) == sorted(expect["exile"])
    if "battlefield" in expect:
        assert sorted(p["id"] for p in after["battlefield"]) == sorted(expect["battlefield"]), case["rule"]
    for oid, counters in expect.get("counters", {}).items():
        assert next(p for p in after["battlefield"] if p["id"] == oid).get("counters", {}) == counters
    if "stack" in expect:  # 603.3b: bottom first, by controller
        assert [t["source"] for t in got["stack"]] == expect["stack"], case["rule"]
        assert got["to_order"] == expect["to_order"], case["rule"]
    if "lost" in expect:
        assert sorted(p for p, v in got["players"].items() if v["lost"]) == sorted(expect["lost"]), case["rule"]


def test_sba_on_a_board_where_none_applies_changes_nothing(run, tmp_path):
    from conftest import ROOT

    r = run("sba", ROOT / "examples" / "combat" / "open-board-2x2.yaml", "--json")
    got = json.loads(r.out)
    assert (r.code, got["state_based_actions"], got["triggers"]) == (0, [], [])
