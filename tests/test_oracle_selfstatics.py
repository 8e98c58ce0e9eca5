"""Family 2's static abilities about their own object in shapes statics.lark doesn't read (issue 21, round 21:
engine/vocab/oracle/statics_self.lark, reader engine/vocab/oracle/statics_self.py): several predicates each under its
own condition (611.3a: Tek, Tribal Golem), an effect and later sentences "As long as [condition], it [predicate]."
(Tenza, Godo's Maul), "~ isn't legendary if it's a token." (205.4a, 111.1), conditions on counters (122.1) and on a
graveyard's size (404.1).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them (test_games.py): tests/data/games/611-3a-each-predicate-under-its-
condition.yaml, 611-3a-later-sentences-under-conditions.yaml, 704-5j-not-legendary-if-a-token.yaml,
122-1-conditions-on-counters-and-graveyard-size.yaml, 122-1-no-shell-counters.yaml."""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.files.loader import load_board_text
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import statics
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _static(cond, do, applies_to=None):
    cont = {'if': cond} if cond is not None else {}
    if applies_to is not None:
        cont['applies_to'] = applies_to
    return {'kind': 'static', 'continuous': {**cont, 'do': do}}


def _kw(*names):
    return {'op': 'add_abilities', 'abilities': [{'keyword': n} for n in names]}


def _pt(p, t):
    return {'op': 'modify_pt', **({'power': p} if p else {}), **({'toughness': t} if t else {})}


def _you_control(sub):
    return {'count': {'subtypes': [sub], 'controller': 'you'}, 'at_least': 1}


TEK = ("This creature gets +0/+2 as long as you control a Plains, has flying as long as you control an Island, gets "
       "+2/+0 as long as you control a Swamp, has first strike as long as you control a Mountain, and has trample as "
       "long as you control a Forest.")
GOLEM = ('This creature has trample as long as you control a Beast, haste as long as you control a Goblin, first strike '
         'as long as you control a Soldier, flying as long as you control a Wizard, and "{B}: Regenerate this creature" '
         'as long as you control a Zombie.')
TENZA = ("Equipped creature gets +1/+1. As long as it's legendary, it gets an additional +2/+2. As long as it's red, it "
         "has trample.")

# name, the paragraph as the database prints it, the abilities it compiles to (text: that paragraph), in order
EXAMPLES = [
    ('Tek', TEK, [_static(_you_control('Plains'), [_pt(0, 2)]), _static(_you_control('Island'), [_kw('flying')]),
                  _static(_you_control('Swamp'), [_pt(2, 0)]), _static(_you_control('Mountain'), [_kw('first strike')]),
                  _static(_you_control('Forest'), [_kw('trample')])]),
    ('Tenza, Godo\'s Maul', TENZA, [
        _static(None, [_pt(1, 1)], {'attached': True, 'types': ['Creature']}),
        _static({'count': {'attached': True, 'types': ['Creature'], 'supertypes': ['Legendary']}, 'at_least': 1}, [_pt(2, 2)], {'attached': True, 'types': ['Creature']}),
        _static({'count': {'attached': True, 'types': ['Creature'], 'colors': ['red']}, 'at_least': 1}, [_kw('trample')], {'attached': True, 'types': ['Creature']})]),
    ('Aeve, Progenitor Ooze', "Aeve isn't legendary if it's a token.", [
        _static({'count': {'self': True, 'token': True}, 'at_least': 1},
                [{'op': 'remove_supertypes', 'supertypes': ['Legendary']}])]),
    ('Roc Hatchling', 'As long as this creature has no shell counters on it, it gets +3/+2 and has flying.', [
        _static({'count': {'self': True}, 'counters': 'shell', 'at_least': 0, 'at_most': 0}, [_pt(3, 2), _kw('flying')])]),
    ('Tom Bombadil', 'As long as there are four or more lore counters among Sagas you control, Tom Bombadil has hexproof '
                     'and indestructible.', [
        _static({'count': {'subtypes': ['Saga'], 'controller': 'you'}, 'counters': 'lore', 'at_least': 4},
                [_kw('hexproof', 'indestructible')])]),
    ('The Warring Triad', "As long as there are fewer than eight cards in your graveyard, The Warring Triad isn't a "
                          "creature.", [
        _static({'count': {'zone': 'graveyard', 'owner': 'you'}, 'at_least': 0, 'at_most': 7},
                [{'op': 'remove_types', 'types': ['Creature']}])]),
]


