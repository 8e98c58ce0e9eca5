"""Every line of a game script is carried out, or the run stops (exit 2) naming the line, its verb and why (issue 24;
engine/game/script.py, docs/play.md "Every line is carried out").

- Acceptance: every shipped game (examples/games, tests/data/games) played with a deliberately extra answer appended
  (one no choice of the game asks for) stops naming that line; played with a deliberately impossible action put before
  its first line that isn't an answer (activating an ability of an object that is not in the game: a token never
  created) stops naming that line, early in the game. Each game is played in-process; the characteristics computed by
  the layers program are shared between the runs of a game (the same board gives the same characteristics).
- The rules of the script, each on a small game: a block declared `by` the defending player (509.1, 506.2) is taken,
  `by` another player is an error; an answer not asked for in its turn stops the run at the end of that turn; an
  answer whose `at` is later is not taken by an earlier choice; an action whose `at` turn has passed stops the run; an
  illegal action the rules refuse (733) stays a refusal, logged in `rejected`.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.files.gamefile import game_from_data
from engine.files.library import load_library
from engine.game import GameError, play
from engine.game import loop, script

HERE = Path(__file__).resolve().parent
GAMES = sorted((HERE.parent / "examples" / "games").glob("*.yaml")) + sorted((HERE / "data" / "games").glob("*.yaml"))
LIBRARY = load_library([HERE / "data" / "cards"])
NOTHING = "clue_99"  # a token id the loader accepts (a Clue may be created, 111.1) that no game creates


@pytest.fixture(scope="module")
def shared_layers():
    """The layers program's answer for a board, kept across the runs of this module (a pure function of the board)."""
    memo: dict = {}
    real = loop.compute_layers

    def cached(state, config):
        key = repr(state.to_dict())
        if key not in memo:
            if len(memo) > 4096:
                memo.clear()
            memo[key] = real(state, config)
        return memo[key]

    loop.compute_layers = cached
    yield
    loop.compute_layers = real


def _run(data: dict, name: str, extra: dict, at: int | None = None) -> GameError:
    data = dict(data)
    auto = bool((data.pop("expect", None) or {}).get("auto"))
    lines = list(data.get("actions") or [])
    data["actions"] = lines[:at] + [extra] + lines[at:] if at is not None else lines + [extra]
    state, actions, until = game_from_data(data, LIBRARY, name)
    with pytest.raises(GameError) as e:
        play(state, actions, library=LIBRARY, until=until, auto=auto)
    return e.value


@pytest.mark.parametrize("path", GAMES, ids=[p.stem for p in GAMES])
def test_every_line_is_carried_out(path: Path, shared_layers):
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    n = len(data.get("actions") or [])
    # an answer no choice of the game asks for: {may: true} (an --auto game's choices the script leaves out are asked
    # all the same, a "you may" among them: there, the answer to a soulbond ability, which no --auto game has)
    auto = bool((data.get("expect") or {}).get("auto"))
    extra = {"pair": None} if auto else {"may": True}
    verb = next(iter(extra))
    err = _run(data, path.name, extra)
    assert err.where == f"actions[{n}]" and f"'{verb}'" in err.problem, f"{err.where}: {err.problem}"
    # an impossible action: activating an ability of an object that is not in the game, put before the script's first
    # line that isn't an answer (the answers before it are taken as before; it is due at the next priority, so the run
    # stops early, before the game's own actions, which the run above played)
    actions = game_from_data({key: v for key, v in data.items() if key != "expect"}, LIBRARY, path.name)[1]
    k = next((i for i, act in enumerate(actions) if not script.is_answer(act)), n)
    err = _run(data, path.name, {"activate": NOTHING, "ability": 1}, at=k)
    assert err.where == f"actions[{k}]" and "'activate'" in err.problem, f"{err.where}: {err.problem}"


# --- the rules of the script, each on a small game ---------------------------------------------------------------

COMBAT = """
players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Grizzly Bears, controller: alice, id: bears}
  - {card: Hill Giant, controller: bob, id: giant}
until: {turn: 1, step: postcombat_main}
"""


def _game(text: str, actions: list, **kw):
    data = yaml.safe_load(text)
    data["actions"] = actions
    state, acts, until = game_from_data(data, LIBRARY, "game")
    return play(state, acts, library=LIBRARY, until=until, **kw)


def test_block_by_the_defending_player_is_declared():
    """509.1, 506.2: bob, the defending player, declares the block his `by` says (g136)."""
    r = _game(COMBAT, [{"attack": {"bears": "bob"}}, {"block": {"giant": "bears"}, "by": "bob"}])
    assert r.state.player("bob").life == 20 and "bears" not in r.state.battlefield


