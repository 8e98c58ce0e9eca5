"""Several targets in one ability (issue 21, round 21: engine/vocab/oracle/oneshot_targets.lark and .py): 601.2c (one
word "target" with a number: different objects; "one or two": one at least), 115.3 (each word "target" may name the
same object, "another" / "other" may not), 608.2c (one instruction acts on its targets at once), 120.2 (damage to
several targets at once), 611.2c (an effect on each target). Real cards of the card database compile to the expected
vocabulary; near misses stay text. The games: tests/data/games/608-2c-destroy-target-creature-and-target-land,
601-2c-exile-two-target-artifacts, 115-3-any-target-and-any-other-target, 611-2c-two-target-creatures-each-get,
120-2-damage-to-each-of-two-target-creatures, 115-1-another-target-card-from-your-graveyard,
611-2c-target-creature-and-another-target-creature, 601-2c-one-or-two-target-creatures."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph


def _one(text: str, name: str = "") -> dict:
    found = compile_paragraph(text, name)
    assert found is not None and len(found) == 1, text
    (ab,) = found
    assert executable_by(ab), text
    return ab.model_dump(exclude_defaults=True, by_alias=True, exclude={"text"})


@pytest.mark.parametrize("text, targets, one_shot", [
    # 701.8a, 608.2c: Dust to Dust's kin, Reckless Spite, Armaggon: N targets of one word, at once
    ("Exile two target artifacts.", [{"what": "permanent", "types": ["Artifact"], "count": 2}],
     [{"op": "exile", "also": [2]}]),
    ("Destroy up to three target creatures.", [{"what": "creature", "count": 3, "up_to": True}],
     [{"op": "destroy", "also": [2, 3]}]),
    # 115.3: Fumarole, Decimate: each word "target" its own target, destroyed at once
    ("Destroy target creature and target land.", [{"what": "creature"}, {"what": "permanent", "types": ["Land"]}],
     [{"op": "destroy", "also": [2]}]),
    ("Destroy target artifact, target creature, target enchantment, and target land.",
     [{"what": "permanent", "types": ["Artifact"]}, {"what": "creature"}, {"what": "permanent", "types": ["Enchantment"]},
      {"what": "permanent", "types": ["Land"]}], [{"op": "destroy", "also": [2, 3, 4]}]),
    # Relic Crush: "up to one other target" after a target of the same spell: a different object (115.3)
    ("Destroy target artifact or enchantment and up to one other target artifact or enchantment.",
     [{"what": "permanent", "types": ["Artifact", "Enchantment"]},
      {"what": "permanent", "types": ["Artifact", "Enchantment"], "up_to": True, "different": True}],
     [{"op": "destroy", "also": [2]}]),
    # 400.3: Aether Tradewinds, Grasping Current ("their owner's hand"), Counterintelligence (one at least)
    ("Return target permanent you control and target permanent you don't control to their owners' hands.",
     [{"what": "permanent", "controller": "you"}, {"what": "permanent", "controller": "opponent"}],
     [{"op": "return_to_hand", "also": [2]}]),
    ("Return up to two target creatures to their owner's hand.", [{"what": "creature", "count": 2, "up_to": True}],
     [{"op": "return_to_hand", "also": [2]}]),
    ("Return one or two target creatures to their owners' hands.",
     [{"what": "creature", "count": 2, "up_to": True, "at_least": 1}], [{"op": "return_to_hand", "also": [2]}]),
    # Death's Duet, March of the Drowned: two target cards from your graveyard
    ("Return two target creature cards from your graveyard to your hand.",
     [{"what": "card", "types": ["Creature"], "controller": "you", "count": 2}], [{"op": "return_to_hand", "also": [2]}]),
    ("Return two target Pirate cards from your graveyard to your hand.",
     [{"what": "card", "subtypes": ["Pirate"], "controller": "you", "count": 2}], [{"op": "return_to_hand", "also": [2]}]),
    # 701.26a: Choking Tethers, Broken Dam
    ("Tap up to four target creatures.", [{"what": "creature", "count": 4, "up_to": True}],
     [{"op": "tap"}, {"op": "tap", "target": 2}, {"op": "tap", "target": 3}, {"op": "tap", "target": 4}]),
    ("Tap one or two target creatures.", [{"what": "creature", "count": 2, "up_to": True, "at_least": 1}],
     [{"op": "tap"}, {"op": "tap", "target": 2}]),
])
def test_an_instruction_on_several_targets_compiles(text, targets, one_shot):
    ab = _one(text)
    assert ab["targets"] == targets
    assert ab["one_shot"] == one_shot


@pytest.mark.parametrize("name, text, targets, damage", [
    # 120.2: Cunning Strike, Arc Trail (115.3, 115.4: "any other target"), Jagged Lightning, Furious Reprisal
    ("Cunning Strike", "Cunning Strike deals 2 damage to target creature and 2 damage to target player or planeswalker.",
     [{"what": "creature"}, {"what": "player_or_planeswalker"}],
     {"op": "damage", "amount": 2, "also": [{"target": 2, "amount": 2}]}),
    ("Arc Trail", "Arc Trail deals 2 damage to any target and 1 damage to any other target.",
     [{"what": "any"}, {"what": "any", "different": True}], {"op": "damage", "amount": 2, "also": [{"target": 2, "amount": 1}]}),
    ("Jagged Lightning", "Jagged Lightning deals 3 damage to each of two target creatures.",
     [{"what": "creature", "count": 2}], {"op": "damage", "amount": 3, "also": [{"target": 2, "amount": 3}]}),
    ("Furious Reprisal", "Furious Reprisal deals 2 damage to each of two targets.",
     [{"what": "any", "count": 2}], {"op": "damage", "amount": 2, "also": [{"target": 2, "amount": 2}]}),
    ("Storm of Steel", "Storm of Steel deals 2 damage to each of one or two targets.",
     [{"what": "any", "count": 2, "up_to": True, "at_least": 1}],
     {"op": "damage", "amount": 2, "also": [{"target": 2, "amount": 2}]}),
    # 120.2, 608.2f: Cone of Flame, Serpentine Spike: three amounts to three different targets, one instruction
    # (one damage event, 120.4: one life-gain event for lifelink, 702.15b)
    ("Cone of Flame", "Cone of Flame deals 1 damage to any target, 2 damage to another target, and 3 damage to a third "
                      "target.",
     [{"what": "any"}, {"what": "any", "different": True}, {"what": "any", "different": True}],
     {"op": "damage", "amount": 1, "also": [{"target": 2, "amount": 2}, {"target": 3, "amount": 3}]}),
    ("Serpentine Spike", "Serpentine Spike deals 2 damage to target creature, 3 damage to another target creature, and 4 "
                         "damage to a third target creature.",
     [{"what": "creature"}, {"what": "creature", "different": True}, {"what": "creature", "different": True}],
     {"op": "damage", "amount": 2, "also": [{"target": 2, "amount": 3}, {"target": 3, "amount": 4}]}),
    # 608.2h: Carnival, Neonate's Rush: the target's controller (to_controller)
    ("Carnival", "Carnival deals 1 damage to target creature or planeswalker and 1 damage to that permanent's controller.",
     [{"what": "permanent", "types": ["Creature", "Planeswalker"]}], {"op": "damage", "amount": 1, "to_controller": 1}),
])
def test_damage_to_several_targets_at_once_compiles(name, text, targets, damage):
    ab = _one(text, name)
    assert ab["targets"] == targets
    assert ab["one_shot"] == [damage]


@pytest.mark.parametrize("text, targets, do", [
    ("Up to two target creatures each get +2/+2 until end of turn.", [{"what": "creature", "count": 2, "up_to": True}],
     [{"op": "modify_pt", "power": 2, "toughness": 2}]),
    ("Two target creatures you control each get +2/+2 and gain flying until end of turn.",
     [{"what": "creature", "controller": "you", "count": 2}],
     [{"op": "modify_pt", "power": 2, "toughness": 2}, {"op": "add_abilities", "abilities": [{"keyword": "flying"}]}]),
    ("One or two target creatures each get +2/+1 until end of turn.",
     [{"what": "creature", "count": 2, "up_to": True, "at_least": 1}], [{"op": "modify_pt", "power": 2, "toughness": 1}]),
    ("One or two target creatures gain flying until end of turn.",
     [{"what": "creature", "count": 2, "up_to": True, "at_least": 1}],
     [{"op": "add_abilities", "abilities": [{"keyword": "flying"}]}]),
])
def test_an_effect_on_each_of_several_targets_compiles(text, targets, do):
    ab = _one(text)
    assert ab["targets"] == targets and ab["continuous"]["do"] == do and "one_shot" not in ab


def test_untap_them_then_they_each_get():  # Join Forces: "They each" are the targets untapped
    ab = _one("Untap up to two target creatures. They each get +2/+2 until end of turn.")
    assert ab["targets"] == [{"what": "creature", "count": 2, "up_to": True}]
    assert ab["one_shot"] == [{"op": "untap"}, {"op": "untap", "target": 2}]
    assert ab["continuous"]["do"] == [{"op": "modify_pt", "power": 2, "toughness": 2}]


def test_target_creature_and_another_target_creature_each_their_own_effect():  # Consume Strength (611.2c, 115.3)
    ab = _one("Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until end of turn.")
    assert ab["targets"] == [{"what": "creature"}, {"what": "creature", "different": True}]
    assert ab["continuous"]["do"] == [{"op": "modify_pt", "power": 2, "toughness": 2}]
    assert ab["one_shot"] == [{"op": "create_effect", "target": 1},
                              {"op": "create_effect", "target": 2, "do": [{"op": "modify_pt", "power": -2, "toughness": -2}]}]


def test_another_target_creature_alone_is_still_not_the_source():  # os_pump's reading kept (an activated ability's)
    ab = _one("{T}: Another target creature gets +1/+1 until end of turn.")
    assert ab["targets"] == [{"what": "creature", "other": True}] and "one_shot" not in ab


@pytest.mark.parametrize("text, spec", [
    ("When this creature dies, return another target artifact card from your graveyard to your hand.",
     {"what": "card", "types": ["Artifact"], "controller": "you", "other": True}),  # Junk Diver
    ("When this creature dies, return another target Elf card from your graveyard to your hand.",
     {"what": "card", "subtypes": ["Elf"], "controller": "you", "other": True}),  # Elderfang Ritualist
])
def test_another_target_card_from_your_graveyard(text, spec):
    ab = _one(text)
    assert ab["targets"] == [spec] and ab["one_shot"] == [{"op": "return_to_hand"}]


@pytest.mark.parametrize("text, targets, op", [
    ("Distribute two +1/+1 counters among one or two target creatures.",  # Elven Rite
     [{"what": "creature", "count": 2, "up_to": True, "at_least": 1}], {"op": "divided_counters", "kind": "+1/+1", "total": 2}),
    ("Distribute three +1/+1 counters among one, two, or three target creatures you control.",  # Defend the Celestus
     [{"what": "creature", "controller": "you", "count": 3, "up_to": True, "at_least": 1}],
     {"op": "divided_counters", "kind": "+1/+1", "total": 3}),
    ("Distribute two -1/-1 counters among one or two target creatures.",  # Splendid Agony
     [{"what": "creature", "count": 2, "up_to": True, "at_least": 1}], {"op": "divided_counters", "kind": "-1/-1", "total": 2}),
])
def test_counters_distributed_among_a_spells_targets(text, targets, op):  # 601.2d
    ab = _one(text)
    assert ab["targets"] == targets and ab["one_shot"] == [op]


def test_damage_to_each_then_those_creatures_cant_block():  # Wrap in Flames (120.2, 509.1b)
    ab = _one("Wrap in Flames deals 1 damage to each of up to three target creatures. Those creatures can't block this "
              "turn.", "Wrap in Flames")
    assert ab["targets"] == [{"what": "creature", "count": 3, "up_to": True}] and ab["combat"] == [{"rule": "cant_block"}]


def test_those_creatures_dont_untap_during_their_controllers_next_untap_steps():  # Sudden Storm (502.3)
    ab = _one("Tap up to two target creatures. Those creatures don't untap during their controllers' next untap steps.")
    assert ab["one_shot"] == [{"op": "tap"}, {"op": "tap", "target": 2}, {"op": "doesnt_untap_next"},
                              {"op": "doesnt_untap_next", "target": 2}]


@pytest.mark.parametrize("name, text", [
    # counters distributed by an ability (its division is announced nowhere yet), or among more targets than counters
    ("", "When this creature enters, distribute two +1/+1 counters among one or two target creatures you control."),
    ("", "Distribute two +1/+1 counters among one, two, or three target creatures."),
    ("", "Distribute two charge counters among one or two target artifacts."),
    ("Foo", "Foo deals 1 damage to each of two targets. Those creatures can't block this turn."),  # targets: any
    # "another" after a target in an ability of a permanent: also "not this permanent"? (115.3: not read)
    ("", "{2}{B}{G}, Sacrifice a creature: Target creature gets +2/+2 until end of turn. Another target creature gets "
         "-2/-2 until end of turn."),
    ("Foo", "{T}: Foo deals 1 damage to any target and 1 damage to any other target."),
    # one or two targets of a triggered ability: the loop checks no least number there
    ("", "When this creature enters, tap one or two target creatures."),
    # an extra instruction the form doesn't join
    ("", "Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 until end of turn. Draw a card."),
    ("", "Target creature gets +2/+2 until end of turn. Another target creature gets -2/-2 and gains flying until end of turn."),
    # a target that may be no permanent, or a card of any graveyard to your hand
    ("", "Destroy target creature and target spell."),
    ("", "When this creature dies, return another target creature card from a graveyard to your hand."),
    # X damage to two targets (the vocabulary's also amounts are numbers)
    ("Foo", "Foo deals X damage to target creature and X damage to target player."),
    ("Foo", "Foo deals X damage to any target, 2 damage to another target, and 3 damage to a third target."),
    ("Foo", "{T}: Foo deals 1 damage to any target, 2 damage to another target, and 3 damage to a third target."),
    # words the grammar doesn't read
    ("", "Destroy two target creatures unless either one is a color the other isn't."),
    ("", "Exile two target artifacts, then return them to the battlefield."),
    ("", "Up to two target creatures each get +2/+2 until end of turn, where X is 2."),
])
def test_near_misses_stay_text(name, text):
    assert compile_paragraph(text, name) is None
