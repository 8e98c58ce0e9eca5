"""The public API, `import mtgjudge` (docs/api.md): the guide's examples run as written (doctest), the
package imports neither the engine nor clingo until a function is used, its answers are the CLI's
documents, and a few rules outcomes read through it."""

from __future__ import annotations

import doctest
import json
import re
import subprocess
import sys

import pytest

from conftest import DATA, EXAMPLES, ROOT

import mtgjudge
from mtgjudge._engine import SOURCES, engine


def test_the_api_guide_runs_as_written(monkeypatch):
    monkeypatch.chdir(ROOT)
    failed, attempted = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                                         optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    assert attempted >= 40
    assert failed == 0, "docs/api.md: an example's output differs (doctest's report above)"


def test_importing_it_imports_no_engine_and_no_clingo():
    code = ("import sys, mtgjudge; f = mtgjudge.layers; assert callable(f); "
            "assert 'clingo' not in sys.modules and 'engine' not in sys.modules and 'bridge' not in sys.modules, "
            "sorted(m for m in sys.modules if m.split('.')[0] in ('clingo', 'engine', 'bridge'))")
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


def test_its_names():
    assert set(mtgjudge.__all__) <= set(dir(mtgjudge))
    for name in mtgjudge.__all__:
        assert getattr(mtgjudge, name) is not None
    with pytest.raises(AttributeError):
        mtgjudge.no_such_name  # noqa: B018
    assert mtgjudge.InputError is engine("InputError")
    for name in SOURCES:  # every name the facade takes from the engine is where the table says
        assert engine(name) is not None, name


def test_engine_and_bridge_never_import_it():
    pattern = re.compile(r"^\s*(from|import)\s+mtgjudge\b", re.M)
    for folder in ("engine", "bridge"):
        for path in (ROOT / folder).rglob("*.py"):
            assert not pattern.search(path.read_text(encoding="utf-8")), path


def test_humility_and_opalescence():
    """C1: Humility (an enchantment, a creature by Opalescence) is 4/4, its mana value; the Bears 1/1."""
    objects = mtgjudge.layers(EXAMPLES / "humility-opalescence.yaml").objects
    assert (objects["humility"]["power"], objects["humility"]["toughness"]) == (4, 4)
    assert objects["humility"]["abilities"] == []
    assert (objects["grizzly_bears"]["power"], objects["grizzly_bears"]["toughness"]) == (1, 1)


def test_lure_and_menace():
    """C7: with the only other creature unable to block, no block is legal but none at all (509.1c: the
    Bears alone break menace, 702.111b); with two able blockers, both block the Lure attacker."""
    every = mtgjudge.block(EXAMPLES / "c7-lure-menace-one-cant-block.yaml", every=True).result
    assert every.complete and [d.pairs for d in every.declarations] == [()]
    alone = mtgjudge.block(EXAMPLES / "c7-lure-menace-one-cant-block.yaml", {"block": {"grizzly_bears": "boggart_brute"}})
    assert alone.illegal and "702.111b" in {v.rule for v in alone.result.violations}
    best = mtgjudge.block(EXAMPLES / "c7-lure-menace-two-able-blockers.yaml").result
    assert best.max_obeyed == 2 and len(best.example.pairs) == 2


def test_doubling_season_and_hardened_scales():
    """C9: the affected permanent's controller orders the two effects (616.1e): 3 or 4 counters."""
    result, triggers = mtgjudge.replace(EXAMPLES / "replace" / "c9-doubling-season-hardened-scales.yaml",
                                        EXAMPLES / "replace" / "c9-event.yaml")
    assert result.choosers == ["alice"]
    assert sorted(o.events[0]["amount"] for o in result.outcomes) == [3, 4]
    assert triggers == [[], []]


def test_damage_sba_and_a_game():
    board = EXAMPLES / "damage" / "c13-deathtouch-trample-double-strike.yaml"
    dealt = mtgjudge.damage(board, EXAMPLES / "damage" / "c13-first-step.yaml", cards=[DATA / "cards"])
    assert dealt.legal and dealt.state.battlefield == ["striker"]  # 704.5h: deathtouch
    assert {p.name: p.life for p in dealt.state.players} == {"alice": 20, "bob": 19}
    wolf = mtgjudge.sba(EXAMPLES / "e79-young-wolf-undying-counters.yaml")
    assert [(a.rule, a.object) for a in wolf.actions] == [("704.5f", "young_wolf")]
    game = mtgjudge.play(EXAMPLES / "games" / "g01-bolt-the-bears.yaml")
    assert game.state.zone_ids("graveyard", "bob") == ["grizzly_bears"]


def test_a_loaded_board_or_game_is_the_file(library):
    state = mtgjudge.load_board(text=(EXAMPLES / "humility-opalescence.yaml").read_text(encoding="utf-8"))
    assert mtgjudge.layers(state, library=library).objects == mtgjudge.layers(EXAMPLES / "humility-opalescence.yaml").objects
    path = EXAMPLES / "games" / "g01-bolt-the-bears.yaml"
    by_text = mtgjudge.play(mtgjudge.load_game(text=path.read_text(encoding="utf-8")))
    assert by_text.to_dict() == mtgjudge.play(path).to_dict()


def test_its_answers_are_the_cli_documents(run, monkeypatch):
    monkeypatch.chdir(ROOT)
    board, decl = "examples/combat/e6-menace-and-blocks-if-able.yaml", "examples/combat/declarations/e6-bears-alone.yaml"
    assert json.loads(run("block", board, decl, "--json").out) == mtgjudge.block(board, decl).document()
    board = "examples/games/g01-bolt-the-bears.yaml"
    assert json.loads(run("play", board, "--json").out) == mtgjudge.play(board).to_dict()


def test_errors_are_the_commands_lines(run, monkeypatch, tmp_path):
    monkeypatch.chdir(ROOT)
    with pytest.raises(mtgjudge.InputError) as e:
        mtgjudge.layers("examples/no-such-board.yaml")
    assert f"mtgjudge: error: {e.value}" == run("layers", "examples/no-such-board.yaml").err.strip()
    with pytest.raises(mtgjudge.InputError, match="no such file"):
        mtgjudge.crosscheck(tmp_path / "none.jsonl")
    with pytest.raises(mtgjudge.InputError, match="every"):
        mtgjudge.attack("examples/combat/c8-propaganda.yaml", {"attack": {}}, every=True)
    with pytest.raises(TypeError):
        mtgjudge.load_board()
    assert str(mtgjudge.SolverTimeout("b.yaml", 2.0)) == "b.yaml: the solver hit the time limit of 2 s, no verdict (fix: raise time_limit)"
