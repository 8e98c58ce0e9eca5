"""A state written as a board file (engine/files/boardwriter.py, `--out`) loads back as the same state: on
every shipped example board and on generated boards of every kind."""

from __future__ import annotations

import dataclasses

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import DATA, ROOT
from engine.files.boardwriter import board_dict, write_board
from engine.app.generate import random_board, random_combat_board, random_layers_board, random_replace_board
from engine.files.library import load_library
from engine.files.gamefile import load_game
from engine.files.errors import InputError
from engine.state.model import Characteristics
from engine.vocab.oracle.compile import compile_paragraph
from engine.files.loader import board_from_data, load_board

LIBRARY = load_library([DATA / "cards"])
def _is_board(path) -> bool:
    """A board file: a mapping with players (the folders also hold declarations, events, assignments)."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return isinstance(data, dict) and "players" in data


BOARDS = sorted(p for p in (ROOT / "examples").rglob("*.yaml") if "bad" not in p.parts and _is_board(p))


@pytest.mark.parametrize("path", BOARDS, ids=[str(p.relative_to(ROOT)) for p in BOARDS])
def test_example_boards_round_trip(path, tmp_path):
    """Boards, and the boards of game files (examples/games: a board plus actions)."""
    state = load_game(path, LIBRARY)[0] if "games" in path.parts else load_board(path, LIBRARY)
    out = tmp_path / "out.yaml"
    write_board(state, out)
    again = load_board(out, LIBRARY)
    assert again.to_dict() == state.to_dict()


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**32 - 1), kind=st.sampled_from(["board", "layers", "attack", "block", "replace"]))
def test_generated_boards_round_trip(seed, kind):
    if kind == "board":
        data = random_board(seed, LIBRARY)
    elif kind == "layers":
        data = random_layers_board(seed, LIBRARY)
    elif kind == "replace":
        data = random_replace_board(seed, LIBRARY)[0]
    else:
        data = random_combat_board(seed, LIBRARY, kind)
    state = board_from_data(data, LIBRARY, "generated")
    assert board_from_data(board_dict(state), LIBRARY, "written").to_dict() == state.to_dict()


# 111.4: tokens an effect defines by its text have no card of their name ("a 1/1 white Soldier creature
# token"), or have more than it ("with haste", a power an effect gives): --out writes their copiable values
# with them, and the board loads back with the same tokens.
TOKEN_GAMES = ["111-4-token-keywords-and-quoted-activated", "111-4-token-prowess-changeling", "608-2h-token-for-each",
               "107-3a-create-x-tokens", "110-5b-tapped-token-and-quoted-cant-block", "111-4-eldrazi-spawn-and-scion-tokens"]


def test_a_token_game_writes_definitions(tmp_path):
    """Raise-the-Alarm-like tokens and a token with a quoted ability: their definitions are written."""
    from engine.game import play
    game_library = load_library([ROOT / "tests" / "data" / "cards"])
    for name in ("111-4-token-keywords-and-quoted-activated", "110-5b-tapped-token-and-quoted-cant-block"):
        state, actions, until = load_game(ROOT / "tests" / "data" / "games" / f"{name}.yaml", game_library)
        final = play(state, actions, library=game_library, until=until, auto=True).state
        written = board_dict(final, game_library)
        assert any("definition" in p for p in written["battlefield"]), name


@pytest.mark.parametrize("name", TOKEN_GAMES)
def test_defined_tokens_round_trip(name, tmp_path):
    from engine.game import play
    game_library = load_library([ROOT / "tests" / "data" / "cards"])
    state, actions, until = load_game(ROOT / "tests" / "data" / "games" / f"{name}.yaml", game_library)
    final = play(state, actions, library=game_library, until=until, auto=True).state
    tokens = [o for o in final.objects.values() if o.kind == "token" and o.zone == "battlefield"]
    assert tokens, "the game creates tokens"
    out = tmp_path / "out.yaml"
    write_board(final, out, game_library)
    written = yaml.safe_load(out.read_text(encoding="utf-8"))
    # a token carries its definition exactly when no card of its name gives its copiable values
    for p in written["battlefield"]:
        card = game_library.get(p["card"])
        o = final.objects[p["id"]]
        assert ("definition" in p) == (o.kind == "token" and (card is None or Characteristics.of_card(card) != o.printed))
    again = load_board(out, game_library)
    # (the battlefield and the effects: a card in a graveyard keeps the choices made for it as a spell in
    # the loop, which a board doesn't write)
    on_battlefield = [o.to_dict() for o in final.permanents()]
    assert [o.to_dict() for o in again.permanents()] == on_battlefield
    assert [e.to_dict() for e in again.effects] == [e.to_dict() for e in final.effects]
    for o in tokens:
        assert again.objects[o.id].printed == o.printed  # the same copiable values (707.2)


def test_token_without_definition_is_named_by_the_error():
    with pytest.raises(InputError) as e:
        board_from_data({"players": ["a"], "battlefield": [{"card": "Soldier Token", "controller": "a", "token": True}]},
                        LIBRARY, "b.yaml")
    assert "battlefield[0].card" in str(e.value) and "unknown card 'Soldier Token'" in str(e.value)


SOLDIER = {"name": "Soldier Token", "token": True, "types": ["Creature"], "subtypes": ["Soldier"], "colors": ["white"],
           "power": 1, "toughness": 1}


def test_a_defined_token_loads():
    state = board_from_data({"players": ["a"], "battlefield": [
        {"card": "Soldier Token", "controller": "a", "token": True, "definition": SOLDIER}]}, LIBRARY, "b.yaml")
    (o,) = state.objects.values()
    assert (o.kind, o.printed.types, o.printed.subtypes, o.printed.colors, o.printed.power) == (
        "token", ("Creature",), ("Soldier",), ("white",), 1)


@pytest.mark.parametrize("permanent, field, problem", [
    ({"token": False}, "battlefield[0].definition", "only a token"),
    ({"definition": {**SOLDIER, "token": False}}, "battlefield[0].definition", "'colors' is for token definitions"),
    ({"definition": {**SOLDIER, "name": "Goblin Token"}}, "battlefield[0].definition.name", "is not the name it defines"),
    ({"definition": {**SOLDIER, "flavor": "x"}}, "battlefield[0].definition.flavor", "unknown field"),
    ({"definition": {**SOLDIER, "power": None}}, "battlefield[0].definition", "needs power and toughness"),
    ({"definition": {**SOLDIER, "power": 99999999999}}, "battlefield[0].definition.power", "from -1,000,000 to 1,000,000"),
])
def test_bad_definitions_are_refused(permanent, field, problem):
    p = {"card": "Soldier Token", "controller": "a", "token": True, "definition": SOLDIER, **permanent}
    with pytest.raises(InputError) as e:
        board_from_data({"players": ["a"], "battlefield": [p]}, LIBRARY, "b.yaml")
    assert f"b.yaml: {field}:" in str(e.value) and problem in str(e.value), str(e.value)


def test_an_effect_of_a_token_that_ceased_to_exist_keeps_its_definition():
    """111.7: the token whose ability created an effect may have ceased to exist; the board written keeps
    the effect, with the definition of the token it names, and loads back with the same ability."""
    pumper = {**SOLDIER, "name": "Pumper Token", "oracle": "{T}: This creature gets +1/+1 until end of turn.",
              "abilities": [a.model_dump(mode="json", by_alias=True, exclude_none=True)
                            for a in compile_paragraph("{T}: This creature gets +1/+1 until end of turn.")]}
    state = board_from_data({"players": ["a"], "battlefield": [
        {"card": "Pumper Token", "controller": "a", "token": True, "id": "p", "definition": pumper}]}, LIBRARY, "b.yaml")
    assert state.defined_tokens["Pumper Token"] == state.objects["p"].printed
    state.effects.append(dataclasses.replace(state_effect(state), source="p"))
    state.take_out("p")
    del state.objects["p"]
    written = board_dict(state, LIBRARY)
    assert written["effects"][0]["definition"]["name"] == "Pumper Token"
    again = board_from_data(written, LIBRARY, "written")
    assert again.effects[0].ability == state.effects[0].ability


def state_effect(state):
    from engine.state.model import ContinuousEffect
    ab = state.objects["p"].printed.abilities[0]
    return ContinuousEffect(index=1, source_card="Pumper Token", ability_index=1, ability=ab, controller="a",
                            targets=(), choices={}, timestamp=5, duration="end_of_turn", remaining=None, source=None,
                            affected=("p",))
