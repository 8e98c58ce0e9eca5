"""Keyword abilities executed through their rule definitions (engine/vocab/oracle/keyword_rules.py):
"[keyword] means '[ability]'" (702), the definition's words compiled by the families' grammars and
executed by the game loop as the ability they are.

The cards are the card database's, read through engine.files.dbcards.card_file (none is a hand card);
each game asserts the rules outcome of the keyword's definition.
"""

from __future__ import annotations

import pytest

from engine.files.library import load_library
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.keyword_costs import stands_for
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.keyword_rules import DEFINITIONS, definition, definition_text
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


@pytest.mark.parametrize("keyword", sorted(DEFINITIONS))
def test_each_definition_compiles_to_one_executed_ability(keyword):
    ab = _kw(keyword, n=2) if "{n}" in DEFINITIONS[keyword][1] or "{a_n}" in DEFINITIONS[keyword][1] else _kw(keyword)
    means = definition(ab)
    assert means is not None and executable_by(means) is not None
    assert executable_by(ab).startswith(f"as its definition ({DEFINITIONS[keyword][0]}")
    assert stands_for(ab) is means  # the loop executes the keyword as that ability (the same model each time)


def test_the_parameter_is_written_into_the_definition():
    assert definition_text("afterlife", 1) == ("When this permanent is put into a graveyard from the battlefield, create a "
                                               "1/1 white and black Spirit creature token with flying.")
    assert "create three 1/1 white and black Spirit creature tokens" in definition_text("afterlife", 3)
    assert "with mana value 4 or less" in definition_text("soulshift", 4)
    assert definition_text("soulshift") is None  # a number the keyword needs and doesn't have


def test_soulshift_means_a_dies_trigger_returning_a_spirit_card_with_lesser_mana_value():
    means = definition(_kw("soulshift", n=4))
    assert means.kind == "triggered" and means.trigger.event == "dies"
    (spec,) = means.targets
    assert (spec.what, spec.subtypes, spec.mana_value_at_most, spec.controller) == ("card", ["Spirit"], 4, "you")


def test_a_keyword_whose_definition_is_not_here_stays_not_executable():
    assert definition(_kw("renown", n=1)) is None and executable_by(_kw("renown", n=1)) is None
    assert executable_by(_kw("unleash")) is None


@pytest.mark.parametrize("paragraph", [
    "When this creature dies, return target Spirit card with mana value 3 or less from a graveyard to your hand.",
    "When this creature dies, return target Spirit card with mana value 3 or more from your graveyard to your hand.",
    "When this creature dies, return target Spirit card with mana value 3 from your graveyard to your hand.",
])
def test_near_misses_of_the_subtype_card_target_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_database_keyword_lines_compile_to_executed_keywords(db):
    from engine.files.dbcards import card_file

    for name, keyword, n in (("Hundred-Talon Kami", "soulshift", 4), ("Ministrant of Obligation", "afterlife", 2)):
        card = card_file(db.get(name))
        ab = next(a for a in card.abilities if getattr(a, "keyword", None) == keyword)
        assert ab.n == n and executable_by(ab) is not None, name


def _game(lib, tmp_path, text: str, auto: bool = False):
    from engine.files.gamefile import load_game
    from engine.game import play

    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    state, actions, until = load_game(path, lib)
    return play(state, actions, library=lib, until=until, auto=auto)


SOULSHIFT = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {{card: Hundred-Talon Kami, controller: alice}}
  - {{card: Mountain, controller: alice}}
graveyard:
  alice: [Nightsoil Kami, Burr Grafter]
hand:
  alice: [Lightning Bolt]
actions:
  - {{cast: lightning_bolt, targets: [hundred_talon_kami], tap: [mountain]}}
  - {{trigger_targets: {{"hundred_talon_kami#2": [{target}]}}}}
  - {{may: true, by: alice}}
until: {{turn: 1, step: beginning_of_combat}}
"""


def test_soulshift_returns_the_spirit_card_to_its_owners_hand(db, lib, tmp_path):
    for name in ("Hundred-Talon Kami", "Nightsoil Kami", "Burr Grafter"):
        assert lib.get(name, database=False) is None
    result = _game(lib, tmp_path, SOULSHIFT.format(target="burr_grafter"))
    st = result.state
    # 702.46a (700.4: dies): Burr Grafter, a Spirit card of mana value 4, goes to alice's hand
    assert st.zone_ids("hand", "alice") == ["burr_grafter"]
    assert st.zone_ids("graveyard", "alice") == ["nightsoil_kami", "lightning_bolt", "hundred_talon_kami"]


def test_soulshift_cant_target_a_spirit_of_greater_mana_value(db, lib, tmp_path):
    from engine.game.common import GameError

    # 115.1, 202.3, 603.3d: Nightsoil Kami's mana value is 6, more than 4: no legal target for the trigger
    with pytest.raises(GameError, match=r"603\.3d.*mana value is greater than 4"):
        _game(lib, tmp_path, SOULSHIFT.format(target="nightsoil_kami"))


def test_afterlife_creates_its_spirit_tokens_as_the_permanent_dies(db, lib, tmp_path):
    assert lib.get("Ministrant of Obligation", database=False) is None
    result = _game(lib, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Ministrant of Obligation, controller: bob}
  - {card: Mountain, controller: alice}
hand:
  alice: [Lightning Bolt]
actions:
  - {cast: lightning_bolt, targets: [ministrant_of_obligation], tap: [mountain]}
until: {turn: 1, step: beginning_of_combat}
""", auto=True)
    from bridge.layers import compute_layers

    st = result.state
    # 702.135a: two 1/1 white and black Spirit creature tokens with flying, under bob's control
    tokens = [x for x in st.battlefield if st.objects[x].kind == "token"]
    chars = compute_layers(st).objects
    assert len(tokens) == 2 and st.zone_ids("graveyard", "bob") == ["ministrant_of_obligation"]
    for t in tokens:
        c = chars[t]
        assert (c["controller"], c["power"], c["toughness"], sorted(c["colors"]), c["subtypes"]) == (
            "bob", 1, 1, ["black", "white"], ["Spirit"])
        assert "flying" in [str(a).lower() for a in c["abilities"]]
