"""Issue 22, strict inputs: what the engine would ignore is an error (one line naming the file, the field and the
fix; exit 2), or is read where it is (an entering spell's X from the stack, 107.3m; the source of an effect whose
ability says "this", inferred when one permanent of its card is on the battlefield, and said so)."""

from __future__ import annotations

import json

from engine.files.effect_source import refers_to_self

SHADE = """players: [alice, bob]
battlefield:
{permanents}
effects:
  - {{from: Frozen Shade, controller: alice}}
"""


def _one_error(r, path, *parts):
    assert r.code == 2, r.out + r.err
    assert r.out == ""
    lines = r.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"mtgjudge: error: {path}: "), r.err
    assert "Traceback" not in r.err
    for p in parts:
        assert p in lines[0], lines[0]


def test_an_effect_saying_this_gets_the_one_permanent_of_its_card(run, tmp_path):
    """Frozen Shade: "{B}: This creature gets +1/+1 until end of turn." An effect of it without `source`: the one
    Frozen Shade (0/1) is its source, and gets +1/+1 (611.2, 113.7); `mtgjudge show` says the source was inferred."""
    board = tmp_path / "board.yaml"
    board.write_text(SHADE.format(permanents="  - {card: Frozen Shade, controller: alice}"), encoding="utf-8")
    r = run("show", board)
    assert r.code == 0 and "frozen_shade (inferred)" in r.out
    r = run("layers", board, "--json")
    assert r.code == 0
    doc = json.loads(r.out)
    shade = doc["objects"]["frozen_shade"]
    assert (shade["power"], shade["toughness"]) == (1, 2)
    r = run("show", board, "--json")
    assert json.loads(r.out)["effects"][0]["source_inferred"] is True


def test_an_effect_saying_this_with_two_or_no_permanents_of_its_card_is_refused(run, tmp_path):
    board = tmp_path / "board.yaml"
    board.write_text(SHADE.format(permanents="  - {card: Frozen Shade, controller: alice}\n"
                                             "  - {card: Frozen Shade, controller: alice}"), encoding="utf-8")
    _one_error(run("show", board), board, "effects[0].source", "2 permanents made from it are on the battlefield "
               "(frozen_shade, frozen_shade_2)", "give `source:`, the id of the permanent with this ability")
    board.write_text(SHADE.format(permanents="  - {card: Grizzly Bears, controller: alice}"), encoding="utf-8")
    _one_error(run("show", board), board, "effects[0].source", "no permanent made from it is on the battlefield",
               "give `source:`")


def test_what_says_this_is_the_effect_not_the_cost(library):
    """Mogg Fanatic's "Sacrifice this creature: It deals 1 damage to any target." says "this" in its cost only;
    Drudge Skeletons' "Regenerate this creature." and Spirit en-Kor's redirection say it in their effects."""
    assert not refers_to_self(library.get("Mogg Fanatic").abilities[0])
    assert refers_to_self(library.get("Drudge Skeletons").abilities[0])
    assert refers_to_self(library.get("Spirit en-Kor").abilities[1])
    assert not refers_to_self(library.get("Giant Growth").abilities[0])


def test_replace_says_which_source_it_inferred(run, tmp_path):
    board, event = tmp_path / "board.yaml", tmp_path / "event.yaml"
    board.write_text("players: [alice, bob]\nbattlefield:\n  - {card: Drudge Skeletons, controller: bob}\n"
                     "effects:\n  - {from: Drudge Skeletons, controller: bob}\n", encoding="utf-8")
    event.write_text("event: {type: zone_change, object: drudge_skeletons, from: battlefield, to: graveyard, "
                     "destroy: true}\n", encoding="utf-8")
    r = run("replace", board, event)
    assert r.code == 0
    assert "effects#1 (Drudge Skeletons): its source, not given, is drudge_skeletons" in r.out
    assert "outcome 1: regenerate (object: drudge_skeletons)" in r.out
    r = run("replace", board, event, "--json")
    assert json.loads(r.out)["inferred_sources"] == [{"effect": "effects#1", "from": "Drudge Skeletons",
                                                      "source": "drudge_skeletons"}]


def test_an_event_x_that_disagrees_with_the_spells_x_is_refused(run, tmp_path):
    """107.3m: the X of the entering spell is the X it was cast with (its stack entry's choices.x)."""
    board, event = tmp_path / "board.yaml", tmp_path / "event.yaml"
    board.write_text("players: [alice, bob]\nstack:\n  - {card: Hangarback Walker, controller: alice, choices: {x: 2}}\n",
                     encoding="utf-8")
    event.write_text("event: {type: enter, object: hangarback_walker, controller: alice, x: 3}\n", encoding="utf-8")
    _one_error(run("replace", board, event), event, "event.x", "x 3 is not the X 2 that 'hangarback_walker' was cast "
               "with (stack[0].choices.x, 107.3m)", "leave x out")
    event.write_text("event: {type: enter, object: hangarback_walker, controller: alice}\n", encoding="utf-8")
    r = run("replace", board, event)
    assert r.code == 0 and "counters: {+1/+1: 2}" in r.out and "x: 2" in r.out


def test_an_unknown_choice_in_a_game_file_is_refused(run, tmp_path):
    game = tmp_path / "game.yaml"
    game.write_text("players: [alice, bob]\nstep: precombat_main\nbattlefield:\n"
                    "  - {card: Adaptive Automaton, controller: alice, choices: {creature: Elf}}\n"
                    "actions:\n  - {pass: true}\n", encoding="utf-8")
    _one_error(run("play", game), game, "battlefield[0].choices.creature", "unknown choice 'creature': nothing reads it",
               "did you mean 'creature_type'?")


def test_events_given_as_data_are_range_checked(library):
    import pytest

    from engine.files.errors import InputError
    from engine.files.events import events_from_data
    from engine.files.loader import board_from_data

    state = board_from_data({"players": ["alice", "bob"]}, library, "b")
    with pytest.raises(InputError, match="out of range"):
        events_from_data({"event": {"type": "life_gain", "player": "alice", "amount": 2**40}}, state, library, "e")
