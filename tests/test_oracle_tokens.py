"""Tokens and cards of family 5 (engine/vocab/oracle/oneshot_tokens.py, oneshot.lark): the predefined Map, Lander
and Mutagen tokens (111.10s, 111.10u, 111.10v: token definitions of the card library; the Map's "Target creature
you control explores", 701.44a), creature tokens an effect gives abilities in quotes (111.4: the library's token
definition with those characteristics and that text: Eldrazi Scion, Eldrazi Spawn), "you create ..." (111.1),
"you may draw a card. If you do, discard a card." (608.2c, 608.2d, 121.3), "draw that many cards" of a damage
trigger (603.2), "create a token that's a copy of target creature / this creature" (707.2), delayed triggered
abilities at end of combat (603.7, 511.2: "destroy it at end of combat", "return that creature to its owner's hand
at end of combat", "sacrifice it at end of combat"), and "look at the top N cards of your library, then put them back in any order" (401.2, 401.4).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first (reminder text aside, 207.1); the games are tests/data/games/111-10s-*, 111-10u-*,
111-4-*, 608-2c-may-draw-*, 603-7-at-end-of-combat-*, 401-4-look-at-the-top-*, 603-2-dealt-damage-draw-*,
707-2-token-copies, 603-7-sacrifice-it-*.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.compile import compile_paragraph
from engine.vocab.oracle.objects import bare
from carddata import db, database_record  # noqa: F401 (the fixture: the card database's index of the session)

ABILITY = TypeAdapter(Ability)
SCION = 'It has "Sacrifice this token: Add {C}."'


@pytest.fixture(scope="module")
def lib(db):
    return load_library()


EXAMPLES = [
    ("Slithering Cryptid", "When this creature enters, create a Mutagen token.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "create_token", "token": "Mutagen"}]}),
    ("Galactic Wayfarer", "When this creature enters, create a Lander token.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "create_token", "token": "Lander"}]}),
    ("Cartographer's Companion", "When this creature enters, create a Map token.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "create_token", "token": "Map"}]}),
    ("Incubator Drone", "When this creature enters, create a 1/1 colorless Eldrazi Scion creature token. " + SCION,
     {"kind": "triggered", "trigger": {"event": "enters"},
      "one_shot": [{"op": "create_token", "token": "Eldrazi Scion"}]}),
    ("Carrier Thrall", "When this creature dies, create a 1/1 colorless Eldrazi Scion creature token. " + SCION,
     {"kind": "triggered", "trigger": {"event": "dies"},
      "one_shot": [{"op": "create_token", "token": "Eldrazi Scion"}]}),
    ("Abstruse Interference", 'Counter target spell unless its controller pays {1}. You create a 1/1 colorless '
                              'Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}."',
     {"kind": "spell", "targets": [{"what": "spell"}],
      "one_shot": [{"op": "counter", "unless_pays": "{1}"}, {"op": "create_token", "token": "Eldrazi Scion"}]}),
    ("Skittering Invasion", 'Create five 0/1 colorless Eldrazi Spawn creature tokens. They have "Sacrifice this '
                            'token: Add {C}."',
     {"kind": "spell", "one_shot": [{"op": "create_token", "token": "Eldrazi Spawn", "amount": 5}]}),
    ("Idol of False Gods", '{1}{C}, {T}: Create a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice this '
                           'token: Add {C}."',
     {"kind": "activated", "cost": "{1}{C}, {T}",
      "effect": 'Create a 0/1 colorless Eldrazi Spawn creature token with "Sacrifice this token: Add {C}."',
      "one_shot": [{"op": "create_token", "token": "Eldrazi Spawn"}]}),
    ("Stadium Tidalmage", "Whenever this creature enters or attacks, you may draw a card. If you do, discard a card.",
     {"kind": "triggered", "trigger": {"event": "enters", "or_event": "attacks"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "draw", "amount": 1}],
                    "if_you_do": [{"op": "discard", "amount": 1}]}]}),
    ("Ceremonial Guard", "When this creature attacks or blocks, destroy it at end of combat.",
     {"kind": "triggered", "trigger": {"event": "attacks", "or_event": "blocks"},
      "one_shot": [{"op": "delayed_trigger", "when": "end_of_combat", "about": "self",
                    "text": "At end of combat, destroy it.", "one_shot": [{"op": "destroy", "what": "it"}]}]}),
    ("Windscouter", "When this creature attacks or blocks, return it to its owner's hand at end of combat.",
     {"kind": "triggered", "trigger": {"event": "attacks", "or_event": "blocks"},
      "one_shot": [{"op": "delayed_trigger", "when": "end_of_combat", "about": "self",
                    "text": "At end of combat, return it to its owner's hand.",
                    "one_shot": [{"op": "return_to_hand", "what": "it"}]}]}),
    ("Mardu Blazebringer", "When this creature attacks or blocks, sacrifice it at end of combat.",
     {"kind": "triggered", "trigger": {"event": "attacks", "or_event": "blocks"},
      "one_shot": [{"op": "delayed_trigger", "when": "end_of_combat", "about": "self",
                    "text": "At end of combat, sacrifice it.",
                    "one_shot": [{"op": "sacrifice", "what": {"self": True}, "who": "you"}]}]}),
    ("Aether Membrane", "Whenever this creature blocks a creature, return that creature to its owner's hand at end of "
                       "combat.",
     {"kind": "triggered", "trigger": {"event": "blocks_creature"},
      "one_shot": [{"op": "delayed_trigger", "when": "end_of_combat", "about": "that_creature",
                    "text": "At end of combat, return that creature to its owner's hand.",
                    "one_shot": [{"op": "return_to_hand", "what": "it"}]}]}),
    ("Infernal Medusa", "Whenever this creature blocks a creature, destroy that creature at end of combat.",
     {"kind": "triggered", "trigger": {"event": "blocks_creature"},
      "one_shot": [{"op": "delayed_trigger", "when": "end_of_combat", "about": "that_creature",
                    "text": "At end of combat, destroy that creature.", "one_shot": [{"op": "destroy", "what": "it"}]}]}),
    ("Sage Owl", "When this creature enters, look at the top four cards of your library, then put them back in any "
                 "order.",
     {"kind": "triggered", "trigger": {"event": "enters"}, "one_shot": [{"op": "arrange_top", "amount": 4}]}),
    ("Mirri's Guile", "At the beginning of your upkeep, you may look at the top three cards of your library, then put "
                      "them back in any order.",
     {"kind": "triggered", "trigger": {"at_beginning_of": "upkeep", "whose": "you"},
      "one_shot": [{"op": "may", "one_shot": [{"op": "arrange_top", "amount": 3}]}]}),
    ("Illusory Ambusher", "Whenever this creature is dealt damage, draw that many cards.",
     {"kind": "triggered", "trigger": {"event": "dealt_damage"}, "one_shot": [{"op": "draw", "amount": "that_many"}]}),
    ("Glint-Eye Nephilim", "Whenever this creature deals combat damage to a player, draw that many cards.",
     {"kind": "triggered", "trigger": {"event": "deals_damage", "combat": True, "to_player": True},
      "one_shot": [{"op": "draw", "amount": "that_many"}]}),
    ("Cackling Counterpart", "Create a token that's a copy of target creature you control.",
     {"kind": "spell", "targets": [{"what": "creature", "controller": "you"}], "one_shot": [{"op": "create_token_copy"}]}),
    ("Spitting Image", "Create a token that's a copy of target creature.",
     {"kind": "spell", "targets": [{"what": "creature"}], "one_shot": [{"op": "create_token_copy"}]}),
    ("Spawnwrithe", "Whenever this creature deals combat damage to a player, create a token that's a copy of this "
                    "creature.",
     {"kind": "triggered", "trigger": {"event": "deals_damage", "combat": True, "to_player": True},
      "one_shot": [{"op": "create_token_copy", "what": "self"}]}),
    ("Myr Propagator", "{3}, {T}: Create a token that's a copy of this creature.",
     {"kind": "activated", "cost": "{3}, {T}", "effect": "Create a token that's a copy of this creature.",
      "one_shot": [{"op": "create_token_copy", "what": "self"}]}),
    ("Riddlesmith", "Whenever you cast an artifact spell, you may draw a card. If you do, discard a card.",
     {"kind": "triggered", "trigger": {"event": "cast", "spells": {"types": ["Artifact"]}},
      "one_shot": [{"op": "may", "one_shot": [{"op": "draw", "amount": 1}],
                    "if_you_do": [{"op": "discard", "amount": 1}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(expected if expected["kind"] == "activated" else dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_the_predefined_tokens_are_the_rules_definitions(lib):
    # 111.10s, 111.10u, 111.10v: colorless artifact tokens of that subtype, with that ability (which the compiler
    # reads as the file encodes it)
    for name, text in (("Map", "{1}, {T}, Sacrifice this token: Target creature you control explores. Activate only as "
                               "a sorcery."),
                       ("Lander", "{2}, {T}, Sacrifice this token: Search your library for a basic land card, put it "
                                  "onto the battlefield tapped, then shuffle."),
                       ("Mutagen", "{1}, {T}, Sacrifice this token: Put a +1/+1 counter on target creature. Activate "
                                   "only as a sorcery.")):
        card = lib.get(name)
        assert card.token and card.colors == [] and card.types == ["Artifact"] and card.subtypes == [name]
        assert card.oracle == text and [a.display() for a in card.abilities] == [text]
        assert compile_paragraph(text, name) == list(card.abilities)
    spawn = lib.get("Eldrazi Spawn")
    assert (spawn.power, spawn.toughness, spawn.colors, spawn.subtypes) == (0, 1, [], ["Eldrazi", "Spawn"])


# near misses: a part the vocabulary can't say, or a text no token definition of the library has
NOT_READ = [
    # the quoted text is not the library definition's ("this creature", not "this token")
    'Create a 1/1 colorless Eldrazi Scion creature token. It has "Sacrifice this creature: Add {C}."',
    # characteristics no definition with that text has (a 1/1 Spawn, a 0/1 Scion, a green Scion; the quoted mana
    # ability alone is no ability the compiler reads)
    'Create a 1/1 colorless Eldrazi Spawn creature token. It has "Sacrifice this token: Add {C}."',
    'Create a 0/1 colorless Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}."',
    'Create a 1/1 green Eldrazi Scion creature token. It has "Sacrifice this token: Add {C}."',
    # "It has" after more than one token, "They have" after one
    'Create two 1/1 colorless Eldrazi Scion creature tokens. It has "Sacrifice this token: Add {C}."',
    'Create a 1/1 colorless Eldrazi Scion creature token. They have "Sacrifice this token: Add {C}."',
    # "It has" after no instruction creating tokens; after a token with a keyword besides the quote
    'Draw a card. It has "Sacrifice this token: Add {C}."',
    'Create a 1/1 colorless Eldrazi Scion creature token with haste. It has "Sacrifice this token: Add {C}."',
    # a quoted ability that doesn't compile (tests/test_oracle_tokdefs.py: the ones that do)
    'Create a 1/1 black Rat creature token with "This token can\'t block or be blocked by Humans."',
    # "that many": no damage dealt by the triggering event; the cards discarded, not the damage
    "When this creature enters, draw that many cards.",
    "Discard all the cards in your hand, then draw that many cards.",
    "Whenever this creature deals combat damage to a player, discard a card, then draw that many cards.",
    "Whenever this creature deals combat damage to a player, you may discard a card. If you do, draw that many cards.",
    # a copy of another object than a target permanent or the source (tests/test_oracle_copies.py: those read now);
    # "this creature" of a spell
    "Create a token that's a copy of target creature card in your graveyard.",
    "Create a token that's a copy of target instant or sorcery spell.",
    "Create a token that's a copy of ~.",
    # another subject than "you" creates the token
    "Target player creates a Treasure token.",
    "You creates a Treasure token.",
    # "If you do" after a draw of another player
    "Target player may draw a card. If you do, discard a card.",
    # "at end of combat" (603.7c): "it" of a trigger on no attack or block of the source; "that creature" of a
    # trigger naming no other creature (an attack), or on damage dealt to a player (no creature: the source's own);
    # of a spell; "that permanent"; the sacrifice of another object than the source
    "When this creature enters, destroy it at end of combat.",
    "Whenever this creature attacks, destroy that creature at end of combat.",
    "Whenever this creature deals combat damage to a player, destroy that creature at end of combat.",
    "Whenever another creature attacks, destroy it at end of combat.",
    "Whenever this creature blocks a creature, destroy it at end of combat.",  # 'it': this creature, or that one
    "Whenever this creature becomes blocked by a creature, destroy it at end of combat.",
    "Destroy it at end of combat.",
    "Whenever this creature blocks a creature, destroy that permanent at end of combat.",
    "Whenever this creature blocks a creature, sacrifice that creature at end of combat.",
    # one card put back (no order); another player's library than a target player's (test_oracle_libextra.py); the
    # cards put elsewhere than back on top
    "When this creature enters, look at the top card of your library, then put them back in any order.",
    "Look at the top three cards of each opponent's library, then put them back in any order.",
    "Look at the top three cards of your library, then put them back in a random order.",
    # explores: a target that may be another player's creature, or an attacking one (only the Map's target is read)
    "Target creature explores.",
    "Whenever you attack, target attacking creature you control explores.",
    # an Incubator: a double-faced token (111.10i) the library has no definition of (the Powerstone is read now:
    # tests/test_oracle_predefined.py)
    "When this creature enters, create a tapped Incubator token.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_the_cards_put_back_are_the_ones_looked_at(db, lib, tmp_path):
    from engine.files.gamefile import load_game
    from engine.game import GameError, play

    assert lib.get("Sage Owl", database=False) is None
    text = """players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice}
  - {card: Island, controller: alice}
