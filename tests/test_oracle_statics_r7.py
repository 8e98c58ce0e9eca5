"""Issue 21, family 2 (seventh round): values counted for each object the effect applies to (613.4c): the counters
on it ("Creatures you don't control get -1/-1 for each slime counter on them", 122.1) and the Auras or Equipment
attached to it ("Each creature you control gets +2/+0 for each Equipment attached to it", 301.5a, 303.4) - the
vocabulary's OwnCount. The layers cases: tests/data/layers/own_counts_r7.yaml."""

import pytest

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.compile import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from carddata import ability_model


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _own(what: str, times: int, **kw) -> dict:
    return {"own_count": what, "times": times, **kw}


CASES = [
    ("Toxrill, the Corrosive", 2, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "opponent"},
        "do": [{"op": "modify_pt", "power": _own("counters", -1, counters="slime"),
                "toughness": _own("counters", -1, counters="slime")}]}}),
    ("Bruenor Battlehammer", 1, {"kind": "static", "continuous": {
        "applies_to": {"types": ["Creature"], "controller": "you"},
        "do": [{"op": "modify_pt", "power": _own("attached", 2, attached=["Equipment"]), "toughness": 0}]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES, ids=[c[0] for c in CASES])
def test_database_cards_compile(db, lib, name, index, expected):
    assert lib.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    record = db.get(name)
    ab = card_file(record).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    assert ab.text in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph, value", [
    ("Creatures you control get +1/+1 for each +1/+1 counter on them.", _own("counters", 1, counters="+1/+1")),
    ("Other creatures you control get +1/+0 for each counter on them.", _own("counters", 1, counters="any")),
    ("Creatures you control get +2/+2 for each Aura attached to it.", _own("attached", 2, attached=["Aura"])),
    ("Creatures you control get +1/+1 for each Aura and Equipment attached to it.",
     _own("attached", 1, attached=["Aura", "Equipment"])),
])
def test_group_subject_counts_each_own(paragraph, value):
    (ability,) = statics.read(paragraph)
    assert ability["continuous"]["do"][0]["power"] == value


def test_one_object_still_counts_the_objects():
    """'Equipped creature gets +1/+0 for each Equipment attached to it' (Golem-Skin Gauntlets): one object, a count."""
    (ability,) = statics.read("Equipped creature gets +1/+0 for each Equipment attached to it.")
    assert ability["continuous"]["do"][0]["power"] == {"count": {"subtypes": ["Equipment"], "attached_to": "attached"}, "times": 1}


@pytest.mark.parametrize("paragraph", [
    # "you don't control" beside other values: not read (the exception is for the counters on them alone)
    "Creatures you don't control get -1/-1 for each creature you control.",
    "Creatures you don't control get -1/-1.",
    "Creatures you don't control get -1/-1 for each slime counter on them and lose flying.",
    # counters on another object, or a count plus a number: not the objects' own
    "Creatures you control get +1/+1 for each +1/+1 counter on target creature.",
    # Auras attached to another object than each of them
    "Creatures you control get +1/+1 for each Aura attached to enchanted creature.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None
