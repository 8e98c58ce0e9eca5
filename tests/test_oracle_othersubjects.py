"""Family 2, static abilities about other objects (issue 21, round 21): more subjects of the effects that give spells a
keyword (613.1f; engine/vocab/oracle/statics_spells.lark): commander spells (903.3), spells cast from a hand (601.2a),
spells of a mana value or more (202.3); and a mana value compared in any continuous effect's selector ("Creatures you
control with mana value 3 or less", 202.3: the layers program's sel_mv_le/2, sel_mv_ge/2). Real cards of the card
database compile to the vocabulary the layers program and the game loop execute; near misses stay text. The games are
tests/data/games/903-3-cascade-granted-to-commander-spells.yaml, 601-2a-cascade-granted-to-spells-cast-from-hand.yaml,
202-3-cascade-granted-to-spells-of-mana-value-6.yaml; the layers case tests/data/layers/mana_value_compared.yaml."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph

CASCADE = [{"op": "add_abilities", "abilities": [{"keyword": "cascade"}]}]


def _one(text: str) -> dict:
    found = compile_paragraph(text)
    assert found is not None and len(found) == 1, text
    (ab,) = found
    assert executable_by(ab), text
    return ab.model_dump(by_alias=True, exclude_defaults=True, exclude={"text"})


@pytest.mark.parametrize("text, applies_to, do", [
    # Flamekin Herald (903.3: the commander designation, kept on the stack)
    ("Commander spells you cast have cascade.", {"zone": "stack", "commander": True, "controller": "you"}, CASCADE),
    # Quandrix, the Proof; Wildsear, Scouring Maw (601.2a: cast from a hand)
    ("Instant and sorcery spells you cast from your hand have cascade.",
     {"zone": "stack", "any_types": ["Instant", "Sorcery"], "controller": "you", "cast_from": "hand"}, CASCADE),
    ("Enchantment spells you cast from your hand have cascade.",
     {"zone": "stack", "any_types": ["Enchantment"], "controller": "you", "cast_from": "hand"}, CASCADE),
    # Imoti, Celebrant of Bounty (202.3)
    ("Spells you cast with mana value 6 or greater have cascade.",
     {"zone": "stack", "controller": "you", "mana_value_at_least": 6}, CASCADE),
    # Hero of the Dunes, Megaflora Jungle (202.3: a mana value compared in the layers)
    ("Creatures you control with mana value 3 or less get +1/+0.",
     {"types": ["Creature"], "controller": "you", "mana_value_at_most": 3}, [{"op": "modify_pt", "power": 1}]),
    ("Each creature with mana value 2 or less gets +2/+2.",
     {"types": ["Creature"], "mana_value_at_most": 2}, [{"op": "modify_pt", "power": 2, "toughness": 2}]),
])
def test_a_static_about_other_objects_compiles_to_what_the_layers_read(text, applies_to, do):
    ab = _one(text)
    assert ab["kind"] == "static"
    assert ab["continuous"] == {"applies_to": applies_to, "do": do}


@pytest.mark.parametrize("text", [
    "Commander spells you cast have demonstrate.",  # a keyword of a spell the loop doesn't read from the layers
    "Commander spells you cast from exile have cascade.",  # a zone not read
    "Spells you cast from your graveyard have cascade.",
    "Spells you cast with power 6 or greater have cascade.",  # a power compared: no mana value
    "Creatures you control with power 3 or less get +1/+0.",  # 208.1: the layers program doesn't compare a power (613.8)
    "Creatures you control with toughness 4 or greater have hexproof.",
])
def test_a_near_miss_stays_text(text):
    found = compile_paragraph(text)
    assert not found or not all(executable_by(ab) for ab in found), text


def test_a_mana_value_compared_is_refused_in_a_combat_rule():
    """508.1c: the attack program compares no mana value: a combat rule with one stays text."""
    found = compile_paragraph("Creatures with mana value 3 or less can't attack.")
    assert not found or not all(executable_by(ab) for ab in found)


def test_a_protection_that_spares_this_aura_is_read_beside_a_bonus():
    """702.16c, 704.5m: Tattoo Ward: the Aura's protection spares it (spares_source), its +1/+1 beside it (613.4c)."""
    ab = _one("Enchanted creature gets +1/+1 and has protection from enchantments. This effect doesn't remove this Aura.")
    assert ab["continuous"] == {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [
        {"op": "modify_pt", "power": 1, "toughness": 1},
        {"op": "add_abilities", "abilities": [{"keyword": "protection", "quality": "enchantments", "spares_source": True}]}]}


