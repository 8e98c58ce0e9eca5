"""The costs of spells in the Oracle grammar (issue 21): engine/vocab/oracle/costs.lark and costs.py read cost
increases and reductions (601.2f, 118.7a), a spell's own reductions (113.6d) and its own additional cost (118.8,
601.2b) into the vocabulary's CostRule, which the game loop applies (engine/game/spell_costs.py). Examples that
compile and near misses that must not; the database cards' paragraphs are asserted first (never typed from
memory). The rules outcomes are the games tests/data/games/601-2f-cost-increases-and-reductions,
601-2f-this-spell-costs-less, 601-2f-domain-cost-reduction, 601-2f-chosen-type-cost-reduction, 601-2h-additional-costs-of-spells, 601-2b-additional-cost-options,
118-9-alternative-costs and 118-9-conditional-alternative-cost (tests/test_games.py)."""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.activation import CostPart
from engine.vocab.cardfile import executable_by
from engine.vocab.oneshot import CostRule
from engine.vocab.oracle import costs
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.selector import Selector
from carddata import db  # noqa: F401 (the fixture)

YOU = {"controller": "you"}
SELF = {"self": True}

# a paragraph -> its CostRule fields
READ = [
    ("Instant and sorcery spells you cast cost {1} less to cast.",
     {"reduce": 1, "spells": {"any_types": ["Instant", "Sorcery"], **YOU}}),
    ("Noncreature spells cost {1} more to cast.", {"increase": 1, "spells": {"not_types": ["Creature"]}}),
    ("Spells your opponents cast cost {2} more to cast.", {"increase": 2, "spells": {"controller": "opponent"}}),
    ("Artifact and enchantment spells your opponents cast cost {1} more to cast.",
     {"increase": 1, "spells": {"any_types": ["Artifact", "Enchantment"], "controller": "opponent"}}),
    ("Artifact spells you cast cost {1} less to cast.", {"reduce": 1, "spells": {"types": ["Artifact"], **YOU}}),
    ("Black creature spells you cast cost {1} less to cast.",
     {"reduce": 1, "spells": {"types": ["Creature"], "colors": ["black"], **YOU}}),
    ("Creature spells with flying you cast cost {1} less to cast.",
     {"reduce": 1, "spells": {"types": ["Creature"], "keywords": ["flying"], **YOU}}),
    ("Kithkin spells and Soldier spells you cast cost {1} less to cast.",
     {"reduce": 1, "spells": {"subtypes": ["Kithkin", "Soldier"], **YOU}}),
    ("Aura and Equipment spells you cast cost {1} less to cast.",
     {"reduce": 1, "spells": {"subtypes": ["Aura", "Equipment"], **YOU}}),
    ("Dragon spells you cast cost {1} less to cast.", {"reduce": 1, "spells": {"subtypes": ["Dragon"], **YOU}}),
    ("Spells you cast cost {1} less to cast.", {"reduce": 1, "spells": YOU}),
    ("Creature spells of the chosen type cost {2} less to cast.",
     {"reduce": 2, "spells": {"types": ["Creature"], "chosen_creature_type": True}}),
    ("Creature spells you cast of the chosen type cost {1} less to cast.",
     {"reduce": 1, "spells": {"types": ["Creature"], "chosen_creature_type": True, **YOU}}),
    ("This spell costs {1} less to cast for each creature card in your graveyard.",
     {"reduce": 1, "spells": SELF, "for_each": {"count": {"zone": "graveyard", "owner": "you", "types": ["Creature"]}}}),
    ("This spell costs {1} less to cast for each instant and sorcery card in your graveyard.",
     {"reduce": 1, "spells": SELF, "for_each": {"count": {"zone": "graveyard", "owner": "you",
                                                         "any_types": ["Instant", "Sorcery"]}}}),
    ("This spell costs {1} less to cast for each creature on the battlefield.",
     {"reduce": 1, "spells": SELF, "for_each": {"count": {"zone": "battlefield", "types": ["Creature"]}}}),
    ("This spell costs {1} less to cast for each attacking creature.",
     {"reduce": 1, "spells": SELF, "for_each": {"count": {"zone": "battlefield", "types": ["Creature"], "attacking": True}}}),
    ("Domain — This spell costs {1} less to cast for each basic land type among lands you control.",
     {"reduce": 1, "spells": SELF, "for_each": {"count": {"zone": "battlefield", "types": ["Land"], **YOU},
                                                "basic_land_types": True}}),
    ("Undergrowth — This spell costs {1} less to cast for each creature card in your graveyard.",
     {"reduce": 1, "spells": SELF, "for_each": {"count": {"zone": "graveyard", "owner": "you", "types": ["Creature"]}}}),
    ("This spell costs {2} less to cast if it targets a tapped creature.",
     {"reduce": 2, "spells": SELF, "if_any": {"targets": True, "types": ["Creature"], "tapped": True}}),
    ("This spell costs {2} less to cast if it targets an attacking creature.",
     {"reduce": 2, "spells": SELF, "if_any": {"targets": True, "types": ["Creature"], "attacking": True}}),
    ("This spell costs {1} less to cast if you control a Wizard.",
     {"reduce": 1, "spells": SELF, "if_any": {"zone": "battlefield", "subtypes": ["Wizard"], **YOU}}),
    ("As an additional cost to cast this spell, discard a card.", {"additional": {"verb": "discard"}}),
    ("As an additional cost to cast this spell, discard a card at random.",
     {"additional": {"verb": "discard", "at_random": True}}),
    ("As an additional cost to cast this spell, exile a creature card from your graveyard.",
     {"additional": {"verb": "exile_cards", "card_types": ["Creature"]}}),
    ("As an additional cost to cast this spell, sacrifice two creatures.",
     {"additional": {"verb": "sacrifice", "count": 2,
                     "what": {"zone": "battlefield", "controller": "you", "any_types": ["Creature"]}}}),
    ("As an additional cost to cast this spell, return a land you control to its owner's hand.",
     {"additional": {"verb": "return", "what": {"zone": "battlefield", "controller": "you", "types": ["Land"]}}}),
    ("As an additional cost to cast this spell, pay 3 life.", {"additional": {"verb": "pay_life", "count": 3}}),
    ("As an additional cost to cast this spell, discard a card or pay {5}.",
     {"additional": {"verb": "discard"}, "additional_or": {"mana": "{5}"}}),
    ("As an additional cost to cast this spell, sacrifice a creature or discard a card.",
     {"additional": {"verb": "sacrifice", "what": {"zone": "battlefield", "controller": "you", "any_types": ["Creature"]}},
      "additional_or": {"part": {"verb": "discard"}}}),
    ("As an additional cost to cast this spell, pay {4} or sacrifice an artifact or creature.",
     {"additional": {"verb": "sacrifice", "what": {"zone": "battlefield", "controller": "you",
                                                   "any_types": ["Artifact", "Creature"]}},
      "additional_or": {"mana": "{4}"}}),
    ("As an additional cost to cast this spell, sacrifice a creature or enchantment or pay {2}.",
     {"additional": {"verb": "sacrifice", "what": {"zone": "battlefield", "controller": "you",
                                                   "any_types": ["Creature", "Enchantment"]}},
      "additional_or": {"mana": "{2}"}}),
    ("As an additional cost to cast this spell, discard a card or pay 3 life.",
     {"additional": {"verb": "discard"}, "additional_or": {"part": {"verb": "pay_life", "count": 3}}}),
    ("You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost.", {"alternative": {"mana": "{W}{U}{B}{R}{G}"}}),
    ("You may sacrifice two Mountains rather than pay this spell's mana cost.",
     {"alternative": {"part": {"verb": "sacrifice", "count": 2,
                               "what": {"zone": "battlefield", "controller": "you", "subtypes": ["Mountain"]}}}}),
    ("You may return an Island you control to its owner's hand rather than pay this spell's mana cost.",
     {"alternative": {"part": {"verb": "return", "what": {"zone": "battlefield", "controller": "you",
                                                          "subtypes": ["Island"]}}}}),
    ("You may pay {1} and return a basic land you control to its owner's hand rather than pay this spell's mana cost.",
     {"alternative": {"mana": "{1}", "part": {"verb": "return", "what": {"zone": "battlefield", "controller": "you",
                                                                         "types": ["Land"], "supertypes": ["Basic"]}}}}),
    ("If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost.",
     {"alternative": {"part": {"verb": "pay_life", "count": 4},
                      "if_any": {"zone": "battlefield", "controller": "you", "subtypes": ["Swamp"]}}}),
    ("If you control a Plains, you may tap an untapped creature you control rather than pay this spell's mana cost.",
     {"alternative": {"part": {"verb": "tap", "what": {"zone": "battlefield", "controller": "you",
                                                       "any_types": ["Creature"]}},
                      "if_any": {"zone": "battlefield", "controller": "you", "subtypes": ["Plains"]}}}),
    ("You may pay {3}{U} and tap an untapped artifact you control rather than pay this spell's mana cost.",
     {"alternative": {"mana": "{3}{U}", "part": {"verb": "tap", "what": {"zone": "battlefield", "controller": "you",
                                                                          "any_types": ["Artifact"]}}}}),
]

