"""Casting without paying the mana cost in the Oracle grammar (issue 21):

- a spell's own alternative cost that is no cost at all, under a condition (engine/vocab/oracle/freecast.lark, read by
  freecast.py into the CostRule's ``alternative``: 118.9, 601.2b, 903.3): "If you control a commander, you may cast
  this spell without paying its mana cost.", "If an opponent controls a Plains and you control a Mountain, ...";
- a spell or ability that lets its controller cast a spell from their hand for no mana as it resolves
  (engine/vocab/oracle/oneshot_freecast.lark -> {op: cast_free}, executed by engine/game/freecast.py: 608.2g, 118.9,
  601.3e, 202.3, 107.3b): "You may cast a spell with mana value 4 or less from your hand without paying its mana cost.";
  or a card the ability targets in a graveyard (115.1), with "If that spell would be put into your graveyard, exile it
  instead." (614.1a);
- the permission to play cards exiled from the top of one's library for no mana: "Until end of turn, you may play that
  card without paying its mana cost." (611.2a, 118.9: the vocabulary's exile_top with play and play_free);
- "Exile cards from the top of your library until you exile a nonland card. You may cast that card without paying its
  mana cost." (701.13a, 608.2g: exile_until_nonland with cast_free); "exile the top card of each player's library, then
  you may cast any number of spells from among those cards without paying their mana costs." (exile_top_cast_any).

The cards are the card database's (each paragraph asserted first, never typed from memory). The rules outcomes are the
games tests/data/games/118-9-free-if-you-control-a-commander, 118-9-free-not-with-an-opponents-commander and
118-9-free-if-opponent-controls-and-you-control, 608-2g-cast-free-from-hand, 608-2g-attack-trigger-casts-free and
608-2g-cast-free-declined-x-is-0, 608-2g-cast-free-from-graveyard-exiled-instead and
608-2g-cast-free-from-an-opponents-graveyard, 611-2a-play-exiled-card-without-paying,
701-13a-exile-until-nonland-cast-free and 608-2g-cast-any-number-exiled-free (tests/test_games.py)."""

from __future__ import annotations

import pytest

from carddata import db  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oneshot import CostRule
from engine.vocab.oracle import costs, oneshot
from engine.vocab.oracle.objects import bare

COMMANDER = {"alternative": {"if_any": {"commander": True, "zone": "battlefield", "controller": "you"}}}


def _legate(theirs: str, yours: str) -> dict:
    return {"alternative": {"if_any": {"subtypes": [yours], "zone": "battlefield", "controller": "you"},
                            "if_also_any": {"subtypes": [theirs], "zone": "battlefield", "controller": "opponent"}}}


# name, the paragraph as the database prints it, the CostRule's fields
FREE_SELF = [
    ("Fierce Guardianship", "If you control a commander, you may cast this spell without paying its mana cost.",
     COMMANDER),
    ("Deadly Rollick", "If you control a commander, you may cast this spell without paying its mana cost.", COMMANDER),
    ("Kyren Legate", "If an opponent controls a Plains and you control a Mountain, you may cast this spell without "
                     "paying its mana cost.", _legate("Plains", "Mountain")),
    ("Submerge", "If an opponent controls a Forest and you control an Island, you may cast this spell without paying "
                 "its mana cost.", _legate("Forest", "Island")),
    ("Massacre", "If an opponent controls a Plains and you control a Swamp, you may cast this spell without paying its "
                 "mana cost.", _legate("Plains", "Swamp")),
]


@pytest.mark.parametrize("name, paragraph, fields", FREE_SELF, ids=[e[0] for e in FREE_SELF])
def test_free_self_database_cards(db, name, paragraph, fields):  # noqa: F811
    card = card_file(db.card(name))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.display() == paragraph)
    assert ab.kind == "static" and ab.costs == CostRule.model_validate(fields)
    assert executable_by(ab) == "play (601.2f: the total cost)"
    assert ab.costs.alternative.mana == "" and ab.costs.alternative.part is None  # (no cost at all)


