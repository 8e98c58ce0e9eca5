"""phase.rs's replace claims (engine/app/phase/replace.py; issue 26): the events phase's debug actions make through
its replacement effects (a permanent dying, a card entering, a counter put, cards drawn) agree with our answer on
the example boards (C9: Doubling Season and Hardened Scales, 616.1; C12: Kalitas and Rest in Peace, 616.1; a shock
land's optional replacement, 614.12), every outcome phase reaches is claimed and who it asks to order the effects,
the events it can't be given are unexpressible with their reason, and a real difference is found with its rule.
Runs only with the optional extra (`mtgjudge[phase]`)."""

from __future__ import annotations

import json

import pytest

from phase_required import cards, checker, require_phase  # noqa: E402,F401 (the fixtures)

phase = require_phase()


from conftest import EXAMPLES  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from engine.files.yamlio import parse_text  # noqa: E402


from engine.app.phase import Unexpressible  # noqa: E402
from engine.app.phase.replace import replace_claim  # noqa: E402


def _example(name: str) -> dict:
    path = EXAMPLES / "replace" / name
    return parse_text(path.read_text(encoding="utf-8"), str(path))


def _ask(checker, cards, board: dict, event):
    """phase's claim and our answer on a board and an event (or a list of simultaneous events)."""
    from engine.files.events import events_from_data

    state = board_from_data(board, checker.library, "board")
    data = {"events": event} if isinstance(event, list) else {"event": event}
    claim = replace_claim(state, events_from_data(data, state, checker.library, "event"), cards)
    ours = checker.ours({"id": "t", "query": "replace", "board": board, "event": event})
    return claim, ours


def _differences(ours: dict, claim: dict) -> list[dict]:
    from engine.app.crosscheck.checker import compare

    return compare("replace", ours, claim, {})


def _amounts(claim: dict) -> list:
    return sorted(tuple(sorted((e["type"], e.get("to"), e.get("amount")) for e in o["events"]))
                  for o in claim["outcomes"])


def test_c9_doubling_season_and_hardened_scales_every_order_and_its_chooser(checker, cards):
    """616.1, 616.1e: one +1/+1 counter on alice's Bears; she orders the two effects: 3 or 4 counters."""
    claim, ours = _ask(checker, cards, _example("c9-doubling-season-hardened-scales.yaml"),
                       _example("c9-event.yaml")["event"])
    assert claim["chooser"] == "alice"
    assert claim["outcome_count"] == 2
    assert sorted(o["events"][0]["amount"] for o in claim["outcomes"]) == [3, 4]
    assert _differences(ours, claim) == []


def test_c12_kalitas_and_rest_in_peace_dying(checker, cards):
    """616.1: bob's Bears would die; bob chooses: Kalitas (exiled, alice gets a Zombie) or Rest in Peace (exiled)."""
    claim, ours = _ask(checker, cards, _example("c12-kalitas-rest-in-peace.yaml"), _example("c12-event.yaml")["event"])
    assert claim["chooser"] == "bob"
    tokens = sorted(len([e for e in o["events"] if e["type"] == "token"]) for o in claim["outcomes"])
    assert tokens == [0, 1]
    assert all(o["events"][0]["to"] == "exile" for o in claim["outcomes"])
    assert _differences(ours, claim) == []


def test_a_destruction_is_a_dying_when_nothing_reads_a_destruction(checker, cards):
    """701.8, 700.4: with only Rest in Peace, a destruction is exiled instead, the event's flags kept."""
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Rest in Peace", "controller": "alice"},
                                                          {"card": "Grizzly Bears", "controller": "bob"}]}
    event = {"type": "zone_change", "object": "grizzly_bears", "from": "battlefield", "to": "graveyard",
             "destroy": True}
    claim, ours = _ask(checker, cards, board, event)
    assert claim["outcomes"] == [{"events": [{**event, "to": "exile"}]}]
    assert "chooser" not in claim  # one effect: phase asks nobody
    assert _differences(ours, claim) == []


def test_a_shock_land_entering_its_optional_replacement(checker, cards):
    """614.12, 614.1c: Steam Vents entering from alice's hand: she pays 2 life (untapped) or it enters tapped."""
    board = {"players": ["alice", "bob"], "battlefield": [], "hand": {"alice": [{"card": "Steam Vents", "id": "vents"}]}}
    claim, ours = _ask(checker, cards, board, {"type": "enter", "object": "vents", "controller": "alice"})
    assert claim["outcome_count"] == 2
    assert sorted(json.dumps(o["events"]) for o in claim["outcomes"]) == sorted(json.dumps(x) for x in (
        [{"type": "pay_life", "player": "alice", "amount": 2},
         {"type": "enter", "object": "vents", "controller": "alice", "counters": {}, "tapped": False}],
        [{"type": "enter", "object": "vents", "controller": "alice", "counters": {}, "tapped": True}]))
    assert _differences(ours, claim) == []


