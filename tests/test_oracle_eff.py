"""One-shot effects of triggered and activated abilities in family 5 (engine/vocab/oracle/oneshot_eff.py, branch eff):
"Enchanted creature gets +1/+0 until end of turn", "enchanted creature gains hexproof until end of turn" (611.2c, 303.4,
301.5: -> continuous {applies_to: {attached: true, types: [Creature]}}, the set fixed as the ability resolves: the permanent the source is
attached to then, or as it last existed on the battlefield, 608.2h; the game:
tests/data/games/611-2c-enchanted-creature-gets-until-end-of-turn.yaml); "tap target creature defending player controls"
in an ability that triggers on the source's (or the creature it is attached to) attacking or becoming blocked (506.2,
508.5: -> TargetSpec {controller: defending_player}; the game: tests/data/games/508-5-target-creature-defending-player-controls.yaml);
"you gain 2 life for each creature you control", "target opponent loses 1 life for each Vampire you control", "... for each
card in your hand" (119.3, 608.2h: -> amount {count: SEL, times: N}, counted as it resolves; the game:
tests/data/games/608-2h-life-for-each.yaml); "exile target player's graveyard", "exile each opponent's graveyard",
"Exile all graveyards." (701.13, 404.2: -> {op: exile_graveyards, who}; the game:
tests/data/games/701-13-exile-target-players-graveyard.yaml); "defending player discards a card", "... loses 2 life",
"... sacrifices a land of their choice" in the same triggers as "target creature defending player controls" (506.2,
508.5: -> who: defending_player; the games: tests/data/games/508-5-defending-player-discards-loses-sacrifices.yaml, and
508-5-defending-player-of-each-attacker.yaml for another creature's attack, "Whenever a creature you control attacks");
"it deals that much damage to any target" in an ability that triggers on damage dealt (120.3, 603.2: -> damage {amount:
that_many}; the game: tests/data/games/603-2-it-deals-that-much-damage.yaml);
"Whenever a creature you control enters, you may attach this Equipment to it." (701.3a, 603.2: -> attach {what: that}; the
game: tests/data/games/701-3a-attach-this-equipment-to-it.yaml);
"exile target card from an opponent's graveyard" (115.1, 404.2: -> TargetSpec {what: card, controller: opponent}; the
game: tests/data/games/115-1-target-card-from-an-opponents-graveyard.yaml);
"this creature deals 1 damage to that creature" after "Whenever this creature becomes blocked by a creature," (509.3d: ->
damage {to: that}; the game: tests/data/games/509-3d-deals-damage-to-that-creature.yaml);
"When this enchantment leaves the battlefield, return the exiled card to the battlefield under its owner's control." with
the card's one "When this enchantment enters, exile another target nonland permanent." (607.2a: -> {op: return_exiled}
and exile {linked: true}, read on the whole card; the game: tests/data/games/607-2a-oblivion-ring-returns-the-exiled-card.yaml).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first (its reminder text aside, 207.2).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import abilities_of, card_file
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
ATTACHED = {"attached": True, "types": ["Creature"]}
DEFENDING_CREATURE = [{"what": "creature", "controller": "defending_player"}]
DEFENDING_ART_ENCH = [{"what": "permanent", "types": ["Artifact", "Enchantment"], "controller": "defending_player"}]

EXAMPLES = [
    ("Firebreathing", "{R}: Enchanted creature gets +1/+0 until end of turn.",
     {"kind": "activated", "cost": "{R}", "effect": "Enchanted creature gets +1/+0 until end of turn.",
      "continuous": {"applies_to": ATTACHED, "do": [{"op": "modify_pt", "power": 1, "toughness": 0}]}}),
    ("Briar Shield", "Sacrifice this Aura: Enchanted creature gets +3/+3 until end of turn.",
     {"kind": "activated", "cost": "Sacrifice this Aura", "effect": "Enchanted creature gets +3/+3 until end of turn.",
      "continuous": {"applies_to": ATTACHED, "do": [{"op": "modify_pt", "power": 3, "toughness": 3}]}}),
    ("Fae Flight", "When this Aura enters, enchanted creature gains hexproof until end of turn.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "continuous": {"applies_to": ATTACHED, "do": [{"op": "add_abilities", "abilities": [{"keyword": "hexproof"}]}]}}),
    ("Gilt-Leaf's Embrace", "When this Aura enters, enchanted creature gains trample and indestructible until end of turn.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "continuous": {"applies_to": ATTACHED, "do": [{"op": "add_abilities", "abilities": [
          {"keyword": "trample"}, {"keyword": "indestructible"}]}]}}),
    ("Mantle of Leadership", "Whenever a creature enters, enchanted creature gets +2/+2 until end of turn.",
     {"kind": "triggered", "trigger": {"event": "enters", "subjects": {"types": ["Creature"]}},
      "continuous": {"applies_to": ATTACHED, "do": [{"op": "modify_pt", "power": 2, "toughness": 2}]}}),
    ("Fiend Binder", "Whenever this creature attacks, tap target creature defending player controls.",
     {"kind": "triggered", "trigger": {"event": "attacks"}, "targets": DEFENDING_CREATURE,
      "one_shot": [{"op": "tap", "what": "target", "target": 1}]}),
    ("Heart-Piercer Bow", "Whenever equipped creature attacks, this Equipment deals 1 damage to target creature "
                          "defending player controls.",
     {"kind": "triggered", "trigger": {"event": "attacks", "subjects": ATTACHED},
      "targets": DEFENDING_CREATURE, "one_shot": [{"op": "damage", "amount": 1, "to": "target", "target": 1}]}),
    ("Kogla, the Titan Ape", "Whenever Kogla attacks, destroy target artifact or enchantment defending player controls.",
     {"kind": "triggered", "trigger": {"event": "attacks"}, "targets": DEFENDING_ART_ENCH,
      "one_shot": [{"op": "destroy", "what": "target", "target": 1}]}),
    ("Rust Scarab", "Whenever this creature becomes blocked, you may destroy target artifact or enchantment defending "
                    "player controls.",
     {"kind": "triggered", "trigger": {"event": "becomes_blocked"}, "targets": DEFENDING_ART_ENCH,
      "one_shot": [{"op": "may", "one_shot": [{"op": "destroy", "what": "target", "target": 1}]}]}),
    ("Conclave Phalanx", "When this creature enters, you gain 1 life for each creature you control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [
         {"op": "gain_life", "amount": {"count": {"types": ["Creature"], "controller": "you"}}, "who": "you"}]}),
    ("Goldnight Redeemer", "When this creature enters, you gain 2 life for each other creature you control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [
         {"op": "gain_life", "amount": {"count": {"types": ["Creature"], "controller": "you", "other": True}, "times": 2},
          "who": "you"}]}),
    ("Bishop of the Bloodstained", "When this creature enters, target opponent loses 1 life for each Vampire you control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "player", "controller": "opponent"}], "one_shot": [
         {"op": "lose_life", "amount": {"count": {"subtypes": ["Vampire"], "controller": "you"}}, "who": "target"}]}),
    ("Gruesome Fate", "Each opponent loses 1 life for each creature you control.",
     {"kind": "spell", "one_shot": [{"op": "lose_life", "amount": {"count": {"types": ["Creature"], "controller": "you"}},
                                     "who": "each_opponent"}]}),
    ("Gerrard's Wisdom", "You gain 2 life for each card in your hand.",
     {"kind": "spell", "one_shot": [{"op": "gain_life", "amount": {"count": {"zone": "hand", "owner": "you"}, "times": 2},
                                     "who": "you"}]}),
    ("Fruition", "You gain 1 life for each Forest on the battlefield.",
     {"kind": "spell", "one_shot": [{"op": "gain_life", "amount": {"count": {"subtypes": ["Forest"]}}, "who": "you"}]}),
    ("Tormod's Crypt", "{T}, Sacrifice this artifact: Exile target player's graveyard.",
     {"kind": "activated", "cost": "{T}, Sacrifice this artifact", "effect": "Exile target player's graveyard.",
      "targets": [{"what": "player"}], "one_shot": [{"op": "exile_graveyards", "who": "target"}]}),
    ("Bojuka Bog", "When this land enters, exile target player's graveyard.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "player"}],
      "one_shot": [{"op": "exile_graveyards", "who": "target"}]}),
    ("Soul-Guide Lantern", "{T}, Sacrifice this artifact: Exile each opponent's graveyard.",
     {"kind": "activated", "cost": "{T}, Sacrifice this artifact", "effect": "Exile each opponent's graveyard.",
      "one_shot": [{"op": "exile_graveyards", "who": "each_opponent"}]}),
    ("Morningtide", "Exile all graveyards.", {"kind": "spell", "one_shot": [{"op": "exile_graveyards"}]}),
    ("Shrieking Specter", "Whenever this creature attacks, defending player discards a card.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "discard", "amount": 1, "who": "defending_player"}]}),
    ("Odious Witch", "Whenever this creature attacks, defending player loses 1 life and you gain 1 life.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "lose_life", "amount": 1, "who": "defending_player"}, {"op": "gain_life", "amount": 1}]}),
    ("Thresher Beast", "Whenever this creature becomes blocked, defending player sacrifices a land of their choice.",
     {"kind": "triggered", "trigger": {"event": "becomes_blocked"},
      "one_shot": [{"op": "sacrifice", "what": {"types": ["Land"]}, "who": "defending_player"}]}),
    ("Boros Reckoner", "Whenever this creature is dealt damage, it deals that much damage to any target.",
     {"kind": "triggered", "trigger": {"event": "dealt_damage"}, "targets": [{"what": "any"}],
      "one_shot": [{"op": "damage", "amount": "that_many", "to": "target", "target": 1}]}),
    ("Howlpack Avenger", "Whenever a permanent you control is dealt damage, this creature deals that much damage to any "
                         "target.",
     {"kind": "triggered", "trigger": {"event": "dealt_damage", "subjects": {"controller": "you"}},
      "targets": [{"what": "any"}], "one_shot": [{"op": "damage", "amount": "that_many", "to": "target", "target": 1}]}),
    ("Sai of the Shinobi", "Whenever a creature you control enters, you may attach this Equipment to it.",
     {"kind": "triggered", "trigger": {"event": "enters", "subjects": {"types": ["Creature"], "controller": "you"}},
      "one_shot": [{"op": "may", "one_shot": [{"op": "attach", "what": "that"}]}]}),
    ("Obsidian Battle-Axe", "Whenever a Warrior creature enters, you may attach this Equipment to it.",
     {"kind": "triggered", "trigger": {"event": "enters", "subjects": {"types": ["Creature"], "subtypes": ["Warrior"]}},
      "one_shot": [{"op": "may", "one_shot": [{"op": "attach", "what": "that"}]}]}),
    ("Scavenging Harpy", "When this creature enters, exile target card from an opponent's graveyard.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "card", "controller": "opponent"}],
      "one_shot": [{"op": "exile", "what": "target", "target": 1}]}),
    ("Ruin Rat", "When this creature dies, exile target card from an opponent's graveyard.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "targets": [{"what": "card", "controller": "opponent"}],
      "one_shot": [{"op": "exile", "what": "target", "target": 1}]}),
    ("Kolaghan Aspirant", "Whenever this creature becomes blocked by a creature, this creature deals 1 damage to that "
                          "creature.",
     {"kind": "triggered", "trigger": {"event": "becomes_blocked", "by": {"types": ["Creature"]}},
      "one_shot": [{"op": "damage", "amount": 1, "to": "that"}]}),
    ("Campaign of Vengeance", "Whenever a creature you control attacks, defending player loses 1 life and you gain 1 "
                              "life.",
     {"kind": "triggered", "trigger": {"event": "attacks", "subjects": {"types": ["Creature"], "controller": "you"}},
      "one_shot": [{"op": "lose_life", "amount": 1, "who": "defending_player"}, {"op": "gain_life", "amount": 1}]}),
    ("Abyssal Nightstalker", "Whenever this creature attacks and isn't blocked, defending player discards a card.",
     {"kind": "triggered", "trigger": {"event": "unblocked"},
      "one_shot": [{"op": "discard", "amount": 1, "who": "defending_player"}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert got == [want]
    assert executable_by(got[0]) is not None


NOT_READ = [
    # a spell's (attached to nothing) or a mode's
    "Enchanted creature gets +1/+1 until end of turn.",
    "Enchanted creature gains flying until end of turn.",
    # no duration (a static ability's words, read by family 2 without the cost), a duration not read
    "{R}: Enchanted creature gets +1/+0.",
    "{R}: Enchanted creature gets +1/+0 until your next turn.",
    # "defending player" of no attacking source: another creature's attack (Elite Scaleguard), an enters trigger, a
    # blocker's, a spell's, an activated ability's
    "Whenever a creature you control attacks, tap target creature defending player controls.",
    "When this creature enters, tap target creature defending player controls.",
    "Whenever this creature blocks, tap target creature defending player controls.",
    "Tap target creature defending player controls.",
    "{T}: Tap target creature defending player controls.",
    # a controller said twice; a player
    "Whenever this creature attacks, tap target creature you control defending player controls.",
    "Whenever this creature attacks, target player defending player controls loses 1 life.",
    # "for each" of what another player controls ("they", "target opponent controls"), of X, of a permanent card
    "Each player loses 1 life for each creature they control.",
    "You gain 1 life for each black creature target opponent controls.",
    "You gain X life for each creature you control.",
    "You gain 1 life for each permanent card in your graveyard.",
    "You gain 1 life for each creature you control named Foo.",
    # a graveyard of one's own, of each player (not printed so), of "that player"
    "Exile your graveyard.",
    "Exile each player's graveyard.",
    "Exile that player's graveyard.",
    # "defending player" of an enters trigger, of a spell, of a block
    "When this creature enters, defending player discards a card.",
    "Defending player discards a card.",
    "Whenever this creature blocks, defending player loses 1 life.",
    "When this creature enters, you may pay {1}. If you do, defending player discards a card.",  # (in "If you do")
    # "that much" of no damage dealt by the triggering event (Spider-Man, New Champion's discards), of no trigger
    "Whenever you discard one or more cards, this creature deals that much damage to any target.",
    "When this creature enters, it deals that much damage to any target.",
    "This creature deals that much damage to any target.",
    # "it" of no other permanent's entering: the source's own, an attack, a spell; more than the attach
    "When this Equipment enters, attach this Equipment to it.",
    "Whenever a creature you control attacks, you may attach this Equipment to it.",
    "Attach this Equipment to it.",
    "Whenever a creature you control enters, you may attach this Equipment to it. Draw a card.",
    # a card of an opponent's graveyard to one's hand or to the battlefield (under whose control: not said)
    "Return target creature card from an opponent's graveyard to your hand.",
    "Return target creature card from an opponent's graveyard to the battlefield.",
    # "that creature" of no block of one creature (the trigger says no creature), of another creature's block, a spell's
    "Whenever this creature becomes blocked, this creature deals 1 damage to that creature.",
    "Whenever a creature blocks, this enchantment deals 1 damage to that creature.",
    "This creature deals 1 damage to that creature.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert compile_paragraph(text, "X") is None  # (no family reads it, or the vocabulary refuses what is read)


RETURN_EXILED = "When this creature leaves the battlefield, return the exiled card to the battlefield under its owner's control."


@pytest.mark.parametrize("name,linked", [("Oblivion Ring", [{"op": "exile", "linked": True}]),
                                         ("Leonin Relic-Warder", [{"op": "may", "one_shot": [{"op": "exile",
                                                                                              "linked": True}]}])])
def test_the_exiled_card_links_the_cards_exile(db, name, linked):
    # 607.2a: the leaves-the-battlefield ability returns what the card's enters ability exiled with it
    first, second = card_file(db.get(name)).abilities
    assert [op.model_dump(exclude_defaults=True) for op in first.one_shot] == linked
    assert [op.model_dump(exclude_defaults=True) for op in second.one_shot] == [{"op": "return_exiled"}]
    assert executable_by(second) is not None


@pytest.mark.parametrize("others", [
    ["When this creature enters, draw a card."],  # no exile for "the exiled card" to refer to
    ["When this creature enters, exile target creature.", "When this creature enters, exile target artifact."],  # two
    ["Whenever this creature attacks, exile target creature."],  # not an enters trigger
    ["When this creature enters, exile target creature and draw a card."],  # more than the exile
])
def test_the_exiled_card_without_its_one_linked_exile_is_not_read(others):
    got = abilities_of("\n".join(others + [RETURN_EXILED]), ("Creature",), "Foo")
    assert len(got) == len(others) + 1
    assert [getattr(a, "kind", None) for a in got[:-1]] == ["triggered"] * len(others)  # (each read alone)
    assert not any(op.op == "return_exiled" or getattr(op, "linked", False) or any(
        getattr(o, "linked", False) for o in getattr(op, "one_shot", None) or ())
        for a in got for op in getattr(a, "one_shot", None) or ())
    assert executable_by(got[-1]) is None  # the return paragraph stays text


@pytest.mark.parametrize("text", [
    "When this creature dies, return the exiled card to the battlefield under its owner's control.",
    "Whenever a creature leaves the battlefield, return the exiled card to the battlefield under its owner's control.",
    "When this creature leaves the battlefield, draw a card and return the exiled card to the battlefield under its "
    "owner's control.",
    "Return the exiled card to the battlefield under its owner's control.",
])
def test_the_exiled_card_of_another_trigger_is_not_read(text):
    assert compile_paragraph(text, "X") is None
