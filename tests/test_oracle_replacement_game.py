"""Family 4 of the Oracle grammar (issue 21): replacement effects on a permanent entering that read the
game (614.1c, 614.12): "enters tapped unless a player has 13 or less life" (119.1), "unless you have two
or more opponents" (102.3), "enters with ... counters on it if you attacked this turn" (raid, 508.1), "if
a creature died this turn" (morbid, 700.4), "if an opponent lost life this turn" (119.3), "if a permanent
left the battlefield under your control this turn" (revolt), "for each creature that died this turn",
"for each color of mana spent to cast it" (converge, 601.2h); and the Phantom's prevention effect, one
counter removed each time it applies (615.5); "enters with a shield counter on it", whose effects the
rules make (122.1c: bridge/replace/shield_counters.py). Real database cards (their Oracle text read from the card
database), and paragraphs that must not compile. The game tests are tests/data/games/614-1c-*.yaml,
615-5-phantom-*.yaml and 122-1c-shield-counter.yaml."""

from __future__ import annotations

import pytest

from engine.vocab.oracle.objects import bare
from engine.vocab.oracle.replacement import read
from carddata import assert_compiles_to, db  # noqa: F401 (db: the fixture)

S = {"self": True}


def _enter(**rule) -> dict:
    return {"kind": "replacement", "replacement": {"event": "enter", "object": S, **rule}}


EXAMPLES = [
    ("Abandoned Campground", "or less life", _enter(do="enter_tapped", unless_game={"life_at_most": 13})),
    ("Bountiful Promenade", "opponents", _enter(do="enter_tapped", unless_game={"opponents_at_least": 2})),
    ("Goblin Boarders", "attacked", _enter(do="add_counters", n=1, if_game={"this_turn": "attacked"})),
    ("Festerhide Boar", "died", _enter(do="add_counters", n=2, if_game={"this_turn": "creature_died"})),
    ("Cindering Cutthroat", "lost life", _enter(do="add_counters", n=1, if_game={"this_turn": "opponent_lost_life"})),
    ("Narnam Renegade", "left the battlefield", _enter(do="add_counters", n=1, if_game={"this_turn": "you_left"})),
    ("Bloodcrazed Paladin", "died", _enter(do="add_counters", n=1, n_per="creature_died")),
    ("Callous Sell-Sword // Burn Together", "under your control",
     _enter(do="add_counters", n=1, n_per="creature_died_yours")),
    ("Glinting Creeper", "color of mana", _enter(do="add_counters", n=2, n_per="colors_spent")),
    ("Disciplined Duelist", "shield counter", _enter(do="add_counters", n=1, kind="shield")),
    # 614.1c, 614.12: n_count, counted by the replace program for the player it would enter under
    ("Golgari Grave-Troll", "creature card in your graveyard",
     _enter(do="add_counters", n=1, n_count={"types": ["Creature"], "zone": "graveyard", "owner": "you"})),
    ("Avatar of the Resolute", "for each other creature",
     _enter(do="add_counters", n=1, n_count={"other": True, "types": ["Creature"], "controller": "you",
                                             "counter": "+1/+1"})),
    ("Aeve, Progenitor Ooze", "other Ooze",
     _enter(do="add_counters", n=1, n_count={"other": True, "subtypes": ["Ooze"], "controller": "you"})),
    ("Stag Beetle", "where X is the number of other creatures",
     _enter(do="add_counters", n=1, n_count={"other": True, "types": ["Creature"]})),
    ("Academy Elite", "instant and sorcery cards in all graveyards",
     _enter(do="add_counters", n=1, n_count={"any_types": ["Instant", "Sorcery"], "zone": "graveyard"})),
    ("Embermaw Hellion", "another red source",
     {"kind": "replacement", "replacement": {"event": "damage", "source": {"colors": ["red"], "controller": "you",
                                                                          "other": True},
                                             "target_player": None, "target": None, "do": "add", "n": 1}}),
    ("Phantom Centaur", "prevent that damage",
     {"kind": "prevention", "replacement": {"event": "damage", "target": S, "do": "prevent_all",
                                            "remove_counter": "+1/+1"}}),
]


@pytest.mark.parametrize("name, part, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile_to_the_vocabulary(db, name, part, expected):
    assert_compiles_to(db, name, part, expected)


@pytest.mark.parametrize("paragraph", [
    "This land enters tapped unless a player has 13 or more life.",  # no such template (more)
    "This land enters tapped unless an opponent has 13 or less life.",  # an opponent only: not read
    "This land enters tapped unless you have two or more opponents and you control a Forest.",  # two conditions
    "Creatures you control enter with a +1/+1 counter on them if you attacked this turn.",  # not itself
    "This creature enters with X +1/+1 counters on it if you attacked this turn.",  # X
    "This creature enters with a shield counter on it if you attacked this turn.",  # 122.1c: a shield counter
    "This creature enters with a +1/+1 counter on it if you gained life this turn.",  # no such fact
    "This creature enters with a +1/+1 counter on it for each creature that died under an opponent's control this turn.",
    "This creature enters with a +1/+1 counter on it for each color of mana spent to cast this spell.",  # not "it"
    "This creature enters with a -1/-1 counter on it for each creature that died this turn.",  # another kind
    "Each other creature you control enters with a +1/+1 counter on it for each creature card in your graveyard.",
    "This creature enters with X +1/+1 counters on it for each creature card in your graveyard.",  # X for each
    "This creature enters with a -1/-1 counter on it for each creature card in your graveyard.",  # another kind
    "This creature enters with X -1/-1 counters on it, where X is the number of other creatures on the battlefield.",
    "This creature enters with a +1/+1 counter on it for each card in your graveyard.",  # no such phrase
    "This creature enters with X +1/+1 counters on it, where X is the number of creature cards in your hand.",
    "This creature enters with a +1/+1 counter on it for each creature that died this turn and each land you control.",
    "If damage would be dealt to this creature, prevent that damage. Remove a +1/+1 counter from target creature.",
    "If damage would be dealt to enchanted creature, prevent that damage. Remove a +1/+1 counter from this creature.",
    "If damage would be dealt to this creature, prevent that damage. Remove a stun counter from this creature.",
    "If another red source an opponent controls would deal damage to a permanent or player, it deals that much "
    "damage plus 1 to that permanent or player instead.",  # no such source phrase
])
def test_near_misses_are_not_read(paragraph):
    assert read(bare(paragraph)) is None


def test_an_ability_word_is_no_part_of_the_template():
    """207.2c: "Raid — " has no rules meaning; the rest is read, and only a whole paragraph."""
    raid = "This creature enters with a +1/+1 counter on it if you attacked this turn."
    assert read(bare("Raid — " + raid)) == read(bare(raid)) is not None
    assert read(bare("Raid — " + raid + " Draw a card.")) is None
