"""108.2, 111.1, 111.6: "card" versus token in replacement and prevention effects. 108.2: "When a rule or
text on a card refers to a 'card,' it means only a Magic card or an object represented by a Magic card"
(seed 000, line 369); 111.6: "A token isn't a card" (line 469). The Oracle compiler (family 4) and the hand
files read "a card", "nontoken" as the selector's `token: false`, "a card or token" as no condition on it,
"creature tokens" as `token: true`; the replace oracle reads these words in the effect's text, apart from
its selector (tests/oracles/replace.py token_words). The outcomes: tests/data/replace/108-2-card-not-token.yaml."""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.files.library import _package_library
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.objects import bare
from engine.vocab.oracle.replacement import read
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from oracles.replace import token_words


def _rules(db, name: str) -> list:
    """The replacement rules of a card's executable abilities: its hand file, or the database card compiled."""
    hand = {c.name: c for c in _package_library().cards.values()}
    card = hand.get(name) or card_file(db.get(name))
    return [a.replacement for a in card.abilities if getattr(a, "replacement", None) is not None and executable_by(a)]


# (card, the selector field, its `token`): "a card" and "nontoken" exclude tokens, "a card or token" keeps both,
# "creature tokens" are tokens only
TOKEN_FIELDS = [
    ("Leyline of the Void", "object", False),  # "If a card would be put into an opponent's graveyard from anywhere"
    ("Yawgmoth's Agenda", "object", False),  # "If a card would be put into your graveyard from anywhere"
    ("Forbidden Crypt", "object", False),  # "... exile that card instead."
    ("Dryad Militant", "object", False),  # "If an instant or sorcery card would be put into a graveyard"
    ("Rest in Peace", "object", None),  # "If a card or token would be put into a graveyard from anywhere"
    ("Festival of Embers", "object", None),  # "If a card or token would be put into your graveyard"
    ("Kalitas, Traitor of Ghet", "object", False),  # "If a nontoken creature an opponent controls would die" (hand)
    ("Tromell, Seymour's Butler", "object", False),  # "Each other nontoken creature you control enters with"
    ("Hamlet Vanguard", "n_count", False),  # "for each other nontoken Human you control"
    ("Emmara Tandris", "target", True),  # "Prevent all damage that would be dealt to creature tokens you control."
]


@pytest.mark.parametrize("name, field, token", TOKEN_FIELDS, ids=[t[0] for t in TOKEN_FIELDS])
def test_card_and_token_words_compile_to_the_selector_s_token(db, name, field, token):
    (rule,) = _rules(db, name)
    sel = getattr(rule, field)
    assert (sel.token if sel is not None else None) is token, (name, sel)


def test_an_instant_or_sorcery_card_is_those_types_and_no_token(db):
    (rule,) = _rules(db, "Dryad Militant")
    assert rule.object.any_types == ["Instant", "Sorcery"] and rule.object.zone == "anywhere"
    assert (rule.event, rule.from_zone, rule.to_zone, rule.do, rule.zone) == (
        "zone_change", "anywhere", "graveyard", "to_zone", "exile")


@pytest.mark.parametrize("paragraph", [
    # "that card" after "a card or token": a token would be no card (108.2): not read
    "If a card or token would be put into your graveyard from anywhere, exile that card instead.",
    "If this creature would be put into a graveyard from anywhere, exile that card instead.",
    "If a creature card would be put into a graveyard from anywhere, exile it instead.",  # no such template yet
])
def test_near_misses_are_not_read(paragraph):
    assert read(bare(paragraph)) is None


@pytest.mark.parametrize("phrase, token", [
    ("a card", False), ("an instant or sorcery card", False), ("a nontoken creature an opponent controls", False),
    ("creature cards you control", False), ("a card or token", None), ("creature tokens you control", True),
    ("this creature", None), ("a creature an opponent controls", None), (None, None),
])
def test_the_oracle_reads_card_and_token_in_the_words(phrase, token):
    assert token_words(phrase) is token


def test_the_oracle_reads_card_whatever_the_selector_says(tmp_path):
    """A card file whose selector forgets `token: false` under the words "a card": the oracle follows the words
    (108.2: a token is no card), so a compiler or hand file that forgets it disagrees with the oracle."""
    from conftest import DATA
    from engine.files.events import events_from_data
    from engine.files.library import load_library
    from engine.files.loader import board_from_data
    from oracles.replace import oracle_replace

    text = "If a card would be put into an opponent's graveyard from anywhere, exile it instead."
    (tmp_path / "forgetful.yaml").write_text(
        'name: "Example: Forgetful Leyline"\nmana_cost: "{2}{B}{B}"\ntypes: [Enchantment]\n'
        f'oracle: "{text}"\nabilities:\n  - kind: replacement\n    text: "{text}"\n    replacement:\n'
        "      event: zone_change\n      object: {owner: opponent, zone: anywhere}\n      from_zone: anywhere\n"
        "      to_zone: graveyard\n      do: to_zone\n      zone: exile\n", encoding="utf-8")
    library = load_library([DATA / "cards", tmp_path])
    board = {"players": ["alice", "bob"], "battlefield": [
        {"card": "Example: Forgetful Leyline", "controller": "alice", "id": "leyline"},
        {"card": "Grizzly Bears", "token": True, "controller": "bob", "id": "bear_token"},
        {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}]}
    state = board_from_data(board, library, "case")
    for oid, applies in (("bear_token", False), ("bears", True)):
        events = events_from_data({"event": {"type": "zone_change", "object": oid, "from": "battlefield",
                                             "to": "graveyard"}}, state, library)
        assert bool(oracle_replace(state, events, library)["applicable"]) is applies, oid
