"""Other keyword abilities (issue 21, round 21): partner with [name] (702.124j, current official rules), reinforce
N—[cost] (702.77a, current official rules), disguise [cost] (702.168a, current official rules: cast face down, a 2/2
with ward {2}, engine/game and bridge/layers), provoke (702.39a: an attack trigger, a requirement that lasts this
combat), recover [cost] (702.59a, current official rules: a trigger of the card in its owner's graveyard); support N
of an instant or a sorcery (701.41a, current official rules: engine/vocab/oracle/support.py); undaunted (702.125a,
current official rules: engine/game/undaunted.py); gravestorm (702.69a, current official rules: a cast trigger copying
the spell, the loop's count of permanents put into a graveyard from the battlefield this turn); a morph cost in words
(702.37e: engine/game/morph_costs.py). The keyword line
compiles (engine/vocab/oracle/oracle.lark) to a keyword ability executed as the ability its rule defines it as
(engine/vocab/oracle/keyword_rules.py: DEFINITIONS), executable only where the game loop executes that ability
(engine.vocab.cardfile.executable_by); near misses stay text. The games are tests/data/games/702-124j-*, 702-77a-*,
702-168a-*, 702-39a-*,
702-59a-*, 701-41a-*, 702-125a-*, 702-69a-*,
702-37e-morph-cost-in-words.

The cards are the card database's, read through engine.files.dbcards.card_file; each example asserts the database's
paragraph first.
"""

from __future__ import annotations

import pytest

from carddata import db, database_record  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.files.library import load_library
from engine.vocab.cardfile import KeywordAbility, executable_by
from engine.vocab.oracle.compile import compile_paragraph, keyword_line


@pytest.fixture(scope="module")
def lib(db):  # noqa: F811
    return load_library()


# --- 702.124j: partner with [name] ---

@pytest.mark.parametrize("name, paragraph, partner", [
    ("Blaring Captain", "Partner with Blaring Recruiter", "Blaring Recruiter"),
    ("Rocksteady, Mutant Marauder", "Partner with Bebop, Skull & Crossbones", "Bebop, Skull & Crossbones"),
    ("Gorm the Great", "Partner with Virtus the Veiled", "Virtus the Veiled"),  # "the": no word the grammar reads
])
def test_partner_with_is_an_enters_trigger_that_searches_for_the_partner(db, lib, name, paragraph, partner):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = KeywordAbility(kind="keyword", keyword="partner with", quality=partner)
    assert want in card_file(record).abilities and want.display() == paragraph
    means = want.means
    assert means.kind == "triggered" and means.trigger.event == "enters"
    assert [t.what for t in means.targets] == ["player"]  # 115.1: any player, the ability's controller or another
    [op] = means.one_shot
    assert (op.op, op.named, op.to, op.who, op.may, op.reveal) == ("search_library", partner, "hand", "target", True,
                                                                     True)
    assert "702.124j" in executable_by(want) and "play" in executable_by(want)


def test_partner_with_in_a_keyword_line():
    assert [ab.words() for ab in keyword_line("Flying, partner with Amy Pond")] == ["flying", "partner with Amy Pond"]


@pytest.mark.parametrize("paragraph", [
    "Partner with",  # no name
    "Partner with itself",  # no card's name (an Un- card's joke)
    "Partner with the Blaring Recruiter",  # a name begins with a capital letter
    "Partner with Blaring Recruiter—Friends forever",
])
def test_partner_with_near_misses_are_not_read(paragraph):
    found = compile_paragraph(paragraph)
    assert found is None or not any(getattr(ab, "keyword", None) == "partner with" for ab in found)


def test_partner_alone_stays_a_rule_of_deck_construction():
    [ab] = keyword_line("Partner")
    assert ab.keyword == "partner" and executable_by(ab).startswith("none in a game in progress")


# --- 702.77a: reinforce N—[cost] ---

@pytest.mark.parametrize("name, paragraph, n, cost", [
    ("Bannerhide Krushok", "Reinforce 2—{1}{G}", 2, "{1}{G}"),
    ("Break Ties", "Reinforce 1—{W}", 1, "{W}"),
])
def test_reinforce_is_an_activated_ability_from_the_hand(db, lib, name, paragraph, n, cost):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = KeywordAbility(kind="keyword", keyword="reinforce", n=n, cost=cost)
    assert want in card_file(record).abilities and want.display() == paragraph
    means = want.means
    assert means.kind == "activated" and means.cost == f"{cost}, Discard this card"  # 113.6k: from the hand
    [op] = means.one_shot
    assert (op.op, op.kind, op.amount) == ("counters", "+1/+1", n) and [t.what for t in means.targets] == ["creature"]
    assert "702.77a" in executable_by(want)


