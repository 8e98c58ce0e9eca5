"""Issue 21's eighth round of keywords (the current official rules, 702.43 onward: the seed text stops at 702.42):
vanishing (702.63a), a keyword of the game loop (engine/game/vanishing.py); unleash (702.98a), a replacement with a
choice as the permanent enters (614.12: the replace program's eff_optional/1) and a restriction (509.1b); umbra armor
(702.89a), a replacement of the enchanted permanent's destruction (the replace program's umbra_armor). The cards are the card database's; the
games are in tests/data/games/702-*.yaml."""

from __future__ import annotations

import pytest

from carddata import db, library_with  # noqa: F401 (the fixture: the card database's index of the session)
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph


def _kw(keyword: str, **fields) -> KeywordAbility:
    return KeywordAbility(kind="keyword", keyword=keyword, **fields)


@pytest.mark.parametrize("n", [1, 2, 4])
def test_vanishing_is_its_replacement_and_the_loop_s_two_triggers(n):
    """702.63a: "This permanent enters with N time counters on it" (614.1c), and the two triggered abilities the loop
    makes (engine/game/vanishing.py; the game is tests/data/games/702-63a-vanishing.yaml)."""
    (ab,) = compile_paragraph(f"Vanishing {n}")
    assert ab.keyword == "vanishing" and ab.n == n
    r = ab.replacement
    assert (r.event, r.do, r.n, r.kind, r.object.self_) == ("enter", "add_counters", n, "time", True)
    assert "702.63a" in executable_by(ab)


@pytest.mark.parametrize("paragraph", ["Vanishing", "Vanishing X", "Vanishing—Pay 2 life."])
def test_near_misses_of_vanishing_are_not_read(paragraph):
    """702.63b's bare vanishing and a variable number are not read as vanishing N."""
    assert compile_paragraph(paragraph) is None


def test_unleash_is_an_optional_counter_as_it_enters_and_a_restriction_on_blocking():
    """702.98a: "You may have this permanent enter with an additional +1/+1 counter on it" and "This permanent can't
    block as long as it has a +1/+1 counter on it"; the game is tests/data/games/702-98a-unleash.yaml."""
    (ab,) = compile_paragraph("Unleash")
    r = ab.replacement
    assert (r.event, r.do, r.n, r.optional, r.kind, r.object.self_) == ("enter", "add_counters", 1, True, None, True)
    (rule,) = ab.combat
    assert rule.rule == "cant_block" and rule.subjects.self_ and rule.subjects.counter == "+1/+1"
    assert "attack/block" in executable_by(ab) and "replace" in executable_by(ab)
    assert _kw("flying").combat is None and _kw("vanishing", n=2).combat is None


def test_only_a_counter_or_a_copy_is_optional_as_a_permanent_enters():
    from engine.vocab.replacement import ReplacementRule
    from engine.vocab.selector import Selector

    with pytest.raises(ValueError):
        ReplacementRule(event="enter", object=Selector(self=True), do="enter_tapped", optional=True)
    with pytest.raises(ValueError):
        ReplacementRule(event="enter", object=Selector(self=True), do="enter_as_copy", optional=True)


@pytest.mark.parametrize("paragraph", ["Unleash 2", "Unleash {2}", "Unleash—Sacrifice a creature."])
def test_near_misses_of_unleash_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_umbra_armor_replaces_the_destruction_of_the_enchanted_permanent():
    """702.89a: "If enchanted permanent would be destroyed, instead remove all damage marked on it and destroy this
    Aura" (a destruction only: the program's umbra_armor is blocked on any other zone change, and not on one that
    can't be regenerated); the game is tests/data/games/702-89a-umbra-armor.yaml."""
    from engine.vocab.replacement import ReplacementRule
    from engine.vocab.selector import Selector

    (ab,) = compile_paragraph("Umbra armor")
    r = ab.replacement
    assert (r.event, r.do, r.object.attached) == ("zone_change", "umbra_armor", True)
    assert executable_by(ab) == "replace (614-616)"
    with pytest.raises(ValueError):
        ReplacementRule(event="damage", target=Selector(attached=True), do="umbra_armor")


