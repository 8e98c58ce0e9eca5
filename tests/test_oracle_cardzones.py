"""Family 2's effects on cards outside the battlefield and on spells (engine/vocab/oracle/statics_zones.lark, reader
engine/vocab/oracle/statics_zones.py; the game loop's engine/game/granted_cards.py): "The same is true for creature spells
you control and creature cards you own that aren't on the battlefield." (611.3a, 613.1d-e: one effect on a union of
three zones' objects), "Creature cards you own that aren't on the battlefield have flash." (702.8a), and keywords given
to the cards of a graveyard whose cost is each card's mana cost (702.34a flashback, 702.138a escape, 702.97a scavenge,
702.128a embalm).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/702-34a-flashback-granted-to-graveyard-
cards.yaml, 702-138a-escape-granted-to-graveyard-cards.yaml, 702-97a-scavenge-granted-to-graveyard-cards.yaml,
702-8a-flash-granted-to-cards-outside-the-battlefield.yaml, 611-3a-creature-spells-are-artifacts.yaml, and those of the
keywords with a cost of their own the loop now reads where an effect gives them: 702-29a-cycling-granted-to-hand-cards.
yaml, 702-84a-unearth-granted-to-graveyard-cards.yaml, 702-81a-retrace-granted-to-graveyard-cards.yaml.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.effects import GrantedKeyword
from engine.vocab.oracle.compile import compile_paragraph

ABILITY = TypeAdapter(Ability)
SPELLS = {'zone': 'stack', 'any_types': ['Creature'], 'controller': 'you'}
CARDS = {'zone': 'not_battlefield', 'types': ['Creature'], 'owner': 'you'}
YOURS = {'types': ['Creature'], 'controller': 'you'}
INSTANTS = {'zone': 'graveyard', 'any_types': ['Instant', 'Sorcery'], 'owner': 'you'}


def _static(applies_to, do, **more):
    return {'kind': 'static', 'continuous': {'applies_to': applies_to, 'do': do, **more}}


def _kw(keyword, **more):
    return [{'op': 'add_abilities', 'abilities': [{'keyword': keyword, **more}]}]


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Biotransference',
     'Creatures you control are artifacts in addition to their other types. The same is true for creature spells you '
     "control and creature cards you own that aren't on the battlefield.",
     _static({'any_of': [YOURS, SPELLS, CARDS]}, [{'op': 'add_types', 'types': ['Artifact']}])),
    ('Leyline of Transformation',
     'Creatures you control are the chosen type in addition to their other types. The same is true for creature spells '
     "you control and creature cards you own that aren't on the battlefield.",
     _static({'any_of': [YOURS, SPELLS, CARDS]}, [{'op': 'add_subtypes', 'chosen': True}])),
    ('Maskwood Nexus',
     'Creatures you control are every creature type. The same is true for creature spells you control and creature '
     "cards you own that aren't on the battlefield.",
     _static({'any_of': [YOURS, SPELLS, CARDS]}, [{'op': 'add_subtypes', 'all_creature_types': True}])),
    ('Celestial Dawn',
     'Nonland permanents you control are white. The same is true for spells you control and nonland cards you own that '
     "aren't on the battlefield.",
     _static({'any_of': [{'not_types': ['Land'], 'controller': 'you'}, {'zone': 'stack', 'controller': 'you'},
                         {'zone': 'not_battlefield', 'not_types': ['Land'], 'owner': 'you'}]},
             [{'op': 'set_colors', 'colors': ['white']}])),
    ('Dune Chanter',
     "Lands you control and land cards you own that aren't on the battlefield are Deserts in addition to their other "
     "types.",
     _static({'any_of': [{'types': ['Land'], 'controller': 'you'},
                         {'zone': 'not_battlefield', 'types': ['Land'], 'owner': 'you'}]},
             [{'op': 'add_land_types', 'subtypes': ['Desert']}])),
    ('Teferi, Mage of Zhalfir',
     "Creature cards you own that aren't on the battlefield have flash.",
     _static(CARDS, _kw('flash'))),
    ('Lier, Disciple of the Drowned',
     "Each instant and sorcery card in your graveyard has flashback. The flashback cost is equal to that card's mana "
     "cost.",
     _static(INSTANTS, _kw('flashback', cost_is_mana_cost=True))),
    ('Return the Past',
     'During your turn, each instant and sorcery card in your graveyard has flashback. Its flashback cost is equal to '
     'its mana cost.',
     _static(INSTANTS, _kw('flashback', cost_is_mana_cost=True), during='your_turn')),
    ('Underworld Breach',
     "Each nonland card in your graveyard has escape. The escape cost is equal to the card's mana cost plus exile three "
     "other cards from your graveyard.",
     _static({'zone': 'graveyard', 'not_types': ['Land'], 'owner': 'you'},
             _kw('escape', cost_is_mana_cost=True, cost='Exile three other cards from your graveyard'))),
    ('Six',
     'During your turn, nonland permanent cards in your graveyard have retrace.',
     _static({'zone': 'graveyard', 'any_types': ['Artifact', 'Battle', 'Creature', 'Enchantment', 'Land', 'Planeswalker'],
              'not_types': ['Land'], 'owner': 'you'}, _kw('retrace'), during='your_turn')),
    ('Varolz, the Scar-Striped',
     'Each creature card in your graveyard has scavenge. The scavenge cost is equal to its mana cost.',
     _static({'zone': 'graveyard', 'types': ['Creature'], 'owner': 'you'}, _kw('scavenge', cost_is_mana_cost=True))),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_granted_mana_cost_is_no_ability_of_its_own():
    """A keyword whose cost is each card's mana cost is no one ability (its `means` None), and says so in its words."""
    g = GrantedKeyword(keyword='escape', cost_is_mana_cost=True, cost='Exile three other cards from your graveyard')
    assert g.means is None
    assert g.words() == 'escape [its mana cost], Exile three other cards from your graveyard'


