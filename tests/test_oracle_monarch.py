"""The monarch (722, the current official Comprehensive Rules: the seed text stops at 702.42): "you become the monarch",
"target player becomes the monarch" (engine/vocab/oracle/oneshot_monarch.py, oneshot.lark's block "the monarch": {op:
become_monarch, who: you | target}); the designation in a board (``monarch:``, 722.1) and in `mtgjudge show`; the loop's
engine/game/monarch.py. The cards are the card database's (each example asserts the database's paragraph first); the
games are tests/data/games/722-2-monarch-draws-and-is-taken-in-combat (Palace Sentinels: the end step draw and the
combat damage transfer, 722.2-722.3), 722-3-target-opponent-becomes-the-monarch (Garland, Royal Kidnapper) and
722-4-the-monarch-leaves-the-game (three players: the active player becomes the monarch)."""

from __future__ import annotations

import pytest
from engine.files.dbcards import card_file
from engine.files.errors import InputError
from engine.files.boardwriter import board_dict
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import REMINDER, compile_paragraph
from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


YOU = [{"op": "become_monarch"}]  # (who: you, the default)
EXAMPLES = [
    ("Palace Sentinels", "When this creature enters, you become the monarch.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": YOU}),
    ("Court of Grace", "When this enchantment enters, you become the monarch.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": YOU}),
    ("Throne of the High City", "{4}, {T}, Sacrifice this land: You become the monarch.",
     {"kind": "activated", "cost": "{4}, {T}, Sacrifice this land", "one_shot": YOU}),
    ("Garland, Royal Kidnapper", "When Garland enters, target opponent becomes the monarch.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "player", "controller": "opponent"}],
      "one_shot": [{"op": "become_monarch", "who": "target"}]}),
    ("Denethor, Stone Seer", "{3}{R}, {T}, Sacrifice Denethor: Target player becomes the monarch. Denethor deals 3 "
                             "damage to any target.", None),
]


@pytest.mark.parametrize("name, paragraph, expected", [e for e in EXAMPLES if e[1]], ids=[e[0] for e in EXAMPLES if e[1]])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True)
    if expected is not None:
        assert {k: v for k, v in got.items() if k not in ("text", "effect")} == expected
    else:  # Denethor: a target player becomes the monarch, then the damage to any target (two targets, in order)
        assert [t["what"] for t in got["targets"]] == ["player", "any"]
        assert [o["op"] for o in got["one_shot"]] == ["become_monarch", "damage"]
        assert got["one_shot"][0]["who"] == "target"


@pytest.mark.parametrize("paragraph", [
    "You become the monarch.",
    "All creatures get -4/-4 until end of turn. You become the monarch.",
    "When this Aura enters, tap enchanted creature and you become the monarch.",
])
def test_compiles(paragraph):
    abilities = compile_paragraph(paragraph, "Foo")
    assert abilities is not None and "become_monarch" in [o.op for o in abilities[0].one_shot]


# near misses: each must NOT compile (another player than you or a target, a trigger or a condition on the monarch the
# loop doesn't read, a rule that forbids becoming the monarch)
@pytest.mark.parametrize("paragraph", [
    "Each opponent becomes the monarch.",
    "Its controller becomes the monarch.",
    "You can't become the monarch this turn.",
    "Whenever you become the monarch, target player sacrifices a creature of their choice.",
    # ("When this creature enters, if there is no monarch, ...": read, 603.4, tests/test_oracle_ifevent.py)
    "Chaos: You become the Monarch. If you are already the Monarch, draw a card.",
    "When this creature enters, exile target creature an opponent controls until an opponent becomes the monarch.",
    "This creature can't attack unless defending player is the monarch.",
    "You become a monarch.",
])
def test_near_misses_dont_compile(paragraph):
    assert compile_paragraph(paragraph, "Foo") is None


BOARD = "players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice}\n"


def test_board_says_the_monarch_and_writes_it_back(lib):
    state = load_board_text(BOARD + "monarch: bob\n", lib)
    assert state.monarch == "bob"
    assert board_dict(state)["monarch"] == "bob"  # 722.1: kept from turn to turn: written back by --out
    assert load_board_text(BOARD, lib).monarch is None  # no monarch as a game begins


