"""Family 5's counted amounts of cards, life and tokens (engine/vocab/oracle/oneshot.lark's block "counted amounts of
cards, life and tokens (issue 21)", reader engine/vocab/oracle/oneshot_amount.py): "Draw a card for each [objects]",
"draw cards equal to [value]", "Draw X cards, where X is [value]", "mills X cards, where X is [value]", "gain life equal
to [value]", "loses X life, where X is [value]", "Create X ... tokens, where X is [value]", "create a number of ...
tokens equal to [value]" (121.1, 701.17a, 119.3, 111.1; 107.3a: an X the text defines; 608.2h: counted once, as the
spell or ability resolves). The value: the number of permanents the objects' grammar reads, of cards in its
controller's hand or graveyard, or of basic land types among the lands they control (305.6).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/608-2h-mill-x-where-x-is.yaml (Dreadwaters),
608-2h-draw-a-card-for-each.yaml (Collective Unconscious), 608-2h-create-x-tokens-where-x-is.yaml (Krenko, Mob Boss),
608-2h-domain-lose-x-gain-x.yaml (Exotic Disease: one X for two instructions) (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oneshot import OneShot
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

OPS = TypeAdapter(list[OneShot])


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the instructions of the ability it compiles to
EXAMPLES = [
    ('Collective Unconscious', 'Draw a card for each creature you control.',
     [{'op': 'draw', 'who': 'you', 'amount': {'count': {'types': ['Creature'], 'controller': 'you'}, 'times': 1}}]),
    ('Earthshaker Dreadmaw', 'When this creature enters, draw a card for each other Dinosaur you control.',
     [{'op': 'draw', 'who': 'you',
       'amount': {'count': {'other': True, 'subtypes': ['Dinosaur'], 'controller': 'you'}, 'times': 1}}]),
    ('Dreadwaters', 'Target player mills X cards, where X is the number of lands you control.',
     [{'op': 'mill', 'who': 'target', 'amount': {'count': {'types': ['Land'], 'controller': 'you'}}}]),
    ('Blossoming Wreath', 'You gain life equal to the number of creature cards in your graveyard.',
     [{'op': 'gain_life', 'who': 'you', 'amount': {'count': {'zone': 'graveyard', 'owner': 'you', 'types': ['Creature']}}}]),
    ('Blight Pile', '{2}{B}, {T}: Each opponent loses X life, where X is the number of creatures with defender you '
                    'control.',
     [{'op': 'lose_life', 'who': 'each_opponent',
       'amount': {'count': {'types': ['Creature'], 'keywords': ['defender'], 'controller': 'you'}}}]),
    ('Krenko, Mob Boss', '{T}: Create X 1/1 red Goblin creature tokens, where X is the number of Goblins you control.',
     [{'op': 'create_token', 'token': 'Goblin', 'amount': {'count': {'subtypes': ['Goblin'], 'controller': 'you'}}}]),
    ('Dockside Extortionist', 'When this creature enters, create X Treasure tokens, where X is the number of artifacts '
                              'and enchantments your opponents control.',
     [{'op': 'create_token', 'token': 'Treasure',
       'amount': {'count': {'any_types': ['Artifact', 'Enchantment'], 'controller': 'opponent'}}}]),
    ('Exotic Disease', 'Domain — Target player loses X life and you gain X life, where X is the number of basic land '
                       'types among lands you control.',
     [{'op': 'lose_life', 'who': 'target',
       'amount': {'count': {'types': ['Land'], 'controller': 'you'}, 'basic_land_types': True}},
      {'op': 'gain_life', 'who': 'you',
       'amount': {'count': {'types': ['Land'], 'controller': 'you'}, 'basic_land_types': True}}]),
    ('Graveborn Muse', 'At the beginning of your upkeep, you draw X cards and you lose X life, where X is the number of '
                       'Zombies you control.',
     [{'op': 'draw', 'who': 'you', 'amount': {'count': {'subtypes': ['Zombie'], 'controller': 'you'}}},
      {'op': 'lose_life', 'who': 'you', 'amount': {'count': {'subtypes': ['Zombie'], 'controller': 'you'}}}]),
    ('Intelligence Bobblehead', '{5}, {T}: Draw X cards, where X is the number of Bobbleheads you control.',
     [{'op': 'draw', 'who': 'you', 'amount': {'count': {'subtypes': ['Bobblehead'], 'controller': 'you'}}}]),
]


def _compiled(record, paragraph):
    return [a for a in card_file(record).abilities
            if paragraph in (a.model_dump().get("text"), a.model_dump().get("effect"))
            or paragraph.split(": ", 1)[-1] == a.model_dump().get("effect")]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    [ab] = _compiled(record, paragraph)
    assert executable_by(ab) is not None
    assert ab.one_shot == OPS.validate_python(expected)


def _one_shot(text: str, name: str = "") -> list:
    [ab] = oneshot.read(bare(text, name))
    return ab["one_shot"]


def test_values():
    """The value's kinds: cards of the hand (402.1), the basic land types among lands (305.6), a third person's verb
    and the subject it names."""
    assert _one_shot("Draw cards equal to the number of cards in your hand.") == [
        {"op": "draw", "amount": {"count": {"zone": "hand", "owner": "you"}}, "who": "you"}]
    assert _one_shot("You gain X life, where X is the number of basic land types among lands you control.") == [
        {"op": "gain_life", "who": "you",
         "amount": {"count": {"types": ["Land"], "controller": "you"}, "basic_land_types": True}}]
    assert _one_shot("Target player draws X cards, where X is the number of creatures you control.")[0]["who"] == "target"
    assert _one_shot("Create a number of 1/1 white Soldier creature tokens equal to the number of lands you control.")[0][
        "amount"] == {"count": {"types": ["Land"], "controller": "you"}}


def test_one_x_for_two_instructions():
    """107.3a: one X for both; a third person's verb without its subject takes the first one's."""
    ops = _one_shot("Target player loses X life and mills X cards, where X is the number of Zombies you control.")
    assert [(op["op"], op["who"]) for op in ops] == [("lose_life", "target"), ("mill", "target")]


# near misses: words the grammar doesn't consume, or a value the loop doesn't count this way
NOT_READ = [
    # 107.3a: the X the text defines is the damage's X too (not a spell's announced X); Tendrils of Corruption's
    # "deals X damage to target creature and you gain X life, where X is ..." is read whole (test_oracle_amounts.py)
    "You gain X life and Tendrils of Corruption deals X damage to any target, where X is the number of Swamps you "
    "control.",
    "Target player draws a card for each creature they control.",  # "they": the target's, not its controller's
    "You gain life equal to the number of creatures target player controls.",
    "Draw cards equal to the number of cards in target opponent's hand.",
    "Each player draws a card for each creature card in their graveyard.",
    # "its": the dying creature, not the source (read where it is the source: test_oracle_quantity.py)
    "Whenever a creature you control dies, you gain life equal to its power.",
    "Create X 1/1 red Goblin creature token, where X is the number of Goblins you control.",  # the noun disagrees
    "Draw a card for each basic land type among lands you control.",
    # 608.2h: an X of cards in the hand the draw changes (counted for each instruction, it would differ)
    "You draw X cards and you lose X life, where X is the number of cards in your hand.",
    "You draw X cards and you lose X life, where X is your devotion to black.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    name = "Tendrils of Corruption" if "Tendrils" in paragraph else ""
    assert oneshot.read(bare(paragraph, name)) is None