# the turn's record (engine/game/turn_records.py): instant and sorcery spells cast (601.2i), crimes (700.13, the current
# official rules; the paragraphs without their reminder text)
CRIME = {'this_turn': 'you_committed_crime', 'at_least': 1}
EXAMPLES += [
    ('Leapfrog', "This creature has flying as long as you've cast an instant or sorcery spell this turn.", [
        _static({'this_turn': 'instant_sorcery_cast_yours', 'at_least': 1}, [_kw('flying')])]),
    ('Omenport Vigilante', "This creature has double strike as long as you've committed a crime this turn.", [
        _static(CRIME, [_kw('double strike')])]),
    ('Slickshot Vault-Buster', "This creature gets +2/+0 as long as you've committed a crime this turn.", [
        _static(CRIME, [_pt(2, 0)])]),
]

# a number of each opponent's (119.1, 103.4)
BELOW_HALF = {'player_number': 'below_half_life', 'player': 'opponents', 'times': 3}
EXAMPLES.append(('Anya, Merciless Angel', 'Anya gets +3/+3 for each opponent whose life total is less than half their '
                                          'starting life total.', [
    _static(None, [{'op': 'modify_pt', 'power': BELOW_HALF, 'toughness': BELOW_HALF}])]))

# "they also" (702.131c, the current official rules); "its controller's graveyard" (404.1: the enchanted creature's
# controller's), "instead": the two effects under the condition and its negation (611.3a)
DESTINY = {'types': ['Creature'], 'controller': 'you', 'chosen_creature_type': True}
THEIR_GY = {'zone': 'graveyard', 'owned_by_attached_controller': True}
EXAMPLES += [
    ('Radiant Destiny', "Creatures you control of the chosen type get +1/+1. As long as you have the city's blessing, "
                        "they also have vigilance.", [
        _static(None, [_pt(1, 1)], DESTINY), _static({'city_blessing': 'you'}, [_kw('vigilance')], DESTINY)]),
    ('So Tiny', 'Enchanted creature gets -2/-0. It gets -6/-0 instead as long as its controller has seven or more cards '
                'in their graveyard.', [
        _static({'count': THEIR_GY, 'at_least': 0, 'at_most': 6}, [_pt(-2, 0)], {'attached': True, 'types': ['Creature']}),
        _static({'count': THEIR_GY, 'at_least': 7}, [_pt(-6, 0)], {'attached': True, 'types': ['Creature']})]),
]

# 205.1b: "an artifact creature" keeps the prior card types and subtypes (the Vehicle subtype, its artifact type)
EXAMPLES.append(('War Balloon', "As long as this Vehicle has three or more fire counters on it, it's an artifact "
                                "creature.", [
    _static({'count': {'self': True}, 'counters': 'fire', 'at_least': 3},
            [{'op': 'add_types', 'types': ['Artifact', 'Creature']}])]))

# 303.4: the Auras attached to it; "has" shared by a base power and toughness and keywords (613.4b, 613.1f); "it's [a
# kind] in addition to its other types and it has [keywords]" (205.1b); "it's a land" (205.1a)
AURAS = {'subtypes': ['Aura'], 'attached_to': 'self'}
EXAMPLES += [
    ('Timber Paladin', 'As long as this creature is enchanted by exactly two Auras, it has base power and toughness 5/5 '
                       'and vigilance.', [
        _static({'count': AURAS, 'at_least': 2, 'at_most': 2},
                [{'op': 'set_base_pt', 'power': 5, 'toughness': 5}, _kw('vigilance')])]),
    ('Timber Paladin', 'As long as this creature is enchanted by three or more Auras, it has base power and toughness '
                       '10/10, vigilance, and trample.', [
        _static({'count': AURAS, 'at_least': 3}, [{'op': 'set_base_pt', 'power': 10, 'toughness': 10},
                                                  _kw('vigilance', 'trample')])]),
    ('Timber Paladin', 'As long as this creature is enchanted by exactly one Aura, it has base power and toughness 3/3.', [
        _static({'count': AURAS, 'at_least': 1, 'at_most': 1}, [{'op': 'set_base_pt', 'power': 3, 'toughness': 3}])]),
    ('Idol of False Gods', "As long as this artifact has eight or more +1/+1 counters on it, it's a 0/0 creature in "
                           "addition to its other types and it has annihilator 2.", [
        _static({'count': {'self': True}, 'counters': '+1/+1', 'at_least': 8},
                [{'op': 'add_types', 'types': ['Creature']}, {'op': 'set_base_pt', 'power': 0, 'toughness': 0},
                 {'op': 'add_abilities', 'abilities': [{'keyword': 'annihilator', 'n': 2}]}])]),
    ('Arixmethes, Slumbering Isle', "As long as Arixmethes has a slumber counter on it, it's a land.", [
        _static({'count': {'self': True, 'counter': 'slumber'}, 'at_least': 1},
                [{'op': 'set_types', 'types': ['Land'], 'subtypes': []}])]),
]

