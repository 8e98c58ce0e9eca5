"""Keyword abilities of permanents and tokens (issue 21, round 21; current official rules: the seed text stops at
702.42): eternalize (702.129a) and encore (702.141a), activated from the graveyard and making token copies
(engine/game/gy_tokens.py); blitz (702.152a), an alternative cost whose permanent has haste and a draw trigger and is
sacrificed at the next end step (engine/game/blitz.py); freerunning (702.173a), an alternative cost after combat damage
by an Assassin or a commander (engine/game/alt_costs.py, turn_records.py); emerge (702.119a), an alternative cost
sacrificing a creature, reduced by its mana value (engine/game/emerge.py); prototype (702.160a, 718), the spell and the
permanent with the inset frame's characteristics (engine/game/prototype.py); awaken (702.113a), an alternative cost
giving the spell the awaken spell ability (engine/game/awaken.py). The keyword line compiles (engine/vocab/oracle/oracle.lark) and is executable only where
the game loop executes it (engine.vocab.cardfile.executable_by); real cards of the database compile whole; the games are
tests/data/games/702-129a-*, 702-141a-*, 702-152a-*, 702-173a-*, 702-119a-*, 718-3b-*, 702-113a-*."""

from __future__ import annotations

import pytest

from carddata import db  # noqa: F401 (the fixture)
from engine.files.dbcards import card_file
from engine.vocab.cardfile import executable_by
from engine.vocab.combat import CombatRule
from engine.vocab.oracle.compile import keyword_line


@pytest.mark.parametrize("line, words, rule", [
    ("Eternalize {3}{W}{W}", ["eternalize {3}{W}{W}"], "702.129a"),
    ("Eternalize {4}{U}{U} ({4}{U}{U}, Exile this card from your graveyard: Create a token that's a copy of it, except "
     "it's a 4/4 black Zombie Human Wizard with no mana cost. Eternalize only as a sorcery.)", ["eternalize {4}{U}{U}"],
     "702.129a"),
    ("Encore {4}{U}{U}", ["encore {4}{U}{U}"], "702.141a"),
    ("Encore {3}{R} ({3}{R}, Exile this card from your graveyard: For each opponent, create a token copy that attacks "
     "that opponent this turn if able. They gain haste. Sacrifice them at the beginning of the next end step. Activate "
     "only as a sorcery.)", ["encore {3}{R}"], "702.141a"),
])
def test_a_graveyard_token_keyword_compiles_and_is_executed_by_the_loop(line, words, rule):
    abilities = keyword_line(line)
    assert [ab.words() for ab in abilities] == words
    assert all(rule in executable_by(ab) for ab in abilities)


@pytest.mark.parametrize("line", [
    "Eternalize",  # 702.129a: a cost it needs
    "Encore",
    "Encore 2",
    "Eternalize {3}{W}{W}, then draw a card",
    "Encore {4}{U}{U} and draw a card",
])
def test_a_graveyard_token_near_miss_compiles_to_nothing(line):
    assert keyword_line(line) is None


@pytest.mark.parametrize("line", [
    "Encore—Sacrifice a creature.",  # a cost in words: the loop pays mana costs only
    "Eternalize—Discard a card.",
])
def test_a_graveyard_token_keyword_with_a_cost_in_words_is_not_executable(line):
    abilities = keyword_line(line)
    assert abilities is None or all(executable_by(ab) is None for ab in abilities)


@pytest.mark.parametrize("name, keyword, cost", [
    ("Adorned Pouncer", "eternalize", "{3}{W}{W}"),
    ("Champion of Wits", "eternalize", "{5}{U}{U}"),
    ("Impulsive Pilferer", "encore", "{3}{R}"),
    ("Fin-Clade Fugitives", "encore", "{4}{G}"),
])
def test_database_cards_with_eternalize_or_encore_are_fully_executable(db, name, keyword, cost):  # noqa: F811
    card = card_file(db.get(name))
    [ab] = [a for a in card.abilities if getattr(a, "keyword", None) == keyword]
    assert ab.cost == cost
    assert all(executable_by(a) for a in card.abilities), [a.display() for a in card.abilities if not executable_by(a)]


def test_the_encore_requirement_is_a_combat_rule_of_a_resolved_effect():
    """508.1d: attacks_player takes no parameter of the card file: the player is the resolved effect's choice."""
    assert CombatRule(rule="attacks_player").number == "508.1d"
    with pytest.raises(ValueError):
        CombatRule(rule="attacks_player", n=1)


