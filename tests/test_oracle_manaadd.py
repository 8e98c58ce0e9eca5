"""Mana added by spells, abilities and mana abilities (106, 605; issue 21), the templates read after the first ones of
tests/test_oracle_mana.py:

- an amount counted as the spell or ability resolves (106.1, 608.2h, 107.3a; oneshot.lark's productions over the
  quantity grammar, engine/vocab/oracle/oneshot_mana.py -> {op: add_mana_amount, options, amount}; the loop:
  engine/game/mana_counted.py): "Add {R} for each creature you control.", "add X mana of any one color, where X is the
  number of Shrines you control", "Add an amount of {B} equal to the sacrificed creature's mana value.", "add {B} for
  each charge counter on this enchantment";
- a mana ability's instructions after its mana (605.3b; engine/vocab/mana_then.py, compiled by family 5; the loop:
  engine/game/mana_then.py): "Add {U}{B}. Draw a card.", "If there are no depletion counters on this land, sacrifice
  it.";
- a mana ability's "Add ..." sentence read by the grammar mana_add.lark (engine/vocab/oracle/mana_add.py), with "{B} or
  one mana of the chosen color", and "choose a color other than black" as a permanent enters (614.12: other_than).

Games: tests/data/games/106-1-mana-counted-as-it-resolves.yaml, 107-3a-x-mana-of-one-color-trigger.yaml,
605-3b-mana-ability-draws-a-card.yaml, 608-2c-depletion-land-sacrificed.yaml, 614-12-color-other-than-chosen-mana.yaml.
The cards are the card database's; each example asserts the database's paragraph first (its reminder text aside).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.vocab.activation import loop_mana_ability, mana_options, then_ops
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.words import REMINDER
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
COLORS = ["{W}", "{U}", "{B}", "{R}", "{G}"]
GAMES = Path(__file__).parent / "data" / "games"


def _paragraph_ability(db, name: str, paragraph: str):
    record = db.get(name)
    assert paragraph in [" ".join(REMINDER.sub("", line).split()) for line in record.oracle.splitlines()]
    got = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert len(got) == 1
    return got[0]


COUNTED = [
    ("Battle Hymn", "Add {R} for each creature you control.",
     {"kind": "spell", "one_shot": [{"op": "add_mana_amount", "options": ["{R}"],
                                    "amount": {"count": {"types": ["Creature"], "controller": "you"}, "times": 1}}]}),
    ("Songs of the Damned", "Add {B} for each creature card in your graveyard.",
     {"kind": "spell", "one_shot": [{"op": "add_mana_amount", "options": ["{B}"], "amount": {
         "count": {"zone": "graveyard", "owner": "you", "types": ["Creature"]}, "times": 1}}]}),
    ("Mana Geyser", "Add {R} for each tapped land your opponents control.",
     {"kind": "spell", "one_shot": [{"op": "add_mana_amount", "options": ["{R}"], "amount": {
         "count": {"tapped": True, "types": ["Land"], "controller": "opponent"}, "times": 1}}]}),
    ("Tesak, Judith's Hellhound", "Whenever Tesak attacks, add {R} for each attacking creature.",
     {"kind": "triggered", "trigger": {"event": "attacks"}, "one_shot": [{"op": "add_mana_amount", "options": ["{R}"],
      "amount": {"count": {"attacking": True, "types": ["Creature"]}, "times": 1}}]}),
    ("Sanctum of Fruitful Harvest", "At the beginning of your first main phase, add X mana of any one color, where X is "
                                    "the number of Shrines you control.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "precombat_main"}, "one_shot": [
         {"op": "add_mana_amount", "options": COLORS, "amount": {"count": {"subtypes": ["Shrine"], "controller": "you"}}}]}),
    ("Sacrifice", "Add an amount of {B} equal to the sacrificed creature's mana value.",
     {"kind": "spell", "one_shot": [{"op": "add_mana_amount", "options": ["{B}"],
                                    "amount": {"sacrificed": "mana_value"}}]}),
    ("Black Market", "At the beginning of your first main phase, add {B} for each charge counter on this enchantment.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "precombat_main"}, "one_shot": [
         {"op": "add_mana_amount", "options": ["{B}"], "amount": {"count": {"self": True}, "counters": "charge"}}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", COUNTED, ids=[e[0] for e in COUNTED])
def test_counted_mana_compiles(db, name, paragraph, expected):
    got = _paragraph_ability(db, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=got.display()))
    assert got == want
    assert executable_by(got) is not None


RIDERS = [
    ("Darkwater Egg", "{2}, {T}, Sacrifice this artifact: Add {U}{B}. Draw a card.", ["{U}{B}"],
     ({"op": "draw", "amount": 1, "who": "you"},)),
    ("Chromatic Sphere", "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card.", COLORS,
     ({"op": "draw", "amount": 1, "who": "you"},)),
    ("Barbed Sextant", "{1}, {T}, Sacrifice this artifact: Add one mana of any color. Draw a card at the beginning of "
                       "the next turn's upkeep.", COLORS,
     ({"op": "delayed_trigger", "when": "next_turn_upkeep", "text": "Draw a card.",
       "one_shot": [{"op": "draw", "amount": 1, "who": "you"}]},)),
    ("Hickory Woodlot", "{T}, Remove a depletion counter from this land: Add {G}{G}. If there are no depletion counters "
                        "on this land, sacrifice it.", ["{G}{G}"],
     ({"op": "if", "condition": {"count": {"self": True}, "counters": "depletion", "at_least": 0, "at_most": 0},
       "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]},)),
    ("Gemstone Mine", "{T}, Remove a mining counter from this land: Add one mana of any color. If there are no mining "
                      "counters on this land, sacrifice it.", COLORS,
     ({"op": "if", "condition": {"count": {"self": True}, "counters": "mining", "at_least": 0, "at_most": 0},
       "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]},)),
]


@pytest.mark.parametrize("name,paragraph,options,ops", RIDERS, ids=[e[0] for e in RIDERS])
def test_mana_ability_instructions_after_its_mana(db, name, paragraph, options, ops):
    """605.3b: the mana ability stays text (the loop activates it); the sentences after its mana compile to the
    operations the loop follows as it resolves."""
    ab = _paragraph_ability(db, name, paragraph)
    assert ab.kind == "activated" and ab.mana and executable_by(ab) is not None
    assert loop_mana_ability(paragraph) is not None
    assert mana_options(paragraph.split(": ", 1)[1].split(". ")[0] + ".") == options
    assert then_ops(paragraph) == ops


@pytest.mark.parametrize("text", [
    # a target (605.1a: a mana ability has none), an instruction the loop doesn't follow there, an unread sentence
    "{T}: Add {B}{B}{B}{B}. Target opponent gains control of this creature.",
    "{T}: Add one mana of any color. An opponent gains control of this land at the beginning of the next end step.",
    "{T}: Add {G}. Destroy target artifact.",
    "{T}: Add {G}. Discard a card.",
    "{T}: Add {C}. Put a +1/+1 counter on target creature.",
    "{T}: Add {G}. If you control four or more creatures, add {G}{G}.",
    "{T}, Remove a depletion counter from this land: Add {G}{G}. If you control a Swamp, sacrifice it.",
    "{T}, Remove a depletion counter from this land: Add {G}{G}. If there are no depletion counters on target land, "
    "sacrifice it.",
])
def test_mana_ability_instructions_not_read(text):
    assert then_ops(text) is None and loop_mana_ability(text) is None


@pytest.mark.parametrize("text", [
    # counted mana: a value the quantity grammar doesn't read, a power filter os_counted doesn't read, no "X mana in any
    # combination" (each mana its own color: not one option repeated)
    "Add {R} for each creature you control with power 4 or greater.",
    "Add X mana of any one color, where X is the amount of life you gained this turn.",
    "Add X mana in any combination of colors, where X is the number of creatures you control.",
    "Add {B} for each charge counter on it.",
    "Add an amount of {G} equal to your devotion to green.",
    "Add {R} for each {R}.",
    # 605.1a: an activated ability adding counted mana is a mana ability (not a one-shot of the stack)
    "{2}, {T}: Add {G} for each creature you control.",
    # "Until end of turn, you don't lose this mana" after counted mana: not read (106.4)
    "Add {R} for each creature you control. Until end of turn, you don't lose this mana as steps and phases end.",
])
def test_counted_near_misses(text):
    assert compile_paragraph(text, "Foo") is None


CHOSEN = ["Black Dragon Gate", "Citadel Gate", "Cliffgate", "Manor Gate", "Sea Gate", "Thriving Bluff",
          "Thriving Grove", "Thriving Heath", "Thriving Isle", "Thriving Moor"]


@pytest.mark.parametrize("name", CHOSEN)
def test_a_color_other_than_and_the_chosen_colors_mana(db, name):
    """614.12: "choose a color other than C" (-> choice: color, other_than: C), and "{T}: Add {C} or one mana of the
    chosen color." (the chosen color's mana, or C's): every ability of these lands executable."""
    abilities = card_file(db.get(name)).abilities
    assert all(executable_by(a) is not None for a in abilities)
    (choose,) = [a for a in abilities if a.kind == "replacement" and a.replacement.do == "choose"]
    own = choose.replacement.other_than
    assert choose.replacement.choice == "color" and own in ("white", "blue", "black", "red", "green")
    (tap,) = [a for a in abilities if a.kind == "activated"]
    letter = {"white": "{W}", "blue": "{U}", "black": "{B}", "red": "{R}", "green": "{G}"}
    assert mana_options(tap.display()) == [letter[own]]
    other = next(c for c in letter if c != own)
    assert mana_options(tap.display(), other) == [letter[own], letter[other]]


