"""Counterspells and the qualities of a target spell (issue 21, round 21: engine/vocab/oracle/counterspells.lark, read by
oneshot_cspells.py): "Counter target red or green spell." -> TargetSpec {what: spell, spell: SpellQuality} (115.1, 105.1,
205.3: the quality a cast trigger names spells with, matched by Casting.spell_is on the spell's characteristics on the
stack), "Counter target spell with mana value X." -> {mana_value_x: true} (202.3, 107.3a, 601.2b: the X announced for
the counterspell). The cards are the card database's (each example asserts the database's paragraph first); the games
are tests/data/games/115-1-counter-target-red-or-green-spell (Flashfreeze) and
115-1-counter-target-spell-with-mana-value-x (Spell Blast)."""

from __future__ import annotations

import pytest
from engine.files.library import load_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _spell(quality: dict | None = None, **spec) -> dict:
    return {"what": "spell", **spec, **({"spell": quality} if quality else {})}


COUNTER = [{"op": "counter"}]
EXAMPLES = [
    ("Flashfreeze", "Counter target red or green spell.", [_spell({"colors": ["red", "green"]})], COUNTER),
    ("Gainsay", "Counter target blue spell.", [_spell({"colors": ["blue"]})], COUNTER),
    ("Frazzle", "Counter target nonblue spell.", [_spell({"not_colors": ["blue"]})], COUNTER),
    ("Ceremonious Rejection", "Counter target colorless spell.", [_spell({"colorless": True})], COUNTER),
    ("Neutralizing Blast", "Counter target multicolored spell.", [_spell({"multicolored": True})], COUNTER),
    ("Guttural Response", "Counter target blue instant spell.", [_spell({"types": ["Instant"], "colors": ["blue"]})],
     COUNTER),
    ("Hisoka's Defiance", "Counter target Spirit or Arcane spell.", [_spell({"subtypes": ["Spirit", "Arcane"]})], COUNTER),
    ("Nullify", "Counter target creature or Aura spell.",
     [_spell({"any_of": [{"types": ["Creature"]}, {"subtypes": ["Aura"]}]})], COUNTER),
    ("Faerie Trickery", "Counter target non-Faerie spell. If that spell is countered this way, exile it instead of "
                        "putting it into its owner's graveyard.",
     [_spell({"not_subtypes": ["Faerie"]})], [{"op": "counter", "exile": True}]),
    ("Mental Misstep", "Counter target spell with mana value 1.", [_spell({"min_mana_value": 1, "max_mana_value": 1})],
     COUNTER),
    ("Disdainful Stroke", "Counter target spell with mana value 4 or greater.", [_spell({"min_mana_value": 4})], COUNTER),
    ("Spell Blast", "Counter target spell with mana value X.", [_spell(mana_value_x=True)], COUNTER),
    ("Revolutionary Rebuff", "Counter target nonartifact spell unless its controller pays {2}.",
     [_spell({"not_types": ["Artifact"]})], [{"op": "counter", "unless_pays": "{2}"}]),
]


@pytest.mark.parametrize("name, paragraph, targets, ops", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_counterspell_compiles(db, lib, name, paragraph, targets, ops):
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True, by_alias=True)
    assert got["kind"] == "spell" and got["targets"] == targets and got["one_shot"] == ops
    assert executable_by(ab)


