"""The intervening "if" clause of an event trigger (issue 21; 603.4; engine/vocab/oracle/oneshot_ifevent.py): "When/
Whenever [trigger event], if [condition], [effect]." -> the ability's ``if_condition`` (checked as the event happens,
engine/game/intervening.py, and as it resolves, engine/game/resolve.py), and "if it was kicked" after the source's own
enters trigger -> the trigger's ``if_kicked`` (702.33d). The games: tests/data/games/603-4-intervening-if-enters-
trigger*.yaml, 603-4-intervening-if-attack-trigger*.yaml (508.2a: the combat program's triggers),
603-4-intervening-if-event-trigger-false-as-it-resolves.yaml, 603-4-if-it-was-kicked-*.yaml.

The cards are the card database's, read through engine.files.dbcards.card_file."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


EXAMPLES = [
    ("Dwynen's Elite", "When this creature enters, if you control another Elf, create a 1/1 green Elf Warrior creature "
     "token.",
     {"trigger": {"event": "enters"},
      "if_condition": {"count": {"subtypes": ["Elf"], "controller": "you", "other": True}}}),
    ("Keldon Berserker", "Whenever this creature attacks, if you control no untapped lands, it gets +3/+0 until end of "
     "turn.",
     {"if_condition": {"count": {"types": ["Land"], "controller": "you", "tapped": False}, "at_least": 0,
                       "at_most": 0}}),
    ("Walltop Sentries", "When this creature dies, if there's a Lesson card in your graveyard, you gain 2 life.",
     {"trigger": {"event": "dies"},
      "if_condition": {"count": {"zone": "graveyard", "subtypes": ["Lesson"], "owner": "you"}}}),
    ("Caligo Skin-Witch", "When this creature enters, if it was kicked, each opponent discards two cards.",
     {"trigger": {"event": "enters", "if_kicked": True}}),
    ("Benalish Emissary", "When this creature enters, if it was kicked, destroy target land.",
     {"trigger": {"event": "enters", "if_kicked": True}}),
]


@pytest.mark.parametrize("name, paragraph, fields", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, fields):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    assert executable_by(ab) is not None
    dumped = ab.model_dump(exclude_defaults=True, exclude_none=True)
    for key, value in fields.items():
        assert dumped[key] == value if key != "trigger" else {k: dumped[key][k] for k in value} == value


READ = [  # (the words the statics' grammar reads, after any event trigger the loop puts on the stack)
    ("Whenever you draw a card, if you have no cards in hand, you gain 1 life.",
     {"count": {"zone": "hand", "owner": "you"}, "at_least": 0, "at_most": 0}),
    ("When this creature enters, if you control three or more artifacts, draw a card.",
     {"count": {"types": ["Artifact"], "controller": "you"}, "at_least": 3}),
    ("Whenever this creature deals combat damage to a player, if you control an Island, draw a card.",
     {"count": {"subtypes": ["Island"], "controller": "you"}, "at_least": 1}),
    ("When this creature enters, if there is no monarch, you become the monarch.", {"monarch": "none"}),  # 722.1
    # the turn's history (engine/vocab/oracle/oneshot_history.py) after an event trigger too
    ("When this creature enters, if you attacked this turn, draw a card.", {"this_turn": "you_attacked"}),  # 508.1
    ("When this creature enters, if a creature died this turn, draw a card.", {"this_turn": "creature_died"}),  # 700.4
]


@pytest.mark.parametrize("paragraph, condition", READ, ids=[r[0] for r in READ])
def test_condition_read(paragraph, condition):
    found = oneshot.read(bare(paragraph, ""))
    assert found is not None and found[0]["if_condition"] == condition
    ABILITY.validate_python({**found[0], "text": paragraph})


NOT_READ = [
    "When this Aura enters, if enchanted creature is red, tap it.",  # "it": the enchanted creature, not the source
    "When this Aura enters, if enchanted permanent is tapped, untap it.",
    "Whenever a creature you control enters, if it was kicked, draw a card.",  # kicked: the source's own entering only
    "Whenever this creature attacks, if it was kicked, draw a card.",  # (not an enters trigger)
    "When this creature enters or dies, if it was kicked, draw a card.",
    "When this creature enters, if that creature was kicked, draw a card.",
    "When this creature enters, if the gift was promised, draw a card.",  # another additional cost (not read here)
    "When this creature enters, if an artifact died this turn, draw a card.",  # a condition no reader reads
    "When this creature enters, if it's attacking, draw a card.",  # "it" in the condition
    "When you have no cards in hand, if you control an artifact, draw a card.",  # a state trigger (603.8)
    "When this creature enters, if you control an artifact, choose one —",  # a modal trigger
    "When this creature enters, if you control an artifact draw a card.",  # no comma
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_if_kicked_belongs_to_the_sources_own_entering():
    with pytest.raises(ValueError):
        ABILITY.validate_python({"kind": "triggered", "text": "x", "trigger": {"event": "dies", "if_kicked": True},
                                 "one_shot": [{"op": "draw"}]})
    with pytest.raises(ValueError):
        ABILITY.validate_python({"kind": "triggered", "text": "x", "trigger": {
            "event": "enters", "subjects": {"types": ["Creature"]}, "if_kicked": True}, "one_shot": [{"op": "draw"}]})
