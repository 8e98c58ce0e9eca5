"""Triggered mana abilities in family 5 (engine/vocab/oracle/oneshot_manatrig.py): "Whenever
enchanted land is tapped for mana, its controller adds an additional {G}." (Wild Growth), "... one mana of any color"
(Fertile Ground), "Whenever a Forest is tapped for mana, ..." (Vernal Bloom), "Whenever a player taps a land for mana,
that player adds one mana of any type that land produced." (Heartbeat of Spring), "Whenever you tap a Swamp for mana,
add an additional {B}." (Crypt Ghast) -> trigger {event: tapped_for_mana} with one_shot [{op: add_tapped_mana}]
(106.12a, 605.1b; resolved at once without the stack, 605.4a: engine/game/manatrig.py). The games:
tests/data/games/605-4a-wild-growth-triggered-mana.yaml, 605-4a-fertile-ground-color-choice.yaml,
605-4a-heartbeat-of-spring-any-player.yaml,
605-4a-shimmerwilds-growth-chosen-color.yaml.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first (its reminder text aside, 207.2).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
COLORS = ["{W}", "{U}", "{B}", "{R}", "{G}"]
TWO = ["{W}{W}", "{W}{U}", "{W}{B}", "{W}{R}", "{W}{G}", "{U}{U}", "{U}{B}", "{U}{R}", "{U}{G}", "{B}{B}", "{B}{R}",
       "{B}{G}", "{R}{R}", "{R}{G}", "{G}{G}"]
ENCHANTED = {"event": "tapped_for_mana", "subjects": {"attached": True, "types": ["Land"]}, "player": "any"}

EXAMPLES = [
    ("Wild Growth", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}.",
     {"kind": "triggered", "trigger": ENCHANTED,
      "one_shot": [{"op": "add_tapped_mana", "tapper": "its_controller", "options": ["{G}"]}]}),
    ("Overgrowth", "Whenever enchanted land is tapped for mana, its controller adds an additional {G}{G}.",
     {"kind": "triggered", "trigger": ENCHANTED,
      "one_shot": [{"op": "add_tapped_mana", "tapper": "its_controller", "options": ["{G}{G}"]}]}),
    ("Fertile Ground", "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any "
                       "color.",
     {"kind": "triggered", "trigger": ENCHANTED,
      "one_shot": [{"op": "add_tapped_mana", "tapper": "its_controller", "options": COLORS}]}),
    ("Shimmerwilds Growth", "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of "
                            "the chosen color.",
     {"kind": "triggered", "trigger": ENCHANTED,
      "one_shot": [{"op": "add_tapped_mana", "tapper": "its_controller", "chosen_color": True}]}),
    ("Dawn's Reflection", "Whenever enchanted land is tapped for mana, its controller adds an additional two mana in any "
                          "combination of colors.",
     {"kind": "triggered", "trigger": ENCHANTED,
      "one_shot": [{"op": "add_tapped_mana", "tapper": "its_controller", "options": TWO}]}),
    ("Vernal Bloom", "Whenever a Forest is tapped for mana, its controller adds an additional {G}.",
     {"kind": "triggered", "trigger": {"event": "tapped_for_mana", "subjects": {"subtypes": ["Forest"]}, "player": "any"},
      "one_shot": [{"op": "add_tapped_mana", "tapper": "its_controller", "options": ["{G}"]}]}),
    ("Heartbeat of Spring", "Whenever a player taps a land for mana, that player adds one mana of any type that land "
                            "produced.",
     {"kind": "triggered", "trigger": {"event": "tapped_for_mana", "subjects": {"types": ["Land"]}, "player": "any"},
      "one_shot": [{"op": "add_tapped_mana", "tapper": "that_player", "produced": True}]}),
    ("Crypt Ghast", "Whenever you tap a Swamp for mana, add an additional {B}.",
     {"kind": "triggered", "trigger": {"event": "tapped_for_mana", "subjects": {"subtypes": ["Swamp"]}, "player": "you"},
      "one_shot": [{"op": "add_tapped_mana", "tapper": "you", "options": ["{B}"]}]}),
    ("Mirari's Wake", "Whenever you tap a land for mana, add one mana of any type that land produced.",
     {"kind": "triggered", "trigger": {"event": "tapped_for_mana", "subjects": {"types": ["Land"]}, "player": "you"},
      "one_shot": [{"op": "add_tapped_mana", "tapper": "you", "produced": True}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    abilities = card_file(record).abilities
    got = [a for a in abilities if a.display() == paragraph]
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert got == [want]
    assert "605.4a" in executable_by(got[0])


@pytest.mark.parametrize("text", [
    # 605.5a: a trigger on tapping for mana that does something else (or more) is no mana ability: not read here
    "Whenever a player taps a land for mana, this enchantment deals 1 damage to that player.",
    "Whenever enchanted land is tapped for mana, its controller adds an additional {G} and you gain 1 life.",
    "Whenever enchanted land is tapped for mana, its controller adds an additional {G}. Draw a card.",
    # the player named isn't the one the trigger names
    "Whenever a player taps a land for mana, its controller adds an additional {G}.",
    "Whenever enchanted land is tapped for mana, that player adds an additional {G}.",
    "Whenever you tap a land for mana, that player adds an additional {G}.",
    "Whenever enchanted land is tapped for mana, add an additional {G}.",
    # grammar near misses
    "Whenever you taps a land for mana, add an additional {G}.",
    "Whenever a player tap a land for mana, that player adds an additional {G}.",
    "Whenever enchanted land becomes tapped, its controller adds an additional {G}.",
    "Whenever enchanted land is tapped, its controller adds an additional {G}.",
    "Whenever an opponent taps a land for mana, that player adds an additional {G}.",
    "Whenever enchanted land is tapped for mana, its controller adds an additional {S}.",
    "Whenever enchanted land is tapped for mana, its controller adds an additional one mana of any one color.",
    # "an additional" mana outside such a trigger
    "Whenever this creature attacks, add an additional {G}.",
    "Its controller adds an additional {G}.",
    "When this creature enters, that player adds one mana of any type that land produced.",
])
def test_near_misses_do_not_compile(text):
    assert compile_paragraph(text, "Foo") is None