def test_unknown_monarch_is_an_input_error(lib):
    with pytest.raises(InputError) as e:
        load_board_text(BOARD + "monarch: carol\n", lib)
    assert "monarch" in str(e.value) and "carol" in str(e.value)


def test_show_says_the_monarch(run, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD + "monarch: bob\n", encoding="utf-8")
    r = run("show", path)
    assert r.code == 0
    [row] = [line for line in r.out.splitlines() if " bob " in f" {line} " and "20" in line]
    assert "monarch" in row
    bad = tmp_path / "bad.yaml"
    bad.write_text(BOARD + "monarch: carol\n", encoding="utf-8")
    r = run("show", bad)
    assert r.code == 2 and len(r.err.strip().splitlines()) == 1 and "monarch" in r.err


# 603.4, 722.1: an intervening "if" on the monarch (engine/vocab/oracle/oneshot_cond.py: MONARCH -> Condition {monarch})
CONDITIONS = [
    ("Throne Warden", "At the beginning of your end step, if you're the monarch, put a +1/+1 counter on this creature.",
     "you"),
    ("Garrulous Sycophant", "At the beginning of your end step, if you're the monarch, each opponent loses 1 life and you "
                            "gain 1 life.", "you"),
    ("Skyline Despot", "At the beginning of your upkeep, if you're the monarch, create a 5/5 red Dragon creature token "
                       "with flying.", "you"),
]


@pytest.mark.parametrize("name, paragraph, who", CONDITIONS, ids=[c[0] for c in CONDITIONS])
def test_intervening_if_on_the_monarch(db, lib, name, paragraph, who):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    assert executable_by(ab) is not None
    assert ab.if_condition.monarch == who and ab.trigger.at_beginning_of in ("end", "upkeep")


@pytest.mark.parametrize("paragraph, who", [
    ("At the beginning of your upkeep, if an opponent is the monarch, draw a card.", "opponent"),
    ("At the beginning of your end step, if there is no monarch, you become the monarch.", "none"),
])
def test_intervening_if_other_monarchs(paragraph, who):
    [ab] = compile_paragraph(paragraph, "Foo")
    assert ab.if_condition.monarch == who


@pytest.mark.parametrize("paragraph", [
    "As long as you're the monarch, permanents you control have hexproof.",  # a static's condition: the layers' (722.1)
    "Creatures you control get +1/+1 as long as you're the monarch.",
])
def test_static_monarch_conditions_are_the_layers(paragraph):
    [ab] = compile_paragraph(paragraph, "Foo")
    assert ab.continuous.condition.monarch == "you"


@pytest.mark.parametrize("paragraph", [
    "At the beginning of your end step, if you are a monarch, draw a card.",
])
def test_monarch_conditions_not_read(paragraph):
    assert compile_paragraph(paragraph, "Foo") is None


def test_holds_reads_the_monarch():
    """engine/game/conditions.py: holds, on who is the monarch now (102.2: each other player is an opponent)."""
    from types import SimpleNamespace
    from engine.game.conditions import holds
    from engine.vocab.selector import Condition

    def h(who: str, monarch: str | None) -> bool:
        return holds(SimpleNamespace(state=SimpleNamespace(monarch=monarch)), Condition(monarch=who), "x", "alice")
    assert [h("you", m) for m in ("alice", "bob", None)] == [True, False, False]
    assert [h("opponent", m) for m in ("alice", "bob", None)] == [False, True, False]
    assert [h("none", m) for m in ("alice", "bob", None)] == [False, False, True]


def test_no_effect_of_the_programs_has_a_monarch_condition():
    """The layers program reads "you're the monarch" only (722.1, bridge/layers: the player who is); any other condition
    on the monarch is the game loop's: the vocabulary refuses it in a continuous effect."""
    import engine.vocab.cardfile  # noqa: F401 (the models complete)
    from engine.vocab.effects import Continuous

    Continuous.model_validate({"if": {"monarch": "you"}, "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]})
    for who in ("opponent", "none"):
        with pytest.raises(ValueError, match="monarch"):
            Continuous.model_validate({"if": {"monarch": who}, "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]})
