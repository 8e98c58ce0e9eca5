"""Issue 21, backup N (702.165, the current official rules: the seed text stops at 702.42): the keyword's enters
trigger, its first sentence from its definition's words (engine/vocab/oracle/keyword_rules.py), its grant the keyword
abilities, and the activated and triggered abilities the loop executes, printed below it on the card
(engine/vocab/oracle/backup.py: the keyword's ``grants``, 702.165a-c, 613.1f), created
only when the target is another creature ({op: create_effect, other_than_source}). The games are
tests/data/games/702-165a-backup-*.yaml."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.files.dbcards import abilities_of
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oneshot_paycost import CreateEffect
from engine.vocab.oracle.keyword_rules import definition

from carddata import db  # noqa: F401 (a fixture)

REMINDER = ("(When this creature enters, put a +1/+1 counter on target creature. If that's another creature, it gains "
            "the following abilities until end of turn.)")


def _card(*paragraphs: str) -> list:
    return abilities_of("\n".join(paragraphs), ("Creature",))


def test_backup_grants_the_keywords_printed_below_it():
    backup, *rest = _card(f"Backup 1 {REMINDER}", "Flying, first strike, lifelink")
    assert [g.keyword for g in backup.grants] == ["flying", "first strike", "lifelink"]
    assert [a.keyword for a in rest] == ["flying", "first strike", "lifelink"]
    means = definition(backup)
    assert means.trigger.model_dump(exclude_defaults=True) == {"event": "enters"}
    assert [t.model_dump(exclude_defaults=True) for t in means.targets] == [{"what": "creature"}]
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "counters", "kind": "+1/+1", "amount": 1},
        {"op": "create_effect", "target": 1, "other_than_source": True}]
    assert [op.model_dump(exclude_defaults=True) for op in means.continuous.do] == [
        {"op": "add_abilities", "abilities": [{"keyword": "flying"}, {"keyword": "first strike"},
                                              {"keyword": "lifelink"}]}]
    assert executable_by(backup).startswith("as its definition (702.165a")


def test_backup_n_and_abilities_above_it():
    """702.165a: only the abilities printed below it; another backup ability below is not granted ("non-backup")."""
    flash, backup, hexproof = _card("Flash", "Backup 2", "Hexproof")
    assert [g.keyword for g in backup.grants] == ["hexproof"]
    assert [op.model_dump(exclude_defaults=True) for op in definition(backup).one_shot][0]["amount"] == 2
    first, second, _trample = _card("Backup 1", "Backup 2", "Trample")
    assert [g.keyword for g in first.grants] == [g.keyword for g in second.grants] == ["trample"]


@pytest.mark.parametrize("paragraphs", [
    ("Backup 1",),  # nothing printed below it: no grant known
    ("Backup 1", "This creature can't be blocked by creatures with power 2 or less."),  # a static ability in words
    ("Backup 1", "Flying", "{T}: Add {G}."),  # a mana ability below
    ("Backup 1", "Flying", "This creature frobnicates."),  # a paragraph below not compiled
])
def test_backup_not_executable_unless_every_ability_below_is_granted(paragraphs):
    backup = _card(*paragraphs)[0]
    assert backup.keyword == "backup" and backup.grants is None
    assert definition(backup) is None and executable_by(backup) is None


def test_grants_belong_to_backup_and_other_than_source_to_a_target():
    with pytest.raises(ValidationError, match="grants"):
        KeywordAbility(kind="keyword", keyword="flying", grants=[{"keyword": "trample"}])
    with pytest.raises(ValidationError, match="other_than_source"):
        CreateEffect(op="create_effect", other_than_source=True)


def test_backup_cards_of_the_database(db):  # noqa: F811
    from engine.files.dbcards import card_file

    for name, granted in (("Boon-Bringer Valkyrie", ["flying", "first strike", "lifelink"]),
                          ("Saiba Cryptomancer", ["hexproof"])):
        [backup] = [a for a in card_file(db.get(name)).abilities if getattr(a, "keyword", None) == "backup"]
        assert [g.keyword for g in backup.grants] == granted and executable_by(backup) is not None
    for name, kind in (("Bola Slinger", "triggered"), ("Scorn-Blade Berserker", "activated")):
        [backup] = [a for a in card_file(db.get(name)).abilities if getattr(a, "keyword", None) == "backup"]
        assert [g.kind for g in backup.grants] == [kind] and backup.grants[0].ability.kind == kind
        assert executable_by(backup) is not None
    [backup] = [a for a in card_file(db.get("Chomping Kavu")).abilities if getattr(a, "keyword", None) == "backup"]
    assert backup.grants is None and executable_by(backup) is None  # a combat restriction below: not granted yet


def test_backup_grants_a_triggered_ability_below_it_whole():
    backup, _trigger = _card("Backup 1", "Whenever this creature attacks, tap target creature defending player controls.")
    [granted] = backup.grants
    assert granted.kind == "triggered" and granted.ability.trigger.event == "attacks"
    assert [op.model_dump(exclude_defaults=True) for op in granted.ability.one_shot] == [
        {"op": "tap"}]