NOT_READ = [
    "Counter target permanent or Aura spell.",  # no card type list of a spell: 'permanent'
    "Counter target land spell with mana value 3.",  # a land is never a spell (305.1)
    "Counter target blue land spell.",
    "Counter target spell with mana value 3 or fewer.",  # not the Oracle's words
    "Counter target spell with mana value X or greater.",  # X with a bound: not read
    "Counter target non-Faerie or Elf spell.",
    "Counter target purple spell.",  # no color
    "Counter target Spirit or Arcane or Elf spell.",
    "Counter target blue spell that targets a creature.",  # an extra clause
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


def test_mana_value_x_is_a_spells_only():
    """601.2b: the X of 'with mana value X' is the one announced as the spell is cast; an activated ability's target
    is not read with it."""
    assert not compile_paragraph("{X}{U}, {T}: Counter target spell with mana value X.", "Foo")


MV = {"total": "mana_value", "of": {"targets": True}}  # 202.3, 608.2h: the countered spell's, as it last existed on the stack
FOLLOW_UPS = [
    ("Spell Swindle", "Counter target spell. Create X Treasure tokens, where X is that spell's mana value.", [_spell()],
     [{"op": "counter"}, {"op": "create_token", "token": "Treasure", "amount": MV}]),
    ("Overwhelming Intellect", "Counter target creature spell. Draw cards equal to that spell's mana value.",
     [_spell(types=["Creature"])], [{"op": "counter"}, {"op": "draw", "amount": MV}]),
    ("Illumination", "Counter target artifact or enchantment spell. Its controller gains life equal to its mana value.",
     [_spell(types=["Artifact", "Enchantment"])],
     [{"op": "counter"}, {"op": "gain_life", "amount": MV, "who": "target_controller"}]),
    ("Access Denied", "Counter target spell. Create X 1/1 colorless Thopter artifact creature tokens with flying, where "
                      "X is that spell's mana value.", [_spell()],
     [{"op": "counter"}, {"op": "create_token", "token": "Thopter", "amount": MV}]),
]


@pytest.mark.parametrize("name, paragraph, targets, ops", FOLLOW_UPS, ids=[e[0] for e in FOLLOW_UPS])
def test_the_countered_spells_mana_value(db, lib, name, paragraph, targets, ops):
    """202.3, 608.2h: "that spell's mana value", "its mana value" right after the counter (game:
    tests/data/games/608-2h-countered-spell-mana-value, Illumination on an X spell)."""
    test_database_counterspell_compiles(db, lib, name, paragraph, targets, ops)


MV_NOT_READ = [
    "Draw cards equal to that spell's mana value.",  # no spell countered before
    "Counter target activated ability. Draw cards equal to its mana value.",  # an ability has no mana value
    "Counter target activated ability. Draw cards equal to that spell's mana value.",
    "Counter target spell. Scry 1. Draw cards equal to that spell's mana value.",  # not right after the counter
    "Destroy target creature. You gain life equal to that spell's mana value.",
    "Counter target spell. Put X +1/+1 counters on target creature, where X is that spell's mana value.",
]


@pytest.mark.parametrize("paragraph", MV_NOT_READ)
def test_mana_value_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


CHOICE_TRIGGERS = [
    ("Pol Jamaar, Illusionist", "When Pol Jamaar enters, choose a creature type. Draw a card for each creature you "
                                "control of that type.",
     [{"op": "choose_value", "choice": "creature_type"},
      {"op": "draw", "amount": {"count": {"types": ["Creature"], "chosen_creature_type": True, "controller": "you"}}}]),
]


@pytest.mark.parametrize("name, paragraph, ops", CHOICE_TRIGGERS, ids=[e[0] for e in CHOICE_TRIGGERS])
def test_a_trigger_chooses_a_value_as_it_resolves(db, lib, name, paragraph, ops):
    """608.2d, 603.3: "choose a creature type." first in a triggered ability's effect (not a modal "choose one —",
    603.3c; game: tests/data/games/608-2d-trigger-chooses-a-creature-type)."""
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True, by_alias=True)
    assert got["kind"] == "triggered" and got["one_shot"] == ops and executable_by(ab)


CHOICE_NOT_READ = [
    "When Foo enters, choose a creature type.",  # a value nothing reads
    "When Foo enters, choose a card type. Draw a card for each creature you control of that type.",  # not a value read
    "When Foo enters, choose a color. Draw a card for each creature you control of the chosen type.",  # another kind
    "When Foo enters, choose a creature type. Draw a card.",
]


@pytest.mark.parametrize("paragraph", CHOICE_NOT_READ)
def test_choice_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