@pytest.mark.parametrize("text,options", [
    ("{T}: Add {G}.", ["{G}"]),
    ("{T}: Add {W}, {U}, or {B}.", ["{W}", "{U}", "{B}"]),
    ("{T}: Add {B}{B} or {G}{G}.", ["{B}{B}", "{G}{G}"]),
    ("{T}: Add two mana of any one color.", [c * 2 for c in COLORS]),
    ("{T}: Add three mana in any combination of {R} and/or {G}.", ["{R}{R}{R}", "{R}{R}{G}", "{R}{G}{G}", "{G}{G}{G}"]),
    # near misses of the grammar: nothing
    ("{T}: Add {R} or {R}.", []),
    ("{T}: Add one mana of any one color.", []),
    ("{T}: Add {B} or one mana of any color.", []),
    ("{T}: Add {B} and one mana of the chosen color.", []),
    ("{T}: Add eleven mana of any one color.", []),
])
def test_the_add_grammar(text, options):
    assert mana_options(text) == options


@pytest.mark.parametrize("text", [
    "As this land enters, choose a color other than colorless.",
    "As this land enters, choose a creature type other than Human.",
    "As this land enters, choose a color other than black or red.",
])
def test_choice_near_misses(text):
    assert compile_paragraph(text, "Foo") is None