NOT_FREE_SELF = [
    "If you control two or more white permanents that share an artist, you may cast this spell without paying its "
    "mana cost.",  # (Erase (Not the Urza's Legacy One): an artist)
    "If you've cast another white spell this turn, you may cast this spell without paying its mana cost.",
    "If an opponent controls an Plains and you control a Mountain, you may cast this spell without paying its mana cost.",
    "If an opponent controls a Plains and you control an Mountain, you may cast this spell without paying its mana cost.",
    "If an opponent controls a Plains you control and you control a Mountain, you may cast this spell without paying "
    "its mana cost.",
    "If you control a commander, you may cast this spell without paying its mana cost and you lose 2 life.",
    "If you control a commander, you may cast this creature without paying its mana cost.",
]


@pytest.mark.parametrize("paragraph", NOT_FREE_SELF)
def test_free_self_not_read(paragraph):
    assert costs.read(paragraph) is None


def _free(**spells) -> dict:
    return {"op": "cast_free", "from_zone": "hand", **({"spells": spells} if spells else {})}


# name, the paragraph as the database prints it, the kind of ability, its one_shot
FROM_HAND = [
    ("Baral's Expertise", "You may cast a spell with mana value 4 or less from your hand without paying its mana cost.",
     "spell", [_free(max_mana_value=4)]),
    ("Sram's Expertise", "You may cast a spell with mana value 3 or less from your hand without paying its mana cost.",
     "spell", [_free(max_mana_value=3)]),
    ("Surtland Elementalist", "Whenever this creature attacks, you may cast an instant or sorcery spell from your hand "
                              "without paying its mana cost.", "triggered", [_free(types=["Instant", "Sorcery"])]),
    ("Maelstrom Archangel", "Whenever this creature deals combat damage to a player, you may cast a spell from your hand "
                            "without paying its mana cost.", "triggered", [_free()]),
    ("Omnispell Adept", "{2}{U}, {T}: You may cast an instant or sorcery spell from your hand without paying its mana "
                        "cost.", "activated", [_free(types=["Instant", "Sorcery"])]),
]


@pytest.mark.parametrize("name, paragraph, kind, ops", FROM_HAND, ids=[e[0] for e in FROM_HAND])
def test_from_hand_database_cards(db, name, paragraph, kind, ops):  # noqa: F811
    card = card_file(db.card(name))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.display() == paragraph)
    assert ab.kind == kind and [op.model_dump(exclude_defaults=True, mode="json") | {"from_zone": "hand"}
                                for op in ab.one_shot] == ops
    assert executable_by(ab) is not None


NOT_FROM_HAND = [
    "You may cast a spell with mana value 4 or greater from your hand without paying its mana cost.",  # (no such field)
    "You may cast an spell from your hand without paying its mana cost.",
    "You may cast a instant spell from your hand without paying its mana cost.",
    "You may cast a permanent spell from your hand without paying its mana cost.",  # (permanent: not a card type here)
    "You may cast a spell from your graveyard without paying its mana cost.",
    "You may cast a spell with mana value X or less from your hand without paying its mana cost.",
    "You may cast a spell from your hand without paying its mana cost if it has the same name as a spell that was cast "
    "this turn.",
    "You may cast any number of spells from your hand without paying their mana costs.",
    "Cast a spell from your hand without paying its mana cost.",  # (not "you may": not read)
]


@pytest.mark.parametrize("paragraph", NOT_FROM_HAND)
def test_from_hand_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


INSTANT_OR_SORCERY = ["Instant", "Sorcery"]

