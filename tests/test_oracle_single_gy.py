"""Several card targets from one graveyard (issue 21, the block 'single graveyard' of oneshot.lark, read by
engine/vocab/oracle/oneshot_singlegy.py): "Exile up to two target cards from a single graveyard" (115.1, 601.2c,
701.13a): a TargetSpec {what: card, count: N, up_to: true, single_graveyard: true} and one exile for each target. The
game: tests/data/games/601-2c-exile-cards-from-a-single-graveyard.yaml (two graveyards refused, one accepted).

The cards are the card database's (engine.files.dbcards.card_file); each example asserts the paragraph first.
"""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)

EXAMPLES = [
    ("Decompose", "Exile up to three target cards from a single graveyard.", 3),
    ("Rag Dealer", "{2}{B}, {T}: Exile up to three target cards from a single graveyard.", 3),
    ("Famished Ghoul", "{1}{B}, Sacrifice this creature: Exile up to two target cards from a single graveyard.", 2),
    ("Griffnaut Tracker", "When this creature enters, exile up to two target cards from a single graveyard.", 2),
]


@pytest.mark.parametrize("name,paragraph,n", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_examples(db, name, paragraph, n):
    record = db.get(name)
    assert paragraph in record.oracle.splitlines()
    [ab] = [a for a in card_file(record).abilities if a.display() == paragraph]
    [spec] = ab.targets
    assert spec.model_dump(exclude_defaults=True) == {"what": "card", "count": n, "up_to": True,
                                                      "single_graveyard": True}
    # one exile for each of the N targets (608.2b: those not chosen or illegal now are not exiled)
    assert [o.model_dump(exclude_defaults=True) for o in ab.one_shot] == \
        [{"op": "exile", **({"target": k} if k > 1 else {})} for k in range(1, n + 1)]  # (targets from 1)


def test_card_types():
    # 205.2a: "target creature cards": a card of that type, still from one graveyard
    [ab] = oneshot.read(bare("Exile up to four target creature cards from a single graveyard.", "X"))
    assert ab["targets"] == [{"what": "card", "types": ["Creature"], "count": 4, "up_to": True,
                              "single_graveyard": True}]


@pytest.mark.parametrize("text", [
    # a count of X (the number chosen as it is cast: not read), or more than four
    "Exile up to X target cards from a single graveyard.",
    "Exile X target cards from a single graveyard.",
    "Exile up to five target cards from a single graveyard.",
    # exactly N targets, without "up to" (not read here)
    "Exile two target cards from a single graveyard.",
    # another zone, another destination
    "Exile up to two target cards from a single library.",
    "Return up to two target cards from a single graveyard to your hand.",
    "Exile up to two target cards from a single graveyard and draw a card then.",
])
def test_near_misses(text):
    assert oneshot.read(bare(text, "X")) is None
