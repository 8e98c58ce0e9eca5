"""Creature keywords with combat or entering effects that the game loop executes (issue 21, round 18; current official
rules, the seed text stops at 702.42): ninjutsu (702.49a-c, engine/game/ninjutsu.py), myriad (702.116a,
engine/game/myriad.py), enlist (702.154a, engine/game/enlist.py), squad (702.157a) and offspring (702.175a,
engine/game/squad.py). Each is a keyword line (family 1) read as before; what changed is that a program executes it
(engine/vocab/cardfile.py executable_by, engine/vocab/keyword_programs.py). Ravenous (702.156a) is executed as its two
abilities: the keyword's replacement "enters with X +1/+1 counters" (engine/vocab/replacement.py keyword_replacement)
and its definition in words (engine/vocab/oracle/keyword_rules.py), whose intervening "if X is 5 or more" (603.4,
107.3m) ifevent.lark reads into the enters trigger's ``if_x_at_least``.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/702-49a-ninjutsu-ninja-of-the-deep-hours.yaml,
702-49c-ninjutsu-blocked-attacker-refused.yaml, 702-116a-myriad-token-attacks-the-other-opponent.yaml,
702-154a-enlist-adds-the-tapped-creature-power.yaml, 702-157a-squad-paid-twice.yaml, 702-175a-offspring-token-is-1-1.yaml,
702-156a-ravenous-x-five-draws.yaml (test_games.py); the loop tests below play the cases those games don't.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import load_game
from engine.files.library import load_library
from engine.game import play
from engine.vocab.cardfile import executable_by

HERE = Path(__file__).resolve().parent


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it (reminder text aside), the keyword ability it compiles to
EXAMPLES = [
    ('Ninja of the Deep Hours', 'Ninjutsu {1}{U}', {'keyword': 'ninjutsu', 'cost': '{1}{U}'}),
    ('Ninja of the New Moon', 'Ninjutsu {3}{B}', {'keyword': 'ninjutsu', 'cost': '{3}{B}'}),
    ("Wyrm's Crossing Patrol", 'Myriad', {'keyword': 'myriad'}),
    ('Barkweave Crusher', 'Enlist', {'keyword': 'enlist'}),
    ('Ultramarines Honour Guard', 'Squad {2}', {'keyword': 'squad', 'cost': '{2}'}),
    ('Pawpatch Recruit', 'Offspring {2}', {'keyword': 'offspring', 'cost': '{2}'}),
    ('Hormagaunt Horde', 'Ravenous', {'keyword': 'ravenous'}),
]


def _keyword(record, keyword: str):
    [ab] = [a for a in card_file(record).abilities if a.kind == "keyword" and a.keyword == keyword]
    return ab


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_keyword_executable(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    ab = _keyword(record, expected["keyword"])
    assert ab.cost == expected.get("cost")
    assert executable_by(ab) is not None


# near misses: a cost in words is not paid by the loop (601.2f), commander ninjutsu (702.49d) is another keyword, and
# phasing (702.26), a neighbour of this area, is still not executed (provoke, 702.39a, is now: test_oracle_kwmisc.py)
NEAR_MISSES = [
    ('Thrill-Kill Disciple', 'squad'),
    ('Ruthless Radrat', 'squad'),
    ('Yuriko, the Tiger\'s Shadow', 'commander ninjutsu'),
    ('Breezekeeper', 'phasing'),
]


@pytest.mark.parametrize("name, keyword", NEAR_MISSES, ids=[n for n, _k in NEAR_MISSES])
def test_not_executable(db, name, keyword):  # noqa: F811
    [ab] = [a for a in card_file(db.get(name)).abilities if getattr(a, "keyword", None) == keyword
            or a.display().lower().startswith(keyword)]
    assert executable_by(ab) is None


def _play(tmp_path, text: str, auto: bool = True):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    library = load_library([HERE / "data" / "cards"])
    state, actions, until = load_game(path, library)
    return play(state, actions, library=library, until=until, auto=auto)


def test_ninjutsu_before_blockers_refused(tmp_path):
    """702.49c, 509.1h: in the declare attackers step no creature is unblocked yet: the activation is refused, the
    Ninja stays in the hand and the Bears attack on (2 damage)."""
    result = _play(tmp_path, """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Grizzly Bears, controller: alice, id: bears}
  - {card: Island, controller: alice, id: i1}
  - {card: Island, controller: alice, id: i2}
