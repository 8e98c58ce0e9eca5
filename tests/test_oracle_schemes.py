"""Schemes (314; Archenemy, 904 in the current official rules: the seed's French text cites 904 but stops before it):
the trigger "When you set this scheme in motion" (engine/vocab/oracle/schemes.lark, reader
engine/vocab/oracle/oneshot_schemes.py: -> ZoneTrigger {event: set_in_motion, source_zone: command}, 701.32, 314.4), the
board's archenemy and scheme deck (engine/files/schemedeck.py: 314.2, 108.5, bad input exit 2), and the loop
(engine/game/schemes.py): the archenemy sets the top scheme in motion as their precombat main phase begins (505.3,
701.32b), its abilities trigger, and a face-up non-ongoing scheme goes to the bottom of the scheme deck once no scheme's
triggered ability waits or is on the stack (314.6, 704.6e).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/505-3-set-scheme-in-motion.yaml (a targeted trigger:
the scheme, in the command zone, deals the damage), 505-3-scheme-only-archenemy-precombat-main.yaml and
701-32-schemes-cant-be-set-in-motion-that-turn.yaml ("Schemes can't be set in motion that turn." after "take an extra
turn after this one": {op: no_schemes_that_turn}, 701.32, 500.7) and 500-11-skip-the-untap-step-of-that-turn.yaml ("Skip
the untap step of that turn.": {op: skip_untap_that_turn}, 500.11) (test_games.py).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.errors import InputError
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.game import schemes
from engine.game.triggered import Triggered
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
MOTION = {'event': 'set_in_motion', 'source_zone': 'command'}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Look Skyward and Despair',
     'When you set this scheme in motion, create a 5/5 red Dragon creature token with flying.',
     {'kind': 'triggered', 'trigger': MOTION,
      'one_shot': [{'op': 'create_token', 'token': 'Dragon Token', 'keywords': ['flying'],
                    'definition': {'power': 5, 'toughness': 5, 'colors': ['red'], 'types': ['Creature'],
                                   'subtypes': ['Dragon']}}]}),
    ('There Is No Refuge',  # "it": the scheme itself (the event is its own), the source of the damage
     'When you set this scheme in motion, it deals 3 damage to up to one target creature. Create a 3/3 black Horror '
     'creature token.',
     {'kind': 'triggered', 'trigger': MOTION, 'targets': [{'what': 'creature', 'up_to': True}],
      'one_shot': [{'op': 'damage', 'amount': 3, 'to': 'target', 'target': 1},
                   {'op': 'create_token', 'token': 'Horror Token', 'amount': 1,
                    'definition': {'power': 3, 'toughness': 3, 'colors': ['black'], 'types': ['Creature'],
                                   'subtypes': ['Horror'], 'abilities': []}}]}),
    ('All in Good Time',  # 701.32, 500.7: that extra turn sets no scheme in motion (game 701-32-schemes-cant-...)
     "When you set this scheme in motion, take an extra turn after this one. Schemes can't be set in motion that turn.",
     {'kind': 'triggered', 'trigger': MOTION, 'one_shot': [{'op': 'extra_turn'}, {'op': 'no_schemes_that_turn'}]}),
    ('Time Bends to My Will',  # 500.7, 500.11: that extra turn has no untap step (game 500-11-skip-the-untap-...)
     'When you set this scheme in motion, take an extra turn after this one. Skip the untap step of that turn.',
     {'kind': 'triggered', 'trigger': MOTION, 'one_shot': [{'op': 'extra_turn'}, {'op': 'skip_untap_that_turn'}]}),
    ('Savor the Moment',  # (a sorcery: the same two instructions)
     'Take an extra turn after this one. Skip the untap step of that turn.',
     {'kind': 'spell', 'one_shot': [{'op': 'extra_turn'}, {'op': 'skip_untap_that_turn'}]}),
    ('Roots of All Evil',
     'When you set this scheme in motion, create five 1/1 green Saproling creature tokens.',
     {'kind': 'triggered', 'trigger': MOTION,
      'one_shot': [{'op': 'create_token', 'token': 'Saproling', 'amount': 5}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    by = executable_by(want)
    assert by is not None and (expected['kind'] != 'triggered' or "sets the scheme in motion" in by)


# near misses: the other scheme templates, not read yet (an ongoing scheme's abandoning, 701.33; "as you set ...",
# a replacement-like choice; another scheme's being set in motion), and the trigger on no scheme
NOT_READ = [
    "As you set this scheme in motion, choose an opponent.",
    "When you set a scheme in motion, draw a card.",
    "Whenever you set a non-ongoing scheme in motion, you may abandon this scheme. If you do, set that scheme in motion "
    "again.",
    "At the beginning of your upkeep, if you drew a card last turn, abandon this scheme.",
    "When a creature you control dies, abandon this scheme.",
    "When you set this plane in motion, draw a card.",
    # "that turn" names the extra turn of the sentence before it, its controller's own only
    "When you set this scheme in motion, draw a card. Schemes can't be set in motion that turn.",
    "When you set this scheme in motion, target opponent takes an extra turn after this one. Schemes can't be set in "
    "motion that turn.",
    "Schemes can't be set in motion that turn.",
    "Draw a card. Skip the untap step of that turn.",
    "Target player takes an extra turn after this one. Skip the untap step of that turn.",
    "Take an extra turn after this one. Skip the untap step of that turn. Skip the untap step of that turn.",
    "Take an extra turn after this one. Skip the draw step of that turn.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


BOARD = """players: [alice, bob]
archenemy: alice
command:
  alice:
    - {card: Look Skyward and Despair, id: look}
    - {card: Because I Have Willed It, id: willed}
    - {card: Roots of All Evil, id: roots}
