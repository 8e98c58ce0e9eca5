"""phase.rs's layers claims (engine/app/phase/board.py, engine/app/phase/layers.py; issue 26): example boards set up
in a phase game agree with our answer where phase is right, the known phase errors disagree under 613.8a, and a
board phase can't be given is refused with its reason. Runs only with the optional extra (`mtgjudge[phase]`)."""

from __future__ import annotations

import json

import pytest

from phase_required import cards, checker, require_phase  # noqa: E402,F401 (the fixtures)

phase = require_phase()


from conftest import EXAMPLES  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from engine.files.yamlio import parse_text  # noqa: E402


from engine.app.phase import Unexpressible  # noqa: E402
from engine.app.phase.board import debug, setup, verify  # noqa: E402
from engine.app.phase.layers import layers_claim  # noqa: E402


def _board(name: str) -> dict:
    path = EXAMPLES / name
    return parse_text(path.read_text(encoding="utf-8"), str(path))


def _check(checker, cards, board: dict, case_id: str = "case") -> tuple[dict, dict]:
    """phase's claim on the board, and the crosscheck record of it against our answer."""
    state = board_from_data(board, checker.library, "board")
    claim = layers_claim(state, cards)
    line = json.dumps({"id": case_id, "query": "layers", "board": board, "claim": claim})
    return claim, checker.evaluate(1, line, "")


# boards where phase's characteristics are the right ones (613: layers, timestamps, counters, a choice)
AGREE = ["c1-humility-opalescence-humility-later.yaml", "c1-humility-opalescence-opalescence-later.yaml",
         "c2-humility-counters-anthem.yaml", "c3-blood-moon-urborg.yaml",
         "c6-life-and-limb-prismatic-omen-life-and-limb-older.yaml", "c6-life-and-limb-prismatic-omen-omen-older.yaml",
         "e47-honor-of-the-pure-black-creature.yaml", "e48-gray-ogre-counter.yaml",
         "e53-colossus-hammer-rune-of-flight.yaml", "e54-flying-vs-loses-flying-hammer-later.yaml",
         "e54-flying-vs-loses-flying-rune-later.yaml", "e59-yixlid-jailer-scarwood-treefolk.yaml",
         "humility-opalescence.yaml"]


@pytest.mark.parametrize("name", AGREE)
def test_example_boards_agree(checker, cards, name):
    board = _board(name)
    claim, record = _check(checker, cards, board, name)
    state = board_from_data(board, checker.library, "board")
    assert set(claim["objects"]) == set(state.battlefield)  # every permanent claimed, by its id
    assert all({"name", "controller", "types", "colors", "power", "toughness"} <= set(o) for o in claim["objects"].values())
    assert record["agree"] is True, record


def test_humility_later_every_creature_is_one_one(checker, cards):
    # C1: Humility has the later timestamp: every creature, Humility included, is 1/1 (613.4b, 613.7); Opalescence
    # ("each other non-Aura enchantment") is no creature: no power or toughness (208.3)
    claim, _ = _check(checker, cards, _board("c1-humility-opalescence-humility-later.yaml"))
    assert {(o["name"], o["power"], o["toughness"]) for o in claim["objects"].values()} == {
        ("Opalescence", None, None), ("Humility", 1, 1), ("Grizzly Bears", 1, 1)}


def _difference(record: dict, field: str) -> dict:
    return next(d for d in record["differences"] if d["field"] == field)


def test_conspiracy_opalescence_phase_misses_the_dependency(checker, cards):
    # C4: Conspiracy depends on Opalescence (613.8a: Opalescence changes what Conspiracy applies to), so Conspiracy,
    # a creature once Opalescence applies, is an Elf; phase applies them in timestamp order and leaves it none
    _, record = _check(checker, cards, _board("c4-conspiracy-opalescence.yaml"))
    assert record["agree"] is False
    d = _difference(record, "objects.conspiracy.subtypes")
    assert (d["ours"], d["theirs"], d["rule"]) == (["Elf"], [], "613.8a")
    assert "conspiracy#2 depends on opalescence#1" in d["explanation"]
    # the choice made as Conspiracy entered (614.12) reached phase: the Bears are Elves on both sides
    assert not any(x["field"].startswith("objects.grizzly_bears") for x in record["differences"])


