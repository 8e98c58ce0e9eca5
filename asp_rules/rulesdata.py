"""Rules data the facts are made of: the layers (613.1-613.4) and the layer of each operation of the
effect vocabulary, the player events of replacement effects (614.1a), the type-line orders, the subtype
classes (205.3), the colors (105.1), the intrinsic counters (306.5b, 310.4b) and the combat trigger events
(508.2a, 509.3). The floor of the project: it imports nothing of it; the bridge and the engine read it."""

# 613.1-613.4: the layers and sublayers, in order ("7a" is set_pt of a characteristic-defining ability),
# then effects on players (613.10) and on the rules of the game (613.11), after all objects.
LAYERS = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d", "players", "rules")
OP_LAYER = {
    "copy": "1a", "face_down": "1b", "control": "2", "set_name": "3", "set_text": "3", "add_types": "4", "set_types": "4", "add_subtypes": "4",
    "set_creature_types": "4", "set_land_types": "4", "add_land_types": "4", "add_supertypes": "4",
    "remove_supertypes": "4", "remove_types": "4", "set_colors": "5", "add_colors": "5", "add_abilities": "6", "add_abilities_of": "6",
    "lose_all_abilities": "6", "lose_abilities": "6", "set_pt": "7a", "set_base_pt": "7b",
    "modify_pt": "7c", "switch_pt": "7d", "player_effect": "players", "rule_effect": "rules",
}

# 614.1a: a player's events, which a replacement effect may turn into one another ("if you would gain
# life, draw that many cards instead"; "if you would draw a card while your library has no cards in it,
# you win the game instead": win_game, 104.2b; "if you would pay life ..., exile that many cards from the top of
# your library instead": pay_life, 119.4, becomes exile_top, the top cards of the player's library exiled).
PLAYER_EVENTS = ("draw", "life_gain", "life_loss", "mill", "return_to_hand", "win_game", "pay_life", "exile_top",
                 "lose_game", "start_over")

# The order card types are printed in on a type line ("Legendary Enchantment Creature", "Land Creature").
TYPE_ORDER = ("kindred", "battle", "enchantment", "artifact", "land", "planeswalker", "creature", "instant",
              "sorcery", "conspiracy", "dungeon", "phenomenon", "plane", "scheme", "vanguard")
SUPERTYPE_ORDER = ("basic", "legendary", "ongoing", "snow", "world")

# Subtype classes (205.3): a subtype of none of the lists below is taken for a creature type
# (205.3m; Kindred cards share creature types).
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

COLORS = ("white", "blue", "black", "red", "green")  # 105.1, in WUBRG order
# 306.5b, 310.4b: a planeswalker enters with loyalty counters, a battle with defense counters (its printed
# value); their number is its loyalty or defense, so a count of 0 is kept (it is 0, not the printed value)
INTRINSIC_COUNTERS = {"Planeswalker": "loyalty", "Battle": "defense"}


def is_creature_type(subtype: str) -> bool:
    return subtype not in NON_CREATURE


def intrinsic_mana_text(land_type: str) -> str:
    """305.6: the mana ability a basic land type gives."""
    return f"{{T}}: Add {{{BASIC_LAND_MANA[land_type]}}}."

# The events of abilities that trigger on the declaration of attackers or blockers (508.2a, 509.3);
# engine/vocab/combat.py's CombatTrigger takes these (other triggers: engine/vocab/triggers.py).
COMBAT_TRIGGER_EVENTS = ("attacks", "blocks", "blocks_creature", "becomes_blocked", "unblocked")