scheme_deck: [roots]
"""


def _game(lib, pending=()):
    said = []
    st = load_board_text(BOARD, lib)
    return SimpleNamespace(state=st, pending=list(pending), say=lambda rule, text: said.append(rule),
                           turn=SimpleNamespace(this_turn_rules=set())), said


def test_put_back_waits_for_scheme_triggers_and_keeps_ongoing(lib):
    """314.6, 704.6e: a face-up non-ongoing scheme waits while a scheme's triggered ability waits to be put on the stack
    (603.3); then it goes to the bottom of the scheme deck; an ongoing scheme (205.4) stays face up."""
    waiting = Triggered("look", 1, "When you set this scheme in motion, ...", "look", "set_in_motion", "701.32", "alice")
    game, said = _game(lib, [waiting])
    assert schemes.face_up(game.state) == ["look", "willed"]
    assert not schemes.put_back(game) and game.state.scheme_deck == ["roots"]
    game.pending = []
    assert schemes.put_back(game) and said == ["704.6e"]
    assert game.state.scheme_deck == ["roots", "look"] and schemes.face_up(game.state) == ["willed"]
    assert "look" in game.state.command  # 314.2: it never leaves the command zone


def test_set_in_motion_turns_the_top_scheme_face_up_and_triggers(lib):
    """701.32b, 505.3: only the archenemy, only their precombat main phase's beginning; the trigger is controlled by
    the scheme's owner (314.5)."""
    game, said = _game(lib)
    game.state.active = "bob"
    schemes.set_in_motion_action(game)
    assert game.state.scheme_deck == ["roots"] and not game.pending
    game.state.active = "alice"
    schemes.set_in_motion_action(game)
    assert game.state.scheme_deck == [] and said == ["505.3"]
    [t] = game.pending
    assert (t.source, t.ability, t.event, t.controller) == ("roots", 1, "set_in_motion", "alice")


def test_no_scheme_in_a_barred_turn(lib):
    """701.32: in an extra turn of "Schemes can't be set in motion that turn." the top scheme stays there."""
    game, said = _game(lib)
    game.turn.this_turn_rules = {"no_schemes"}
    schemes.set_in_motion_action(game)
    assert game.state.scheme_deck == ["roots"] and not game.pending and said == ["505.3"]


BAD = {
    "archenemy: carol": "archenemy",  # not a player
    "scheme_deck: [look]": "scheme_deck",  # no archenemy
    "archenemy: alice\nscheme_deck: [look, look]": "scheme_deck[1]",  # twice
    "archenemy: alice\nscheme_deck: [bears]": "scheme_deck[0]",  # no card of the command zone
    "archenemy: bob\nscheme_deck: []": "command",  # alice's scheme card: she is not the archenemy
}


@pytest.mark.parametrize("extra, field", BAD.items(), ids=list(BAD.values()))
def test_bad_scheme_deck(lib, extra, field):
    text = ("players: [alice, bob]\ncommand:\n  alice: [{card: Look Skyward and Despair, id: look}]\n"
            "battlefield: [{card: Grizzly Bears, controller: alice, id: bears}]\n" + extra + "\n")
    with pytest.raises(InputError) as e:
        load_board_text(text, lib)
    assert e.value.field == field


def test_scheme_card_outside_the_command_zone(lib):
    """108.5, 314.2: a scheme card starts the game in the command zone only."""
    with pytest.raises(InputError) as e:
        load_board_text("players: [alice, bob]\narchenemy: alice\nhand:\n  alice: [Look Skyward and Despair]\n", lib)
    assert e.value.field == "hand"
