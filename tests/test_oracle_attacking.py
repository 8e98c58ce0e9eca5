"""Tokens created tapped and attacking (508.4, 110.5b; oneshot.lark's block "tokens put onto the battlefield attacking
(issue 21)", engine/vocab/oracle/oneshot_attacking.py) and mobilize (702.181a, the current official rules) through its
definition (engine/vocab/oracle/keyword_rules.py). The games: tests/data/games/508-4-hero-of-bladehold-tokens-attacking,
702-181a-mobilize-warrior-sacrificed-at-end-step, 702-181a-mobilize-warrior-blocked."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import definition


def _ops(text: str) -> list[dict]:
    got = compile_paragraph(text, "X")
    assert got is not None and len(got) == 1, text
    assert executable_by(got[0]) is not None
    return [o if isinstance(o, dict) else o.model_dump(exclude_defaults=True) for o in
            got[0].model_dump(exclude_defaults=True)["one_shot"]]


def test_hero_of_bladehold():
    ops = _ops("Whenever this creature attacks, create two 1/1 white Soldier creature tokens that are tapped and "
               "attacking.")
    assert ops == [{"op": "create_token", "token": "Soldier", "amount": 2, "tapped": True, "attacking": True}]


def test_one_token_thats_tapped_and_attacking():
    ops = _ops("Whenever equipped creature attacks, create a 1/1 white Kor Ally creature token that's tapped and "
               "attacking.")
    assert ops[0]["attacking"] is True and ops[0]["tapped"] is True and ops[0].get("amount", 1) == 1


def test_tapped_and_attacking_before_the_token():
    ops = _ops("Whenever this creature attacks, create two tapped and attacking 1/1 red Warrior creature tokens. "
               "Sacrifice them at the beginning of the next end step.")
    assert ops[0]["attacking"] and ops[0]["amount"] == 2
    assert ops[1]["op"] == "delayed_trigger" and ops[1]["about"] == "entered"


@pytest.mark.parametrize("n", [1, 2, 3])
def test_mobilize_means_its_definition(n):
    ab = definition(KeywordAbility(kind="keyword", keyword="mobilize", n=n))
    assert ab is not None and ab.trigger.event == "attacks"
    create, delayed = ab.one_shot
    assert create.attacking and create.tapped and create.amount == n and create.definition.subtypes == ["Warrior"]
    assert delayed.op == "delayed_trigger" and delayed.when == "next_end_step"


NOT_READ = [
    # the number and "that's" / "that are" disagree
    "Whenever this creature attacks, create two 1/1 white Soldier creature tokens that's tapped and attacking.",
    "Whenever this creature attacks, create a 1/1 white Soldier creature token that are tapped and attacking.",
    # blocking, or attacking a player the text names: not read
    "Whenever this creature blocks, create a 1/1 white Soldier creature token that's tapped and blocking.",
    "Whenever you attack, for each opponent, create a 1/1 white Human creature token that's tapped and attacking "
    "that player or a planeswalker they control.",
    # attacking without tapped: not this template
    "Whenever this creature attacks, create two 4/4 white Angel creature tokens with flying and vigilance that are "
    "attacking.",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_not_read(text):
    assert compile_paragraph(text, "X") is None
