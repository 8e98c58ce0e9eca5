"""`mtgjudge play`: the JSON result, --out (a board every other command reads, and the game goes on
from it), byte-identical output, and bad game files: one line, exit status 2."""

from __future__ import annotations

import json
import re

from conftest import ROOT

GAMES = ROOT / "examples" / "games"


def _write(tmp_path, text: str, name: str = "game.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_json_result_of_a_fizzle(run):
    r = run("play", GAMES / "g04-giant-growth-fizzles.yaml", "--json")
    assert r.code == 0, r.err
    got = json.loads(r.out)
    assert got["status"] == "until" and got["step"] == "beginning_of_combat"
    assert got["graveyard"]["alice"] == ["grizzly_bears", "giant_growth"]
    assert [e["rule"] for e in got["log"]].count("608.2b") == 2  # doesn't resolve, then to the graveyard


def test_out_writes_a_board_the_game_goes_on_from(run, tmp_path):
    out = tmp_path / "after.yaml"
    r = run("play", GAMES / "g02-bears-attack-summoning-sickness.yaml", "--out", out)
    assert r.code == 0, r.err
    shown = run("show", out, "--json")
    assert shown.code == 0, shown.err
    state = json.loads(shown.out)
    assert (state["turn"], state["step"]) == (3, "end")
    # the written board is a game file too: play on from it to the next turn's upkeep
    text = out.read_text(encoding="utf-8") + "until: {turn: 4, step: upkeep}\n"
    again = run("play", _write(tmp_path, text), "--json")
    assert again.code == 0, again.err
    got = json.loads(again.out)
    assert (got["turn"], got["active"]) == (4, "bob")
    assert got["players"]["bob"]["life"] == 18


def test_out_keeps_flanking_and_counted_effects(run, tmp_path):
    """The effects the game makes itself read back the same (702.25a: flanking's -1/-1 on the blocker, a
    copy's flanking included; 611.2d: Goblin Rabblemaster's number counted as it resolved): the layers of
    the written board are the layers of the game's state."""
    game = _write(tmp_path, """players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Shadow Rider, controller: alice}
  - {card: Cavalry Master, controller: alice}
  - {card: Craw Wurm, controller: bob}
actions:
  - {attack: {shadow_rider: bob}}
  - {block: {craw_wurm: shadow_rider}}
  - {order_triggers: [shadow_rider#1, shadow_rider#0]}
until: {turn: 1, step: combat_damage}
""")
    copy = _write(tmp_path, """players: [alice, bob]
active: alice
step: beginning_of_combat
battlefield:
  - {card: Shadow Rider, controller: bob, tapped: true}
  - {card: Clone, controller: alice, copy_of: shadow_rider}
  - {card: Craw Wurm, controller: bob}
actions:
  - {attack: {clone: bob}}
  - {block: {craw_wurm: clone}}
until: {turn: 1, step: combat_damage}
""", "copy.yaml")  # a copy's flanking (707.2): the effect names the copied card
    for path, oid, pt in ((game, "craw_wurm", (4, 2)), (copy, "craw_wurm", (5, 3)),
                          (GAMES / "g104-goblin-rabblemaster-counts-once.yaml", "goblin_rabblemaster", (5, 2))):
        out = tmp_path / "after.yaml"
        r = run("play", path, "--out", out)
        assert r.code == 0, r.err
        layers = run("layers", out, "--json")
        assert layers.code == 0, layers.err
        obj = json.loads(layers.out)["objects"][oid]
        assert (obj["power"], obj["toughness"]) == pt, path


def test_output_is_byte_identical(run):
    a = run("play", GAMES / "g06-dies-triggers-apnap.yaml")
    b = run("play", GAMES / "g06-dies-triggers-apnap.yaml")
    assert a.code == 0 and a.out == b.out


def test_an_action_naming_a_missing_object(run, tmp_path):
    game = _write(tmp_path, "players: [alice, bob]\nstep: precombat_main\nactions:\n  - {cast: lightning_bolt}\n")
    r = run("play", game)
    assert r.code == 2 and r.out == ""
    assert r.err.count("\n") == 1
    assert "actions[0].cast: names 'lightning_bolt', which is not on the board" in r.err


def test_a_missing_choice_names_it(run, tmp_path):
    text = (GAMES / "g14-e8-free-damage-division.yaml").read_text(encoding="utf-8")
    text = text.replace("  - {assign_damage: {lowland_giant: {hurloon_minotaur: 1, memnite: 3}}}\n", "")
    r = run("play", _write(tmp_path, text))
    assert r.code == 2 and r.err.count("\n") == 1
    assert "510.1c: alice divides Lowland Giant (lowland_giant)'s 4 combat damage" in r.err
    assert "use --auto" in r.err
    auto = run("play", _write(tmp_path, text, "auto.yaml"), "--auto", "--json")
    assert auto.code == 0, auto.err
    # --auto assigns lethal damage to each blocker in order, the rest to the last (docs/play.md): the
    # 4/3's 4 damage is exactly 1 for the 1/1 and 3 for the 2/3, in either order (510.1c); the
    # blockers deal 2 + 1 to the 4/3 (510.1d). All three have lethal damage and are destroyed
    # (704.5g); no damage reaches a player.
    game = json.loads(auto.out)
    dealt = sorted(e["text"] for e in game["log"] if e["rule"] == "120.3e" and e["text"].startswith("Lowland Giant deals"))
    assert dealt == ["Lowland Giant deals 1 damage to Memnite (marked: 1)",
                     "Lowland Giant deals 3 damage to Hurloon Minotaur (marked: 3)"]
    destroyed = sorted(re.search(r"\((\w+)\) has lethal damage: it is destroyed", e["text"])[1]
                       for e in game["log"] if e["rule"] == "704.5g")
    assert destroyed == ["hurloon_minotaur", "lowland_giant", "memnite"]
    assert {p: v["life"] for p, v in game["players"].items()} == {"alice": 20, "bob": 20}
    assert game["battlefield"] == {}
    assert {p: sorted(ids) for p, ids in game["graveyard"].items()} == {
        "alice": ["lowland_giant"], "bob": ["hurloon_minotaur", "memnite"]}


def test_two_verbs_in_one_action(run, tmp_path):
    game = _write(tmp_path, "players: [alice, bob]\nbattlefield: [{card: Forest, controller: alice}]\n"
                            "actions:\n  - {play_land: forest, cast: forest}\n")
    r = run("play", game)
    assert r.code == 2 and "actions[0]: has several actions (play_land, cast)" in r.err


def test_a_cast_option_the_card_does_not_have(run, tmp_path):
    """A cast action asks only for the options its card has (x, modes, adventure, face_down, bestow,
    kicked, divide): anything else is a one-line error naming the field, exit status 2."""
    base = ("players: [alice, bob]\nstep: precombat_main\nbattlefield: [{card: Grizzly Bears, controller: bob}]\n"
            "hand: {alice: [Lightning Bolt, Healing Salve, Giant Killer]}\nactions:\n")
    cases = [
        ("{cast: lightning_bolt, x: 2, targets: [bob]}", "actions[0].x", "has no {X}"),
        ("{cast: lightning_bolt, modes: [1], targets: [bob]}", "actions[0].modes", "is not a modal spell (700.2)"),
        ("{cast: lightning_bolt, adventure: true, targets: [bob]}", "actions[0].adventure", "not an adventurer card (715)"),
        ("{cast: giant_killer, face_down: true}", "actions[0].face_down", "has no morph or disguise ability (702.37, 702.168)"),
        ("{cast: giant_killer, bestow: true}", "actions[0].bestow", "has no bestow ability (702.103)"),
        ("{cast: lightning_bolt, kicked: true, targets: [bob]}", "actions[0].kicked", "has no kicker ability (702.33)"),
        ("{cast: healing_salve, modes: [3], targets: [bob]}", "actions[0].modes", "has 2 modes, not a mode 3"),
        ("{cast: lightning_bolt, targets: [bob], divide: {bob: 3}}", "actions[0].divide", "doesn't divide damage"),
    ]
    for k, (action, where, words) in enumerate(cases):
        r = run("play", _write(tmp_path, base + f"  - {action}\n", f"g{k}.yaml"))
        assert r.code == 2 and r.out == "", action
        assert r.err.count("\n") == 1 and f"{where}: " in r.err and words in r.err, r.err


def test_a_missing_cast_choice_names_it(run, tmp_path):
    """The modes of a modal spell (700.2a), X (601.2b) and a division of damage (601.2d) are choices of
    the caster: the script gives them, or --auto takes the first legal option."""
    game = _write(tmp_path, "players: [alice, bob]\nstep: precombat_main\nbattlefield: [{card: Plains, controller: alice}]\n"
                            "hand: {alice: [Healing Salve]}\nactions:\n  - {cast: healing_salve, targets: [alice], "
                            "tap: [plains]}\nuntil: {turn: 1, step: beginning_of_combat}\n")
    r = run("play", game)
    assert r.code == 2 and r.err.count("\n") == 1
    assert "actions[0]: 700.2a: alice chooses the mode(s) of Healing Salve" in r.err and "modes: [N, ...]" in r.err
    auto = run("play", game, "--auto", "--json")
    assert auto.code == 0, auto.err
    assert json.loads(auto.out)["players"]["alice"]["life"] == 23  # mode 1, the one whose target alice is


def test_a_mana_choice_missing_or_wrong(run, tmp_path):
    """605.3: tapping Volcanic Island ({T}: Add {U} or {R}) without the letter names the choice; a
    letter that isn't mana is bad input; one the land can't add ({C}: Chromatic Lantern gives it any
    color, not colorless) is an illegal action, undone (733)."""
    text = (GAMES / "g60-dual-land-mana-choice.yaml").read_text(encoding="utf-8")
    r = run("play", _write(tmp_path, text.replace("tap: [{island: R}]", "tap: [island]")))
    assert r.code == 2 and r.err.count("\n") == 1
    assert "605.3: alice chooses the mana Volcanic Island (island) adds" in r.err and "{island: LETTER}" in r.err
    r = run("play", _write(tmp_path, text.replace("tap: [{island: R}]", "tap: [{island: Q}]"), "q.yaml"))
    assert r.code == 2 and "actions[0].tap[0].island: 'Q' is not a mana letter" in r.err
    rejected_bolt = text.replace("tap: [{island: R}]", "tap: [{island: C}]").replace(
        "  - {pass: true}\n  - {cast: giant_growth, targets: [mine], tap: [{lantern: G}], by: alice}\n", "")
    r = run("play", _write(tmp_path, rejected_bolt, "c.yaml"), "--json")
    assert r.code == 0, r.err
    assert [x["rule"] for x in json.loads(r.out)["rejected"]][:1] == ["605.3"]


def test_an_action_the_game_never_reaches_is_an_error(run, tmp_path):
    """Nothing silent: an answer no choice asks for (here a 'take' at a priority point) holds the
    script back, and the game reaches its 'until' with actions not performed: one line naming the
    action, exit 2. Without it the same game plays (the answer was the only fault)."""
    text = (GAMES / "g60-dual-land-mana-choice.yaml").read_text(encoding="utf-8")
    bad = text.replace("actions:\n", "actions:\n  - {take: [lightning_bolt]}\n", 1)
    r = run("play", _write(tmp_path, bad))
    assert r.code == 2 and r.err.count("\n") == 1
    assert "actions[0]: this 'take' and 3 action(s) after it were never performed" in r.err and "'until'" in r.err
    assert run("play", _write(tmp_path, text, "good.yaml")).code == 0


def test_a_cost_choice_missing_names_it(run, tmp_path):
    """601.2h: with three untapped Humans besides Devout Chaplain, which two pay 'Tap two untapped
    Humans you control' is the player's choice: left out, the game stops and names it; --auto takes
    the first two in board order."""
    text = (GAMES / "g63-devout-chaplain-taps-two-humans.yaml").read_text(encoding="utf-8")
    text = text.replace(", tapping: [vanguard, inspector]", "").replace(
        "  - {card: Ornithopter, controller: bob, id: thopter}",
        "  - {card: Ornithopter, controller: bob, id: thopter}\n  - {card: Elite Vanguard, controller: alice, id: third}")
    r = run("play", _write(tmp_path, text))
    assert r.code == 2 and r.err.count("\n") == 1
    assert "601.2h: alice chooses what pays 'Tap two untapped Humans you control'" in r.err and "tapping" in r.err
    auto = run("play", _write(tmp_path, text, "auto.yaml"), "--auto", "--json")
    assert auto.code == 0, auto.err
    tapped = sorted(i for i, p in json.loads(auto.out)["battlefield"].items() if p["tapped"])
    assert tapped == ["chaplain", "inspector", "vanguard"]


def test_the_madness_choice_missing_names_it(run, tmp_path):
    """702.35a: as the madness trigger resolves, its owner may cast the card: left out, the game stops
    and names the choice; --auto doesn't cast it (it goes to the graveyard)."""
    text = (GAMES / "g75-madness-alchemists-greeting.yaml").read_text(encoding="utf-8")
    text = text.replace("  - {cast: alchemist_s_greeting, madness: true, targets: [angel], tap: [m2, m3]}\n", "")
    r = run("play", _write(tmp_path, text))
    assert r.code == 2 and r.err.count("\n") == 1
    assert "702.35a: alice may cast Alchemist's Greeting (alchemist_s_greeting) for its madness cost" in r.err
    auto = run("play", _write(tmp_path, text, "auto.yaml"), "--auto", "--json")
    assert auto.code == 0, auto.err
    assert json.loads(auto.out)["graveyard"]["alice"] == ["alchemist_s_greeting"]


def test_the_choices_as_a_permanent_enters(run, tmp_path):
    """614.12: left out, the game stops and names the choice; a wrong one is refused with the options;
    --auto chooses white for Voice of All, and every card Sutured Ghoul may exile."""
    text = (GAMES / "g90-voice-of-all-chooses-red.yaml").read_text(encoding="utf-8")
    missing = text.replace("  - {as_enters: {color: red}}\n", "")
    r = run("play", _write(tmp_path, missing))
    assert r.code == 2 and r.err.count("\n") == 1
    assert "614.12: alice makes a choice as Voice of All (voice_of_all) enters (color)" in r.err
    assert "{as_enters: {color: ...}}" in r.err
    wrong = run("play", _write(tmp_path, text.replace("{color: red}", "{color: purple}"), "wrong.yaml"))
    assert wrong.code == 2 and "'purple' is not a color" in wrong.err and "white, blue, black, red, green" in wrong.err
    auto = run("play", _write(tmp_path, missing, "auto.yaml"), "--auto", "--json")
    assert auto.code == 0, auto.err
    assert any("color white" in line["text"] for line in json.loads(auto.out)["log"])
    ghoul = (GAMES / "g89-sutured-ghoul-exiles-as-it-enters.yaml").read_text(encoding="utf-8")
    ghoul = ghoul.replace("  - {as_enters: {exiled: [runeclaw_bear, hill_giant]}}\n", "")
    g = run("play", _write(tmp_path, ghoul, "ghoul.yaml"), "--auto", "--json")
    assert g.code == 0, g.err
    assert json.loads(g.out)["graveyard"].get("alice", []) == []  # all three exiled
    taken = run("play", _write(tmp_path, ghoul.replace("until:", "  - {as_enters: {exiled: [swamp]}}\nuntil:"), "taken.yaml"))
    assert taken.code == 2 and "swamp can't be exiled as Sutured Ghoul (sutured_ghoul) enters" in taken.err


def test_a_choice_as_it_enters_keeps_to_the_outcome_chosen(run, tmp_path):
    """614.12, 616.1f: the outcome chosen for a permanent entering stands for a class of values of its
    choice (g110: Bear, with the other Mimic's counter; any but Bear, without): a value outside it is
    refused, naming the class; --auto chooses the first outcome and a value inside it."""
    text = (GAMES / "g110-metallic-mimic-chooses-the-other-s-type.yaml").read_text(encoding="utf-8")
    elf = run("play", _write(tmp_path, text.replace("{as_enters: {creature_type: Bear}}", "{as_enters: {creature_type: Elf}}")))
    assert elf.code == 2 and elf.err.count("\n") == 1
    assert "'Elf' is not a value of the outcome chosen for Metallic Mimic (mimic2) entering (creature_type: one of Bear)" in elf.err
    other = run("play", _write(tmp_path, text.replace("{choose: 2}", "{choose: 1}"), "other.yaml"))
    assert other.code == 2 and "'Bear' is not a value of the outcome chosen" in other.err and "any but Bear" in other.err
    bare = "".join(line for line in text.splitlines(keepends=True) if "choose: 2" not in line and "as_enters" not in line)
    auto = run("play", _write(tmp_path, bare.split("expect:")[0], "auto.yaml"), "--auto", "--json")
    assert auto.code == 0, auto.err
    log = [line["text"] for line in json.loads(auto.out)["log"]]
    assert any("outcome 1 of 2" in t and "(choosing creature_type: any but Bear)" in t for t in log)
    assert any("as it enters: creature_type Shapeshifter" in t for t in log)
    assert json.loads(auto.out)["battlefield"]["mimic2"]["counters"] == {}


def test_read_ahead_chapter_is_chosen_as_the_saga_enters(run, tmp_path):
    """702.155b: left out (without --auto), the game stops and names the choice of a chapter number; a number
    outside one to the Saga's final chapter number is refused, naming the range."""
    text = (ROOT / "tests" / "data" / "games" / "702-155b-read-ahead-chooses-chapter-iii.yaml").read_text(encoding="utf-8")
    missing = run("play", _write(tmp_path, text.replace("  - {as_enters: {chapter: 3}}\n", "")))
    assert missing.code == 2 and missing.err.count("\n") == 1
    assert "702.155b: alice chooses a chapter number as The Elder Dragon War (war) enters" in missing.err
    assert "{as_enters: {chapter: N}}" in missing.err
    wrong = run("play", _write(tmp_path, text.replace("{chapter: 3}", "{chapter: 4}"), "wrong.yaml"))
    assert wrong.code == 2 and "4 is not a number from one to The Elder Dragon War (war)'s final chapter number, 3" in wrong.err