@pytest.mark.parametrize("event, words", [
    ({"type": "damage", "source": "grizzly_bears", "target": "bob", "amount": 2}, "a damage event"),
    ([{"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1}] * 2, "2 simultaneous events"),
    ({"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 2}, "2 +1/+1 counter(s)"),
    ({"type": "zone_change", "object": "grizzly_bears", "from": "battlefield", "to": "exile"}, "from battlefield to exile"),
])
def test_events_phase_cannot_be_given_are_unexpressible(checker, cards, event, words):
    from engine.files.events import events_from_data

    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice"}]}
    state = board_from_data(board, checker.library, "board")
    data = {"events": event} if isinstance(event, list) else {"event": event}
    with pytest.raises(Unexpressible) as e:
        replace_claim(state, events_from_data(data, state, checker.library, "event"), cards)
    assert e.value.reason == "event" and words in e.value.detail


def test_a_destruction_on_a_board_that_reads_one_is_unexpressible(checker, cards):
    """702.12b: indestructible makes a destruction do nothing, a sacrifice not: not made as a sacrifice."""
    from engine.files.events import events_from_data

    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Grizzly Bears", "controller": "alice",
                                                           "counters": {"shield": 1}}]}
    state = board_from_data(board, checker.library, "board")
    event = {"type": "zone_change", "object": "grizzly_bears", "from": "battlefield", "to": "graveyard", "destroy": True}
    with pytest.raises(Unexpressible) as e:
        replace_claim(state, events_from_data({"event": event}, state, checker.library, "event"), cards)
    assert e.value.reason == "event" and "shield counter" in e.value.detail


def test_seeded_disagreement_essence_of_the_wild_614_1c(checker, cards):
    """614.1c: "Creatures you control enter as a copy of Essence of the Wild" is a replacement effect on the Bears
    entering; phase 0.103.0 moves the Bears in as themselves: the difference is reported on the outcomes, 614.1."""
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Essence of the Wild", "controller": "alice"}],
             "hand": {"alice": [{"card": "Grizzly Bears", "id": "bears"}]}}
    claim, ours = _ask(checker, cards, board, {"type": "enter", "object": "bears", "controller": "alice"})
    assert claim["outcomes"] == [{"events": [{"type": "enter", "object": "bears", "controller": "alice",
                                              "counters": {}, "tapped": False}]}]
    assert ours["outcomes"][0]["events"][0].get("copy_of") == "essence_of_the_wild"
    diffs = _differences(ours, claim)
    assert diffs and {d["field"] for d in diffs} == {"outcomes"}
    assert "614.1" in {d["rule"] for d in diffs}


def test_disagreement_humility_removes_an_enters_with_ability_614_12(checker, cards):
    """614.12: the replacement effects that apply to a permanent entering are read from it as it would exist on the
    battlefield, the continuous effects already there included: under Humility, Hamlet Vanguard has no "enters with
    two +1/+1 counters for each other nontoken Human you control", so it enters with none (ours); phase puts two."""
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Humility", "controller": "alice"},
                                                          {"card": "Elite Vanguard", "controller": "alice"}],
             "hand": {"alice": [{"card": "Hamlet Vanguard", "id": "hamlet"}]}}
    claim, ours = _ask(checker, cards, board, {"type": "enter", "object": "hamlet", "controller": "alice"})
    assert [o["events"][0]["counters"] for o in claim["outcomes"]] == [{"+1/+1": 2}]
    assert [o["events"][0]["counters"] for o in ours["outcomes"]] == [{}]
    assert {d["field"] for d in _differences(ours, claim)} == {"outcomes"}


def test_a_planeswalker_enters_with_its_loyalty(checker, cards):
    """306.5b: phase keeps a planeswalker's loyalty counters as its loyalty; read back as loyalty counters."""
    board = {"players": ["alice", "bob"], "battlefield": [],
             "hand": {"alice": [{"card": "Chandra, Fire Artisan", "id": "chandra"}]}}
    claim, ours = _ask(checker, cards, board, {"type": "enter", "object": "chandra", "controller": "alice"})
    assert claim["outcomes"][0]["events"][0]["counters"] == {"loyalty": 4}
    assert _differences(ours, claim) == []


def test_tokens_doubled_twice(checker, cards):
    """614.1a, 616.1: two Soldier tokens under Doubling Season and Anointed Procession: eight, in either order."""
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Doubling Season", "controller": "bob"},
                                                          {"card": "Anointed Procession", "controller": "bob"}]}
    claim, ours = _ask(checker, cards, board, {"type": "token", "controller": "bob", "token": "Soldier", "amount": 2})
    assert claim["outcomes"] == [{"events": [{"type": "token", "controller": "bob", "token": "Soldier", "amount": 8}]}]
    assert _differences(ours, claim) == []


