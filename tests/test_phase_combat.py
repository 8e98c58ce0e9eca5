"""phase.rs's attack and block claims (engine/app/phase/combat.py; docs/crosscheck.md, "Checking phase.rs"): the
example combat boards put to phase, each claim checked by mtgjudge's crosscheck as any claim (agreeing where phase
follows 508.1 and 509.1), the cases phase can't be asked reported with their reason, and seeded disagreements
(phase gaps) found with the right field and rule. Skipped without the optional extra (phase-python)."""

from __future__ import annotations

import json

import pytest

from phase_required import cards, checker, require_phase  # noqa: E402,F401 (the fixtures)

phase = require_phase()


from conftest import ROOT  # noqa: E402

from engine.app.phase import Unexpressible  # noqa: E402
from engine.app.phase.combat import combat_claim  # noqa: E402
from engine.files.declaration import declaration_from_data  # noqa: E402
from engine.files.loader import board_from_data, load_board  # noqa: E402


def _claim(checker, cards, case: dict) -> dict:
    """phase's claim on a case (its board a file of the repository, or inline)."""
    if "board_file" in case:
        state = load_board(ROOT / case["board_file"], checker.library)
    else:
        state = board_from_data(case["board"], checker.library, "board")
    decl = case.get("declaration")
    declaration = declaration_from_data(decl, case["query"], state) if decl is not None else None
    return combat_claim(state, case["query"], declaration, cards)


def _checked(checker, case: dict, claim: dict) -> dict:
    """mtgjudge's crosscheck result on the case with phase's claim."""
    return checker.evaluate(1, json.dumps({**case, "claim": claim}), str(ROOT))


def _case(name: str, board: str, query: str, declaration=None) -> dict:
    case = {"id": name, "query": query, "board_file": f"examples/{board}"}
    if declaration is not None:
        case["declaration"] = declaration
    return case


# the example boards, and phase's answer on each: mtgjudge agrees
AGREEING = [
    # Lure and menace (C7): the Bears alone can't block the Brute (702.111b), and the Raider can't block: no
    # block obeys Lure's requirement, the empty one is the answer
    (_case("c7-best", "combat/c7-lure-menace.yaml", "block"), {"example": {"block": {}}}),
    (_case("c7-bears", "combat/c7-lure-menace.yaml", "block", {"block": {"bears": "brute"}}), {"legal": False}),
    # C7 with two creatures able to block: Lure makes both block the Brute, which menace allows (509.1c)
    (_case("c7-two-best", "c7-lure-menace-two-able-blockers.yaml", "block"),
     {"example": {"block": {"grizzly_bears": "boggart_brute", "walking_corpse": "boggart_brute"}}}),
    # Propaganda (C8): Juggernaut's requirement costs mana, so it is never forced (508.1d); paid, it attacks
    (_case("c8-best", "combat/c8-propaganda.yaml", "attack"), {"example": {"attack": {}}}),
    (_case("c8-pay", "combat/c8-propaganda.yaml", "attack", {"attack": {"juggernaut": "bob"}, "pay": ["juggernaut"]}),
     {"legal": True}),
    (_case("c8-unpaid", "combat/c8-propaganda.yaml", "attack", {"attack": {"juggernaut": "bob"}}), {"legal": False}),
    # attacking the planeswalker costs nothing: Juggernaut must attack (508.1d), and it attacks Ashiok
    (_case("c8-pw-best", "combat/c8-propaganda-planeswalker.yaml", "attack"),
     {"example": {"attack": {"juggernaut": "ashiok"}}}),
    (_case("c8-pw-loyalty", "c8-propaganda-attacks-if-able-planeswalker.yaml", "attack",
           {"attack": {"juggernaut": "bob"}}), {"legal": False}),
    # menace and "blocks each combat if able" (E6): both must block the Brute (509.1c)
    (_case("e6-best", "combat/e6-menace-and-blocks-if-able.yaml", "block"),
     {"example": {"block": {"bears": "brute", "giant": "brute"}}}),
    (_case("e6-bears", "combat/e6-menace-and-blocks-if-able.yaml", "block", {"block": {"bears": "brute"}}),
     {"legal": False}),
    (_case("e6-none", "combat/e6-menace-and-blocks-if-able.yaml", "block", {"block": {}}), {"legal": False}),
    # Lure: every creature able to block the Bears does (509.1c)
    (_case("lure-best", "combat/lure-three-blockers.yaml", "block"),
     {"example": {"block": {"lion": "bears", "ox": "bears", "vanguard": "bears"}}}),
    (_case("open-none", "combat/open-board-2x2.yaml", "block", {"block": {}}), {"legal": True}),
    # Silent Arbiter: one attacker at most (508.1c), and it is the Juggernaut, which attacks each combat if able
    (_case("arbiter-two", "combat/silent-arbiter.yaml", "attack", {"attack": {"juggernaut": "bob", "bears": "bob"}}),
     {"legal": False}),
    (_case("arbiter-best", "combat/silent-arbiter.yaml", "attack"), {"example": {"attack": {"juggernaut": "bob"}}}),
    (_case("pw-all", "combat/three-attackers-and-a-planeswalker.yaml", "attack",
           {"attack": {"bears": "ashiok", "giant": "bob", "vanguard": "ashiok"}}), {"legal": True}),
    # E5: the Marauder's shadow: a creature without shadow can't block it (702.28b)
    (_case("e5", "e5-flying-and-shadow-evasion.yaml", "block", {"block": {"wind_drake": "dauthi_marauder"}}),
     {"legal": False}),
]