# near misses: a part the loop doesn't execute, or words the grammar doesn't consume
NOT_READ = [
    "Instant and sorcery spells you cast cost {X} less to cast, where X is Vadrik's power.",
    "Black spells you cast cost {B} more to cast.",  # a colored increase
    "Spells you cast from your graveyard cost {1} less to cast.",
    "Creature spells you cast cost {1} less to cast for each +1/+1 counter on ~.",
    "Permanent spells you cast that have an Adventure cost {1} less to cast.",
    "Spells your opponents cast that target this creature cost {2} more to cast.",
    "As long as this creature is tapped, creature spells you cast cost {1} less to cast.",
    "Tapped spells you cast cost {1} less to cast.",  # a spell is never tapped
    "Spells you cast of the chosen type cost {1} less to cast.",  # the chosen type may be a card type (Cloud Key)
    "Instant and instant spells you cast cost {1} less to cast.",
    "This spell costs {1} less to cast for each creature in your party.",
    "Domain — This spell costs {1} less to cast for each basic land type among lands your opponents control.",
    "Delirium — This spell costs {1} less to cast for each creature card in your graveyard.",  # a word it doesn't know
    "This spell costs {2} less to cast if it targets a attacking creature.",  # the article disagrees
    "This spell costs {2} less to cast if it targets a creature card with mana value 3 or less.",
    "This spell costs {1} less to cast if you control a creature you control.",
    "This spell costs {1} more to cast if you control a Wizard.",
    "As an additional cost to cast this spell, discard X card.",  # (107.3a: "discard X cards" is read)
    "As an additional cost to cast this spell, reveal a Vampire card from your hand or pay {1}.",
    "As an additional cost to cast this spell, sacrifice a creature, discard a card, or pay 4 life.",
    "As an additional cost to cast this spell, sacrifice a legendary creature or pay {2}.",
    "As an additional cost to cast this spell, discard a card or pay {X}.",
    "As an additional cost to cast this spell, exile this card from your graveyard.",
    "As an additional cost to cast this spell, remove a +1/+1 counter from this creature.",
    "As an additional cost to cast this spell, {T}.",
    "As an additional cost to cast this spell, you may blight 1.",
    "You may sacrifice four Eldrazi Spawn rather than pay this spell's mana cost.",  # no subtype "Eldrazi Spawn"
    "You may tap three untapped Dwarves you control rather than pay this spell's mana cost.",  # "Dwarve"
    "You may sacrifice three black creatures rather than pay this spell's mana cost.",
    "You may pay 1 life and exile a blue card from your hand rather than pay this spell's mana cost.",
    "You may exile a white card from your hand rather than pay this spell's mana cost.",
    "You may return two Islands you control to their owner's hand rather than pay this spell's mana cost.",
    "You may pay {R}{G} rather than pay this spell's mana cost. Spend only mana produced by Treasures to cast it this "
    "way.",
    "You may pay {X} rather than pay this spell's mana cost.",
    "You may sacrifice two Mountains rather than pay its mana cost.",
    "If you control an Swamp, you may pay 4 life rather than pay this spell's mana cost.",
    "If you control a Swamp you control, you may pay 4 life rather than pay this spell's mana cost.",
    "If you attacked this turn, you may pay {U} rather than pay this spell's mana cost.",
]


