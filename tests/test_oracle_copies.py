"""Family 5's tokens that are copies (engine/vocab/oracle/copies.lark, reader engine/vocab/oracle/oneshot_copies.py):
"create a token that's a copy of target artifact", "... of target token you control", "... of another target nonland
permanent you control", "create two tapped tokens that are copies of this artifact", "... of that creature" (the
creature a trigger is about, 603.2), "... of it" (111.1, 707.2: the object's copiable values), and the exceptions of the
copy effect (707.9b: "except it isn't legendary", "except it has haste and "At the beginning of the end step, sacrifice
this token."", "except it's an artifact in addition to its other types", "except it's 1/1"): part of the token's
copiable values, applied as it is created (engine/game/token_copy_ops.py, engine/game/events.py's token_copies).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/707-9b-token-copy-exceptions.yaml (a token copy that
isn't legendary: the legend rule leaves both; a token copy with haste and a sacrifice trigger: it attacks, then is
sacrificed at the end step), 707-2-token-copy-of-that-creature.yaml, 707-2-token-copy-of-enchanted-creature.yaml (a copy of the creature whose entering triggered the
ability), 603-7-when-you-next-cast-copy-that-spell.yaml ("When you next cast an instant or sorcery spell this turn, copy
that spell.": a delayed triggered ability, 603.7, engine/game/copy_next.py) (test_games.py), and
test_exceptions_are_copiable below.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
HASTE = {'kind': 'keyword', 'keyword': 'haste'}
SAC_AT_END = {'text': 'At the beginning of the end step, sacrifice this token.', 'kind': 'triggered',
              'trigger': {'at_beginning_of': 'end', 'whose': 'each'},
              'one_shot': [{'op': 'sacrifice', 'what': {'self': True}, 'who': 'you'}]}

NEXT = {'op': 'copy_next_spell', 'spells': {'types': ['Instant', 'Sorcery']}, 'new_targets': True,
        'text': 'When you next cast an instant or sorcery spell this turn, copy that spell.'}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Quantum Misalignment',
     "Create a token that's a copy of target creature you control, except it isn't legendary.",
     {'kind': 'spell', 'targets': [{'what': 'creature', 'controller': 'you'}],
      'one_shot': [{'op': 'create_token_copy', 'exceptions': {'not_legendary': True}}]}),
    ('Electroduplicate',
     "Create a token that's a copy of target creature you control, except it has haste and \"At the beginning of the "
     "end step, sacrifice this token.\"",
     {'kind': 'spell', 'targets': [{'what': 'creature', 'controller': 'you'}],
      'one_shot': [{'op': 'create_token_copy', 'exceptions': {'abilities': [HASTE, SAC_AT_END]}}]}),
    ('Esika\'s Chariot',
     "Whenever Esika's Chariot attacks, create a token that's a copy of target token you control.",
     {'kind': 'triggered', 'trigger': {'event': 'attacks'},
      'targets': [{'what': 'permanent', 'controller': 'you', 'quality': {'token': True}}],
      'one_shot': [{'op': 'create_token_copy'}]}),
    ('Compy Swarm',
     "At the beginning of your end step, if a creature died this turn, create a tapped token that's a copy of this "
     "creature.",
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'end'}, 'if_condition': {'this_turn': 'creature_died'},
      'one_shot': [{'op': 'create_token_copy', 'what': 'self', 'tapped': True}]}),
    ('Skyclave Relic',
     "When this artifact enters, if it was kicked, create two tapped tokens that are copies of this artifact.",
     None),
    ('Riku of Two Reflections',
     "Whenever another nontoken creature you control enters, you may pay {G}{U}. If you do, create a token that's a "
     "copy of that creature.",
     {'kind': 'triggered',
      'trigger': {'event': 'enters', 'subjects': {'types': ['Creature'], 'controller': 'you', 'other': True,
                                                  'token': False}},
      'one_shot': [{'op': 'may', 'one_shot': [{'op': 'pay', 'cost': '{G}{U}'}],
                    'if_you_do': [{'op': 'create_token_copy', 'what': 'that'}]}]}),
    ('Followed Footsteps',
     "At the beginning of your upkeep, create a token that's a copy of enchanted creature.",
     {'kind': 'triggered', 'trigger': {'at_beginning_of': 'upkeep'},
      'one_shot': [{'op': 'create_token_copy', 'what': 'attached'}]}),
    ('Doublecast',
     "When you next cast an instant or sorcery spell this turn, copy that spell. You may choose new targets for the copy.",
     {'kind': 'spell', 'one_shot': [NEXT]}),
    ('Rimefire Torque',
     "{T}, Remove three charge counters from this artifact: When you next cast an instant or sorcery spell this turn, "
     "copy it. You may choose new targets for the copy.",
     {'kind': 'activated', 'cost': '{T}, Remove three charge counters from this artifact', 'effect': "When you next cast "
      "an instant or sorcery spell this turn, copy it. You may choose new targets for the copy.", 'one_shot': [NEXT]}),
    ('Saheeli\'s Artistry',
     "• Create a token that's a copy of target creature, except it's an artifact in addition to its other types.",
     {'kind': 'spell', 'targets': [{'what': 'creature'}],
      'one_shot': [{'op': 'create_token_copy', 'exceptions': {'add_types': ['Artifact']}}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    abilities = card_file(record).abilities
    if expected is None:  # (the whole dict is long: the op alone)
        [ab] = [a for a in abilities if getattr(a, "text", None) == paragraph]
        assert [op.model_dump(exclude_defaults=True) for op in ab.one_shot] == [
            {'op': 'create_token_copy', 'what': 'self', 'amount': 2, 'tapped': True}]
        assert executable_by(ab) is not None
        return
    want = ABILITY.validate_python(expected if expected['kind'] == 'activated' else dict(expected, text=paragraph))
    assert want in abilities
    assert executable_by(want) is not None


def test_activated_with_riders():
    """611.2c, 603.7c: "That token gains haste. Sacrifice it at the beginning of the next end step." after the copy (the
    token the instruction created): Chrome Dome's ability."""
    [ab] = compile_paragraph("{5}: Create a token that's a copy of another target artifact you control. That token "
                             "gains haste. Sacrifice it at the beginning of the next end step.")
    d = ab.model_dump(exclude_defaults=True)
    assert d["targets"] == [{'what': 'permanent', 'types': ['Artifact'], 'controller': 'you', 'other': True}]
    assert [op["op"] for op in d["one_shot"]] == ["create_token_copy", "gains_entered", "delayed_trigger"]
    assert d["one_shot"][2]["about"] == "entered"