@pytest.mark.parametrize("paragraph", [
    "Reinforce X—{2}{G}{G}",  # X: no number the definition can say
    "Reinforce {1}{G}",  # no number
    "Reinforce 2",  # no cost
    "Reinforce 2—Discard a card.",  # a cost in words
])
def test_reinforce_near_misses_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


# --- 702.168a: disguise [cost] ---

@pytest.mark.parametrize("name, paragraph, cost", [
    ("Dog Walker", "Disguise {R/W}{R/W}", "{R/W}{R/W}"),  # hybrid mana (107.4e)
    ("Defenestrated Phantom", "Disguise {4}{W}", "{4}{W}"),
])
def test_disguise_with_a_mana_cost_is_executed_by_the_loop(db, lib, name, paragraph, cost):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = KeywordAbility(kind="keyword", keyword="disguise", cost=cost)
    assert want in card_file(record).abilities and want.display() == paragraph
    by = executable_by(want)
    assert "702.168a" in by and "ward {2}" in by


@pytest.mark.parametrize("line", [
    "Disguise {X}{3}{W}",  # X: the face-up special action has no X to announce
    "Disguise—Pay 3 life.",  # a cost in words
])
def test_disguise_with_another_cost_is_not_executable(line):
    (ab,) = keyword_line(line)
    assert ab.keyword == "disguise" and executable_by(ab) is None


@pytest.mark.parametrize("paragraph", [
    "Disguise",  # no cost
    "Disguise {1}{W}. This cost is reduced by {1} for each instant and sorcery card in your graveyard.",
])
def test_disguise_near_misses_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


# --- 702.39a: provoke ---

def test_provoke_is_an_attack_trigger_with_a_requirement_this_combat_and_an_untap(db, lib):  # noqa: F811
    record = database_record(db, lib, "Brontotherium", "Provoke")
    want = KeywordAbility(kind="keyword", keyword="provoke")
    assert want in card_file(record).abilities
    means = want.means
    assert means.kind == "triggered" and means.trigger.event == "attacks"
    [t] = means.targets
    assert (t.what, t.controller) == ("creature", "defending_player")
    assert [c.rule for c in means.combat] == ["blocks_attacker"] and means.combat[0].attackers.self_
    [may] = means.one_shot  # 608.2d: both only if its controller chooses to
    assert may.op == "may" and [op.op for op in may.one_shot] == ["create_effect", "untap"]
    assert "this combat" in means.text and "this turn" not in means.text  # (its effect's duration: end_of_combat)
    assert "702.39a" in executable_by(want) and "attack/block" in executable_by(want)


@pytest.mark.parametrize("paragraph", ["Provoke 2", "Provoke {1}"])
def test_provoke_near_misses_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


# --- 702.59a: recover [cost] ---

@pytest.mark.parametrize("name, paragraph, cost", [
    ("Grim Harvest", "Recover {2}{B}", "{2}{B}"),
    ("Icefall", "Recover {R}{R}", "{R}{R}"),
])
def test_recover_is_a_dies_trigger_of_the_card_in_its_owners_graveyard(db, lib, name, paragraph, cost):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = KeywordAbility(kind="keyword", keyword="recover", cost=cost)
    assert want in card_file(record).abilities
    means = want.means
    trig = means.trigger
    assert (means.kind, trig.event, trig.source_zone) == ("triggered", "dies", "graveyard")  # 113.6k
    assert trig.subjects.types == ["Creature"] and trig.subjects.owner == "you" and trig.subjects.controller is None
    [may] = means.one_shot
    assert [op.op for op in may.one_shot] == ["pay"] and may.one_shot[0].cost == cost
    assert [op.op for op in may.if_you_do] == ["return_self"] and may.if_you_do[0].to == "hand"
    assert [(op.op, op.what) for op in may.otherwise] == [("exile", "self")]
    assert "702.59a" in executable_by(want)


