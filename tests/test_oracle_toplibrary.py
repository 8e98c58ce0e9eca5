"""Static abilities about the top card of a library, spells cast as though they had flash, and the opening-hand
abilities of 103.6a (engine/vocab/oracle/toplibrary.lark, reader engine/vocab/oracle/toplibrary.py): "You may cast
creature spells from the top of your library." (601.3: PlayerEffect cast_from_library_top), "You may play lands from
the top of your library." (305.1: play_lands_from_library_top), "You may cast sorcery spells as though they had
flash." (601.3b: cast_as_flash), "You may look at the top card of your library any time." and "Play with the top card
of your library revealed." (401.5: information only), "If this card is in your opening hand, you may begin the game
with it on the battlefield." (103.6a: StaticAbility before_game, nothing to do in a game in progress), "You may cast
this spell as though it had flash if you pay {2} more to cast it." (601.3b, 113.6f, 601.2f: StaticAbility
flash_for_more, engine/game/flash_more.py).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/305-1-courser-plays-land-from-library-
top.yaml, 305-1-land-on-library-top-refused.yaml, 601-3-vizier-casts-creature-from-library-top.yaml,
601-3b-leyline-of-anticipation-flash.yaml, 601-3b-hypersonic-dragon-sorcery-flash.yaml,
601-3b-ghitu-fire-flash-for-two-more.yaml, 601-3b-ghitu-fire-main-phase-no-more.yaml.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import toplibrary
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.families import programs
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _rules(*ops):
    return {"kind": "static", "continuous": {"do": [{"op": "player_effect", **op} for op in ops]}}


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Vizier of the Menagerie', 'You may cast creature spells from the top of your library.',
     _rules({"rule": "cast_from_library_top", "spells": {"types": ["Creature"]}})),
    ('Vizier of the Menagerie', 'You may look at the top card of your library any time.',
     _rules({"rule": "look_at_library_top"})),
    ('Courser of Kruphix', 'You may play lands from the top of your library.',
     _rules({"rule": "play_lands_from_library_top"})),
    ('Courser of Kruphix', 'Play with the top card of your library revealed.', _rules({"rule": "library_top_revealed"})),
    ('Future Sight', 'You may play lands and cast spells from the top of your library.',
     _rules({"rule": "play_lands_from_library_top"}, {"rule": "cast_from_library_top"})),
    ('Radha, Heart of Keld',
     'You may look at the top card of your library any time, and you may play lands from the top of your library.',
     _rules({"rule": "look_at_library_top"}, {"rule": "play_lands_from_library_top"})),
    ('Wizened Snitches', 'Players play with the top card of their libraries revealed.',
     _rules({"rule": "library_top_revealed", "players": "each"})),
    ('Precognition Field', 'You may cast instant and sorcery spells from the top of your library.',
     _rules({"rule": "cast_from_library_top", "spells": {"types": ["Instant", "Sorcery"]}})),
    ('Sigarda, Font of Blessings', 'You may cast Angel spells and Human spells from the top of your library.',
     _rules({"rule": "cast_from_library_top", "spells": {"subtypes": ["Angel", "Human"]}})),
    ('Mystic Forge', 'You may cast artifact spells and colorless spells from the top of your library.',
     _rules({"rule": "cast_from_library_top", "spells": {"any_of": [{"types": ["Artifact"]}, {"colorless": True}]}})),
    ('Hypersonic Dragon', 'You may cast sorcery spells as though they had flash.',
     _rules({"rule": "cast_as_flash", "spells": {"types": ["Sorcery"]}})),
    ('High Fae Trickster', 'You may cast spells as though they had flash.', _rules({"rule": "cast_as_flash"})),
    ('Yeva, Nature\'s Herald', 'You may cast green creature spells as though they had flash.',
     _rules({"rule": "cast_as_flash", "spells": {"colors": ["green"], "types": ["Creature"]}})),
    ('Raff Capashen, Ship\'s Mage', 'You may cast historic spells as though they had flash.',
     _rules({"rule": "cast_as_flash", "spells": {"historic": True}})),
    ('Tawnos', 'You may cast artifact, creature, and enchantment spells as though they had flash.',
     _rules({"rule": "cast_as_flash", "spells": {"types": ["Artifact", "Creature", "Enchantment"]}})),
    ('Ghitu Fire', 'You may cast this spell as though it had flash if you pay {2} more to cast it.',
     {"kind": "static", "flash_for_more": 2}),
    ('Leyline of the Void', 'If this card is in your opening hand, you may begin the game with it on the battlefield.',
     {"kind": "static", "before_game": "begin_on_battlefield"}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[f"{e[0]}: {e[1][:30]}" for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_opening_hand_is_no_program():
    """103.6a: the opening-hand ability is counted as having nothing to do in a game in progress (program none), as the
    deck construction keywords are; an information permission is the loop's (play)."""
    [leyline] = compile_paragraph("If this card is in your opening hand, you may begin the game with it on the "
                                  "battlefield.", "Leyline of the Void")
    assert programs(executable_by(leyline)) == ["none"] and "103.6a" in executable_by(leyline)
    [look] = compile_paragraph("You may look at the top card of your library any time.", "Sphinx of Jwar Isle")
    assert programs(executable_by(look)) == ["layers", "play"] and "401.5" in executable_by(look)


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "You may cast common spells from the top of your library.",  # a rarity
    "You may look at the top card of your library any time and you may cast it.",
    "You may play the top card of your library.",  # a card, not lands and spells
    "Once each turn, you may cast a creature spell from the top of your library.",  # a limit
    "You may cast creature spells from the top of your library. If you cast a spell this way, it gains haste.",
    "You may look at the top card of target player's library any time.",
    "Play with the top card of target opponent's library revealed.",
    "If this card is in your opening hand, you may reveal it.",
    "You may cast this spell as though it had flash if you control a Faerie.",  # a condition
    "You may cast this spell as though it had flash if you pay {R} more to cast it.",  # colored mana
    "You may cast this spell as though it had flash. If you cast it any time a sorcery couldn't have been cast, the "
    "controller of the permanent it becomes sacrifices it at the beginning of the next cleanup step.",
    "You may cast historic spells and artifact spells as though they had flash.",  # historic as one of two
    "You may cast creature spells from your graveyard.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert toplibrary.read(bare(paragraph, "")) is None
    assert compile_paragraph(paragraph, "") is None
