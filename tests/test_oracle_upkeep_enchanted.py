"""Family 5 of the Oracle grammar, the upkeep triggers of Auras and Curses (engine/vocab/oracle/oneshot.lark, the block
"upkeep of enchanted"; engine/vocab/oracle/oneshot_upkeep.py): "At the beginning of the upkeep of enchanted
creature's controller, ..." and "At the beginning of enchanted player's upkeep, ..." (503.1, 603.2b, 303.4), "that
player" in the effect being the player whose upkeep it is. The game loop decides whose upkeep it is from the Aura's
attachment as the upkeep begins (engine/game/upkeep_enchanted.py):
tests/data/games/303-4-upkeep-of-enchanted-creatures-controller-soul-bleed.yaml.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first, and that the card has no hand file (a hand file would win)."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oneshot import StepTrigger
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db, database_record  # noqa: F401 (the fixture, the card database's index of the session)

ABILITY = TypeAdapter(Ability)
CONTROLLER = {"at_beginning_of": "upkeep", "whose": "enchanted_controller"}
PLAYER = {"at_beginning_of": "upkeep", "whose": "enchanted_player"}

EXAMPLES = [
    ("Soul Bleed", "At the beginning of the upkeep of enchanted creature's controller, that player loses 1 life.",
     {"kind": "triggered", "trigger": CONTROLLER,
      "one_shot": [{"op": "lose_life", "amount": 1, "who": "that_player"}]}),
    ("Curse of the Bloody Tome", "At the beginning of enchanted player's upkeep, that player mills two cards.",
     {"kind": "triggered", "trigger": PLAYER, "one_shot": [{"op": "mill", "amount": 2, "who": "that_player"}]}),
]


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    card = card_file(record)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card.abilities
    assert executable_by(want) is not None


READ = [
    ("At the beginning of the upkeep of enchanted artifact's controller, that player loses 2 life.", CONTROLLER),
    ("At the beginning of the upkeep of enchanted land's controller, that player loses 1 life.", CONTROLLER),
    ("At the beginning of enchanted player's upkeep, that player loses 1 life.", PLAYER),
]


@pytest.mark.parametrize("paragraph, trigger", READ)
def test_read(paragraph, trigger):
    got = oneshot.read(bare(paragraph, ""))
    assert got is not None and got[0]["trigger"] == trigger
    assert StepTrigger.model_validate(trigger).whose == trigger["whose"]


NOT_READ = [
    "At the beginning of the upkeep of enchanted creature's owner, that player loses 1 life.",  # (owner: not read)
    "At the beginning of the upkeep of enchanted creature's controller, that player loses 1 life",  # (no period)
    "At the beginning of enchanted creature's upkeep, that player loses 1 life.",  # (a creature has no upkeep)
    "At the beginning of the end step of enchanted creature's controller, that player loses 1 life.",
    "At the beginning of enchanted player's end step, that player loses 1 life.",
    "At the beginning of your upkeep, that player loses 1 life.",  # ("that player": no player the event is about)
    "At the beginning of enchanted player's upkeep, that creature loses 1 life.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
