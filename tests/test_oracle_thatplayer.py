"""Family 5 of the Oracle grammar, payments by the player the trigger names (engine/vocab/oracle/oneshot.lark, the block
"payments by the player the trigger names"; engine/vocab/oracle/oneshot_thatplayer.py): "you may draw a card unless
that player pays {1}" (118.12, 603.2, 608.2c), and "that player" of an ability that triggers on another's (or any
player's) casting a spell: the player who cast it (601.2i). The game loop executes them (engine/game/thatplayer.py,
engine/game/casting.py): tests/data/games/118-12-unless-that-player-pays-rhystic-study.yaml,
603-2-that-player-cast-trigger-edict.yaml.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first, and that the card has no hand file (a hand file would win)."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db, database_record  # noqa: F401 (the fixture, the card database's index of the session)

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _draw_unless(cost: str) -> list:
    return [{"op": "unless_pays", "who": "that_player", "cost": cost,
             "one_shot": [{"op": "may", "one_shot": [{"op": "draw", "amount": 1, "who": "you"}]}]}]


EXAMPLES = [
    ("Rhystic Study", "Whenever an opponent casts a spell, you may draw a card unless that player pays {1}.",
     {"kind": "triggered", "trigger": {"event": "cast", "player": "opponent"}, "one_shot": _draw_unless("{1}")}),
    ("White Rhystic Study", "Whenever an opponent casts a spell, you may draw a card unless that player pays {1}.",
     {"kind": "triggered", "trigger": {"event": "cast", "player": "opponent"}, "one_shot": _draw_unless("{1}")}),
    ("Mystic Remora", "Whenever an opponent casts a noncreature spell, you may draw a card unless that player pays {4}.",
     {"kind": "triggered", "trigger": {"event": "cast", "player": "opponent", "spells": {"not_types": ["Creature"]}},
      "one_shot": _draw_unless("{4}")}),
    ("Aether Barrier", "Whenever a player casts a creature spell, that player sacrifices a permanent of their choice "
                       "unless they pay {1}.",
     {"kind": "triggered", "trigger": {"event": "cast", "player": "any", "spells": {"types": ["Creature"]}},
      "one_shot": [{"op": "sacrifice", "what": {}, "who": "that_player", "unless_pays": "{1}"}]}),
    ("Spelltithe Enforcer", "Whenever an opponent casts a spell, that player sacrifices a permanent of their choice "
                            "unless they pay {1}.",
     {"kind": "triggered", "trigger": {"event": "cast", "player": "opponent"},
      "one_shot": [{"op": "sacrifice", "what": {}, "who": "that_player", "unless_pays": "{1}"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    card = card_file(record)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card.abilities
    assert executable_by(want) is not None


NOT_READ = [
    "Whenever you cast a spell, you may draw a card unless that player pays {1}.",  # ("that player": none but you)
    "When you cast this spell, that player sacrifices a permanent of their choice unless they pay {1}.",
    "When this creature enters, you may draw a card unless that player pays {1}.",  # (no player in the event)
    "Whenever an opponent casts a spell, draw a card unless that player pays {1}.",  # (only "you may ...")
    "Whenever an opponent casts a spell, you may draw a card unless that player pays 2 life.",
    "Whenever an opponent casts a spell, you may draw a card unless that player pays {X}.",
    "Whenever an opponent casts a spell, you may gain 2 life unless that player pays {1}.",  # (a draw only)
    "Whenever an opponent casts a spell, you may draw a card unless its controller pays {1}.",
    "Whenever an opponent casts a spell, target player may draw a card unless that player pays {1}.",
    "Whenever an opponent casts a spell, you may draw a card unless they pay {1}.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_unless_pays_names_that_player_only():
    """603.2: the vocabulary's unless_pays names one player who may pay (that_player, the player the triggering event was
    about; target_controller; you; a target player), never a set of players ("each opponent ... unless they pay"), and
    one payment (mana or energy, or life)."""
    from engine.vocab.oneshot import UnlessPays
    with pytest.raises(ValueError):
        UnlessPays.model_validate({"op": "unless_pays", "who": "each_opponent", "cost": "{1}",
                                   "one_shot": [{"op": "draw", "amount": 1}]})
    with pytest.raises(ValueError):  # (mana and life: one payment)
        UnlessPays.model_validate({"op": "unless_pays", "who": "you", "cost": "{1}", "life": 2,
                                   "one_shot": [{"op": "draw", "amount": 1}]})
