"""Modal abilities beyond "choose one —" of a spell or triggered ability (700.2; engine/vocab/oracle/modal.lark, reader
engine/vocab/oracle/oneshot_modal.py, vocabulary engine/vocab/modes.py; the loop: engine/game/modal.py):

- a triggered ability's "choose up to one —" (no mode or one; none: removed from the stack, 603.3c), "choose one that
  hasn't been chosen [this turn] —" (a mode not chosen before for this ability of this object, 400.7), "choose one at
  random —" (drawn by the loop, no player's choice);
- a modal activated ability, "[cost]: Choose one —", "[cost]: Choose one that hasn't been chosen —" (700.2a: its modes
  announced as it is activated, the action's ``modes``; its targets its chosen modes').

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/700-2-mode-not-chosen-this-turn.yaml,
700-2-choose-up-to-one-mode.yaml, 700-2-choose-one-at-random.yaml, 700-2a-modal-activated-mode-not-chosen-before.yaml
(test_games.py), and the refusals below.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph

ABILITY = TypeAdapter(Ability)
OTHER_CREATURE = {'types': ['Creature'], 'controller': 'you', 'other': True}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Gala Greeters',
     "Alliance — Whenever another creature you control enters, choose one that hasn't been chosen this turn —",
     {'kind': 'triggered', 'trigger': {'event': 'enters', 'subjects': OTHER_CREATURE}, 'modes': {'unchosen': 'this_turn'}}),
    ('Kimoyo Beads',
     "At the beginning of your end step, choose one that hasn't been chosen —",
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'end'}, 'modes': {'unchosen': 'ever'}}),
    ('Dreamshackle Geist',
     'At the beginning of combat on your turn, choose up to one —',
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'beginning_of_combat'}, 'modes': {'up_to': True}}),
    ('Umaro, Raging Yeti',
     'At the beginning of combat on your turn, choose one at random —',
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'beginning_of_combat'}, 'modes': {'at_random': True}}),
    ('Cankerbloom',
     '{1}, Sacrifice this creature: Choose one —',
     {'kind': 'activated', 'cost': '{1}, Sacrifice this creature', 'effect': 'Choose one —', 'modes': {}}),
    ('Three Bowls of Porridge',
     "{2}, {T}: Choose one that hasn't been chosen —",
     {'kind': 'activated', 'cost': '{2}, {T}', 'effect': "Choose one that hasn't been chosen —",
      'modes': {'unchosen': 'ever'}}),
    ('Rankle, Master of Pranks',
     'Whenever Rankle deals combat damage to a player, choose any number —',
     {'kind': 'triggered', 'trigger': {'event': 'deals_damage', 'combat': True, 'to_player': True},
      'modes': {'any_number': True}}),
    ('Fiery Confluence',
     'Choose three. You may choose the same mode more than once.',
     {'kind': 'spell', 'modes': {'number': 3, 'repeat': True}}),
    ('Flame of Anor',
     'Choose one. If you control a Wizard as you cast this spell, you may choose two instead.',
     {'kind': 'spell', 'modes': {'more_if': {'count': {'subtypes': ['Wizard'], 'controller': 'you'}, 'at_least': 1},
                                 'more': 2}}),
]

# the qualities and instructions the modes above needed, read wherever they are (not only in a mode)
ONE_SHOTS = [
    ('Final-Sting Faerie',
     'When this creature enters, destroy target creature that was dealt damage this turn.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'}, 'targets': [{'what': 'creature', 'dealt_damage': True}],
      'one_shot': [{'op': 'destroy'}]}),
    ('Fathom Fleet Cutthroat',
     'When this creature enters, destroy target creature an opponent controls that was dealt damage this turn.',
     {'kind': 'triggered', 'trigger': {'event': 'enters'},
      'targets': [{'what': 'creature', 'controller': 'opponent', 'dealt_damage': True}], 'one_shot': [{'op': 'destroy'}]}),
    ('Diminish',
     'Target creature has base power and toughness 1/1 until end of turn.',
     {'kind': 'spell', 'targets': [{'what': 'creature'}],
      'continuous': {'do': [{'op': 'set_base_pt', 'power': 1, 'toughness': 1}]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph) if expected['kind'] != 'activated' else expected)
    abilities = card_file(record).abilities
    assert want in abilities
    assert executable_by(want) is not None
    # its modes: the bullets after it, each one `mode` (a spell's: `spell`) ability the loop executes (never half-read)
    k = abilities.index(want)
    modes = [a for a in abilities[k + 1:] if a.kind == 'mode' or a.kind == 'spell' and a.text.startswith('•')]
    assert len(modes) >= 2 and all(executable_by(m) is not None for m in modes)


@pytest.mark.parametrize("name, paragraph, expected", ONE_SHOTS, ids=[e[0] for e in ONE_SHOTS])
def test_qualities_of_the_modes_compile(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_choose_both_if_you_control_a_commander():
    """601.2b, 903.3: "If you control a commander as you cast this spell, you may choose both instead." (Jeska's Will;
    its modes not all read yet): a commander its caster controls, any player's."""
    [ab] = compile_paragraph("Choose one. If you control a commander as you cast this spell, you may choose both "
                             "instead.", "Jeska's Will")
    assert ab.modes.more == 2 and ab.modes.more_if.count.commander and ab.modes.more_if.count.controller == 'you'
    assert ab.modes.more_if.at_least == 1 and ab.modes.number == 1