@pytest.mark.parametrize("line, words", [
    ("Blitz {1}{R}", ["blitz {1}{R}"]),
    ("Blitz {3}{B} (If you cast this spell for its blitz cost, it gains haste and \"When this creature dies, draw a card.\" "
     "Sacrifice it at the beginning of the next end step.)", ["blitz {3}{B}"]),
])
def test_blitz_with_a_mana_cost_is_executed_by_the_loop_and_the_layers(line, words):
    (ab,) = keyword_line(line)
    assert [ab.words()] == words and "702.152a" in executable_by(ab)
    # 702.152a: its third ability, the static ability of the permanent, conditioned on its blitz cost paid
    effect = ab.continuous
    assert effect.condition.blitz_paid == "self" and effect.applies_to.self_
    [gains] = effect.do
    assert [getattr(g, "keyword", None) for g in gains.abilities] == ["haste", None]
    drawn = gains.abilities[1].ability
    assert drawn.trigger.event == "dies" and [op.op for op in drawn.one_shot] == ["draw"]


@pytest.mark.parametrize("line", [
    "Blitz—{2}{B}{B}, Pay 2 life.",  # a cost in words: the loop pays mana costs only
])
def test_blitz_with_a_cost_in_words_is_not_executable(line):
    abilities = keyword_line(line)
    assert abilities is None or all(executable_by(ab) is None for ab in abilities)


@pytest.mark.parametrize("line", ["Blitz", "Blitz 2", "Blitz {1}{R}, then draw a card"])
def test_blitz_near_misses_compile_to_nothing(line):
    assert keyword_line(line) is None


@pytest.mark.parametrize("name", ["Mayhem Patrol", "Girder Goons", "Caldaia Guardian", "Workshop Warchief"])
def test_database_cards_with_blitz_are_fully_executable(db, name):  # noqa: F811
    card = card_file(db.get(name))
    assert any(getattr(a, "keyword", None) == "blitz" for a in card.abilities)
    assert all(executable_by(a) for a in card.abilities), [a.display() for a in card.abilities if not executable_by(a)]


@pytest.mark.parametrize("line, words", [
    ("Freerunning {1}{U}", ["freerunning {1}{U}"]),
    ("Freerunning {3}{B} (You may cast this spell for its freerunning cost if you dealt combat damage to a player this "
     "turn with an Assassin or commander.)", ["freerunning {3}{B}"]),
])
def test_freerunning_with_a_mana_cost_is_executed_by_the_loop(line, words):
    (ab,) = keyword_line(line)
    assert [ab.words()] == words and "702.173a" in executable_by(ab)


@pytest.mark.parametrize("line", [
    "Freerunning—Return a blue creature you control to its owner's hand.",  # a cost in words: not paid yet
])
def test_freerunning_with_a_cost_in_words_is_not_executable(line):
    abilities = keyword_line(line)
    assert abilities is None or all(executable_by(ab) is None for ab in abilities)


@pytest.mark.parametrize("line", ["Freerunning", "Freerunning 2", "Freerunning {1}{U} and draw a card"])
def test_freerunning_near_misses_compile_to_nothing(line):
    assert keyword_line(line) is None


@pytest.mark.parametrize("name", ["Eagle Vision", "Brotherhood Ambushers", "Distract the Guards", "Achilles Davenport"])
def test_database_cards_with_freerunning_are_fully_executable(db, name):  # noqa: F811
    card = card_file(db.get(name))
    assert any(getattr(a, "keyword", None) == "freerunning" for a in card.abilities)
    assert all(executable_by(a) for a in card.abilities), [a.display() for a in card.abilities if not executable_by(a)]


@pytest.mark.parametrize("line, words", [
    ("Emerge {6}{G}", ["emerge {6}{G}"]),
    ("Emerge {5}{G}{U} (You may cast this spell by sacrificing a creature and paying the emerge cost reduced by that "
     "creature's mana value.)", ["emerge {5}{G}{U}"]),
])
def test_emerge_with_a_mana_cost_is_executed_by_the_loop(line, words):
    (ab,) = keyword_line(line)
    assert [ab.words()] == words and "702.119a" in executable_by(ab)


@pytest.mark.parametrize("line", ["Emerge", "Emerge 2", "Emerge {6}{G}, then draw a card"])
def test_emerge_near_misses_compile_to_nothing(line):
    assert keyword_line(line) is None


@pytest.mark.parametrize("name", ["It of the Horrid Swarm", "Abundant Maw", "Drownyard Behemoth", "Lashweed Lurker"])
def test_database_cards_with_emerge_are_fully_executable(db, name):  # noqa: F811
    card = card_file(db.get(name))
    assert any(getattr(a, "keyword", None) == "emerge" for a in card.abilities)
    assert all(executable_by(a) for a in card.abilities), [a.display() for a in card.abilities if not executable_by(a)]