NOT_CHOSEN = {"types": ["Creature"], "not_chosen_creature_type": True}  # 205.3m: "that aren't of the chosen type"
CHOOSE_TYPE = {"op": "choose_value", "choice": "creature_type"}
NEGATED = [
    ("Kindred Dominance", "Choose a creature type. Destroy all creatures that aren't of the chosen type.",
     [CHOOSE_TYPE, {"op": "destroy", "what": "each", "each": NOT_CHOSEN}], None),
    ("Raise the Palisade", "Choose a creature type. Return all creatures that aren't of the chosen type to their owners' "
                           "hands.", [CHOOSE_TYPE, {"op": "return_each", "what": NOT_CHOSEN}], None),
    ("Crippling Fear", "Choose a creature type. Creatures that aren't of the chosen type get -3/-3 until end of turn.",
     [CHOOSE_TYPE], {"applies_to": NOT_CHOSEN, "do": [{"op": "modify_pt", "power": -3, "toughness": -3}]}),
]


@pytest.mark.parametrize("name, paragraph, ops, continuous", NEGATED, ids=[e[0] for e in NEGATED])
def test_creatures_that_arent_of_the_chosen_type(db, lib, name, paragraph, ops, continuous):
    """205.3m, 608.2d: the selector's not_chosen_creature_type, bound to not_subtypes by the game loop for a one-shot
    instruction (engine/game/chosen_values.py), read by the layers program for the continuous effect
    (sel_not_chosen_ctype); games: tests/data/games/205-3m-*."""
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True, by_alias=True)
    assert got["one_shot"] == ops and got.get("continuous") == continuous and executable_by(ab)


NEGATED_NOT_READ = [
    "Destroy all creatures that aren't of the chosen type.",  # a spell that chooses no type (614.12: none as it entered)
    "Creatures that aren't of the chosen type get -3/-3 until end of turn.",
    "Choose a color. Destroy all creatures that aren't of the chosen type.",  # another kind of value chosen
    "Choose a creature type. Destroy all creatures that aren't of the chosen color.",
]


@pytest.mark.parametrize("paragraph", NEGATED_NOT_READ)
def test_negated_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


LANDS, YOUR_LANDS = {"types": ["Land"]}, {"types": ["Land"], "controller": "you"}
UNTAPS = [
    ("Rewind", "Counter target spell. Untap up to four lands.",
     [{"op": "counter"}, {"op": "untap_chosen", "amount": 4, "what": LANDS}]),
    ("Unwind", "Counter target noncreature spell. Untap up to three lands.",
     [{"op": "counter"}, {"op": "untap_chosen", "amount": 3, "what": LANDS}]),
    ("Snap", "Return target creature to its owner's hand. Untap up to two lands.",
     [{"op": "return_to_hand"}, {"op": "untap_chosen", "amount": 2, "what": LANDS}]),
    ("Frantic Search", "Draw two cards, then discard two cards. Untap up to three lands.",
     [{"op": "draw", "amount": 2}, {"op": "discard", "amount": 2}, {"op": "untap_chosen", "amount": 3, "what": LANDS}]),
    ("Peregrine Drake", "When this creature enters, untap up to five lands.",
     [{"op": "untap_chosen", "amount": 5, "what": LANDS}]),
    ("Likeness of the Seeker", "Whenever this creature becomes blocked, untap up to three lands you control.",
     [{"op": "untap_chosen", "amount": 3, "what": YOUR_LANDS}]),
]


@pytest.mark.parametrize("name, paragraph, ops", UNTAPS, ids=[e[0] for e in UNTAPS])
def test_untap_up_to_n_lands(db, lib, name, paragraph, ops):
    """608.2d, 701.26b: chosen as it resolves, any player's lands unless "you control" (engine/game/untap_chosen.py;
    game: tests/data/games/608-2d-untap-up-to-four-lands)."""
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    assert ab.model_dump(exclude_defaults=True, by_alias=True)["one_shot"] == ops and executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "Untap up to two creatures.",  # another kind of permanent
    "Untap up to X lands.",  # X: not read
    "Untap up to four lands an opponent controls.",
    "Untap up to four nonbasic lands.",
])
def test_untap_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


