"""Family 2's counted values (engine/vocab/oracle/quantity.lark's units ``qy_unit`` and amounts ``qy_amount``, an
alternative of statics.lark's ``st_counted`` and ``st_value``; reader engine/vocab/oracle/quantity_counted.py): a number
of a player's (PlayerNumber: counters you or your opponents have, 122.1; opponents you have, 102.3; cards drawn, 121.1,
and life lost this turn, 119.3), the colors among permanents (105.1), Chroma's mana symbols (devotion's count, 700.5),
the total mana value (202.3), the cards a player owns in exile (406.1), the objects named like the source (201.2), the
cards of the controller of what an Aura enchants (404.1, 402.1), the objects of the player chosen as the source
entered (614.12), counted by the layers program on every state (asp_rules/layers_counted.lp).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/613-4c-counted-numbers-of-players.yaml,
105-1-colors-among-permanents-counted.yaml, 202-3-total-mana-value-and-cards-owned-in-exile.yaml,
201-2-counted-creatures-named-like-the-source.yaml, 404-1-counted-cards-of-enchanted-creatures-controller.yaml,
614-12-counted-objects-of-the-chosen-player.yaml (test_games.py); the layer cases tests/data/layers/counted_values.yaml
(test_layers_cases.py, against the layers oracle too).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _pump(value, toughness=True, applies_to=None):
    cont = {"do": [{"op": "modify_pt", "power": value, **({"toughness": value} if toughness else {})}]}
    return {"kind": "static", "continuous": {**({"applies_to": applies_to} if applies_to else {}), **cont}}


def _cda(power, toughness=None):
    return {"kind": "characteristic_defining",
            "continuous": {"do": [{"op": "set_pt", "power": power, "toughness": toughness or power}]}}


EXPERIENCE = {"player_number": "counters", "counters": "experience", "player": "you"}
YOURS = {"types": ["Creature"], "controller": "you"}

# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Kelsien, the Plague", "Kelsien gets +1/+1 for each experience counter you have.", _pump(EXPERIENCE)),
    ("Mycosynth Fiend", "This creature gets +1/+1 for each poison counter your opponents have.",
     _pump({"player_number": "counters", "counters": "poison", "player": "opponents"})),
    ("Blazing Sunsteel", "Equipped creature gets +1/+0 for each opponent you have.",
     _pump({"player_number": "in_game", "player": "opponents"}, toughness=False, applies_to={"attached": True, "types": ["Creature"]})),
    ("Knowledge Is Power", "Creatures you control get +X/+X, where X is the number of cards you've drawn this turn.",
     _pump({"player_number": "drawn", "player": "you"}, applies_to=YOURS)),
    ("Greven, Predator Captain", "Greven gets +X/+0, where X is the amount of life you've lost this turn.",
     _pump({"player_number": "life_lost", "player": "you"}, toughness=False)),
    ("Faeburrow Elder", "This creature gets +1/+1 for each color among permanents you control.",
     _pump({"count": {"controller": "you"}, "colors": True})),
    ("Opulent Clomper", "Vivid — Opulent Clomper's power and toughness are each equal to the number of colors among "
                        "permanents you control.", _cda({"count": {"controller": "you"}, "colors": True})),
    ("Primalcrux", "Chroma — This creature's power and toughness are each equal to the number of green mana symbols in "
                   "the mana costs of permanents you control.", _cda({"count": {"controller": "you"}, "devotion": ["green"]})),
    ("Ancient Ooze", "Ancient Ooze's power and toughness are each equal to the total mana value of other creatures you "
                     "control.", _cda({"total": "mana_value", "of": {**YOURS, "other": True}})),
    ("Umbris, Fear Manifest", "Umbris gets +1/+1 for each card your opponents own in exile.",
     _pump({"count": {"zone": "exile", "owner": "opponent"}})),
    ("Cosmogoyf", "Cosmogoyf's power is equal to the number of cards you own in exile and its toughness is equal to that "
                  "number plus 1.", _cda({"count": {"zone": "exile", "owner": "you"}},
                                         {"count": {"zone": "exile", "owner": "you"}, "plus": 1})),
    ("Relentless Rats", "This creature gets +1/+1 for each other creature on the battlefield named Relentless Rats.",
     _pump({"count": {"types": ["Creature"], "other": True, "named_self": True}})),
    ("Timberpack Wolf", "This creature gets +1/+1 for each other creature you control named Timberpack Wolf.",
     _pump({"count": {**YOURS, "other": True, "named_self": True}})),
    ("Death's Approach", "Enchanted creature gets -X/-X, where X is the number of creature cards in its controller's "
                         "graveyard.",
     _pump({"count": {"zone": "graveyard", "types": ["Creature"], "owned_by_attached_controller": True}, "times": -1},
           applies_to={"attached": True, "types": ["Creature"]})),
    ("Lost Order of Jarkeld", "Lost Order of Jarkeld's power and toughness are each equal to 1 plus the number of "
                              "creatures the chosen player controls.",
     _cda({"count": {"types": ["Creature"], "chosen_player": "controls"}, "plus": 1})),
    ("The Mycotyrant", "The Mycotyrant's power and toughness are each equal to the number of creatures you control that "
                       "are Fungi and/or Saprolings.", _cda({"count": {**YOURS, "subtypes": ["Fungus", "Saproling"]}})),
    ("Bearded Axe", "Equipped creature gets +1/+1 for each Dwarf, Equipment, and/or Vehicle you control.",
     _pump({"count": {"subtypes": ["Dwarf", "Equipment", "Vehicle"], "controller": "you"}}, applies_to={"attached": True, "types": ["Creature"]})),
    ("Tangleweave Armor", "Equipped creature gets +X/+X, where X is the greatest mana value among your commanders.",
     _pump({"greatest": "mana_value", "of": {"commander": True, "owner": "you", "zone": "anywhere"}},
           applies_to={"attached": True, "types": ["Creature"]})),
    ("Stoneforge Masterwork", "Equipped creature gets +1/+1 for each other creature you control that shares a creature "
                              "type with it.",
     _pump({"own_count": "sharing_creature_type", "yours": True}, applies_to={"attached": True, "types": ["Creature"]})),
    ("Mwonvuli Ooze", "Mwonvuli Ooze's power and toughness are each equal to 1 plus twice the number of age counters on "
                      "it.", _cda({"count": {"self": True}, "counters": "age", "times": 2, "plus": 1})),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_its_controller_only_of_what_the_aura_enchants():
    """404.1: "its controller's graveyard" names the controller of the object the source is attached to; of the source
    itself ("This creature gets ..."), "it" is not read that way."""
    [ab] = statics.read(bare("Enchanted creature gets +1/+1 for each card in its controller's hand.", ""))
    assert ab["continuous"]["do"][0]["power"] == {"count": {"zone": "hand", "owned_by_attached_controller": True}, "times": 1}
    assert statics.read(bare("This creature gets +1/+1 for each card in its controller's hand.", "")) is None


# near misses: a part the vocabulary or the layers can't say
NOT_READ = [
    "This creature gets -X/-X, where X is the number of experience counters you have.",  # -X of a player's number
    "This creature gets +1/+1 for each time you've cast your commander from the command zone this game.",
    "This creature's power and toughness are each equal to the number of turns you've taken this game.",
    "This creature gets +1/+1 for each creature in your party.",
    "This creature gets +1/+1 for each differently named land you control.",
    "This creature gets +1/+1 for each other creature named Wastes you control.",  # another card's name
    "This creature gets +1/+1 for each card in the chosen player's library.",
    "This creature gets +1/+1 for each color among cards in your graveyard.",
    "This creature's power and toughness are each equal to half the number of Forests you control, rounded down.",
    "This creature gets +1/+1 for each Role attached to them.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None
