"""Family 5's triggers (engine/vocab/oracle/oneshot.lark, rule os_trigger): the triggers added for issue 21's
cards one ability away: "this creature or another X you control" (any_of), one ability on two events
(603.2: "enters or dies", "enters or attacks", "attacks or blocks", "blocks or becomes blocked"), cast
triggers of an opponent's or any player's spells, of the second spell each turn, of spells by color,
colorless, multicolored, historic (700.6) or mana value N or greater, "when you cast this spell"
(601.2i), draw triggers (121.2: "whenever you draw a card", "your second card each turn"), the declaration
triggers "attacks alone" (506.5), "whenever you attack" (508.3d), "attacks and isn't blocked" (509.3g),
"blocks a creature" (509.3b), "becomes blocked by a creature" (509.3d), "deals damage to a player / an
opponent", "is dealt [combat] damage" (603.2, 120.3), "becomes the target of a spell or ability [an opponent controls]" (115.1, 603.2e), and discard triggers
(701.9: "whenever you cycle or discard a card", "an opponent discards a card").

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the
database's paragraph first. The games that execute them are tests/data/games/603-*.yaml (test_games.py);
the hand equivalence of every paragraph family 5 reads is tests/test_oracle_oneshot.py's.
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record, library_with  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Clarion Spirit',
     'Whenever you cast your second spell each turn, create a 1/1 white Spirit creature token with flying.',
     {'one_shot': [{'op': 'create_token', 'token': 'Spirit'}], 'kind': 'triggered', 'trigger': {'event': 'cast', 'nth': 2}}),
    ('Mogg Sentry',
     'Whenever an opponent casts a spell, this creature gets +2/+2 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 2}]}, 'kind': 'triggered', 'trigger': {'event': 'cast', 'player': 'opponent'}}),
    ('Bloodhaze Wolverine',
     'Whenever you draw your second card each turn, this creature gets +1/+1 and gains first strike until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 1}, {'op': 'add_abilities', 'abilities': [{'keyword': 'first strike'}]}]}, 'kind': 'triggered', 'trigger': {'event': 'draws', 'nth': 2}}),
    ('Hada Freeblade',
     'Whenever this creature or another Ally you control enters, you may put a +1/+1 counter on this creature.',
     {'one_shot': [{'op': 'may', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}]}], 'kind': 'triggered', 'trigger': {'event': 'enters', 'subjects': {'any_of': [{'self': True}, {'subtypes': ['Ally'], 'controller': 'you', 'other': True}]}}}),
    ('Angry Rabble',
     'Whenever you cast a spell with mana value 4 or greater, this creature deals 1 damage to each opponent.',
     {'one_shot': [{'op': 'damage', 'amount': 1, 'to': 'each_opponent'}], 'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'min_mana_value': 4}}}),
    ('Gloryscale Viashino',
     'Whenever you cast a multicolored spell, this creature gets +3/+3 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 3, 'toughness': 3}]}, 'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'multicolored': True}}}),
    ('Crow of Dark Tidings',
     'When this creature enters or dies, mill two cards.',
     {'one_shot': [{'op': 'mill', 'amount': 2}], 'kind': 'triggered', 'trigger': {'event': 'enters', 'or_event': 'dies'}}),
    ('Grave Titan',
     'Whenever this creature enters or attacks, create two 2/2 black Zombie creature tokens.',
     {'one_shot': [{'op': 'create_token', 'token': 'Zombie', 'amount': 2}], 'kind': 'triggered', 'trigger': {'event': 'enters', 'or_event': 'attacks'}}),
    ('Chub Toad',
     'Whenever this creature blocks or becomes blocked, it gets +2/+2 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 2}]}, 'kind': 'triggered', 'trigger': {'event': 'blocks', 'or_event': 'becomes_blocked'}}),
    ('Howling Golem',
     'Whenever this creature attacks or blocks, each player draws a card.',
     {'one_shot': [{'op': 'draw', 'amount': 1, 'who': 'each_player'}], 'kind': 'triggered', 'trigger': {'event': 'attacks', 'or_event': 'blocks'}}),
    ('Artisan of Kozilek',
     'When you cast this spell, you may return target creature card from your graveyard to the battlefield.',
     {'targets': [{'what': 'card', 'types': ['Creature'], 'controller': 'you'}], 'one_shot': [{'op': 'may', 'one_shot': [{'op': 'return_to_battlefield'}]}], 'kind': 'triggered', 'trigger': {'event': 'cast', 'self': True}}),
    ("Artificer's Assistant",
     'Whenever you cast a historic spell, scry 1.',
     {'one_shot': [{'op': 'scry', 'amount': 1}], 'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'historic': True}}}),
    ('Burlfist Oak',
     'Whenever you draw a card, this creature gets +2/+2 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 2}]}, 'kind': 'triggered', 'trigger': {'event': 'draws'}}),
    ("Kozilek's Sentinel",
     'Whenever you cast a colorless spell, this creature gets +1/+0 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 1}]}, 'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'colorless': True}}}),
    ('Bog Gnarr',
     'Whenever a player casts a black spell, this creature gets +2/+2 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 2}]}, 'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'colors': ['black']}, 'player': 'any'}}),
    ('Mold Adder',
     'Whenever an opponent casts a blue or black spell, you may put a +1/+1 counter on this creature.',
     {'one_shot': [{'op': 'may', 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}]}], 'kind': 'triggered', 'trigger': {'event': 'cast', 'spells': {'colors': ['blue', 'black']}, 'player': 'opponent'}}),
    ('Hearthborn Battler',
     'Whenever a player casts their second spell each turn, this creature deals 2 damage to target opponent.',
     {'targets': [{'what': 'player', 'controller': 'opponent'}], 'one_shot': [{'op': 'damage', 'amount': 2}], 'kind': 'triggered', 'trigger': {'event': 'cast', 'player': 'any', 'nth': 2}}),
    ('Black Widow, Agile Avenger',
     'Whenever an opponent draws their second card each turn, put a +1/+1 counter on Black Widow and you draw a card.',
     {'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}, {'op': 'draw', 'amount': 1}], 'kind': 'triggered', 'trigger': {'event': 'draws', 'player': 'opponent', 'nth': 2}}),
    ("Odric's Outrider",
     'Whenever this creature or another creature you control dies, put a +1/+1 counter on target creature you control.',
     {'targets': [{'what': 'creature', 'controller': 'you'}], 'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1}], 'kind': 'triggered', 'trigger': {'event': 'dies', 'subjects': {'any_of': [{'self': True}, {'types': ['Creature'], 'controller': 'you', 'other': True}]}}}),
    ('Snare Tactician',  # 603.2: any card its controller cycles
     'Whenever you cycle a card, tap target creature an opponent controls.',
     {'targets': [{'what': 'creature', 'controller': 'opponent'}], 'one_shot': [{'op': 'tap'}], 'kind': 'triggered', 'trigger': {'event': 'activate', 'keyword': 'cycling', 'card': 'any'}}),
    ('Resounding Thunder',  # 702.29c: "it" is the card, in the graveyard as the ability triggers
     'When you cycle this card, it deals 6 damage to any target.',
     {'targets': [{'what': 'any'}], 'one_shot': [{'op': 'damage', 'amount': 6}], 'kind': 'triggered', 'trigger': {'event': 'activate', 'keyword': 'cycling'}}),
    ('Reckless Ogre',
     'Whenever this creature attacks alone, it gets +3/+0 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 3}]}, 'kind': 'triggered', 'trigger': {'event': 'attacks', 'alone': True}}),
    ('Looter il-Kor',
     'Whenever this creature deals damage to an opponent, draw a card, then discard a card.',
     {'one_shot': [{'op': 'draw', 'amount': 1}, {'op': 'discard'}], 'kind': 'triggered', 'trigger': {'event': 'deals_damage', 'to_opponent': True}}),
    ('Cave Tiger',
     'Whenever this creature becomes blocked by a creature, this creature gets +1/+1 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 1, 'toughness': 1}]}, 'kind': 'triggered', 'trigger': {'event': 'becomes_blocked', 'by': {'types': ['Creature']}}}),
    ('Battlesong Berserker',
     'Whenever you attack, target creature you control gets +1/+0 and gains menace until end of turn.',
     {'continuous': {'do': [{'op': 'modify_pt', 'power': 1}, {'op': 'add_abilities', 'abilities': [{'keyword': 'menace'}]}]}, 'targets': [{'what': 'creature', 'controller': 'you'}], 'kind': 'triggered', 'trigger': {'event': 'attacks', 'subjects': {'types': ['Creature'], 'controller': 'you'}, 'once': True}}),
    ('Merchant Ship',
     "Whenever this creature attacks and isn't blocked, you gain 2 life.",
     {'one_shot': [{'op': 'gain_life', 'amount': 2}], 'kind': 'triggered', 'trigger': {'event': 'unblocked'}}),
    ('Eternal of Harsh Truths',
     "Whenever this creature attacks and isn't blocked, draw a card.",
     {'one_shot': [{'op': 'draw', 'amount': 1}], 'kind': 'triggered', 'trigger': {'event': 'unblocked'}}),
    ('Frost Walker',
     'When this creature becomes the target of a spell or ability, sacrifice it.',
     {'one_shot': [{'op': 'sacrifice', 'what': {'self': True}, 'who': 'you'}], 'kind': 'triggered',
      'trigger': {'event': 'becomes_target'}}),
    ('Mossdog',
     'Whenever this creature becomes the target of a spell or ability an opponent controls, put a +1/+1 counter on '
     'this creature.',
     {'one_shot': [{'op': 'counters', 'kind': '+1/+1', 'amount': 1, 'to': 'self'}], 'kind': 'triggered',
      'trigger': {'event': 'becomes_target', 'player': 'opponent'}}),
    ('Dromad Purebred',
     'Whenever this creature is dealt damage, you gain 1 life.',
     {'one_shot': [{'op': 'gain_life', 'amount': 1}], 'kind': 'triggered', 'trigger': {'event': 'dealt_damage'}}),
    ('Wall of Essence',
     'Whenever this creature is dealt combat damage, you gain that much life.',
     {'one_shot': [{'op': 'gain_life', 'amount': 'that_many'}], 'kind': 'triggered',
      'trigger': {'event': 'dealt_damage', 'combat': True}}),
    ('Flameblade Adept',
     'Whenever you cycle or discard a card, this creature gets +1/+0 until end of turn.',
     {'continuous': {'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 1}]}, 'kind': 'triggered',
      'trigger': {'event': 'discards'}}),
    ('Confessor',
     'Whenever a player discards a card, you may gain 1 life.',
     {'one_shot': [{'op': 'may', 'one_shot': [{'op': 'gain_life', 'amount': 1}]}], 'kind': 'triggered',
      'trigger': {'event': 'discards', 'player': 'any'}}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    "When you cycle this card and when this creature dies, you may create a 1/1 white Soldier creature token.",
    "Whenever this creature or a creature you control dies, draw a card.",  # 'or a': not 'or another'
    "Whenever this creature or another creature you control attacks, draw a card.",  # any_of: enters and dies only
    "Whenever this creature blocks or becomes blocked by a Wall, draw a card.",  # a creature named by its quality only
    "Whenever a creature you control blocks or becomes blocked by a creature, this creature deals 1 damage to that "
    "creature.",  # 'that creature' of another subject's block
    "Whenever this creature enters or dies, it deals 1 damage to each opponent.",  # 'it' after it died
    "Whenever you cast your fourth spell each turn, draw a card.",
    "Whenever you cast your second spell during each opponent's turn, draw a card.",
    "Whenever a player casts an multicolored spell, draw a card.",  # the article
    "Whenever an opponent casts a spell with mana value X or less, draw a card.",
    "Whenever you draw your third card each turn, you gain 1 life.",
    "Whenever a player draws their first card each turn, you gain 1 life.",
    "Whenever an opponent casts a kicked spell, draw a card.",
    "Whenever a creature you control attacks alone, it gains lifelink until end of turn for each other creature you control.",  # 'it': not the source
    "Whenever a creature you control deals damage to an opponent, draw a card.",  # damage dealt by others
    "Whenever you attack with three or more Goblins, draw a card.",  # (creatures: read, 508.2a)
    "Whenever a creature you control is dealt damage, it gets +1/+1 until end of turn.",  # 'it': not the source
    "Whenever this creature is dealt noncombat damage, draw a card.",
    "Whenever an opponent cycles or discards another card, draw a card.",  # (yours: read, trigevents.lark)
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None


def test_the_second_event_is_the_same_ability():
    """603.2: 'enters or dies' is one ability with two events, not two abilities (a count of abilities, 'This
    ability triggers only once each turn', sees one)."""
    found = oneshot.read(bare("When this creature enters or dies, draw a card. This ability triggers only once "
                              "each turn.", ""))
    assert found is not None and len(found) == 1
    assert found[0]["trigger"] == {"event": "enters", "or_event": "dies"}


def _triggers_agree(board: dict, side: str, decl_pairs: tuple, lib):
    """The combat program's triggers of one declaration against the oracle's (tests/oracles/combat.py)."""
    from bridge.combat import Declaration, build_problem, check
    from engine.files.loader import board_from_data
    from oracles.combat import CombatOracle, attack_triggers, block_triggers

    state = board_from_data(board, lib, "triggers")
    verdict = check(build_problem(state), Declaration(side, decl_pairs).canonical())
    assert verdict.legal
    oracle = CombatOracle(state)
    blocks: dict = {}
    for b, a in decl_pairs:
        blocks.setdefault(b, []).append(a)
    want = attack_triggers(oracle, dict(decl_pairs)) if side == "attack" else block_triggers(oracle, blocks)
    got = {(t.source, t.ability, *t.objects) for t in verdict.triggers}
    assert got == want
    return got


def test_declaration_triggers_agree_with_the_oracle(db, lib):  # noqa: F811
    """506.5, 508.3d, 509.3c-d, 603.2: 'attacks alone', 'whenever you attack', 'enters or attacks', 'attacks or
    blocks', 'blocks or becomes blocked', 'becomes blocked by a creature': the combat program and its oracle."""
    mine = [{"card": "Reckless Ogre", "controller": "alice", "id": "ogre"},
            {"card": "Grave Titan", "controller": "alice", "id": "titan"},
            {"card": "Battlesong Berserker", "controller": "alice", "id": "berserker"},
            {"card": "Howling Golem", "controller": "alice", "id": "golem"}]
    theirs = [{"card": "Chub Toad", "controller": "bob", "id": "toad"},
              {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}]
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": mine + theirs}
    alone = _triggers_agree(board, "attack", (("ogre", "bob"),), lib)
    assert ("ogre", 1, "ogre") in alone and ("berserker", 1) in alone  # alone; 'whenever you attack' once
    together = _triggers_agree(board, "attack", (("ogre", "bob"), ("titan", "bob"), ("golem", "bob")), lib)
    assert not any(t[0] == "ogre" for t in together)  # not alone
    assert {("titan", 2, "titan"), ("golem", 1, "golem"), ("berserker", 1)} <= together
    blocking = dict(board, combat={"attackers": {"ogre": "bob", "golem": "bob"}})
    blocked = _triggers_agree(blocking, "block", (("toad", "golem"), ("bears", "ogre")), lib)
    assert ("toad", 1, "toad") in blocked  # the Toad blocks (blocks or becomes blocked)
    assert not any(t[0] == "golem" for t in blocked)  # the Golem attacked: blocked, it doesn't 'block'
    tiger = dict(board, battlefield=board["battlefield"] + [{"card": "Cave Tiger", "controller": "alice", "id": "tiger"}],
                 combat={"attackers": {"tiger": "bob"}})
    by_two = _triggers_agree(tiger, "block", (("toad", "tiger"), ("bears", "tiger")), lib)
    assert len([t for t in by_two if t[0] == "tiger"]) == 2  # 509.3d: once for each creature blocking it


def test_blocks_or_becomes_blocked_by_a_creature_agrees_with_the_oracle(db, lib):  # noqa: F811
    """509.3b, 509.3d, 603.2: Ashmouth Hound, 'Whenever this creature blocks or becomes blocked by a creature, ...':
    one ability on two events, once for each creature it blocks and once for each creature blocking it (game
    509-3b-3d-blocks-or-becomes-blocked-by-a-creature)."""
    paragraph = ("Whenever this creature blocks or becomes blocked by a creature, this creature deals 1 damage to that "
                 "creature.")
    record = database_record(db, lib, "Ashmouth Hound", paragraph)
    [ability] = [a for a in card_file(record).abilities if a.display() == paragraph]
    assert (ability.trigger.event, ability.trigger.or_event) == ("blocks_creature", "becomes_blocked")
    library = library_with("Ashmouth Hound")
    board = {"players": ["alice", "bob"], "active": "alice", "combat": {"attackers": {"hound": "bob"}},
             "battlefield": [{"card": "Ashmouth Hound", "controller": "alice", "id": "hound"},
                             {"card": "Grizzly Bears", "controller": "bob", "id": "bears"},
                             {"card": "Llanowar Elves", "controller": "bob", "id": "elves"}]}
    got = _triggers_agree(board, "block", (("bears", "hound"), ("elves", "hound")), library)
    assert {t for t in got if t[0] == "hound"} == {("hound", 1, "hound", "bears"), ("hound", 1, "hound", "elves")}
    mine = dict(board, active="bob", combat={"attackers": {"bears": "alice"}},
                battlefield=[{"card": "Ashmouth Hound", "controller": "alice", "id": "hound"},
                             {"card": "Grizzly Bears", "controller": "bob", "id": "bears"}])
    assert _triggers_agree(mine, "block", (("hound", "bears"),), library) == {("hound", 1, "hound", "bears")}


def test_exalted_triggers_are_the_combat_program_s_and_agree_with_the_oracle(db, lib):  # noqa: F811
    """702.83a-b, 506.5, 508.2a: each instance of exalted of the permanents the attacking player controls
    triggers when one creature attacks alone, printed or granted (Sublime Archangel: "Other creatures you
    control have exalted."); an opponent's exalted doesn't, nor any when two creatures attack."""
    board = {"players": ["alice", "bob"], "active": "alice", "battlefield": [
        {"card": "Sublime Archangel", "controller": "alice", "id": "angel"},
        {"card": "Grizzly Bears", "controller": "alice", "id": "bears"},
        {"card": "Akrasan Squire", "controller": "bob", "id": "squire"}]}
    alone = _triggers_agree(board, "attack", (("bears", "bob"),), lib)
    assert alone == {("angel", 2, "bears"), ("bears", 0, "bears")}  # its own exalted, and the one granted
    assert _triggers_agree(board, "attack", (("bears", "bob"), ("angel", "bob")), lib) == set()