# 700.9: modified creatures counted (the layers program's sel_modified/1; the card is the back face of Jugan Defends the
# Temple, which a board can't hold with this card data: no color indicator, 202.2e)
EXAMPLES.append(('Remnant of the Rising Star', 'As long as you control five or more modified creatures, this creature '
                                               'gets +5/+5 and has trample.', [
    _static({'count': {'types': ['Creature'], 'modified': True, 'controller': 'you'}, 'at_least': 5},
            [_pt(5, 5), _kw('trample')])]))


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[f"{e[0]}-{i}" for i, e in enumerate(EXAMPLES)])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    abilities = [a for a in card_file(record).abilities if a.text is not None and a.text.startswith(paragraph)]
    want = [ABILITY.validate_python(dict(e, text=abilities[0].text)) for e in expected]
    assert abilities == want
    assert all(executable_by(a) is not None for a in want)


def test_tribal_golem_grants_each_under_its_condition(db, lib):  # noqa: F811
    """613.1f, 611.3a: each keyword, and the quoted regeneration ability, granted under its own condition; the quoted
    ability is executed by the game loop on the object that has it."""
    abilities = [a for a in card_file(database_record(db, lib, 'Tribal Golem', GOLEM)).abilities if a.text == GOLEM]
    conds = [a.continuous.model_dump(by_alias=True, exclude_defaults=True)['if'] for a in abilities]
    assert [c['count']['subtypes'] for c in conds] == [['Beast'], ['Goblin'], ['Soldier'], ['Wizard'], ['Zombie']]
    granted = [a.continuous.do[0].abilities[0] for a in abilities]
    assert [g.keyword for g in granted[:4]] == ['trample', 'haste', 'first strike', 'flying']
    assert granted[4].text == '{B}: Regenerate this creature.' and granted[4].kind == 'activated'
    assert all(executable_by(a) is not None for a in abilities)


