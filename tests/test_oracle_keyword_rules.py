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
from engine.vocab.keywords import KEYWORDS
from engine.vocab.oracle.keyword_rules import DEFINITIONS, TWO_PARTS, definition, definition_text
from carddata import db  # noqa: F401 (the fixture: the card database's index of the session)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


@pytest.mark.parametrize("keyword", sorted(DEFINITIONS))
def test_each_definition_compiles_to_one_executed_ability(keyword):
    param = KEYWORDS[keyword].param  # (modular N: a number its definition's words don't use, 702.43a)
    fields = {"n": {"n": 2}, "cost": {"cost": "{2}{R}"}, "quality": {"quality": "Blaring Recruiter"},  # (702.124j)
              "n+cost": {"n": 2, "cost": "{1}{G}"}}.get(param, {})  # (702.77a reinforce N—[cost])
    ab = _kw(keyword, **fields)
    if keyword == "backup":  # 702.165a: what it grants is the card's (tests/test_oracle_backup.py)
        ab = _kw(keyword, n=2, grants=[{"keyword": "flying"}])
    means = definition(ab)
    assert means is not None and executable_by(means) is not None
    by = executable_by(ab)  # (a keyword of TWO_PARTS: its replacement's program first)
    assert by.startswith(f"as its definition ({DEFINITIONS[keyword][0]}") or (
        keyword in TWO_PARTS and f"; as its definition ({DEFINITIONS[keyword][0]}" in by)
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


def test_echo_means_an_upkeep_trigger_with_its_intervening_if_and_a_sacrifice_unless_paid():
    means = definition(_kw("echo", cost="{2}{R}"))
    assert means.trigger.model_dump(exclude_defaults=True) == {"at_beginning_of": "upkeep", "if_came_under_control": True}
    assert [op.model_dump(exclude_defaults=True, by_alias=True) for op in means.one_shot] == [
        {"op": "sacrifice", "what": {"self": True}, "who": "you", "unless_pays": "{2}{R}"}]
    # a cost the loop doesn't pay as it resolves (in words, hybrid mana): echo stays not executable
    assert executable_by(_kw("echo", cost="Discard a card.")) is None and executable_by(_kw("echo", cost="{R/G}")) is None


@pytest.mark.parametrize("paragraph", [
    "At the beginning of each upkeep, if this permanent came under your control since the beginning of your last "
    "upkeep, sacrifice it unless you pay {2}{R}.",
    "At the beginning of your upkeep, draw a card. If this permanent came under your control since the beginning of "
    "your last upkeep, sacrifice it unless you pay {2}{R}.",
    "When this creature enters, if this permanent came under your control since the beginning of your last upkeep, "
    "sacrifice it unless you pay {2}{R}.",
    "At the beginning of your upkeep, sacrifice it unless you pay life.",
])
def test_near_misses_of_echo_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_a_keyword_whose_definition_is_not_here_stays_not_executable():
    # (graft and mobilize are now; vanishing and unleash are the game loop's and the programs': test_oracle_keywords_round8.py;
    # riot the replace program's and the game loop's: test_oracle_keywords_riot.py; soulbond the game loop's:
    # test_oracle_soulbond.py)
    assert definition(_kw("backup", n=1)) is None and executable_by(_kw("backup", n=1)) is None
    assert executable_by(_kw("haunt")) is None


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


ECHO = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {{card: Forest, controller: alice}}
  - {{card: Forest, controller: alice}}
library:
  alice: [Island, Island, Island]
  bob: [Island, Island, Island]
hand:
  alice: [Pouncing Jaguar]
actions:
  - {{cast: pouncing_jaguar, tap: [forest]}}
{answers}until: {{turn: {turn}, step: beginning_of_combat}}
"""


def test_echo_unpaid_sacrifices_the_permanent_at_its_controllers_next_upkeep(db, lib, tmp_path):
    assert lib.get("Pouncing Jaguar", database=False) is None
    result = _game(lib, tmp_path, ECHO.format(answers="  - {may: false, by: alice, at: {turn: 3}}\n", turn=3))
    st = result.state
    # 702.30a: it came under alice's control (turn 1) after her last upkeep began: the echo triggers at her
    # upkeep of turn 3; unpaid (118.12), it is sacrificed (701.21a)
    assert "pouncing_jaguar" not in st.battlefield and st.zone_ids("graveyard", "alice") == ["pouncing_jaguar"]
    assert any(e.rule == "118.12" and "doesn't pay {G}" in e.text for e in result.log)


def test_echo_paid_keeps_the_permanent_and_doesnt_trigger_again(db, lib, tmp_path):
    result = _game(lib, tmp_path, ECHO.format(answers="  - {may: true, by: alice, tap: [forest_2], at: {turn: 3}}\n", turn=5))
    st = result.state
    # 118.12: paid at the upkeep of turn 3, it stays; 603.4: at the upkeep of turn 5 it has been under alice's
    # control since her last upkeep began: the echo doesn't trigger (no answer is asked for)
    assert "pouncing_jaguar" in st.battlefield and st.zone_ids("graveyard", "alice") == []
    assert [e.turn for e in result.log if e.rule == "118.12"] == [3]
    assert any("603.4" in e.rule and e.turn == 5 for e in result.log)


def test_echo_of_a_permanent_on_the_loaded_board_doesnt_trigger(db, lib, tmp_path):
    result = _game(lib, tmp_path, """players: [alice, bob]
