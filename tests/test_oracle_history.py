"""Conditions on what happened this turn (issue 21; engine/vocab/oracle/oneshot_history.py): in an "at the beginning
of" trigger's intervening "if" (603.4) and in "Activate only if [condition]." (602.5b), the vocabulary's Condition
``this_turn`` (508.1 you attacked, 700.4 a creature died [under your control], a permanent left the battlefield under
your control, 119.9-119.10 you gained N or more life, 119.3 an opponent / a player lost [N or more] life, descend from
the current official rules), and the conditions of the statics' grammar the game loop now evaluates on its record of
the turn (``gained_life``, ``drawn``, ``spells_cast``: engine/game/history.py). No static ability has ``this_turn``
but creature_died_yours and you_lost_life (the layers program reads only those: tests/test_oracle_situation.py). The games: tests/data/games/603-4-end-step-if-this-turn-history.yaml,
602-5b-activate-only-if-this-turn-history.yaml, 508-1-end-step-if-you-attacked-this-turn.yaml.

The cards are the card database's, read through engine.files.dbcards.card_file."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.state.model import GameState, Player
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.effects import Continuous
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare
from engine.vocab.selector import Condition
from engine.game import history

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _end(condition, one_shot, whose=None):
    trigger = {"at_beginning_of": "end", **({"whose": whose} if whose else {})}
    return {"kind": "triggered", "trigger": trigger, "if_condition": condition, "one_shot": one_shot}


COUNTER = [{"op": "add_counters", "what": {"self": True}, "counter": "+1/+1", "amount": 1}]
TRIGGERS = [
    ("Bulette", "At the beginning of your end step, if a creature died this turn, put a +1/+1 counter on this creature.",
     {"this_turn": "creature_died"}),
    ("Denethor, Ruling Steward", "At the beginning of your end step, if a creature died under your control this turn, "
                                 "create a 1/1 white Human Soldier creature token.", {"this_turn": "creature_died_yours"}),
    ("Shortcut to Mushrooms", "At the beginning of your end step, if a permanent you controlled left the battlefield "
                              "this turn, put a +1/+1 counter on target creature you control.",
     {"this_turn": "permanent_left_yours"}),
    ("Griffin Aerie", "At the beginning of your end step, if you gained 3 or more life this turn, create a 2/2 white "
                      "Griffin creature token with flying.", {"this_turn": "you_gained_life", "at_least": 3}),
    ("Crested Sunmare", "At the beginning of each end step, if you gained life this turn, create a 5/5 white Horse "
                        "creature token.", {"gained_life": "you"}),
    ("Savage Gorger", "At the beginning of your end step, if an opponent lost life this turn, put a +1/+1 counter on "
                      "this creature.", {"this_turn": "opponent_lost_life"}),
    ("Knight of the Ebon Legion", "At the beginning of your end step, if a player lost 4 or more life this turn, put a "
                                  "+1/+1 counter on this creature.",
     {"this_turn": "player_lost_life", "at_least": 4}),
    ("Stalactite Stalker", "At the beginning of your end step, if you descended this turn, put a +1/+1 counter on this "
                           "creature.",
     {"this_turn": "you_descended"}),
    ("Trynn, Champion of Freedom", "At the beginning of your end step, if you attacked this turn, create a 1/1 white "
                                   "Human Soldier creature token.", {"this_turn": "you_attacked"}),
]


@pytest.mark.parametrize("name, paragraph, condition", [t for t in TRIGGERS if t[1]],
                         ids=[t[0] for t in TRIGGERS if t[1]])
def test_intervening_if_compiles(db, lib, name, paragraph, condition):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    found = [a for a in card_file(record).abilities if a.kind == "triggered" and paragraph.startswith(a.text)]
    assert len(found) == 1 and executable_by(found[0]) is not None
    got = found[0].model_dump(exclude_defaults=True, by_alias=True)
    assert got["if_condition"] == condition and got["trigger"]["at_beginning_of"] == "end"


READ = [
    ("{1}{B}, {T}: Each opponent loses 2 life. Activate only if a creature died this turn.",
     {"this_turn": "creature_died"}),  # Caged Zombie
    ("{1}{R}, Discard a card, Sacrifice a Vampire: Draw two cards. Activate only if an opponent lost life this turn.",
     {"this_turn": "opponent_lost_life"}),  # Falkenrath Pit Fighter
    ("{T}: Create a 2/2 white and blue Knight creature token with vigilance. Activate only if you've cast two or more "
     "spells this turn.", {"spells_cast": "you", "at_least": 2}),  # Xerex Strobe-Knight
    ("{T}: Draw a card. Activate only if you gained life this turn.", {"gained_life": "you"}),
    ("{T}: Draw a card. Activate only if two or more creatures died this turn.",
     {"this_turn": "creature_died", "at_least": 2}),
    ("{T}: Draw a card. Activate only if an opponent lost 3 or more life this turn and only once each turn.",
     {"this_turn": "opponent_lost_life", "at_least": 3}),
    ("{1}: Draw a card. Activate only once each turn and only if a creature died this turn.",  # (a join, 602.5b)
     {"this_turn": "creature_died"}),
    ("{T}: Draw a card. Activate only if a permanent you controlled left the battlefield this turn.",
     {"this_turn": "permanent_left_yours"}),
    ("{T}: Draw a card. Activate only if you've drawn two or more cards this turn.", {"drawn": "you", "at_least": 2}),
    ("{T}: Draw a card. Activate only if you haven't cast a spell this turn.",
     {"spells_cast": "you", "at_least": 0, "at_most": 0}),
]


@pytest.mark.parametrize("paragraph, condition", READ, ids=[r[0] for r in READ])
def test_activate_only_if_read(paragraph, condition):
    found = oneshot.read(bare(paragraph, ""))
    assert found is not None and found[0]["activate_if"] == condition


# near misses: each must NOT compile (another player's or another object's history, an event trigger's intervening
# "if" (603.4: another part of the grammar), a condition the loop doesn't record, words left over)
NOT_READ = [
    "At the beginning of your end step, if an opponent attacked this turn, draw a card.",
    "At the beginning of your end step, if an artifact died this turn, draw a card.",
    "At the beginning of your end step, if a creature died under an opponent's control this turn, draw a card.",
    "At the beginning of your end step, if an opponent gained life this turn, draw a card.",
    "At the beginning of your end step, if you lost life this turn, draw a card.",
    "At the beginning of your end step, if an opponent descended this turn, draw a card.",
    "At the beginning of your end step, if you attacked with three or more creatures this turn, draw a card.",
    "At the beginning of your end step, if this creature attacked this turn, draw a card.",
    "At the beginning of your end step, if a creature died this turn draw a card.",  # no comma
    "When this creature enters, if an opponent attacked this turn, draw a card.",  # another player's history
    "{T}: Draw a card. Activate only if a nonland permanent left the battlefield this turn.",
    "{T}: Draw a card. Activate only if you gained life this turn or a creature died this turn.",
    "{T}: Draw a card. Activate only if you gained life last turn.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_no_static_ability_has_it():
    """The layers program doesn't read this_turn (but creature_died_yours, you_lost_life): a continuous effect with it is
    refused, and the statics' grammar doesn't read these conditions ("as long as a creature died this turn")."""
    with pytest.raises(ValueError):
        Continuous.model_validate({"if": {"this_turn": "creature_died"}, "do": [{"op": "modify_pt", "power": 1,
                                                                                 "toughness": 1}]})
    assert compile_paragraph("This creature gets +2/+2 as long as a creature died this turn.", "Foo") is None
    with pytest.raises(ValueError):  # no number for "you attacked this turn"
        Condition.model_validate({"this_turn": "you_attacked", "at_least": 2})


def test_history_numbers():
    """engine/game/history.py: the record's numbers, each opponent on their own (102.2), life in all (119.9-119.10)."""
    st = GameState(players=[Player(name=n, seat=i, life=20) for i, n in enumerate(("alice", "bob", "carol"))], active="alice")
    history.life_changed(st, "bob", -1, 2)
    history.life_changed(st, "carol", -1, 2)
    history.life_changed(st, "alice", 1, 2)
    history.life_changed(st, "alice", 1, 1)
    lost = Condition(this_turn="opponent_lost_life", at_least=3)
    assert history.numbers(st, lost, "alice") == [2, 2]  # 4 in all, but no one opponent lost 3
    assert history.numbers(st, Condition(this_turn="you_gained_life", at_least=3), "alice") == [3]
    assert history.numbers(st, Condition(gained_life="you"), "bob") == [0]
    st.died += ["bob", "bob"]
    assert history.numbers(st, Condition(this_turn="creature_died_yours"), "alice") == [0]
    assert history.numbers(st, Condition(this_turn="creature_died", at_least=2), "alice") == [2]