# name, the paragraph as the database prints it, its targets, its one_shot
FROM_GRAVEYARD = [
    ("Goblin Dark-Dwellers", "When this creature enters, you may cast target instant or sorcery card with mana value 3 or "
                             "less from your graveyard without paying its mana cost. If that spell would be put into your "
                             "graveyard, exile it instead.",
     [{"what": "card", "types": INSTANT_OR_SORCERY, "controller": "you", "mana_value_at_most": 3}],
     [{"op": "cast_free", "from_zone": "graveyard", "exile_instead": True}]),
    ("Torrential Gearhulk", "When this creature enters, you may cast target instant card from your graveyard without "
                            "paying its mana cost. If that spell would be put into your graveyard, exile it instead.",
     [{"what": "card", "types": ["Instant"], "controller": "you"}],
     [{"op": "cast_free", "from_zone": "graveyard", "exile_instead": True}]),
    ("Impulsivity", "When this creature enters, you may cast target instant or sorcery card from a graveyard without "
                    "paying its mana cost. If that spell would be put into a graveyard, exile it instead.",
     [{"what": "card", "types": INSTANT_OR_SORCERY}],
     [{"op": "cast_free", "from_zone": "graveyard", "exile_instead": True}]),
    ("Memory Plunder", "You may cast target instant or sorcery card from an opponent's graveyard without paying its mana "
                       "cost.", [{"what": "card", "types": INSTANT_OR_SORCERY, "controller": "opponent"}],
     [{"op": "cast_free", "from_zone": "graveyard"}]),
]


@pytest.mark.parametrize("name, paragraph, targets, ops", FROM_GRAVEYARD, ids=[e[0] for e in FROM_GRAVEYARD])
def test_from_graveyard_database_cards(db, name, paragraph, targets, ops):  # noqa: F811
    card = card_file(db.card(name))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.display() == paragraph)
    assert [t.model_dump(exclude_defaults=True, mode="json") for t in ab.targets] == targets
    assert [op.model_dump(exclude_defaults=True, mode="json") | {"from_zone": op.from_zone} for op in ab.one_shot] == ops
    assert ab.one_shot[0].target == 1 and executable_by(ab) is not None


NOT_FROM_GRAVEYARD = [
    # (a permanent card: "If an instant or sorcery spell cast this way ..." is another replacement)
    "When this creature enters, you may cast target instant, sorcery, or artifact card from your graveyard without "
    "paying its mana cost.",
    "When this creature enters, you may cast target creature card from your graveyard without paying its mana cost.",
    "When this creature enters, you may cast up to one target instant card from your graveyard without paying its mana "
    "cost.",
    "When this creature enters, you may cast target instant card from your graveyard without paying its mana cost. If "
    "that spell would be put into your graveyard, exile it instead. If that spell would be put into your graveyard, "
    "exile it instead.",
    "When this creature enters, draw a card. If that spell would be put into your graveyard, exile it instead.",
    "When this creature enters, you may cast target instant card from your graveyard without paying its mana cost. If "
    "that spell would be put into your hand, exile it instead.",
]


@pytest.mark.parametrize("paragraph", NOT_FROM_GRAVEYARD)
def test_from_graveyard_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


PLAY_FREE = [
    ("Oracle's Vault", "{T}: Exile the top card of your library. Until end of turn, you may play that card without paying "
                       "its mana cost. Activate only if there are three or more brick counters on this artifact.", 1),
    ("Golos, Tireless Pilgrim", "{2}{W}{U}{B}{R}{G}: Exile the top three cards of your library. You may play them this "
                                "turn without paying their mana costs.", 3),
]


@pytest.mark.parametrize("name, paragraph, n", PLAY_FREE, ids=[e[0] for e in PLAY_FREE])
def test_play_free_database_cards(db, name, paragraph, n):  # noqa: F811
    card = card_file(db.card(name))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.display() == paragraph)
    assert [op.model_dump(mode="json", include={"op", "amount", "who", "play", "play_free"}) for op in ab.one_shot] == [
        {"op": "exile_top", "amount": n, "who": "you", "play": "end_of_turn", "play_free": True}]
    assert executable_by(ab) is not None


