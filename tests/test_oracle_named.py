"""Card names chosen as a permanent enters, and "the chosen name" (201.3, 201.3a, 614.12, 201.2a): the replacement
grammar's "As this artifact enters, choose a card name." / "... a nonland card name." / "... a noncreature, nonland
card name." (engine/vocab/oracle/replacement.lark -> {do: choose, choice: card_name, name_not_types}), the loop
statics' "Activated abilities of sources with the chosen name can't be activated [unless they're mana abilities]."
(602.5 -> cant_activate {chosen_name: true}), "Spells with the chosen name can't be cast." / "Your opponents can't
cast spells with the chosen name." (601.3, 613.10 -> player_effect cant_cast, spells {chosen_name: true}), and the
cost rules' "Spells with the chosen name cost {3} more to cast." (601.2f -> costs {spells: {chosen_name: true}}).
The game loop records the name in the permanent's choices.card_name (engine/game/chosen_name.py), which the loop's
one selector matcher reads (bridge/selectors.py).

The cards are the card database's (engine.files.dbcards.card_file); each example asserts the database's paragraph
first. The games that execute them: tests/data/games/201-3-pithing-needle-names-a-card.yaml,
201-3-meddling-mage-spells-with-the-chosen-name.yaml, 201-3-disruptor-flute-spells-cost-more.yaml,
601-3-iona-and-skyseers-chariot-chosen-values.yaml (Iona's "Your opponents can't cast spells of the chosen color."
too), 602-2b-crew-costs-more-chosen-name.yaml (a crew ability's total cost increased, 602.2b), and for the player
chosen as it enters ("choose an opponent": choices.player, 614.12), 402-2-chosen-players-maximum-hand-size.yaml
(Cursed Rack's "The chosen player's maximum hand size is four."), and for a target of the value chosen as the
source entered, 115-1-target-of-the-chosen-color.yaml (Pentarch Paladin); 602-5-chosen-name-stops-cycling.yaml ("sources"
in every zone: a card's cycling in a hand, 602.5) (test_games.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files import gamefile as gf
from engine.files.gamefile import load_game
from engine.files.library import load_library
from engine.game import play
from engine.game.common import GameError
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.effects import Continuous
from engine.vocab.oracle.compile import compile_paragraph

ABILITY = TypeAdapter(Ability)
CHOOSE = {'event': 'enter', 'object': {'self': True}, 'do': 'choose', 'choice': 'card_name'}
CANT_CAST = {'op': 'player_effect', 'rule': 'cant_cast', 'spells': {'chosen_name': True}}
GAMES = Path(__file__).resolve().parent / "data" / "games"


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Pithing Needle', 'As this artifact enters, choose a card name.',
     {'kind': 'replacement', 'replacement': CHOOSE}),
    ('Pithing Needle', "Activated abilities of sources with the chosen name can't be activated unless they're mana "
                       "abilities.",
     {'kind': 'static', 'cant_activate': {'chosen_name': True, 'zone': 'anywhere'}, 'cant_activate_mana_ok': True}),
    ('Phyrexian Revoker', 'As this creature enters, choose a nonland card name.',
     {'kind': 'replacement', 'replacement': dict(CHOOSE, name_not_types=['Land'])}),
    ('Phyrexian Revoker', "Activated abilities of sources with the chosen name can't be activated.",
     {'kind': 'static', 'cant_activate': {'chosen_name': True, 'zone': 'anywhere'}}),
    ('Meddling Mage', "Spells with the chosen name can't be cast.",
     {'kind': 'static', 'continuous': {'do': [dict(CANT_CAST, players='each')]}}),
    ('Council of the Absolute', 'As this creature enters, choose a noncreature, nonland card name.',
     {'kind': 'replacement', 'replacement': dict(CHOOSE, name_not_types=['Creature', 'Land'])}),
    ('Council of the Absolute', "Your opponents can't cast spells with the chosen name.",
     {'kind': 'static', 'continuous': {'do': [dict(CANT_CAST, players='opponents')]}}),
    ('Council of the Absolute', 'Spells with the chosen name you cast cost {2} less to cast.',
     {'kind': 'static', 'costs': {'reduce': 2, 'spells': {'chosen_name': True, 'controller': 'you'}}}),
    ('Disruptor Flute', 'Spells with the chosen name cost {3} more to cast.',
     {'kind': 'static', 'costs': {'increase': 3, 'spells': {'chosen_name': True}}}),
    ("Skyseer's Chariot", 'Activated abilities of sources with the chosen name cost {2} more to activate.',
     {'kind': 'static', 'costs': {'increase_activated': 2, 'abilities_of': {'chosen_name': True}}}),
    ('Pentarch Paladin', '{W}{W}, {T}: Destroy target permanent of the chosen color.',
     {'kind': 'activated', 'cost': '{W}{W}, {T}', 'effect': 'Destroy target permanent of the chosen color.',
      'targets': [{'what': 'permanent', 'quality': {'chosen_color': True}}], 'one_shot': [{'op': 'destroy'}]}),
    ('Cursed Rack', "The chosen player's maximum hand size is four.",
     {'kind': 'static', 'max_hand_size': {'players': 'chosen', 'set': 4}}),
    ('Iona, Shield of Emeria', "Your opponents can't cast spells of the chosen color.",
     {'kind': 'static', 'continuous': {'do': [{'op': 'player_effect', 'rule': 'cant_cast', 'players': 'opponents',
                                               'spells': {'chosen_color': True}}]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[f"{e[0]}-{i}" for i, e in enumerate(EXAMPLES)])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    # (an activated ability is its cost and its effect as printed: no text of its own, 602.1)
    want = ABILITY.validate_python(expected if expected['kind'] == 'activated' else dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


# near misses: the name chosen by another player, a kind of name the loop doesn't check, a quality no program reads
NOT_READ = [
    "As this enchantment enters, choose a nonbasic land card name.",  # (201.3a: a kind the loop doesn't check)
    "As this creature enters, look at an opponent's hand, then choose any card name.",
    "As this enchantment enters, you and an opponent each choose a card name other than a basic land card name.",
    "Spells with the chosen name can't be cast and lands with the chosen name can't be played.",
    "Spells with the chosen name enchanted player casts cost {2} more to cast.",
    "Activated abilities of sources with the chosen name cost {2} more to activate unless they're mana abilities.",
    "Players can't cast spells of the chosen color.",
    "Creatures you control with the chosen name get +1/+1.",  # (a continuous effect: the layers don't read the name)
    "Spells with the chosen type can't be cast.",
    "Destroy target creature of the chosen color.",  # (a spell: no value chosen as it entered)
    "{1}: Choose a color. Destroy target creature of the chosen color.",  # (chosen after its targets, 601.2c)
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_continuous_effect_refuses_the_chosen_name():
    """201.3: the layers program doesn't read a name chosen: a continuous effect applying to 'the objects with the
    chosen name' is refused by the vocabulary (only the loop's selectors match it)."""
    with pytest.raises(ValueError, match="chosen name"):
        Continuous.model_validate({"applies_to": {"chosen_name": True}, "do": [{"op": "modify_pt", "power": 1,
                                                                                  "toughness": 1}]})


def _play_with_name(lib, value: str):
    """The Meddling Mage game up to the name chosen as it enters, with ``value`` named."""
    state, actions, until = load_game(GAMES / "201-3-meddling-mage-spells-with-the-chosen-name.yaml", lib)
    actions = [a for a in actions if not getattr(a, "as_enters", None)]
    at = next(i for i, a in enumerate(actions) if getattr(a, "cast", None) == "bolt")
    actions.insert(at, gf.AsEnters(as_enters={"card_name": value}, by="alice"))
    return play(state, actions[:at + 1], library=lib, until=until)


def test_nonland_name_refuses_a_land(lib):
    """201.3a: "choose a nonland card name": Forest can't be named (Meddling Mage)."""
    with pytest.raises(GameError, match="201.3a"):
        _play_with_name(lib, "Forest")


def test_opponent_choice_refuses_its_controller(lib):
    """614.12, 102.2: "choose an opponent" (Cursed Rack): its controller is no opponent of theirs."""
    state, actions, until = load_game(GAMES / "402-2-chosen-players-maximum-hand-size.yaml", lib)
    at = next(i for i, a in enumerate(actions) if getattr(a, "as_enters", None))
    actions[at] = gf.AsEnters(as_enters={"player": "alice"}, by="alice")
    with pytest.raises(GameError, match="not an opponent"):
        play(state, actions[:at + 1], library=lib, until=until)


def test_unknown_name_refused(lib):
    """201.3: the name of a card of the Oracle card reference, not an invented one."""
    with pytest.raises(GameError, match="201.3"):
        _play_with_name(lib, "Not A Real Card Name")
