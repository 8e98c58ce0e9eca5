"""207.2c-d: ability words and flavor words have no rules meaning; one list (objects.lark's ABILITY_WORD and
FLAVOR_WORD) read by every family of the Oracle grammar (engine/vocab/oracle/words.py: ability_word)."""

import re

import pytest

from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import HERE
from engine.vocab.oracle.words import ability_word, bare


def test_the_list_is_the_rules_list():
    # 207.2c lists 61 ability words, "adamant" to "will of the council", in the English alphabetical order
    words = re.search(r"^ABILITY_WORD: /\((.+)\)/$", (HERE / "objects.lark").read_text(encoding="utf-8"), re.M)
    listed = words.group(1).split("|")
    assert len(listed) == 61 and listed == sorted(listed, key=str.lower)
    assert {"Adamant", "Raid", "Morbid", "Channel", "Descend 4", "Descend 8", "Will of the council"} <= set(listed)


@pytest.mark.parametrize("paragraph, after", [
    ("Raid — When this creature enters, draw a card.", "When this creature enters, draw a card."),
    ("Spell mastery — Draw a card.", "Draw a card."),
    ("Descend 4 — Whenever this creature attacks, you gain 1 life.", "Whenever this creature attacks, you gain 1 life."),
    ("Will of the council — Draw a card.", "Draw a card."),
    ("Wraith Form — This creature can't be blocked.", "This creature can't be blocked."),  # 207.2d: a flavor word
])
def test_the_word_is_no_part_of_the_ability(paragraph, after):
    word = ability_word(paragraph)
    assert word is not None and paragraph[word.end():] == after


@pytest.mark.parametrize("paragraph", [
    "Max speed — This creature gets +1/+1.",  # 702.178: a max speed ability, not an ability word
    "Solved — {T}: Draw a card.",  # 719: a Case
    "Visit — You gain 1 life.",  # 717: an Attraction
    "VII — Each opponent discards a card.",  # a chapter number (714)
    "Exhaust — {2}: Draw a card.",  # 702.177: a keyword ability printed with a dash
    "Landfall—Whenever a land you control enters, you gain 1 life.",  # no spaces around the dash: not the form
])
def test_labels_with_a_rules_meaning_are_no_ability_words(paragraph):
    assert ability_word(paragraph) is None


@pytest.mark.parametrize("paragraph", [
    "Enrage — Whenever this creature is dealt damage, you gain 2 life.",  # Imperial Ceratops (family 5: a trigger)
    "Channel — {1}{W}, Discard this card: You gain 4 life.",  # Ghost-Lit Redeemer (family 5: activated)
    "Repartee — Whenever you cast an instant or sorcery spell that targets a creature, put a +1/+1 counter on target "
    "creature you control.",  # Graduation Day
    "Threshold — This creature gets +1/+1 as long as seven or more cards are in your graveyard.",  # family 2
    "Rot Fly — If an opponent would gain life, that player loses that much life instead.",  # family 4, 207.2d
])
def test_every_family_reads_the_words_after_it(paragraph):
    assert compile_paragraph(paragraph, "Foo")


@pytest.mark.parametrize("paragraph", [
    # Far Fortune, End Boss: a max speed ability (702.178) works only while its controller has max speed; read as a
    # plain replacement effect it would always apply: not compiled
    "Max speed — If a source you control would deal damage to an opponent or a permanent an opponent controls, it "
    "deals that much damage plus 1 instead.",
    "Max speed — This creature can't be blocked.",
    "Max speed — {T}: Draw a card.",
    "Max speed — When this creature enters, draw a card.",
])
def test_a_label_with_a_rules_meaning_keeps_the_ability_from_compiling(paragraph):
    assert compile_paragraph(bare(paragraph, "Foo"), "Foo") is None
