"""Issue 21's seventh round of keywords executed through their definitions (engine/vocab/oracle/keyword_rules.py):
fading (702.32a, the seed text), dethrone (702.105a) and graft (702.58a); rebound (702.88a), retrace (702.81a) and jump-start (702.133a), keywords of the game loop (the current official rules: the seed text
stops at 702.42). The cards are the card database's; the games are in tests/data/games/702-*.yaml."""

from __future__ import annotations

import pytest

from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import definition


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


@pytest.mark.parametrize("n", [1, 3, 5])
def test_fading_is_its_replacement_and_its_upkeep_trigger(n):
    ab = _kw("fading", n=n)
    assert ab.replacement is not None and ab.replacement.do == "add_counters" and ab.replacement.kind == "fade"
    assert ab.replacement.n == n and ab.replacement.object.self_
    means = definition(ab)
    assert means.kind == "triggered" and means.trigger.at_beginning_of == "upkeep" and means.trigger.whose == "you"
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "remove_counter_or_sacrifice", "kind": "fade"}]
    assert "replace" in executable_by(ab) and "702.32a" in executable_by(ab)


def test_removing_a_counter_from_the_source_alone_is_the_remove_counters_instruction():
    (ab,) = compile_paragraph("At the beginning of your upkeep, remove a time counter from this creature.")
    assert [op.model_dump(exclude_defaults=True) for op in ab.one_shot] == [
        {"op": "remove_counters", "kind": "time", "amount": 1}]
    assert executable_by(ab) is not None


@pytest.mark.parametrize("paragraph", [
    # "If you can't" after no removal of a counter from the source
    "At the beginning of your upkeep, draw a card. If you can't, sacrifice the permanent.",
    "At the beginning of your upkeep, remove a fade counter from target creature. If you can't, sacrifice the permanent.",
    "At the beginning of your upkeep, remove two fade counters from this permanent. If you can't, sacrifice the "
    "permanent.",
    # another instruction than a sacrifice of the source; a counter kind not read
    "At the beginning of your upkeep, remove a fade counter from this permanent. If you can't, draw a card.",
    "At the beginning of your upkeep, remove a fade counter from this permanent. If you can't, sacrifice a creature.",
    "At the beginning of your upkeep, remove a charge counter from this permanent. If you can't, sacrifice it.",
])
def test_near_misses_of_fading_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_dethrone_means_an_attack_trigger_on_the_player_with_the_most_life():
    means = definition(_kw("dethrone"))
    assert means.kind == "triggered"
    assert means.trigger.model_dump(exclude_defaults=True) == {"event": "attacks", "most_life": True}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "counters", "kind": "+1/+1", "amount": 1, "to": "self"}]
    assert "attack/block" in executable_by(_kw("dethrone"))


@pytest.mark.parametrize("paragraph", [
    # others' attacks; another player than the one with the most life; an intervening "if" (603.4), not dethrone's
    "Whenever a creature you control attacks the player with the most life or tied for most life, put a +1/+1 counter "
    "on this creature.",
    "Whenever this creature attacks the player with the least life or tied for least life, put a +1/+1 counter on this "
    "creature.",
    "Whenever this creature attacks the player with the most life, put a +1/+1 counter on this creature.",
    "Whenever this creature attacks, if it's attacking the player with the most life or tied for most life, put a +1/+1 "
    "counter on this creature.",
])
def test_near_misses_of_dethrone_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


@pytest.mark.parametrize("n", [1, 2, 4])
def test_graft_is_its_replacement_and_its_trigger_on_another_creature_entering(n):
    ab = _kw("graft", n=n)
    assert ab.replacement.do == "add_counters" and ab.replacement.n == n and ab.replacement.kind is None
    means = definition(ab)
    assert means.trigger.model_dump(exclude_defaults=True) == {
        "event": "enters", "subjects": {"types": ["Creature"], "other": True}, "if_has_counter": True}
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "may", "one_shot": [{"op": "move_counter", "to": "that_creature"}]}]
    assert "replace" in executable_by(ab) and "702.58a" in executable_by(ab)


@pytest.mark.parametrize("paragraph", [
    # "that creature" of no other creature's entering; the intervening "if" after another trigger; no "may"
    "When this creature enters, if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this "
    "permanent onto that creature.",
    "Whenever another creature you control enters, if this permanent has a +1/+1 counter on it, you may move a +1/+1 "
    "counter from this permanent onto that creature.",
    "Whenever another creature dies, if this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from this "
    "permanent onto that creature.",
    "Whenever another creature enters, if this permanent has a +1/+1 counter on it, move a +1/+1 counter from this "
    "permanent onto that creature.",
    "Whenever another creature enters, you may move a +1/+1 counter from this permanent onto that creature.",
    "Whenever another creature enters, if this permanent has a +1/+1 counter on it, you may move a -1/-1 counter from "
    "this permanent onto that creature.",
])
def test_near_misses_of_graft_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


@pytest.mark.parametrize("keyword, names", [
    ("graft", ("Simic Initiate", "Vigean Graftmage", "Aquastrand Spider")),
    ("fading", ("Blastoderm", "Saproling Burst")),
    ("dethrone", ("Treasonous Ogre", "Grenzo's Cutthroat", "Marchesa's Infiltrator")),
])
def test_database_cards_with_these_keywords_have_them_executable(db, keyword, names):
    from engine.files.dbcards import card_file

    for name in names:
        card = card_file(db.get(name))
        ab = next(a for a in card.abilities if getattr(a, "keyword", None) == keyword)
        assert executable_by(ab) is not None, name


def test_dethrone_triggers_agree_with_the_combat_oracle(db):  # noqa: F811
    """702.105a, 508.2a: the combat program's dethrone triggers against the oracle's (tests/oracles/combat.py), with
    three players: only an attack on a player no player has more life than (ties count); a planeswalker's doesn't."""
    from test_oracle_triggers import _triggers_agree

    from engine.files.library import load_library

    lib = load_library()
    board = {"players": ["alice", "bob", "carol"], "active": "alice", "life": {"alice": 20, "bob": 20, "carol": 15},
             "battlefield": [{"card": "Treasonous Ogre", "controller": "alice", "id": "ogre"},
                             {"card": "Grenzo's Cutthroat", "controller": "alice", "id": "cutthroat"},
                             {"card": "Marchesa's Infiltrator", "controller": "alice", "id": "infiltrator"}]}
    got = _triggers_agree(board, "attack", (("ogre", "bob"), ("cutthroat", "carol"), ("infiltrator", "bob")), lib)
    assert {t[0] for t in got} == {"ogre", "infiltrator"}  # bob is tied for most life with alice; carol has less
    board["life"] = {"alice": 20, "bob": 19, "carol": 19}
    assert _triggers_agree(board, "attack", (("ogre", "bob"), ("cutthroat", "carol")), lib) == set()


def test_rebound_is_a_keyword_the_loop_executes():
    """702.88a: the loop exiles a rebound spell cast from its caster's hand as it resolves and makes the delayed
    trigger (engine/game/resolve.py, triggers.py); the game is tests/data/games/702-88a-rebound.yaml."""
    assert "702.88a" in executable_by(_kw("rebound"))


@pytest.mark.parametrize("keyword, rule", [("retrace", "702.81a"), ("jump-start", "702.133a")])
def test_casting_from_the_graveyard_keywords_are_the_loop_s(keyword, rule):
    """702.81a, 702.133a: cast from the graveyard with a discard as an additional cost (engine/game/casting.py,
    spell_costs.py); the game is tests/data/games/702-81a-retrace-702-133a-jump-start.yaml."""
    assert rule in executable_by(_kw(keyword))
