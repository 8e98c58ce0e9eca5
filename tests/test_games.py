"""Scripted games as data (examples/games/*.yaml, tests/data/games/*.yaml): each game file carries an `expect:` block, the
final state the rules give, written by hand from the rules; the test plays the game and compares.

expect fields (all optional; any other key is an error of the game file): auto (play with --auto),
status, winners, turn, step, active (the active player), life {player: n}, battlefield [ids]
(exactly), graveyard / exile {player: [ids]} (exactly, bottom first), hand {player: count},
damage {id: n}, controller {id: player}, characteristics {id: {field: value}} (after the layers), tapped [ids] (exactly, among the permanents), counters {id or player: {kind: n}}, rejected
[rules of the refused actions, in order], log [rules that must appear in the log, in this order], log_count {rule: times it appears},
monarch (the player who is the monarch, 722.1; null: none), ring_tempted {player: n} (701.54c), ring_bearer {player: id}
(701.54a), each exactly.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.game import play
from engine.files.gamefile import load_game
from engine.files.library import load_library

HERE = Path(__file__).resolve().parent
# examples/games use the card library; tests/data/games may use the example cards of tests/data/cards
# too (generic effects of the rules' worked examples: mtgjudge play --cards tests/data/cards)
GAMES = sorted((HERE.parent / "examples" / "games").glob("*.yaml")) + sorted((HERE / "data" / "games").glob("*.yaml"))
LIBRARY = load_library([HERE / "data" / "cards"])


EXPECT_KEYS = {"auto", "status", "winners", "turn", "step", "active", "life", "battlefield", "graveyard", "exile",
               "hand", "damage", "controller", "characteristics", "tapped", "counters", "rejected", "log", "log_count", "monarch",
               "saddled", "scheme_deck",
               "ring_tempted", "ring_bearer",  # 701.54c, 701.54a: the Ring (engine/game/ring.py)
               "emblems"}  # 114.2: how many emblems each player has (engine/game/emblems.py)


def _expect(path: Path) -> dict:
    return yaml.safe_load(path.read_text(encoding="utf-8")).get("expect") or {}


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_game(path: Path):
    expect = _expect(path)
    assert expect, f"{path.name} has no expect block"
    unknown = sorted(set(expect) - EXPECT_KEYS)
    assert not unknown, f"{path.name}: expect has keys this test doesn't check: {', '.join(unknown)}"
    state, actions, until = load_game(path, LIBRARY)
    result = play(state, actions, library=LIBRARY, until=until, auto=bool(expect.get("auto")))
    st = result.state
    indices = [e.index for e in st.effects]  # 611.2: each effect its own index (the id 'effects#N' names it by)
    assert len(indices) == len(set(indices)), f"effects with the same index: {indices}"
    if "status" in expect:
        assert result.status == expect["status"]
    if "winners" in expect:
        assert result.winners == expect["winners"]
    if "monarch" in expect:  # 722.1: the player who is the monarch (null: none)
        assert st.monarch == expect["monarch"], "the monarch"
    for key in ("ring_tempted", "ring_bearer"):  # 701.54c: the times the Ring tempted each player; 701.54a: bearers
        if key in expect:
            assert getattr(st, key) == expect[key], key
    for key in ("turn", "step", "active"):
        if key in expect:
            assert getattr(st, key) == expect[key], key
    for p, n in (expect.get("emblems") or {}).items():  # 114.2: the emblems in each player's command zone
        assert sum(e.duration == "emblem" and e.controller == p for e in st.effects) == n, f"{p}'s emblems"
    for p, life in (expect.get("life") or {}).items():
        assert st.player(p).life == life, f"{p}'s life"
    if "battlefield" in expect:
        assert sorted(st.battlefield) == sorted(expect["battlefield"])
    for zone in ("graveyard", "exile"):
        for p, ids in (expect.get(zone) or {}).items():
            got = st.zone_ids(zone, p) if zone == "graveyard" else [i for i in st.exile if st.objects[i].owner == p]
            assert got == ids, f"{p}'s {zone}"
    for p, n in (expect.get("hand") or {}).items():
        assert len(st.zone_ids("hand", p)) == n, f"{p}'s hand"
    for oid, n in (expect.get("damage") or {}).items():
        assert st.objects[oid].damage == n, f"damage on {oid}"
    if "tapped" in expect:
        assert sorted(o for o in st.battlefield if st.objects[o].tapped) == sorted(expect["tapped"])
    if "scheme_deck" in expect:  # 904, 314.2: the archenemy's scheme deck, top first (engine/game/schemes.py)
        assert st.scheme_deck == expect["scheme_deck"], "the scheme deck"
    if "saddled" in expect:  # 702.171b: the saddled designation
        assert sorted(o for o in st.battlefield if st.objects[o].saddled) == sorted(expect["saddled"])
    if expect.get("controller") or expect.get("characteristics"):  # after the layers (613)
        from bridge.layers import compute_layers
        chars = compute_layers(st).objects
        for oid, player in (expect.get("controller") or {}).items():
            assert chars[oid]["controller"] == player, f"controller of {oid}"
        for oid, fields in (expect.get("characteristics") or {}).items():
            for k, v in fields.items():
                assert chars[oid][k] == v, f"{k} of {oid}"
    for oid, counters in (expect.get("counters") or {}).items():
        held = st.player(oid).counters if oid in st.player_names else st.objects[oid].counters  # a player's: poison
        assert held == counters, f"counters on {oid}"
    if "rejected" in expect:
        assert [r["rule"] for r in result.rejected] == expect["rejected"]
    for rule, n in (expect.get("log_count") or {}).items():
        assert sum(e.rule == rule for e in result.log) == n, f"rule {rule} in the log"
    if "log" in expect:
        rules = [e.rule for e in result.log]
        at = 0
        for rule in expect["log"]:
            assert rule in rules[at:], f"rule {rule} missing from the log after position {at}: {rules}"
            at = rules.index(rule, at) + 1


def test_same_game_same_log():
    """Output is deterministic: the same game file gives the same log."""
    path = GAMES[0]
    logs = []
    for _ in range(2):
        state, actions, until = load_game(path, LIBRARY)
        logs.append([e.to_dict() for e in play(state, actions, library=LIBRARY, until=until).log])
    assert logs[0] == logs[1]


def test_priority_passes_on_an_unchanged_board_cost_no_solver_call():
    """Issue 6: the characteristics are cached by the board's content: a whole turn in which nothing
    changes (priority passed in every step) runs the layers program once."""
    from engine.game import Game
    from engine.files.gamefile import game_from_data

    data = {"players": ["alice", "bob"], "step": "untap",
            "battlefield": [{"card": "Grizzly Bears", "controller": "alice"}, {"card": "Glorious Anthem", "controller": "bob"},
                            {"card": "Forest", "controller": "alice", "tapped": True}],
            "until": {"turn": 1, "step": "cleanup"}}
    state, actions, until = game_from_data(data, LIBRARY, "unchanged")
    game = Game(state, actions, library=LIBRARY, until=until)
    result = game.run()
    assert [e.rule for e in result.log][:2] == ["502.3", "103.8a"]  # the Forest untaps: no characteristic changes
    assert game.layers_requests >= 7  # priority in upkeep, main, beginning of combat, ... end
    assert game.solves == {"layers": 1}