@pytest.mark.parametrize("text", [
    "Enchanted creature gets +1/+1 and has flying. This effect doesn't remove this Aura.",  # no protection to spare it
    "Enchanted creature gets +1/+1 and can't block and has protection from enchantments. This effect doesn't remove "
    "this Aura.",  # a combat rule beside it
    "Enchanted creature is black and has protection from enchantments. This effect doesn't remove this Aura.",
])
def test_doesnt_remove_this_aura_of_another_effect_stays_text(text):
    found = compile_paragraph(text)
    assert not found, text


@pytest.mark.parametrize("text, inner", [
    ('Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch deals 2 damage to any target."',
     "{T}, Sacrifice ~: ~ deals 2 damage to any target."),  # Blazing Torch
    ('Equipped creature has "{1}, {T}, Sacrifice Ninja\'s Kunai: Ninja\'s Kunai deals 3 damage to any target."',
     "{1}, {T}, Sacrifice ~: ~ deals 3 damage to any target."),  # Ninja's Kunai
    ('Equipped creature has "{1}, {T}: Tap target creature. Return Trusty Boomerang to its owner\'s hand."',
     "{1}, {T}: Tap target creature. Return ~ to its owner's hand."),  # Trusty Boomerang
])
def test_a_granted_ability_whose_effect_names_the_granting_card_resolves_with_it_as_source(text, inner):
    """201.5a: the card's name in the quoted ability is the granting card; with no "this creature" or "it" beside it in
    the effect, the loop resolves the ability with the granting object as its source (GrantedText.named_source)."""
    name = text.split('Sacrifice ')[-1].split(':')[0] if "Sacrifice" in text else "Trusty Boomerang"
    found = compile_paragraph(text, name)
    assert found is not None and len(found) == 1 and executable_by(found[0])
    (granted,) = found[0].continuous.do[0].abilities
    assert granted.named_source and granted.kind == "activated" and granted.text == inner


@pytest.mark.parametrize("text, name", [
    # the name beside "This creature" (the object that has it): two sources, not read (Archery Training)
    ('Enchanted creature has "{T}: This creature deals X damage to target attacking or blocking creature, where X is '
     'the number of arrow counters on Archery Training."', "Archery Training"),
    # "It deals": which object "it" is, not read (Razor Boomerang)
    ('Equipped creature has "{T}, Unattach Razor Boomerang: It deals 1 damage to any target. Return Razor Boomerang to '
     'its owner\'s hand."', "Razor Boomerang"),
    # a cost part naming the card that the loop doesn't pay with it ("Tap ~", Fishing Pole)
    ('Equipped creature has "{1}, {T}, Tap Fishing Pole: Put a bait counter on Fishing Pole."', "Fishing Pole"),
    # a triggered ability naming the card (Spare Dagger's "you may sacrifice ~"): not read
    ('Equipped creature gets +1/+0 and has "Whenever this creature attacks, you may sacrifice Spare Dagger. When you do, '
     'this creature deals 1 damage to any target."', "Spare Dagger"),
])
def test_a_granted_ability_naming_the_card_beside_another_object_stays_text(text, name):
    found = compile_paragraph(text, name)
    assert not found or not all(executable_by(ab) for ab in found), text


@pytest.mark.parametrize("text, applies_to, granted", [
    # Djinn Illuminatus, Hatchery Sliver, Ian Chesterton (702.56a: the cost each spell's mana cost)
    ("Each instant and sorcery spell you cast has replicate. The replicate cost is equal to its mana cost.",
     {"zone": "stack", "any_types": ["Instant", "Sorcery"], "controller": "you"},
     {"keyword": "replicate", "cost_is_mana_cost": True}),
    ("Each Sliver spell you cast has replicate. The replicate cost is equal to its mana cost.",
     {"zone": "stack", "subtypes": ["Sliver"], "controller": "you"}, {"keyword": "replicate", "cost_is_mana_cost": True}),
    ("Science Teacher — Each Saga spell you cast has replicate. The replicate cost is equal to its mana cost.",
     {"zone": "stack", "subtypes": ["Saga"], "controller": "you"}, {"keyword": "replicate", "cost_is_mana_cost": True}),
    # Silverquill, the Disputant (702.153a); Raiding Schemes (702.78a)
    ("Each instant and sorcery spell you cast has casualty 1.",
     {"zone": "stack", "any_types": ["Instant", "Sorcery"], "controller": "you"}, {"keyword": "casualty", "n": 1}),
    ("Each noncreature spell you cast has conspire.",
     {"zone": "stack", "not_types": ["Creature"], "controller": "you"}, {"keyword": "conspire"}),
])
def test_an_optional_cost_keyword_given_to_spells_compiles(text, applies_to, granted):
    """613.1f: the keyword the game loop reads from the layers for the spell as it is cast (601.2b, 601.2f;
    engine/game/spell_keywords.py)."""
    ab = _one(text)
    assert ab["continuous"] == {"applies_to": applies_to, "do": [{"op": "add_abilities", "abilities": [granted]}]}


