"""Family 5: values chosen as a spell or ability resolves, passed on to its later instructions (608.2c, 608.2d; issue
21; engine/vocab/oracle/chosen_values.lark and chosen_values.py, the loop's engine/game/chosen_values.py): "Choose a
creature type." / "Choose a color." read by a one-shot instruction after it ("Draw a card for each permanent you control
of that type.", "~ deals X damage to each creature of the chosen color."), counted groups "of the chosen type", "Choose a
creature type other than Wall." (205.3m: choose_value other_than), "[object] becomes that type until end of turn."; a
card chosen from a revealed hand with a mana value bound (701.20a, 202.3: "You choose a nonland card from it with mana
value 3 or less."); "that player" after an instruction on the ability's one target player (608.2c: that target).

The cards are the card database's (engine.files.dbcards.card_file); each example asserts the database's paragraph first.
The games that execute them: tests/data/games/608-2c-chosen-type-read-by-later-instructions.yaml (Distant Melody, Roar
of the Crowd, Pack's Disdain), 608-2c-sudden-demise-chosen-color.yaml, 608-2c-standardize-mistform-mutant-that-type.yaml,
701-20a-inquisition-mana-value-bound.yaml, 701-20a-night-terrors-exile-that-card.yaml,
608-2c-that-player-the-target-player.yaml (test_games.py); the refusals of a wrong answer below.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
CHOOSE_TYPE = {'op': 'choose_value', 'choice': 'creature_type'}
OF_TYPE_YOURS = {'count': {'controller': 'you', 'chosen_creature_type': True}}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Distant Melody', 'Choose a creature type. Draw a card for each permanent you control of that type.',
     {'kind': 'spell', 'one_shot': [CHOOSE_TYPE, {'op': 'draw', 'amount': dict(OF_TYPE_YOURS, times=1), 'who': 'you'}]}),
    ('Luminescent Rain', 'Choose a creature type. You gain 2 life for each permanent you control of that type.',
     {'kind': 'spell', 'one_shot': [CHOOSE_TYPE, {'op': 'gain_life', 'amount': dict(OF_TYPE_YOURS, times=2)}]}),
    ('Sudden Demise', 'Choose a color. Sudden Demise deals X damage to each creature of the chosen color.',
     {'kind': 'spell', 'one_shot': [{'op': 'choose_value', 'choice': 'color'}, {
         'op': 'damage', 'amount': 'x', 'to': 'each', 'each': {'types': ['Creature'], 'chosen_color': True}}]}),
    ('Roar of the Crowd', 'Choose a creature type. Roar of the Crowd deals damage to any target equal to the number of '
                          'permanents you control of the chosen type.',
     {'kind': 'spell', 'targets': [{'what': 'any'}], 'one_shot': [CHOOSE_TYPE, {'op': 'damage', 'amount': OF_TYPE_YOURS}]}),
    ("Pack's Disdain", 'Choose a creature type. Target creature gets -1/-1 until end of turn for each permanent of the '
                       'chosen type you control.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}], 'one_shot': [CHOOSE_TYPE], 'continuous': {'do': [{
         'op': 'modify_pt', 'power': dict(OF_TYPE_YOURS, times=-1), 'toughness': dict(OF_TYPE_YOURS, times=-1)}]}}),
    ('Standardize', 'Choose a creature type other than Wall. Each creature becomes that type until end of turn.',
     {'kind': 'spell', 'one_shot': [dict(CHOOSE_TYPE, other_than='Wall')], 'continuous': {
         'applies_to': {'types': ['Creature']}, 'do': [{'op': 'set_creature_types', 'chosen': True}]}}),
    ('Inquisition of Kozilek', 'Target player reveals their hand. You choose a nonland card from it with mana value 3 or '
                               'less. That player discards that card.',
     {'kind': 'spell', 'targets': [{'what': 'player'}], 'one_shot': [{
         'op': 'discard_chosen', 'who': 'target', 'not_types': ['Land'], 'mana_value_at_most': 3}]}),
    ('Transgress the Mind', 'Target player reveals their hand. You choose a card from it with mana value 3 or greater '
                            'and exile that card.',
     {'kind': 'spell', 'targets': [{'what': 'player'}], 'one_shot': [{
         'op': 'exile_chosen', 'who': 'target', 'mana_value_at_least': 3}]}),
    ('Night Terrors', 'Target player reveals their hand. You choose a nonland card from it. Exile that card.',
     {'kind': 'spell', 'targets': [{'what': 'player'}], 'one_shot': [{
         'op': 'exile_chosen', 'who': 'target', 'not_types': ['Land']}]}),
    ("Ozai's Cruelty", "Ozai's Cruelty deals 2 damage to target player. That player discards two cards.",
     {'kind': 'spell', 'targets': [{'what': 'player'}], 'one_shot': [{'op': 'damage', 'amount': 2}, {
         'op': 'discard', 'amount': 2, 'who': 'target'}]}),
    ('Diplomacy of the Wastes', 'Target opponent reveals their hand. You choose a nonland card from it. That player '
                                'discards that card. If you control a Warrior, that player loses 2 life.',
     {'kind': 'spell', 'targets': [{'what': 'player', 'controller': 'opponent'}], 'one_shot': [
         {'op': 'discard_chosen', 'who': 'target', 'not_types': ['Land']},
         {'op': 'if', 'condition': {'count': {'subtypes': ['Warrior'], 'controller': 'you'}, 'at_least': 1},
          'one_shot': [{'op': 'lose_life', 'amount': 2, 'who': 'target'}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_activated_other_than_wall(db, lib):  # noqa: F811
    """Mistform Mutant: "{1}{U}: Choose a creature type other than Wall. Target creature becomes that type until end of
    turn." (the target's creature types replaced by the one chosen, layer 4)."""
    paragraph = '{1}{U}: Choose a creature type other than Wall. Target creature becomes that type until end of turn.'
    record = database_record(db, lib, 'Mistform Mutant', paragraph)
    [ab] = [a for a in card_file(record).abilities if getattr(a, 'effect', None) == paragraph.split(': ', 1)[1]]
    dump = ab.model_dump(exclude_defaults=True)
    assert dump['one_shot'] == [dict(CHOOSE_TYPE, other_than='Wall')] and dump['targets'] == [{'what': 'creature'}]
    assert dump['continuous'] == {'do': [{'op': 'set_creature_types', 'chosen': True}]}
    assert executable_by(ab) is not None


