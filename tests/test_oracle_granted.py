"""Family 2's static abilities granting abilities to a group named singular after "each" (engine/vocab/oracle/
objects.lark's nouns "SUBTYPE and SUBTYPE" and "TYPE and SUBTYPE", reader engine/vocab/oracle/objects.py):
"Each Fungus and Saproling you control has "{T}: Add {G}."" (an object that is one of the two subtypes),
"Each land and Ally you control has "{T}: Add one mana of any color."" (an object of the card type or of the
subtype: a union, {any_of: [...]}, the rest of the phrase, "you control", holding for both; 613.1f, layer 6); three
granted abilities joined by "and" (Sliv-Mizzet, Hivemind), a list whose last comma is inside a quote (Swashbuckler's
Whip); type-changing effects that say the object "loses all other card types" (and abilities) or "loses all other
abilities" beside an ability the effect gives (205.1a, 613.1d, 613.1f: engine/vocab/oracle/statics_types.py);
and a count of the source's own counters of a kind whose name the static prefilter otherwise keeps out ("for each
blessing counter on this enchantment", 122.1, 613.4c).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first. The layers program executes them on a board of database cards (test_in_the_layers).
"""

from __future__ import annotations

import json

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record, play_json  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph

ABILITY = TypeAdapter(Ability)
DRAW_PING = 'Whenever you draw a card, this creature deals 1 damage to any target.'


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Brightcap Badger // Fungus Frolic',
     'Each Fungus and Saproling you control has "{T}: Add {G}."',
     {'kind': 'static', 'continuous': {
         'applies_to': {'subtypes': ['Fungus', 'Saproling'], 'controller': 'you'},
         'do': [{'op': 'add_abilities', 'abilities': [{'text': '{T}: Add {G}.', 'kind': 'activated', 'mana': True}]}]}}),
    ('Great Divide Guide',
     'Each land and Ally you control has "{T}: Add one mana of any color."',
     {'kind': 'static', 'continuous': {
         'applies_to': {'any_of': [{'types': ['Land']}, {'subtypes': ['Ally']}], 'controller': 'you'},
         'do': [{'op': 'add_abilities', 'abilities': [
             {'text': '{T}: Add one mana of any color.', 'kind': 'activated', 'mana': True}]}]}}),
    ('Boon of the Spirit Realm',
     'Creatures you control get +1/+1 for each blessing counter on this enchantment.',
     {'kind': 'static', 'continuous': {
         'applies_to': {'types': ['Creature'], 'controller': 'you'},
         'do': [{'op': 'modify_pt', 'power': {'count': {'self': True}, 'counters': 'blessing'},
                 'toughness': {'count': {'self': True}, 'counters': 'blessing'}}]}}),
    ('One with the Stars',
     'Enchanted permanent is an enchantment and loses all other card types.',
     {'kind': 'static', 'continuous': {'applies_to': {'attached': True}, 'do': [
         {'op': 'set_types', 'types': ['Enchantment'], 'keep_subtypes': True}]}}),
    ('Imprisoned in the Moon',
     'Enchanted permanent is a colorless land with "{T}: Add {C}" and loses all other card types and abilities.',
     {'kind': 'static', 'continuous': {'applies_to': {'attached': True}, 'do': [
         {'op': 'set_types', 'types': ['Land'], 'keep_subtypes': True}, {'op': 'set_colors', 'colors': []},
         {'op': 'lose_all_abilities'},
         {'op': 'add_abilities', 'abilities': [{'text': '{T}: Add {C}.', 'kind': 'activated', 'mana': True}]}]}}),
    ('Sugar Coat',
     'Enchanted permanent is a colorless Food artifact with "{2}, {T}, Sacrifice this artifact: You gain 3 life" and '
     'loses all other card types and abilities.',
     {'kind': 'static', 'continuous': {'applies_to': {'attached': True}, 'do': [
         {'op': 'set_types', 'types': ['Artifact'], 'subtypes': ['Food']}, {'op': 'set_colors', 'colors': []},
         {'op': 'lose_all_abilities'},
         {'op': 'add_abilities', 'abilities': [{'text': '{2}, {T}, Sacrifice this artifact: You gain 3 life.',
                                                'kind': 'activated', 'ability': {
                                                    'kind': 'activated', 'cost': '{2}, {T}, Sacrifice this artifact',
                                                    'effect': 'You gain 3 life.',
                                                    'one_shot': [{'op': 'gain_life', 'amount': 3}]}}]}]}}),
    ('In Too Deep',
     'Enchanted permanent is a colorless Clue artifact with "{2}, Sacrifice this artifact: Draw a card" and loses all '
     'other abilities.',
     {'kind': 'static', 'continuous': {'applies_to': {'attached': True}, 'do': [
         {'op': 'set_types', 'types': ['Artifact'], 'subtypes': ['Clue']}, {'op': 'set_colors', 'colors': []},
         {'op': 'lose_all_abilities'},
         {'op': 'add_abilities', 'abilities': [{'text': '{2}, Sacrifice this artifact: Draw a card.',
                                                'kind': 'activated', 'ability': {
                                                    'kind': 'activated', 'cost': '{2}, Sacrifice this artifact',
                                                    'effect': 'Draw a card.',
                                                    'one_shot': [{'op': 'draw', 'amount': 1}]}}]}]}}),
    ('Stasis Field',
     'Enchanted creature has base power and toughness 0/2, has defender, and loses all other abilities.',
     {'kind': 'static', 'continuous': {'applies_to': {'attached': True, 'types': ['Creature']}, 'do': [
         {'op': 'set_base_pt', 'power': 0, 'toughness': 2}, {'op': 'add_abilities', 'abilities': [{'keyword': 'defender'}]},
         {'op': 'lose_all_abilities'}]}}),
    ('Darksteel Mutation',
     'Enchanted creature is an Insect artifact creature with base power and toughness 0/1 and has indestructible, and '
     'it loses all other abilities, card types, and creature types.',
     {'kind': 'static', 'continuous': {'applies_to': {'attached': True, 'types': ['Creature']}, 'do': [
         {'op': 'set_types', 'types': ['Artifact', 'Creature'], 'subtypes': ['Insect'], 'keep_subtypes': True},
         {'op': 'set_base_pt', 'power': 0, 'toughness': 1}, {'op': 'lose_all_abilities'},
         {'op': 'add_abilities', 'abilities': [{'keyword': 'indestructible'}]}]}}),
    ('Toxicrene',
     'Hypertoxic Miasma — All lands have "{T}: Add one mana of any color" and lose all other abilities.',
     {'kind': 'static', 'continuous': {'applies_to': {'types': ['Land']}, 'do': [
         {'op': 'add_abilities', 'abilities': [{'text': '{T}: Add one mana of any color.', 'kind': 'activated',
                                                'mana': True}]},
         {'op': 'lose_all_abilities'}]}}),
    ('Sliv-Mizzet, Hivemind',
     'Slivers you control have flying and "Whenever you draw a card, this creature deals 1 damage to any target" and '
     '"{T}: Draw a card."',
     {'kind': 'static', 'continuous': {'applies_to': {'subtypes': ['Sliver'], 'controller': 'you'}, 'do': [
         {'op': 'add_abilities', 'abilities': [
             {'keyword': 'flying'},
             {'text': DRAW_PING, 'kind': 'triggered', 'ability': {
                 'text': DRAW_PING, 'kind': 'triggered', 'trigger': {'event': 'draws'}, 'targets': [{'what': 'any'}],
                 'one_shot': [{'op': 'damage', 'amount': 1}]}},
             {'text': '{T}: Draw a card.', 'kind': 'activated', 'ability': {
                 'kind': 'activated', 'cost': '{T}', 'effect': 'Draw a card.', 'one_shot': [{'op': 'draw', 'amount': 1}]}}]}]}}),
    ("Swashbuckler's Whip",
     'Equipped creature has reach, "{2}, {T}: Tap target artifact or creature," and "{8}, {T}: Discover 10."',
     {'kind': 'static', 'continuous': {'applies_to': {'attached': True, 'types': ['Creature']}, 'do': [
         {'op': 'add_abilities', 'abilities': [
             {'keyword': 'reach'},
             {'text': '{2}, {T}: Tap target artifact or creature.', 'kind': 'activated', 'ability': {
                 'kind': 'activated', 'cost': '{2}, {T}', 'effect': 'Tap target artifact or creature.',
                 'targets': [{'what': 'permanent', 'types': ['Artifact', 'Creature']}], 'one_shot': [{'op': 'tap'}]}},
             {'text': '{8}, {T}: Discover 10.', 'kind': 'activated', 'ability': {
                 'kind': 'activated', 'cost': '{8}, {T}', 'effect': 'Discover 10.',
                 'one_shot': [{'op': 'discover', 'amount': 10}]}}]}]}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_two_subtypes_singular_are_either():
    """"Each Goblin and Orc you control": an object that is a Goblin or an Orc (one of the two), as the plural
    "Goblins and Orcs you control" reads."""
    [one] = compile_paragraph("Each Goblin and Orc you control gets +1/+1.")
    [other] = compile_paragraph("Goblins and Orcs you control get +1/+1.")
    assert one.continuous.applies_to == other.continuous.applies_to
    assert set(one.continuous.applies_to.subtypes) == {"Goblin", "Orc"}


# near misses: wording the vocabulary can't say, or that means something else
NOT_READ = [
    # "blessing" as a counter only of this enchantment (the city's blessing, 702.131, is read as a condition)
    "This creature gets +1/+1 for each blessing counter on it.",
    # a blessing counter on another object than the source
    "Creatures you control get +1/+1 for each blessing counter on enchanted creature.",
    # a qualifier of the first group only ("nontoken") that may be the second's too: not a union the grammar reads
    # ("Each Ally and land you control", "Each land and creature you control" are: "you control" qualifies both,
    # tests/test_oracle_commander.py)
    'Each nontoken Ally and land you control has "{T}: Add one mana of any color."',
    'Each nontoken land and creature you control has "{T}: Add one mana of any color."',
    # a keyword with a cost among the type's words, then "it loses" (crew: not this template)
    "Enchanted permanent is a Vehicle artifact with crew 5 and it loses all other card types.",
    # no card type to become: a creature type only
    "Enchanted creature is a Zombie and loses all other card types.",
    # a subtype of another card type than the one it keeps (a creature type for a land)
    'Enchanted permanent is a colorless Elf land with "{T}: Add {C}" and loses all other card types and abilities.',
    # keywords before the quoted ability: not the template
    'Enchanted permanent is a colorless land with flying with "{T}: Add {C}" and loses all other card types and '
    'abilities.',
    # a list whose comma before "and" is missing (no list Oracle prints)
    'Equipped creature has reach, "{2}, {T}: Tap target artifact or creature" and "{8}, {T}: Discover 10."',
    # "all other abilities" with no ability given beside it
    "Enchanted creature gets +1/+1 and loses all other abilities.",
    "Enchanted creature loses all other abilities.",
    # a noncreature subtype set with "loses all other ... creature types" (not the creature's types)
    "Enchanted creature is an Equipment artifact creature with base power and toughness 0/1 and has indestructible, "
    "and it loses all other abilities, card types, and creature types.",
    # two nouns singular joined by "and" without "each" (the template is "Each A and B")
    "Whenever a land and Ally you control enters, draw a card.",
    # a granted ability that names the granting card beside the object that has it (201.5a: two sources)
    'Enchanted creature has "{T}: This creature deals X damage to target attacking or blocking creature, where X is the '
    'number of arrow counters on ~."',
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


def test_in_the_layers(db, lib, run, tmp_path):  # noqa: F811
    """613.1f, 613.4c: on a board of database cards, Great Divide Guide's lands and Allies (alice's Forest, the
    Guide itself, an Ally) have the mana ability, not her Grizzly Bears nor bob's Forest; Brightcap Badger's
    Fungus (Thallid) has "{T}: Add {G}.", not the Badger; Boon of the Spirit Realm with two blessing counters gives
    alice's creatures +2/+2."""
    for name in ("Great Divide Guide", "Brightcap Badger", "Boon of the Spirit Realm", "Thallid"):
        assert lib.get(name, database=False) is None, name
    board = ("players: [alice, bob]\nbattlefield:\n"
             "  - {card: Great Divide Guide, controller: alice}\n"
             "  - {card: Forest, controller: alice}\n"
             "  - {card: Grizzly Bears, controller: alice}\n"
             "  - {card: Forest, controller: bob}\n"
             "  - {card: Brightcap Badger, controller: alice}\n"
             "  - {card: Thallid, controller: alice}\n"
             "  - {card: Boon of the Spirit Realm, controller: alice, counters: {blessing: 2}}\n"
             "  - {card: Grizzly Bears, controller: bob}\n")
    path = tmp_path / "board.yaml"
    path.write_text(board, encoding="utf-8")
    r = run("layers", path, "--json")
    assert r.code == 0, r.err
    objects = json.loads(r.out)["objects"]
    any_color, green = "{T}: Add one mana of any color.", "{T}: Add {G}."
    assert {k for k, o in objects.items() if any_color in o["abilities"]} == {"great_divide_guide", "forest"}
    assert {k for k, o in objects.items() if green in o["abilities"]} == {"thallid", "forest", "forest_2"}
    pt = {k: (o["power"], o["toughness"]) for k, o in objects.items() if o.get("power") is not None}
    assert pt == {"great_divide_guide": (4, 5), "grizzly_bears": (4, 4), "brightcap_badger": (5, 6),
                  "thallid": (3, 3), "grizzly_bears_2": (2, 2)}


def test_types_changed_in_the_layers(db, lib, run, tmp_path):  # noqa: F811
    """205.1a, 613.1d-f on a board of database cards: One with the Stars makes Grizzly Bears an enchantment with no
    subtype (its creature type goes with its card type); Enchantmentize on an Aura (Holy Strength) keeps it an Aura,
    still granting its bonus; Imprisoned in the Moon makes a Forest a colorless land that stays a basic Forest and
    taps for {C} only (its Forest mana ability lost in layer 6), and Dryad Arbor a land Forest, no Dryad; In Too Deep
    and Sugar Coat make creatures a colorless Clue (Food) artifact with only the quoted ability."""
    for name in ("One with the Stars", "Enchantmentize", "Imprisoned in the Moon", "In Too Deep", "Sugar Coat"):
        assert lib.get(name, database=False) is None, name
    board = ("players: [alice, bob]\nbattlefield:\n"
             "  - {card: Grizzly Bears, controller: bob}\n"
             "  - {card: One with the Stars, controller: alice, attached_to: grizzly_bears}\n"
             "  - {card: Serra Angel, controller: bob}\n"
             "  - {card: Holy Strength, controller: bob, attached_to: serra_angel}\n"
             "  - {card: Enchantmentize, controller: alice, attached_to: holy_strength}\n"
             "  - {card: Forest, controller: bob}\n"
             "  - {card: Imprisoned in the Moon, controller: alice, attached_to: forest}\n"
             "  - {card: Dryad Arbor, controller: bob}\n"
             "  - {card: Imprisoned in the Moon, controller: alice, attached_to: dryad_arbor}\n"
             "  - {card: Llanowar Elves, controller: bob}\n"
             "  - {card: In Too Deep, controller: alice, attached_to: llanowar_elves}\n"
             "  - {card: Savannah Lions, controller: bob}\n"
             "  - {card: Sugar Coat, controller: alice, attached_to: savannah_lions}\n")
    path = tmp_path / "board.yaml"
    path.write_text(board, encoding="utf-8")
    r = run("layers", path, "--json")
    assert r.code == 0, r.err
    objects = json.loads(r.out)["objects"]

    def kind(oid):
        o = objects[oid]
        return sorted(o["supertypes"]), sorted(o["types"]), sorted(o["subtypes"]), sorted(o["colors"]), o["abilities"]

    assert kind("grizzly_bears") == ([], ["enchantment"], [], ["green"], [])
    assert objects["grizzly_bears"].get("power") is None
    assert kind("holy_strength")[1:3] == (["enchantment"], ["Aura"])
    assert (objects["serra_angel"]["power"], objects["serra_angel"]["toughness"]) == (5, 6)
    assert kind("forest") == (["basic"], ["land"], ["Forest"], [], ["{T}: Add {C}."])
    assert kind("dryad_arbor") == ([], ["land"], ["Forest"], [], ["{T}: Add {C}."])
    assert kind("llanowar_elves") == ([], ["artifact"], ["Clue"], [], ["{2}, Sacrifice this artifact: Draw a card."])
    assert kind("savannah_lions") == ([], ["artifact"], ["Food"], [],
                                      ["{2}, {T}, Sacrifice this artifact: You gain 3 life."])


def test_other_abilities_lost_in_the_layers(db, lib, run, tmp_path):  # noqa: F811
    """613.1f, 205.1a: Stasis Field leaves Serra Angel a 0/2 with defender only; Deep Freeze makes Llanowar Elves a
    blue and green Elf Druid Wall 0/4 with defender and no mana ability; Darksteel Mutation makes Lion Sash (an
    Equipment Cat) an indestructible 0/1 Equipment Insect artifact creature (its creature type replaced, its artifact
    type's Equipment kept); Minimus Containment makes Savannah Lions a white Treasure artifact; under Toxicrene a
    Forest taps for one mana of any color only (its Forest ability lost in layer 6)."""
    for name in ("Stasis Field", "Deep Freeze", "Darksteel Mutation", "Minimus Containment", "Toxicrene"):
        assert lib.get(name, database=False) is None, name
    board = ("players: [alice, bob]\nbattlefield:\n"
             "  - {card: Serra Angel, controller: bob}\n"
             "  - {card: Stasis Field, controller: alice, attached_to: serra_angel}\n"
             "  - {card: Llanowar Elves, controller: bob}\n"
             "  - {card: Deep Freeze, controller: alice, attached_to: llanowar_elves}\n"
             "  - {card: Lion Sash, controller: bob}\n"
             "  - {card: Darksteel Mutation, controller: alice, attached_to: lion_sash}\n"
             "  - {card: Savannah Lions, controller: bob}\n"
             "  - {card: Minimus Containment, controller: alice, attached_to: savannah_lions}\n"
             "  - {card: Toxicrene, controller: alice}\n"
             "  - {card: Forest, controller: bob}\n")
    path = tmp_path / "board.yaml"
    path.write_text(board, encoding="utf-8")
    r = run("layers", path, "--json")
    assert r.code == 0, r.err
    objects = json.loads(r.out)["objects"]

    def kind(oid):
        o = objects[oid]
        return sorted(o["types"]), sorted(o["subtypes"]), sorted(o["colors"]), o["abilities"], (o["power"], o["toughness"])

    assert kind("serra_angel") == (["creature"], ["Angel"], ["white"], ["defender"], (0, 2))
    assert kind("llanowar_elves") == (["creature"], ["Druid", "Elf", "Wall"], ["blue", "green"], ["defender"], (0, 4))
    assert kind("lion_sash") == (["artifact", "creature"], ["Equipment", "Insect"], ["white"], ["indestructible"],
                                 (0, 1))
    assert kind("savannah_lions") == (["artifact"], ["Treasure"], ["white"],
                                      ["{T}, Sacrifice this artifact: Add one mana of any color."], (None, None))
    assert objects["forest"]["abilities"] == ["{T}: Add one mana of any color."]


GAME = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Grizzly Bears, controller: alice}
  - {card: In Too Deep, controller: bob, attached_to: grizzly_bears}
  - {card: Forest, controller: alice}
  - {card: Imprisoned in the Moon, controller: bob, attached_to: forest}
  - {card: Island, controller: alice}
library:
  alice: [Island, Island]
  bob: [Island, Island]
actions:
  - {activate: grizzly_bears, ability: 1, tap: [FOREST, island]}
until: {turn: 1, step: end}
"""


@pytest.mark.parametrize("forest, drawn", [("forest", True), ("{forest: G}", False)])
def test_a_clue_and_a_moon_imprisoned_forest_in_a_game(db, lib, run, tmp_path, forest, drawn):  # noqa: F811
    """In Too Deep makes alice's Grizzly Bears a Clue: she activates the ability it grants ("{2}, Sacrifice this
    artifact: Draw a card", ability 1: the Bears print none), paid with the Forest Imprisoned in the Moon makes a
    colorless land ({C}) and an Island: the Bears are sacrificed (701.21), she draws, In Too Deep goes to its owner's
    graveyard (704.5m). The Forest can't add {G} (605.3: its only mana ability adds {C}): refused, nothing happens."""
    for name in ("In Too Deep", "Imprisoned in the Moon"):
        assert lib.get(name, database=False) is None, name
    out = play_json(run, tmp_path, GAME.replace("FOREST", forest))
    if drawn:
        assert not out.get("rejected")
        assert out["players"]["alice"]["hand"] == 1 and out["players"]["alice"]["library"] == 1
        assert out["graveyard"]["alice"] == ["grizzly_bears"] and out["graveyard"]["bob"] == ["in_too_deep"]
    else:
        assert [r["rule"] for r in out["rejected"]] == ["605.3"]
        assert out["players"]["alice"]["hand"] == 0 and "grizzly_bears" in out["battlefield"]