# near misses: a part the vocabulary or the programs can't say, or another meaning
NOT_READ = [
    "~ isn't legendary if it's a creature.",  # another condition than a token
    "~ isn't snow if it's a token.",  # another supertype: not one a card prints this way
    "Enchanted creature isn't legendary if it's a token.",  # another object's
    "This creature gets +0/+2 as long as you control a Plains, has flying as long as you control an Island, and can't "
    "block as long as you control a Swamp.",  # a combat rule under a condition
    "This creature gets +0/+2 as long as you control a Plains, has flying as long as it's attacking, and has trample as "
    "long as you control a Forest.",  # "it": each predicate's condition must name no object of its own
    "Equipped creature gets +1/+1. As long as it's legendary, it gets an additional +2/+2. As long as it's red, "
    "it can't block.",  # a combat rule under a condition
    "Equipped creature gets +1/+1. As long as you control a Plains, this creature has trample.",  # another subject
    "As long as this creature has no shell counters on them, it gets +3/+2.",  # "them": no object
    "As long as there are four or more lore counters among this Saga, ~ has hexproof.",  # "among" one object
    "As long as there are fewer than eight cards in your hand, ~ isn't a creature.",  # not read: the hand
    "As long as there are fewer than eight cards in your graveyard, ~ isn't legendary.",  # another predicate
    "This creature has flying as long as you've cast an instant spell this turn.",  # instants only: not recorded
    "This creature has flying as long as an opponent has cast an instant or sorcery spell this turn.",  # an opponent's
    "This creature has double strike as long as an opponent committed a crime this turn.",  # an opponent's
    "This creature has double strike as long as you've committed two crimes this turn.",  # a number: not read
    "Enchanted creature has double strike as long as it committed a crime this turn.",  # a permanent commits none
    "~ gets +3/+3 for each player whose life total is less than half their starting life total.",  # players: not read
    "~ gets +X/+X for each opponent whose life total is less than half their starting life total.",  # X: no value
    "~ gets +3/+3 for each opponent whose life total is less than their starting life total.",  # not half
    "~ gets +1/+1. As long as you have the city's blessing, they also have vigilance.",  # "they" of one object
    "Creatures you control get +1/+1. As long as it's attacking, they also have vigilance.",  # "it": no object
    "~ gets +1/+1 as long as its controller has seven or more cards in their graveyard.",  # the source's own controller
    "Enchanted creature gets -2/-0 as long as its controller has seven or more cards in their hand.",  # the hand
    "As long as you control a Goblin, it's an artifact creature.",  # "it": the condition names no object
    "As long as you control a Goblin, it has base power and toughness 5/5 and vigilance.",  # the same
    "As long as you control five or more modified creatures, enchanted creature is a Zombie.",  # layer 4: not read
    "As long as an opponent controls five or more modified creatures, this creature gets +5/+5.",
    "As long as you control a Goblin, it's a 0/0 creature in addition to its other types and it has annihilator 2.",
    "As long as this creature is enchanted by exactly two Equipment, it has base power and toughness 5/5.",  # not Auras
    "As long as enchanted creature is enchanted by three or more Auras, it has base power and toughness 10/10, "
    "vigilance, and can't block.",  # a combat rule in the list
    # 702.8a: a card's own flash functions in the zone it is cast from: the layers program sees the battlefield only
    "Take for a Ride has flash as long as you've committed a crime this turn.",
    "~ has flash as long as you control a Spirit.",
    "As long as this Vehicle has three or more fire counters on it, it's an artifact creature Vehicle.",  # not a
    # creature type after "artifact creature" (205.1b replaces the creature types only)
]


@pytest.mark.parametrize("paragraph, ops", [
    ("~ is an artifact creature.", [{'op': 'add_types', 'types': ['Artifact', 'Creature']}]),
    ("Enchanted artifact is an artifact creature Golem.", [{'op': 'add_types', 'types': ['Artifact', 'Creature']},
                                                          {'op': 'set_creature_types', 'subtypes': ['Golem']}]),
    ("~ is an artifact.", [{'op': 'set_types', 'types': ['Artifact'], 'subtypes': []}]),  # 205.1a: not 205.1b's words
])
def test_an_artifact_creature_keeps_its_prior_types(paragraph, ops):
    """205.1b: an effect that says an object becomes an "artifact creature" lets it keep all its prior card types and
    subtypes; "an artifact creature [creature types]" replaces its creature types only."""
    (ability,) = statics.read(bare(paragraph, ""))
    assert ability['continuous']['do'] == ops


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert statics.read(bare(paragraph, "")) is None


BOARD = """
players: [alice, bob]
active: alice
step: precombat_main
battlefield:
  - {card: Tek, controller: alice, id: tek}
  - {card: Swamp, controller: alice, id: swamp}
  - {card: Island, controller: alice, id: island}
  - {card: "Aeve, Progenitor Ooze", controller: alice, token: true, id: aeve_token}
  - {card: "Aeve, Progenitor Ooze", controller: bob, id: aeve}
  - {card: Tom Bombadil, controller: bob, id: tom}
  - {card: The Eldest Reborn, controller: bob, id: saga, counters: {lore: 3}}
  - {card: The Eldest Reborn, controller: alice, id: saga_a, counters: {lore: 2}}
  - {card: Omenport Vigilante, controller: alice, id: vigilante}
  - {card: Omenport Vigilante, controller: bob, id: vigilante_b}
  - {card: Leapfrog, controller: alice, id: frog}
  - {card: Leapfrog, controller: bob, id: frog_b}
crimes_this_turn: {bob: 1}
instant_sorcery_cast_this_turn: {alice: 2}
"""