@pytest.mark.parametrize("line, cost, pt", [
    ("Prototype {1}{W} — 2/2", "{1}{W}", "2/2"),
    ("Prototype {2}{R} — 3/2 (You may cast this spell with different mana cost, color, and size. It keeps its abilities and "
     "types.)", "{2}{R}", "3/2"),
])
def test_prototype_is_read_with_its_inset_frame_and_executed_by_the_loop(line, cost, pt):
    (ab,) = keyword_line(line)
    assert (ab.keyword, ab.cost, ab.quality) == ("prototype", cost, pt) and ab.display() == line.split(" (")[0]
    assert "702.160a" in executable_by(ab)


@pytest.mark.parametrize("line", [
    "Prototype {1}{W}",  # 718.2: the inset frame's power and toughness are needed
    "Prototype — 2/2",
    "Prototype {1}{W} — 2/2 and draw a card",
    "Prototype {1}{W} — X/2",
])
def test_prototype_near_misses_compile_to_nothing(line):
    assert keyword_line(line) is None


def test_prototyped_characteristics_take_the_colors_of_the_prototype_cost(db):  # noqa: F811
    """718.3b: the alternative mana cost, power and toughness, and that cost's colors (the card itself is colorless)."""
    from engine.state.model import Characteristics
    from engine.vocab.keyword_statics import prototyped
    card = Characteristics.of_card(card_file(db.get("Blitz Automaton")))
    assert (card.mana_cost, card.power, card.toughness, card.colors) == ("{7}", 6, 4, ())
    out = prototyped(card)
    assert (out.mana_cost, out.mana_value, out.power, out.toughness, out.colors) == ("{2}{R}", 3, 3, 2, ("red",))
    assert prototyped(Characteristics.of_card(card_file(db.get("Grizzly Bears")))) is None


@pytest.mark.parametrize("name", ["Blitz Automaton", "Autonomous Assembler", "Boulderbranch Golem", "Goring Warplow",
                                  "Phyrexian Fleshgorger"])
def test_database_cards_with_prototype_are_fully_executable(db, name):  # noqa: F811
    card = card_file(db.get(name))
    assert any(getattr(a, "keyword", None) == "prototype" for a in card.abilities)
    assert all(executable_by(a) for a in card.abilities), [a.display() for a in card.abilities if not executable_by(a)]


@pytest.mark.parametrize("line, n, cost", [
    ("Awaken 3—{4}{U}", 3, "{4}{U}"),
    ("Awaken 4—{5}{W}{W}{W} (If you cast this spell for {5}{W}{W}{W}, also put four +1/+1 counters on target land you "
     "control and it becomes a 0/0 Elemental creature with haste. It's still a land.)", 4, "{5}{W}{W}{W}"),
])
def test_awaken_is_read_with_its_number_and_cost_and_executed_by_the_loop(line, n, cost):
    (ab,) = keyword_line(line)
    assert (ab.keyword, ab.n, ab.cost) == ("awaken", n, cost) and ab.display() == line.split(" (")[0]
    assert "702.113a" in executable_by(ab)


@pytest.mark.parametrize("line", [
    "Awaken—{4}{U}",  # 702.113a: the number of counters is needed
    "Awaken {4}{U}",
    "Awaken 3",
    "Awaken 3—Discard a card.",  # a cost in words: not read
    "Awaken 3—{4}{U}, then draw a card",
])
def test_awaken_near_misses_compile_to_nothing(line):
    assert keyword_line(line) is None


def test_the_awaken_spell_ability_is_the_compilers_reading_of_the_same_words():
    """702.113a: the ability the loop gives an awakened spell is what the Oracle compiler reads from its words."""
    from engine.vocab.awaken_ability import awaken_ability
    from engine.vocab.oracle.compile import compile_paragraph
    ab = awaken_ability(3)
    [read] = compile_paragraph("Put three +1/+1 counters on target land you control and it becomes a 0/0 Elemental "
                               "creature with haste. It's still a land.")
    assert (ab.targets, ab.one_shot, ab.continuous) == (read.targets, read.one_shot, read.continuous)


@pytest.mark.parametrize("name", ["Clutch of Currents", "Rising Miasma", "Boiling Earth", "Planar Outburst", "Sheer Drop"])
def test_database_cards_with_awaken_are_fully_executable(db, name):  # noqa: F811
    card = card_file(db.get(name))
    assert any(getattr(a, "keyword", None) == "awaken" for a in card.abilities)
    assert all(executable_by(a) for a in card.abilities), [a.display() for a in card.abilities if not executable_by(a)]
