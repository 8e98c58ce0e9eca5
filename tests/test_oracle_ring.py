"""The Ring tempts you (701.54, the current official Comprehensive Rules: the seed text stops at 702.42): "the Ring tempts
you" (engine/vocab/oracle/ring.lark, oneshot_ring.py: {op: ring_tempts}) in spells, triggered and activated abilities;
the emblem named The Ring and the Ring-bearers in a board (``ring_tempted``, ``ring_bearer``: 701.54a, 701.54c) and the
continuous effect of the emblem's first ability on a Ring-bearer (engine/files/ring_fields.py, engine/game/ring.py). The
cards are the card database's (each example asserts the database's paragraph first); the games are
tests/data/games/701-54-the-ring-tempts-you-legendary-evasion-loot (Birthday Escape twice: the emblem's first two
abilities, the Ring-bearer chosen), 701-54-ring-bearer-blocked-blocker-sacrificed (the third ability, 509.3c, 603.7) and
701-54-ring-bearer-combat-damage-each-opponent-loses-3 (the fourth ability)."""

from __future__ import annotations

import pytest
from engine.files.boardwriter import board_dict
from engine.files.errors import InputError
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.ring_emblem import DURATION
from carddata import db, database_record, compiled_ability  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


TEMPT = {"op": "ring_tempts"}
EXAMPLES = [
    ("Enraged Huorn", "When this creature enters, the Ring tempts you.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [TEMPT]}),
    ("Mirrormere Guardian", "When this creature dies, the Ring tempts you.",
     {"kind": "triggered", "trigger": {"event": "dies"}, "one_shot": [TEMPT]}),
    ("Birthday Escape", "Draw a card. The Ring tempts you.",
     {"kind": "spell", "one_shot": [{"op": "draw", "amount": 1}, TEMPT]}),
    ("Claim the Precious", "Destroy target creature. The Ring tempts you.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "destroy"}, TEMPT]}),
    ("Gandalf, Friend of the Shire", "Whenever the Ring tempts you, if you chose a creature other than Gandalf as your "
                                     "Ring-bearer, draw a card.",
     {"kind": "triggered", "trigger": {"event": "ring_tempts", "if_other_bearer": True},
      "one_shot": [{"op": "draw", "amount": 1}]}),
    ("Faramir, Field Commander", "Whenever the Ring tempts you, if you chose a creature other than Faramir as your "
                                 "Ring-bearer, create a 1/1 white Human Soldier creature token.", None),
    ("Call of the Ring", "Whenever you choose a creature as your Ring-bearer, you may pay 2 life. If you do, draw a card.",
     {"kind": "triggered", "trigger": {"event": "ring_tempts", "bearer_chosen": True},
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay_life", "amount": 2}],
                    "if_you_do": [{"op": "draw", "amount": 1}]}]}),
    ("Call of the Ring", "At the beginning of your upkeep, the Ring tempts you.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep"}, "one_shot": [TEMPT]}),
    ("Gollum's Bite", None, None),
]


@pytest.mark.parametrize("name, paragraph, expected", [e for e in EXAMPLES if e[1]], ids=[f"{e[0]}-{i}" for i, e in enumerate(EXAMPLES) if e[1]])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    ab = compiled_ability(record, paragraph)
    got = ab.model_dump(exclude_defaults=True)
    if expected is None:  # Faramir: the token of the trigger's first sentence
        assert got["trigger"] == {"event": "ring_tempts", "if_other_bearer": True}
        assert [o["op"] for o in got["one_shot"]] == ["create_token"]
        return
    assert {k: v for k, v in got.items() if k not in ("text", "effect")} == expected


def test_whenever_the_ring_tempts_you():
    """701.54d, 603.2: "Whenever the Ring tempts you" alone: its controller tempted."""
    ab = compile_paragraph("Whenever the Ring tempts you, draw a card.", "Foo")[0]
    assert ab.trigger.event == "ring_tempts" and not ab.trigger.if_other_bearer


def test_activated_from_the_graveyard(db, lib):
    """Gollum's Bite: an activated ability whose cost exiles the card from the graveyard; its effect tempts you."""
    paragraph = "{3}{B}, Exile this card from your graveyard: The Ring tempts you. Activate only as a sorcery."
    ab = compiled_ability(database_record(db, lib, "Gollum's Bite", paragraph), paragraph)
    assert ab.kind == "activated" and [o.op for o in ab.one_shot] == ["ring_tempts"]