def test_the_barred_color_cant_be_chosen(tmp_path):
    """614.12: Thriving Moor's "choose a color other than black": the script's choice of black is refused."""
    import yaml

    from engine.files.gamefile import load_game
    from engine.game import play
    from engine.game.common import GameError
    from test_games import LIBRARY

    data = yaml.safe_load((GAMES / "614-12-color-other-than-chosen-mana.yaml").read_text(encoding="utf-8"))
    data["actions"] = [{"play_land": "moor"}, {"as_enters": {"color": "black"}, "by": "alice"}]
    data["until"] = {"turn": 1, "step": "beginning_of_combat"}
    data.pop("expect")
    path = tmp_path / "other-than-black.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    state, actions, until = load_game(path, LIBRARY)
    with pytest.raises(GameError, match="614.12"):
        play(state, actions, library=LIBRARY, until=until)


HORIZON = ["Dark Fortress", "Gathering Place", "Gleaming Bastion", "Hidden Lair", "Training Compound"]


@pytest.mark.parametrize("name", HORIZON)
def test_entered_this_turn_or_a_basic_land(db, name):
    """602.5b: "Activate only if this land entered this turn or if you control a basic land." -> {any_of: [...]}, one of
    them holding is enough (the game: tests/data/games/602-5b-entered-this-turn-or-basic-land.yaml)."""
    from engine.vocab import mana_if

    (ab,) = [a for a in card_file(db.get(name)).abilities if a.kind == "activated" and "Activate only" in a.display()]
    assert ab.mana and executable_by(ab) is not None
    assert mana_if.condition(ab.display()).model_dump(exclude_none=True, exclude_defaults=True) == {"any_of": [
        {"entered_this_turn": "self"}, {"count": {"supertypes": ["Basic"], "types": ["Land"], "controller": "you"}}]}


@pytest.mark.parametrize("text", [
    "{T}: Add {B} or {R}. Activate only if this land entered this turn or you control a basic land.",
    "{T}: Add {B} or {R}. Activate only if another land entered this turn or if you control a basic land.",
    "{T}: Add {B} or {R}. Activate only if this creature is monstrous or if you control a basic land.",
])
def test_either_condition_near_misses(text):
    assert loop_mana_ability(text) is None


@pytest.mark.parametrize("text,ops", [
    ("{T}: Add one mana of any color. Each player loses 1 life.", ({"op": "lose_life", "amount": 1, "who": "each_player"},)),
    ("{T}: Add {U}. Remove a time counter from this land.",
     ({"op": "remove_counters", "kind": "time", "amount": 1, "to": "self"},)),
    ("{T}: Add {C}. You gain 1 life.", ({"op": "gain_life", "amount": 1, "who": "you"},)),
    ("{2}, {T}: Add one mana of any color. Put a brick counter on this artifact.",
     ({"op": "counters", "kind": "brick", "amount": 1, "to": "self"},)),
    ("{T}: Add {R} or {G}. Each opponent gains 1 life.", ({"op": "gain_life", "amount": 1, "who": "each_opponent"},)),
    ("{T}: Add {W} or {U}. This land deals 1 damage to you.", ()),  # (mana_rider's sentence, not one of these)
])
def test_more_instructions_after_the_mana(text, ops):
    assert then_ops(text) == ops and loop_mana_ability(text) is not None