# near misses: a value read where none was chosen as it resolves, or before it, or of another kind
NOT_READ = [
    "Draw a card for each creature of the chosen type you control.",  # (a spell: no value chosen for it)
    "Draw a card for each permanent you control of that type.",
    "Target creature becomes that type until end of turn.",
    "Choose a color. Draw a card for each permanent you control of that type.",
    "Choose a color. Destroy all creatures of the chosen type.",
    "Draw a card for each permanent you control of that type. Choose a creature type.",
    "Choose a creature type other than Forest. Target creature becomes that type until end of turn.",  # (no creature type)
    "Choose a creature type. Draw a card.",  # (nothing reads it)
    "Target player reveals their hand. You choose a nonland card from it with power 3 or less. That player discards that card.",
    "You choose a nonland card from it with mana value 3 or less. That player discards that card.",  # (no hand revealed)
    "Target player reveals their hand. You choose a nonland card from it with mana value 3 or less.",  # (then nothing)
    "Target player reveals their hand. Exile that card.",  # (no card chosen)
    "Exile that card.",
    # "that player": the one target player only (not of two targets, nor of a trigger on another player's event)
    "Target player and target opponent each lose 1 life. That player discards a card.",
    "That player discards a card.",
    "Whenever an opponent draws a card, target player loses 1 life. That player discards a card.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


GAME = """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{U}{U}{B}"}
battlefield:
  - {card: Mistform Mutant, controller: alice, id: mutant}
hand:
  alice: [{card: Inquisition of Kozilek, id: inquisition}]
  bob: [{card: Lightning Bolt, id: bolt}, {card: Hill Giant, id: giant}, {card: Forest, id: forest}]
actions:
  - %s
  - {pass: true}
  - {pass: true}
  - %s
until: {turn: 1, step: beginning_of_combat}
"""


@pytest.mark.parametrize("act, answer, rule", [
    ("{activate: mutant, ability: 1, targets: [mutant]}", "{choice: {creature_type: Wall}, by: alice}", "205.3m"),
    ("{cast: inquisition, targets: [bob]}", "{discard: [giant], by: alice}", "701.9a"),  # (mana value 4: not 3 or less)
    ("{cast: inquisition, targets: [bob]}", "{discard: [forest], by: alice}", "701.9a"),  # (a land)
])
def test_wrong_answer_refused(lib, tmp_path, act, answer, rule):
    """205.3m: "other than Wall": Wall can't be chosen; 202.3, 701.20a: a card of mana value 4, or a land, isn't one
    Inquisition of Kozilek lets its controller choose."""
    from engine.files.gamefile import load_game
    from engine.game import GameError, play

    path = tmp_path / "game.yaml"
    path.write_text(GAME % (act, answer), encoding="utf-8")
    state, actions, until = load_game(path, lib)
    with pytest.raises(GameError, match=rule):
        play(state, actions, library=lib, until=until)
    path.write_text(GAME % (act, answer.replace("Wall", "Goblin").replace("giant", "bolt").replace("forest", "bolt")),
                    encoding="utf-8")
    state, actions, until = load_game(path, lib)
    result = play(state, actions, library=lib, until=until)
    st = result.state
    if "mutant" in act:  # (the Mutant a Goblin until end of turn, layer 4: the game file 608-2c-standardize-...)
        assert any("chooses Goblin (creature type)" in str(e) for e in result.log)
    else:
        assert st.zone_ids("graveyard", "bob") == ["bolt"]
