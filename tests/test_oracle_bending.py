"""Recent keyword abilities and keyword actions (the current official rules: the seed's text stops at 702.42 for
keyword abilities; its 701 runs to 701.68): firebending N, a keyword defined in words (engine/vocab/oracle/
keyword_rules.py: "Whenever this creature attacks, add N {R}. Until end of combat, you don't lose this mana as steps
end.", in the words of the cards' reminder text), on a card's keyword line and on a created token.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The game that executes firebending: tests/data/games/firebending-mana-lasts-until-end-of-combat.yaml.
"""

from __future__ import annotations

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import definition


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


@pytest.mark.parametrize("name, paragraph, n", [("Fire Sages", "Firebending 1", 1),
                                                ("Azula, On the Hunt", "Firebending 2", 2),
                                                ("Zuko, Exiled Prince", "Firebending 3", 3)])
def test_firebending_keyword_line(db, lib, name, paragraph, n):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [kw] = [a for a in card_file(record).abilities if getattr(a, "keyword", None) == "firebending"]
    assert kw == KeywordAbility(kind="keyword", keyword="firebending", n=n)
    assert executable_by(kw) is not None


@pytest.mark.parametrize("n", [1, 2, 5])
def test_firebending_means_its_definition(n):
    """An attack trigger adding N {R} that lasts until end of combat (500.4)."""
    ab = definition(KeywordAbility(kind="keyword", keyword="firebending", n=n))
    data = ab.model_dump(exclude_defaults=True)
    assert data["trigger"]["event"] == "attacks" and "subjects" not in data["trigger"]
    assert data["one_shot"] == [{"op": "add_mana_choice", "options": ["{R}" * n], "lasts": "combat"}]


def test_token_with_firebending(db, lib):  # noqa: F811
    paragraph = "Create two 2/2 red Soldier creature tokens with firebending 1."
    record = database_record(db, lib, "Fire Nation Attacks", paragraph)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    assert executable_by(ab) is not None
    [op] = ab.model_dump(exclude_defaults=True)["one_shot"]
    assert op["amount"] == 2
    assert {"kind": "keyword", "keyword": "firebending", "n": 1} in op["definition"]["abilities"]


# near misses: firebending with a number the keyword line doesn't read, or granted by a one-shot effect (not read)
NOT_READ = [
    "Firebending X, where X is this creature's power.",
    "Each creature you control gains firebending 5 until end of turn.",
    "Create a 2/2 red Soldier creature token with firebending X.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    got = compile_paragraph(paragraph, "X")
    assert got is None or any(executable_by(a) is None for a in got)


# --- blight (701.68, the seed's text): {op: blight} (engine/vocab/oneshot_blight.py, engine/game/blight.py) ---
BLIGHT_EXAMPLES = [
    ("Sinister Gnarlbark", "At the beginning of your end step, draw a card and blight 1.",
     [{"op": "draw", "amount": 1}, {"op": "blight", "amount": 1}]),
    ("High Perfect Morcant", "Whenever ~ or another Elf you control enters, each opponent blights 1.",
     [{"op": "blight", "amount": 1, "who": "each_opponent"}]),
    ("Dream Seizer", "When this creature enters, you may blight 1. If you do, each opponent discards a card.",
     [{"op": "may", "one_shot": [{"op": "blight", "amount": 1}],
       "if_you_do": [{"op": "discard", "who": "each_opponent"}]}]),
    ("Gutsplitter Gang", "At the beginning of your first main phase, you may blight 2. If you don't, you lose 3 life.",
     [{"op": "may", "one_shot": [{"op": "blight", "amount": 2}],
       "otherwise": [{"op": "lose_life", "amount": 3, "who": "you"}]}]),
    ("Chaos Spewer", "When this creature enters, you may pay {2}. If you don't, blight 2.",
     [{"op": "may", "one_shot": [{"op": "pay", "cost": "{2}"}], "otherwise": [{"op": "blight", "amount": 2}]}]),
]


@pytest.mark.parametrize("name, paragraph, ops", BLIGHT_EXAMPLES, ids=[e[0] for e in BLIGHT_EXAMPLES])
def test_blight(db, lib, name, paragraph, ops):  # noqa: F811
    printed = paragraph.replace("~", name)
    record = database_record(db, lib, name, printed)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) in (printed, paragraph)]
    assert executable_by(ab) is not None
    assert ab.model_dump(exclude_defaults=True)["one_shot"] == ops


BLIGHT_NOT_READ = [
    "When this creature enters, target opponent blights 1.",  # a target player (not read)
    "Whenever this creature attacks, blight X.",  # X
    "When this creature enters, you may blight 1. If you do, destroy the blighted creature.",  # 701.68c
    "As an additional cost to cast this spell, blight 2 or pay {1}.",  # a cost (not read)
]


@pytest.mark.parametrize("paragraph", BLIGHT_NOT_READ)
def test_blight_not_read(paragraph):
    got = compile_paragraph(paragraph, "X")
    assert got is None or any(executable_by(a) is None for a in got)


# --- earthbend (701.66a, the seed's text): a target land you control, its animation, counters and a delayed trigger ---
LAND = {"what": "permanent", "types": ["Land"], "controller": "you"}
ANIMATION = {"do": [{"op": "add_types", "types": ["Creature"]}, {"op": "set_base_pt", "power": 0, "toughness": 0},
                    {"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]}


def _earthbend(n):
    return [{"op": "counters", "kind": "+1/+1", "amount": n},
            {"op": "delayed_trigger", "when": "dies_or_exiled", "about": "target",
             "text": "When this land dies or is put into exile, return it to the battlefield tapped under your control.",
             "one_shot": [{"op": "return_to_battlefield", "what": "it", "tapped": True, "under_yours": True}]}]


EARTHBEND_EXAMPLES = [
    ("Badgermole Cub", "When this creature enters, earthbend 1.", 1),
    ("Aang, Destined Savior", "At the beginning of combat on your turn, earthbend 2.", 2),
    ("Earthbending Lesson", "Earthbend 4.", 4),
    ("Haru, Hidden Talent", "Whenever another Ally you control enters, earthbend 1.", 1),
]


@pytest.mark.parametrize("name, paragraph, n", EARTHBEND_EXAMPLES, ids=[e[0] for e in EARTHBEND_EXAMPLES])
def test_earthbend(db, lib, name, paragraph, n):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [ab] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    assert executable_by(ab) is not None
    data = ab.model_dump(exclude_defaults=True)
    assert data["targets"] == [LAND] and data["continuous"] == ANIMATION and data["one_shot"] == _earthbend(n)


EARTHBEND_NOT_READ = [
    "Earthbend X, where X is the number of Forests you control.",
    "Earthbend 3, then earthbend 3. You gain 3 life.",  # two targets of one kind in one ability (not read)
    "At the beginning of combat on your turn, earthbend 8, then untap that land.",  # "that land"
    "Choose target creature. When that creature dies this turn, you earthbend 4.",
    "When this creature enters, earthbend 2. Target creature gets +1/+1 until end of turn.",  # ends with the turn
]


@pytest.mark.parametrize("paragraph", EARTHBEND_NOT_READ)
def test_earthbend_not_read(paragraph):
    got = compile_paragraph(paragraph, "X")
    assert got is None or any(executable_by(a) is None for a in got)
