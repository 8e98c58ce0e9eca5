"""Subtype classes (205.3): which subtypes are land types, artifact types, and so on. A subtype of none
of these lists is taken for a creature type (205.3m; Kindred cards share creature types)."""

BASIC_LAND_TYPES = ("Plains", "Island", "Swamp", "Mountain", "Forest")  # 305.6, in WUBRG order
BASIC_LAND_MANA = {"Plains": "W", "Island": "U", "Swamp": "B", "Mountain": "R", "Forest": "G"}
LAND_TYPES = frozenset(BASIC_LAND_TYPES + (  # 205.3i
    "Cave", "Desert", "Gate", "Lair", "Locus", "Mine", "Power-Plant", "Sphere", "Tower", "Town", "Urza's",
))
ARTIFACT_TYPES = frozenset((  # 205.3g
    "Attraction", "Blood", "Bobblehead", "Clue", "Contraption", "Equipment", "Food", "Fortification", "Gold",
    "Incubator", "Infinity", "Junk", "Lander", "Map", "Powerstone", "Spacecraft", "Stone", "Treasure", "Vehicle",
))
ENCHANTMENT_TYPES = frozenset((  # 205.3h
    "Aura", "Background", "Cartouche", "Case", "Class", "Curse", "Role", "Room", "Rune", "Saga", "Shard", "Shrine",
))
SPELL_TYPES = frozenset(("Adventure", "Arcane", "Chorus", "Lesson", "Omen", "Trap"))  # 205.3k
PLANAR_TYPES = frozenset(("Alara", "Dominaria", "Ravnica", "Zendikar", "Kamigawa", "Mirrodin", "Innistrad"))
BATTLE_TYPES = frozenset(("Siege",))
NON_CREATURE = LAND_TYPES | ARTIFACT_TYPES | ENCHANTMENT_TYPES | SPELL_TYPES | PLANAR_TYPES | BATTLE_TYPES


def is_creature_type(subtype: str) -> bool:
    return subtype not in NON_CREATURE


def intrinsic_mana_text(land_type: str) -> str:
    """305.6: the mana ability a basic land type gives."""
    return f"{{T}}: Add {{{BASIC_LAND_MANA[land_type]}}}."