def test_recover_with_a_cost_in_words_is_not_executable():
    (ab,) = keyword_line("Recover—Pay half your life, rounded up.")
    assert ab.keyword == "recover" and ab.means is None and executable_by(ab) is None


# --- 701.41a: support N on an instant or a sorcery ---

@pytest.mark.parametrize("name", ["Lead by Example", "Shoulder to Shoulder", "Unity of Purpose"])
def test_support_of_a_spell_is_up_to_n_target_creatures(db, lib, name):  # noqa: F811
    record = database_record(db, lib, name, "Support 2.")
    [ab] = [a for a in card_file(record).abilities if a.text == "Support 2."]
    assert ab.kind == "spell" and executable_by(ab)
    [t] = ab.targets
    assert (t.what, t.count, t.up_to, t.other) == ("creature", 2, True, False)  # not "other": no permanent's
    assert [(op.op, op.kind, op.amount) for op in ab.one_shot] == [("counters", "+1/+1", 1)] * 2


def test_support_is_not_read_beside_another_targeted_paragraph(db, lib):  # noqa: F811
    # 601.2c: the loop chooses the targets of the first spell ability only: "Gain control of target creature ..."
    record = database_record(db, lib, "Press into Service", "Support 2.")
    assert not any(a.text == "Support 2." and executable_by(a) for a in card_file(record).abilities)


@pytest.mark.parametrize("types", [("Creature",), ("Enchantment",)])
def test_support_of_a_permanent_paragraph_is_not_a_spell(types):
    from engine.files.dbcards import abilities_of
    assert not any(getattr(a, "kind", None) == "spell" and executable_by(a)
                   for a in abilities_of("Support 2.", types))


@pytest.mark.parametrize("oracle", ["Support X.", "Support 2. Draw a card."])
def test_support_near_misses_are_not_read(oracle):
    from engine.files.dbcards import abilities_of
    assert not any(executable_by(a) and "Support" in (getattr(a, "text", "") or "")
                   for a in abilities_of(oracle, ("Sorcery",)))


# --- 702.125a: undaunted ---

@pytest.mark.parametrize("name", ["Coastal Breach", "Seeds of Renewal", "Sublime Exhalation"])
def test_undaunted_is_executed_by_the_loop(db, lib, name):  # noqa: F811
    record = database_record(db, lib, name, "Undaunted")
    want = KeywordAbility(kind="keyword", keyword="undaunted")
    assert want in card_file(record).abilities and "702.125a" in executable_by(want)


@pytest.mark.parametrize("paragraph", ["Undaunted 2", "Undaunted {1}"])
def test_undaunted_near_misses_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


# --- 702.69a: gravestorm ---

@pytest.mark.parametrize("name", ["Follow the Bodies", "Bitter Ordeal", "Ominous Harvest"])
def test_gravestorm_is_executed_by_the_loop(db, lib, name):  # noqa: F811
    record = database_record(db, lib, name, "Gravestorm")
    want = KeywordAbility(kind="keyword", keyword="gravestorm")
    assert want in card_file(record).abilities and "702.69a" in executable_by(want)


@pytest.mark.parametrize("paragraph", ["Gravestorm 2", "Gravestorm {1}"])
def test_gravestorm_near_misses_are_not_read(paragraph):
    assert compile_paragraph(paragraph) is None


# --- 702.37e: a morph cost in words ---

@pytest.mark.parametrize("name, paragraph, cost", [
    ("Gathan Raiders", "Morph—Discard a card.", "Discard a card."),
    ("Raven Guild Initiate", "Morph—Return a Bird you control to its owner's hand.",
     "Return a Bird you control to its owner's hand."),
])
def test_a_morph_cost_in_words_the_loop_pays_is_executed(db, lib, name, paragraph, cost):  # noqa: F811
    record = database_record(db, lib, name, paragraph)
    want = KeywordAbility(kind="keyword", keyword="morph", cost=cost)
    assert want in card_file(record).abilities and "702.37e" in executable_by(want)


@pytest.mark.parametrize("line", [
    "Morph—Reveal a blue card in your hand.",  # no cost part the loop pays
    "Morph—Return two Islands you control to their owner's hand.",  # not read as a cost part yet
    "Morph—Discard a Zombie card.",
])
def test_a_morph_cost_in_words_the_loop_doesnt_pay_is_not_executable(line):
    (ab,) = keyword_line(line)
    assert ab.keyword == "morph" and executable_by(ab) is None
