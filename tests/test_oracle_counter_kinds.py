"""122.1: counters of a kind no rule gives a meaning to ("charge", "storage", "oil") put by one-shot effects, read
by family 5 (engine/vocab/oracle/oneshot.lark, OS_KIND_COUNTER) into the same `counters` op as +1/+1 counters; the
kinds a rule gives a meaning to (122.1b-g keyword, shield, stun, loyalty, poison, defense, finality counters; lore
counters, 714; level counters, 711) are not read that way. The rules outcome in a game:
tests/data/games/122-1-charge-counters-put-and-removed.yaml. Card texts come from the card database."""

from __future__ import annotations

import pytest

from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import compile_paragraph
from carddata import db  # noqa: F401 (the fixture)


@pytest.mark.parametrize("name, paragraph, op", [
    ("Gemstone Array", "{2}: Put a charge counter on this artifact.",
     {"op": "counters", "kind": "charge", "amount": 1, "to": "self"}),
    ("Golem Foundry", "Whenever you cast an artifact spell, you may put a charge counter on this artifact.",
     {"op": "counters", "kind": "charge", "amount": 1, "to": "self"}),
])
def test_database_paragraphs_put_counters_of_their_kind(db, name, paragraph, op):
    card = db.get(name)
    assert paragraph in card.oracle.splitlines()
    (ability,) = compile_paragraph(paragraph, name)
    ops = [o.model_dump(exclude_defaults=True) for o in ability.one_shot]
    inner = [o2 for o in ops for o2 in o.get("one_shot", ())]  # "you may put ..." (a may op holds it)
    assert op in ops + inner
    assert all(executable_by(a) is not None for a in card_file(card).abilities)  # the card is fully executable


@pytest.mark.parametrize("paragraph", [
    "{1}: Put a flying counter on target creature.",  # a keyword counter gives flying (122.1b)
    "{T}: Put a lore counter on target Saga.",  # a chapter ability triggers (714.2b): no Sagas in the loop
    "{2}: Put a shield counter on target creature.",  # 122.1c
    "{T}: Put a level counter on target creature.",  # 711: a leveler's level
    "{T}: Put a poison counter on target creature.",  # poison counters are players' (122.1f)
    "{2}: Put a charge counters on this artifact.",  # a number and its noun disagree
])
def test_counters_with_a_rule_of_their_own_are_not_read(paragraph):
    assert compile_paragraph(paragraph, "Foo") is None


# --- 701.37a-b: monstrosity ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("name, paragraph, expected", [
    ("Arbor Colossus", "{3}{G}{G}{G}: Monstrosity 3.", {"kind": "activated", "one_shot": [{"op": "monstrosity", "amount": 3}]}),
    ("Arbor Colossus", "When this creature becomes monstrous, destroy target creature with flying an opponent controls.",
     {"kind": "triggered", "trigger": {"event": "becomes_monstrous"}, "one_shot": [{"op": "destroy"}],
      "targets": [{"what": "creature", "controller": "opponent", "quality": {"keywords": ["flying"]}}]}),
])
def test_monstrosity_and_its_trigger(db, name, paragraph, expected):
    assert paragraph in [p.split(" (")[0] if p.startswith("{") else p for p in db.get(name).oracle.splitlines()]
    (ability,) = compile_paragraph(paragraph, name)
    assert ability.model_dump(exclude_defaults=True, exclude={"text", "cost", "effect"}) == expected
    assert executable_by(ability) is not None


@pytest.mark.parametrize("paragraph", [
    "When this creature enters, monstrosity X.",  # X in a triggered ability (107.3: no one announced it)
    "{2}: Monstrosity.",  # no number
    "When target creature becomes monstrous, draw a card.",  # only the source's own
])
def test_monstrosity_near_misses(paragraph):
    assert compile_paragraph(paragraph, "Foo") is None


def test_the_grammar_leaves_out_exactly_the_ruled_kinds():
    """The terminal OS_KIND_COUNTER names a kind unless it is one of words.RULED_COUNTERS (one list, two places)."""
    import re

    from engine.vocab.oracle.objects import HERE
    from engine.vocab.oracle.words import RULED_COUNTERS

    line = next(x for x in (HERE / "oneshot.lark").read_text(encoding="utf-8").splitlines()
                if x.startswith("OS_KIND_COUNTER:"))
    assert set(re.search(r"\(\?!\(([^)]*)\)", line).group(1).split("|")) == RULED_COUNTERS