@pytest.mark.parametrize("case, claim", AGREEING, ids=[c["id"] for c, _ in AGREEING])
def test_phase_agrees_on_the_example_boards(checker, cards, case, claim):
    assert _claim(checker, cards, case) == claim
    result = _checked(checker, case, claim)
    assert result["agree"], result


@pytest.mark.parametrize("case, reason", [
    (_case("e76", "combat/e76-banding-flyer-and-swampwalker.yaml", "block", {"block": {"spider": "pegasus"}}), "bands"),
    # Wall of Tears has blocked already, its ability on the stack: the board is after the declaration
    (_case("e36", "e36-wall-of-tears-blocks.yaml", "block"), "combat"),
    # Nightmare's power and toughness are the Swamps its controller controls: none, so phase's state-based
    # actions put it into the graveyard on the way to the declaration (704.5f)
    ({"id": "nightmare", "query": "attack", "board": {
        "players": ["alice", "bob"], "active": "alice",
        "battlefield": [{"card": "Nightmare", "controller": "alice", "id": "n"}]}}, "phase refused the board"),
])
def test_what_phase_cant_be_asked_is_unexpressible(checker, cards, case, reason):
    with pytest.raises(Unexpressible) as e:
        _claim(checker, cards, case)
    assert e.value.reason == reason, e.value


# phase gaps (issue 26): each case's claim differs from ours in this field, under this rule, and mtgjudge is right
OKK = {"players": ["alice", "bob"], "active": "alice",
       "battlefield": [{"card": "Okk", "controller": "alice", "id": "okk"},
                       {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}]}
TROVE = {"players": ["alice", "bob"], "active": "alice",
         "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "bears"},
                         {"card": "Trove of Temptation", "controller": "bob"}]}
CONSCRIPTS = {"players": ["alice", "bob"], "active": "alice",
              "battlefield": [{"card": "Grizzly Bears", "controller": "alice", "id": "bears"},
                              {"card": "Orcish Conscripts", "controller": "bob", "id": "orcs"}],
              "combat": {"attackers": {"bears": "bob"}}}


@pytest.mark.parametrize("case, claim, field, rule", [
    # "This creature can't attack unless a creature with greater power also attacks": phase lets Okk attack alone
    ({"id": "okk", "query": "attack", "board": OKK, "declaration": {"attack": {"okk": "bob"}}},
     {"legal": True}, "legal", "508.1c"),
    # Trove of Temptation: "Each opponent must attack you ... with at least one creature each combat if able":
    # phase accepts the empty attack first
    ({"id": "trove", "query": "attack", "board": TROVE}, {"example": {"attack": {}}}, "example", "508.1d"),
    # "This creature can't block unless at least two other creatures block": phase lets the Conscripts block alone
    ({"id": "conscripts", "query": "block", "board": CONSCRIPTS, "declaration": {"block": {"orcs": "bears"}}},
     {"legal": True}, "legal", "509.1b"),
], ids=["okk", "trove", "conscripts"])
def test_a_phase_gap_is_found_with_its_field_and_rule(checker, cards, case, claim, field, rule):
    assert _claim(checker, cards, case) == claim
    result = _checked(checker, case, claim)
    assert not result["agree"]
    assert [(d["field"], d["rule"]) for d in result["differences"]] == [(field, rule)]