@pytest.mark.parametrize("paragraph", [
    "The Ring tempts you.",
    "When this creature enters, the Ring tempts you.",
    "Whenever this creature attacks, the Ring tempts you.",
    "Creatures your opponents control get -1/-1 until end of turn. The Ring tempts you.",
    "The Ring tempts you if you control a legendary creature.",  # (608.2c: {op: if}, the instruction inside)
])
def test_compiles(paragraph):
    abilities = compile_paragraph(paragraph, "Foo")
    assert abilities is not None
    ops = [o for o in abilities[0].one_shot]
    assert "ring_tempts" in [o.op for o in ops] + [i.op for o in ops if o.op == "if" for i in o.one_shot]


# near misses: each must NOT compile (another player tempted, a number of temptations, a trigger or a condition on the
# Ring or the Ring-bearer the loop doesn't read)
@pytest.mark.parametrize("paragraph", [
    "The Ring tempts each opponent.",
    "The Ring tempts target player.",
    "When this creature enters, the Ring tempts you twice.",
    "Whenever the Ring tempts an opponent, draw a card.",
    "Whenever the Ring tempts you, if you chose Foo as your Ring-bearer, draw a card.",  # (~ itself: not read)
    "When this creature enters, if you chose a creature other than Foo as your Ring-bearer, draw a card.",
    "Whenever the Ring tempts you, draw a card. If you chose a creature other than Foo as your Ring-bearer, draw a card.",
    "Whenever the Ring tempts you, if you chose a creature other than Foo as your Ring-bearer, draw a card and each "
    "opponent loses 1 life. Then scry 1.",
    "Whenever an opponent chooses a creature as their Ring-bearer, draw a card.",
    "Whenever you choose a creature as your Ring-bearer, if you chose a creature other than Foo as your Ring-bearer, "
    "draw a card.",
    "Wraiths you control have protection from Ring-bearers.",
    "As long as Frodo is your Ring-bearer, it must be blocked if able.",
    "Landfall — Whenever a land you control enters, if you don't control a Ring-bearer, the Ring tempts you.",
    "The Ring tempts you and each opponent.",
    "The Ring tempts you, then the Ring tempts you again.",
])
def test_near_misses_dont_compile(paragraph):
    assert compile_paragraph(paragraph, "Foo") is None


BOARD = ("players: [alice, bob]\nbattlefield:\n  - {card: Grizzly Bears, controller: alice, id: bears}\n"
         "  - {card: Grizzly Bears, controller: bob, id: bbears}\n")


def test_board_says_the_ring_and_writes_it_back(lib):
    """701.54a, 701.54c: the emblem's count and the Ring-bearer are read and written back; the first ability's effect on
    the Ring-bearer (legendary, 205.4) is in force as the board is read, and is no effect of the board file."""
    state = load_board_text(BOARD + "ring_tempted: {alice: 2}\nring_bearer: {alice: bears}\n", lib)
    assert state.ring_tempted == {"alice": 2} and state.ring_bearer == {"alice": "bears"}
    ring = [e for e in state.effects if e.duration == DURATION]
    assert [(e.controller, e.targets) for e in ring] == [("alice", ("bears",))]
    d = board_dict(state)
    assert d["ring_tempted"] == {"alice": 2} and d["ring_bearer"] == {"alice": "bears"}
    assert "effects" not in d  # (made again from ring_tempted and ring_bearer)
    from bridge.layers import compute_layers
    chars = compute_layers(state).objects
    assert "legendary" in chars["bears"]["supertypes"] and "legendary" not in chars["bbears"]["supertypes"]
    empty = load_board_text(BOARD, lib)
    assert empty.ring_tempted == {} and empty.ring_bearer == {} and not empty.effects  # no emblem as a game begins


@pytest.mark.parametrize("extra, words", [
    ("ring_tempted: {carol: 1}\n", "carol"),  # not a player
    ("ring_tempted: {alice: 0}\n", "ring_tempted"),  # at least once: a player not tempted isn't listed
    ("ring_tempted: {alice: 99999999999}\n", "ring_tempted"),  # out of range
    ("ring_tempted: {alice: -1}\n", "ring_tempted"),
    ("ring_bearer: {alice: bears}\n", "not tempted"),  # 701.54a: chosen only as the Ring tempts you
    ("ring_tempted: {alice: 1}\nring_bearer: {alice: bbears}\n", "bbears"),  # 701.54e: one she controls
    ("ring_tempted: {alice: 1}\nring_bearer: {alice: nothing}\n", "nothing"),
    ("ring_tempted: {alice: 1}\nring_bearer: {carol: bears}\n", "carol"),
    ("ring_tempted: {alice: one}\n", "ring_tempted"),
])
def test_bad_ring_fields_are_input_errors(lib, extra, words):
    with pytest.raises(InputError) as e:
        load_board_text(BOARD + extra, lib)
    assert words in str(e.value)
