""""Regenerate [permanent]." (701.19a, 614.8; issue 21): the regeneration shield of a target permanent, of "it" (the
one target of the instruction before it), of "enchanted creature" and of "each creature you control"
(engine/vocab/oracle/oneshot_regen.py); the permanents of the last two are fixed as the ability resolves (608.2h,
611.2c: engine/game/eff_ops.shielded_set). The games: tests/data/games/701-19a-*.yaml.

The cards are the card database's (engine.files.dbcards.card_file); each example asserts the paragraph first.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

EXAMPLES = [  # (card, paragraph, kind, the shield's object: attached / targets / a selector's fields, targets' what)
    ("Regeneration", "{G}: Regenerate enchanted creature.", "activated", "attached", None),
    ("Thrull Retainer", "Sacrifice this Aura: Regenerate enchanted creature.", "activated", "attached", None),
    ("Welding Jar", "Sacrifice this artifact: Regenerate target artifact.", "activated", "targets", "permanent"),
    ("Boneknitter", "{1}{B}: Regenerate target Zombie.", "activated", "targets", "permanent"),
    ("Necrobite", "Target creature gains deathtouch until end of turn. Regenerate it.", "spell", "targets", "creature"),
    ("Wrap in Vigor", "Regenerate each creature you control.", "spell", "you", None),
]


@pytest.mark.parametrize("name,paragraph,kind,obj,what", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_regeneration_shields(db, name, paragraph, kind, obj, what):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]  # (207.1)
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert ab.kind == kind and ab.replacement.event == "zone_change" and ab.replacement.do == "regenerate"
    o = ab.replacement.object
    assert (o.attached if obj == "attached" else o.targets if obj == "targets" else o.controller == obj and
            o.types == ["Creature"])
    assert [t.what for t in ab.targets or []] == ([what] if what else [])


@pytest.mark.parametrize("text", [
    "Regenerate enchanted creature.",  # a spell's: no permanent enchants anything
    "Draw a card. Regenerate it.",  # "it": no target before it
    "Regenerate it.",
    "Regenerate two target creatures.",
    "Regenerate target creature. Destroy it.",  # a destruction after the shield (the loop creates it last)
    "Regenerate up to one target creature.",
    "Regenerate target creature card in your graveyard.",
])
def test_near_misses(text):
    assert oneshot.read(bare(text, "X")) is None


def test_a_target_with_qualities():
    # (once a near miss of tests/test_oracle_oneshot.py: only "target creature" was read)
    [ab] = oneshot.read(bare("Regenerate target creature you control.", "X"))
    assert ab["targets"] == [{"what": "creature", "controller": "you"}]
    assert ab["replacement"] == {"event": "zone_change", "object": {"targets": True}, "do": "regenerate"}
