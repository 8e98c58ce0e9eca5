"""Keyword abilities that change how a spell is cast (issue 21): megamorph (702.37b), evoke (702.74, current official
rules), entwine (702.42, current official rules), warp (702.185, current official rules): the keyword line compiles
(engine/vocab/oracle/oracle.lark) and is executable only where the game loop executes it
(engine.vocab.cardfile.executable_by); the games are tests/data/games/702-37b-*, 702-74a-*, 702-42a-*, 702-185*."""

from __future__ import annotations

import pytest

from engine.vocab.cardfile import executable_by
from engine.vocab.oracle.compile import keyword_line


@pytest.mark.parametrize("line, words", [
    ("Megamorph {1}{G}", ["megamorph {1}{G}"]),
    ("Megamorph {6}{G} (You may cast this card face down as a 2/2 creature for {3}. Turn it face up any time for its "
     "megamorph cost and put a +1/+1 counter on it.)", ["megamorph {6}{G}"]),
    ("Morph {2}{U}", ["morph {2}{U}"]),  # not "megamorph"
])
def test_a_castkw_keyword_line_compiles_and_is_executed_by_the_loop(line, words):
    abilities = keyword_line(line)
    assert [ab.words() for ab in abilities] == words
    assert all(executable_by(ab) for ab in abilities)


@pytest.mark.parametrize("line", [
    "Megamorph",  # 702.37b: a cost it needs
    "Megamorph 2",
    "Megamorph {1}{G}, draw a card",
])
def test_a_castkw_near_miss_compiles_to_nothing(line):
    assert keyword_line(line) is None


@pytest.mark.parametrize("line", [
    "Megamorph—Reveal a green card in your hand.",  # a cost in words: the loop pays mana costs only
    "Morph—Reveal a white card in your hand.",
])
def test_a_cost_in_words_compiles_but_is_not_executable(line):
    (ab,) = keyword_line(line)
    assert ab.cost and executable_by(ab) is None


@pytest.mark.parametrize("line, words", [
    ("Evoke {2}{U}", ["evoke {2}{U}"]),
    ("Evoke {R} (You may cast this spell for its evoke cost. If you do, it's sacrificed when it enters.)", ["evoke {R}"]),
])
def test_evoke_with_a_mana_cost_is_executed_by_the_loop(line, words):
    (ab,) = keyword_line(line)
    assert [ab.words()] == words and "702.74a" in executable_by(ab)


@pytest.mark.parametrize("line", [
    "Evoke—Exile a white card from your hand.",  # 702.74a: a cost in words (Solitude): not paid yet
])
def test_evoke_with_a_cost_in_words_is_not_executable(line):
    (ab,) = keyword_line(line)
    assert executable_by(ab) is None


@pytest.mark.parametrize("line", ["Evoke", "Evoke 2", "Evoke {2}{U}, then sacrifice it"])
def test_evoke_near_misses_compile_to_nothing(line):
    assert keyword_line(line) is None


@pytest.mark.parametrize("line, words", [
    ("Entwine {2}", ["entwine {2}"]),
    ("Entwine {3}{U} (Choose both if you pay the entwine cost.)", ["entwine {3}{U}"]),
])
def test_entwine_with_a_mana_cost_is_executed_by_the_loop(line, words):
    (ab,) = keyword_line(line)
    assert [ab.words()] == words and "702.42a" in executable_by(ab)


@pytest.mark.parametrize("line", [
    "Entwine—Sacrifice three lands.",  # 702.42a: a cost in words: not paid yet
    "Entwine—Tap three untapped white creatures you control.",
])
def test_entwine_with_a_cost_in_words_is_not_executable(line):
    (ab,) = keyword_line(line)
    assert executable_by(ab) is None


@pytest.mark.parametrize("line", ["Entwine", "Entwine 2", "Entwine {2}, then draw a card"])
def test_entwine_near_misses_compile_to_nothing(line):
    assert keyword_line(line) is None


@pytest.mark.parametrize("line, words", [
    ("Replicate {1}{R}", ["replicate {1}{R}"]),
    ("Replicate {U} (When you cast this spell, copy it for each time you paid its replicate cost. You may choose new "
     "targets for the copies.)", ["replicate {U}"]),
])
def test_replicate_with_a_mana_cost_is_executed_by_the_loop(line, words):
    (ab,) = keyword_line(line)
    assert [ab.words()] == words and "702.56a" in executable_by(ab)


@pytest.mark.parametrize("line", ["Replicate—Sacrifice a land.", "Replicate", "Replicate 2"])
def test_replicate_near_misses_are_not_executable(line):
    abilities = keyword_line(line)
    assert abilities is None or all(executable_by(ab) is None for ab in abilities)


@pytest.mark.parametrize("line, rule", [
    ("Surge {2}{U} (You may cast this spell for its surge cost if you or a teammate has cast another spell this turn.)",
     "702.117a"),
    ("Spectacle {R} (You may cast this spell for its spectacle cost rather than its mana cost if an opponent lost life "
     "this turn.)", "702.137a"),
])
def test_surge_and_spectacle_with_a_mana_cost_are_executed_by_the_loop(line, rule):
    (ab,) = keyword_line(line)
    assert rule in executable_by(ab)


@pytest.mark.parametrize("line", ["Surge—Pay 3 life.", "Spectacle—Discard a card.", "Surge", "Spectacle 2"])
def test_surge_and_spectacle_near_misses_are_not_executable(line):
    abilities = keyword_line(line)
    assert abilities is None or all(executable_by(ab) is None for ab in abilities)


@pytest.mark.parametrize("line", [
    "Warp {1}{R} (You may cast this card from your hand for its warp cost. Exile this creature at the beginning of the "
    "next end step, then you may cast it from exile on a later turn.)",  # Red Tiger Mechan
    "Warp {U}",
])
def test_warp_with_a_mana_cost_is_executed_by_the_loop(line):
    """702.185a (current official rules): the loop's engine/game/warp.py; the games are tests/data/games/702-185*."""
    (ab,) = keyword_line(line)
    assert ab.keyword == "warp" and "702.185a" in executable_by(ab)


@pytest.mark.parametrize("line", ["Warp—{B}, Pay 2 life.", "Warp", "Warp 2", "Warp {1}{G}, then draw a card"])
def test_warp_near_misses_are_not_executable(line):
    """Timeline Culler's warp cost with life is not paid yet; a warp without a mana cost is not warp."""
    abilities = keyword_line(line)
    assert abilities is None or all(executable_by(ab) is None for ab in abilities)
