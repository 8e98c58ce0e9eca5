"""'Repeat this process' (608.2c, issue 24): the one-shot operation repeat_process (engine/vocab/oneshot_ifcond.py),
read by the Oracle grammar (engine/vocab/oracle/repeat.lark) and followed by the game loop (engine/game/repeat.py): the
instructions before it again, once more ("Repeat this process once.") or each time the controller chooses to ("You may
repeat this process any number of times.", Ad Nauseam). The shipped game:
examples/games/g141-ad-nauseam-repeat-this-process.yaml."""

from __future__ import annotations

import pytest
import yaml
from pydantic import TypeAdapter, ValidationError

from engine.files.gamefile import game_from_data
from engine.files.library import load_library
from engine.game import GameError, play
from engine.vocab.cardfile import Ability
from engine.vocab.oracle.compile import compile_paragraph

AD_NAUSEAM = ("Reveal the top card of your library and put that card into your hand. You lose life equal to its mana "
              "value. You may repeat this process any number of times.")


def _ops(paragraph: str):
    found = compile_paragraph(paragraph)
    return None if found is None else [op.model_dump(exclude_defaults=True) for op in found[0].one_shot]


def test_ad_nauseam_compiles():
    ops = _ops(AD_NAUSEAM)
    assert [op["op"] for op in ops] == ["look_at_top", "lose_life", "repeat_process"]
    assert ops[-1] == {"op": "repeat_process", "may": True}


def test_repeat_once_compiles():
    assert _ops("Draw a card. Repeat this process once.") == [{"op": "draw", "amount": 1},
                                                               {"op": "repeat_process", "times": 1}]


@pytest.mark.parametrize("paragraph", [
    "Repeat this process once.",  # no process before it
    "Draw a card. Repeat this process once. Draw a card.",  # not the last instruction: what would the process be?
    "You may discard a card. If you do, repeat this process.",  # a condition on what the process did: not read
    "Draw a card. Repeat this process twice.",
    "Target opponent draws two cards. That opponent may repeat this process as many times as they choose.",
])
def test_near_misses_dont_compile(paragraph):
    assert compile_paragraph(paragraph) is None


@pytest.mark.parametrize("ops", [
    [{"op": "draw", "amount": 1}, {"op": "repeat_process"}],  # neither form
    [{"op": "draw", "amount": 1}, {"op": "repeat_process", "times": 1, "may": True}],  # both
    [{"op": "repeat_process", "times": 1}],  # no process
    [{"op": "repeat_process", "times": 1}, {"op": "draw", "amount": 1}],  # not last
    [{"op": "may", "one_shot": [{"op": "draw", "amount": 1}, {"op": "repeat_process", "may": True}]}],  # nested
])
def test_vocabulary_refuses(ops):
    with pytest.raises(ValidationError):
        TypeAdapter(Ability).validate_python({"kind": "spell", "text": "x", "one_shot": ops})


@pytest.fixture(scope="module")
def lib(tmp_path_factory):
    folder = tmp_path_factory.mktemp("cards")
    (folder / "repeat_once.yaml").write_text(yaml.safe_dump({
        "name": "Example: Draw Twice", "mana_cost": "{1}", "types": ["Sorcery"],
        "oracle": "Draw a card. Repeat this process once.",
        "source": "a test card for 608.2c's 'Repeat this process once.', not a printed card",
        "abilities": [{"kind": "spell", "text": "Draw a card. Repeat this process once.",
                       "one_shot": [{"op": "draw", "amount": 1}, {"op": "repeat_process", "times": 1}]}]}),
        encoding="utf-8")
    return load_library([folder])


def _game(lib, card: str, actions: list, auto: bool = False):
    data = {"players": ["alice", "bob"], "step": "precombat_main",
            "battlefield": [{"card": "Swamp", "controller": "alice", "id": f"s{i}"} for i in range(5)],
            "hand": {"alice": [{"card": card, "id": "spell"}]},
            "library": {"alice": ["Hill Giant", "Grizzly Bears", "Lightning Bolt", "Colossal Dreadmaw"]},
            "actions": [{"cast": "spell", "tap": [f"s{i}" for i in range(5)]}] + actions,
            "until": {"turn": 1, "step": "beginning_of_combat"}}
    state, acts, until = game_from_data(data, lib, "test")
    return play(state, acts, library=lib, until=until, auto=auto)


def test_repeat_once_follows_the_process_twice(lib):
    """608.2c: "Draw a card. Repeat this process once.": two cards drawn, once each time."""
    result = _game(lib, "Example: Draw Twice", [])
    assert len(result.state.zone_ids("hand", "alice")) == 2
    assert sum(e.rule == "608.2c" for e in result.log) == 1


def test_ad_nauseam_auto_doesnt_repeat(lib):
    """--auto: "you may repeat this process" is answered no (the repetition ends, 104.4b): one card, 4 life."""
    result = _game(lib, "Ad Nauseam", [], auto=True)
    assert result.state.player("alice").life == 16 and len(result.state.zone_ids("hand", "alice")) == 1


def test_ad_nauseam_answer_missing_is_an_error(lib):
    """608.2d: without an answer (and without --auto) the game stops and names the choice."""
    with pytest.raises(GameError, match="may repeat the process of Ad Nauseam"):
        _game(lib, "Ad Nauseam", [])


def test_ad_nauseam_empty_library_repeats_nothing(lib):
    """608.2c: repeated past the library's last card, the process reveals nothing and loses no life."""
    result = _game(lib, "Ad Nauseam", [{"may": True}] * 5 + [{"may": False}])
    st = result.state
    assert st.player("alice").life == 20 - 4 - 2 - 1 - 6 and len(st.zone_ids("hand", "alice")) == 4
    assert not st.zone_ids("library", "alice")
