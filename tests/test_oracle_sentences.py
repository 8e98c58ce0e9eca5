"""Family 5 of the Oracle grammar, instruction sentences (engine/vocab/oracle/oneshot.lark: os_sentence,
os_instr, os_action): targets with a quality (115.1: "target tapped creature", "target attacking or blocking
creature", "target creature with power 4 or greater", "target player or planeswalker"), "counter target
spell unless its controller pays {3}" (118.12a) and "you may pay {2}. If you do, ..." / "you may discard a
card. If you do, ..." (118.12, 608.2c-d), as the game loop executes them.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first, and that the card has no hand file (a hand file would win).
"""

from __future__ import annotations

import json

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare
from carddata import db, play_json, database_record  # noqa: F401 (db: the fixture, the card database's index of the session)

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Assassinate", "Destroy target tapped creature.",
     {"kind": "spell", "targets": [{"what": "creature", "quality": {"tapped": True}}], "one_shot": [{"op": "destroy"}]}),
    ("Sandblast", "Sandblast deals 5 damage to target attacking or blocking creature.",
     {"kind": "spell", "targets": [{"what": "creature", "quality": {"any_of": [{"attacking": True}, {"blocking": True}]}}],
      "one_shot": [{"op": "damage", "amount": 5}]}),
    ("Smite the Monstrous", "Destroy target creature with power 4 or greater.",
     {"kind": "spell", "targets": [{"what": "creature", "power_at_least": 4}], "one_shot": [{"op": "destroy"}]}),
    ("Subterranean Scout", "When this creature enters, target creature with power 2 or less can't be blocked this turn.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "creature", "power_at_most": 2}],
      "combat": [{"rule": "cant_be_blocked"}]}),
    ("Lava Axe", "Lava Axe deals 5 damage to target player or planeswalker.",
     {"kind": "spell", "targets": [{"what": "player_or_planeswalker"}], "one_shot": [{"op": "damage", "amount": 5}]}),
    ("Utter End", "Exile target nonland permanent.",
     {"kind": "spell", "targets": [{"what": "permanent", "quality": {"not_types": ["Land"]}}],
      "one_shot": [{"op": "exile"}]}),
    ("Mana Leak", "Counter target spell unless its controller pays {3}.",
     {"kind": "spell", "targets": [{"what": "spell"}], "one_shot": [{"op": "counter", "unless_pays": "{3}"}]}),
    ("Soul Net", "Whenever a creature dies, you may pay {1}. If you do, you gain 1 life.",
     {"kind": "triggered", "trigger": {"event": "dies", "subjects": {"types": ["Creature"]}},
      "one_shot": [{"op": "may", "one_shot": [{"op": "pay", "cost": "{1}"}],
                    "if_you_do": [{"op": "gain_life", "amount": 1}]}]}),
    ("Reckless Racer", "Whenever this creature becomes tapped, you may discard a card. If you do, draw a card.",
     {"kind": "triggered", "trigger": {"event": "becomes_tapped"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "discard", "amount": 1}], "if_you_do": [{"op": "draw", "amount": 1}]}]}),
    ("Samite Healer", "{T}: Prevent the next 1 damage that would be dealt to any target this turn.",
     {"kind": "activated", "cost": "{T}", "effect": "Prevent the next 1 damage that would be dealt to any target this turn.",
      "targets": [{"what": "any"}], "replacement": {"event": "damage", "target": {"targets": True},
                                                    "target_player": "targets", "do": "shield", "n": 1}}),
    ("Revered Elder", "{1}: Prevent the next 1 damage that would be dealt to this creature this turn.",
     {"kind": "activated", "cost": "{1}", "effect": "Prevent the next 1 damage that would be dealt to this creature this turn.",
      "replacement": {"event": "damage", "target": {"self": True}, "do": "shield", "n": 1}}),
    ("Shield of the Ages", "{2}: Prevent the next 1 damage that would be dealt to you this turn.",
     {"kind": "activated", "cost": "{2}", "effect": "Prevent the next 1 damage that would be dealt to you this turn.",
      "replacement": {"event": "damage", "target_player": "you", "do": "shield", "n": 1}}),
    ("Bone Splinters", "As an additional cost to cast this spell, sacrifice a creature.",
     {"kind": "static", "costs": {"additional_sacrifice": {"types": ["Creature"]}}}),
    ("Deadly Dispute", "As an additional cost to cast this spell, sacrifice an artifact or creature.",
     {"kind": "static", "costs": {"additional_sacrifice": {"any_types": ["Artifact", "Creature"]}}}),
    ("Goblin Grenade", "As an additional cost to cast this spell, sacrifice a Goblin.",
     {"kind": "static", "costs": {"additional_sacrifice": {"subtypes": ["Goblin"]}}}),
    ("Merfolk Branchwalker", "When this creature enters, it explores.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "explore"}]}),
    ("Seeker of Sunlight", "{2}{G}: This creature explores. Activate only as a sorcery.",
     {"kind": "activated", "cost": "{2}{G}", "effect": "This creature explores. Activate only as a sorcery.",
      "one_shot": [{"op": "explore"}]}),
    ("Spell Pierce", "Counter target noncreature spell unless its controller pays {2}.",
     {"kind": "spell", "targets": [{"what": "spell", "quality": {"not_types": ["Creature"]}}],
      "one_shot": [{"op": "counter", "unless_pays": "{2}"}]}),
    ("Claustrophobia", "When this Aura enters, tap enchanted creature.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "tap", "what": "attached"}]}),
    ("Freed from the Real", "{U}: Untap enchanted creature.",
     {"kind": "activated", "cost": "{U}", "effect": "Untap enchanted creature.",
      "one_shot": [{"op": "untap", "what": "attached"}]}),
    ("Cruel Edict", "Target opponent sacrifices a creature of their choice.",
     {"kind": "spell", "targets": [{"what": "player", "controller": "opponent"}],
      "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"]}, "who": "target"}]}),
    ("Fleshbag Marauder", "When this creature enters, each player sacrifices a creature of their choice.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"]}, "who": "each_player"}]}),
    ("Kjeldoran Dead", "When this creature enters, sacrifice a creature.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "sacrifice", "what": {"types": ["Creature"]}, "who": "you"}]}),
    ("Paladin's Shield", "When this Equipment enters, attach it to target creature you control.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "targets": [{"what": "creature", "controller": "you"}],
      "one_shot": [{"op": "attach"}]}),
    ("Dimir Aqueduct", "When this land enters, return a land you control to its owner's hand.",
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "return_chosen", "what": {"types": ["Land"]}, "who": "you"}]}),
    ("Limits of Solidarity", "Gain control of target creature until end of turn. Untap that creature. It gains haste until "
                             "end of turn.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "untap"}],
      "continuous": {"do": [{"op": "control"}, {"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]}}),
    ("Mark of Mutiny", "Gain control of target creature until end of turn. Put a +1/+1 counter on it and untap it. That "
                       "creature gains haste until end of turn.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "counters", "kind": "+1/+1", "amount": 1}, {"op": "untap"}],
      "continuous": {"do": [{"op": "control"}, {"op": "add_abilities", "abilities": [{"keyword": "haste"}]}]}}),
    ("Vapor Snag", "Return target creature to its owner's hand. Its controller loses 1 life.",
     {"kind": "spell", "targets": [{"what": "creature"}],
      "one_shot": [{"op": "return_to_hand"}, {"op": "lose_life", "amount": 1, "who": "target_controller"}]}),
    ("Undermine", "Counter target spell. Its controller loses 3 life.",
     {"kind": "spell", "targets": [{"what": "spell"}],
      "one_shot": [{"op": "counter"}, {"op": "lose_life", "amount": 3, "who": "target_controller"}]}),
    ("Time Ebb", "Put target creature on top of its owner's library.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "put_in_library", "position": "top"}]}),
    ("Natural Obsolescence", "Put target artifact on the bottom of its owner's library.",
     {"kind": "spell", "targets": [{"what": "permanent", "types": ["Artifact"]}],
      "one_shot": [{"op": "put_in_library", "position": "bottom"}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    card = card_file(record)
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card.abilities
    assert executable_by(want) is not None


NOT_READ = [
    "Pay {2}.",  # 118.12: a payment is read in "you may pay [mana]. If you do, ..." only
    "You may pay {2}.",
    "You may pay {X}. If you do, draw a card.",  # X: no value announced as it resolves
    "Draw a card. If you do, you gain 1 life.",  # "If you do" after no "you may pay / discard"
    "Target player discards a card. If you do, draw a card.",
    "Counter target activated ability unless its controller pays {X}.",  # (a spell's {X} is read: Clash of Wills)
    "Counter target spell unless its controller pays 3 life.",
    "Destroy target creature with power 4 or more.",
    "Destroy target artifact with power 4 or greater.",  # a power: a creature's
    "Destroy target attacking or blocking artifact.",
    "Tap target player or planeswalker.",
    "As an additional cost to cast this spell, sacrifice a artifact.",  # the article
    "As an additional cost to cast this spell, sacrifice two creatures.",
    "As an additional cost to cast this spell, sacrifice a creature or pay {3}{B}.",
    "As an additional cost to cast this spell, sacrifice this creature.",
    "As an additional cost to cast this spell, sacrifice a creature token.",
    "When this creature dies, it explores.",  # 'it': the object that left the battlefield
    "Whenever a creature you control enters, it explores.",
    "Target player sacrifices a creature.",  # (the printed template says "of their choice")
    "Sacrifice a creature of their choice.",
    "Each player sacrifice a creature of their choice.",
    "Target opponent sacrifices an creature of their choice.",
    "Each opponent sacrifices a creature you control of their choice.",
    "When this Equipment enters, attach it to target creature.",  # (701.3a: "you control" in the printed templates)
    "When this creature dies, attach it to target creature you control.",
    "When this land enters, return a land to its owner's hand.",  # (not one of yours: no such template)
    "When this land enters, return a land an opponent controls to its owner's hand.",
    "When this land enters, return an land you control to its owner's hand.",
    "Untap that creature.",  # 'that creature': after "gain control of target ..." only
    "Gain control of target creature until end of turn. Gain control of target artifact until end of turn.",
    "Gain control of target creature.",  # (no duration: not read yet)
    "Its controller loses 2 life.",  # 'its': no target before it
    "Target player draws a card. Its controller loses 2 life.",
    "Destroy target creature and target artifact. Its controller loses 2 life.",
    "Put target player on top of its owner's library.",
    "Put target creature on top of your library.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


# --- rules outcomes: games of database cards, played by the loop -------------------------------

def _game(run, tmp_path, text: str, *extra: str):
    path = tmp_path / "game.yaml"
    path.write_text(text, encoding="utf-8")
    return run("play", path, "--json", *extra)


ASSASSINATE = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Grizzly Bears, controller: bob, tapped: TAPPED}
hand:
  alice: [Assassinate]
actions:
  - {cast: assassinate, targets: [grizzly_bears], tap: [swamp, swamp_2, swamp_3]}
until: {turn: 1, step: beginning_of_combat}
"""


def test_target_tapped_creature(db, lib, run, tmp_path):
    # 115.1: a tapped creature is a legal target: destroyed (701.8)
    out = play_json(run, tmp_path, ASSASSINATE.replace("TAPPED", "true"))
    assert "grizzly_bears" not in out["battlefield"] and out["graveyard"]["bob"] == ["grizzly_bears"]
    # an untapped one isn't (601.2c): the cast is refused (733), the Bears stay
    out = play_json(run, tmp_path, ASSASSINATE.replace("TAPPED", "false"))
    assert "grizzly_bears" in out["battlefield"] and out["players"]["alice"]["hand"] == 1
    assert any("it is not tapped" in " ".join(map(str, r.values())) for r in out["rejected"])


SANDBLAST = """players: [alice, bob]
active: bob
step: precombat_main
battlefield:
  - {card: Grizzly Bears, controller: bob}
  - {card: Plains, controller: alice}
  - {card: Plains, controller: alice}
  - {card: Plains, controller: alice}
hand:
  alice: [Sandblast]
actions:
ACTIONS
until: {turn: 1, step: end}
"""


def test_target_attacking_or_blocking_creature(db, lib, run, tmp_path):
    # 506.4: the Bears attack; Sandblast's 5 damage destroys them (704.5g); alice takes no combat damage
    out = play_json(run, tmp_path, SANDBLAST.replace("ACTIONS", """  - {attack: {grizzly_bears: alice}}
  - {cast: sandblast, targets: [grizzly_bears], by: alice, tap: [plains, plains_2, plains_3]}"""))
    assert "grizzly_bears" not in out["battlefield"] and out["players"]["alice"]["life"] == 20
    # before combat they are neither attacking nor blocking: no legal target (601.2c)
    out = play_json(run, tmp_path, SANDBLAST.replace("ACTIONS", """  - {cast: sandblast, targets: [grizzly_bears], by: alice, tap: [plains, plains_2, plains_3]}"""))
    assert "grizzly_bears" in out["battlefield"] and out["rejected"]


def test_target_player_or_planeswalker(db, lib, run, tmp_path):
    mountains = "".join("  - {card: Mountain, controller: alice}\n" for _ in range(5))
    taps = ", ".join(["mountain"] + [f"mountain_{k}" for k in range(2, 6)])
    out = play_json(run, tmp_path, f"""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
{mountains}hand:
  alice: [Lava Axe]
actions:
  - {{cast: lava_axe, targets: [bob], tap: [{taps}]}}
until: {{turn: 1, step: beginning_of_combat}}
""")
    assert out["players"]["bob"]["life"] == 15  # 120.3a


MANA_LEAK = """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {bob: "{U}{U}"}
battlefield:
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
  - {card: Forest, controller: alice}
hand:
  alice: [{card: Grizzly Bears, id: bears}]
  bob: [{card: Mana Leak, id: leak}]
actions:
  - {cast: bears, tap: [forest, forest_2]}
  - {pass: true}
  - {cast: leak, targets: [bears], by: bob}
  - {pass: true}
  - {pass: true}
ANSWER
until: {turn: 1, step: beginning_of_combat}
"""


def test_counter_unless_its_controller_pays(db, lib, run, tmp_path):
    # 118.12a: alice, the spell's controller, pays {3} with three Forests: the Bears resolve
    out = play_json(run, tmp_path, MANA_LEAK.replace("ANSWER", "  - {may: true, by: alice, tap: [forest_3, forest_4, forest_5]}"))
    assert "bears" in out["battlefield"] and out["graveyard"]["bob"] == ["leak"]
    assert all(out["battlefield"][f]["tapped"] for f in ("forest_3", "forest_4", "forest_5"))
    # she doesn't: the Bears are countered (701.6a)
    out = play_json(run, tmp_path, MANA_LEAK.replace("ANSWER", "  - {may: false, by: alice}"))
    assert "bears" not in out["battlefield"] and out["graveyard"]["alice"] == ["bears"]
    # she can't (only two Forests untapped): the payment is refused, the game names the choice
    r = _game(run, tmp_path, MANA_LEAK.replace("ANSWER", "  - {may: true, by: alice, tap: [forest_3, forest_4]}"))
    assert r.code != 0 and "118.12a" in r.err
    # --auto: the mana pool can't pay (the Forests are not tapped for it): countered
    r = _game(run, tmp_path, MANA_LEAK.replace("ANSWER", ""), "--auto")
    assert r.code == 0, r.err
    assert "bears" not in json.loads(r.out)["battlefield"]


SOUL_NET = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Soul Net, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Swamp, controller: alice}
  - {card: Grizzly Bears, controller: bob}
hand:
  alice: [Murder]
actions:
  - {cast: murder, targets: [grizzly_bears], tap: [swamp, swamp_2, swamp_3]}
ANSWER
until: {turn: 1, step: beginning_of_combat}
"""


def test_you_may_pay_if_you_do(db, lib, run, tmp_path):
    # 700.4: the Bears die; Soul Net's ability resolves: alice pays {1} (a Swamp), then gains 1 life (118.12)
    out = play_json(run, tmp_path, SOUL_NET.replace("ANSWER", "  - {may: true, tap: [swamp_4]}"))
    assert out["players"]["alice"]["life"] == 21 and out["battlefield"]["swamp_4"]["tapped"]
    # she doesn't pay: no life (608.2c)
    out = play_json(run, tmp_path, SOUL_NET.replace("ANSWER", "  - {may: false}"))
    assert out["players"]["alice"]["life"] == 20 and not out["battlefield"]["swamp_4"]["tapped"]


PREVENT = """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{W}{R}", bob: "{R}{R}"}
battlefield:
  - {card: Samite Healer, controller: alice}
  - {card: Grizzly Bears, controller: alice}
  - {card: Revered Elder, controller: alice}
  - {card: Shield of the Ages, controller: bob}
hand:
  alice: [{card: Shock, id: shock_a}]
  bob: [{card: Shock, id: shock_b}]
actions:
  - {activate: ACTIVATED, ability: 1TARGETS}
  - {pass: true}
  - {pass: true}
PASS  - CAST
until: {turn: 1, step: beginning_of_combat}
"""


@pytest.mark.parametrize("activated, targets, cast, hit, damage_or_life", [
    # 615.7: the shield of Samite Healer's ability on the Bears: Shock's 2 damage, 1 prevented: 1 marked
    ("samite_healer", ", targets: [grizzly_bears]", "{cast: shock_b, targets: [grizzly_bears], by: bob}", "grizzly_bears", 1),
    # "this creature": Revered Elder's own shield
    ("revered_elder", "", "{cast: shock_b, targets: [revered_elder], by: bob}", "revered_elder", 1),
    # "you": bob's Shield of the Ages ({2} from his pool): alice's Shock makes him lose 1 life, not 2
    ("shield_of_the_ages", ", by: bob", "{cast: shock_a, targets: [bob]}", "bob", 19),
])
def test_prevent_the_next_damage(db, lib, run, tmp_path, activated, targets, cast, hit, damage_or_life):
    # (after the ability resolves, alice has priority: she passes it to bob, or casts)
    out = play_json(run, tmp_path, PREVENT.replace("ACTIVATED", activated).replace("TARGETS", targets)
                    .replace("PASS", "" if hit == "bob" else "  - {pass: true}\n").replace("CAST", cast))
    if hit == "bob":
        assert out["players"]["bob"]["life"] == damage_or_life
    else:
        assert out["battlefield"][hit]["damage"] == damage_or_life


BONE_SPLINTERS = """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{B}"}
battlefield:
  - {card: Grizzly Bears, controller: alice, id: mine}
  - {card: Grizzly Bears, controller: bob, id: theirs}
hand:
  alice: [Bone Splinters]
actions:
  - {cast: bone_splinters, targets: [theirs]SACRIFICING}
until: {turn: 1, step: beginning_of_combat}
"""


def test_additional_cost_to_sacrifice(db, lib, run, tmp_path):
    # 601.2h: alice's Bears are sacrificed as the cost is paid; the spell destroys bob's (701.8)
    out = play_json(run, tmp_path, BONE_SPLINTERS.replace("SACRIFICING", ", sacrificing: [mine]"))
    assert out["graveyard"]["alice"] == ["mine", "bone_splinters"] and out["graveyard"]["bob"] == ["theirs"]
    # the cost unpaid: the cast is refused (733), both Bears stay
    out = play_json(run, tmp_path, BONE_SPLINTERS.replace("SACRIFICING", ""))
    assert {"mine", "theirs"} <= set(out["battlefield"]) and out["rejected"]


EXPLORE = """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{G}{G}"}
library:
  alice: [TOP, Island]
hand:
  alice: [Merfolk Branchwalker]
actions:
  - {cast: merfolk_branchwalker}
ANSWER
until: {turn: 1, step: beginning_of_combat}
"""


def test_it_explores(db, lib, run, tmp_path):
    # 701.44a: a land card revealed goes to the hand; no counter
    out = play_json(run, tmp_path, EXPLORE.replace("TOP", "Forest").replace("ANSWER", ""))
    assert out["players"]["alice"]["hand"] == 1 and out["battlefield"]["merfolk_branchwalker"]["counters"] == {}
    # a nonland card: a +1/+1 counter, and alice puts the card into her graveyard
    out = play_json(run, tmp_path, EXPLORE.replace("TOP", "Grizzly Bears").replace("ANSWER", "  - {may: true}"))
    assert out["battlefield"]["merfolk_branchwalker"]["counters"] == {"+1/+1": 1}
    assert out["graveyard"]["alice"] == ["grizzly_bears"] and out["players"]["alice"]["library"] == 1
    # or leaves it on top
    out = play_json(run, tmp_path, EXPLORE.replace("TOP", "Grizzly Bears").replace("ANSWER", "  - {may: false}"))
    assert out["graveyard"]["alice"] == [] and out["players"]["alice"]["library"] == 2


def test_target_noncreature_spell(db, lib, run, tmp_path):
    # 115.1: a creature spell is no legal target of Spell Pierce: the cast is refused (733)
    game = MANA_LEAK.replace("Mana Leak", "Spell Pierce").replace("ANSWER", "")
    out = play_json(run, tmp_path, game)
    assert any("it is a creature spell" in " ".join(map(str, r.values())) for r in out["rejected"])
    # a noncreature spell is: alice's Shock at bob is countered (she doesn't pay {2}, 118.12a)
    game = MANA_LEAK.replace("Mana Leak", "Spell Pierce").replace("{card: Grizzly Bears, id: bears}",
                                                                 "{card: Shock, id: bears}")
    game = game.replace("{cast: bears, tap: [forest, forest_2]}", "{cast: bears, targets: [bob]}").replace(
        'mana_pool: {bob: "{U}{U}"}', 'mana_pool: {alice: "{R}", bob: "{U}{U}"}')
    out = play_json(run, tmp_path, game.replace("ANSWER", "  - {may: false, by: alice}"))
    assert out["players"]["bob"]["life"] == 20 and out["graveyard"]["alice"] == ["bears"]


def test_tap_enchanted_creature(db, lib, run, tmp_path):
    # 303.4f: the Aura enters attached to the Bears; its enters ability taps them (701.26); 502.3: they stay tapped
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{U}{U}{U}"}
battlefield:
  - {card: Grizzly Bears, controller: bob}
library:
  bob: [Island]
hand:
  alice: [Claustrophobia]
actions:
  - {cast: claustrophobia, targets: [grizzly_bears]}
until: {turn: 2, step: precombat_main}
""")
    assert out["battlefield"]["grizzly_bears"]["tapped"] is True


def test_each_player_sacrifices_a_creature_of_their_choice(db, lib, run, tmp_path):
    # 701.21a: each player, in turn order, sacrifices a creature of their choice: alice Fleshbag Marauder
    # itself, bob his Hill Giant (his Bears stay)
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{B}{B}{B}"}
battlefield:
  - {card: Grizzly Bears, controller: bob, id: bears}
  - {card: Hill Giant, controller: bob, id: giant}
  - {card: Grizzly Bears, controller: alice, id: mine}
hand:
  alice: [Fleshbag Marauder]
actions:
  - {cast: fleshbag_marauder}
  - {sacrifice: fleshbag_marauder, by: alice}
  - {sacrifice: giant, by: bob}
until: {turn: 1, step: beginning_of_combat}
""")
    assert set(out["battlefield"]) == {"bears", "mine"}
    assert out["graveyard"] == {"alice": ["fleshbag_marauder"], "bob": ["giant"]}


def test_equipment_attaches_itself_as_it_enters(db, lib, run, tmp_path):
    # 701.3a: Paladin's Shield's enters ability attaches it to alice's Bears (a 2/4 now: "Equipped creature gets
    # +0/+2", 613.4c): bob's Lightning Bolt marks 3 damage, and they survive (704.5g)
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{W}{W}{W}", bob: "{R}"}
battlefield:
  - {card: Grizzly Bears, controller: alice}
  - {card: Grizzly Bears, controller: bob, id: theirs}
hand:
  alice: [Paladin's Shield]
  bob: [Lightning Bolt]
actions:
  - {cast: paladin_s_shield}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {cast: lightning_bolt, targets: [grizzly_bears], by: bob}
until: {turn: 1, step: beginning_of_combat}
""")
    assert out["battlefield"]["grizzly_bears"]["damage"] == 3


KAROO = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice}
  - {card: Grizzly Bears, controller: alice}
hand:
  alice: [Dimir Aqueduct]
actions:
  - {play_land: dimir_aqueduct}
ANSWER
until: {turn: 1, step: beginning_of_combat}
"""


def test_return_a_land_you_control(db, lib, run, tmp_path):
    # 400.3: alice returns the Island of her choice (the Bears are no land: not a choice)
    out = play_json(run, tmp_path, KAROO.replace("ANSWER", "  - {return: island}"))
    assert set(out["battlefield"]) == {"grizzly_bears", "dimir_aqueduct"} and out["players"]["alice"]["hand"] == 1
    # the Bears can't be chosen
    r = _game(run, tmp_path, KAROO.replace("ANSWER", "  - {return: grizzly_bears}"))
    assert r.code != 0 and "can't be returned" in r.err
    # --auto: the first land in board order
    r = _game(run, tmp_path, KAROO.replace("ANSWER", ""), "--auto")
    assert r.code == 0 and "island" not in json.loads(r.out)["battlefield"]


def test_gain_control_until_end_of_turn(db, lib, run, tmp_path):
    # 613.1b: alice controls bob's Bears until end of turn, untapped (701.26) with haste (702.10): they attack
    # bob, who loses 2 life; at the cleanup step the effect ends (514.2) and bob controls them again
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{R}{R}{R}{R}"}
battlefield:
  - {card: Grizzly Bears, controller: bob, tapped: true}
library:
  bob: [Island, Island]
  alice: [Island, Island]
hand:
  alice: [Limits of Solidarity]
actions:
  - {cast: limits_of_solidarity, targets: [grizzly_bears]}
  - {attack: {grizzly_bears: bob}}
until: {turn: 2, step: upkeep}
""")
    assert out["players"]["bob"]["life"] == 18
    assert out["battlefield"]["grizzly_bears"]["controller"] == "bob"


def test_its_controller_loses_life(db, lib, run, tmp_path):
    # 400.3: bob's Bears return to his hand; 608.2h: "its controller", bob as it resolved, loses 1 life (119.3)
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{U}"}
battlefield:
  - {card: Grizzly Bears, controller: bob}
hand:
  alice: [Vapor Snag]
actions:
  - {cast: vapor_snag, targets: [grizzly_bears]}
until: {turn: 1, step: beginning_of_combat}
""")
    assert out["players"]["bob"]["life"] == 19 and out["players"]["bob"]["hand"] == 1
    assert out["players"]["alice"]["life"] == 20
    # the countered spell's controller, alice, loses 3 (Undermine's "Its controller", a spell's)
    game = MANA_LEAK.replace("Mana Leak", "Undermine").replace('bob: "{U}{U}"', 'bob: "{U}{U}{B}"').replace("ANSWER", "")
    out = play_json(run, tmp_path, game)
    assert "bears" not in out["battlefield"] and out["players"]["alice"]["life"] == 17


TIME_EBB = """players: [alice, bob]
active: alice
step: precombat_main
mana_pool: {alice: "{U}{U}{U}"}
battlefield:
  - {card: Grizzly Bears, controller: bob}
  - {card: Forest, controller: bob}
  - {card: Forest, controller: bob}
library:
  bob: [Island, Island]
hand:
  alice: [Time Ebb]
actions:
  - {cast: time_ebb, targets: [grizzly_bears]}
  - {cast: grizzly_bears, by: bob, tap: [forest, forest_2], at: {turn: 2, step: precombat_main}}
until: {turn: 2, step: beginning_of_combat}
"""


def test_put_on_top_of_its_owners_library(db, lib, run, tmp_path):
    # 400.3: the Bears go on top of bob's library; he draws them in his draw step (504.1) and casts them
    out = play_json(run, tmp_path, TIME_EBB)
    assert "grizzly_bears" in out["battlefield"] and out["players"]["bob"]["library"] == 2
    # at the bottom: Natural Obsolescence puts bob's Ornithopter under his two Islands: he draws an Island, and the
    # Ornithopter is not in his hand to cast (the action is refused, 733)
    game = TIME_EBB.replace("Time Ebb", "Natural Obsolescence").replace("time_ebb", "natural_obsolescence")
    game = game.replace('{U}{U}{U}', '{G}{G}').replace("Grizzly Bears", "Ornithopter").replace("grizzly_bears", "ornithopter")
    out = play_json(run, tmp_path, game)
    assert "ornithopter" not in out["battlefield"] and out["rejected"] and out["players"]["bob"]["library"] == 2