def test_a_nontoken_edict_of_a_target_opponent():
    """701.21a: "Target opponent sacrifices a nontoken artifact of their choice." (its article agrees with "nontoken")."""
    [ab] = compile_paragraph("Target opponent sacrifices a nontoken artifact of their choice.", "Foo")
    [op] = ab.one_shot
    assert (op.op, op.who, op.what.model_dump(exclude_defaults=True)) == (
        'sacrifice', 'target', {'token': False, 'types': ['Artifact']})
    assert [(t.what, t.controller) for t in ab.targets] == [('player', 'opponent')]


def test_modes_of_an_activated_ability_read_as_its_effect(db, lib):  # noqa: F811
    """700.2a: a mode of "[cost]: Choose one —" is read as that ability's effect ("This creature" its source, sacrificed
    to pay the cost: as it last existed, 608.2h)."""
    record = database_record(db, lib, 'Goblin Cratermaker', '• This creature deals 2 damage to target creature.')
    abilities = card_file(record).abilities
    assert [a.kind for a in abilities] == ['activated', 'mode', 'mode']
    assert abilities[1].model_dump(exclude_defaults=True, exclude={'text'}) == {
        'kind': 'mode', 'targets': [{'what': 'creature'}], 'one_shot': [{'op': 'damage', 'amount': 2}]}
    assert abilities[2].one_shot[0].op == 'destroy'


def test_a_mode_not_read_leaves_the_whole_ability_unread(db, lib):  # noqa: F811
    """The header reads, one of its modes doesn't ("becomes a Coward"): none of them is executable (never half-read)."""
    record = database_record(db, lib, 'Kargan Intimidator', "{1}: Choose one that hasn't been chosen this turn —")
    abilities = card_file(record).abilities
    k = next(i for i, a in enumerate(abilities) if "hasn't been chosen" in a.display())
    assert all(executable_by(a) is None for a in abilities[k:k + 4])


# near misses: a choice of modes the vocabulary or the loop can't say
NOT_READ = [
    "At the beginning of combat on your turn, choose up to two —",
    "When this creature enters, choose up to X, where X is the number of Lesson cards in your graveyard —",
    "At the beginning of your first main phase, choose one that hasn't been chosen and you lose 2 life —",
    "Whenever this creature attacks, choose one at random. If you discarded a card this turn, you choose one instead.",
    "Choose one at random —",  # (a spell's: the cast doesn't draw it)
    "Choose up to one —",
    "{4}, {T}: Choose one. Activate only as a sorcery.",
    "{T}, Remove a counter from a permanent you control: Choose one —",  # (a cost part the loop doesn't pay)
    "{G}: Choose one. Activate only once each turn.",
    "Choose one. If you control an artifact and an enchantment as you cast this spell, you may choose both instead.",
    "Choose one. If you control a Wizard as you cast this spell, you may choose three instead.",
    "When this creature dies, choose one. If you have exactly 13 life, you may choose both instead.",
    "Choose three. You may choose the same mode more than twice.",
    "At the beginning of your upkeep, choose one that hasn't been chosen— ",
    "~ deals 1 damage to any target that was dealt damage this turn.",  # (a player too: not an objects phrase)
    "Destroy target creature card that was dealt damage this turn.",
    "Target creature has base power and toughness X/X until end of turn.",
    "Target opponent sacrifices an nontoken artifact of their choice.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


GEISTS = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Dreamshackle Geist, controller: alice, id: g1}
  - {card: Grizzly Bears, controller: bob, id: bears}
actions:
  - {trigger_modes: {"g1#2": %s}}
  - {trigger_targets: {"g1#2": [bears]}}
until: {turn: 1, step: declare_attackers}
"""

CRATERMAKER = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Goblin Cratermaker, controller: alice, id: crater}
  - {card: Mountain, controller: alice, id: m1}
  - {card: Grizzly Bears, controller: bob, id: bears}
  - {card: Ornithopter, controller: bob, id: thopter}
actions:
  - {activate: crater, ability: 1, tap: [m1], %s}
  - {pass: true}
  - {pass: true}
until: {turn: 1, step: beginning_of_combat}
"""


def _play(lib, tmp_path, text: str):
    from engine.files.gamefile import load_game
    from engine.game import play

    path = tmp_path / "g.yaml"
    path.write_text(text, encoding="utf-8")
    state, actions, until = load_game(path, lib)
    return play(state, actions, library=lib, until=until)


def test_up_to_one_mode_not_two(lib, tmp_path):
    """700.2, 603.3c: "choose up to one": two modes are refused; one taps the Bears."""
    from engine.game import GameError

    with pytest.raises(GameError, match="603.3c"):
        _play(lib, tmp_path, GEISTS % "[1, 2]")
    result = _play(lib, tmp_path, GEISTS % "[1]")
    assert result.state.objects["bears"].tapped


@pytest.mark.parametrize("choice, refused, graveyard", [
    ("modes: [2], targets: [thopter]", [], ["thopter"]),  # mode 2: "Destroy target colorless nonland permanent."
    ("modes: [1], targets: [bears]", [], ["bears"]),  # mode 1: 2 damage by the sacrificed creature (608.2h)
    ("modes: [1, 2], targets: [bears, thopter]", ["700.2a"], []),  # "Choose one": two refused (733)
    ("modes: [2], targets: [bears]", ["601.2c"], []),  # mode 2's target: a colorless permanent
])
def test_modal_activated_ability(lib, tmp_path, choice, refused, graveyard):
    """700.2a: Goblin Cratermaker's "{1}, Sacrifice this creature: Choose one —": the modes announced as it is
    activated, its targets those of the chosen mode; a refused activation never happened (733)."""
    result = _play(lib, tmp_path, CRATERMAKER % choice)
    assert [r["rule"] for r in result.rejected] == refused
    assert sorted(result.state.zone_ids("graveyard", "bob")) == graveyard
    assert ("crater" in result.state.battlefield) == bool(refused)