hand:
  alice: [{card: Sage Owl, id: owl}]
library:
  alice: [{card: Forest, id: f1}, {card: Mountain, id: m1}, {card: Plains, id: p1}, {card: Swamp, id: s1},
          {card: Wastes, id: w1}]
actions:
  - {cast: owl, tap: [island, island_2]}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {arrange: {top: %s}, by: alice}
until: {turn: 1, step: beginning_of_combat}
"""
    path = tmp_path / "game.yaml"
    for wrong in ("[s1, p1, f1, w1]", "[s1, p1, f1]", "[s1, p1, f1, f1]"):  # a card not looked at; one left out; twice
        path.write_text(text % wrong, encoding="utf-8")
        state, actions, until = load_game(path, lib)
        with pytest.raises(GameError, match="401.4"):
            play(state, actions, library=lib, until=until)
    path.write_text(text % "[m1, s1, p1, f1]", encoding="utf-8")
    state, actions, until = load_game(path, lib)
    result = play(state, actions, library=lib, until=until)
    assert result.state.zone_ids("library", "alice") == ["m1", "s1", "p1", "f1", "w1"]  # 401.4: the order chosen


def test_if_you_do_after_a_draw_from_an_empty_library(db, lib, tmp_path):
    # 121.3: a player may choose to draw from an empty library; 121.4 they drew nothing, so "If you do" (608.2c)
    # doesn't happen: the Mountain stays in hand; 704.5b: she loses the game
    from engine.files.gamefile import load_game
    from engine.game import play

    assert lib.get("Stadium Tidalmage", database=False) is None
    path = tmp_path / "game.yaml"
    path.write_text("""players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Island, controller: alice, id: i1}
  - {card: Island, controller: alice, id: i2}
  - {card: Mountain, controller: alice, id: m1}
  - {card: Mountain, controller: alice, id: m2}
hand:
  alice: [{card: Stadium Tidalmage, id: mage}, {card: Mountain, id: mountain}]
actions:
  - {cast: mage, tap: [i1, i2, m1, m2]}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {pass: true}
  - {may: true}
until: {turn: 1, step: beginning_of_combat}
""", encoding="utf-8")
    state, actions, until = load_game(path, lib)
    result = play(state, actions, library=lib, until=until)
    assert result.state.zone_ids("hand", "alice") == ["mountain"]
    assert "608.2c" in [e.rule for e in result.log] and result.state.player("alice").lost
