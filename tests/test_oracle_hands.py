"""Hands (issue 21; 402.3, 701.20a, 406.1, 701.9b): "Target opponent reveals their hand." alone (reveal_hand), "Look at
target player's hand." (reveal_hand, look), "You choose a nonland card from it and exile that card." after the reveal
(exile_chosen), "Target player discards two cards at random." (discard_random): read by
engine/vocab/oracle/oneshot_hand.py, executed by engine/game/hand_ops.py (the game:
tests/data/games/701-20a-hand-revealed-exiled-discarded-at-random.yaml). The cards are the card database's; each
example asserts the database's paragraph first."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)

OPP = {"what": "player", "controller": "opponent"}
EXAMPLES = [
    ("Peek", "Look at target player's hand.",
     {"kind": "spell", "targets": [{"what": "player"}], "one_shot": [{"op": "reveal_hand", "who": "target", "look": True}]}),
    ("Telepathic Spies", "When this creature enters, look at target opponent's hand.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [OPP],
      "one_shot": [{"op": "reveal_hand", "who": "target", "look": True}]}),
    ("Castigate", "Target opponent reveals their hand. You choose a nonland card from it and exile that card.",
     {"kind": "spell", "targets": [OPP], "one_shot": [{"op": "exile_chosen", "who": "target", "not_types": ["Land"]}]}),
    ("Sin Collector", "When this creature enters, target opponent reveals their hand. You choose an instant or sorcery "
                      "card from it and exile that card.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [OPP],
      "one_shot": [{"op": "exile_chosen", "who": "target", "types": ["Instant", "Sorcery"]}]}),
    ("Never Happened", "Target opponent reveals their hand. You choose a nonland card from that player's graveyard or "
                       "hand and exile it.",
     {"kind": "spell", "targets": [OPP],
      "one_shot": [{"op": "exile_chosen", "who": "target", "not_types": ["Land"], "graveyard": True}]}),
    ("Hymn to Tourach", "Target player discards two cards at random.",
     {"kind": "spell", "targets": [{"what": "player"}], "one_shot": [{"op": "discard_random", "who": "target", "amount": 2}]}),
    ("Mind Twist", "Target player discards X cards at random.",
     {"kind": "spell", "targets": [{"what": "player"}],
      "one_shot": [{"op": "discard_random", "who": "target", "amount": "x"}]}),
    ("Goblin Lore", "Draw four cards, then discard three cards at random.",
     {"kind": "spell", "one_shot": [{"op": "draw", "amount": 4}, {"op": "discard_random", "who": "you", "amount": 3}]}),
    ("Cephalid Looter", "{T}: Target player draws a card, then discards a card.",  # 608.2c: one subject, the target
     {"kind": "activated", "cost": "{T}", "effect": "Target player draws a card, then discards a card.",
      "targets": [{"what": "player"}],
      "one_shot": [{"op": "draw", "amount": 1, "who": "target"}, {"op": "discard", "amount": 1, "who": "target"}]}),
    ("Burning Inquiry", "Each player draws three cards, then discards three cards at random.",
     {"kind": "spell", "one_shot": [{"op": "draw", "amount": 3, "who": "each_player"},
                                    {"op": "discard_random", "amount": 3, "who": "each_player"}]}),
    ("Hypnotic Specter", "Whenever this creature deals damage to an opponent, that player discards a card at random.",
     {"kind": "triggered", "trigger": {"event": "deals_damage", "to_opponent": True},
      "one_shot": [{"op": "discard_random", "who": "that_player", "amount": 1}]}),
]


@pytest.mark.parametrize("name,paragraph,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_hand_cards_compile(db, name, paragraph, expected):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    got = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert got == [ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))]
    assert executable_by(got[0]) is not None


@pytest.mark.parametrize("text", [
    "Draw two cards, then discards a card.",  # "discards" after "Draw" (you): no subject
    "You draw a card, then discards three cards at random.",  # 'you discards'
    "Target player draws a card. Discards a card.",  # a sentence with no subject
    "Discards a card at random.",  # no player for "discards"
    "Target player discard a card at random.",  # the verb disagrees with its player
    "Target player discards two card at random.",  # a number and its noun disagree
    "Look at target creature's hand.",  # a creature has no hand
    "Look at your hand.",  # (not a template of the cards)
    "You choose a nonland card from it and exile that card.",  # from no hand revealed
    "Draw a card. You choose a card from it and exile that card.",  # "it" is no hand
    "Target opponent reveals their hand. You choose a card from it and exile that card. That player discards that card.",
    "Target opponent reveals their hand. You choose an nonland card from it and exile that card.",  # 'an' before 'n'
    "{X}, {T}: Target player discards X cards at random.",  # X of an activated ability (a spell's only)
    "You choose a nonland card from that player's graveyard or hand and exile it.",  # no hand revealed
    "Target opponent reveals their hand. You choose a nonland card from your graveyard or hand and exile it.",
])
def test_hand_not_read(text):
    assert oneshot.read(bare(text, "X")) is None


def test_a_hand_revealed_alone_is_reveal_hand():
    # 701.20a: no "You choose ... from it." after it (oneshot_library.check): the hand is revealed, nothing more
    assert oneshot.read(bare("Target opponent reveals their hand.", "X")) == [
        {"kind": "spell", "targets": [OPP], "one_shot": [{"op": "reveal_hand", "who": "target"}]}]
    # "You choose a nonland card from it." with no "That player discards that card.": not read
    assert oneshot.read(bare("Target opponent reveals their hand. You choose a nonland card from it.", "X")) is None


# --- 608.2d: "Choose a creature type." / "Choose a color." read by the continuous effect of a later sentence ---

CHOSEN_EXAMPLES = [
    ("And They Shall Know No Fear", "Choose a creature type. Creatures you control of the chosen type get +1/+0 and gain "
                                    "indestructible until end of turn.",
     {"kind": "spell", "one_shot": [{"op": "choose_value", "choice": "creature_type"}],
      "continuous": {"applies_to": {"types": ["Creature"], "controller": "you", "chosen_creature_type": True},
                     "do": [{"op": "modify_pt", "power": 1, "toughness": 0},
                            {"op": "add_abilities", "abilities": [{"keyword": "indestructible"}]}]}}),
    ("Brave the Elements", "Choose a color. White creatures you control gain protection from the chosen color until end "
                           "of turn.",
     {"kind": "spell", "one_shot": [{"op": "choose_value", "choice": "color"}],
      "continuous": {"applies_to": {"types": ["Creature"], "colors": ["white"], "controller": "you"},
                     "do": [{"op": "add_abilities", "abilities": [{"keyword": "protection", "quality": "chosen color"}]}]}}),
]


@pytest.mark.parametrize("name,paragraph,expected", CHOSEN_EXAMPLES, ids=[e[0] for e in CHOSEN_EXAMPLES])
def test_chosen_value_cards_compile(db, name, paragraph, expected):
    test_hand_cards_compile(db, name, paragraph, expected)


@pytest.mark.parametrize("text", [
    "Choose a color. Draw a card.",  # a value nothing reads
    # (read since, by the one-shot instruction after it, 608.2c: tests/test_oracle_choose.py; the negation "that aren't
    # of the chosen type" too, round 21: tests/test_oracle_spells.py, tests/data/games/205-3m-*; still not: a negation in
    # a spell that chooses no type)
    "Destroy all creatures that aren't of the chosen type.",
    "Choose a creature type. Creatures you control of the chosen color get +1/+1 until end of turn.",  # the other kind
    "Target creature gains protection from the chosen color until end of turn.",  # no color chosen
    "Choose a color.",  # alone
    "Choose a card type. Creatures you control gain protection from the chosen color until end of turn.",
])
def test_chosen_value_not_read(text):
    assert oneshot.read(bare(text, "X")) is None
