""""If that creature would die this turn, exile it instead." after a damage or -N/-N instruction (614.1a, 700.4,
611.2a; issue 21): a replacement effect the resolving spell or ability creates on its target, or on every creature
("If a creature would die this turn"), until end of turn (engine/vocab/oracle/oneshot_regen.py; the game loop's
instructions.replacement_effect). The game: tests/data/games/614-1a-if-that-creature-would-die-this-turn.yaml.

The cards are the card database's (engine.files.dbcards.card_file); each example asserts the paragraph first.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

EXAMPLES = [  # (card, paragraph, the effect's object: targets / a creature, the targets' what)
    ("Magma Spray", "Magma Spray deals 2 damage to target creature. If that creature would die this turn, exile it "
                    "instead.", "targets", ["creature"]),
    ("Ob Nixilis's Cruelty", "Target creature gets -5/-5 until end of turn. If that creature would die this turn, exile "
                             "it instead.", "targets", ["creature"]),
    ("Scorching Dragonfire", "Scorching Dragonfire deals 3 damage to target creature or planeswalker. If that creature "
                             "or planeswalker would die this turn, exile it instead.", "targets", ["permanent"]),
]


@pytest.mark.parametrize("name,paragraph,obj,what", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_dies_exile_instead(db, name, paragraph, obj, what):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]  # (207.1)
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    r = ab.replacement
    assert (ab.kind, r.event, r.from_zone, r.to_zone, r.do, r.zone) == (
        "spell", "zone_change", "battlefield", "graveyard", "to_zone", "exile")
    assert r.object.targets if obj == "targets" else r.object.types == ["Creature"] and not r.object.targets
    assert [t.what for t in ab.targets or []] == what


@pytest.mark.parametrize("name,paragraph,obj", [
    ("Anger of the Gods", "Anger of the Gods deals 3 damage to each creature. If a creature dealt damage this way would "
                          "die this turn, exile it instead.", ["Creature"]),
    ("Pillar of Flame", "Pillar of Flame deals 2 damage to any target. If a creature dealt damage this way would die "
                        "this turn, exile it instead.", ["Creature"]),
    ("Spikefield Hazard // Spikefield Cave", "Spikefield Hazard deals 1 damage to any target. If a permanent dealt "
                                             "damage this way would die this turn, exile it instead.", None),
])
def test_dealt_damage_this_way(db, name, paragraph, obj):
    # 120.3, 608.2c: the permanents its instructions dealt damage to, fixed as the effect begins (611.2c: the game
    # loop's eff_ops.dealt_set); tests/data/games/614-1a-dealt-damage-this-way-would-die.yaml
    record = db.get(name)
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    r = ab.replacement
    assert r.dealt_damage_this_way and r.do == "to_zone" and r.zone == "exile" and r.from_zone == "battlefield"
    assert (r.object.types if obj else r.object) == obj


def test_any_creature_this_turn():
    [ab] = oneshot.read(bare("All creatures get -2/-2 until end of turn. If a creature would die this turn, exile it "
                             "instead.", "X"))
    assert ab["replacement"]["object"] == {"types": ["Creature"]} and "targets" not in ab


@pytest.mark.parametrize("text", [
    "If that creature would die this turn, exile it instead.",  # no target before it
    "Draw a card. If that creature would die this turn, exile it instead.",
    "X deals 3 damage to any target. If that creature would die this turn, exile it instead.",  # a player, maybe
    "X deals 3 damage to target creature or planeswalker. If that creature would die this turn, exile it instead.",
    "X deals 2 damage to target creature and 2 damage to another target creature. If that creature would die this "
    "turn, exile it instead.",
    # 608.2c: the loop creates the effect once the instructions are done: the destroyed creature is gone already
    "Destroy target creature. If that creature would die this turn, exile it instead.",
    "Target creature gets -2/-2 until end of turn. Sacrifice a creature. If a creature would die this turn, exile it "
    "instead.",
    "X deals 2 damage to up to one target creature. If that creature would die this turn, exile it instead.",
    # "dealt damage this way" after no damage instruction
    "Target creature gets -2/-2 until end of turn. If a creature dealt damage this way would die this turn, exile it "
    "instead.",
    "If a creature dealt damage this way would die this turn, exile it instead. X deals 2 damage to each creature.",
    "If a creature an opponent controls would die this turn, exile it instead.",
])
def test_near_misses(text):
    assert oneshot.read(bare(text, "X")) is None