def test_a_draw_of_two_is_two_draws_laboratory_maniac_121_2(checker, cards):
    """121.2, 614.11-614.11a: drawing two cards is two draws; with one card in bob's library the second is made
    from an empty library, and Laboratory Maniac replaces it: bob draws one card, then wins. phase reads it so, and
    so does mtgjudge since this cross-check found it reading one event of two draws (bridge/replace/draws.py)."""
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Laboratory Maniac", "controller": "bob"}],
             "library": {"bob": ["Island"]}}
    claim, ours = _ask(checker, cards, board, {"type": "draw", "player": "bob", "amount": 2})
    assert claim["outcomes"] == [{"events": [{"type": "draw", "player": "bob", "amount": 1},
                                             {"type": "win_game", "player": "bob", "amount": 1}]}]
    assert _differences(ours, claim) == []


def _board_file(name: str) -> dict:
    path = EXAMPLES / name
    return parse_text(path.read_text(encoding="utf-8"), str(path))


def test_c10_rest_in_peace_a_destroyed_creature_is_exiled(checker, cards):
    """614.6, 700.4: C10's Bears destroyed under Rest in Peace (Blood Artist beside it reads no destruction): exiled."""
    event = {"type": "zone_change", "object": "grizzly_bears", "from": "battlefield", "to": "graveyard", "destroy": True}
    claim, ours = _ask(checker, cards, _board_file("c10-rest-in-peace-dies-triggers.yaml"), event)
    assert [o["events"][0]["to"] for o in claim["outcomes"]] == ["exile"]
    assert _differences(ours, claim) == []


def test_e63_ashiok_phase_pays_the_life_614_1a(checker, cards):
    """E63, 614.1a: Breeding Pool enters from alice's library under Ashiok ("If you would pay life while your library
    has at least that many cards in it, exile that many cards from the top of your library instead"): paying 2 life
    becomes two cards exiled (ours); phase 0.103.0 pays the life. Declining, it enters tapped: both agree."""
    claim, ours = _ask(checker, cards, _board_file("e63-ashiok-breeding-pool-from-library.yaml"),
                       _example("e63-event.yaml")["event"])
    paid = [o["events"] for o in claim["outcomes"] if o["events"][0]["type"] == "pay_life"]
    assert paid == [[{"type": "pay_life", "player": "alice", "amount": 2},
                     {"type": "enter", "object": "breeding_pool", "controller": "alice", "counters": {}, "tapped": False}]]
    exiled = [o["events"] for o in ours["outcomes"] if o["events"][0]["type"] == "zone_change"]
    assert [e["to"] for e in exiled[0][:2]] == ["exile", "exile"]
    diffs = _differences(ours, claim)
    assert {d["field"] for d in diffs} == {"outcomes"} and len(diffs) == 2  # the tapped outcome agrees


@pytest.mark.parametrize("board, event, reason, words", [
    ("replace/614-12-metallic-mimic.yaml", "614-12-event.yaml", "choice", "NamedChoice"),  # the type chosen, 614.12
    ("replace/616-1b-gather-specimens-essence.yaml", "616-1b-event.yaml", "resolved effect", "Gather Specimens"),
    ("replace/c11-torbran-fiery-emancipation.yaml", "c11-event.yaml", "event", "damage"),
    ("e62-jund-devour-thunder-thrash-elder.yaml", "e62-event.yaml", "event", "entering from stack"),
])
def test_the_example_boards_phase_cannot_be_asked(checker, cards, board, event, reason, words):
    """The examples phase can't be asked, each with its reason: never an agreement or a disagreement."""
    from engine.files.events import events_from_data

    state = board_from_data(_board_file(board), checker.library, "board")
    data = {"event": _example(event)["event"]}
    with pytest.raises(Unexpressible) as e:
        replace_claim(state, events_from_data(data, state, checker.library, "event"), cards)
    assert e.value.reason == reason and words in e.value.detail


@pytest.mark.parametrize("by, amount", [("alice", 2), ("bob", 0)])
def test_vorinclex_who_puts_the_counter(checker, cards, by, amount):
    """614.1a: Vorinclex doubles the counters its controller puts and halves (rounded down) an opponent's: the
    counter is put by proliferating as the player the event names; a counter replaced by none is amount 0."""
    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Vorinclex, Monstrous Raider", "controller": "alice"},
                                                          {"card": "Grizzly Bears", "controller": "bob"}]}
    event = {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1, "by": by}
    claim, ours = _ask(checker, cards, board, event)
    assert claim["outcomes"] == [{"events": [{**event, "amount": amount}]}]
    assert _differences(ours, claim) == []


def test_counters_put_by_no_one_said_where_it_matters_are_unexpressible(checker, cards):
    from engine.files.events import events_from_data

    board = {"players": ["alice", "bob"], "battlefield": [{"card": "Vorinclex, Monstrous Raider", "controller": "alice"},
                                                          {"card": "Grizzly Bears", "controller": "bob"}]}
    state = board_from_data(board, checker.library, "board")
    event = {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1}
    with pytest.raises(Unexpressible) as e:
        replace_claim(state, events_from_data({"event": event}, state, checker.library, "event"), cards)
    assert e.value.reason == "event" and "who puts them matters" in e.value.detail