@pytest.mark.parametrize("text", [
    "Each instant and sorcery spell you cast has replicate. The replicate cost is equal to its mana cost plus {1}.",
    "Each instant and sorcery spell you cast has replicate. The flashback cost is equal to its mana cost.",
    "Each spell you cast that's exactly three colors has replicate {3}.",  # "exactly three colors": not read
    "The first instant or sorcery spell you cast each turn has casualty 2.",  # no selector of the first spell
    "Each noncreature spell you cast has demonstrate.",  # a keyword the loop doesn't read from the layers
    "Each creature card in your hand has replicate. The replicate cost is equal to its mana cost.",  # cards, not spells
])
def test_an_optional_cost_keyword_near_miss_stays_text(text):
    found = compile_paragraph(text)
    assert not found or not all(executable_by(ab) for ab in found), text


@pytest.mark.parametrize("text, applies_to", [
    # On Wings of Gold (111.1: a union of a creature type and tokens)
    ("Creatures you control that are Zombies and/or tokens get +1/+1 and have flying.",
     {"any_of": [{"types": ["Creature"], "subtypes": ["Zombie"], "controller": "you"},
                 {"types": ["Creature"], "controller": "you", "token": True}]}),
    # Jo Grant (700.6: historic cards)
    ("Each historic card in your hand has cycling {2}{W}.",
     {"any_of": [{"zone": "hand", "supertypes": ["Legendary"], "owner": "you"},
                 {"zone": "hand", "types": ["Artifact"], "owner": "you"},
                 {"zone": "hand", "subtypes": ["Saga"], "owner": "you"}]}),
    # Solemn Doomguide (205.3: one of the creature types)
    ("Each creature card in your graveyard that's a Cleric, Rogue, Warrior, and/or Wizard has unearth {1}{B}.",
     {"zone": "graveyard", "types": ["Creature"], "subtypes": ["Cleric", "Rogue", "Warrior", "Wizard"], "owner": "you"}),
])
def test_more_subjects_of_statics_about_other_objects(text, applies_to):
    ab = _one(text)
    assert ab["continuous"]["applies_to"] == applies_to


def test_an_aura_bonus_beside_its_activated_abilities_rule():
    """602.5, 613.4c: Viper's Kiss: the continuous effect and the static ability's cant_activate (the game loop's)."""
    ab = _one("Enchanted creature gets -1/-1, and its activated abilities can't be activated.")
    assert ab["continuous"] == {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [{"op": "modify_pt", "power": -1, "toughness": -1}]}
    assert ab["cant_activate"] == {"attached": True, "types": ["Creature"]}


@pytest.mark.parametrize("text", [
    "Creatures you control that are Zombies and/or artifacts get +1/+1.",  # not "tokens"
    "Each historic permanent in your hand has cycling {2}{W}.",
    "Each creature card in your graveyard that's a Cleric, Rogue, Warrior, and/or Wizard has unearth.",  # no cost
    "Enchanted creature gets -1/-1, and its activated abilities can't be activated unless it's attacking.",
    "Enchanted creature gets -1/-1 and can't block, and its activated abilities can't be activated.",  # a combat rule
    "Equipped creature gets -1/-1, and its activated abilities can't be activated.",  # not an Aura's sentence
])
def test_more_subjects_near_miss_stays_text(text):
    found = compile_paragraph(text)
    assert not found or not all(executable_by(ab) for ab in found), text


