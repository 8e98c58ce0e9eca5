"""Issue 21, overload (702.96, the current official rules: the seed text stops at 702.42): the keyword keeps the card's
spell abilities with "each" for "target" (702.96a), compiled again by the same compiler, none with a target (702.96b)
(engine/vocab/oracle/overload.py); executable only with a cost of mana symbols and an overloaded text that compiles.
The game is tests/data/games/702-96a-overload.yaml."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.files.dbcards import abilities_of
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.overload import overloaded_text

REMINDER = '(You may cast this spell for its overload cost. If you do, change "target" in its text to "each.")'


def _card(*paragraphs: str, name: str = "Test Spell") -> list:
    return abilities_of("\n".join(paragraphs), ("Instant",), name)


def _overload(abilities) -> KeywordAbility:
    return next(a for a in abilities if getattr(a, "keyword", None) == "overload")


def test_the_word_target_becomes_each():
    assert overloaded_text("Target creature you control gets +2/+0 until end of turn.") == \
        "Each creature you control gets +2/+0 until end of turn."
    assert overloaded_text("Destroy target artifact you don't control.") == "Destroy each artifact you don't control."
    assert overloaded_text("Untarget targets.") == "Untarget targets."  # the word only, not a part of one


@pytest.mark.parametrize("spell, changed", [
    ("Electrickery deals 1 damage to target creature you don't control.",
     "Electrickery deals 1 damage to each creature you don't control."),
    ("Destroy target creature. A creature destroyed this way can't be regenerated.",
     "Destroy each creature. A creature destroyed this way can't be regenerated."),
    ("Target player discards two cards.", "Each player discards two cards."),
    ("Target creature you don't control gets -4/-0 until end of turn.",
     "Each creature you don't control gets -4/-0 until end of turn."),
])
def test_overload_keeps_the_overloaded_text_compiled(spell, changed):
    name = "Electrickery" if spell.startswith("Electrickery") else "Test Spell"
    abilities = _card(spell, f"Overload {{1}}{{R}} {REMINDER}", name=name)
    spell_ab, keyword = abilities
    assert spell_ab.kind == "spell" and spell_ab.targets
    assert [a.text for a in keyword.overloaded] == [changed]
    assert all(a.kind == "spell" and not a.targets for a in keyword.overloaded)  # 702.96b
    assert keyword.cost == "{1}{R}" and executable_by(keyword) is not None


def test_an_overloaded_text_that_does_not_compile_is_not_executable():
    # "Tap each creature you don't control. It doesn't untap ..." is not read (yet): the keyword keeps nothing
    keyword = _overload(_card("Tap target creature you don't control. It doesn't untap during its controller's next "
                              "untap step.", f"Overload {{3}}{{U}} {REMINDER}"))
    assert keyword.overloaded is None and executable_by(keyword) is None


def test_a_card_with_a_paragraph_not_compiled_keeps_nothing():
    keyword = _overload(_card("Target creature you control gets +2/+0 until end of turn.",
                              "Frobnicate the widget sideways.", f"Overload {{2}}{{R}} {REMINDER}"))
    assert keyword.overloaded is None and executable_by(keyword) is None


@pytest.mark.parametrize("spell", ["Test Spell deals 2 damage to any target.",
                                   "Return up to one target creature to its owner's hand."])
def test_an_overloaded_text_that_reads_as_no_sentence_keeps_nothing(spell):
    # the spell compiles; "any each", "up to one each" are not read: the keyword keeps nothing (never half-read)
    abilities = _card(spell, f"Overload {{4}}{{B}} {REMINDER}")
    assert abilities[0].kind == "spell" and abilities[0].targets
    assert _overload(abilities).overloaded is None and executable_by(_overload(abilities)) is None


def test_an_overload_cost_in_words_is_not_executable():
    spell = abilities_of("Destroy target creature.", ("Instant",))[0]
    keyword = KeywordAbility(kind="keyword", keyword="overload", cost="Sacrifice a creature.",
                             overloaded=[dict(spell.model_dump(exclude_none=True), text="Destroy each creature.")])
    assert executable_by(keyword) is None


def test_overloaded_belongs_to_overload_only():
    spell = abilities_of("Destroy target creature.", ("Instant",))[0]
    with pytest.raises(ValidationError):
        KeywordAbility(kind="keyword", keyword="dash", cost="{2}", overloaded=[spell.model_dump(exclude_none=True)])
