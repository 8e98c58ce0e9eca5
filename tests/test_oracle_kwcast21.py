"""Issue 21, round 21: keywords that cast a card from another zone or for another cost (the current official rules,
702.43 onward: the seed text stops at 702.42): plot (702.170), suspend (702.62), mayhem (702.187), harmonize (702.180),
flashback costs of mana and words or of words alone (702.34a). The keyword line compiles
(engine/vocab/oracle/oracle.lark) and is executable only where the game loop executes it
(engine.vocab.cardfile.executable_by); the cards are the card database's; the games are
tests/data/games/702-170a-plot.yaml, 702-62a-suspend*.yaml,
702-187b-mayhem.yaml, 702-34a-flashback-cost-in-words.yaml,
702-180a-harmonize.yaml."""

from __future__ import annotations

import pytest

from carddata import db  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import keyword_line


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _fully_executable(db, lib, name: str, keyword: str, fields: dict) -> None:  # noqa: F811
    """The database card ``name`` (no card file) has the keyword ``keyword`` with ``fields``, and every ability of
    it is executable: the card is fully executable."""
    assert lib.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    abilities = card_file(db.get(name)).abilities
    [kw] = [a for a in abilities if isinstance(a, KeywordAbility) and a.keyword == keyword]
    assert kw.model_dump(include=set(fields)) == fields
    assert all(executable_by(a) is not None for a in abilities), [a for a in abilities if executable_by(a) is None]


# 702.170a: "Plot [cost]", a cost of mana symbols
PLOT = [
    ("Djinn of Fool's Fall", {"keyword": "plot", "cost": "{3}{U}"}),
    ("Brimstone Roundup", {"keyword": "plot", "cost": "{2}{R}"}),
    ("Pillage the Bog", {"keyword": "plot", "cost": "{1}{B}{G}"}),
]


@pytest.mark.parametrize("name, fields", PLOT, ids=[p[0] for p in PLOT])
def test_plot_cards_are_fully_executable(db, lib, name, fields):  # noqa: F811
    _fully_executable(db, lib, name, "plot", fields)


def test_plot_line_is_executed_by_the_loop():
    (ab,) = keyword_line("Plot {1}{G} (You may pay {1}{G} and exile this card from your hand. Cast it as a sorcery on "
                         "a later turn without paying its mana cost. Plot only as a sorcery.)")
    assert ab.words() == "plot {1}{G}" and "702.170" in executable_by(ab)


@pytest.mark.parametrize("line", [
    "Plot—Pay 3 life.",  # a cost in words: the special action pays mana symbols only
    "Plot—{2}, Sacrifice a creature.",
])
def test_plot_with_a_cost_in_words_is_not_executable(line):
    got = keyword_line(line)
    assert got is None or all(executable_by(ab) is None for ab in got)


@pytest.mark.parametrize("line", ["Plot", "Plot 2", "Plot {1}{G}, draw a card"])
def test_plot_near_miss_compiles_to_nothing(line):
    assert keyword_line(line) is None


# 702.62a: "Suspend N—[cost]", a number of time counters and a cost of mana symbols
SUSPEND = [
    ("Gargadon", {"keyword": "suspend", "n": 4, "cost": "{1}{R}"}),
    ("Crashing Footfalls", {"keyword": "suspend", "n": 4, "cost": "{G}"}),
    ("Rift Bolt", {"keyword": "suspend", "n": 1, "cost": "{R}"}),
    ("Lotus Bloom", {"keyword": "suspend", "n": 3, "cost": "{0}"}),
]


@pytest.mark.parametrize("name, fields", SUSPEND, ids=[p[0] for p in SUSPEND])
def test_suspend_cards_are_fully_executable(db, lib, name, fields):  # noqa: F811
    _fully_executable(db, lib, name, "suspend", fields)


def test_suspend_line_keeps_its_number_and_cost():
    (ab,) = keyword_line("Suspend 4—{1}{R} (Rather than cast this card from your hand, you may pay {1}{R} and exile it "
                         "with four time counters on it. At the beginning of your upkeep, remove a time counter. When the "
                         "last is removed, you may cast it without paying its mana cost. It has haste.)")
    assert (ab.keyword, ab.n, ab.cost, ab.display()) == ("suspend", 4, "{1}{R}", "Suspend 4—{1}{R}")
    assert "702.62a" in executable_by(ab)


