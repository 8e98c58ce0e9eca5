"""Activation limits of family 5 (issue 21; engine/vocab/activation_limits.py, engine/vocab/oracle/oneshot_limits.py):
the restrictions on when, how often and by whom an activated ability may be activated (602.5b, 602.5d, 602.2), read
into one model the grammar accepts and the game loop checks (engine/game/conditions.py), and a triggered ability's
"Do this only once each turn." (603.2h: engine/game/triggers.py). The games:
tests/data/games/602-5b-once-each-turn-new-object-next-turn.yaml, 602-5b-any-player-during-any-upkeep.yaml,
602-2-any-player-but-only-as-a-sorcery.yaml, 603-2-triggers-only-once-each-turn.yaml,
603-2h-do-this-only-once-each-turn.yaml.

The cards are the card database's, read through engine.files.dbcards.card_file."""

from __future__ import annotations

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.activation_limits import BEFORE_ATTACKERS, COMBAT_STEPS, ActivationLimits, activation_limits
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# database cards whose ability compiles with its restriction (the sentence kept in its text)
EXAMPLES = [
    ("Scandalmonger", "{2}: Target player discards a card. Any player may activate this ability but only as a sorcery.",
     ActivationLimits(any_player=True, sorcery=True)),
    ("Infinite Hourglass", "{3}: Remove a time counter from this artifact. Any player may activate this ability but only "
     "during any upkeep step.", ActivationLimits(any_player=True, steps=("upkeep",))),
    ("Ashling, the Extinguisher Avatar", "{5}: Destroy all nonland permanents. Activate only once and only during your "
     "turn.", ActivationLimits(once=True, your_turn=True)),
    ("Groundling Pouncer", "{G/U}: This creature gets +1/+3 and gains flying until end of turn. Activate only once each "
     "turn and only if an opponent controls a creature with flying.", ActivationLimits(per_turn=1)),
    ("Kuldotha Phoenix", "Metalcraft — {4}: Return this card from your graveyard to the battlefield. Activate only during "
     "your upkeep and only if you control three or more artifacts.", ActivationLimits(your_turn=True, steps=("upkeep",))),
]


@pytest.mark.parametrize("name, paragraph, limits", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, limits):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    found = [a for a in card_file(record).abilities if a.kind == "activated" and a.effect in paragraph]
    assert len(found) == 1 and executable_by(found[0]) is not None
    assert activation_limits(found[0].effect) == limits
    if "only if" in paragraph:  # the condition: oneshot_cond.py's activate_if
        assert found[0].activate_if is not None


READ = [
    ("Draw a card. Activate only once each turn.", ActivationLimits(per_turn=1)),
    ("Draw a card. Activate no more than three times each turn.", ActivationLimits(per_turn=3)),
    ("Draw a card. Activate only once.", ActivationLimits(once=True)),
    ("Draw a card. Activate only as a sorcery and only once each turn.", ActivationLimits(sorcery=True, per_turn=1)),
    ("Draw a card. Activate only as an instant.", ActivationLimits()),
    ("Draw a card. Activate only during your turn, before attackers are declared.",
     ActivationLimits(your_turn=True, steps=BEFORE_ATTACKERS)),
    ("Draw a card. Activate only before attackers are declared.", ActivationLimits(steps=BEFORE_ATTACKERS)),
    ("Draw a card. Activate only during combat.", ActivationLimits(steps=COMBAT_STEPS)),
    ("Draw a card. Activate only during combat and only during your turn.", ActivationLimits(steps=COMBAT_STEPS,
                                                                                            your_turn=True)),
    ("Draw a card. Activate only during an opponent's turn.", ActivationLimits(opponents_turn=True)),
    ("Draw a card. Activate only during the declare blockers step.", ActivationLimits(steps=("declare_blockers",))),
    ("Draw a card. Any player may activate this ability.", ActivationLimits(any_player=True)),
    ("Draw a card. Activate only if you control an artifact and only once.", ActivationLimits(once=True)),
    # a quoted ability's restriction is that ability's, not this one's (111.4)
    ('Create a token with "{T}: Draw a card. Activate only as a sorcery."', ActivationLimits()),
]


@pytest.mark.parametrize("effect, limits", READ, ids=[r[0] for r in READ])
def test_limits_read(effect, limits):
    assert activation_limits(effect) == limits


@pytest.mark.parametrize("effect", [
    "Draw a card. Activate only twice each turn.",
    "Draw a card. Activate only during your bedtime.",
    "Draw a card. Activate no more than four times each turn.",
    "Draw a card. Any player may activate this ability but only sometimes.",
    "Draw a card. Activate only once each turn. Activate no more than twice each turn.",  # two limiting the same thing
])
def test_limits_not_read(effect):
    with pytest.raises(ValueError):
        activation_limits(effect)


COMPILES = [
    "{2}, Sacrifice a land: Put a +1/+1 counter on target creature. Activate only during any upkeep step.",
    "{1}: Draw a card. Activate only once and only during your turn.",
    "{1}: Draw a card. Activate only during combat and only once each turn.",
    "{1}: Draw a card. Any player may activate this ability but only during any upkeep step.",
    "{1}: Draw a card. Activate only once each turn and only if you control an artifact.",
    "{1}: Draw a card. Activate only during combat and only if you control a Swamp.",
    # 603.2h: after a triggered ability's one "you may", with or without "If you do, ..."
    "Whenever a token you control enters, you may put a +1/+1 counter on each creature you control. Do this only once "
    "each turn.",
    "Whenever you cast an instant or sorcery spell, you may draw a card. If you do, discard a card. Do this only once "
    "each turn.",
]


@pytest.mark.parametrize("paragraph", COMPILES)
def test_compiles(paragraph):
    found = oneshot.read(bare(paragraph, ""))
    assert found is not None and len(found) == 1
    if found[0]["kind"] == "activated":  # kept in the effect text, which the loop reads
        assert found[0]["effect"] == paragraph.partition(": ")[2]
    else:
        assert found[0]["kind"] == "triggered" and found[0]["one_shot"][-1]["op"] == "may"


NOT_READ = [
    "{1}: Draw a card. Activate only during your bedtime.",
    "{1}: Draw a card. Activate only twice each turn.",
    "{1}: Draw a card. Activate only during any upkeep step",  # no period
    "{1}: Draw a card. Any player may activate this ability but only sometimes.",
    "{1}: Draw a card. Activate only once each turn and only if an artifact died this turn.",  # a condition not read
    "When this creature enters, draw a card. Activate only during any upkeep step.",  # no activated ability
    "Draw a card. Activate only once and only during your turn.",  # a spell
    # 603.2h: "Do this" names a triggered ability's one optional action
    "Whenever you cast an instant or sorcery spell, draw a card. Do this only once each turn.",  # no "you may"
    "{1}: You may draw a card. Do this only once each turn.",  # an activated ability
    "You may draw a card. Do this only once each turn.",  # a spell
    "Whenever you cast an instant or sorcery spell, you may draw a card. You gain 1 life. Do this only once each turn.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
