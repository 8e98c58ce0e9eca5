"""Modal triggered abilities (603.3c, 700.2): "When this creature enters, choose one —" and the "•"
paragraphs that follow, compiled into a triggered ability with ``modes`` and one ability of kind
``mode`` per bullet (engine/vocab/oracle/compile.py: compile_mode reads each as the trigger's effect;
engine/files/dbcards.py joins them); the game loop announces the modes as it puts the ability on the
stack (engine/game/triggers.py) and follows the chosen ones (engine/game/resolve.py). The games that
check the rules outcome: tests/data/games/603-3c-*.yaml (test_games.py) and the one below.

Card texts are the card database's: each example asserts the database's paragraphs first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from engine.files.dbcards import abilities_of, card_file
from engine.vocab.cardfile import CardFile, executable_by
from engine.vocab.oracle.compile import compile_mode, compile_paragraph
from carddata import db, play_json  # noqa: F401, E402 (db: the fixture, the card database's index of the session)

CARDS = Path(__file__).resolve().parents[1] / "engine" / "cards"


def _card(db, name):
    record = db.get(name)
    assert record is not None, name
    return record, card_file(record)


def _plain(ab) -> dict:
    return ab.model_dump(exclude_defaults=True, by_alias=True)


def test_dawnbringer_cleric(db):
    record, card = _card(db, "Dawnbringer Cleric")
    assert record.oracle.splitlines() == [
        "When this creature enters, choose one —", "• Cure Wounds — You gain 2 life.",
        "• Dispel Magic — Destroy target enchantment.", "• Gentle Repose — Exile target card from a graveyard."]
    trig, *modes = card.abilities
    assert trig.kind == "triggered" and trig.trigger.event == "enters" and trig.modes.number == 1
    assert [m.kind for m in modes] == ["mode"] * 3
    assert _plain(modes[0])["one_shot"] == [{"op": "gain_life", "amount": 2}]  # (who: you, the default)
    assert modes[1].targets[0].types == ["Enchantment"]
    assert modes[1].one_shot[0].op == "destroy"
    assert modes[2].targets[0].what == "card" and modes[2].one_shot[0].op == "exile"
    assert modes[0].text == "• Cure Wounds — You gain 2 life."  # the flavor word kept in the text (207.2d)
    assert all(executable_by(a) for a in card.abilities)


def test_a_mode_reads_it_as_the_trigger_does(db):
    # "this creature" in a mode of an enters trigger: the object itself (the trigger's "it", 603.3c)
    record, card = _card(db, "Trusty Retriever")
    assert record.oracle.splitlines()[1] == "• Put a +1/+1 counter on this creature."
    assert card.abilities[1].kind == "mode" and card.abilities[1].one_shot[0].op == "counters"
    assert all(executable_by(a) for a in card.abilities)


def test_landfall_and_end_step_modal_triggers(db):
    record, card = _card(db, "Retreat to Emeria")
    assert record.oracle.splitlines()[0] == "Landfall — Whenever a land you control enters, choose one —"
    assert card.abilities[0].modes is not None and card.abilities[0].trigger.event == "enters"
    assert [a.kind for a in card.abilities] == ["triggered", "mode", "mode"]
    record, card = _card(db, "Elder Gargaroth")
    assert "Whenever this creature attacks or blocks, choose one —" in record.oracle.splitlines()
    assert [a.kind for a in card.abilities].count("mode") == 3


def test_choose_counts():
    for words, modes in (("choose one —", {"number": 1}), ("choose two —", {"number": 2}),
                         ("choose one or more —", {"number": 1, "any_number": True}),
                         ("choose one or both —", {"number": 1, "any_number": True})):
        ab = compile_paragraph(f"When this creature enters, {words}", "X")[0]
        assert ab.modes.model_dump(exclude_defaults=True) == {k: v for k, v in modes.items() if v != 1 or k != "number"}


NOT_READ = [
    "When this creature enters, choose one that hasn't been chosen —",  # a memory of earlier choices
    "When this creature enters, choose up to one —",
    "When this creature enters, choose one at random —",
    "When this creature enters, choose one",  # no dash: no modes follow
    "When you unlock this door, choose one —",  # a trigger the grammar doesn't read (a Room's door)
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph, "X") is None


def test_no_half_reading_of_the_modes():
    # one mode not read: neither the ability nor any of its modes (their numbers are among all of them)
    text = "When this creature enters, choose one —\n• You gain 2 life.\n• Flip a coin."
    kinds = [a["kind"] if isinstance(a, dict) else a.kind for a in abilities_of(text, ("Creature",), "X")]
    assert kinds == ["triggered", "static", "static"]
    # a mode is read only after its trigger; a bullet is no mode without one
    assert compile_mode("Choose one —", "• You gain 2 life.") is None
    assert compile_mode("When this creature enters, choose one —", "You gain 2 life.") is None
    # X in a mode of a triggered ability: no spell's X is announced (107.3a)
    assert compile_mode("When this creature enters, choose one —", "• You gain X life.") is None
    # the modes of an instant's "Choose one —" stay spell abilities (700.2, 601.2b)
    kinds = [a.kind for a in abilities_of("Choose one —\n• You gain 2 life.\n• Draw a card.", ("Instant",), "X")]
    assert kinds == ["spell", "spell", "spell"]


def test_hand_equivalence():
    """No hand file (engine/cards) has a modal triggered ability: nothing to compare; this test fails
    when one appears, to compare it then."""
    for path in sorted(CARDS.glob("*.yaml")):
        hand = CardFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        assert not any(a.kind == "mode" or getattr(a, "modes", None) is not None and a.kind == "triggered"
                       for a in hand.abilities), path.name


def test_dies_trigger_mode_with_a_target(db, run, tmp_path):
    # Shambling Ghast dies (Bob's Lightning Bolt): its "When this creature dies, choose one —" puts mode 1,
    # "Target creature an opponent controls gets -1/-1 until end of turn", on the stack targeting Bob's
    # 1/1 Llanowar Elves, which dies of it (704.5f)
    record, _ = _card(db, "Shambling Ghast")
    assert record.oracle.splitlines()[:2] == ["When this creature dies, choose one —",
                                              "• Target creature an opponent controls gets -1/-1 until end of turn."]
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {bob: "{R}"}
battlefield:
  - {card: Shambling Ghast, controller: alice, id: ghast}
  - {card: Llanowar Elves, controller: bob, id: elves}
hand:
  bob: [{card: Lightning Bolt, id: bolt}]
actions:
  - {pass: true}
  - {cast: bolt, targets: [ghast], by: bob}
  - {pass: true}
  - {pass: true}
  - {trigger_modes: {"ghast#1": [1]}}
  - {trigger_targets: {"ghast#1": [elves]}}
  - {pass: true}
  - {pass: true}
until: {turn: 1, step: beginning_of_combat}
""")
    assert out["battlefield"] == {}
    assert out["graveyard"] == {"alice": ["ghast"], "bob": ["bolt", "elves"]}