@pytest.mark.parametrize("line", [
    "Suspend X—{X}{U}",  # X time counters: not read
    "Suspend 4—Pay 2 life",  # a cost in words
    "Suspend 4",  # no cost
    "Suspend 4—{1}{R}, draw a card",
    "Equip 2—{1}",  # the number and cost of a keyword other than suspend: refused by the vocabulary
    "Kicker 2—{1}",
])
def test_suspend_near_miss_compiles_to_nothing(line):
    assert keyword_line(line) is None


def test_suspend_without_a_number_is_not_executable():
    """702.62a: suspend needs its number of time counters; "Suspend {G}" (no card prints it) is not executed."""
    (ab,) = keyword_line("Suspend {G}")
    assert ab.n is None and executable_by(ab) is None


# 702.187b: "Mayhem [cost]", a cost of mana symbols
MAYHEM = [
    ("Abomination, World Ravager", {"keyword": "mayhem", "cost": "{4}{R}"}),
    ("Sadistic Slash", {"keyword": "mayhem", "cost": "{1}{B}"}),
    ("Swarm, Being of Bees", {"keyword": "mayhem", "cost": "{B}"}),
]


@pytest.mark.parametrize("name, fields", MAYHEM, ids=[p[0] for p in MAYHEM])
def test_mayhem_cards_are_fully_executable(db, lib, name, fields):  # noqa: F811
    _fully_executable(db, lib, name, "mayhem", fields)


@pytest.mark.parametrize("line", [
    "Mayhem",  # 702.187c: without a cost, "you may play this card from your graveyard ...": not read
    "Mayhem 2",
    "Mayhem {1}{B}, draw a card",
])
def test_mayhem_near_miss_compiles_to_nothing(line):
    assert keyword_line(line) is None


def test_mayhem_with_a_cost_in_words_is_not_executable():
    (ab,) = keyword_line("Mayhem—Pay 3 life.")
    assert ab.keyword == "mayhem" and executable_by(ab) is None


# 702.34a: a flashback cost of mana and words, or of words alone (601.2h: its parts paid as additional costs are)
FLASHBACK = [
    ("Deep Analysis", {"keyword": "flashback", "cost": "{1}{U}, Pay 3 life"}),
    ("Dread Return", {"keyword": "flashback", "cost": "Sacrifice three creatures."}),
    ("Group Project", {"keyword": "flashback", "cost": "Tap three untapped creatures you control."}),
    ("Lava Dart", {"keyword": "flashback", "cost": "Sacrifice a Mountain."}),
]


@pytest.mark.parametrize("name, fields", FLASHBACK, ids=[p[0] for p in FLASHBACK])
def test_flashback_costs_in_words_are_executable(db, lib, name, fields):  # noqa: F811
    _fully_executable(db, lib, name, "flashback", fields)


@pytest.mark.parametrize("line", [
    "Flashback—Tap three untapped white creatures you control.",  # a quality the cost's reading doesn't have (Battle Screech)
    "Flashback—{R}{R}, Discard X cards.",  # X: not read
    "Flashback—{1}{U}, Exile X blue cards from your graveyard.",
    "Flashback—{2}{R}, Behold three Elementals.",  # behold: not read
    "Flashback—{T}, Sacrifice a creature.",  # {T}: no cost of a spell has it
])
def test_flashback_costs_not_read_stay_not_executable(line):
    (ab,) = keyword_line(line)
    assert ab.keyword == "flashback" and executable_by(ab) is None


# 702.180a: "Harmonize [cost]", a cost of mana symbols
HARMONIZE = [
    ("Unending Whisper", {"keyword": "harmonize", "cost": "{5}{U}"}),
    ("Channeled Dragonfire", {"keyword": "harmonize", "cost": "{5}{R}{R}"}),
    ("Roamer's Routine", {"keyword": "harmonize", "cost": "{4}{G}"}),
]


@pytest.mark.parametrize("name, fields", HARMONIZE, ids=[p[0] for p in HARMONIZE])
def test_harmonize_cards_are_fully_executable(db, lib, name, fields):  # noqa: F811
    _fully_executable(db, lib, name, "harmonize", fields)


@pytest.mark.parametrize("line", ["Harmonize", "Harmonize 3", "Harmonize {5}{U}, draw a card"])
def test_harmonize_near_miss_compiles_to_nothing(line):
    assert keyword_line(line) is None


def test_harmonize_with_a_cost_in_words_is_not_executable():
    (ab,) = keyword_line("Harmonize—Pay 3 life.")
    assert ab.keyword == "harmonize" and executable_by(ab) is None
