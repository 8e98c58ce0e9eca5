"""Family 5 of the Oracle grammar, the triggers on each player's steps whose effect names "that player" (603.2, 503.1,
504.1, 505.1a, 513.1): "At the beginning of each player's (each opponent's) upkeep / draw step / first main phase / end
step, that player ..." (engine/vocab/oracle/oneshot.lark, the block "each player's step"; the reader
engine/vocab/oracle/oneshot_eachplayer.py, oneshot_upkeep.that_player_is_active): "that player" (and "they", "them") is
the player whose step began, the active player; "this artifact deals 1 damage to that player" (120.3: to: that_player),
"that player draws an additional card" (504.1, only in a draw-step trigger), "that player adds {G}{G}" (106.1:
AddMana.who), the intervening "if that player has N or fewer cards in hand" (603.4: Condition.player that_player).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/603-2-each-players-upkeep-that-player.yaml,
603-2-each-players-upkeep-they-them.yaml, 603-2-each-players-first-main-phase-that-player-adds.yaml."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
EACH_UPKEEP = {"at_beginning_of": "upkeep", "whose": "each"}
OPP_UPKEEP = {"at_beginning_of": "upkeep", "whose": "opponent"}
EACH_DRAW = {"at_beginning_of": "draw", "whose": "each"}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Necrogen Mists", "At the beginning of each player's upkeep, that player discards a card.",
     {"kind": "triggered", "trigger": EACH_UPKEEP, "one_shot": [{"op": "discard", "amount": 1, "who": "that_player"}]}),
    ("Sheoldred, Whispering One",
     "At the beginning of each opponent's upkeep, that player sacrifices a creature of their choice.",
     {"kind": "triggered", "trigger": OPP_UPKEEP,
      "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"]}, "who": "that_player"}]}),
    ("Barbed Wire", "At the beginning of each player's upkeep, this artifact deals 1 damage to that player.",
     {"kind": "triggered", "trigger": EACH_UPKEEP, "one_shot": [{"op": "damage", "amount": 1, "to": "that_player"}]}),
    ("Cursed Land", "At the beginning of the upkeep of enchanted land's controller, this Aura deals 1 damage to that "
                    "player.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep", "whose": "enchanted_controller"},
      "one_shot": [{"op": "damage", "amount": 1, "to": "that_player"}]}),
    ("Kami of the Crescent Moon", "At the beginning of each player's draw step, that player draws an additional card.",
     {"kind": "triggered", "trigger": EACH_DRAW, "one_shot": [{"op": "draw", "amount": 1, "who": "that_player"}]}),
    ("Font of Mythos", "At the beginning of each player's draw step, that player draws two additional cards.",
     {"kind": "triggered", "trigger": EACH_DRAW, "one_shot": [{"op": "draw", "amount": 2, "who": "that_player"}]}),
    ("Anvil of Bogardan",
     "At the beginning of each player's draw step, that player draws an additional card, then discards a card.",
     {"kind": "triggered", "trigger": EACH_DRAW, "one_shot": [{"op": "draw", "amount": 1, "who": "that_player"},
                                                             {"op": "discard", "amount": 1, "who": "that_player"}]}),
    ("Hellfire Mongrel", "At the beginning of each opponent's upkeep, if that player has two or fewer cards in hand, "
                         "this creature deals 2 damage to that player.",
     {"kind": "triggered", "trigger": OPP_UPKEEP, "one_shot": [{"op": "damage", "amount": 2, "to": "that_player"}],
      "if_condition": {"player": "that_player", "zone": "hand", "at_least": 0, "at_most": 2}}),
    ("Ebony Owl Netsuke", "At the beginning of each opponent's upkeep, if that player has seven or more cards in hand, "
                          "this artifact deals 4 damage to that player.",
     {"kind": "triggered", "trigger": OPP_UPKEEP, "one_shot": [{"op": "damage", "amount": 4, "to": "that_player"}],
      "if_condition": {"player": "that_player", "zone": "hand", "at_least": 7}}),
    ("Ghirapur Orrery", "At the beginning of each player's upkeep, if that player has no cards in hand, that player "
                        "draws three cards.",
     {"kind": "triggered", "trigger": EACH_UPKEEP, "one_shot": [{"op": "draw", "amount": 3, "who": "that_player"}],
      "if_condition": {"player": "that_player", "zone": "hand", "at_least": 0, "at_most": 0}}),
    ("Hollowborn Barghest", "At the beginning of each opponent's upkeep, if that player has no cards in hand, they lose "
                            "2 life.",
     {"kind": "triggered", "trigger": OPP_UPKEEP, "one_shot": [{"op": "lose_life", "amount": 2, "who": "that_player"}],
      "if_condition": {"player": "that_player", "zone": "hand", "at_least": 0, "at_most": 0}}),
    ("Razor Pendulum", "At the beginning of each player's end step, if that player has 5 or less life, this artifact "
                       "deals 2 damage to that player.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "end", "whose": "each"},
      "one_shot": [{"op": "damage", "amount": 2, "to": "that_player"}],
      "if_condition": {"life": "that_player", "at_most": 5}}),
    ("Roiling Vortex", "At the beginning of each player's upkeep, this enchantment deals 1 damage to them.",
     {"kind": "triggered", "trigger": EACH_UPKEEP, "one_shot": [{"op": "damage", "amount": 1, "to": "that_player"}]}),
    ("Eladamri's Vineyard", "At the beginning of each player's first main phase, that player adds {G}{G}.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "precombat_main", "whose": "each"},
      "one_shot": [{"op": "add_mana", "mana": "{G}{G}", "who": "that_player"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


READ = [  # other steps and players: the same readings
    ("At the beginning of each player's end step, that player draws a card.",
     {"at_beginning_of": "end", "whose": "each"}, [{"op": "draw", "amount": 1, "who": "that_player"}]),
    ("At the beginning of your draw step, draw an additional card.",  # (504.1: your own draw step)
     {"at_beginning_of": "draw", "whose": "you"}, [{"op": "draw", "amount": 1, "who": "you"}]),
    ("Whenever this creature deals combat damage to a player, it deals 1 damage to that player.",  # (the damaged one)
     {"event": "deals_damage", "combat": True, "to_player": True}, [{"op": "damage", "amount": 1, "to": "that_player"}]),
]


@pytest.mark.parametrize("paragraph, trigger, ops", READ)
def test_read(paragraph, trigger, ops):
    [ab] = oneshot.read(bare(paragraph, ""))
    assert ab["trigger"] == trigger and ab["one_shot"] == ops


# near misses: "that player" (or "they", "them") naming no player, an additional card outside a draw step, a condition
# on "that player" where the trigger names none, mana of that player's that a later sentence would change
NOT_READ = [
    "At the beginning of your upkeep, that player discards a card.",
    "At the beginning of your upkeep, this artifact deals 1 damage to that player.",
    "At the beginning of each combat, that player discards a card.",
    "At the beginning of each player's upkeep, that player draws an additional card.",
    "When this creature enters, draw an additional card.",
    "At the beginning of your upkeep, if that player has no cards in hand, draw a card.",
    "At the beginning of your end step, if that player has 5 or less life, this artifact deals 2 damage to you.",
    "Whenever a creature deals combat damage to a player, if that player has no cards in hand, draw a card.",
    "At the beginning of each opponent's upkeep, if that player has two or fewer creatures, draw a card.",
    "At the beginning of your upkeep, they lose 2 life.",
    "Whenever a creature deals combat damage to a player, they lose 2 life.",
    "At the beginning of each opponent's upkeep, target player draws a card and they lose 2 life.",
    "At the beginning of each player's upkeep, this enchantment deals 1 damage to them and each opponent.",
    "At the beginning of your first main phase, that player adds {G}{G}.",
    "At the beginning of each player's first main phase, that player adds {G}{G}. Until end of turn, you don't lose "
    "this mana as steps and phases end.",
    "At the beginning of each player's first main phase, that player adds {G}{G}. Spend this mana only to cast "
    "creature spells.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_activate_only_if_that_player_not_compiled():
    """602.5b: an activated ability has no trigger naming a player: "Activate only if that player ..." is not read."""
    assert compile_paragraph("{T}: Draw a card. Activate only if that player has no cards in hand.", "X") is None
    assert compile_paragraph("{T}: Draw a card. Activate only if you have no cards in hand.", "X") is not None
