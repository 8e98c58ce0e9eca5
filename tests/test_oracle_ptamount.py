"""Counted amounts of one-shot P/T changes and +1/+1 counters (engine/vocab/oracle/pt_amount.lark, reader
engine/vocab/oracle/pt_amount.py; issue 21): "Target creature gets +X/+X until end of turn, where X is the number of
creatures you control", "... where X is its power", "it gets +1/+0 until end of turn for each other attacking Aurochs",
"Put X +1/+1 counters on this creature, where X is its power", "put a +1/+1 counter on target creature for each Elf you
control" (608.2h, 611.2d, 122.1: counted once, as the spell or ability resolves).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/608-2h-counters-where-x-is-its-power.yaml (Heroes' Bane:
X counted as the ability resolves, not as it is activated), 608-2h-pump-where-x-is-sources-power.yaml (Gruul
Beastmaster: the source's power as it last existed on the battlefield), 608-2h-pump-greatest-power.yaml (Orcish
Siegemaster: the greatest power after a Giant Growth in response), 608-2h-counters-where-x-is-your-life-total.yaml
(Ajani, Wise Counselor: the life total as it resolves) (test_games.py).
"""

from __future__ import annotations

import pytest

from carddata import compiled_ability, db, database_record  # noqa: F401 (the fixture)
from engine.files.library import load_library
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

YOU = {"controller": "you"}
CREATURES = {"types": ["Creature"], "controller": "you"}
SELF_POWER = {"total": "power", "of": {"self": True}}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _pt(p, t):
    return [{"op": "modify_pt", "power": p, "toughness": t}]


