"""Ability references (engine/game/ability_refs.py; docs/play.md): an activate action names a printed ability by its
number (and the card that prints it when two abilities carry that number) and a granted one by the source of the grant
(613.1f, 611.3a); a reference that names no ability, or a plain number that names two, stops the game with exit status
2 naming the field and the fix."""

from __future__ import annotations

import json
import re

from conftest import ROOT

GAMES = ROOT / "examples" / "games"
G116 = GAMES / "g116-volrath-s-shapeshifter-ability-2-twice.yaml"
G117 = GAMES / "g117-clone-granted-ability-1-blazing-torch.yaml"


def _variant(tmp_path, source, old: str, new: str, name: str = "game.yaml"):
    text = source.read_text(encoding="utf-8")
    assert old in text
    p = tmp_path / name
    p.write_text(text.replace(old, new, 1), encoding="utf-8")
    return p


def test_a_plain_number_two_abilities_carry_names_both(run, tmp_path):
    """613.1c: the Shapeshifter has the Angel's Vigilance (its card's ability 2) and its own "{2}: Discard a card."
    (ability 2): 'ability: 2' alone is no choice between them."""
    game = _variant(tmp_path, G116, "ability: 2, printed_by: shapeshifter,", "ability: 2,")
    r = run("play", game)
    assert r.code == 2
    assert "actions[1]" in r.err and "{ability: 2, printed_by: angel}" in r.err
    assert "{ability: 2, printed_by: shapeshifter}" in r.err and "Traceback" not in r.err
    assert len(r.err.strip().splitlines()) == 1


def test_printed_by_names_the_card_that_prints_it(run):
    r = run("play", G116, "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert [x["rule"] for x in got["rejected"]] == ["602.1"]  # the Angel's Vigilance is not an activated ability
    line = next(e["text"] for e in got["log"] if e["rule"] == "602.2i")
    assert "[ability: 2, printed_by: shapeshifter]" in line and "{2}: Discard a card." in line


def test_granted_by_and_the_plain_number_of_a_granted_ability(run, tmp_path):
    """613.1f: the Torch's ability is the first the Torch grants the Clone, and its number after the Clone's (copied)
    printed ability: 'ability: 2' (the numbering games already use) names it too; the log names the granted_by one."""
    for game in (G117, _variant(tmp_path, G117, "ability: 1, granted_by: torch,", "ability: 2,")):
        r = run("play", game, "--json")
        assert r.code == 0, r.err
        got = json.loads(r.out)
        assert got["players"]["bob"]["life"] == 17
        assert any("[ability: 1, granted_by: torch]" in e["text"] for e in got["log"] if e["rule"] == "602.2i")


def test_a_source_that_grants_no_such_ability(run, tmp_path):
    game = _variant(tmp_path, G117, "ability: 1, granted_by: torch,", "ability: 2, granted_by: torch,")
    r = run("play", game)
    assert r.code == 2
    assert re.search(r"actions\[0\]: ability: 2, granted_by: torch: .* grants .* no ability 2", r.err), r.err
    assert "{ability: 1, granted_by: torch}" in r.err and "fix:" in r.err
    game = _variant(tmp_path, G117, "granted_by: torch,", "granted_by: sorcerer,", "b.yaml")
    r = run("play", game)
    assert r.code == 2 and "granted_by: sorcerer" in r.err and "fix:" in r.err


def test_an_unknown_source_or_a_reference_without_a_number(run, tmp_path):
    r = run("play", _variant(tmp_path, G117, "granted_by: torch,", "granted_by: nowhere,"))
    assert r.code == 2 and "actions[0].granted_by" in r.err and "'nowhere'" in r.err
    r = run("play", _variant(tmp_path, G117, "ability: 1, granted_by: torch,", "granted_by: torch,", "b.yaml"))
    assert r.code == 2 and "actions[0].granted_by" in r.err and "without 'ability'" in r.err
    r = run("play", _variant(tmp_path, G117, "granted_by: torch,", "granted_by: torch, printed_by: sorcerer,", "c.yaml"))
    assert r.code == 2 and "printed_by" in r.err


def test_show_lists_the_references(run, tmp_path):
    """mtgjudge show: each permanent's abilities with the reference an activate action writes."""
    def board(game, name):
        text = game.read_text(encoding="utf-8").split("\nactions:")[0] + "\n"
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        return p

    r = run("show", board(G117, "g117.yaml"), "--json")
    assert r.code == 0, r.err
    refs = {(x["permanent"], x["reference"]): x["plain"] for x in json.loads(r.out)["ability_references"]}
    assert refs[("clone", "ability: 1, granted_by: torch")] == "ability: 2"
    assert ("clone", "ability: 1, printed_by: sorcerer") in refs and ("sorcerer", "ability: 1") in refs
    r = run("show", board(G116, "g116.yaml"))
    assert r.code == 0, r.err
    # the activated one only (Vigilance is no activate action's), by its reference: 'ability: 2' names two abilities
    row = next(line for line in r.out.splitlines() if line.startswith("shapeshifter ") and "ability:" in line)
    assert "ability: 2, printed_by: shapeshifter" in row and "{2}: Discard a card." in row
    assert "printed_by: angel" not in r.out


def test_cards_lists_what_a_card_grants(run):
    r = run("cards", "Blazing Torch")
    assert r.code == 0, r.err
    assert "granted_by" in r.out and "deals 2 damage to any target" in r.out