def test_lattice_march_phase_misses_the_dependency(checker, cards):
    # C5: March of the Machines depends on Mycosynth Lattice (613.8a), so the lands, artifacts by the Lattice, are
    # 0/0 artifact creatures; phase applies March first (timestamp 1) and they stay noncreature. The Treasure token
    # (111.4, its card data built from its definition) is a noncreature artifact either way: both make it a 0/0
    _, record = _check(checker, cards, _board("c5-mycosynth-lattice-march-of-the-machines.yaml"))
    d = _difference(record, "objects.forest.types")
    assert (sorted(d["ours"]), sorted(d["theirs"]), d["rule"]) == (["artifact", "creature", "land"], ["artifact", "land"],
                                                                   "613.8a")
    assert "march_of_the_machines#1 depends on mycosynth_lattice#1" in d["explanation"]
    assert _difference(record, "objects.march_of_the_machines.power")["ours"] == 4  # its mana value (613.4b)
    assert not any(x["field"].startswith("objects.treasure.") for x in record["differences"])


def test_life_and_limb_prismatic_omen_phase_misses_the_dependency(checker, cards):
    # C6 without a Saproling: Life and Limb depends on Prismatic Omen (613.8a), the Mountain is a 1/1 green Saproling
    # creature; phase, in timestamp order, applies Life and Limb first, before the Mountain is a Forest
    _, record = _check(checker, cards, _board("c6-life-and-limb-prismatic-omen-no-saproling.yaml"))
    d = _difference(record, "objects.mountain.types")
    assert (d["ours"], d["theirs"], d["rule"]) == (["land", "creature"], ["land"], "613.8a")


def test_controller_counters_tapped_attachment_and_a_token(checker, cards):
    # setup gives phase the board's controller (owner bob), counters, tapped, an Aura attached, a token an effect
    # defined (111.4, keywords only): Rancor +2/+0, a +1/+1 counter, Glorious Anthem +1/+1 to alice's creatures
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "owner": "bob", "id": "bears", "tapped": True,
         "counters": {"+1/+1": 1}},
        {"card": "Rancor", "controller": "alice", "attached_to": "bears"},
        {"card": "Glorious Anthem", "controller": "alice"},
        {"card": "Angel", "controller": "bob", "token": True, "id": "angel"}]}
    state = board_from_data(board, checker.library, "board")
    pb = setup(state, cards)
    bears = pb.game.object(pb.ids["bears"])
    assert (bears["owner"], bears["controller"], bears["tapped"]) == (pb.seats["bob"], pb.seats["alice"], True)
    claim, record = _check(checker, cards, board)
    assert (claim["objects"]["bears"]["controller"], claim["objects"]["bears"]["power"],
            claim["objects"]["bears"]["toughness"]) == ("alice", 6, 4)
    assert claim["objects"]["angel"] == {"name": "Angel", "controller": "bob", "types": ["creature"], "supertypes": [],
                                         "subtypes": ["Angel"], "colors": ["white"], "power": 4, "toughness": 4}
    assert record["agree"] is True, record


def test_life_and_the_other_zones(checker, cards):
    # the board's active player, life totals (119) and zones: hands, a library top first (401), a graveyard bottom first (404.2);
    # phase's filler cards are gone
    board = {"players": ["alice", "bob"], "active": "bob", "life": {"alice": 7, "bob": 31},
             "battlefield": [{"card": "Grizzly Bears", "controller": "alice"}],
             "hand": {"alice": ["Island", "Forest"], "bob": ["Grizzly Bears"]},
             "graveyard": {"bob": ["Llanowar Elves", "Island"]}, "library": {"alice": ["Mountain", "Plains", "Swamp"]}}
    state = board_from_data(board, checker.library, "board")
    st = setup(state, cards).game.state()["state"]

    def names(seat, zone):
        return [st["objects"][str(i)]["name"] for i in st["players"][seat][zone]]

    assert [p["life"] for p in st["players"]] == [7, 31]
    assert st["active_player"] == 1  # bob's seat (102.1)
    assert (names(0, "hand"), names(0, "library"), names(0, "graveyard")) == (["Island", "Forest"],
                                                                             ["Mountain", "Plains", "Swamp"], [])
    assert (names(1, "hand"), names(1, "library"), names(1, "graveyard")) == (["Grizzly Bears"], [],
                                                                             ["Llanowar Elves", "Island"])


