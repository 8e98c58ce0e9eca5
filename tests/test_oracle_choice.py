"""Values of a player's choice as a spell or ability resolves (608.2d; engine/vocab/oracle/oneshot_choice.py, oneshot.lark's
block "values of a player's choice": {op: choose_value, choice: color | creature_type} before the continuous effect that
reads it): "protection from the color of your choice" (702.16a, 105.1), "becomes the creature type of your choice"
(205.3m), "becomes the color of your choice" (105.3), "becomes the basic land type of your choice" (305.7). The cards are the card database's (each example asserts the
database's paragraph first); the games are tests/data/games/608-2d-gods-willing-protection-from-chosen-color (the
chosen color's protection stops a green blocker, 702.16f), 608-2d-mistform-dreamer-becomes-chosen-type (the chosen
Goblin type makes Goblin King's bonus apply, layer 4 before 7c), 608-2d-tidal-visionary-becomes-chosen-color (the
Bears made black can't be Doom Blade's target, 601.2c), 608-2d-reef-shaman-land-becomes-chosen-type (a Mountain made an
Island taps for {U}, not {R}, until end of turn) and 608-2d-sea-snidd-opponents-land-chosen-type."""

from __future__ import annotations

import pytest
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import REMINDER, compile_paragraph
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


COLOR = [{"op": "choose_value", "choice": "color"}]
CTYPE = [{"op": "choose_value", "choice": "creature_type"}]
LTYPE = [{"op": "choose_value", "choice": "basic_land_type"}]  # 305.6, 305.7
PROTECTION = [{"op": "add_abilities", "abilities": [{"keyword": "protection", "quality": "chosen color"}]}]
SELF = {"self_": True}
EXAMPLES = [
    ("Gods Willing", "Target creature you control gains protection from the color of your choice until end of turn.",
     COLOR, {"do": PROTECTION}, [{"what": "creature", "controller": "you"}]),
    ("Mother of Runes", "{T}: Target creature you control gains protection from the color of your choice until end of "
                        "turn.", COLOR, {"do": PROTECTION}, [{"what": "creature", "controller": "you"}]),
    ("Alseid of Life's Bounty", "{1}, Sacrifice this creature: Target creature or enchantment you control gains protection "
                                "from the color of your choice until end of turn.", COLOR, {"do": PROTECTION},
     [{"what": "permanent", "types": ["Creature", "Enchantment"], "controller": "you"}]),
    ("Mistform Dreamer", "{1}: This creature becomes the creature type of your choice until end of turn.", CTYPE,
     {"applies_to": SELF, "do": [{"op": "set_creature_types", "chosen": True}]}, None),
    ("Tidal Visionary", "{T}: Target creature becomes the color of your choice until end of turn.", COLOR,
     {"do": [{"op": "set_colors", "chosen": True}]}, [{"what": "creature"}]),
    ("Rainbow Crow", "{1}: This creature becomes the color of your choice until end of turn.", COLOR,
     {"applies_to": SELF, "do": [{"op": "set_colors", "chosen": True}]}, None),
    ("Reef Shaman", "{T}: Target land becomes the basic land type of your choice until end of turn.", LTYPE,
     {"do": [{"op": "set_land_types", "chosen": True}]}, [{"what": "permanent", "types": ["Land"]}]),
    ("Shimmering Mirage", "Target land becomes the basic land type of your choice until end of turn.", LTYPE,
     {"do": [{"op": "set_land_types", "chosen": True}]}, [{"what": "permanent", "types": ["Land"]}]),
    ("Grixis Illusionist", "{T}: Target land you control becomes the basic land type of your choice until end of turn.",
     LTYPE, {"do": [{"op": "set_land_types", "chosen": True}]},
     [{"what": "permanent", "types": ["Land"], "controller": "you"}]),
    ("Wild Mongrel", "Discard a card: This creature gets +1/+1 and becomes the color of your choice until end of turn.",
     COLOR, {"applies_to": SELF, "do": [{"op": "modify_pt", "power": 1, "toughness": 1},
                                        {"op": "set_colors", "chosen": True}]}, None),
]


@pytest.mark.parametrize("name, paragraph, one_shot, continuous, targets", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, one_shot, continuous, targets):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", p).split()) for p in record.oracle.splitlines()]
    [ab] = [a for a in card_file(record).abilities if a.model_dump().get("text", a.model_dump().get("effect")) ==
            paragraph or a.model_dump().get("effect") == paragraph.split(": ", 1)[-1]]
    assert executable_by(ab) is not None
    got = ab.model_dump(exclude_defaults=True)
    assert got["one_shot"] == one_shot  # 608.2d: the choice, as it resolves, before the effect reads it
    assert got["continuous"] == continuous
    assert got.get("targets") == targets


NEAR_MISSES = [
    "Target player gains protection from the color of your choice until end of turn.",  # a player: no layers object
    "Target spell gains protection from the color of your choice until end of turn.",
    "Target creature gains protection from the color of your choice.",  # no duration said
    "Another target creature you control gains protection from colorless or from the color of your choice until end of "
    "turn.",  # a choice between two qualities (Giver of Runes)
    "Target creature becomes the color or colors of your choice until end of turn.",  # several colors
    "Target creature becomes the basic land type of your choice until end of turn.",  # 305.7: a land type for a land
    "Target permanent becomes the basic land type of your choice until end of turn.",  # a permanent: maybe no land
    "This land becomes the basic land type of your choice until end of turn.",  # not a target: not read
    "Target land becomes the basic land type of your choice.",  # no duration said
    "Target land becomes the basic land type or types of your choice until end of turn.",  # several types
    "Target spell or permanent becomes the color of your choice until end of turn.",
    "Target land becomes the creature type of your choice until end of turn.",  # a land: maybe no creature
]


@pytest.mark.parametrize("paragraph", NEAR_MISSES)
def test_near_miss_does_not_compile(paragraph):
    assert compile_paragraph(paragraph, "Test Card") is None


def test_a_value_of_the_wrong_kind_is_refused_by_the_game_file():
    from pydantic import ValidationError
    from engine.files import gamefile as gf

    assert gf.ValueChoice.model_validate({"choice": {"color": "red"}, "by": "alice"}).choice == {"color": "red"}
    assert gf.ValueChoice.model_validate({"choice": {"basic_land_type": "Island"}}).choice == {"basic_land_type": "Island"}
    with pytest.raises(ValidationError):
        gf.ValueChoice.model_validate({"choice": {"land_type": "Island"}})


def test_set_land_types_needs_a_type_or_the_chosen_one():
    from pydantic import ValidationError
    from engine.vocab.effects import SetLandTypes

    assert SetLandTypes.model_validate({"op": "set_land_types", "chosen": True}).chosen
    with pytest.raises(ValidationError):  # 305.7: a land type to set
        SetLandTypes.model_validate({"op": "set_land_types"})
