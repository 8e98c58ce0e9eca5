"""Instructions on cards in a graveyard (issue 21, the block 'graveyards' of oneshot.lark, read by
engine/vocab/oracle/oneshot_gy.py): "Put target card from your graveyard on top of your library" (400.3, 404.2),
"Return target creature card with mana value 3 or less from your graveyard to the battlefield" (115.1, 202.3). The
games: tests/data/games/404-*.yaml.

The cards are the card database's (engine.files.dbcards.card_file); each example asserts the paragraph first.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

ALL_PERMANENT = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]

EXAMPLES = [
    # 400.3: a card you own goes to your library (its owner's)
    ("Reclaim", "Put target card from your graveyard on top of your library.",
     {"what": "card", "controller": "you"}, [{"op": "put_in_library", "position": "top"}]),
    ("Tomb Trawler", "{2}: Put target card from your graveyard on the bottom of your library.",
     {"what": "card", "controller": "you"}, [{"op": "put_in_library", "position": "bottom"}]),
    ("Haunted Crossroads", "{B}: Put target creature card from your graveyard on top of your library.",
     {"what": "card", "types": ["Creature"], "controller": "you"}, [{"op": "put_in_library", "position": "top"}]),
    ("Treason of Isengard", "Put up to one target instant or sorcery card from your graveyard on top of your library.",
     {"what": "card", "types": ["Instant", "Sorcery"], "controller": "you", "up_to": True},
     [{"op": "put_in_library", "position": "top"}]),
    # 202.3: with mana value N or less
    ("Auriok Salvagers", "{1}{W}: Return target artifact card with mana value 1 or less from your graveyard to your hand.",
     {"what": "card", "types": ["Artifact"], "controller": "you", "mana_value_at_most": 1}, [{"op": "return_to_hand"}]),
    ("Disciple of the Sun", "When this creature enters, return target permanent card with mana value 3 or less from "
                            "your graveyard to your hand.",
     {"what": "card", "types": ALL_PERMANENT, "controller": "you", "mana_value_at_most": 3}, [{"op": "return_to_hand"}]),
    ("Unearth", "Return target creature card with mana value 3 or less from your graveyard to the battlefield.",
     {"what": "card", "types": ["Creature"], "controller": "you", "mana_value_at_most": 3},
     [{"op": "return_to_battlefield"}]),
    # 400.3, 110.2a: a card of any graveyard onto the battlefield under your control
    ("Hymn of Rebirth", "Put target creature card from a graveyard onto the battlefield under your control.",
     {"what": "card", "types": ["Creature"]}, [{"op": "put_onto_battlefield_yours"}]),
    ("Ashen Powder", "Put target creature card from an opponent's graveyard onto the battlefield under your control.",
     {"what": "card", "types": ["Creature"], "controller": "opponent"}, [{"op": "put_onto_battlefield_yours"}]),
    ("Restore", "Put target land card from a graveyard onto the battlefield under your control.",
     {"what": "card", "types": ["Land"]}, [{"op": "put_onto_battlefield_yours"}]),
    # 701.24a: a player's graveyard shuffled into their library
    ("Reminisce", "Target player shuffles their graveyard into their library.",
     {"what": "player"}, [{"op": "shuffle_graveyard", "who": "target"}]),
    # 701.13a: a card of their own graveyard, of that player's choice
    ("Relic of Progenitus", "{T}: Target player exiles a card from their graveyard.",
     {"what": "player"}, [{"op": "exile_from_graveyard"}]),  # (who: target, the default)
]


@pytest.mark.parametrize("name,paragraph,target,ops", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_examples(db, name, paragraph, target, ops):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    [spec] = ab.targets
    assert spec.model_dump(exclude_defaults=True) == target
    assert [o.model_dump(exclude_defaults=True) for o in ab.one_shot] == ops


def test_shuffle_graveyards_without_target(db):
    # 701.24a: every player's, or the controller's own
    [ab] = card_file(db.get("Mnemonic Nexus")).abilities
    assert ab.display() == "Each player shuffles their graveyard into their library."
    assert [o.model_dump(exclude_defaults=True) for o in ab.one_shot] == [{"op": "shuffle_graveyard",
                                                                              "who": "each_player"}]
    [ab] = oneshot.read(bare("Shuffle your graveyard into your library.", "X"))
    assert ab["one_shot"] == [{"op": "shuffle_graveyard", "who": "you"}]


def test_three_card_types():
    # 205.2a: "target artifact, instant, or sorcery card": one of three card types
    [ab] = oneshot.read(bare("Return target artifact, instant, or sorcery card from your graveyard to your hand.", "X"))
    assert ab["targets"] == [{"what": "card", "types": ["Artifact", "Instant", "Sorcery"], "controller": "you"}]


@pytest.mark.parametrize("text", [
    # 400.3: a card of any graveyard goes to its owner's library, not "your library"
    "Put target card from a graveyard on top of your library.",
    "Put target card from an opponent's graveyard on the bottom of your library.",
    # a mana value of X, or "or greater": not read
    "Return target creature card with mana value X or less from your graveyard to the battlefield.",
    "Return target creature card with mana value 3 or greater from your graveyard to your hand.",
    # a card that may be no permanent card, to the battlefield
    "Return target instant card with mana value 3 or less from your graveyard to the battlefield.",
    # "to your hand" of a card in any graveyard: its owner's hand
    "Return target creature card with mana value 2 or less from a graveyard to your hand.",
    "Put target card from your graveyard on top of your library and draw a card then.",
    # a card that may be no permanent card, onto the battlefield
    "Put target card from a graveyard onto the battlefield under your control.",
    "Put target instant card from a graveyard onto the battlefield under your control.",
    # another player's graveyard, or another zone, shuffled
    "Its controller shuffles their graveyard into their library.",
    "Target player shuffles their hand into their library.",
    "Target player shuffles their graveyard into your library.",
    "Its controller exiles a card from their graveyard.",
    "Target player exiles two cards from their graveyard.",
    "Target player exiles a creature card from their graveyard.",
])
def test_near_misses(text):
    assert oneshot.read(bare(text, "X")) is None
