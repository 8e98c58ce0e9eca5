"""Family 5's instructions chained by reference inside one ability (engine/vocab/oracle/oneshot_chosen.lark and
oneshot_chosen.py, quantity.lark's qy_that_pt):

- "its power", "that creature's toughness" as the amount of life gained or lost after an instruction on the one target
  (608.2h: -> {total: power | toughness, of: {targets: true}}, the target as it is on the battlefield or as it last
  existed there) or in a trigger on one creature (603.2: -> of: {that: true});
- "Untap target creature and gain control of it until end of turn." (613.1b: untap, then the control effect on it);
- "Choose target creature." (115.1, 608.2c: the target named, "that creature" after it that target);
- "Untap that creature." after "attach it to target creature you control" (701.3a: that creature);
- "~ deals 2 damage to that creature's controller." after an instruction on the one target, "~ deals 4 damage to target
  creature and 2 damage to that creature's controller" (120.2, 608.2h: -> to: target_controller, to_controller: 2),
  "That creature's controller creates ..." (who: target_controller);
- "Its controller may search their library for a basic land card, put it onto the battlefield tapped, then shuffle."
  (608.2d, 608.2h, 701.23a: -> {op: search_library, who: target_controller, may: true}: that player chooses and
  searches).

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first. The games that execute them: tests/data/games/608-2h-swords-life-equal-to-its-power.yaml,
608-2h-life-equal-to-that-creatures-toughness.yaml, 608-2c-choose-target-creature-counters.yaml,
613-1b-untap-and-gain-control-of-it.yaml, 608-2h-damage-to-that-creatures-controller.yaml,
608-2h-path-its-controller-may-search.yaml (test_games.py).
"""

from __future__ import annotations

import pytest
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle import oneshot
from engine.vocab.oracle.objects import bare

ABILITY = TypeAdapter(Ability)
CREATURE = {'what': 'creature'}
HASTE = {'op': 'add_abilities', 'abilities': [{'keyword': 'haste'}]}


