"""The Oracle grammar's first family, keyword lines (702.1; engine/vocab/oracle/oracle.lark, issue 21)."""

from __future__ import annotations

import re

import pytest

from engine.vocab.keywords import KEYWORDS
from engine.vocab.oracle.compile import GRAMMAR, keyword_line


def _terminal(name: str) -> list[str]:
    """The keywords a terminal of the grammar file lists."""
    text = GRAMMAR.read_text(encoding="utf-8")
    block = re.search(rf"^{name}: (.*?)(?=^\S|\Z)", text, re.S | re.M).group(1)
    return re.findall(r'"([^"]+)"i', block)


def test_the_grammar_lists_every_keyword_of_the_vocabulary_by_its_parameter():
    assert sorted(_terminal("BARE")) == sorted(k for k, v in KEYWORDS.items() if v.param is None)
    assert sorted(_terminal("NUMBERED")) == sorted(k for k, v in KEYWORDS.items() if v.param == "n")
    assert sorted(_terminal("COSTED")) == sorted(k for k, v in KEYWORDS.items() if v.param == "cost")
    # protection, affinity, landwalk, bands with other and partner with have productions of their own (702.16a,
    # 702.41a, 702.14a, 702.22b, 702.124j)
    own = ["affinity", "landwalk", "protection", "bands with other", "partner with"]
    assert sorted(_terminal("QUALIFIED") + own) == sorted(k for k, v in KEYWORDS.items() if v.param == "quality")


@pytest.mark.parametrize("line, words", [
    ("Flying", ["flying"]),
    ("Flying, first strike", ["flying", "first strike"]),
    ("Flash", ["flash"]),
    ("Flashback {2}{R}", ["flashback {2}{R}"]),  # not "flash" followed by "back"
    ("Forestcycling {2}", ["forestcycling {2}"]),  # 702.29e: typecycling, its type and cost
    ("Basic landcycling {1}", ["basic landcycling {1}"]),
    ("Trample over planeswalkers", ["trample over planeswalkers"]),
    ("Protection from black and from red", ["protection from black", "protection from red"]),  # 702.16g
    ("Ward—Pay 3 life.", ["ward Pay 3 life."]),  # 702.21a: a cost in words, after the dash (a sentence: its period)
    ("Escape—{3}{B}{B}, Exile four other cards from your graveyard.",
     ["escape {3}{B}{B}, Exile four other cards from your graveyard"]),  # the comma is the cost's
    ("Swampwalk", ["swampwalk"]),
    ("Enchant creature", ["enchant creature"]),
    ("Affinity for artifacts", ["affinity for artifacts"]),
    ("Bushido 1", ["bushido 1"]),
    ("Equip {2}", ["equip {2}"]),
    ("Flying (This creature can't be blocked except by creatures with flying or reach.)", ["flying"]),  # 207.1
])
def test_a_keyword_line_compiles_to_its_keyword_abilities(line, words):
    assert [ab.words() for ab in keyword_line(line)] == words


@pytest.mark.parametrize("line", [
    "When this creature enters, draw a card.",
    "Equip {0}. Activate only once each turn.",  # a keyword and a sentence: never half-read
    "Equip planeswalker {1}",  # 702.6e: another ability (attached as though a creature), not read
    "Suspend X—{X}{U}",  # 702.62a: a number and a cost, "Suspend 4—{1}{U}", is read (test_oracle_kwcast21.py); X is not
    "Kicker {1}{B} and/or {R}",
    "Boast — {1}: Put a lore counter on target Saga you control or remove one from it.",
    "Flying, draw a card",
    "",
])
def test_a_paragraph_that_is_not_wholly_keywords_compiles_to_nothing(line):
    assert keyword_line(line) is None


def test_the_printed_form_is_kept_where_the_vocabulary_displays_it_otherwise():
    flying, strike = keyword_line("Flying, first strike")
    assert flying.display() == "Flying" and strike.display() == "first strike"


@pytest.mark.parametrize("quality, spec", [
    ("creature", {"what": "creature"}),
    ("creature you control", {"what": "creature", "controller": "you"}),
    ("artifact or creature", {"what": "permanent", "types": ["Artifact", "Creature"]}),
    ("land you control", {"what": "permanent", "types": ["Land"], "controller": "you"}),
    ("creature an opponent controls", {"what": "creature", "controller": "opponent"}),
    ("player", {"what": "player"}),
    ("player you control", None),  # no such target
    ("creature with flying", None),  # a quality the targets can't say yet: the keyword is not executable
    ("Forest", None),
])
def test_an_aura_targets_what_its_enchant_ability_allows(quality, spec):
    """303.4a, 702.5a: "Enchant [quality]" as the Aura spell's target; None leaves the keyword not executable."""
    from engine.vocab.cardfile import KeywordAbility, enchant_target, executable_by

    found = enchant_target(quality)
    assert (found.model_dump(exclude_defaults=True) if found is not None else None) == spec
    assert (executable_by(KeywordAbility(kind="keyword", keyword="enchant", quality=quality)) is not None) == (spec is not None)
