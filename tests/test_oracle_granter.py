"""Family 2's quoted granted abilities (613.1f) that name the granting card, grant a loyalty ability, or grant "bands
with other legendary creatures" (engine/vocab/oracle/grants.py; engine/game/granters.py):

- "Equipped creature has "{T}, Unattach Heartseeker: Destroy target creature."": the card's name inside the quotes is
  the card whose static ability grants the ability (201.5a), not the creature that has it (700.7: "this creature");
  a cost part naming it ("Sacrifice ~", "Unattach ~", 701.3d) is paid with the source of the granting effect, which
  the layers program gives (bridge.layers.LayersResult.granter, 611.3a). A name anywhere else stays unread.
- "Enchanted planeswalker has "[+1]: Create three 1/1 white Soldier creature tokens."": a loyalty ability granted
  (606.4; Oracle writes its cost in brackets inside quotes), activated as the permanent's own, one loyalty ability of
  the permanent each turn (606.3).
- "White legendary creatures you control have "bands with other legendary creatures."": 702.22b-c, 702.22j-k.
- "Equipped creature has "{3}, {Q}: This creature gets +2/+2 until end of turn."": the untap symbol paid (107.6,
  engine/game/untap_cost.py; printed abilities with {Q} too).
- "Enchanted creature has "At the beginning of your upkeep, sacrifice this creature unless you pay its mana cost."":
  the source's mana cost paid as it resolves (118.12, 202.1; granter.lark, engine/game/granter_costs.py).

The games: tests/data/games/701-3d-granted-unattach-heartseeker.yaml, 701-21-granted-sacrifice-citizens-crowbar.yaml,
606-3-granted-loyalty-ability-ichormoon-gauntlet.yaml, 702-22c-bands-with-other-legendary-creatures.yaml,
702-22c-bands-with-other-not-with-a-nonlegendary.yaml, 118-12-granted-sacrifice-unless-pay-its-mana-cost.yaml,
107-6-granted-untap-symbol-umbral-mantle.yaml (test_games.py); the damage division below.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from pydantic import TypeAdapter

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.gamefile import load_game
from engine.files.library import load_library
from engine.game import play
from engine.game.common import GameError
from engine.vocab.activation import SELF, CostPart, parse_activation_cost
from engine.vocab.cardfile import Ability, executable_by
from engine.vocab.oracle.compile import compile_paragraph

ABILITY = TypeAdapter(Ability)
EQUIPPED = {'attached': True, 'types': ['Creature']}  # 'equipped creature', 'enchanted creature' (objects.py)
GAMES = Path(__file__).resolve().parent / "data" / "games"


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


def _granted(cost: str, effect: str, **rest) -> dict:
    return {'text': f'{cost}: {effect}', 'kind': 'activated',
            'ability': {'kind': 'activated', 'cost': cost, 'effect': effect, **rest}}


# name, the paragraph as the database prints it, the continuous effect it compiles to (a static ability)
EXAMPLES = [
    ('Heartseeker',
     'Equipped creature gets +2/+1 and has "{T}, Unattach Heartseeker: Destroy target creature."',
     {'applies_to': EQUIPPED, 'do': [
         {'op': 'modify_pt', 'power': 2, 'toughness': 1},
         {'op': 'add_abilities', 'abilities': [_granted('{T}, Unattach ~', 'Destroy target creature.',
                                                        targets=[{'what': 'creature'}], one_shot=[{'op': 'destroy'}])]}]}),
    ('Leonin Bola',
     'Equipped creature has "{T}, Unattach Leonin Bola: Tap target creature."',
     {'applies_to': EQUIPPED, 'do': [
         {'op': 'add_abilities', 'abilities': [_granted('{T}, Unattach ~', 'Tap target creature.',
                                                        targets=[{'what': 'creature'}], one_shot=[{'op': 'tap'}])]}]}),
    ('Blinding Powder',
     'Equipped creature has "Unattach Blinding Powder: Prevent all combat damage that would be dealt to this creature '
     'this turn."',
     {'applies_to': EQUIPPED, 'do': [
         {'op': 'add_abilities', 'abilities': [_granted(
             'Unattach ~', 'Prevent all combat damage that would be dealt to this creature this turn.',
             replacement={'event': 'damage', 'target': {'self': True}, 'combat': True, 'do': 'prevent_all'})]}]}),
    ('Surestrike Trident',
     'Equipped creature has first strike and "{T}, Unattach Surestrike Trident: This creature deals damage equal to '
     'its power to target player or planeswalker."',
     {'applies_to': EQUIPPED, 'do': [
         {'op': 'add_abilities', 'abilities': [
             {'keyword': 'first strike'},
             _granted('{T}, Unattach ~', 'This creature deals damage equal to its power to target player or planeswalker.',
                      targets=[{'what': 'player_or_planeswalker'}], one_shot=[{'op': 'damage', 'amount': 'power'}])]}]}),
    ("Citizen's Crowbar",
     'Equipped creature gets +1/+1 and has "{W}, {T}, Sacrifice Citizen\'s Crowbar: Destroy target artifact or '
     'enchantment."',
     {'applies_to': EQUIPPED, 'do': [
         {'op': 'modify_pt', 'power': 1, 'toughness': 1},
         {'op': 'add_abilities', 'abilities': [_granted(
             '{W}, {T}, Sacrifice ~', 'Destroy target artifact or enchantment.',
             targets=[{'what': 'permanent', 'types': ['Artifact', 'Enchantment']}], one_shot=[{'op': 'destroy'}])]}]}),
    ("Elspeth's Talent",
     'Enchanted planeswalker has "[+1]: Create three 1/1 white Soldier creature tokens."',
     {'applies_to': {'attached': True, 'types': ['Planeswalker']}, 'do': [
         {'op': 'add_abilities', 'abilities': [_granted(
             '+1', 'Create three 1/1 white Soldier creature tokens.', loyalty=True,
             one_shot=[{'op': 'create_token', 'token': 'Soldier', 'amount': 3}])]}]}),
    ('Ichormoon Gauntlet',
     'Planeswalkers you control have "[0]: Proliferate" and "[−12]: Take an extra turn after this one."',
     {'applies_to': {'types': ['Planeswalker'], 'controller': 'you'}, 'do': [
         {'op': 'add_abilities', 'abilities': [
             _granted('0', 'Proliferate.', loyalty=True, one_shot=[{'op': 'proliferate'}]),
             _granted('−12', 'Take an extra turn after this one.', loyalty=True, one_shot=[{'op': 'extra_turn'}])]}]}),
    ('Umbral Mantle',
     'Equipped creature has "{3}, {Q}: This creature gets +2/+2 until end of turn."',
     {'applies_to': EQUIPPED, 'do': [{'op': 'add_abilities', 'abilities': [_granted(
         '{3}, {Q}', 'This creature gets +2/+2 until end of turn.',
         continuous={'applies_to': {'self': True}, 'do': [{'op': 'modify_pt', 'power': 2, 'toughness': 2}]})]}]}),
    ('Pendrell Flux',
     'Enchanted creature has "At the beginning of your upkeep, sacrifice this creature unless you pay its mana cost."',
     {'applies_to': EQUIPPED, 'do': [{'op': 'add_abilities', 'abilities': [{
         'text': 'At the beginning of your upkeep, sacrifice this creature unless you pay its mana cost.',
         'kind': 'triggered', 'ability': {
             'kind': 'triggered', 'text': 'At the beginning of your upkeep, sacrifice this creature unless you pay its '
                                          'mana cost.',
             'trigger': {'at_beginning_of': 'upkeep'},
             'one_shot': [{'op': 'may', 'one_shot': [{'op': 'pay', 'cost': 'mana_cost'}],
                           'otherwise': [{'op': 'sacrifice', 'what': {'self': True}, 'who': 'you'}]}]}}]}]}),
    ('Cathedral of Serra',
     'White legendary creatures you control have "bands with other legendary creatures."',
     {'applies_to': {'types': ['Creature'], 'supertypes': ['Legendary'], 'colors': ['white'], 'controller': 'you'},
      'do': [{'op': 'add_abilities', 'abilities': [{'keyword': 'bands with other', 'quality': 'legendary creatures'}]}]}),
]


@pytest.mark.parametrize("name, paragraph, expected", EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_database_card_compiles(db, lib, name, paragraph, expected):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = ABILITY.validate_python({'kind': 'static', 'text': paragraph, 'continuous': expected})
    assert want in card_file(record).abilities
    assert executable_by(want) is not None


def test_a_cost_part_naming_the_card():
    """201.5a: "Sacrifice ~", "Unattach ~" name the card (CostPart.named: on a granted ability, the granting card);
    "this creature" is the object that has the ability (700.7), never the granting card."""
    cost = parse_activation_cost("{T}, Unattach ~")
    assert cost.tap and cost.parts == (CostPart(verb="unattach", what=SELF, named=True),)
    assert parse_activation_cost("{W}, Sacrifice Blazing Torch", "Blazing Torch").parts == (
        CostPart(verb="sacrifice", what=SELF, named=True),)
    assert parse_activation_cost("Sacrifice this creature").parts == (CostPart(verb="sacrifice", what=SELF),)
    assert parse_activation_cost("Sacrifice a creature").parts[0].named is False


# near misses: the name where the loop doesn't say the granting card, a loyalty cost without Oracle's brackets, a
# "bands with other" quality the programs don't read
NOT_READ = [
    # (the name beside "it" or "this creature": two sources; read alone since round 21, GrantedText.named_source)
    'Equipped creature has "{T}, Unattach ~: It deals 1 damage to any target. Return ~ to its owner\'s hand."',
    'Equipped creature has "{1}, {T}: Tap target creature. Return ~ to its owner\'s hand. This creature gets +1/+0 '
    'until end of turn."',
    'Equipped creature has "{1}, {T}, Tap ~: Put a bait counter on ~."',
    'Equipped creature gets +1/+0 and has "Whenever this creature attacks, you may sacrifice ~. When you do, this '
    'creature deals 2 damage to any target."',  # (a triggered ability's instruction)
    'Enchanted planeswalker has "+1: Create three 1/1 white Soldier creature tokens."',
    'Battles you control have "-3: You draw a card and lose 1 life."',
    'Green creatures you control have "bands with other Dinosaurs."',
    'Enchanted creature has "At the beginning of your upkeep, sacrifice target creature unless you pay its mana cost."',
    'Enchanted creature has "At the beginning of your upkeep, sacrifice this creature unless you pay its mana value."',
    'Bands with other Wolves',
]


@pytest.mark.parametrize("paragraph", NOT_READ)
def test_not_read(paragraph):
    found = compile_paragraph(paragraph)
    assert found is None or not all(executable_by(a) for a in found)


def test_a_blocker_of_a_band_of_legends_is_divided_by_the_active_player(tmp_path):
    """702.22k: the Hill Giant blocks Tobias Andrion and so Sir Shandlar of Eberyn too (702.22h), legendary creatures
    with "bands with other legendary creatures" (Cathedral of Serra): alice, the active player, divides its damage
    (510.1d would have bob divide it)."""
    path = GAMES / "702-22c-bands-with-other-legendary-creatures.yaml"
    game = yaml.safe_load(path.read_text(encoding="utf-8"))
    game["actions"] = [a for a in game["actions"] if "assign_damage" not in a]
    unassigned = tmp_path / "unassigned.yaml"
    unassigned.write_text(yaml.safe_dump(game), encoding="utf-8")
    library = load_library([GAMES.parent / "cards"])
    state, actions, until = load_game(unassigned, library)
    with pytest.raises(GameError, match=r"alice divides Hill Giant \(giant\)'s 3 combat damage"):
        play(state, actions, library=library, until=until)
