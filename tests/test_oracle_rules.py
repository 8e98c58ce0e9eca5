"""Static abilities that change the rules rather than objects (issue 21): skipped steps (614.10), every player's
maximum hand size (402.2), casting prohibitions by turn and by count (601.3), lands played from a graveyard (305.1),
combat damage by toughness and as though unblocked (510.1a-c), other spells that can't be countered (701.6a), the
counters a permanent enters with when cast from a hand or by the mana spent (614.1c), and the rules of deck
construction (113.6p).

Read by engine/vocab/oracle/loopstatics.lark, toplibrary.lark, replacement.lark and statics.lark (a predicate). The
cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/614-10-skip-your-draw-step.yaml,
614-10-players-skip-untap-and-upkeep.yaml, 402-2-players-have-no-maximum-hand-size.yaml,
601-3-opponents-cant-cast-during-your-turn.yaml, 601-3-one-spell-each-turn.yaml,
305-1-play-lands-from-your-graveyard.yaml, 510-1a-damage-equal-to-toughness.yaml,
510-1b-assign-as-though-unblocked.yaml, 701-6a-creature-spells-cant-be-countered.yaml,
614-1c-counters-if-cast-from-hand.yaml, 614-1c-counters-equal-to-mana-spent.yaml.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import load_game
from engine.files.library import load_library
from engine.game import play
from engine.game.common import GameError
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import loopstatics, replacement, toplibrary
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
GAMES = Path(__file__).resolve().parent / "data" / "games"


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _pe(**op) -> dict:
    return {"continuous": {"do": [{"op": "player_effect", **op}]}}


TOUGHNESS = [{"op": "rule_effect", "rule": "damage_by_toughness"}]
UNBLOCKED = [{"op": "rule_effect", "rule": "assign_as_unblocked"}]

# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Necropotence", "Skip your draw step.", {"kind": "static", "skips": {"players": "you", "step": "draw"}}),
    ("Stasis", "Players skip their untap steps.", {"kind": "static", "skips": {"players": "each", "step": "untap"}}),
    ("Sands of Time", "Each player skips their untap step.",
     {"kind": "static", "skips": {"players": "each", "step": "untap"}}),
    ("Eon Hub", "Players skip their upkeep steps.", {"kind": "static", "skips": {"players": "each", "step": "upkeep"}}),
    ("Anvil of Bogardan", "Players have no maximum hand size.",
     {"kind": "static", "max_hand_size": {"players": "each", "unlimited": True}}),
    ("Dragonlord Dromoka", "Your opponents can't cast spells during your turn.",
     {"kind": "static", "continuous": {"during": "your_turn", "do": [
         {"op": "player_effect", "rule": "cant_cast", "players": "opponents"}]}}),
    ("Rule of Law", "Each player can't cast more than one spell each turn.",
     dict(kind="static", **_pe(rule="cant_cast", players="each", after_spells=1))),
    ("Moderation", "You can't cast more than one spell each turn.",
     dict(kind="static", **_pe(rule="cant_cast", players="you", after_spells=1))),
    ("I Bask in Your Silent Awe", "Each opponent can't cast more than one spell each turn.",
     dict(kind="static", **_pe(rule="cant_cast", players="opponents", after_spells=1))),
    ("Crucible of Worlds", "You may play lands from your graveyard.",
     dict(kind="static", **_pe(rule="play_lands_from_graveyard"))),
    ("Belligerent Brontodon", "Each creature you control assigns combat damage equal to its toughness rather than its "
     "power.", {"kind": "static", "continuous": {"applies_to": {"types": ["Creature"], "controller": "you"},
                                                 "do": TOUGHNESS}}),
    ("Doran, the Siege Tower", "Each creature assigns combat damage equal to its toughness rather than its power.",
     {"kind": "static", "continuous": {"applies_to": {"types": ["Creature"]}, "do": TOUGHNESS}}),
    ("Baldin, Century Herdmaster", "During your turn, each creature assigns combat damage equal to its toughness "
     "rather than its power.",
     {"kind": "static", "continuous": {"applies_to": {"types": ["Creature"]}, "during": "your_turn", "do": TOUGHNESS}}),
    ("Treefolk Umbra", "Enchanted creature gets +0/+2 and assigns combat damage equal to its toughness rather than its "
     "power.", {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": [
         {"op": "modify_pt", "power": 0, "toughness": 2}, *TOUGHNESS]}}),
    ("Thorn Elemental", "You may have this creature assign its combat damage as though it weren't blocked.",
     {"kind": "static", "continuous": {"applies_to": {"self": True}, "do": UNBLOCKED}}),
    ("Indomitable Might", "Enchanted creature's controller may have it assign its combat damage as though it weren't "
     "blocked.", {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]}, "do": UNBLOCKED}}),
    ("Prowling Serpopard", "Creature spells you control can't be countered.",
     dict(kind="static", **_pe(rule="spells_cant_be_countered", spells={"types": ["Creature"]}))),
    ("Allosaurus Shepherd", "Green spells you control can't be countered.",
     dict(kind="static", **_pe(rule="spells_cant_be_countered", spells={"colors": ["green"]}))),
    ("Gaea's Herald", "Creature spells can't be countered.",
     dict(kind="static", **_pe(rule="spells_cant_be_countered", players="each", spells={"types": ["Creature"]}))),
    ("Patched Plaything", "This creature enters with two -1/-1 counters on it if you cast it from your hand.",
     {"kind": "replacement", "replacement": {"event": "enter", "object": {"self": True}, "do": "add_counters",
                                             "kind": "-1/-1", "n": 2, "if_cast_from_hand": True}}),
    ("Myojin of Cleansing Fire", "Myojin of Cleansing Fire enters with a divinity counter on it if you cast it from "
     "your hand.", {"kind": "replacement", "replacement": {"event": "enter", "object": {"self": True},
                                                           "do": "add_counters", "kind": "divinity", "n": 1,
                                                           "if_cast_from_hand": True}}),
    ("Marath, Will of the Wild", "Marath enters with a number of +1/+1 counters on it equal to the amount of mana "
     "spent to cast it.", {"kind": "replacement", "replacement": {"event": "enter", "object": {"self": True},
                                                                  "do": "add_counters", "n": 1,
                                                                  "n_per": "mana_spent"}}),
    ("Telepathy", "Your opponents play with their hands revealed.",
     dict(kind="static", **_pe(rule="hand_revealed", players="opponents"))),
    ("Revelation", "Players play with their hands revealed.",
     dict(kind="static", **_pe(rule="hand_revealed", players="each"))),
    ("Relentless Rats", "A deck can have any number of cards named Relentless Rats.",
     {"kind": "static", "before_game": "deck_construction"}),
    ("Daretti, Scrap Savant", "Daretti, Scrap Savant can be your commander.",
     {"kind": "static", "before_game": "deck_construction"}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_deck_construction_has_nothing_to_do_in_a_game():
    """113.6p: the program is `none`, as the deck construction keywords' (Partner)."""
    [ab] = toplibrary.read(bare("A deck can have any number of cards named Relentless Rats.", "Relentless Rats"))
    by = executable_by(ABILITY.validate_python(dict(ab, text="A deck can have any number of cards named ~.")))
    assert by.startswith("none in a game in progress (113.6p")


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    (loopstatics, "Hellbent — Skip your upkeep step if you have no cards in hand."),  # a condition
    (loopstatics, "Skip your combat phase."),  # a phase: not a step of the beginning phase
    (loopstatics, "You skip your next draw step."),  # "next": a one-shot's effect
    (loopstatics, "Each player's maximum hand size is four."),
    (loopstatics, "Players have no maximum hand size and don't lose the game for drawing from an empty library."),
    (loopstatics, "Your opponents can't cast spells during combat."),
    (loopstatics, "Each player can't cast more than one noncreature spell each turn."),  # a kind of spells counted
    (loopstatics, "Enchanted player can't cast more than one spell each turn."),  # the enchanted player: no field
    (loopstatics, "Each creature you control with toughness greater than its power assigns combat damage equal to its "
                  "toughness rather than its power."),  # a comparison of its own values
    (loopstatics, "Each creature assigns combat damage equal to its mana value rather than its power."),
    (loopstatics, "For each creature you control with no abilities, you may have that creature assign its combat "
                  "damage as though it weren't blocked."),
    (loopstatics, "You may have target creature assign its combat damage as though it weren't blocked."),
    (toplibrary, "You may play lands and cast creature spells from your graveyard."),  # spells too: not read
    (toplibrary, "You may play lands from your opponents' graveyards."),
    (toplibrary, "Creature spells you control with power 5 or greater can't be countered."),
    (toplibrary, "Spells and abilities can't be countered."),  # abilities too
    (toplibrary, "~ can be your commander. If it is, your deck can contain any basic land cards."),
    (toplibrary, "A deck can have up to seven cards named ~."),  # a number: not this template
    (toplibrary, "As long as this artifact is untapped, all players play with their hands revealed."),  # a condition
    (replacement, "~ enters with an indestructible counter on it if you cast it from your hand."),  # 122.1b: a keyword
    # counter (MEANINGFUL_COUNTERS: the programs don't give its keyword yet)
    (replacement, "This creature enters with X +1/+1 counters on it if you cast it from your hand."),
    (replacement, "~ enters with a number of +1/+1 counters on it equal to the amount of mana spent to cast it from "
                  "your hand."),
]


