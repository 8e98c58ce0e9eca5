"""Conditional instructions of family 5 (issue 21; engine/vocab/oracle/oneshot_ifcond.py, oneshot.lark's block on
conditional instructions): "If [condition], [instructions].", "Then if [condition], [instructions].", "[instruction] if
[condition].", "If [condition], [instruction] instead." (608.2c: the condition checked as the resolution reaches the
instruction), and "If this spell was kicked, ..." (702.33d) -> {op: if, condition | kicked, one_shot, otherwise?}
(engine/vocab/oneshot_ifcond.py), executed by engine/game/ifcond.py. The condition's words are read as "Activate only
if [condition]." reads them (oneshot_cond.py: statics.lark's st_condition).

The games: tests/data/games/608-2c-if-this-spell-was-kicked-draw.yaml, 608-2c-if-this-spell-was-kicked-not-kicked.yaml,
608-2c-then-if-you-control-an-untapped-land.yaml, 608-2c-then-if-false-no-untapped-land.yaml,
608-2c-if-instead-a-creature-died.yaml, 608-2c-if-instead-no-creature-died.yaml,
608-2c-if-an-opponent-controls-more-lands.yaml, 608-2c-if-an-opponent-controls-more-lands-false.yaml,
608-2c-if-its-your-turn.yaml, 608-2c-if-condition-continuous-effect.yaml,
608-2c-if-condition-continuous-effect-false.yaml, 608-2c-if-kicked-it-deals-damage-instead.yaml (test_games.py).
The comparisons with an opponent ("an opponent controls more lands than you": the Condition's versus) are read by
engine/vocab/oracle/compare.lark.

The cards are the card database's, read through engine.files.dbcards.card_file."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oneshot_ifcond import IfCondition
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
WIZARD = {"count": {"subtypes": ["Wizard"], "controller": "you"}, "at_least": 1}
DRAW = {"op": "draw", "amount": 1, "who": "you"}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Blink of an Eye", "Return target nonland permanent to its owner's hand. If this spell was kicked, draw a card.",
     {"kind": "spell", "targets": [{"what": "permanent", "quality": {"not_types": ["Land"]}}],
      "one_shot": [{"op": "return_to_hand"}, {"op": "if", "kicked": True, "one_shot": [DRAW]}]}),
    ("Field Research", "Draw two cards. If this spell was kicked, draw three cards instead.",
     {"kind": "spell", "one_shot": [{"op": "if", "kicked": True, "one_shot": [dict(DRAW, amount=3)],
                                     "otherwise": [dict(DRAW, amount=2)]}]}),
    ("Calming Verse", "Destroy all enchantments you don't control. Then if you control an untapped land, destroy all "
     "enchantments you control.",
     {"kind": "spell", "one_shot": [
         {"op": "destroy", "what": "each", "each": {"types": ["Enchantment"], "controller": "opponent"}},
         {"op": "if", "condition": {"count": {"types": ["Land"], "controller": "you", "tapped": False}, "at_least": 1},
          "one_shot": [{"op": "destroy", "what": "each", "each": {"types": ["Enchantment"], "controller": "you"}}]}]}),
    ("Chilling Trap", "Target creature gets -4/-0 until end of turn. If you control a Wizard, draw a card.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "if", "condition": WIZARD, "one_shot": [DRAW]}],
      "continuous": {"do": [{"op": "modify_pt", "power": -4, "toughness": 0}]}}),
    ("Jace's Triumph", "Draw two cards. If you control a Jace planeswalker, draw three cards instead.",
     {"kind": "spell", "one_shot": [{"op": "if", "condition": {"count": {"types": ["Planeswalker"],
                                                                         "subtypes": ["Jace"], "controller": "you"},
                                                               "at_least": 1},
                                     "one_shot": [dict(DRAW, amount=3)], "otherwise": [dict(DRAW, amount=2)]}]}),
    ("Scroll of Origins", "{2}, {T}: Draw a card if you have seven or more cards in hand.",
     {"kind": "activated", "cost": "{2}, {T}", "effect": "Draw a card if you have seven or more cards in hand.",
      "one_shot": [{"op": "if", "condition": {"count": {"zone": "hand", "owner": "you"}, "at_least": 7},
                    "one_shot": [DRAW]}]}),
    ("Gift of Estates", "If an opponent controls more lands than you, search your library for up to three Plains "
     "cards, reveal them, put them into your hand, then shuffle.",
     {"kind": "spell", "one_shot": [{"op": "if", "condition": {"count": {"types": ["Land"], "controller": "you"},
                                                               "versus": "opponent_more"},
                                     "one_shot": [{"op": "search_library", "subtypes": ["Plains"], "amount": 3,
                                                   "to": "hand", "reveal": True}]}]}),
    ("Feudkiller's Verdict", "You gain 10 life. Then if you have more life than an opponent, create a 5/5 white Giant "
     "Warrior creature token.",
     None),
    ("Fated Retribution", "Destroy all creatures and planeswalkers. If it's your turn, scry 2.",
     {"kind": "spell", "one_shot": [{"op": "destroy", "what": "each", "each": {"any_types": ["Creature", "Planeswalker"]}},
                                    {"op": "if", "condition": {"turn": "yours"}, "one_shot": [{"op": "scry", "amount": 2}]}]}),
    ("Gideon's Phalanx", "Spell mastery — If there are two or more instant and/or sorcery cards in your graveyard, "
     "creatures you control gain indestructible until end of turn.",
     {"kind": "spell", "one_shot": [{"op": "if", "condition": {"count": {"any_types": ["Instant", "Sorcery"],
                                                                         "zone": "graveyard", "owner": "you"},
                                                               "at_least": 2},
                                     "one_shot": [{"op": "create_effect"}]}],
      "continuous": {"applies_to": {"types": ["Creature"], "controller": "you"},
                     "do": [{"op": "add_abilities", "abilities": [{"keyword": "indestructible"}]}]}}),
    ("Burst Lightning", "Burst Lightning deals 2 damage to any target. If this spell was kicked, it deals 4 damage "
     "instead.",
     {"kind": "spell", "targets": [{"what": "any"}],
      "one_shot": [{"op": "if", "kicked": True, "one_shot": [{"op": "damage", "amount": 4}],
                    "otherwise": [{"op": "damage", "amount": 2}]}]}),
    ("Heartless Pillage", "Raid — If you attacked this turn, create a Treasure token.",
     {"kind": "spell", "one_shot": [{"op": "if", "condition": {"this_turn": "you_attacked"},
                                     "one_shot": [{"op": "create_token", "token": "Treasure", "amount": 1}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    abilities = card_file(record).abilities
    if expected is None:  # (its condition: below)
        [want] = [a for a in abilities if a.display() == paragraph]
    else:
        want = ABILITY.validate_python(dict(expected, **({} if expected["kind"] == "activated" else {"text": paragraph})))
        assert want in abilities
    assert executable_by(want) is not None
    if name == "Feudkiller's Verdict":  # 119.1: its controller's life against an opponent's
        assert want.one_shot[1].condition.model_dump(exclude_defaults=True) == {"life": "you", "versus": "you_more"}


def test_versus_has_no_bound():
    """A comparison with an opponent (versus) has no at_least / at_most, and compares its controller's objects, life or
    cards in hand only."""
    from engine.vocab.selector import Condition

    Condition.model_validate({"life": "you", "versus": "opponent_more"})
    for bad in ({"life": "you", "versus": "you_more", "at_least": 3},
                {"count": {"types": ["Land"], "controller": "opponent"}, "versus": "opponent_more"},
                {"player": "you", "zone": "graveyard", "versus": "opponent_more"}):
        with pytest.raises(ValueError):
            Condition.model_validate(bad)


def test_if_condition_needs_one_kind():
    """The op has a condition on the game or 'kicked', one of them."""
    with pytest.raises(ValueError):
        IfCondition.model_validate({"op": "if", "one_shot": [DRAW]})
    with pytest.raises(ValueError):
        IfCondition.model_validate({"op": "if", "kicked": True, "condition": WIZARD, "one_shot": [DRAW]})


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    # 601.2c: a target of the kicked instruction only (chosen only if kicked)
    "Destroy target land. If this spell was kicked, destroy another target land.",
    # 702.33d: "this spell" of a triggered ability
    "When this creature enters, draw a card. If this spell was kicked, draw a card.",
    # a condition on "it" (the target, not the source)
    "Destroy target artifact. Draw a card if its mana value is 4 or greater.",
    "If you control a Wizard, put a +1/+1 counter on it.",
    # "instead" of a continuous effect, and "that player" in the replaced instruction
    "Target creature gets +2/+2 until end of turn. If you control a Wizard, that creature gets +4/+4 until end of turn "
    "instead.",
    "Each opponent discards a card. If this spell was kicked, that player discards three cards instead.",
    # a condition the statics' grammar doesn't read
    "Draw a card. If you cast it from your hand, draw two cards instead.",
    "Draw two cards. Then if you control a creature with power X or greater, draw a card.",
    # a comparison with objects already qualified, or of another number
    "If an opponent controls more lands you control than you, draw a card.",
    "If an opponent controls more cards in graveyards than you, draw a card.",
    "If an opponent has more poison counters than you, draw a card.",
    # "it" of another thing than the turn
    "Draw a card. If it's a land card, draw a card.",
    "Draw a card. If it's your creature, draw a card.",
    # a kicked branch's target; a continuous effect instead of other instructions
    "If this spell was kicked, target creature gets +2/+2 until end of turn.",
    "Draw a card. If you control a Wizard, creatures you control get +1/+1 until end of turn instead.",
    # "it deals N damage instead" after no damage of the source's, or of an amount counted
    "Draw a card. If this spell was kicked, it deals 5 damage instead.",
    "~ deals X damage to any target. If this spell was kicked, it deals 5 damage instead.",
    # "instead" with no instruction before it
    "If you control a Wizard, draw three cards instead.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_the_first_sentence_of_a_trigger_stays_an_intervening_if():
    """603.4: "if [condition]," just after the trigger is the ability's intervening "if" (if_condition), not a
    conditional instruction; a later "If [condition], ..." sentence is one (608.2c)."""
    [ab] = oneshot.read(bare("At the beginning of your upkeep, if you control a Wizard, draw a card. If you control an "
                             "artifact, you gain 1 life.", ""))
    assert ab["if_condition"] == WIZARD
    assert ab["one_shot"] == [DRAW, {"op": "if", "condition": {"count": {"types": ["Artifact"], "controller": "you"},
                                                               "at_least": 1},
                                     "one_shot": [{"op": "gain_life", "amount": 1, "who": "you"}]}]
