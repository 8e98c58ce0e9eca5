"""Conditional clauses of family 5 (issue 21; engine/vocab/oracle/oneshot_cond.py): an activated ability's
"Activate only if [condition]." (602.5b) and an "at the beginning of" trigger's intervening "if [condition],"
(603.4: ``if_condition``, checked as the step begins and as the ability resolves), its condition read by the static abilities' grammar (statics.lark's
st_condition) into the vocabulary's Condition (``activate_if``), which the game loop checks as the ability
would be activated (engine/game/conditions.py, engine/game/costs.py); an ability word that names the condition
before it (207.2c: "Threshold — ", "Hellbent — "). The games: tests/data/games/602-5b-activate-only-if-*.yaml,
603-4-intervening-if-at-the-beginning-of-upkeep.yaml.

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
    ("Keldon Megaliths", "Hellbent — {1}{R}, {T}: This land deals 1 damage to any target. Activate only if you have no "
     "cards in hand.",
     {"kind": "activated", "cost": "{1}{R}, {T}", "effect": "This land deals 1 damage to any target. Activate only if "
      "you have no cards in hand.", "targets": [{"what": "any"}], "one_shot": [{"op": "damage", "amount": 1, "to": "target"}],
      "activate_if": {"count": {"zone": "hand", "owner": "you"}, "at_least": 0, "at_most": 0}}),
    ("Nihilistic Glee", "Hellbent — {1}, Pay 2 life: Draw a card. Activate only if you have no cards in hand.",
     {"kind": "activated", "cost": "{1}, Pay 2 life", "effect": "Draw a card. Activate only if you have no cards in hand.",
      "one_shot": [{"op": "draw", "amount": 1}],
      "activate_if": {"count": {"zone": "hand", "owner": "you"}, "at_least": 0, "at_most": 0}}),
    ("Krosan Restorer", "Threshold — {T}: Untap up to three target lands. Activate only if there are seven or more cards "
     "in your graveyard.",
     None),
    ("Cabal Torturer", "Threshold — {3}{B}{B}, {T}: Target creature gets -2/-2 until end of turn. Activate only if there "
     "are seven or more cards in your graveyard.",
     None),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    found = [a for a in card_file(record).abilities if a.kind == "activated" and "Activate only if" in a.effect]
    assert len(found) == 1 and executable_by(found[0]) is not None
    assert found[0].activate_if is not None
    if expected is not None:
        assert found[0] == ABILITY.validate_python(expected)
    if "graveyard" in paragraph:  # threshold: seven or more cards in its controller's graveyard
        assert found[0].activate_if.model_dump(exclude_defaults=True) == {
            "count": {"zone": "graveyard", "owner": "you"}, "at_least": 7}


READ = [
    ("{T}: Draw a card. Activate only if you control an artifact.",
     {"count": {"types": ["Artifact"], "controller": "you"}, "at_least": 1}),
    ("{2}: Draw a card. Activate only if you have 10 or more life.", {"life": "you", "at_least": 10}),
    ("{2}: Draw a card. Activate only if you control three or more artifacts.",
     {"count": {"types": ["Artifact"], "controller": "you"}, "at_least": 3}),
    # the joins with the restrictions the loop reads in the text (602.5b, 602.5d)
    ("{W}{W}: Draw a card. Activate only if you control no creatures and only once each turn.",
     {"count": {"types": ["Creature"], "controller": "you"}, "at_least": 0, "at_most": 0}),
    ("{2}{U}: Draw a card. Activate only if there are seven or more cards in your graveyard and only once.",
     {"count": {"zone": "graveyard", "owner": "you"}, "at_least": 7}),
    ("{1}{G}, {T}: Draw a card. Activate only if you control ten or more permanents and only as a sorcery.",
     {"count": {"controller": "you"}, "at_least": 10}),
    ("{1}{B}, {T}: Draw a card. Activate only as a sorcery and only if you have 10 or more life.",
     {"life": "you", "at_least": 10}),
]


@pytest.mark.parametrize("paragraph, condition", READ, ids=[r[0] for r in READ])
def test_condition_read(paragraph, condition):
    found = oneshot.read(bare(paragraph, ""))
    assert found is not None and found[0]["activate_if"] == condition
    assert found[0]["effect"] == paragraph.partition(": ")[2]  # kept in the text, as the other restrictions


TRIGGERS = [
    ("Convalescence", "At the beginning of your upkeep, if you have 10 or less life, you gain 1 life.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"}, "if_condition": {"life": "you", "at_most": 10},
      "one_shot": [{"op": "gain_life", "amount": 1}]}),
    ("Glimmervoid", "At the beginning of the end step, if you control no artifacts, sacrifice this land.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "end", "whose": "each"},
      "if_condition": {"count": {"types": ["Artifact"], "controller": "you"}, "at_least": 0, "at_most": 0},
      "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", TRIGGERS, ids=[e[0] for e in TRIGGERS])
def test_intervening_if_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities and executable_by(want) is not None


def test_if_condition_needs_a_step_or_event_trigger():  # (an event trigger's: tests/test_oracle_ifevent.py)
    for trigger in ({"state": "no_cards_in_hand"}, None, {"event": "tapped_for_mana"}):
        with pytest.raises(ValueError):
            ABILITY.validate_python({"kind": "triggered", "text": "x", "trigger": trigger,
                                     "if_condition": {"life": "you", "at_most": 10}, "one_shot": [{"op": "draw"}]})


NOT_READ = [
    "At the beginning of your upkeep, if an artifact died this turn, draw a card.",  # not a condition read (of any kind)
    "At the beginning of your upkeep, if you control a Desert or there is a Desert card in your graveyard, draw a card.",
    "At the beginning of your upkeep, draw a card, if you control an artifact, draw a card.",
    "At the beginning of your upkeep, if you control an artifact draw a card.",  # no comma
    "When this creature enters, draw a card. Activate only if you control an artifact.",  # no activated ability
    "Draw a card. Activate only if you control an artifact.",  # a spell
    "{T}: Draw a card. Activate only if a creature died this game.",  # a condition statics.lark doesn't read
    "{T}: Draw a card. Activate only if this creature is monstrous.",  # one the loop doesn't evaluate
    "{T}: Draw a card. Activate only if it's your first turn of the game.",  # (no Condition of the turn's number)
    "{T}: Draw a card. Activate only if you control an artifact and only during your turn.",  # a join not read
    "{T}: Draw a card. Activate only as an instant and only if you control an artifact.",
    "{T}: Draw a card. Activate only if you control an artifact",  # no period
    "Max speed — {T}: Draw a card.",  # a label with a rules meaning (702.178), not an ability word (207.2c)
    "Visit — {T}: Draw a card.",  # (717: an Attraction's)
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
