"""Family 5's randomness as a spell or ability resolves (engine/vocab/oracle/oneshot_random.lark, reader
engine/vocab/oracle/oneshot_random.py; the vocabulary engine/vocab/oneshot_random.py; the loop engine/game/random_ops.py):
"Flip a coin. If you win the flip, ... If you lose the flip, ..." (705.1, the current official rules) -> {op: flip_coin,
one_shot, otherwise}; "Clash with an opponent. If you win, ..." (701.30a-d) -> {op: clash, one_shot}; "Roll a d20." and
the rows of its results table, paragraphs of their own joined to it (706, engine/vocab/oracle/dietable.py) -> {op:
roll_die, sides, results}; "Roll a six-sided die. Create a number of ... equal to the result." -> {op: roll_die, sides}
and the amount {rolled: result} of the instruction after it.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/705-1-mana-crypt-loses-the-flip.yaml,
705-1-mana-crypt-wins-the-flip.yaml, 705-1-goblin-archaeologist-flips-for-its-target.yaml,
701-30-research-the-deep-wins-the-clash.yaml, 701-30d-adder-staff-boggart-ties-the-clash.yaml,
706-sylvan-shepherd-rolls-a-d20.yaml, 706-herald-of-hadar-rolls-a-d20.yaml,
706-box-of-free-range-goblins-equal-to-the-result.yaml; below, the results drawn
at random (the same game file, the same log) and the game file's results that are input errors (exit 2).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record, play_json, printed_paragraphs  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph

ABILITY = TypeAdapter(Ability)
SELF_COUNTER = {'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Mana Crypt',
     'At the beginning of your upkeep, flip a coin. If you lose the flip, this artifact deals 3 damage to you.',
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'upkeep'},
      'one_shot': [{'op': 'flip_coin', 'otherwise': [{'op': 'damage', 'amount': 3, 'to': 'you'}]}]}),
    ('Stitch in Time', 'Flip a coin. If you win the flip, take an extra turn after this one.',
     {'kind': 'spell', 'one_shot': [{'op': 'flip_coin', 'one_shot': [{'op': 'extra_turn'}]}]}),
    ('Puppet\'s Verdict',
     'Flip a coin. If you win the flip, destroy all creatures with power 2 or less. If you lose the flip, destroy all '
     'creatures with power 3 or greater.',
     {'kind': 'spell', 'one_shot': [{'op': 'flip_coin',
                                     'one_shot': [{'op': 'destroy', 'what': 'each',
                                                   'each': {'types': ['Creature'], 'power_at_most': 2}}],
                                     'otherwise': [{'op': 'destroy', 'what': 'each',
                                                    'each': {'types': ['Creature'], 'power_at_least': 3}}]}]}),
    ('Skyclaw Thrash',
     'Whenever this creature attacks, flip a coin. If you win the flip, this creature gets +1/+1 and gains flying until '
     'end of turn.',
     {'kind': 'triggered', 'trigger': {'event': 'attacks'},
      'one_shot': [{'op': 'flip_coin', 'one_shot': [{'op': 'create_effect'}]}],
      'continuous': {'applies_to': {'self': True},
                     'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 1},
                            {'op': 'add_abilities', 'abilities': [{'keyword': 'flying'}]}]}}),
    ('Adder-Staff Boggart',
     'When this creature enters, clash with an opponent. If you win, put a +1/+1 counter on this creature.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'one_shot': [{'op': 'clash', 'one_shot': [SELF_COUNTER]}]}),
    ('Research the Deep',
     'Draw a card. Clash with an opponent. If you win, return Research the Deep to its owner\'s hand.',
     {'kind': 'spell', 'one_shot': [{'op': 'draw', 'amount': 1},
                                    {'op': 'clash', 'one_shot': [{'op': 'return_to_hand', 'what': 'self'}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_goblin_archaeologist_targets_of_both_branches(db, lib):  # noqa: F811
    """601.2c: the target of the won flip's instruction is chosen as the ability is activated, the sacrifice of the
    lost one names the source."""
    paragraph = ('{R}, {T}: Flip a coin. If you win the flip, destroy target artifact and untap this creature. If you '
                 'lose the flip, sacrifice this creature.')
    record = database_record(db, lib, 'Goblin Archaeologist', paragraph)
    [ab] = [a for a in card_file(record).abilities if a.kind == "activated"]
    assert [t.model_dump(exclude_defaults=True) for t in ab.targets] == [{'what': 'permanent', 'types': ['Artifact']}]
    [flip] = ab.one_shot
    assert [op.op for op in flip.one_shot] == ["destroy", "untap"] and [op.op for op in flip.otherwise] == ["sacrifice"]


def test_you_may_flip_a_coin():
    """608.2d, 705.1: "you may flip a coin. If you win the flip, ...": the branch is the flip's inside the may (nothing
    happens if its controller doesn't flip)."""
    from engine.vocab.oracle import oneshot
    from engine.vocab.oracle.objects import bare

    [ab] = oneshot.read(bare("At the beginning of your upkeep, you may flip a coin. If you win the flip, draw a card.", ""))
    assert ab["one_shot"] == [{"op": "may", "one_shot": [{"op": "flip_coin",
                                                          "one_shot": [{"op": "draw", "amount": 1, "who": "you"}]}]}]


