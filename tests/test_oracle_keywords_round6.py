"""Issue 21's sixth round of keywords: echo executable again (702.30a, the seed text: "it" after its intervening
"if" is the permanent the clause names), scavenge through its definition in words (702.97a, the current official
rules: the seed text stops at 702.42). The cards are the card database's; the games are in
tests/data/games/702-*.yaml."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import definition


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


@pytest.mark.parametrize("cost", ["{R}", "{2}{R}", "{4}{R}{R}", "{3}", "{G}{G}"])
def test_echo_with_a_mana_cost_is_executable(cost):
    means = definition(_kw("echo", cost=cost))
    assert means is not None and means.trigger.if_came_under_control
    assert [op.model_dump(exclude_defaults=True, by_alias=True) for op in means.one_shot] == [
        {"op": "sacrifice", "what": {"self": True}, "who": "you", "unless_pays": cost}]
    assert executable_by(_kw("echo", cost=cost)) is not None


def test_scavenge_means_an_activated_ability_of_the_graveyard_counting_the_cards_power():
    means = definition(_kw("scavenge", cost="{4}{G}{G}"))
    assert means.kind == "activated" and means.cost == "{4}{G}{G}, Exile this card from your graveyard"
    assert "Activate only as a sorcery." in means.effect
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [
        {"op": "counters", "kind": "+1/+1", "amount": "card_power"}]
    (spec,) = means.targets
    assert spec.what == "creature"
    assert executable_by(_kw("scavenge", cost="{5}{G}")) is not None


@pytest.mark.parametrize("paragraph", [
    # "this card's power" of no card exiled to pay the cost (702.97a)
    "Put a number of +1/+1 counters equal to this card's power on target creature.",
    "When this creature dies, put a number of +1/+1 counters equal to this card's power on target creature.",
    "{2}, {T}: Put a number of +1/+1 counters equal to this card's power on target creature.",
    "{2}, Discard this card: Put a number of +1/+1 counters equal to this card's power on target creature.",
    # a target that may be no creature, other counters
    "{2}, Exile this card from your graveyard: Put a number of +1/+1 counters equal to this card's power on target "
    "permanent.",
    "{2}, Exile this card from your graveyard: Put a number of -1/-1 counters equal to this card's power on target "
    "creature.",
    "{2}, Exile this card from your graveyard: Put a number of +1/+1 counters equal to this card's toughness on target "
    "creature.",
])
def test_near_misses_of_scavenge_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_ingest_means_a_combat_damage_trigger_whose_player_exiles_their_librarys_top_card():
    means = definition(_kw("ingest"))
    assert means.kind == "triggered" and means.trigger.event == "deals_damage" and means.trigger.combat
    assert [op.model_dump(exclude_defaults=True) for op in means.one_shot] == [{"op": "exile_top", "who": "that_player"}]
    assert executable_by(_kw("ingest")) is not None


@pytest.mark.parametrize("paragraph, who", [
    ("At the beginning of your upkeep, exile the top card of your library.", "you"),
    ("Each opponent exiles the top card of their library.", "each_opponent"),
    ("Target player exiles the top card of their library.", "target"),
])
def test_exiling_the_top_card_of_a_library_is_read(paragraph, who):
    (ab,) = compile_paragraph(paragraph)
    assert [op.model_dump(exclude_none=True) for op in ab.one_shot] == [{"op": "exile_top", "amount": 1, "who": who}]


@pytest.mark.parametrize("paragraph", [
    # "that player" of no damage dealt to a player (603.2)
    "When this creature enters, that player exiles the top card of their library.",
    # a subject and its verb or its library disagree
    "Exiles the top card of their library.",
    "You exiles the top card of their library.",
    "Exile the top card of their library.",
    "Whenever this creature deals combat damage to a player, that player exiles the top card of your library.",
    # more than the top card of another's library, or what is done with it after (not read; "You may play that card
    # this turn." after "Exile the top card of your library.": tests/test_oracle_impulse.py)
    "Each opponent exiles the top two cards of their library.",
    "Each opponent exiles the top card of their library. You may play that card this turn.",
])
def test_near_misses_of_ingest_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None