def _life(op: str, which: str, of: dict, who: str = 'you') -> dict:
    return {'op': op, 'amount': {'total': which, 'of': of}, 'who': who}


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# name, the paragraph as the database prints it, the ability it compiles to (text: that paragraph)
EXAMPLES = [
    ('Swords to Plowshares', 'Exile target creature. Its controller gains life equal to its power.',
     {'kind': 'spell', 'targets': [CREATURE],
      'one_shot': [{'op': 'exile'}, _life('gain_life', 'power', {'targets': True}, 'target_controller')]}),
    ('Chastise', 'Destroy target attacking creature. You gain life equal to its power.',
     {'kind': 'spell', 'targets': [{'what': 'creature', 'quality': {'attacking': True}}],
      'one_shot': [{'op': 'destroy'}, _life('gain_life', 'power', {'targets': True})]}),
    ('Condemn', "Put target attacking creature on the bottom of its owner's library. Its controller gains life equal "
                "to its toughness.",
     {'kind': 'spell', 'targets': [{'what': 'creature', 'quality': {'attacking': True}}],
      'one_shot': [{'op': 'put_in_library', 'position': 'bottom'},
                   _life('gain_life', 'toughness', {'targets': True}, 'target_controller')]}),
    ('Vendetta', "Destroy target nonblack creature. It can't be regenerated. You lose life equal to that creature's "
                 "toughness.",
     {'kind': 'spell', 'targets': [{'what': 'creature', 'not_colors': ['black']}],
      'one_shot': [{'op': 'destroy', 'regenerate': False}, _life('lose_life', 'toughness', {'targets': True})]}),
    ('Solitude', "When this creature enters, exile up to one other target creature. That creature's controller gains "
                 "life equal to its power.",
     {'kind': 'triggered', 'targets': [{'what': 'creature', 'other': True, 'up_to': True}],
      'one_shot': [{'op': 'exile'}, _life('gain_life', 'power', {'targets': True}, 'target_controller')],
      'trigger': {'event': 'enters'}}),
    ('Trostani, Selesnya\'s Voice', "Whenever another creature you control enters, you gain life equal to that "
                                    "creature's toughness.",
     {'kind': 'triggered', 'one_shot': [_life('gain_life', 'toughness', {'that': True})],
      'trigger': {'event': 'enters', 'subjects': {'other': True, 'types': ['Creature'], 'controller': 'you'}}}),
    ('Angelic Chorus', 'Whenever a creature you control enters, you gain life equal to its toughness.',
     {'kind': 'triggered', 'one_shot': [_life('gain_life', 'toughness', {'that': True})],
      'trigger': {'event': 'enters', 'subjects': {'types': ['Creature'], 'controller': 'you'}}}),
    ('Orchard Warden', "Whenever another Treefolk creature you control enters, you may gain life equal to that "
                       "creature's toughness.",
     {'kind': 'triggered', 'one_shot': [{'op': 'may', 'one_shot': [_life('gain_life', 'toughness', {'that': True})]}],
      'trigger': {'event': 'enters', 'subjects': {'other': True, 'subtypes': ['Treefolk'], 'types': ['Creature'],
                                                  'controller': 'you'}}}),
    ('Galadhrim Bow', 'When this Equipment enters, attach it to target creature you control. Untap that creature.',
     {'kind': 'triggered', 'targets': [{'what': 'creature', 'controller': 'you'}],
      'one_shot': [{'op': 'attach'}, {'op': 'untap'}], 'trigger': {'event': 'enters'}}),
    ('Consign to the Pit', "Destroy target creature. Consign to the Pit deals 2 damage to that creature's controller.",
     {'kind': 'spell', 'targets': [CREATURE],
      'one_shot': [{'op': 'destroy'}, {'op': 'damage', 'amount': 2, 'to': 'target_controller'}]}),
    ('Sonic Assault', "Tap target creature. Sonic Assault deals 2 damage to that creature's controller.",
     {'kind': 'spell', 'targets': [CREATURE],
      'one_shot': [{'op': 'tap'}, {'op': 'damage', 'amount': 2, 'to': 'target_controller'}]}),
    ("Chandra's Outrage", "Chandra's Outrage deals 4 damage to target creature and 2 damage to that creature's "
                          "controller.",
     {'kind': 'spell', 'targets': [CREATURE], 'one_shot': [{'op': 'damage', 'amount': 4, 'to_controller': 2}]}),
    ('Rapid Hybridization', "Destroy target creature. It can't be regenerated. That creature's controller creates a "
                            "3/3 green Frog Lizard creature token.",
     {'kind': 'spell', 'targets': [CREATURE],
      'one_shot': [{'op': 'destroy', 'regenerate': False},
                   {'op': 'create_token', 'token': 'Frog Lizard Token', 'amount': 1,
                    'definition': {'power': 3, 'toughness': 3, 'colors': ['green'], 'types': ['Creature'],
                                   'subtypes': ['Frog', 'Lizard']}, 'who': 'target_controller'}]}),
    ('Path to Exile', "Exile target creature. Its controller may search their library for a basic land card, put that "
                      "card onto the battlefield tapped, then shuffle.",
     {'kind': 'spell', 'targets': [CREATURE],
      'one_shot': [{'op': 'exile'}, {'op': 'search_library', 'supertypes': ['Basic'], 'types': ['Land'],
                                     'to': 'battlefield', 'tapped': True, 'who': 'target_controller', 'may': True}]}),
    ('Cleansing Wildfire', "Destroy target land. Its controller may search their library for a basic land card, put it "
                           "onto the battlefield tapped, then shuffle.",
     {'kind': 'spell', 'targets': [{'what': 'permanent', 'types': ['Land']}],
      'one_shot': [{'op': 'destroy'}, {'op': 'search_library', 'supertypes': ['Basic'], 'types': ['Land'],
                                       'to': 'battlefield', 'tapped': True, 'who': 'target_controller', 'may': True}]}),
    ('Threaten', 'Untap target creature and gain control of it until end of turn. That creature gains haste until '
                 'end of turn.',
     {'kind': 'spell', 'targets': [CREATURE], 'one_shot': [{'op': 'untap'}],
      'continuous': {'do': [{'op': 'control'}, HASTE]}}),
    ('Word of Seizing', 'Untap target permanent and gain control of it until end of turn. It gains haste until end of '
                        'turn.',
     {'kind': 'spell', 'targets': [{'what': 'permanent'}], 'one_shot': [{'op': 'untap'}],
      'continuous': {'do': [{'op': 'control'}, HASTE]}}),
    ('Grave Strength', 'Choose target creature. Mill three cards, then put a +1/+1 counter on that creature for each '
                       'creature card in your graveyard.',
     {'kind': 'spell', 'targets': [CREATURE],
      'one_shot': [{'op': 'mill', 'amount': 3, 'who': 'you'},
                   {'op': 'counters', 'kind': '+1/+1',
                    'amount': {'count': {'zone': 'graveyard', 'owner': 'you', 'types': ['Creature']}, 'times': 1}}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python(dict(expected, text=paragraph))
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_that_creature_after_choose():
    """608.2c: "that creature" after "Choose target creature" is that target even with other instructions between;
    "it" only where every instruction between acted on that target (another object may be "it" otherwise)."""
    [ab] = oneshot.read(bare("Choose target creature you control. Draw a card. You gain life equal to that "
                             "creature's toughness.", ""))
    assert ab["targets"] == [{'what': 'creature', 'controller': 'you'}]
    assert ab["one_shot"][-1] == _life('gain_life', 'toughness', {'targets': True})
    assert oneshot.read(bare("Choose target creature you control. Draw a card. You gain life equal to its "
                             "toughness.", "")) is None
    [ab] = oneshot.read(bare("Choose target creature. Tap it.", ""))
    assert ab["one_shot"] == [{'op': 'tap'}] and ab["targets"] == [CREATURE]


def test_its_power_of_the_source_stays():
    """Where no target is named, "its toughness" in an ability on the source's own dying stays the source's."""
    [ab] = oneshot.read(bare("When this creature dies, you gain life equal to its toughness.", ""))
    assert ab["one_shot"] == [_life('gain_life', 'toughness', {'self': True})]


# near misses: a part the vocabulary or the loop can't say
NOT_READ = [
    # no one object named before "that creature's" (an activated ability with no target)
    "{T}: You gain life equal to that creature's toughness.",
    # the sacrificed creature is no target (a player sacrifices one of their choice)
    "Target player sacrifices a creature of their choice. You gain life equal to that creature's toughness.",
    # two targets: whose power
    "Destroy target creature and target artifact. You gain life equal to its toughness.",
    # the pump begins after the gain (608.2c): not read rather than read in the wrong order
    "Target creature gets +2/+2 until end of turn. You gain life equal to that creature's toughness.",
    # "that creature's power plus its toughness" (a sum the quantity doesn't say)
    "Choose target creature you control. You gain life equal to that creature's power plus its toughness.",
    # "Choose target" of a player: "that player" after it is not read
    "Choose target opponent. That player loses 2 life.",
    # "Choose two target creatures ...": several
    "Choose two target creatures controlled by the same player. That player sacrifices one of them.",
    # "it" after an instruction on another object (the token)
    "Choose target creature. Create a 1/1 white Soldier creature token. Put a +1/+1 counter on it.",
    # "Choose target creature." alone: no instruction
    "Choose target creature.",
    # gain control without a duration (another template)
    "Untap target creature you don't control and gain control of it. It gains haste until end of turn.",
    # "it" after "attach it to target creature": the Equipment or the creature
    "When this Equipment enters, attach it to target creature you control. Untap it.",
    # "that creature's controller" of no one target named before it
    "~ deals 2 damage to that creature's controller.",
    "Destroy target creature and target artifact. ~ deals 2 damage to that creature's controller.",
    "Whenever a creature blocks, this enchantment deals 1 damage to that creature's controller.",
    "Target player sacrifices a creature. ~ deals 2 damage to that creature's controller.",
    # "that creature's controller" in a conditional instruction of an ability with no target (608.2c)
    "If you gained life this turn, that creature's controller loses 3 life.",
    # "its controller may search" of no target; into "your" hand
    "Its controller may search their library for a basic land card, put it onto the battlefield tapped, then shuffle.",
    "Destroy target land. Its controller may search their library for a basic land card, put it into your hand, then "
    "shuffle.",
    # X damage and damage to the controller (not read here)
    "~ deals X damage to target creature and 2 damage to that creature's controller.",
    # untap and gain control of a spell or player: no permanent
    "Untap target player and gain control of it until end of turn.",
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    assert oneshot.read(bare(paragraph, "")) is None
