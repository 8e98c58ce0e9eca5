"""Keyword abilities past 702.42 read by engine/vocab/oracle/misckw.py (issue 21; current official rules, the seed
text stops at 702.42): 702.177a exhaust, "Exhaust — [Cost]: [Effect]" meaning "[Cost]: [Effect]. Activate only
once." (the game loop's check: engine/game/conditions.py; the game:
tests/data/games/702-177a-exhaust-activate-only-once.yaml).

The cards are the card database's, read through engine.files.dbcards.card_file."""

from __future__ import annotations

import pytest

from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# 702.177a: database cards whose exhaust ability compiles, with the one-shot operations of its effect
EXHAUST = [
    ("Greenbelt Guardian", "Exhaust — {3}{G}: Put three +1/+1 counters on this creature.", "{3}{G}",
     ["counters"]),
    ("Loot, the Pathfinder", "Exhaust — {R}, {T}: Loot deals 3 damage to any target.", "{R}, {T}", ["damage"]),
    ("Camera Launcher", "Exhaust — {3}: Put a +1/+1 counter on this creature. Create a 1/1 colorless Thopter artifact "
     "creature token with flying.", "{3}", ["counters", "create_token"]),
]


@pytest.mark.parametrize("name, paragraph, cost, ops", EXHAUST, ids=[e[0] for e in EXHAUST])
def test_exhaust_compiles(db, lib, name, paragraph, cost, ops):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [ab] = [a for a in card_file(record).abilities if a.kind == "activated" and a.cost == cost]
    assert ab.exhaust and executable_by(ab) is not None
    assert [op.op for op in ab.one_shot] == ops
    assert ab.display().startswith("Exhaust — ") and "Activate" not in ab.effect  # as printed, reminder aside


def test_exhaust_is_no_ability_word():
    """207.2c vs 702.177a: the same words without "Exhaust — " are an activated ability without the limit."""
    [plain] = compile_paragraph("{3}{G}: Put three +1/+1 counters on this creature.")
    [kw] = compile_paragraph("Exhaust — {3}{G}: Put three +1/+1 counters on this creature.")
    assert not plain.exhaust and kw.exhaust and kw.one_shot == plain.one_shot


NEAR_MISSES = [
    "Exhaust — {G}, {T}: Add three mana of any one color.",  # a mana ability: mana.py doesn't check 602.5b's limits
    "Exhaust — Creatures you control get +1/+1.",  # no cost: no activated ability
    "Exhaust {3}: Draw a card.",  # no dash
    "Exhaust — {3}: Draw a card. Exhaust — {2}: Draw a card.",
    "Exhaust — {3}: Draw a card, then frobnicate.",  # its effect not read
    "Exhaust — When this creature enters, draw a card.",  # a trigger, not a cost
]


@pytest.mark.parametrize("paragraph", NEAR_MISSES)
def test_near_misses_dont_compile(paragraph):
    assert compile_paragraph(paragraph) is None


# 702.53a (current official rules): "Transmute [cost]", a keyword line of family 1, executed by the game loop from the
# hand (engine/game/transmute.py; the games: tests/data/games/702-53a-transmute-*.yaml)
TRANSMUTE = [("Dizzy Spell", "{1}{U}{U}"), ("Perplex", "{1}{U}{B}"), ("Tolaria West", "{1}{U}{U}")]


@pytest.mark.parametrize("name, cost", TRANSMUTE, ids=[e[0] for e in TRANSMUTE])
def test_transmute_compiles(db, lib, name, cost):  # noqa: F811
    record = database_record(db, lib, name, f"Transmute {cost}")
    [ab] = [a for a in card_file(record).abilities if a.kind == "keyword" and a.keyword == "transmute"]
    assert ab.cost == cost and executable_by(ab) is not None


def test_transmute_near_misses():
    """A transmute cost the loop doesn't pay (not mana symbols only) leaves it not executable; "Transmute" without a
    cost is no keyword line."""
    from engine.vocab.cardfile import KeywordAbility

    assert executable_by(KeywordAbility(kind="keyword", keyword="transmute", cost="Discard a card")) is None
    assert compile_paragraph("Transmute") is None
    assert compile_paragraph("Transmute {1}{U}{U} and draw a card") is None


def test_exhaust_mana_ability_stays_not_executable(db, lib):  # noqa: F811
    """Loot, the Pathfinder's "Exhaust — {G}, {T}: Add three mana of any one color.": not compiled (605.3a), its text
    kept as an exhaust ability (not an ability word, 207.2c), which the game loop's mana path doesn't execute."""
    record = database_record(db, lib, "Loot, the Pathfinder", "Exhaust — {G}, {T}: Add three mana of any one color.")
    [ab] = [a for a in card_file(record).abilities if a.kind == "activated" and a.cost == "{G}, {T}"]
    assert ab.exhaust and ab.mana and executable_by(ab) is None