active: bob
step: end
battlefield:
  - {card: Pouncing Jaguar, controller: alice}
library:
  alice: [Island]
until: {turn: 2, step: beginning_of_combat}
""")
    # 603.4: a board without history: its permanents were under their controllers' control before the game
    assert "pouncing_jaguar" in result.state.battlefield and not any(e.rule == "118.12" for e in result.log)


def _equipment_game(lib, tmp_path, card: str, lands: int):
    from bridge.layers import compute_layers

    assert lib.get(card, database=False) is None
    cid = card.lower().replace(" ", "_").replace("'", "")
    board = "".join("  - {card: Mountain, controller: alice}\n" for _ in range(lands))
    tap = ", ".join(["mountain"] + [f"mountain_{i}" for i in range(2, lands + 1)])
    result = _game(lib, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{board}hand:
  alice: ["{card}"]
actions:
  - {{cast: {cid}, tap: [{tap}]}}
until: {{turn: 1, step: beginning_of_combat}}
""", auto=True)
    st = result.state
    tokens = [x for x in st.battlefield if st.objects[x].kind == "token"]
    return st, cid, tokens, compute_layers(st).objects


def test_living_weapon_creates_a_germ_and_attaches_the_equipment_to_it(db, lib, tmp_path):
    st, cid, tokens, chars = _equipment_game(lib, tmp_path, "Flayer Husk", 1)
    # 702.92a: a 0/0 black Phyrexian Germ token, then the Equipment attached to it (701.3a) before the
    # state-based actions are checked: with "Equipped creature gets +1/+1" it is a 1/1 and survives (704.5f)
    assert len(tokens) == 1 and st.objects[cid].attached_to == tokens[0]
    germ = chars[tokens[0]]
    assert (germ["power"], germ["toughness"], germ["colors"], sorted(germ["subtypes"])) == (1, 1, ["black"], ["Germ", "Phyrexian"])


def test_for_mirrodin_creates_a_rebel_and_attaches_the_equipment_to_it(db, lib, tmp_path):
    st, cid, tokens, chars = _equipment_game(lib, tmp_path, "Vulshok Splitter", 4)
    # 702.163a: a 2/2 red Rebel token, the Equipment attached to it: "+2/+0" makes it 4/2
    assert len(tokens) == 1 and st.objects[cid].attached_to == tokens[0]
    rebel = chars[tokens[0]]
    assert (rebel["power"], rebel["toughness"], rebel["colors"], rebel["subtypes"]) == (4, 2, ["red"], ["Rebel"])


@pytest.mark.parametrize("paragraph", [
    "When this Equipment enters, create two 2/2 red Rebel creature tokens, then attach this Equipment to it.",
    "When this Equipment enters, create a 2/2 red Rebel creature token, then attach this Equipment to them.",
    "When this Equipment enters, create a 2/2 red Rebel creature token, then attach it to it.",
])
def test_near_misses_of_create_then_attach_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


FABRICATE = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {{card: Plains, controller: alice}}
  - {{card: Plains, controller: alice}}
  - {{card: Plains, controller: alice}}
hand:
  alice: [Glint-Sleeve Artisan]
actions:
  - {{cast: glint_sleeve_artisan, tap: [plains, plains_2, plains_3]}}
  - {{may: {may}, by: alice}}
until: {{turn: 1, step: beginning_of_combat}}
"""


def test_fabricate_puts_the_counter_when_its_controller_chooses_to(db, lib, tmp_path):
    assert lib.get("Glint-Sleeve Artisan", database=False) is None
    st = _game(lib, tmp_path, FABRICATE.format(may="true")).state
    # 702.123a: a +1/+1 counter on it, and no Servo
    assert st.objects["glint_sleeve_artisan"].counters == {"+1/+1": 1}
    assert not [x for x in st.battlefield if st.objects[x].kind == "token"]


def test_fabricate_creates_a_servo_when_its_controller_doesnt(db, lib, tmp_path):
    from bridge.layers import compute_layers

    st = _game(lib, tmp_path, FABRICATE.format(may="false")).state
    # 702.123a, 608.2c: "If you don't": a 1/1 colorless Servo artifact creature token, no counter
    tokens = [x for x in st.battlefield if st.objects[x].kind == "token"]
    assert st.objects["glint_sleeve_artisan"].counters == {} and len(tokens) == 1
    servo = compute_layers(st).objects[tokens[0]]
    assert (servo["power"], servo["toughness"], servo["colors"], sorted(servo["types"]), servo["subtypes"]) == (
        1, 1, [], ["artifact", "creature"], ["Servo"])


@pytest.mark.parametrize("paragraph", [
    "When this creature enters, you may draw a card. If you don't, create a 1/1 colorless Servo artifact creature token.",
    "When this creature enters, you may put a +1/+1 counter on target creature. If you don't, draw a card.",
    "When this creature enters, put a +1/+1 counter on it. If you don't, draw a card.",
])
def test_near_misses_of_if_you_dont_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None
