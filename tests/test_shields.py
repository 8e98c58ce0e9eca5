"""Two-target redirection shields and what the game loop can read (issue 24): the Oracle grammar reads "The next N damage
that would be dealt to target creature ... this turn is dealt to another target creature instead." with both targets
(614.9, 615.7, 115.3), an ability whose targets or cost the loop can't read is not executable, and `mtgjudge cards
--inert` counts the library's abilities that do nothing as they resolve (608.2c). The games: examples/games/g132-g135."""

from __future__ import annotations

import json

import pytest

from engine.vocab.cardfile import ActivatedAbility, SpellAbility, executable_by
from engine.vocab.loop_reads import does_nothing, unread
from engine.vocab.oracle.compile import compile_paragraph

RAZIA = ("{T}: The next 3 damage that would be dealt to target creature you control this turn is dealt to another "
         "target creature instead.")
CAROM = "The next 1 damage that would be dealt to target creature this turn is dealt to another target creature instead."
EN_KOR = ("{0}: The next 1 damage that would be dealt to this creature this turn is dealt to target creature you control "
          "instead.")


def _dump(paragraph: str):
    found = compile_paragraph(paragraph, "X")
    return None if found is None else [a.model_dump(exclude_defaults=True) for a in found]


def test_razia_reads_both_targets():
    """614.9, 615.7: the first target is protected, the second is dealt the damage instead; 115.3: "another target
    creature" is not the first target (``different``), and Razia itself may be either."""
    [ab] = _dump(RAZIA)
    assert ab["replacement"] == {"event": "damage", "do": "redirect_shield", "n": 3}
    assert ab["targets"] == [{"what": "creature", "controller": "you"}, {"what": "creature", "different": True}]
    assert executable_by(compile_paragraph(RAZIA, "X")[0]) == "replace (614-616)"


def test_carom_a_spell_with_two_targets():
    [ab] = _dump(CAROM)
    assert ab["kind"] == "spell" and ab["replacement"]["n"] == 1
    assert ab["targets"] == [{"what": "creature"}, {"what": "creature", "different": True}]


def test_spirit_en_kor_protects_its_source():
    """'to this creature': the damage to the source goes to the one target (protects_source)."""
    [ab] = _dump(EN_KOR)
    assert ab["replacement"] == {"event": "damage", "do": "redirect_shield", "n": 1, "protects_source": True}
    assert ab["targets"] == [{"what": "creature", "controller": "you"}]


@pytest.mark.parametrize("paragraph", [
    # two words "target" without "another": they may name one creature (115.3), which redirects nothing
    "{T}: The next 2 damage that would be dealt to target creature this turn is dealt to target creature instead.",
    # a spell is no creature: "this creature" names nothing
    "The next 1 damage that would be dealt to this creature this turn is dealt to target creature you control instead.",
    # to a player or any target: not the redirection this reads
    "{T}: The next 1 damage that would be dealt to target creature this turn is dealt to target player instead.",
])
def test_what_is_not_read(paragraph):
    assert compile_paragraph(paragraph, "X") is None


def test_targets_the_encoding_lacks_are_not_executable():
    """115.1, 601.2c: the text names a target, the encoding none (Razia's old hand file): the loop would refuse the
    activation with its targets, so `mtgjudge cards` must not call it executable."""
    bare = ActivatedAbility(kind="activated", cost="{T}", effect=RAZIA.partition(": ")[2],
                            replacement={"event": "damage", "do": "redirect_shield"})
    assert executable_by(bare) is None and "names a target" in unread(bare)
    spell = SpellAbility(kind="spell", text="Destroy target creature.", one_shot=[{"op": "destroy"}])
    assert executable_by(spell) is None
    with_targets = spell.model_copy(update={"targets": compile_paragraph("Destroy target creature.", "X")[0].targets})
    assert executable_by(with_targets) is not None and unread(with_targets) is None


def test_words_about_other_targets_are_no_target():
    """115.7: 'You may choose new targets for the copy.' is about the copy's targets, not the ability's."""
    ab = SpellAbility(kind="spell", text="Copy target instant spell. You may choose new targets for the copy.")
    assert unread(ab) is not None  # its own "target instant spell" is unread
    quoted = SpellAbility(kind="spell", text="You may choose new targets for the copy.")
    assert unread(quoted) is None


def test_a_spell_that_targets_is_no_target():
    """603.2e: "Whenever you cast a spell that targets this creature" (heroic) names no target of the ability."""
    ab = SpellAbility(kind="spell", text="Whenever you cast a spell that targets this creature, draw a card.",
                      one_shot=[{"op": "draw", "amount": 1}])
    assert unread(ab) is None


def test_inert_lists_what_does_nothing(run, library):
    """608.2c: the abilities the loop resolves doing nothing, counted among the library's spells, modes, activated
    and triggered abilities (mana abilities aside)."""
    r = run("cards", "--inert", "--json")
    assert r.code == 0, r.err
    doc = json.loads(r.out)
    listed = {(e["card"], e["ability"]) for e in doc["does_nothing"]}
    unread_ = {(e["card"], e["ability"]) for e in doc["unread"]}
    assert ("Wojek Apothecary", 1) in unread_ and not unread_ & listed  # (a prevention shield with no target read)
    assert ("Wurmcoil Engine", 3) in listed  # "When this creature dies, create ... tokens": no encoding yet
    assert 0 < len(listed) < doc["abilities"]
    for card, i in listed:
        assert does_nothing(library.get(card).abilities[i - 1])
    text = run("cards", "--inert").out
    assert f"{len(listed)} of the library's {doc['abilities']}" in text


def test_inert_takes_no_name(run):
    r = run("cards", "--inert", "Razia")
    assert r.code == 2 and "--inert" in r.err
