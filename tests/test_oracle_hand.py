"""Hand encodings against compiled ones (issue 21, engine/files/handcheck.py): every package card file
the Oracle compiler would reproduce exactly has been removed (the card comes from the card database,
compiled, and every test and example naming it runs on the compiled encoding), and each difference
between a remaining file and the compiler is listed here with its resolution."""

from __future__ import annotations

from collections import Counter

import pytest

from carddata import db  # noqa: F401 (the fixture)
from engine.files.cardcheck import is_database_card, printed_card_of
from engine.files.handcheck import compare, reproduced
from engine.files.library import compiled_names

# (card, ability) -> why the hand file and the compiler differ, and which is right
RESOLVED = {
    ("Dryad Arbor", 1): "unpaired: the hand file encodes the Forest's mana ability its reminder paragraph states "
                        "(305.6); the compiler keeps no ability for a paragraph of reminder text that isn't one",
    ("Fatal Push", 1): "unpaired: the hand file encodes the revolt paragraph as a self-replacement effect "
                       "(614.15: instead_of/instead_if); the compiler reads neither paragraph",
    ("Fatal Push", 2): "unpaired: as ability 1",
    ("Vigor Mortis", 1): "unpaired: the hand file encodes 'If {G} was spent ... an additional +1/+1 counter' "
                         "(if_spent); the compiler reads neither paragraph",
    ("Vigor Mortis", 2): "unpaired: as ability 1",
    ("Goblin Rabblemaster", 3): "different: the compiler counts 'each other attacking Goblin' with no card type, the "
                                "hand file with types [Creature]: the same objects, only creatures attack (506.4)",
    ("Arcane Adaptation", 2): "different: the compiler's creature spells are any_types [Creature] where the hand file "
                              "says types [Creature]: with one type, one of and all of are the same objects (611.3a)",
    ("Turn to Frog", 1): "different: the same four changes in another order in `do`: each applies in its own layer "
                         "(613.1c, 613.1d, 613.1f, 613.4b), so the order of the list decides nothing",
}
# differences found when the check was written and resolved by removing or fixing the hand file: Fog
# (an instant's text is a spell ability, 113.3a: the hand file's prevention kind was not followed as it
# resolved), Inferno (one damage event to each creature and each player, 608.2f, where the hand file
# had two), Test of Faith (its target, 115.1), Chandra, Novice Pyromancer ("Elementals": the subtype,
# not "Elemental creatures", as printed), Mowu (the keywords in the printed order); and, where the compiler was
# right, by removing the hand file (compiled.txt's last names): Phantom Nishoba ('you gain that much life', 603.2),
# Anointer of Champions and Act of Treason (their targets, 115.1; Act of Treason's untap, 701.26), Blood Artist
# ('this creature or another creature', 603.10a), Dryad of the Ilysian Grove (additional_lands, 305.2), Conclave Mentor
# (the hand file left its dies trigger, 'you gain life equal to its power', unencoded: 608.2h, its last known power),
# Circle of Protection: Red (the hand file prevented the damage of every red source to you for the turn: the compiler
# reads the source chosen as the ability resolves, 609.7a, and the next time only, 615.8), Bloodscent (the hand file's
# lure rule named no creature: the compiler's target creature, 115.1, 509.1c), Vedalken Orrery (now read the same:
# cast_as_flash), Garruk's Horde and Melek, Izzet Paragon (their files left "Play with the top card of your library
# revealed." unencoded: the compiler's library_top_revealed, 401.5, information the loop's every-zone-shown game
# already gives), Plague Spores (the hand file destroyed its two targets one after the other: the compiler's one
# destroy of both at once, `also`, 608.2c), Cone of Flame (the hand file dealt its 1, 2 and 3 damage in three
# instructions, three damage events: the compiler's one instruction, `also`, one damage event, 608.2f, 120.4)


@pytest.fixture(scope="module")
def pairs(db, library):  # noqa: F811
    out = {}
    for name in library.names():
        card = library.get(name, database=False)  # the package's files (not the cards compiled.txt names)
        if card is None or card.token or not is_database_card(card):
            continue
        printed = printed_card_of(db, card)
        if printed is not None:
            out[name] = (card, printed, compare(card, printed))
    return out


def test_no_package_file_is_one_the_compiler_reproduces(pairs):
    assert [n for n, (card, printed, _) in pairs.items() if reproduced(card, printed)] == []


def test_every_difference_is_resolved(pairs):
    found = {(n, p.index) for n, (_, _, ps) in pairs.items() for p in ps
             if p.verdict in ("different", "unpaired", "only compiled")}
    assert found == set(RESOLVED)


def test_the_library_is_the_cards_the_grammar_cant_read(pairs):
    verdicts = Counter(p.verdict for _, _, ps in pairs.values() for p in ps)
    # every remaining file has an ability the compiler doesn't read, or is one of the resolved differences
    for name, (card, printed, ps) in pairs.items():
        assert any(p.verdict != "same" for p in ps) or card.adventure is not None, name
    assert verdicts["not compiled"] > 0 and verdicts["same"] > 0


def test_the_removed_files_cards_come_from_the_database(db, library):  # noqa: F811
    names = compiled_names()
    assert len(names) == len(set(names)) > 200
    for name in names:
        assert library.get(name, database=False) is None, f"{name} has a file again: take it out of compiled.txt"
        card = library.get(name)
        assert card is not None and card.source == "card database" and card.name in library.names(), name