def _rule(paragraph: str) -> CostRule | None:
    found = compile_paragraph(paragraph, "Some Card")
    if found is None:
        return None
    assert len(found) == 1 and found[0].kind == "static"
    return found[0].costs


@pytest.mark.parametrize("paragraph, expected", READ, ids=[p for p, _ in READ])
def test_read(paragraph, expected):
    assert costs.read(paragraph) is not None
    assert _rule(paragraph) == CostRule.model_validate(expected)


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert costs.read(paragraph) is None
    assert compile_paragraph(paragraph, "Some Card") is None


def test_the_additional_cost_is_the_activation_cost_part():  # one reading of "discard a card" for 602.2b and 601.2b
    from engine.vocab.activation import parse_activation_cost

    part = parse_activation_cost("Exile a creature card from your graveyard").parts[0]
    assert CostRule.model_validate(costs.read("As an additional cost to cast this spell, exile a creature card from "
                                              "your graveyard.")[0]["costs"]).additional == part
    assert isinstance(part, CostPart)


def test_a_modification_names_its_spells():
    with pytest.raises(ValueError):
        CostRule(reduce=1)
    with pytest.raises(ValueError):
        CostRule(increase=1, spells=Selector(), for_each={"count": Selector(types=["Creature"])})


# database cards: their paragraph, and the ability executed (the whole card, where the brief's games use it)
CARDS = [
    ("Goblin Electromancer", "Instant and sorcery spells you cast cost {1} less to cast."),
    ("Thalia, Guardian of Thraben", "Noncreature spells cost {1} more to cast."),
    ("God-Pharaoh's Statue", "Spells your opponents cast cost {2} more to cast."),
    ("Etherium Sculptor", "Artifact spells you cast cost {1} less to cast."),
    ("Urza's Incubator", "Creature spells of the chosen type cost {2} less to cast."),
    ("Fate of the Sun-Cryst", "This spell costs {2} less to cast if it targets a tapped creature."),
    ("Wizard's Lightning", "This spell costs {2} less to cast if you control a Wizard."),
    ("Overwhelming Remorse", "This spell costs {1} less to cast for each creature card in your graveyard."),
    ("Stratadon", "Domain — This spell costs {1} less to cast for each basic land type among lands you control."),
    ("Tormenting Voice", "As an additional cost to cast this spell, discard a card."),
    ("Weigh Down", "As an additional cost to cast this spell, exile a creature card from your graveyard."),
    ("Phyrexian Tribute", "As an additional cost to cast this spell, sacrifice two creatures."),
    ("Lightning Axe", "As an additional cost to cast this spell, discard a card or pay {5}."),
    ("Bone Shards", "As an additional cost to cast this spell, sacrifice a creature or discard a card."),
    ("Fireblast", "You may sacrifice two Mountains rather than pay this spell's mana cost."),
    ("Fieldmist Borderpost", "You may pay {1} and return a basic land you control to its owner's hand rather than pay "
                             "this spell's mana cost."),
    ("Bringer of the White Dawn", "You may pay {W}{U}{B}{R}{G} rather than pay this spell's mana cost."),
    ("Snuff Out", "If you control a Swamp, you may pay 4 life rather than pay this spell's mana cost."),
]


@pytest.mark.parametrize("name, paragraph", CARDS, ids=[n for n, _ in CARDS])
def test_database_cards(db, name, paragraph):  # noqa: F811
    card = card_file(db.card(name))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.display() == paragraph)
    assert ab.kind == "static" and ab.costs is not None and executable_by(ab) == "play (601.2f: the total cost)"
    if name != "Bringer of the White Dawn":  # (its upkeep trigger returns an artifact card: not read)
        assert all(executable_by(a) is not None for a in card.abilities)


def test_a_return_cost_names_a_basic_land_or_a_subtype():  # activation costs too (602.1a)
    from engine.vocab.activation import parse_activation_cost

    assert parse_activation_cost("Return a basic land you control to its owner's hand").parts == (CostPart(
        verb="return", what=Selector(zone="battlefield", controller="you", types=["Land"], supertypes=["Basic"])),)
    assert parse_activation_cost("Return an Island you control to its owner's hand").parts == (CostPart(
        verb="return", what=Selector(zone="battlefield", controller="you", subtypes=["Island"])),)
    assert parse_activation_cost("Return a Island you control to its owner's hand").parts == (None,)