def test_exceptions_are_copiable():
    """707.9b: the exceptions change the values the token copies and are part of its own (engine/game/token_copy_ops.py
    excepted): not legendary, the abilities after the copied ones, the added types, the power and toughness."""
    from engine.game.token_copy_ops import excepted
    from engine.state.model import Characteristics
    from engine.vocab.oneshot_copy import CopyExceptions

    printed = Characteristics(name="Isamaru, Hound of Konda", mana_cost="{W}", mana_value=1, colors=("white",),
                              color_indicator=None, supertypes=("Legendary",), types=("Creature",), subtypes=("Dog",),
                              rules_text="", abilities=(), power=2, toughness=2, loyalty=None, defense=None)
    ex = CopyExceptions(not_legendary=True, abilities=[HASTE], add_types=["Artifact"], add_subtypes=["Reflection"],
                        power=1, toughness=1)
    got = excepted(printed, ex)
    assert got.supertypes == () and got.types == ("Creature", "Artifact") and got.subtypes == ("Dog", "Reflection")
    assert (got.power, got.toughness, got.name, got.mana_cost) == (1, 1, "Isamaru, Hound of Konda", "{W}")
    assert [a.keyword for a in got.abilities] == ["haste"]
    assert excepted(printed, CopyExceptions()) == printed


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "Create a token that's a copy of target creature card in your graveyard.",  # a card, not a permanent
    "Create a token that's a copy of target instant or sorcery spell.",
    "Create a token that's a copy of target artifact, except it's 1/1.",  # a power of what may be no creature
    "Create a token that's a copy of target artifact, except it's a Reflection in addition to its other types.",
    "Create two tokens that are copies of target creature, except it isn't legendary.",  # "it" of two tokens
    "Create a token that's a copy of target creature, except they have haste.",  # "they" of one
    "Create a token that's a copy of target creature, except it's a 4/4 black Zombie.",  # no "in addition"
    "Create a token that's a copy of target creature, except it has \"This creature can't block or be blocked by "
    "Humans.\"",  # a quote that doesn't compile
    "Create a token that's a copy of target creature, except it's a creature in addition to its other types.",
    "When this creature dies, create two tokens that are copies of it.",  # the source that left: not read here
    "Create a token that's a copy of it.",  # "it" names nothing
    "Create a token that's a copy of enchanted creature.",  # a spell is attached to nothing
    # a creature type or a power given to a copy of what may be no creature (205.3d, 208.3): "enchanted creature" and
    # "enchanted artifact" are one copy instruction (what: attached, the noun's type not kept)
    "At the beginning of your upkeep, create a token that's a copy of enchanted creature, except it's 1/1.",
    # 603.7: the next spell of another kind than an instant or sorcery (a copy of a permanent spell becomes a token,
    # 707.10, 111.1), or of a quality the text adds; another instruction than the copy; "twice"
    "When you next cast a creature spell this turn, copy it.",
    "When you next cast an instant or sorcery spell with mana value 4 or less this turn, copy that spell.",
    "When you next cast an instant or sorcery spell this turn, draw a card.",
    "When you next cast an instant or sorcery spell this turn, copy that spell twice.",
    "When you next cast an instant or sorcery spell, copy that spell.",  # (no "this turn")
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
