"""The noun phrases of the Oracle grammar (engine/vocab/oracle/objects.lark) as selectors: the table
of docs/oracle-grammar.md, and the subtypes' plurals read from the card database."""

from __future__ import annotations

import pytest
from lark.exceptions import LarkError

from engine.vocab.oracle.objects import HERE, NotRead, Objects, bare, parser, subtype
from engine.vocab.selector import Selector


@pytest.fixture(scope="module")
def read(tmp_path_factory):
    probe = HERE / "_objects_probe.lark"
    probe.write_text("objects_probe: objects\n", encoding="utf-8")
    try:
        p = parser("_objects_probe", ("objects_probe",))
    finally:
        probe.unlink()

    def go(phrase: str) -> Selector:
        return Selector.model_validate(Objects().transform(p.parse(phrase)).children[0])
    return go


@pytest.mark.parametrize("phrase, selector", [
    ("this creature", {"self": True}),
    ("~", {"self": True}),
    ("enchanted creature", {"attached": True, "types": ["Creature"]}),
    ("Equipped creature", {"attached": True, "types": ["Creature"]}),
    ("Other Goblin creatures you control", {"other": True, "subtypes": ["Goblin"], "types": ["Creature"],
                                            "controller": "you"}),
    ("Each creature without flying", {"types": ["Creature"], "not_keywords": ["flying"]}),
    ("nonblack creatures", {"not_colors": ["black"], "types": ["Creature"]}),
    ("Elves you control", {"subtypes": ["Elf"], "controller": "you"}),
    ("Other Merfolk", {"other": True, "subtypes": ["Merfolk"]}),
    ("All Forests", {"subtypes": ["Forest"]}),
    ("Artifact creatures", {"types": ["Artifact", "Creature"]}),
    ("Creature tokens you control", {"types": ["Creature"], "token": True, "controller": "you"}),
    ("Attacking creatures you control", {"types": ["Creature"], "attacking": True, "controller": "you"}),
    ("creatures and planeswalkers your opponents control", {"any_types": ["Creature", "Planeswalker"],
                                                            "controller": "opponent"}),
    ("Each other non-Human creature", {"other": True, "not_subtypes": ["Human"], "types": ["Creature"]}),
    ("permanents you control", {"controller": "you"}),
])
def test_phrase_selector(read, phrase, selector):
    assert read(phrase) == Selector.model_validate(selector)


@pytest.mark.parametrize("phrase", ["Goblin Wizard creatures", "Flurbs you control", "creatures you control you control"])
def test_phrases_not_read(read, phrase):
    with pytest.raises((LarkError, NotRead)):
        read(phrase)


def test_plurals_from_the_database():
    assert [subtype(w) for w in ("Elves", "Mice", "Allies", "Wolves", "Merfolk", "Goblins")] == [
        "Elf", "Mouse", "Ally", "Wolf", "Merfolk", "Goblin"]


def test_bare_writes_the_name_as_tilde():
    assert bare("Isamaru deals 2 damage (reminder).", "Isamaru, Hound of Konda") == "~ deals 2 damage."
    assert bare("Fire deals 2 damage.", "Fire // Ice") == "~ deals 2 damage."