# near misses: a part the vocabulary or the game loop can't say
NOT_READ = [
    # a change other than of types or colors ("The same is true": power, abilities)
    "Creatures you control get +1/+1. The same is true for creature spells you control and creature cards you own that "
    "aren't on the battlefield.",
    "Creatures you control have flying. The same is true for creature spells you control and creature cards you own "
    "that aren't on the battlefield.",
    # "are the chosen type" without "in addition": its creature types replaced (no such operation: Conspiracy)
    "Creatures you control are the chosen type. The same is true for creature spells you control and creature cards you "
    "own that aren't on the battlefield.",
    # cards first, then spells (the order the grammar reads)
    "Creatures you control are artifacts in addition to their other types. The same is true for creature cards you own "
    "that aren't on the battlefield and creature spells you control.",
    # a keyword the loop doesn't read on a card outside the battlefield
    "Creature cards you own that aren't on the battlefield have flying.",
    # the cost of another keyword than the one given, or escape without its cards to exile
    "Each creature card in your graveyard has scavenge. The unearth cost is equal to its mana cost.",
    "Each creature card in your graveyard has escape. The escape cost is equal to the card's mana cost.",
    # a graveyard keyword given to cards in a hand, or to permanents
    "Each creature card in your hand has escape. The escape cost is equal to the card's mana cost plus exile three "
    "other cards from your graveyard.",
    "Creatures you control have flashback. Its flashback cost is equal to its mana cost.",
    "During your turn, nonland permanent cards in your hand have retrace.",
    # a cost reduced ("minus {2}", "reduced by {2}"): not read
    "Each creature card in your graveyard has fossilize. Its fossilize cost is equal to its mana cost minus {2}.",
    "Each creature card in your graveyard has scavenge. The scavenge cost is equal to its mana cost reduced by {2}.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_the_layers_and_their_oracle_agree_on_cards_outside_the_battlefield():
    """611.3a, 613.1f: the layers program and its independent oracle (tests/oracles/layers.py) give the same types and
    abilities to a card in a hand and a card in a graveyard: Biotransference makes the creature card in the hand an
    artifact, Underworld Breach gives the graveyard's nonland card escape for its mana cost (and not the Forest)."""
    from bridge.layers import compute_layers
    from carddata import library_with
    from engine.files.loader import board_from_data
    from oracles.layers import oracle_layers

    library = library_with("Biotransference", "Underworld Breach")
    board = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main",
             "battlefield": [{"card": "Biotransference", "controller": "alice"},
                             {"card": "Underworld Breach", "controller": "alice"}],
             "hand": {"alice": [{"card": "Grizzly Bears", "id": "bears"}]},
             "graveyard": {"alice": [{"card": "Lightning Bolt", "id": "bolt"}, {"card": "Forest", "id": "forest"}]}}
    state = board_from_data(board, library, "cardzones")
    solver, oracle = compute_layers(state), oracle_layers(state)
    for oid in ("bears", "bolt", "forest"):
        mine, theirs = solver.card_objects[oid], oracle.objs[oid]
        assert sorted(mine["types"]) == sorted(t.lower() for t in theirs.types), oid
        assert sorted(mine["abilities"]) == sorted({a[1] for a in theirs.abilities}), oid
    assert sorted(solver.card_objects["bears"]["types"]) == ["artifact", "creature"]
    assert "escape [its mana cost], Exile three other cards from your graveyard" in solver.card_objects["bolt"]["abilities"]
    assert not any(a.startswith("escape") for a in solver.card_objects["forest"]["abilities"])