@pytest.mark.parametrize("module, paragraph", NOT_READ, ids=[p for _, p in NOT_READ])
def test_not_read(module, paragraph):
    assert module.read(bare(paragraph, "")) is None


def test_damage_split_between_blockers_and_player_is_illegal():
    """510.1b-c: a blocked creature that may assign its damage as though it weren't blocked assigns all of it to what
    it attacks, or assigns it as a blocked creature: Thorn Elemental (7/7) blocked by a Hill Giant can't assign 3 to
    the Giant and 4 to Bob (the game stops: an illegal assignment)."""
    path = GAMES / "510-1b-assign-as-though-unblocked.yaml"
    state, actions, until = load_game(path, load_library())
    split = [a.model_copy(update={"assign_damage": {"thorn": {"wall": 3, "bob": 4}, "dreadmaw": {"bob": 6}}})
             if getattr(a, "assign_damage", None) else a for a in actions]
    with pytest.raises(GameError, match="510.1b"):
        play(state, split, library=load_library(), until=until)
    together = [a.model_copy(update={"assign_damage": {"thorn": {"wall": 7}, "dreadmaw": {"giant": 3, "bob": 3}}})
                if getattr(a, "assign_damage", None) else a for a in actions]
    state, _actions, until = load_game(path, load_library())
    result = play(state, together, library=load_library(), until=until)  # as blocked creatures: legal (702.19b)
    assert result.state.player("bob").life == 17