@pytest.mark.parametrize("text, applies_to, granted", [
    # Homing Sliver (702.29e: a typecycling ability, family 1's reading; 402.1: every player's hand)
    ("Each Sliver card in each player's hand has slivercycling {3}.", {"zone": "hand", "subtypes": ["Sliver"]},
     {"keyword": "typecycling", "cost": "{3}", "quality": "sliver"}),
    # Enduring Sliver (702.107a: outlast, activated by the loop on the permanent an effect grants it to)
    ("Other Sliver creatures you control have outlast {2}.",
     {"types": ["Creature"], "subtypes": ["Sliver"], "controller": "you", "other": True}, {"keyword": "outlast", "cost": "{2}"}),
])
def test_a_keyword_granted_that_statics_lists_lack(text, applies_to, granted):
    ab = _one(text)
    assert ab["continuous"] == {"applies_to": applies_to, "do": [{"op": "add_abilities", "abilities": [granted]}]}


@pytest.mark.parametrize("text", [
    "Each Sliver card in each player's hand has slivercycling.",  # no cost
    "Each Sliver card in each player's graveyard has slivercycling {3}.",
    "Other Sliver creatures you control have outlast.",
    "Each other creature you control without a +1/+1 counter on it has outlast {G/W}.",  # "without a counter": not read
])
def test_a_granted_keyword_near_miss_stays_text(text):
    found = compile_paragraph(text)
    assert not found or not all(executable_by(ab) for ab in found), text


def test_instead_as_long_as_its_controller_has_cards_in_their_graveyard():
    """611.3a, 404.1: So Tiny: two abilities, one at a time, on the count of the cards of the enchanted creature's
    controller's graveyard (owned_by_attached_controller)."""
    found = compile_paragraph("Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has seven or "
                              "more cards in their graveyard.")
    assert found is not None and len(found) == 2 and all(executable_by(ab) for ab in found)
    first, second = (ab.model_dump(by_alias=True, exclude_defaults=True)["continuous"] for ab in found)
    count = {"zone": "graveyard", "owned_by_attached_controller": True}
    assert first == {"applies_to": {"attached": True, "types": ["Creature"]}, "if": {"count": count, "at_least": 0, "at_most": 6},
                     "do": [{"op": "modify_pt", "power": -2}]}
    assert second == {"applies_to": {"attached": True, "types": ["Creature"]}, "if": {"count": count, "at_least": 7},
                      "do": [{"op": "modify_pt", "power": -6}]}


@pytest.mark.parametrize("text", [
    "Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has seven or more cards in hand.",
    # (an Equipment's "It gets ... instead as long as its controller has N cards in their graveyard" is read as the
    # Aura's is, since round 21's statics_self.lark: "it" the equipped creature, 301.5, its controller's graveyard)
    "Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has seven or more cards in their "
    "library.",  # the library's size: not read
    "Enchanted creature gets -2/-0. It has flying instead as long as its controller has seven or more cards in their "
    "graveyard.",  # 'instead' of another effect than a power and toughness change
])
def test_instead_near_miss_stays_text(text):
    found = compile_paragraph(text)
    assert not found or not all(executable_by(ab) for ab in found), text


@pytest.mark.parametrize("text, condition", [
    # Favorable Destiny; Predator's Gambit (108.4, 303.4: the creatures the enchanted creature's controller controls)
    ("Enchanted creature has shroud as long as its controller controls another creature.",
     {"count": {"types": ["Creature"], "controlled_by_attached_controller": True, "not_attached": True}}),
    ("Enchanted creature has intimidate as long as its controller controls no other creatures.",
     {"count": {"types": ["Creature"], "controlled_by_attached_controller": True, "not_attached": True},
      "at_least": 0, "at_most": 0}),
])
def test_as_long_as_the_enchanted_creatures_controller_controls_another_creature(text, condition):
    ab = _one(text)
    assert ab["continuous"]["if"] == condition and ab["continuous"]["applies_to"] == {"attached": True, "types": ["Creature"]}


@pytest.mark.parametrize("text", [
    "This creature has shroud as long as its controller controls another creature.",  # the source's own: not read here
    "Equipped creature has shroud as long as its controller controls another creature.",
    "Enchanted creature has shroud as long as its controller controls another artifact.",
    "Enchanted creature can't block as long as its controller controls another creature.",  # a combat rule
])
def test_its_controller_controls_near_miss_stays_text(text):
    found = compile_paragraph(text)
    assert not found or not all(executable_by(ab) for ab in found), text