# name, the paragraph as the database prints it, the fields of the ability it compiles to
EXAMPLES = [
    ("Yew Spirit", "{2}{G}{G}: This creature gets +X/+X until end of turn, where X is its power.",
     {"continuous": {"applies_to": {"self": True}, "do": _pt(SELF_POWER, SELF_POWER)}}),
    ("Rush of Blood", "Target creature gets +X/+0 until end of turn, where X is its power.",
     {"targets": [{"what": "creature"}], "continuous": {"do": _pt({"total": "power", "of": {"targets": True}}, 0)}}),
    ("Gruul Beastmaster", "Whenever this creature attacks, another target creature you control gets +X/+0 until end of "
                          "turn, where X is this creature's power.",
     {"targets": [{"what": "creature", "controller": "you", "other": True}], "continuous": {"do": _pt(SELF_POWER, 0)},
      "trigger": {"event": "attacks"}}),
    ("Ghoul's Feast", "Target creature gets +X/+0 until end of turn, where X is the number of creature cards in your "
                      "graveyard.",
     {"targets": [{"what": "creature"}],
      "continuous": {"do": _pt({"count": {"zone": "graveyard", "owner": "you", "types": ["Creature"]}}, 0)}}),
    ("Nightmarish End", "Target creature gets -X/-X until end of turn, where X is the number of cards in your hand.",
     {"targets": [{"what": "creature"}],
      "continuous": {"do": _pt(*[{"count": {"zone": "hand", "owner": "you"}, "times": -1}] * 2)}}),
    ("Warped Physique", "Target creature gets +X/-X until end of turn, where X is the number of cards in your hand.",
     {"targets": [{"what": "creature"}],
      "continuous": {"do": _pt({"count": {"zone": "hand", "owner": "you"}},
                               {"count": {"zone": "hand", "owner": "you"}, "times": -1})}}),
    ("Bloodtithe Harvester", "{T}, Sacrifice this creature: Target creature gets -X/-X until end of turn, where X is "
                             "twice the number of Blood tokens you control. Activate only as a sorcery.",
     {"targets": [{"what": "creature"}],
      "continuous": {"do": _pt(*[{"count": {"subtypes": ["Blood"], "token": True, **YOU}, "times": -2}] * 2)}}),
    ("Aurochs Herd", "Whenever this creature attacks, it gets +1/+0 until end of turn for each other attacking Aurochs.",
     {"continuous": {"applies_to": {"self": True},
                     "do": _pt({"count": {"subtypes": ["Aurochs"], "attacking": True, "other": True}}, 0)},
      "trigger": {"event": "attacks"}}),
    ("Gaea's Might", "Domain — Target creature gets +1/+1 until end of turn for each basic land type among lands you "
                     "control.",
     {"targets": [{"what": "creature"}],
      "continuous": {"do": _pt(*[{"count": {"types": ["Land"], **YOU}, "basic_land_types": True}] * 2)}}),
    ("Goblin Piledriver", "Whenever this creature attacks, it gets +2/+0 until end of turn for each other attacking "
                          "Goblin.",
     {"continuous": {"applies_to": {"self": True},
                     "do": _pt({"count": {"subtypes": ["Goblin"], "attacking": True, "other": True}, "times": 2}, 0)},
      "trigger": {"event": "attacks"}}),
    ("Craterhoof Behemoth", "When this creature enters, creatures you control gain trample and get +X/+X until end of "
                            "turn, where X is the number of creatures you control.",
     {"continuous": {"applies_to": CREATURES, "do": [{"op": "add_abilities", "abilities": [{"keyword": "trample"}]}]
                     + _pt({"count": CREATURES}, {"count": CREATURES})}, "trigger": {"event": "enters"}}),
    ("Orcish Siegemaster", "Whenever this creature attacks, it gets +X/+0 until end of turn, where X is the greatest "
                           "power among creatures you control.",
     {"continuous": {"applies_to": {"self": True},
                     "do": _pt({"greatest": "power", "of": {"types": ["Creature"], **YOU}}, 0)},
      "trigger": {"event": "attacks"}}),
    ("Loxodon Lifechanter", "{5}{W}: This creature gets +X/+X until end of turn, where X is your life total.",
     {"continuous": {"applies_to": {"self": True}, "do": _pt({"life": "you"}, {"life": "you"})}}),
    ("Treeguard Duo", "When this creature enters, until end of turn, target creature you control gains vigilance and "
                      "gets +X/+X, where X is the number of creatures you control.",
     {"targets": [{"what": "creature", "controller": "you"}],
      "continuous": {"do": [{"op": "add_abilities", "abilities": [{"keyword": "vigilance"}]}]
                     + _pt({"count": CREATURES}, {"count": CREATURES})}, "trigger": {"event": "enters"}}),
    ("Ajani, Wise Counselor", "[−9]: Put X +1/+1 counters on target creature, where X is your life total.",
     {"targets": [{"what": "creature"}], "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": {"life": "you"}}]}),
    ("Heroes' Bane", "{2}{G}{G}: Put X +1/+1 counters on this creature, where X is its power.",
     {"one_shot": [{"op": "counters", "kind": "+1/+1", "amount": SELF_POWER, "to": "self"}]}),
    ("Immaculate Magistrate", "{T}: Put a +1/+1 counter on target creature for each Elf you control.",
     {"targets": [{"what": "creature"}],
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": {"count": {"subtypes": ["Elf"], **YOU}}}]}),
    ("Moldgraf Millipede", "When this creature enters, mill three cards, then put a +1/+1 counter on this creature for "
                           "each creature card in your graveyard.",
     {"one_shot": [{"op": "mill", "amount": 3},
                   {"op": "counters", "kind": "+1/+1", "to": "self",
                    "amount": {"count": {"zone": "graveyard", "owner": "you", "types": ["Creature"]}}}],
      "trigger": {"event": "enters"}}),
]


@pytest.mark.parametrize("name, paragraph, fields", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, fields):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    dumped = ab.model_dump(by_alias=True, exclude_defaults=True)
    for key, want in fields.items():
        assert _plain(dumped.get(key)) == _plain(want), key


def _plain(v):
    """A value without the defaults the model fills in (times: 1; empty lists, false flags)."""
    if isinstance(v, dict):
        return {k: _plain(x) for k, x in v.items() if x not in (None, [], False) and not (k == "times" and x == 1)
                and not (k == "quality" and x == {})}
    if isinstance(v, list):
        return [_plain(x) for x in v]
    return v


def test_its_power_is_the_instruction_objects():
    """608.2h: "its power" of "This creature gets ..." is the source's, of "Target creature gets ..." the target's."""
    [ab] = oneshot.read(bare("{1}: This creature gets +X/+0 until end of turn, where X is its toughness.", ""))
    assert ab["continuous"]["do"][0]["power"] == {"total": "toughness", "of": {"self": True}}
    [ab] = oneshot.read(bare("Put X +1/+1 counters on target creature, where X is its power.", ""))
    assert ab["one_shot"][0]["amount"] == {"total": "power", "of": {"targets": True}}


# near misses: a part the vocabulary or the loop can't say, or would say wrong
NOT_READ = [
    "Target creature gets -X/-X until end of turn, where X is this creature's power.",  # a Total has no factor
    "Whenever this creature attacks, it gets +X/+X until end of turn, where X is its power.",  # "it": fixed later
    "Target creature gets +X/+0 until end of turn, where X is its power. It fights target creature you don't control.",
    "Two target creatures each get +X/+X until end of turn, where X is its power.",
    "Target creature gets +X/+X until end of turn, where X is the number of creatures you control. Create a 1/1 white "
    "Soldier creature token.",  # the effect begins after the token is created: counted after it
    "When this creature enters, create a 0/0 green and blue Fractal creature token. Put X +1/+1 counters on it, where X "
    "is the number of cards in your hand.",  # "it": the token
    "Whenever this creature becomes blocked, it gets +1/+1 until end of turn for each creature blocking it.",
    "Target creature gets +X/+X until end of turn, where X is your devotion to green.",
    "Target creature gets +X/+X until end of turn, where X is the number of permanent cards in your graveyard.",
    "Target creature gets +0/+0 until end of turn for each creature you control.",
    "Put two +1/+1 counter on target creature for each Elf you control.",  # a number and its noun disagree
    "Target creature gets -X/-X until end of turn, where X is the greatest power among creatures you control.",
    "Target creature gets +X/+X until end of turn, where X is the greatest toughness among creatures you control.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
