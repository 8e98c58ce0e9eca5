"""Mana a resolving spell or ability adds, in family 5 (engine/vocab/oracle/oneshot_mana.py, branch mana): "Add
{B}{B}{B}.", "When this creature enters, add {R}{R}{R}." (106.1: -> {op: add_mana, mana}); "add one mana of any color",
"add {R} or {G}", "add two mana of any one color", "add two mana in any combination of colors", "... of {R} and/or {G}"
(106.1, 608.2d: -> {op: add_mana_choice, options}, chosen as it resolves); "Until end of turn, you don't lose this mana
as steps and phases end." after it (106.4, 500.4: -> lasts: turn; the game: tests/data/games/500-4-you-dont-lose-this-mana.yaml,
Savage Ventmaw). The games:
tests/data/games/106-1-spell-adds-mana-empties.yaml (Dark Ritual's mana pays a spell, and empties as the step ends,
500.4) and tests/data/games/608-2d-mana-of-a-color-chosen-as-it-resolves.yaml (Quirion Sentinel, Manamorphose).

Only where the ability is no mana ability (605.1a-b): an activated ability that adds mana and is no loyalty ability is
a mana ability the loop activates from its text (engine/game/mana.py, without the stack), not a one-shot of the stack.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first (its reminder text aside, 207.2).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.vocab.activation import loop_mana_ability, mana_options
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
COLORS = ["{W}", "{U}", "{B}", "{R}", "{G}"]
TWO = ["{W}{W}", "{W}{U}", "{W}{B}", "{W}{R}", "{W}{G}", "{U}{U}", "{U}{B}", "{U}{R}", "{U}{G}", "{B}{B}", "{B}{R}",
       "{B}{G}", "{R}{R}", "{R}{G}", "{G}{G}"]

EXAMPLES = [
    ("Dark Ritual", "Add {B}{B}{B}.", {"kind": "spell", "one_shot": [{"op": "add_mana", "mana": "{B}{B}{B}"}]}),
    ("Channel the Suns", "Add {W}{U}{B}{R}{G}.",
     {"kind": "spell", "one_shot": [{"op": "add_mana", "mana": "{W}{U}{B}{R}{G}"}]}),
    ("Priest of Urabrask", "When this creature enters, add {R}{R}{R}.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "add_mana", "mana": "{R}{R}{R}"}]}),
    ("Burning-Tree Emissary", "When this creature enters, add {R}{G}.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "add_mana", "mana": "{R}{G}"}]}),
    ("Cathodion", "When this creature dies, add {C}{C}{C}.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": [{"op": "add_mana", "mana": "{C}{C}{C}"}]}),
    ("Quirion Sentinel", "When this creature enters, add one mana of any color.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "add_mana_choice", "options": COLORS}]}),
    ("Crumbling Vestige", "When this land enters, add one mana of any color.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "add_mana_choice", "options": COLORS}]}),
    ("Lotus Cobra", "Landfall — Whenever a land you control enters, add one mana of any color.",
     {"kind": "triggered", "trigger": {"event": "enters", "subjects": {"types": ["Land"], "controller": "you"}},
      "one_shot": [{"op": "add_mana_choice", "options": COLORS}]}),
    ("Manamorphose", "Add two mana in any combination of colors.",
     {"kind": "spell", "one_shot": [{"op": "add_mana_choice", "options": TWO}]}),
    ("Savage Ventmaw", "Whenever this creature attacks, add {R}{R}{R}{G}{G}{G}. Until end of turn, you don't lose this "
                       "mana as steps and phases end.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "add_mana_choice", "options": ["{R}{R}{R}{G}{G}{G}"], "lasts": "turn"}]}),
    ("Lord of the Ulvenwald", "Whenever this creature attacks, add {R} or {G}. Until end of turn, you don't lose this mana "
                              "as steps and phases end.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "add_mana_choice", "options": ["{R}", "{G}"], "lasts": "turn"}]}),
    ("Colossal Plow", "Whenever this Vehicle attacks, add {W}{W}{W} and you gain 3 life. Until end of turn, you don't "
                      "lose this mana as steps and phases end.",
     {"kind": "triggered", "trigger": {"event": "attacks"},
      "one_shot": [{"op": "add_mana_choice", "options": ["{W}{W}{W}"], "lasts": "turn"},
                   {"op": "gain_life", "amount": 3, "who": "you"}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert got == [want]
    assert executable_by(got[0]) is not None


@pytest.mark.parametrize("text,options", [
    ("Whenever this creature attacks, add {R} or {G}.", ["{R}", "{G}"]),
    ("Add {W}, {U}, or {B}.", ["{W}", "{U}", "{B}"]),
    ("Add {B}{B} or {G}{G}.", ["{B}{B}", "{G}{G}"]),
    ("When this creature enters, add two mana of any one color.", [c * 2 for c in COLORS]),
    ("Add three mana in any combination of {R} and/or {G}.", ["{R}{R}{R}", "{R}{R}{G}", "{R}{G}{G}", "{G}{G}{G}"]),
])
def test_choices(text, options):
    (ab,) = compile_paragraph(text, "Foo")
    assert [op.model_dump(exclude_none=True) for op in ab.one_shot] == [{"op": "add_mana_choice", "options": options}]


def test_a_loyalty_ability_that_adds_mana_uses_the_stack():
    """605.1a: a loyalty ability is no mana ability, even when it adds mana."""
    (ab,) = compile_paragraph("+1: Add {R}{R}.", "Foo")
    assert ab.kind == "activated" and ab.loyalty
    assert [op.model_dump() for op in ab.one_shot] == [{"op": "add_mana", "mana": "{R}{R}", "who": "you"}]


@pytest.mark.parametrize("text", [
    # 605.1a: mana abilities (the loop activates them from their text, without the stack), not one-shots
    "{T}: Add {G}.",
    "{T}, Pay 1 life: Add {C}.",
    "Sacrifice this creature: Add {C}.",
    "{1}, {T}: Add one mana of any color.",
    # 605.1b: a trigger that may be a mana ability's activation
    "Whenever this creature becomes tapped, add {G}.",
    # near misses of the words
    "Add {R} or {R}.",
    "Add two mana in any combination of {R} and/or {R}.",
    "Add two mana in any combination of {R}{R} and/or {G}.",
    "Add one mana of any one color.",
    "Add six mana of any one color.",
    "Add {R} for each creature you control with power 4 or greater.",
    "Add X mana of any one color.",
    "Add {S}.",
    "Add {B}{B}{B} or more.",
    # 106.4: "this mana" of no one instruction adding mana (none, two, or one in a "you may")
    "Until end of turn, you don't lose this mana as steps and phases end.",
    "Draw a card. Until end of turn, you don't lose this mana as steps and phases end.",
    "Add {R}. Add {G}. Until end of turn, you don't lose this mana as steps and phases end.",
    "Whenever this creature attacks, you may add {R}. Until end of turn, you don't lose this mana as steps and phases end.",
    "Add {R}. Until end of turn, you don't lose this mana as steps end.",
])
def test_not_read(text):
    assert compile_paragraph(text, "X") is None


@pytest.mark.parametrize("name,paragraph,options", [
    ("Sage of the Maze", "{T}: Add two mana in any combination of colors.", TWO),
    ("Orcish Lumberjack", "{T}, Sacrifice a Forest: Add three mana in any combination of {R} and/or {G}.",
     ["{R}{R}{R}", "{R}{R}{G}", "{R}{G}{G}", "{G}{G}{G}"]),
    ("Terrarion", "{2}, {T}, Sacrifice this artifact: Add two mana in any combination of colors.", TWO),
])
def test_mana_abilities_in_any_combination(db, name, paragraph, options):
    """605.3, 106.1: a mana ability adding "N mana in any combination of ..." is activated by the loop (each way of
    adding them, chosen by its controller: tests/data/games/605-3-mana-in-any-combination.yaml)."""
    (ab,) = [a for a in card_file(db.get(name)).abilities if a.display() == paragraph]
    assert ab.kind == "activated" and ab.mana and executable_by(ab) is not None
    assert mana_options(paragraph) == options


def test_a_mana_ability_paid_with_energy(db):
    """107.14, 605.3: "{T}, Pay {E}: Add one mana of any color." (Aether Hub) is activated by the loop, its energy paid
    (tests/data/games/107-14-energy-mana-ability.yaml)."""
    (ab,) = [a for a in card_file(db.get("Aether Hub")).abilities if a.display() == "{T}, Pay {E}: Add one mana of any color."]
    assert ab.mana and executable_by(ab) is not None
    assert loop_mana_ability(ab.display()).energy == 1


@pytest.mark.parametrize("text", [
    "{T}: Add two mana in any combination of {R} and/or {R}.",
    "{T}: Add eleven mana in any combination of colors.",
    "{T}: Add X mana in any combination of colors.",
    "{T}: Add two mana in any combination of {R}, {G}, and/or {R}.",
])
def test_mana_abilities_not_read(text):
    assert mana_options(text) == [] and loop_mana_ability(text) is None
