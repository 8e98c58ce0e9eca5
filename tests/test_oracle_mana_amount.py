"""Mana abilities that add an amount counted as they resolve (106.1, 107.3a, 605.3b, 608.2h; issue 21):
engine/vocab/oracle/mana_amount.py reads the value, engine/game/mana_amount.py counts it
(tests/data/games/605-3b-mana-for-each-counted.yaml, 605-3b-x-mana-of-any-one-color.yaml)."""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.activation import could_produce, loop_mana_ability, mana_amount
from engine.vocab.cardfile import executable_by
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.mark.parametrize("name,paragraph,mana,value", [
    ("Gaea's Cradle", "{T}: Add {G} for each creature you control.", "{G}",
     {"count": {"types": ["Creature"], "controller": "you"}}),
    ("Cabal Coffers", "{2}, {T}: Add {B} for each Swamp you control.", "{B}",
     {"count": {"subtypes": ["Swamp"], "controller": "you"}}),
    ("Priest of Titania", "{T}: Add {G} for each Elf on the battlefield.", "{G}", {"count": {"subtypes": ["Elf"]}}),
    ("Crypt of Agadeem", "{2}, {T}: Add {B} for each black creature card in your graveyard.", "{B}",
     {"count": {"colors": ["black"], "types": ["Creature"], "zone": "graveyard", "owner": "you"}}),
    ("Everflowing Chalice", "{T}: Add {C} for each charge counter on this artifact.", "{C}",
     {"count": {"self_": True}, "counters": "charge"}),
    ("Sanctum Weaver", "{T}: Add X mana of any one color, where X is the number of enchantments you control.", None,
     {"count": {"types": ["Enchantment"], "controller": "you"}}),
    ("Baldur's Gate", "{2}, {T}: Add X mana of any one color, where X is the number of other Gates you control.", None,
     {"count": {"subtypes": ["Gate"], "controller": "you", "other": True}}),
    ("Cradle Clearcutter", "{T}: Add an amount of {G} equal to this creature's power.", "{G}",
     {"total": "power", "of": {"self_": True}}),
    ("Marwyn, the Nurturer", "{T}: Add an amount of {G} equal to Marwyn's power.", "{G}",
     {"total": "power", "of": {"self_": True}}),
])
def test_counted_mana_abilities(db, name, paragraph, mana, value):
    """106.1, 605.3b: the mana added once for each of a value counted as the ability resolves, by the loop."""
    (ab,) = [a for a in card_file(db.get(name)).abilities if a.display() == paragraph]
    assert ab.kind == "activated" and ab.mana and executable_by(ab) is not None
    added, counted = mana_amount(paragraph.partition(": ")[2], name)
    assert added == mana and counted.model_dump(exclude_defaults=True) == value


@pytest.mark.parametrize("text,name", [
    ("{T}: Add {R} for each card you've drawn this turn.", ""),  # (no count of cards drawn)
    ("{T}: Add X mana of any one color, where X is your devotion to red.", ""),  # (devotion: not counted by the loop)
    ("{T}: Add X mana of any one color, where X is your life total.", ""),
    ("{T}: Add an amount of {G} equal to the greatest power among creatures you control.", ""),
    ("{T}: Add X mana in any combination of colors, where X is the number of creatures you control.", ""),
    ("{T}, Sacrifice two creatures: Add an amount of {G} equal to the sacrificed creatures' total power.", ""),
    # a cost part besides mana and {T}: the count would be taken before it is paid (not read)
    ("{T}, Sacrifice this artifact: Add X mana of any one color, where X is the number of petal counters on this "
     "artifact.", ""),
    ("{T}: Add {G} for each Crossbreed Labs watermark among permanents you control.", ""),
    ("{T}: Add an amount of {G} equal to Marwyn's power.", "Llanowar Elves"),  # another object's name
    ("{T}: Add {C} for each artifact you control named Powerstone Shard.", ""),
])
def test_counted_mana_abilities_not_read(text, name):
    assert loop_mana_ability(text, name) is None


@pytest.mark.parametrize("name,paragraph,kind,value", [
    ("Reflecting Pool", "{T}: Add one mana of any type that a land you control could produce.", "type",
     {"types": ["Land"], "controller": "you"}),
    ("Exotic Orchard", "{T}: Add one mana of any color that a land an opponent controls could produce.", "color",
     {"types": ["Land"], "controller": "opponent"}),
    ("Fellwar Stone", "{T}: Add one mana of any color that a land an opponent controls could produce.", "color",
     {"types": ["Land"], "controller": "opponent"}),
])
def test_mana_a_permanent_could_produce(db, name, paragraph, kind, value):
    """106.7: one mana of a type (or color) those permanents could produce, found by the loop as it resolves
    (tests/data/games/106-7-mana-a-land-could-produce.yaml)."""
    (ab,) = [a for a in card_file(db.get(name)).abilities if a.display() == paragraph]
    assert ab.kind == "activated" and ab.mana and executable_by(ab) is not None
    found_kind, sel = could_produce(paragraph.partition(": ")[2])
    assert found_kind == kind and sel.model_dump(exclude_defaults=True) == value


@pytest.mark.parametrize("text", [
    "{T}: Add one mana of any type that that land could produce.",
    "{T}, Untap a tapped land an opponent controls: Add one mana of any type that land could produce.",
    "{T}: Add one mana of any type that a land you control could produce. If this creature has a +1/+1 counter on it, "
    "add three mana of that type instead.",
    "{T}: Add two mana of any color that a land an opponent controls could produce.",
])
def test_mana_a_permanent_could_produce_not_read(text):
    assert loop_mana_ability(text) is None
