"""Restrictions on when an ability may be activated or a spell cast (issue 21): a mana ability's "Activate only if
[condition]." (602.5b, 605.1a: engine/vocab/mana_if.py, checked by engine/game/mana_if.py; the game:
tests/data/games/602-5b-mana-ability-activate-only-if.yaml) and a spell's "Cast this spell only ..." (601.3, 506.7:
engine/vocab/cast_only.py, checked by engine/game/cast_only.py).

The cards are the card database's, read through engine.files.dbcards.card_file."""

from __future__ import annotations

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab import mana_if
from engine.vocab.activation_limits import COMBAT_STEPS
from engine.vocab.cast_only import CastOnly, cast_only
from engine.vocab.oracle import oneshot_only
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.selector import Condition
from engine.vocab.activation import loop_mana_ability
from engine.vocab.cardfile import executable_by


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# database cards whose mana ability compiles with its condition (the sentence kept in its text)
MANA_EXAMPLES = [
    ("Tainted Field", "{T}: Add {W} or {B}. Activate only if you control a Swamp.",
     {"count": {"subtypes": ["Swamp"], "controller": "you"}, "at_least": 1}),
    ("Mox Opal", "Metalcraft — {T}: Add one mana of any color. Activate only if you control three or more artifacts.",
     {"count": {"types": ["Artifact"], "controller": "you"}, "at_least": 3}),
    ("Temple of the False God", "{T}: Add {C}{C}. Activate only if you control five or more lands.",
     {"count": {"types": ["Land"], "controller": "you"}, "at_least": 5}),
    ("Blazemire Verge", "{T}: Add {R}. Activate only if you control a Swamp or a Mountain.",
     {"count": {"any_of": [{"subtypes": ["Swamp"], "controller": "you"}, {"subtypes": ["Mountain"],
                                                                           "controller": "you"}]}, "at_least": 1}),
]


@pytest.mark.parametrize("name, paragraph, cond", MANA_EXAMPLES, ids=[e[0] for e in MANA_EXAMPLES])
def test_mana_ability_with_condition_compiles(db, lib, name, paragraph, cond):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    found = [a for a in card_file(record).abilities if a.kind == "activated" and a.effect in paragraph]
    assert len(found) == 1 and found[0].mana and executable_by(found[0]) is not None
    assert mana_if.condition(found[0].display()).model_dump(exclude_unset=True) == cond


# near misses: a condition the loop doesn't evaluate on activation, or one no grammar reads: not executable
MANA_MISSES = [
    "{T}: Add {B} or {R}. Activate only if this land entered this turn or you control a basic land.",
    "{T}: Add {C}{C}{C}. Activate only if creatures you control have total power 8 or greater.",
    "{T}: Add {G}. Activate only if you control a Swamp and it's your turn.",
    "{T}: Add {G}. Activate only if you control a Forest. Activate only if you control a Swamp.",
]


@pytest.mark.parametrize("text", MANA_MISSES)
def test_mana_ability_condition_not_read(text):
    assert loop_mana_ability(text) is None
    if text.count("Activate only") == 1:
        with pytest.raises(ValueError):
            mana_if.condition(text)


def test_mana_ability_without_condition_unchanged():
    assert mana_if.condition("{T}: Add {G}.") is None
    assert mana_if.split("{T}: Add {G}. Activate only if you control a Forest.") == ("{T}: Add {G}.",
                                                                                        "you control a Forest")
    assert loop_mana_ability("{T}: Add {G}. Activate only if you control a Forest.") is not None


# --- "Cast this spell only ..." (601.3, 506.7: engine/vocab/cast_only.py, checked by engine/game/cast_only.py). The
# games: tests/data/games/601-3-cast-only-if-attacked-this-step.yaml, 601-3-cast-only-if-attacked-not-planeswalker.yaml,
# 601-3-cast-only-during-combat-before-blockers.yaml, 601-3-cast-only-if-cast-another-spell.yaml
CAST_EXAMPLES = [
    ("Assassin's Blade", "Cast this spell only during the declare attackers step and only if you've been attacked this "
     "step.", CastOnly(steps=("declare_attackers",), attacked=True)),
    ("Panic", "Cast this spell only during combat before blockers are declared.",
     CastOnly(steps=("beginning_of_combat", "declare_attackers"))),
    ("Angelic Favor", "Cast this spell only during combat.", CastOnly(steps=COMBAT_STEPS)),
    ("Skyshroud Condor", "Cast this spell only if you've cast another spell this turn.",
     CastOnly(condition=Condition(spells_cast="you", at_least=1))),
    ("Blizzard", "Cast this spell only if you control a snow land.",
     CastOnly(condition=Condition(count={"supertypes": ["Snow"], "types": ["Land"], "controller": "you"}, at_least=1))),
]


@pytest.mark.parametrize("name, paragraph, only", CAST_EXAMPLES, ids=[e[0] for e in CAST_EXAMPLES])
def test_cast_only_compiles(db, lib, name, paragraph, only):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    found = [a for a in card_file(record).abilities if a.kind == "static" and a.text == paragraph]
    assert len(found) == 1 and executable_by(found[0]) is not None
    assert found[0].cast_only == only


# near misses: a moment or a condition not read (506.7d: "before the combat damage step" refers to the first combat
# phase, which the loop doesn't tell apart), "this step" of no step named, two conditions: not compiled
CAST_MISSES = [
    "Cast this spell only before the combat damage step.",
    "Cast this spell only if you've been attacked this step.",
    "Cast this spell only during combat and only if you've been attacked this step.",
    "Cast this spell only if you control fewer creatures than each opponent.",
    "Cast this spell only if you've cast another green spell this turn.",
    "Cast this spell only during combat and only during combat.",
    "Cast this spell only if you control a Swamp and only if you control a Forest.",
    "Cast this spell only during combat after blockers are declared.",
]


@pytest.mark.parametrize("paragraph", CAST_MISSES)
def test_cast_only_not_read(paragraph):
    assert compile_paragraph(paragraph) is None
    with pytest.raises(ValueError):
        cast_only(paragraph[:-1])


# --- "Activate only if you have exactly seven cards in hand." (602.5b, 402.1: engine/vocab/oracle/oneshot_only.py;
# the game: tests/data/games/602-5b-activate-only-if-exactly-seven-cards.yaml)
def test_exactly_n_cards_in_hand(db, lib):  # noqa: F811
    paragraph = "{T}: Draw a card. Activate only if you have exactly seven cards in hand."
    record = database_record(db, lib, "Library of Alexandria", paragraph)
    found = [a for a in card_file(record).abilities if a.kind == "activated" and a.effect in paragraph]
    assert len(found) == 1 and executable_by(found[0]) is not None
    assert found[0].activate_if.model_dump(exclude_unset=True) == {
        "count": {"zone": "hand", "owner": "you"}, "at_least": 7, "at_most": 7}


@pytest.mark.parametrize("words", ["you have exactly seven cards in your graveyard", "you have exactly seven cards",
                                   "an opponent has exactly seven cards in hand", "you have exactly X cards in hand"])
def test_exactly_near_misses(words):
    assert oneshot_only.read(words) is None
