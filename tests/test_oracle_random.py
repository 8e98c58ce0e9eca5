"""Family 5's randomness as a spell or ability resolves (engine/vocab/oracle/oneshot_random.lark, reader
engine/vocab/oracle/oneshot_random.py; the vocabulary engine/vocab/oneshot_random.py; the loop engine/game/random_ops.py):
"Flip a coin. If you win the flip, ... If you lose the flip, ..." (705.1, the current official rules) -> {op: flip_coin,
one_shot, otherwise}; "Clash with an opponent. If you win, ..." (701.30a-d) -> {op: clash, one_shot}.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/705-1-mana-crypt-loses-the-flip.yaml,
705-1-mana-crypt-wins-the-flip.yaml, 705-1-goblin-archaeologist-flips-for-its-target.yaml,
701-30-research-the-deep-wins-the-clash.yaml, 701-30d-adder-staff-boggart-ties-the-clash.yaml; below, the results drawn
at random (the same game file, the same log) and the game file's results that are input errors (exit 2).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record, play_json  # noqa: F401 (the fixture)
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


# near misses: a branch with nothing to join, a flip without a branch, another player's flip, "you may flip"
NOT_READ = [
    "Flip a coin.",
    "Draw a card. If you win the flip, draw a card.",
    "Clash with an opponent. If you win the flip, draw a card.",
    "Flip a coin. If you win, draw a card.",
    "Flip a coin. Draw a card. If you win the flip, draw a card.",
    "Flip a coin. If you win the flip, draw a card. If you win the flip, draw a card.",
    "Target player flips a coin. If that player wins the flip, draw a card.",
    "At the beginning of your upkeep, you may flip a coin. If you win the flip, draw a card.",
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
