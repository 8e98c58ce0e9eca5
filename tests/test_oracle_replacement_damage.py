"""Family 4 of the Oracle grammar (issue 21, second round): damage templates read into the operations the
replace program and the loop already execute (614.1a, 614.2, 615.1a; engine/vocab/oracle/replacement_damage.py):
sources named by a color, a subtype, or as spells (112.1), "a player", the recipient repeated, no
recipient, prevent half / all but N / that damage, "Prevent all damage that this creature would deal to
...", "Double all damage that ... would deal". Real database cards (their Oracle text from the card
database), and paragraphs that must not compile. The game tests are tests/data/games/615-1a-*.yaml and
614-1a-double-combat-damage-to-a-player.yaml."""

from __future__ import annotations

import pytest

from engine.vocab.oracle.objects import bare
from engine.vocab.oracle.replacement import read
from carddata import assert_compiles_to, db  # noqa: F401 (db: the fixture)

S = {"self": True}
YOU = {"controller": "you"}


def _dmg(kind: str, **rule) -> dict:
    return {"kind": kind, "replacement": {"event": "damage", **rule}}


EXAMPLES = [
    ("Sphere of Law", "red source", _dmg("prevention", source={"colors": ["red"]}, target_player="you", do="prevent",
                                          n=2)),
    ("Charging Tuskodon", "combat damage", _dmg("replacement", source=S, combat=True, target_player="any",
                                                do="multiply", n=2)),
    ("Goldnight Castigator", "to you instead", _dmg("replacement", target_player="you", do="multiply", n=2)),
    ("Goldnight Castigator", "to this creature instead", _dmg("replacement", target=S, do="multiply", n=2)),
    ("Mishra", "double", _dmg("replacement", source={"types": ["Creature"], **YOU}, do="multiply", n=2)),
    ("Calamity Bearer", "Giant source", _dmg("replacement", source={"subtypes": ["Giant"], **YOU}, do="multiply",
                                              n=2)),
    ("Argothian Treefolk", "artifact sources", _dmg("prevention", target=S, source={"types": ["Artifact"]},
                                                    do="prevent_all")),
    ("Gisela, Blade of Goldnight", "half", _dmg("prevention", target_player="you", target=YOU, do="prevent_half")),
    ("Hyperion, Supreme Hero", "all but", _dmg("prevention", target_player="you",
                                               target={"subtypes": ["Hero"], **YOU}, do="prevent_all_but", n=1)),
    ("Rem Karolus, Stalwart Slayer", "prevent that damage",
     _dmg("prevention", source={"zone": "stack"}, target_player="you", target={"other": True, **YOU},
          do="prevent_all")),
    ("Rem Karolus, Stalwart Slayer", "plus 1",
     _dmg("replacement", source={"zone": "stack"}, target_player="opponent", target={"controller": "opponent"},
          do="add", n=1)),
    ("Indentured Oaf", "red creatures", _dmg("prevention", source=S, target={"colors": ["red"], "types": ["Creature"]},
                                             do="prevent_all")),
    ("Light of Sanction", "sources you control", _dmg("prevention", target={"types": ["Creature"], **YOU}, source=YOU,
                                                      do="prevent_all")),
    ("Absorbing Man and Titania", "Double all", _dmg("replacement", source={"types": ["Creature"], **YOU},
                                                     do="multiply", n=2)),
    ("Mjölnir, Hammer of Thor", "Double all", _dmg("replacement", source={"attached": True, "types": ["Creature"]}, do="multiply", n=2)),
    ("Fire Servant", "double", _dmg("replacement", source={"zone": "stack", "colors": ["red"],
                                                           "any_types": ["Instant", "Sorcery"], **YOU},
                                    do="multiply", n=2)),
    ("Energy Storm", "Prevent all", _dmg("prevention", source={"zone": "stack", "any_types": ["Instant", "Sorcery"]},
                                         do="prevent_all")),
]


@pytest.mark.parametrize("name, part, expected", EXAMPLES, ids=[f"{e[0]}-{e[1]}" for e in EXAMPLES])
def test_database_cards_compile_to_the_vocabulary(db, name, part, expected):
    assert_compiles_to(db, name, part, expected)


@pytest.mark.parametrize("paragraph", [
    # "another creature" beside "equipped creature": another than the equipped creature, not the source
    "If another creature would deal combat damage to equipped creature, it deals double that damage to equipped "
    "creature instead.",
    "If a source would deal damage to you, it deals double that damage to this creature instead.",  # not the same
    "If a source would deal damage to this creature, it deals double that damage to you instead.",
    "If a source would deal damage to you, it deals double that damage to that player instead.",  # "you": not read
    "If a source would deal damage to a permanent or player, it deals double that damage to that player instead.",
    "If a source would deal damage, it deals double that damage to that permanent or player instead.",  # no one named
    "If a source would deal 3 or less damage to this creature, prevent that damage.",  # an amount condition
    "If a source would deal damage to enchanted player, it deals double that damage to that player instead.",
    "If a source would deal damage to you or a permanent you control, prevent half that damage, rounded down.",
    "Prevent all damage that would be dealt to you by sources of the chosen color.",  # no such sources
    "Prevent all damage that would be dealt by instant spells.",
    "Double all damage that creatures you control with counters on them would deal.",  # no such phrase
    "Double all damage that creature sources you control would deal this turn.",  # a duration
    "If a green source would deal damage to you, prevent 1 of that damage. Draw a card.",  # more words
    "If a blue spell would deal damage to you, prevent that damage.",  # no such source phrase
])
def test_near_misses_are_not_read(paragraph):
    assert read(bare(paragraph)) is None