# near misses: a branch with nothing to join, a flip without a branch, another player's flip, a branch after a may
NOT_READ = [
    "Flip a coin.",
    "Draw a card. If you win the flip, draw a card.",
    "Clash with an opponent. If you win the flip, draw a card.",
    "Flip a coin. If you win, draw a card.",
    "Flip a coin. Draw a card. If you win the flip, draw a card.",
    "Flip a coin. If you win the flip, draw a card. If you win the flip, draw a card.",
    "Target player flips a coin. If that player wins the flip, draw a card.",
    "You may draw a card. If you win the flip, draw a card.",
    "Clash with an opponent. If you win, draw a card. Otherwise, discard a card.",
    "Whenever this creature deals combat damage to a creature, flip a coin. If you win the flip, destroy that creature.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph) is None  # (a flip with no branch: the vocabulary refuses it, 705.1)


RANDOM_GAME = """
players: [alice, bob]
active: alice
step: untap
battlefield:
  - {card: Mana Crypt, controller: alice, id: crypt}
library:
  alice: [{card: Plains}, {card: Plains}, {card: Plains}, {card: Plains}, {card: Plains}]
  bob: [{card: Forest}, {card: Forest}, {card: Forest}, {card: Forest}, {card: Forest}]
until: {turn: 9, step: draw}
"""


def test_flips_at_random_are_the_same_each_time(run, tmp_path):
    """705.1: a flip the game file doesn't fix is drawn at random, seeded by the game: the same file, the same log;
    each flip is logged with its result, and a lost one deals the damage."""
    logs = [play_json(run, tmp_path, RANDOM_GAME)["log"] for _ in range(2)]
    assert logs[0] == logs[1]
    flips = [e["text"] for e in logs[0] if e["rule"] == "705.1"]
    assert len(flips) == 5 and all("at random" in f for f in flips)  # alice's upkeeps of turns 1, 3, 5, 7, 9
    lost = sum("loses the flip" in f for f in flips)
    assert sum(e["rule"] == "120.3a" and "deals 3 damage to alice" in e["text"] for e in logs[0]) == lost


@pytest.mark.parametrize("action, says", [
    ("{flip: maybe, by: alice}", "flip"),
    ("{clash: carol, by: alice}", "carol"),
])
def test_bad_result_is_an_input_error(run, tmp_path, action, says):
    """A result the game file fixes that can't be one (a flip is won or lost; a clash is with a player): exit 2."""
    path = tmp_path / "game.yaml"
    path.write_text(RANDOM_GAME + f"actions:\n  - {action}\n", encoding="utf-8")
    r = run("play", path)
    assert r.code == 2 and says in r.err, r.err


def test_clash_with_a_player_who_is_not_an_opponent(run, tmp_path):
    """701.30b: the player a clash is with is an opponent: naming oneself stops the game (exit 2)."""
    path = tmp_path / "game.yaml"
    path.write_text("""
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice, id: i1}
  - {card: Island, controller: alice, id: i2}
hand:
  alice: [{card: Research the Deep, id: research}]
library:
  alice: [{card: Plains, id: a1}, {card: Hill Giant, id: giant}]
  bob: [{card: Forest, id: b1}]
actions:
  - {cast: research, tap: [i1, i2]}
  - {pass: true}
  - {pass: true}
  - {clash: alice, by: alice}
""", encoding="utf-8")
    r = run("play", path)
    assert r.code == 2 and "701.30b" in r.err, r.err


def _row(low, high, *ops):
    return {'low': low, 'high': high, 'one_shot': list(ops)}


GAIN = {'op': 'gain_life', 'amount': 2}
TABLES = [
    ('Sylvan Shepherd',
     ['Whenever this creature attacks, roll a d20.', '1—9 | You gain 1 life.', '10—19 | You gain 2 life.',
      '20 | You gain 5 life.'],
     {'kind': 'triggered', 'trigger': {'event': 'attacks'},
      'one_shot': [{'op': 'roll_die', 'sides': 20, 'results': [_row(1, 9, dict(GAIN, amount=1)), _row(10, 19, GAIN),
                                                               _row(20, 20, dict(GAIN, amount=5))]}]}),
    ('Herald of Hadar',
     ['Circle of Death — {5}{B}: Roll a d20.', '1—9 | Each opponent loses 2 life.', '10—19 | Each opponent loses 2 life and you gain 2 life.',
      '20 | Each opponent loses 2 life and you gain 2 life. Create two Treasure tokens.'],
     {'kind': 'activated', 'cost': '{5}{B}',
      'one_shot': [{'op': 'roll_die', 'sides': 20, 'results': [
          _row(1, 9, {'op': 'lose_life', 'amount': 2}),
          _row(10, 19, {'op': 'lose_life', 'amount': 2}, GAIN),
          _row(20, 20, {'op': 'lose_life', 'amount': 2}, GAIN, {'op': 'create_token', 'token': 'Treasure', 'amount': 2})]}]}),
    ('Contact Other Plane',
     ['Roll a d20.', '1—9 | Draw two cards.', '10—19 | Scry 2, then draw two cards.', '20 | Scry 3, then draw three cards.'],
     {'kind': 'spell', 'one_shot': [{'op': 'roll_die', 'sides': 20, 'results': [
         _row(1, 9, {'op': 'draw', 'amount': 2}), _row(10, 19, {'op': 'scry', 'amount': 2}, {'op': 'draw', 'amount': 2}),
         _row(20, 20, {'op': 'scry', 'amount': 3}, {'op': 'draw', 'amount': 3})]}]}),
]


@pytest.mark.parametrize("name, paragraphs, expected", TABLES, ids=[e[0] for e in TABLES])
def test_results_table_is_one_ability(db, lib, name, paragraphs, expected):  # noqa: F811
    """706: the paragraph that rolls and the rows of its table (each a paragraph of the database's text) are one
    ability, its text theirs joined."""
    record = database_record(db, lib, name, paragraphs[0])
    for row in paragraphs[1:]:
        assert row in printed_paragraphs(record)
    text = " ".join(paragraphs)
    fields = dict(expected, text=text) if expected['kind'] != 'activated' else dict(
        expected, effect=text.partition(": ")[2])
    want = ABILITY.validate_python(fields)
    abilities = card_file(record).abilities
    assert want in abilities and executable_by(want) is not None
    assert not any(a.display().startswith(("1—9 |", "10—19 |", "20 |")) for a in abilities)  # (the rows are in it)


def test_table_with_a_row_not_read_leaves_all_unread(db, lib):  # noqa: F811
    """Never half-read: Arcane Investigator's row "10—20 | Look at the top three cards of your library. Put one of them
    into your hand and the rest on the bottom of your library in any order." is not read in a table: neither the roll
    nor any row is executable."""
    record = database_record(db, lib, 'Arcane Investigator', 'Search the Room — {5}{U}: Roll a d20.')
    abilities = card_file(record).abilities
    assert [a.display() for a in abilities][1:2] == ['1—9 | Draw a card.'] and len(abilities) == 3
    assert all(executable_by(a) is None for a in abilities)


# near misses of tables: the rows must cover 1 to N in order, without targets; a roll alone, a row alone
NOT_READ_TABLES = [
    "Roll a d20.",
    "1—9 | Draw a card.",
    "Roll a d20. 1—9 | Draw a card. 10—19 | Draw two cards.",  # (20 missing)
    "Roll a d20. 1—9 | Draw a card. 11—20 | Draw two cards.",  # (10 missing)
    "Roll a d20. 10—20 | Draw two cards. 1—9 | Draw a card.",  # (not in order)
    "Roll a d6. 1—9 | Draw a card. 10—20 | Draw two cards.",  # (a d6 can't show 7 to 20)
    "Roll a d20. 1—9 | Draw a card. 10—20 | Destroy target creature.",  # (a row's target)
    "Roll a d20. 1—9 | Draw a card. 10—20 | Target creature gets +2/+2 until end of turn.",
    "Draw a card. 1—20 | Draw a card.",
]


@pytest.mark.parametrize("paragraph", NOT_READ_TABLES)
def test_table_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


SHEPHERD = """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Sylvan Shepherd, controller: alice, id: shepherd}
actions:
  - {attack: {shepherd: bob}}
  - {pass: true}
  - {pass: true}
"""


@pytest.mark.parametrize("roll, says", [(21, "706"), (0, "roll")])
def test_a_roll_the_die_cant_show_is_an_error(run, tmp_path, roll, says):
    """706: a d20 shows 1 to 20: a game file's 21 stops the game as the roll is made, a 0 is refused as the file is
    read; both exit 2."""
    path = tmp_path / "game.yaml"
    path.write_text(SHEPHERD + f"  - {{roll: {roll}, by: alice}}\n", encoding="utf-8")
    r = run("play", path)
    assert r.code == 2 and says in r.err, r.err


def test_rolls_at_random_are_the_same_each_time(run, tmp_path):
    """706: a roll the game file doesn't fix is drawn at random (1 to 20), seeded by the game; its row happens."""
    logs = [play_json(run, tmp_path, SHEPHERD)["log"] for _ in range(2)]
    assert logs[0] == logs[1]
    [rolled] = [e["text"] for e in logs[0] if e["rule"] == "706"]
    result = int(rolled.rpartition(": ")[2].split()[0])
    gained = 1 if result <= 9 else 2 if result <= 19 else 5
    assert any(e["rule"] == "119.3" and f"alice gains {gained} life" in e["text"] for e in logs[0])


RESULT_EXAMPLES = [
    ('Ancient Copper Dragon',
     'Whenever this creature deals combat damage to a player, roll a d20. You create a number of Treasure tokens equal '
     'to the result.',
     {'kind': 'triggered', 'trigger': {'event': 'deals_damage', 'combat': True, 'to_player': True},
      'one_shot': [{'op': 'roll_die', 'sides': 20},
                   {'op': 'create_token', 'token': 'Treasure', 'amount': {'rolled': 'result'}}]}),
    ('Box of Free-Range Goblins',
     'Roll a six-sided die. Create a number of 1/1 red Goblin creature tokens equal to the result.',
     {'kind': 'spell', 'one_shot': [{'op': 'roll_die', 'sides': 6},
                                    {'op': 'create_token', 'token': 'Goblin', 'amount': {'rolled': 'result'}}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", RESULT_EXAMPLES, ids=[e[0] for e in RESULT_EXAMPLES])
def test_equal_to_the_result(db, lib, name, paragraph, expected):  # noqa: F811
    test_database_card_compiles(db, lib, name, paragraph, expected)


# near misses: "the result" of no roll just before, a roll nothing reads, a die the vocabulary doesn't know
NOT_READ_RESULT = [
    "Draw cards equal to the result.",
    "Roll a d20. Draw a card. You gain life equal to the result.",
    "Roll a six-sided die. Draw a card.",
    "Roll a d20 and add 2. Draw cards equal to the result.",
    "Roll a seven-sided die. Draw cards equal to the result.",
    "Roll two six-sided dice. Draw cards equal to the result.",
]


@pytest.mark.parametrize("paragraph", NOT_READ_RESULT)
def test_result_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_a_d6_shows_1_to_6(run, tmp_path):
    """706: the game file's {roll: 7} for a six-sided die stops the game (exit 2)."""
    path = tmp_path / "game.yaml"
    text = (Path(__file__).parent / "data" / "games" / "706-box-of-free-range-goblins-equal-to-the-result.yaml").read_text(
        encoding="utf-8").replace("{roll: 4, by: alice}", "{roll: 7, by: alice}")
    path.write_text(text, encoding="utf-8")
    r = run("play", path)
    assert r.code == 2 and "d6" in r.err, r.err
