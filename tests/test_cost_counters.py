"""Issue 24: counters put or removed as costs (606.4, 122.6, engine/game/cost_counters.py). The shipped games g120-g123
play them in the loop; here, the reading of the costs and the replacement program's distinction between a cost's
counters and an effect's."""

from __future__ import annotations

from engine.vocab.activation import CostPart, parse_activation_cost
from engine.vocab.replacement import ReplacementRule


def test_a_cost_putting_counters_on_its_source_is_read():
    """122.6: "Put a -1/-1 counter on this creature" (Devoted Druid) is a part the loop pays by putting the counters
    on the source; a number and its noun must agree, and counters put on another permanent are not read."""
    cost = parse_activation_cost("Put a -1/-1 counter on this creature", "Devoted Druid")
    assert cost.parts == (CostPart(verb="put_counters", count=1, counter="-1/-1", what=cost.parts[0].what),)
    assert cost.parts[0].what.self_
    assert parse_activation_cost("{1}, Put two +1/+1 counters on ~", "X").parts[0].count == 2
    assert parse_activation_cost("Put two +1/+1 counter on ~", "X").parts == (None,)
    assert parse_activation_cost("Put a +1/+1 counter on target creature", "X").parts == (None,)


def test_if_an_effect_would_put_is_read_as_an_effect_s_counters_only():
    """606.4, 122.6: Doubling Season's "If an effect would put one or more counters ..." is by_effect_only;
    "If one or more +1/+1 counters would be put ..." (Hardened Scales) and "If you would put ..." (Vorinclex) are
    not."""
    from engine.vocab.oracle.compile import compile_paragraph

    def rules(text: str) -> list:
        return [a.replacement for a in compile_paragraph(text, "Card") if getattr(a, "replacement", None) is not None]

    [season] = rules("If an effect would put one or more counters on a permanent you control, it puts twice that many "
                     "of those counters on that permanent instead.")
    assert season.by_effect_only is True
    [scales] = rules("If one or more +1/+1 counters would be put on a creature you control, that many plus one +1/+1 "
                     "counters are put on it instead.")
    [vorinclex] = rules("If you would put one or more counters on a permanent or player, put twice that many of each of "
                        "those kinds of counters on that permanent or player instead.")
    assert not scales.by_effect_only and not vorinclex.by_effect_only


def test_by_effect_only_is_a_condition_of_counters_events():
    """The field is refused on any other event (the model's check)."""
    import pytest

    with pytest.raises(ValueError):
        ReplacementRule(event="token", do="multiply", n=2, by_effect_only=True)
