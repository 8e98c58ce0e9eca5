"""604.3a (2), (4): an ability an effect grants is never characteristic-defining: a characteristic-defining ability is
printed on the card it affects, given to a token by the effect that made it, or acquired through a copy or a
text-changing effect. So "Creatures you control have 'This creature's power is equal to the number of cards in your
hand.'" gives a static ability, whose effect sets power in 7b, not 7a (613.4a-b); the card vocabulary refuses a
granted ability of kind characteristic_defining, and the layers engine and its oracle never apply a granted ability's
effect as one (bridge/layers/step_facts.py, tests/oracles/layers.py)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from engine.vocab.effects import GrantedText
from engine.vocab.oracle.compile import compile_paragraph

TEXT = "Creatures you control have \"This creature's power is equal to the number of cards in your hand.\""


def test_a_quoted_power_setting_ability_is_granted_as_a_static_ability():
    [ability] = compile_paragraph(TEXT)
    [op] = ability.continuous.do
    [granted] = op.abilities
    assert op.op == "add_abilities"
    assert granted.kind == "static"
    assert granted.text == "This creature's power is equal to the number of cards in your hand."
    assert [o.op for o in granted.continuous.do] == ["set_pt"]


def test_the_vocabulary_refuses_a_granted_characteristic_defining_ability():
    fields = compile_paragraph(TEXT)[0].continuous.do[0].abilities[0].model_dump(by_alias=True, exclude_none=True)
    assert GrantedText.model_validate(fields).kind == "static"
    with pytest.raises(ValidationError, match="604.3a"):
        GrantedText.model_validate(dict(fields, kind="characteristic_defining"))