def test_tokens_an_effect_defined(checker, cards):
    # 111.4: a Role token (an Aura: "Enchanted creature gets +1/+1 for each enchantment you control.") and a Treasure,
    # made from their definitions: the Bears get +2/+2 from the Role (two enchantments) and +1/+1 from the Anthem
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"},
        {"card": "Virtuous", "controller": "alice", "token": True, "attached_to": "bears"},
        {"card": "Glorious Anthem", "controller": "alice"},
        {"card": "Treasure", "controller": "bob", "token": True, "tapped": True}]}
    claim, record = _check(checker, cards, board)
    assert (claim["objects"]["bears"]["power"], claim["objects"]["bears"]["toughness"]) == (5, 5)
    assert claim["objects"]["treasure"] == {"name": "Treasure", "controller": "bob", "types": ["artifact"],
                                            "supertypes": [], "subtypes": ["Treasure"], "colors": [], "power": None,
                                            "toughness": None}
    assert record["agree"] is True, record


def test_a_land_under_worms_of_the_earth(checker, cards):
    # "Lands can't enter the battlefield.": the Forest the board has on the battlefield with Worms of the Earth is
    # moved there first (the board's timestamps are written afterwards), and the board is set up as it is
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Worms of the Earth", "controller": "bob"},
                                                          {"card": "Forest", "controller": "alice"}]}
    claim, record = _check(checker, cards, board)
    assert claim["objects"]["forest"]["types"] == ["land"]
    assert record["agree"] is True, record


def test_a_setup_phase_changed_is_refused(checker, cards):
    # the check back: a permanent phase holds otherwise than the board says (here tapped behind setup's back, as
    # phase's own actions could do it) is "phase refused the board", never a claim on a board it doesn't have
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "bears"}]}
    state = board_from_data(board, checker.library, "board")
    pb = setup(state, cards)
    verify(pb, state)  # as set up: nothing raised
    debug(pb.game, 0, "SetTapped", {"object_id": pb.ids["bears"], "tapped": True})
    with pytest.raises(Unexpressible) as caught:
        verify(pb, state)
    assert caught.value.reason == "phase refused the board"
    assert "bears's tapped" in caught.value.detail


def test_face_down_permanents(checker, cards):
    # 708.2: a face-down permanent is a 2/2 creature with no name, subtypes, color or abilities; Glorious Anthem
    # still gives alice's +1/+1 (layer 7c)
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Ajani Steadfast", "controller": "alice", "face_down": True},
        {"card": "Glorious Anthem", "controller": "alice"},
        {"card": "Grizzly Bears", "controller": "bob", "face_down": True, "tapped": True}]}
    claim, record = _check(checker, cards, board)
    assert claim["objects"]["ajani_steadfast"] == {"name": None, "controller": "alice", "types": ["creature"],
                                                   "supertypes": [], "subtypes": [], "colors": [], "power": 3,
                                                   "toughness": 3}
    assert (claim["objects"]["grizzly_bears"]["power"], claim["objects"]["grizzly_bears"]["name"]) == (2, None)
    assert record["agree"] is True, record


@pytest.mark.parametrize("board, reason", [
    (_board("e50-act-of-treason-layers.yaml"), "resolved effect"),  # 611.2: Act of Treason's effect
    ({"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "renowned": True}]},
     "designation"),  # 702.112b
    ({"players": ["alice", "bob"], "battlefield": [{"card": "Sutured Ghoul", "controller": "alice",
                                                   "choices": {"exiled": []}}]}, "choice"),  # 607.2a: no such choice
    ({"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "a"},
                                                   {"card": "Grizzly Bears", "controller": "bob", "copy_of": "a"}]},
     "copy"),  # 707.2
    ({"players": ["alice", "bob", "carol"], "battlefield": [{"card": "Grizzly Bears", "controller": "carol"}]},
     "players"),
])
def test_boards_phase_cant_be_given_are_refused(checker, cards, board, reason):
    state = board_from_data(board, checker.library, "board")
    with pytest.raises(Unexpressible) as caught:
        layers_claim(state, cards)
    assert caught.value.reason == reason
    assert caught.value.detail