@pytest.mark.parametrize("paragraph", ["Umbra armor 2", "Umbra armor {1}", "Totem armor"])
def test_near_misses_of_umbra_armor_are_not_read(paragraph):
    """A number or a cost is no part of umbra armor; "totem armor", its former name, is not the Oracle text's."""
    assert compile_paragraph(paragraph) is None


@pytest.mark.parametrize("keyword, names", [
    ("umbra armor", ("Hyena Umbra", "Spider Umbra", "Boar Umbra", "Mammoth Umbra")),
    ("unleash", ("Rakdos Cackler", "Bloodfray Giant", "Chaos Imps", "Splatter Thug")),
    ("vanishing", ("Waning Wurm", "Calciderm", "Deep Forest Hermit", "Omenpath to Naya")),
])
def test_database_cards_with_these_keywords_have_them_executable(db, keyword, names):  # noqa: F811
    from engine.files.dbcards import card_file

    for name in names:
        card = card_file(db.get(name))
        ab = next(a for a in card.abilities if getattr(a, "keyword", None) == keyword)
        assert executable_by(ab) is not None, name


@pytest.mark.parametrize("board, event, outcomes", [
    # 702.98a: Rakdos Cackler entering, beside Hardened Scales (122.6: +1 on the counter it may enter with): two outcomes
    ({"players": ["alice", "bob"], "battlefield": [{"card": "Hardened Scales", "controller": "alice", "id": "hs"}],
      "hand": {"alice": [{"card": "Rakdos Cackler", "id": "x"}]}},
     {"event": {"type": "enter", "object": "x", "controller": "alice"}}, 2),
    # 702.89a: a destruction of the enchanted creature (one that can't be regenerated too): replaced
    ({"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "b"},
                                                   {"card": "Hyena Umbra", "controller": "alice", "id": "u",
                                                    "attached_to": "b"}]},
     {"event": {"type": "zone_change", "object": "b", "from": "battlefield", "to": "graveyard", "destroy": True,
                "regenerate": False}}, 1),
    # a sacrifice is no destruction: umbra armor doesn't apply
    ({"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "b"},
                                                   {"card": "Hyena Umbra", "controller": "alice", "id": "u",
                                                    "attached_to": "b"}]},
     {"event": {"type": "zone_change", "object": "b", "from": "battlefield", "to": "graveyard"}}, 1),
])
def test_the_replace_program_agrees_with_its_oracle(board, event, outcomes):
    """The replace program and the permutation oracle (tests/oracles/replace.py) on unleash and umbra armor."""
    from test_replace_oracle import _agree

    from bridge.replace import replace
    from engine.files.events import events_from_data, with_entering_cards
    from engine.files.loader import board_from_data

    library = library_with("Rakdos Cackler", "Hyena Umbra", "Hardened Scales")
    _agree(0, board, event, library)
    state = board_from_data(board, library, "case")
    entered, entering, _ = with_entering_cards(state, events_from_data(event, state, library), library)
    got = replace(entered, entering)
    assert len(got.outcomes) == outcomes
    kinds = [e["type"] for o in got.outcomes for e in o.events]
    assert ("umbra_armor" in kinds) == (event["event"].get("destroy") is True)


def test_unleash_restriction_agrees_with_the_combat_oracle():
    """702.98a, 509.1b: bob's Rakdos Cackler with a +1/+1 counter can't block, the one without can: the combat
    program and its oracle (tests/oracles/combat.py) give the same legal declarations of blockers."""
    from bridge.combat import Declaration, all_legal, build_problem, check
    from engine.files.loader import board_from_data
    from oracles.combat import CombatOracle

    library = library_with("Rakdos Cackler")
    board = {"players": ["alice", "bob"], "active": "alice", "step": "declare_blockers",
             "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "a"},
                             {"card": "Rakdos Cackler", "controller": "bob", "id": "wild", "counters": {"+1/+1": 1}},
                             {"card": "Rakdos Cackler", "controller": "bob", "id": "tame"}],
             "combat": {"attackers": {"a": "bob"}}}
    state = board_from_data(board, library, "unleash")
    problem = build_problem(state)
    legal = all_legal(problem, "block", 1000)
    assert sorted((d.pairs, d.pay) for d in legal.declarations) == sorted(CombatOracle(state).block_legal())
    assert sorted(d.pairs for d in legal.declarations) == [(), (("tame", "a"),)]
    assert not check(problem, Declaration("block", (("wild", "a"),), (), ())).legal