UNLESS = [
    ("Rethink", "Counter target spell unless its controller pays {X}, where X is its mana value.", MV),
    ("Spell Rupture", "Counter target spell unless its controller pays {X}, where X is the greatest power among creatures "
                      "you control.", {"greatest": "power", "of": {"types": ["Creature"], "controller": "you"}}),
]


@pytest.mark.parametrize("name, paragraph, amount", UNLESS, ids=[e[0] for e in UNLESS])
def test_counter_unless_pays_x_where_x_is(db, lib, name, paragraph, amount):
    """118.12a, 608.2h: Counter.unless_pays_amount, determined as the counterspell resolves (game:
    tests/data/games/118-12a-counter-unless-pays-its-mana-value)."""
    test_database_counterspell_compiles(db, lib, name, paragraph, [_spell()],
                                        [{"op": "counter", "unless_pays_amount": amount}])


@pytest.mark.parametrize("paragraph", [
    "Counter target spell unless its controller pays {X}, where X is its power.",  # not a quantity of the spell's
    "Counter target spell unless its controller pays {X}, where X is your life total.",
    "Counter target activated ability unless its controller pays {X}, where X is its mana value.",
    "Counter target spell unless its controller pays {X}, where X is the number of cards in their hand.",
])
def test_unless_pays_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


def test_damage_to_that_spells_controller(db, lib):
    """120.3, 608.2h: the target spell's controller (game: tests/data/games/608-2h-counter-then-damage-to-that-spells-
    controller)."""
    test_database_counterspell_compiles(db, lib, "Ionize", "Counter target spell. Ionize deals 2 damage to that "
                                        "spell's controller.", [_spell()],
                                        [{"op": "counter"}, {"op": "damage", "amount": 2, "to": "target_controller"}])


@pytest.mark.parametrize("paragraph", [
    "Destroy target creature. Foo deals 2 damage to that spell's controller.",  # no spell named
    "Counter target spell. Foo deals 2 damage to that creature's controller.",  # no creature named
    "Foo deals 2 damage to that spell's controller.",
])
def test_spells_controller_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


DISCARDS = [
    ("Amnesia", "Target player reveals their hand and discards all nonland cards.", [],
     {"zone": "hand", "not_types": ["Land"]}),
    ("Persecute", "Choose a color. Target player reveals their hand and discards all cards of that color.",
     [{"op": "choose_value", "choice": "color"}], {"zone": "hand", "chosen_color": True}),
    ("Trapfinder's Trick", "Target player reveals their hand and discards all Trap cards.", [],
     {"zone": "hand", "subtypes": ["Trap"]}),
]


@pytest.mark.parametrize("name, paragraph, before, card", DISCARDS, ids=[e[0] for e in DISCARDS])
def test_reveal_and_discard_all(db, lib, name, paragraph, before, card):
    """701.20a, 701.9a: {op: discard_all} (engine/game/discard_all.py; game:
    tests/data/games/701-9a-reveal-and-discard-all-cards-of-that-color)."""
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True, by_alias=True)
    assert got["one_shot"] == before + [{"op": "discard_all", "card": card}] and got["targets"] == [{"what": "player"}]
    assert executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    "Target player reveals their hand and discards all cards of that color.",  # no color chosen before
    "Choose a creature type. Target player reveals their hand and discards all cards of that color.",
    "Target player reveals their hand and discards all cards of the chosen color.",  # a spell: no color chosen
    "Target player reveals their hand and discards all nonland cards with mana value 3.",
    "You reveal your hand and discards all nonland cards.",
])
def test_discard_all_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


def test_look_at_its_controllers_hand(db, lib):
    """402.3, 608.2h: the target spell's controller (game: tests/data/games/402-3-counter-then-look-at-its-controllers-
    hand)."""
    test_database_counterspell_compiles(db, lib, "Lay Bare", "Counter target spell. Look at its controller's hand.",
                                        [_spell()], [{"op": "counter"},
                                                     {"op": "reveal_hand", "who": "target_controller", "look": True}])


@pytest.mark.parametrize("paragraph", [
    "Look at its controller's hand.",  # no target named before
    "Counter target activated ability. Look at its controller's hand.",  # not a spell or a permanent
])
def test_its_controllers_hand_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")