NOT_PLAY_FREE = [
    "Exile the top card of your library. You may play them this turn without paying their mana costs.",
    "Exile the top two cards of your library. You may play that card this turn without paying its mana cost.",
    "Exile the top card of your library. You may play that card this turn without paying their mana costs.",
    "Draw a card. Until end of turn, you may play that card without paying its mana cost.",
    "Target player exiles the top card of their library. Until end of turn, you may play that card without paying its "
    "mana cost.",  # (its controller's own library only, as "You may play that card this turn.")
    "Exile the top card of your library. Until the end of your next turn, you may play that card without paying its "
    "mana cost.",
]


@pytest.mark.parametrize("paragraph", NOT_PLAY_FREE)
def test_play_free_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


UNTIL_NONLAND = [
    ("Nico Minoru, Runaway", "{2}{R}, {T}, Discard a card: Exile cards from the top of your library until you exile a "
                             "nonland card. You may cast that card without paying its mana cost.", "activated"),
    ("Wanda's Vision", "Whenever you cast your second spell each turn, exile cards from the top of your library until you "
                       "exile a nonland card. You may cast that card without paying its mana cost.", "triggered"),
]


@pytest.mark.parametrize("name, paragraph, kind", UNTIL_NONLAND, ids=[e[0] for e in UNTIL_NONLAND])
def test_until_nonland_database_cards(db, name, paragraph, kind):  # noqa: F811
    card = card_file(db.card(name))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.display() == paragraph)
    assert ab.kind == kind and [op.model_dump(mode="json") for op in ab.one_shot] == [
        {"op": "exile_until_nonland", "cast_free": True}]
    assert executable_by(ab) is not None


def test_until_nonland_alone():
    """701.13a: the exile alone is an instruction of its own (the cards stay in exile)."""
    [ab] = oneshot.read(bare("Exile cards from the top of your library until you exile a nonland card.", ""))
    assert ab["one_shot"] == [{"op": "exile_until_nonland"}]


NOT_UNTIL_NONLAND = [
    "Draw a card. You may cast that card without paying its mana cost.",
    "Exile cards from the top of your library until you exile a nonland card. You may cast that card without paying its "
    "mana cost. You may cast that card without paying its mana cost.",
    "Exile cards from the top of your library until you exile a creature card. You may cast that card without paying its "
    "mana cost.",
    "Exile cards from the top of your library until you exile a nonland card. You may cast that card without paying its "
    "mana cost if the spell's mana value is less than the number of Mountains you control.",
    "Target opponent exiles cards from the top of their library until they exile a nonland card. You may cast that card "
    "without paying its mana cost.",
]


@pytest.mark.parametrize("paragraph", NOT_UNTIL_NONLAND)
def test_until_nonland_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_etali_database_card(db):  # noqa: F811
    paragraph = ("Whenever Etali attacks, exile the top card of each player's library, then you may cast any number of "
                 "spells from among those cards without paying their mana costs.")
    card = card_file(db.card("Etali, Primal Storm"))
    assert paragraph in card.oracle.splitlines()
    ab = next(a for a in card.abilities if a.display() == paragraph)
    assert [op.model_dump(mode="json") for op in ab.one_shot] == [{"op": "exile_top_cast_any", "who": "each_player"}]
    assert ab.trigger.event == "attacks" and executable_by(ab) is not None


NOT_CAST_ANY = [
    "Whenever this creature attacks, exile the top card of each player's library, then you may cast a spell from among "
    "those cards without paying its mana cost.",
    "Whenever this creature attacks, exile the top card of your library, then you may cast any number of spells from "
    "among those cards without paying their mana costs.",
    "Whenever this creature attacks, exile the top card of each player's library, then you may cast any number of "
    "spells from among those cards.",
]


@pytest.mark.parametrize("paragraph", NOT_CAST_ANY)
def test_cast_any_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
