"""Countering an activated or triggered ability (engine/vocab/oracle/oneshot_copy.py's os_counter_ability, oneshot.lark's
block "countering abilities"): "Counter target activated ability.", "Counter target triggered ability.", "Counter
target activated or triggered ability [you don't control]." (701.6a, 113.3b-c, 115.1; a mana ability never is on the
stack, 605.3b). TargetSpec what: activated_ability, triggered_ability, ability (either); the loop's
engine/game/counter_ability.py. The cards are the card database's (each example asserts the database's paragraph
first); the games are tests/data/games/701-6a-counter-target-activated-ability (Squelch on Prodigal Sorcerer) and
701-6a-counter-target-triggered-ability (Stifle on Elvish Visionary's trigger; Squelch refused on it)."""

from __future__ import annotations

import pytest
from engine.files.library import load_library
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture: the card database's index of the session)



@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Stifle", "Counter target activated or triggered ability.",
     {"kind": "spell", "targets": [{"what": "ability"}], "one_shot": [{"op": "counter"}]}),
    ("Squelch", "Counter target activated ability.",
     {"kind": "spell", "targets": [{"what": "activated_ability"}], "one_shot": [{"op": "counter"}]}),
    ("Voidmage Husher", "When this creature enters, counter target activated ability.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "activated_ability"}],
      "one_shot": [{"op": "counter"}]}),
    ("Nimble Obstructionist", "When you cycle this card, counter target activated or triggered ability you don't "
                              "control.", None),
    ("Azorius Guildmage", "{2}{U}: Counter target activated ability.",
     {"kind": "activated", "cost": "{2}{U}", "targets": [{"what": "activated_ability"}],
      "one_shot": [{"op": "counter"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    if expected is not None:
        got = ab.model_dump(exclude_defaults=True)
        assert {k: v for k, v in got.items() if k not in ("text", "effect")} == expected
    else:  # "you don't control" (115.1): an opponent's ability
        assert ab.targets[0].what == "ability" and ab.targets[0].controller == "opponent"
        assert [o.op for o in ab.one_shot] == ["counter"]


def test_triggered_ability_kind():
    [ab] = compile_paragraph("Counter target triggered ability.", "Foo")
    assert ab.targets[0].what == "triggered_ability" and ab.one_shot[0].op == "counter"


# near misses: an ability of a kind of source, a payment, a spell or an ability, a mana ability, your own
NOT_READ = [
    "Counter target activated ability from an artifact source.",
    "Counter target activated or triggered ability from an artifact or enchantment source.",
    "Counter target activated ability unless that ability's controller pays {2}.",
    "Counter target spell, activated ability, or triggered ability you don't control.",  # (without: test_oracle_fight)
    "Counter target triggered ability or colorless spell.",
    "Counter target activated ability, triggered ability, or legendary spell.",
    "Counter target mana ability.",
    "Counter target ability.",
    "Counter target activated or triggered ability you control.",
    "Counter target static ability.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


def test_an_ability_you_control_is_not_a_target_of_you_dont_control(lib, tmp_path):
    # 115.1, 603.3d: Nimble Obstructionist's cycle trigger ("... ability you don't control") can't target bob's own
    # cycling ability; the Sorcerer's (alice's) it can (tests/data/games/701-6a-counter-ability-you-dont-control)
    from pathlib import Path

    from engine.files.gamefile import load_game
    from engine.game import GameError, play

    game = Path(__file__).parent / "data" / "games" / "701-6a-counter-ability-you-dont-control.yaml"
    text = game.read_text(encoding="utf-8").replace('"obs#4": [sorc_ability]', '"obs#4": [obs_ability]')
    assert "obs_ability" in text
    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    state, actions, until = load_game(path, lib)
    with pytest.raises(GameError, match="an ability you control"):
        play(state, actions, library=lib, until=until)