hand:
  alice: [{card: Ninja of the Deep Hours, id: ninja}]
actions:
  - {attack: {bears: bob}}
  - {activate: ninja, ability: 1, returning: [bears], tap: [i1, i2], by: alice, at: {step: declare_attackers}}
until: {turn: 1, step: end}
""")
    st = result.state
    assert [r["rule"] for r in result.rejected] == ["702.49c"]
    assert st.objects["ninja"].zone == "hand" and "bears" in st.battlefield
    assert st.player("bob").life == 18


def test_myriad_two_players_nothing(tmp_path):
    """702.116a: with no opponent other than the defending player, myriad creates no token (a two-player game)."""
    result = _play(tmp_path, """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: "Wyrm's Crossing Patrol", controller: alice, id: patrol}
actions:
  - {attack: {patrol: bob}}
until: {turn: 1, step: end}
""")
    st = result.state
    assert st.battlefield == ["patrol"]
    assert st.player("bob").life == 19
    assert any(e.rule == "702.116a" and "nothing happens" in e.text for e in result.log)


def test_squad_unpaid_no_token(tmp_path):
    """702.157a, 603.4: cast without its squad cost paid, the squad ability doesn't trigger: one Honour Guard, 2/2."""
    result = _play(tmp_path, """
players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{W}{C}{C}{C}"}
hand:
  alice: [{card: Ultramarines Honour Guard, id: guard}]
actions:
  - {cast: guard, by: alice}
until: {turn: 1, step: beginning_of_combat}
""")
    assert result.state.battlefield == ["guard"]
    assert not any(e.rule == "702.157a" for e in result.log)


def test_ravenous_definition_reads_x():
    """702.156a, 603.4, 107.3m: ravenous's trigger is the source's own enters trigger with if_x_at_least 5; the
    clause of another trigger, or with other words, is not read (never half-read)."""
    from engine.vocab.oracle import oneshot
    from engine.vocab.oracle.keyword_rules import definition
    from engine.vocab.oracle.objects import bare
    from engine.vocab.cardfile import KeywordAbility

    means = definition(KeywordAbility(kind="keyword", keyword="ravenous"))
    assert means.trigger.event == "enters" and means.trigger.if_x_at_least == 5 and means.trigger.subjects is None
    assert [op.op for op in means.one_shot] == ["draw"]
    for words in ("Whenever a creature you control enters, if X is 5 or more, draw a card.",
                  "When this creature dies, if X is 5 or more, draw a card.",
                  "When this creature enters, if X is 5 or less, draw a card."):
        assert oneshot.read(bare(words, "")) is None, words


def test_ravenous_x_four_no_draw(tmp_path):
    """702.156a: cast with X = 4, the Horde enters with four +1/+1 counters and its trigger, X less than 5, doesn't
    trigger (603.4): no card drawn."""
    result = _play(tmp_path, """
players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{G}{C}{C}{C}{C}"}
hand:
  alice: [{card: Hormagaunt Horde, id: horde}]
library:
  alice: [{card: Island, id: island}]
actions:
  - {cast: horde, x: 4, by: alice}
until: {turn: 1, step: beginning_of_combat}
""")
    st = result.state
    assert st.objects["horde"].counters == {"+1/+1": 4}
    assert len(st.zone_ids("hand", "alice")) == 0
    assert not any(e.rule == "121.1" for e in result.log)
