"""Spells on the stack, copied and countered (engine/vocab/oracle/oneshot_copy.py, oneshot.lark's block "spells on the
stack: copying and countering"): "Copy target instant or sorcery spell [you control]." (707.10), "copy it" / "copy that
spell" after a trigger on casting an instant or sorcery spell (601.2i; "from your hand", "from your library"), "You may
choose new targets for the copy." (707.10c), "target spell [you control | with mana value N or less]" (115.1,
202.3), "Whenever you cast or copy an instant or sorcery spell" (magecraft,
207.2c), and "If that spell is countered this way, exile it instead of putting it into its owner's graveyard."
(614.1a, 701.6a), "Counter target spell unless its controller pays {X}." (118.12a, 107.3a).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first; the games are tests/data/games/707-10-copy-target-instant-twincast, 707-10c-copy-with-new-targets,
707-10-magecraft-cast-or-copy, 707-10-copy-it-cast-trigger, 614-1a-countered-spell-exiled-instead,
115-1-counter-spell-with-mana-value-or-less, 118-12a-counter-unless-pays-x.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
INSTANT_OR_SORCERY = {"types": ["Instant", "Sorcery"]}


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Twincast", "Copy target instant or sorcery spell. You may choose new targets for the copy.",
     {"kind": "spell", "targets": [{"what": "spell", **INSTANT_OR_SORCERY}],
      "one_shot": [{"op": "copy_spell", "what": "target", "new_targets": True}]}),
    ("Invocation of the Founders", "Whenever you cast an instant or sorcery spell from your hand, you may copy that "
                                   "spell. You may choose new targets for the copy.",
     {"kind": "triggered", "trigger": {"event": "cast", "spells": INSTANT_OR_SORCERY, "from_zone": "hand"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "copy_spell", "new_targets": True}]}]}),
    ("Archmage Emeritus", "Magecraft — Whenever you cast or copy an instant or sorcery spell, draw a card.",
     {"kind": "triggered", "trigger": {"event": "cast", "spells": INSTANT_OR_SORCERY, "or_copy": True},
      "one_shot": [{"op": "draw", "amount": 1}]}),
    ("Liquify", "Counter target spell with mana value 3 or less. If that spell is countered this way, exile it instead "
                "of putting it into its owner's graveyard.",
     {"kind": "spell", "targets": [{"what": "spell", "mana_value_at_most": 3}],
      "one_shot": [{"op": "counter", "exile": True}]}),
    ("Clash of Wills", "Counter target spell unless its controller pays {X}.",
     {"kind": "spell", "targets": [{"what": "spell"}], "one_shot": [{"op": "counter", "unless_pays": "{X}"}]}),
    ("Dissipate", "Counter target spell. If that spell is countered this way, exile it instead of putting it into its "
                  "owner's graveyard.",
     {"kind": "spell", "targets": [{"what": "spell"}], "one_shot": [{"op": "counter", "exile": True}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_target_spell_you_control():
    # 115.1: "target instant or sorcery spell you control" (a spell's controller: targets.py checks it)
    [ab] = compile_paragraph("Copy target instant or sorcery spell you control. You may choose new targets for the "
                             "copy.", "Foo")
    assert ab.targets[0].controller == "you" and ab.targets[0].what == "spell"
    assert ab.one_shot[0].what == "target" and ab.one_shot[0].new_targets


# near misses: what the loop doesn't copy, "it" naming no spell, a sentence completing no instruction of its kind
NOT_READ = [
    # a copy of a permanent spell would become a token as it resolves (111.1): not in the loop
    "Copy target spell.",
    "Copy target creature spell.",
    "Copy target spell you control.",
    "Whenever you cast a spell, copy it.",
    "Whenever you cast a creature spell, copy that spell.",
    # "it" of no spell cast: a permanent, or the spell itself (its card types unknown to the paragraph)
    "When this creature enters, copy it.",
    "Whenever this creature attacks, copy it.",
    "When you cast this spell, copy it.",
    "Copy it.",
    # "You may choose new targets for the copy" after no copy; "countered this way" after no counter
    "Draw a card. You may choose new targets for the copy.",
    "Destroy target creature. If that spell is countered this way, exile it instead of putting it into its owner's "
    "graveyard.",
    "Copy target instant or sorcery spell. You may choose new targets for the copy. You may choose new targets for the "
    "copy.",
    # a cast from another zone than the hand, the library or the graveyard; "or copy" a spell of any type
    "Whenever you cast an instant or sorcery spell from exile, draw a card.",
    "Whenever you cast or copy a spell, draw a card.",
    # a mana value bound other than "N or less", "N or greater", exactly N or X (202.3: those read since round 21,
    # tests/test_oracle_spells.py); "permanent spell" (no card type list)
    "Counter target spell with mana value X or greater.",
    "Counter target spell with mana value X or less.",
    "Counter target permanent spell with mana value 3 or less.",
    # {X} of an ability (107.3a: only a spell's X is announced as it is cast here)
    "{T}: Counter target spell unless its controller pays {X}.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_near_misses_are_not_read(paragraph):
    assert not compile_paragraph(paragraph, "Foo")


def test_a_new_target_of_a_copy_must_be_legal(lib, tmp_path):
    # 707.10c: the new targets must be legal: Twincast, a card in alice's graveyard by then, can't be a target of the
    # Bolt's copy ("any target": a creature, player, planeswalker or battle, 115.4); a wrong number is refused too
    from engine.files.gamefile import load_game
    from engine.game import GameError, play

    text = """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{R}{U}{U}"}
battlefield:
  - {card: Grizzly Bears, controller: bob, id: bears}
hand:
  alice: [{card: Lightning Bolt, id: bolt}, {card: Twincast, id: twincast}]
actions:
  - {cast: bolt, targets: [bob]}
  - {cast: twincast, targets: [bolt]}
  - {pass: true}
  - {pass: true}
  - {copy_targets: %s, by: alice}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {pass: true}
until: {turn: 1, step: beginning_of_combat}
"""
    path = tmp_path / "g.yaml"
    for wrong in ("[twincast]", "[bears, bob]"):
        path.write_text(text % wrong, encoding="utf-8")
        state, actions, until = load_game(path, lib)
        with pytest.raises(GameError, match="707.10c"):
            play(state, actions, library=lib, until=until)
    path.write_text(text % "[alice]", encoding="utf-8")  # a legal new target: alice herself
    state, actions, until = load_game(path, lib)
    result = play(state, actions, library=lib, until=until)
    assert (result.state.player("alice").life, result.state.player("bob").life) == (17, 17)