def test_board_in_the_layers_and_the_oracle(lib):
    """The layers program and the independent oracle (compare_layers) agree: Tek gets +2/+0 and flying (a Swamp and an
    Island); the Aeve token isn't legendary, the card is; bob's Sagas have 3 lore counters (alice's 2 are not his): Tom
    has no hexproof. The turn's record as a board says it: bob committed a crime, alice cast two instant or sorcery
    spells: bob's Vigilante has double strike, alice's not; alice's Leapfrog has flying, bob's not."""
    from bridge.layers import compute_layers
    from compare_layers import differences

    st = load_board_text(BOARD, lib)
    assert differences(st) == []
    got = compute_layers(st).objects
    assert (got['tek']['power'], got['tek']['toughness']) == (4, 2) and 'flying' in got['tek']['abilities']
    assert 'first strike' not in got['tek']['abilities']
    assert got['aeve_token']['supertypes'] == [] and got['aeve']['supertypes'] == ['legendary']
    assert 'hexproof' not in got['tom']['abilities']
    assert 'double strike' in got['vigilante_b']['abilities'] and 'double strike' not in got['vigilante']['abilities']
    assert 'flying' in got['frog']['abilities'] and 'flying' not in got['frog_b']['abilities']
    assert {k: v for k, v in st.history_dict().items() if k in ('crimes_this_turn', 'instant_sorcery_cast_this_turn')} \
        == {'crimes_this_turn': {'bob': 1}, 'instant_sorcery_cast_this_turn': {'alice': 2}}


def test_each_opponent_below_half_starting_life(lib):
    """119.1, 103.4: three players, starting life 20: bob has 9 life, carol 10: one opponent below half, Anya (4/4) is a
    7/7 in the layers program and in the independent oracle; with a starting life of 40 (half: 20) both are: 10/10."""
    from bridge.layers import compute_layers
    from compare_layers import differences

    board = """
players: [alice, bob, carol]
active: alice
step: precombat_main
life: {alice: 20, bob: 9, carol: 10}
battlefield:
  - {card: "Anya, Merciless Angel", controller: alice, id: anya}
"""
    for text, pt in ((board, 7), (board + "starting_life: 40\n", 10)):
        st = load_board_text(text, lib)
        assert differences(st) == []
        got = compute_layers(st).objects['anya']
        assert (got['power'], got['toughness']) == (pt, pt)



REMNANT_LIKE = """
name: "Example: Remnant of the Rising Star's static ability"
mana_cost: "{0}"
types: [Creature]
power: 2
toughness: 2
oracle: "As long as you control five or more modified creatures, this creature gets +5/+5 and has trample."
source: "Remnant of the Rising Star's paragraph as compiled (the database card is a back face a board can't hold)"
abilities:
  - kind: static
    text: "As long as you control five or more modified creatures, this creature gets +5/+5 and has trample."
    continuous:
      if: {count: {types: [Creature], modified: true, controller: you}, at_least: 5}
      do:
        - {op: modify_pt, power: 5, toughness: 5}
        - {op: add_abilities, abilities: [{keyword: trample}]}
"""


def test_modified_creatures_counted(tmp_path):
    """700.9: the compiled ability of Remnant of the Rising Star on a card of its own: alice controls five creatures
    with a +1/+1 counter (modified): hers is a 7/7 with trample; bob's four don't make his one. The layers program and
    the independent oracle agree."""
    from bridge.layers import compute_layers
    from compare_layers import differences

    (tmp_path / "remnant.yaml").write_text(REMNANT_LIKE, encoding="utf-8")
    lib = load_library([tmp_path])
    name = "Example: Remnant of the Rising Star's static ability"
    bears = "".join(f"  - {{card: Grizzly Bears, controller: {p}, id: {p}{i}, counters: {{\"+1/+1\": 1}}}}\n"
                    for p, n in (("alice", 5), ("bob", 4)) for i in range(n))
    board = ("players: [alice, bob]\nactive: alice\nstep: precombat_main\nbattlefield:\n"
             f"  - {{card: \"{name}\", controller: alice, id: remnant}}\n"
             f"  - {{card: \"{name}\", controller: bob, id: remnant_b}}\n" + bears)
    st = load_board_text(board, lib)
    assert differences(st) == []
    got = compute_layers(st).objects
    assert (got['remnant']['power'], got['remnant_b']['power']) == (7, 2)
    assert 'trample' in got['remnant']['abilities'] and 'trample' not in got['remnant_b']['abilities']
