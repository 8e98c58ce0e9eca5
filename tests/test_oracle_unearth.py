"""Unearth (702.84a, current official rules: the seed text stops at 702.42) through its definition
(engine/vocab/oracle/keyword_rules.py), and the sentences it adds to the grammar: "It gains haste." and "Exile it at
the beginning of the next end step." after "Return this card from your graveyard to the battlefield." (611.2c, 603.7c),
and "If it would leave the battlefield, exile it instead of putting it anywhere else." (614.1a: exile_if_leaves).
The games: tests/data/games/702-84a-unearth*.yaml."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import definition

_LEAVE = "If it would leave the battlefield, exile it instead of putting it anywhere else."


def _ops(text: str):
    found = compile_paragraph(text)
    assert found is not None and len(found) == 1, text
    return [op.model_dump(exclude_defaults=True) for op in found[0].one_shot]


def test_unearth_means_a_graveyard_ability_with_its_three_riders():
    means = definition(KeywordAbility(kind="keyword", keyword="unearth", cost="{1}{R}"))
    assert means.kind == "activated" and means.cost == "{1}{R}" and "only as a sorcery" in means.effect
    assert [op.op for op in means.one_shot] == ["return_self", "gains_entered", "delayed_trigger", "exile_if_leaves"]
    assert means.one_shot[0].to == "battlefield" and means.one_shot[1].keywords == ["haste"]
    assert means.one_shot[2].about == "entered" and means.one_shot[2].one_shot[0].op == "exile"
    assert executable_by(KeywordAbility(kind="keyword", keyword="unearth", cost="{B}")).startswith("as its definition (702.84a")


@pytest.mark.parametrize("text, ops", [
    ("{2}{B}: Return this card from your graveyard to the battlefield. It gains haste. Activate only as a sorcery.",
     ["return_self", "gains_entered"]),
    (f"{{3}}: Return this card from your graveyard to the battlefield. {_LEAVE}", ["return_self", "exile_if_leaves"]),
    (f"Return target creature card from your graveyard to the battlefield. {_LEAVE}",
     ["return_to_battlefield", "exile_if_leaves"]),
    ("{B}: Return this card from your graveyard to the battlefield. Exile it at the beginning of the next end step.",
     ["return_self", "delayed_trigger"]),
])
def test_examples_compile(text, ops):
    assert [op["op"] for op in _ops(text)] == ops


@pytest.mark.parametrize("text", [
    # the card returned to the hand: no permanent for "it" (611.2c)
    "{2}{B}: Return this card from your graveyard to your hand. It gains haste. Activate only as a sorcery.",
    f"{{2}}{{B}}: Return this card from your graveyard to your hand. {_LEAVE}",
    # no instruction before that put a permanent onto the battlefield
    f"{{2}}{{B}}: Draw a card. {_LEAVE}",
    f"Destroy target creature. {_LEAVE}",
    # more than one permanent entered: "it" names none of them
    f"Create two 1/1 white Soldier creature tokens. {_LEAVE}",
    # another instruction than the riders after "Return this card from your graveyard" (113.6k)
    "{2}{B}: Return this card from your graveyard to the battlefield. Draw a card.",
    # the other zone words: not this template
    "{2}{B}: Return this card from your graveyard to the battlefield. If it would leave the battlefield, put it on "
    "the bottom of its owner's library instead of putting it anywhere else.",
])
def test_near_misses_dont_compile(text):
    assert compile_paragraph(text) is None