@pytest.mark.parametrize("by, side", [("alice", "block"), ("bob", "attack")])
def test_declaration_by_another_player_is_an_error(by, side):
    """508.1, 509.1: the active player declares attackers, the defending player blockers; a `by` naming another player
    is an error of the script (exit 2) naming the line, not a declaration skipped."""
    acts = [{"attack": {"bears": "bob"}, **({"by": by} if side == "attack" else {})}]
    if side == "block":
        acts.append({"block": {"giant": "bears"}, "by": by})
    with pytest.raises(GameError) as e:
        _game(COMBAT, acts)
    assert e.value.where == f"actions[{len(acts) - 1}]" and f"'{side}'" in e.value.problem and by in e.value.problem


MAY_TRIGGER = """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: "Ob Nixilis, the Fallen", controller: alice, id: ob}
  - {card: Grizzly Bears, controller: bob, id: bears}
hand:
  alice: [{card: Swamp, id: swamp}]
library:
  alice: [Swamp, Swamp, Swamp]
  bob: [Swamp, Swamp, Swamp]
"""


def test_answer_never_asked_for_stops_at_the_end_of_its_turn():
    """Ob Nixilis's landfall ability ("you may have target player lose 3 life") is not executed yet: its targets and
    its "you may" are never asked for. The run stops as turn 1 ends, naming the first unused answer (the attack and
    block after it are not silently dropped)."""
    acts = [{"play_land": "swamp"}, {"trigger_targets": {"ob#1": ["bob"]}}, {"may": True},
            {"attack": {"ob": "bob"}}, {"block": {"bears": "ob"}, "by": "bob"}]
    with pytest.raises(GameError) as e:
        _game(MAY_TRIGGER, acts)
    assert e.value.where == "actions[1]" and "'trigger_targets'" in e.value.problem and "turn 1" in e.value.problem


LIEGE = """
players: [alice, bob]
active: bob
step: end
battlefield:
  - {card: Creakwood Liege, controller: alice}
library:
  alice: [Swamp, Swamp]
  bob: [Forest, Forest]
until: {turn: 4, step: draw}
"""


def test_answer_for_a_later_turn_needs_its_at():
    """Creakwood Liege's upkeep trigger asks alice in turn 2: an answer given in turn 1 without `at` stops the run as
    turn 1 ends; with `at: {turn: 2, step: upkeep}` it answers that choice (g96)."""
    with pytest.raises(GameError) as e:
        _game(LIEGE, [{"may": True, "by": "alice"}, {"may": False, "by": "alice", "at": {"turn": 4, "step": "upkeep"}}])
    assert e.value.where == "actions[0]" and "never asked for" in e.value.problem
    r = _game(LIEGE, [{"may": True, "by": "alice", "at": {"turn": 2, "step": "upkeep"}},
                      {"may": False, "by": "alice", "at": {"turn": 4, "step": "upkeep"}}])
    assert "worm" in r.state.battlefield and "worm_2" not in r.state.battlefield


def test_answer_with_a_later_at_is_not_taken_early():
    """An answer whose `at` names turn 4 is not seen by the choice of turn 2 (608.2d): without an answer for it, that
    choice is missing (exit 2), not answered by the line meant for turn 4."""
    with pytest.raises(GameError) as e:
        _game(LIEGE, [{"may": False, "by": "alice", "at": {"turn": 4, "step": "upkeep"}}])
    assert "608.2d" in e.value.problem


def test_action_whose_turn_has_passed():
    """A line whose `at` turn has ended without it being carried out stops the run naming it (a land can't be played
    in an end step, 305.2: it waits, then its turn ends)."""
    text = LIEGE.replace("until: {turn: 4, step: draw}", "hand:\n  bob: [{card: Forest, id: f}]\n")
    with pytest.raises(GameError) as e:
        _game(text, [{"play_land": "f", "by": "bob", "at": {"turn": 1}}])
    assert e.value.where == "actions[0]" and "'play_land'" in e.value.problem and "turn 1 has ended" in e.value.problem


def test_refused_action_stays_a_refusal():
    """733: an illegal action the rules refuse (a second land in a turn, 305.2) is undone and listed in `rejected`;
    the script goes on."""
    text = """
players: [alice, bob]
active: alice
step: precombat_main
hand:
  alice: [{card: Forest, id: f1}, {card: Forest, id: f2}]
until: {turn: 1, step: end}
"""
    r = _game(text, [{"play_land": "f1"}, {"play_land": "f2"}])
    assert [x["rule"] for x in r.rejected] == ["305.2"] and "f1" in r.state.battlefield


def test_nothing_named_is_an_error():
    """An action naming an object that isn't in the game when it comes (a token never created) refers to nothing: exit
    2 naming the line, not a refusal."""
    with pytest.raises(GameError) as e:
        _game(COMBAT, [{"activate": NOTHING, "ability": 1}])
    assert e.value.where == "actions[0]" and NOTHING in e.value.problem
