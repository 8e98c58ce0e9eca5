"""Family 5's activation costs, mana abilities and activation restrictions (issue 21): the cost parts
engine/vocab/activation.py reads (``CostPart``, which the game loop pays: engine/game/cost_parts.py), the
productions of os_cost in engine/vocab/oracle/oneshot.lark that read them, the mana abilities the loop
activates with their whole cost (605.3), and the restriction sentences it enforces (602.5b, 602.2).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first (never typed from memory). The rules outcomes are the games
tests/data/games/119-4-*, 601-2h-*, 602-2-*, 602-5b-*, 605-3-*, 701-17b-*, 113-6k-* (tests/test_games.py).
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.activation import CostPart, loop_mana_ability, parse_activation_cost, zone_of
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from engine.vocab.selector import Selector
from carddata import db  # noqa: F401 (the fixture)

SELF = Selector(self_=True)

# a cost part as printed -> the CostPart the loop pays
PARTS = [
    ("Pay 2 life", CostPart(verb="pay_life", count=2)),
    ("Remove a +1/+1 counter from this creature", CostPart(verb="remove_counters", counter="+1/+1", what=SELF)),
    ("Remove two charge counters from this artifact",
     CostPart(verb="remove_counters", count=2, counter="charge", what=SELF)),
    ("Exile this artifact", CostPart(verb="exile", what=SELF)),
    ("Mill a card", CostPart(verb="mill")),
    ("Discard a card at random", CostPart(verb="discard", at_random=True)),
    ("Discard a creature card", CostPart(verb="discard", card_types=("Creature",))),
    ("Return this enchantment to its owner's hand", CostPart(verb="return", what=SELF)),
    ("Return a land you control to its owner's hand",
     CostPart(verb="return", what=Selector(zone="battlefield", controller="you", types=["Land"]))),
    ("Sacrifice a permanent", CostPart(verb="sacrifice", what=Selector(zone="battlefield", controller="you"))),
    ("Sacrifice ~", CostPart(verb="sacrifice", what=SELF, named=True)),  # (201.5a: named, CostPart.named)
    ("Tap an untapped creature you control",
     CostPart(verb="tap", what=Selector(zone="battlefield", controller="you", any_types=["Creature"]))),
    ("Exile this card from your graveyard", CostPart(verb="exile", what=SELF, from_zone="graveyard")),
    ("Discard this card", CostPart(verb="discard", what=SELF, from_zone="hand")),
    ("Exile two cards from your graveyard", CostPart(verb="exile_cards", count=2)),
    ("Exile a creature card from your graveyard", CostPart(verb="exile_cards", card_types=("Creature",))),
    ("Pay X life", CostPart(verb="pay_life", count="x")),  # 107.3a: X announced
    ("Discard X cards", CostPart(verb="discard", count="x")),
]
# parts the loop doesn't pay (None): near misses of the templates above
NOT_PAID = ["Pay Y life", "Exile X cards from your graveyard", "Pay 0 life", "Remove a counter from this creature", "Remove any number of storage counters "
            "from target land", "Remove two charge counter from this artifact", "Mill two card", "Discard an creature card",
            "Return a land an opponent controls to its owner's hand", "Sacrifice a token", "Exile target card",
            "Exile a card from a graveyard", "Tap an untapped creature", "Discard your hand"]


@pytest.mark.parametrize("part, expected", PARTS, ids=[p for p, _ in PARTS])
def test_cost_parts_the_loop_pays(part, expected):
    assert parse_activation_cost(part).parts == (expected,)


@pytest.mark.parametrize("part", NOT_PAID)
def test_cost_parts_not_paid(part):
    assert parse_activation_cost(part).parts == (None,)


def test_the_card_name_in_a_cost_is_the_card_itself():
    assert parse_activation_cost("{1}, Sacrifice Mogg Fanatic", "Mogg Fanatic").parts == (
        CostPart(verb="sacrifice", what=SELF, named=True),)
    assert parse_activation_cost("{1}, Sacrifice Mogg Fanatic").parts == (None,)


def test_the_zone_an_ability_functions_in():  # 113.6k
    assert zone_of(parse_activation_cost("{1}{W}, Exile this card from your graveyard")) == "graveyard"
    assert zone_of(parse_activation_cost("{1}{R}, Discard this card")) == "hand"
    assert zone_of(parse_activation_cost("{2}{G}, Exile two cards from your graveyard")) == "battlefield"


# database card, its paragraph, whether family 5 reads it (the cost read whole, and the effect)
READ = [
    ("Deepwood Ghoul", "Pay 2 life: Regenerate this creature."),
    ("Canyon Drake", "{1}, Discard a card at random: This creature gets +2/+0 until end of turn."),
    ("Brittle Effigy", "{4}, {T}, Exile this artifact: Exile target creature."),
    ("Floodbringer", "{2}, Return a land you control to its owner's hand: Tap target land."),
    ("Spike Colony", "{2}, Remove a +1/+1 counter from this creature: Put a +1/+1 counter on target creature."),
    ("Bramblesnap", "Tap an untapped creature you control: This creature gets +1/+1 until end of turn."),
    ("Dauntless Cathar", "{1}{W}, Exile this card from your graveyard: Create a 1/1 white Spirit creature token with "
                         "flying. Activate only as a sorcery."),
    ("Steel Wrecking Ball", "{1}{R}, Discard this card: Destroy target artifact."),
    ("Psychatog", "Exile two cards from your graveyard: This creature gets +1/+1 until end of turn."),
    ("Alaborn Veteran", "{T}: Target creature gets +2/+2 until end of turn. Activate only during your turn, before "
                        "attackers are declared."),
    ("Augur il-Vec", "Sacrifice this creature: You gain 4 life. Activate only during your upkeep."),
    ("Excavation", "{1}, Sacrifice a land: Draw a card. Any player may activate this ability."),
]


@pytest.mark.parametrize("name, paragraph", READ, ids=[n for n, _ in READ])
def test_database_cards_read_and_executed(db, name, paragraph):  # noqa: F811
    card = card_file(db.card(name))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.kind == "activated" and a.display() == paragraph)
    assert ab.one_shot or ab.continuous or ab.replacement, paragraph  # the effect compiled (family 5)
    assert executable_by(ab) is not None
    assert all(p is not None for p in parse_activation_cost(ab.cost, card.name).parts)


# paragraphs family 5 must not read: the cost holds a part the loop doesn't pay, or a restriction it doesn't know
NOT_READ = [
    "Remove a counter from this creature: Draw a card.",
    "Sacrifice X creatures: Draw a card.",  # (107.3a: "Pay X life" is read, tests/test_oracle_xvalue.py)
    "Exile target card from a graveyard: Draw a card.",
    "{T}: Draw a card. Activate only during your opponent's turn.",
    "{T}: Draw a card. Activate only during your turn, after attackers are declared.",
    "Sacrifice a token: Draw a card.",
    "Discard your hand: Draw a card.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


# database mana abilities: the loop activates them, their whole cost paid (605.3, 601.2h)
MANA = [
    ("Arcum's Astrolabe", "{1}, {T}: Add one mana of any color."),
    ("Mana Confluence", "{T}, Pay 1 life: Add one mana of any color."),
    ("Holdout Settlement", "{T}, Tap an untapped creature you control: Add one mana of any color."),
    ("Tendo Ice Bridge", "{T}, Remove a charge counter from this land: Add one mana of any color."),
    ("Deranged Assistant", "{T}, Mill a card: Add {C}."),
    ("Azorius Signet", "{1}, {T}: Add {W}{U}."),
    ("Coldsteel Heart", "{T}: Add one mana of the chosen color."),
    ("Battlefield Forge", "{T}: Add {R} or {W}. This land deals 1 damage to you."),
    ("Cinder Marsh", "{T}: Add {B} or {R}. This land doesn't untap during your next untap step."),
    ("Gravestone Strider", "{1}: Add one mana of any color. Activate only once each turn."),
]


@pytest.mark.parametrize("name, paragraph", MANA, ids=[n for n, _ in MANA])
def test_mana_abilities_with_costs(db, name, paragraph):  # noqa: F811
    card = card_file(db.card(name))
    assert any(line.startswith(paragraph) for line in card.oracle.splitlines())  # (reminder text aside)
    ab = next(a for a in card.abilities if a.kind == "activated" and a.display() == paragraph)
    assert ab.mana and executable_by(ab) is not None and loop_mana_ability(paragraph) is not None


def test_mana_abilities_the_loop_doesnt_activate():
    for text in ("{T}, {Q}: Add {G}.", "{X}, {T}: Add {G}.", "{T}, Remove a counter from this land: Add {G}.",
                 "{1}: Add one mana of any color. Activate only once.",
                 "{1}, {T}, Exile this card from your graveyard: Add {G}.",
                 "{T}: Add {R}. This land deals 1 damage to each opponent.",
                 "{T}: Add {B} or {R}. This land doesn't untap during its controller's next untap step."):
        assert loop_mana_ability(text) is None, text
