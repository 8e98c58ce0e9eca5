"""The Oracle grammars' Earley parser with each nonterminal predicted once per position
(engine/vocab/oracle/earley.py) gives the parses of Lark's own: the same tree, or a failure, for every
grammar on the words of database cards as the families give them to their parsers."""

from __future__ import annotations

import random

import lark
import pytest
from lark import Lark
from lark.exceptions import LarkError

from carddata import db  # noqa: F401
from engine.vocab.oracle import combat, loopstatics, oneshot, replacement, statics
from engine.vocab.oracle.compile import GRAMMAR, _parser as keyword_parser
from engine.vocab.oracle.earley import LARK_VERSION, fast
from engine.vocab.oracle.objects import HERE, bare, grammar_files, parser

# each family: its grammar's start rules, and the words of a paragraph its read() gives a start rule
FAMILIES = {
    "statics": (("st_static",), lambda b: [("st_static", b + "." if b.endswith('"') else b)]
                if statics._PREFILTER.search(b) else []),
    "combat": (("cb_ability",), lambda b: [("cb_ability", b)] if combat._PREFILTER.search(b) else []),
    "replacement": (("rp_paragraph",), lambda b: [("rp_paragraph", b)] if replacement._PREFILTER.search(b) else []),
    "loopstatics": (("ls_ability",), lambda b: [("ls_ability", b)] if loopstatics._PREFILTER.search(b) else []),
    "oneshot": (oneshot.START, lambda b: _oneshot_words(b)),
}


def _oneshot_words(b: str) -> list[tuple[str, str]]:
    """What oneshot._parts gives its parser: the head (a trigger or a cost) and each sentence."""
    out = []
    if oneshot._TRIGGER_WORD.match(b):
        head, _, b = b.partition(", ")
        out.append(("os_trigger", head))
    elif ": " in b:
        head, _, b = b.partition(": ")
        out.append(("os_cost", head))
    return out + [("os_sentence", s) for s in oneshot._SENTENCE_END.split(b) if s]


def _plain(family: str, start: tuple[str, ...]) -> Lark:
    text = "\n".join((HERE / f).read_text(encoding="utf-8") for f in grammar_files(family))  # (the same files)
    return Lark(text, start=list(start), parser="earley", lexer="dynamic", propagate_positions=False)


def _parse(p: Lark, start: str | None, text: str):
    """The tree, or "no parse" (the lookahead may find a failure a character earlier, under another of
    Lark's exceptions: the families catch every LarkError alike)."""
    try:
        return p.parse(text, start=start) if start else p.parse(text)
    except LarkError:
        return "no parse"


@pytest.fixture(scope="module")
def words(db):  # noqa: F811
    """For each family, 60 of the inputs its read() gives its parser (oneshot: 150 heads and sentences), and
    for the keyword grammar 200 paragraphs, from database cards drawn in an order of a fixed seed."""
    names = db.names()
    random.Random(21).shuffle(names)
    found: dict[str, set] = {f: set() for f in [*FAMILIES, "keyword"]}
    for name in names:
        for p in db.card(name).oracle.splitlines():
            if not p.strip():
                continue
            b = bare(p, name)
            if len(found["keyword"]) < 200:
                found["keyword"].add((None, b))
            for family, (_, words_of) in FAMILIES.items():
                if len(found[family]) < (150 if family == "oneshot" else 60):
                    found[family].update(words_of(b))
        if all(len(v) >= 40 for v in found.values()):
            break
    return {f: sorted(v, key=lambda w: (w[0] or "", w[1])) for f, v in found.items()}


def test_the_pinned_lark_is_the_one_whose_predictor_is_sped_up():
    assert lark.__version__ == LARK_VERSION


@pytest.mark.parametrize("family", sorted(FAMILIES))
def test_the_fast_parser_gives_lark_s_own_parse_of_every_family_s_words(family, words):
    starts, _ = FAMILIES[family]
    plain, quick = _plain(family, starts), parser(family, starts)
    assert quick.parser.parser.predict_and_complete.__func__.__module__ == "engine.vocab.oracle.earley"
    pairs = words[family]
    assert len(pairs) >= 40  # enough words of real cards, parsed and not
    parsed = 0
    for start, text in pairs:
        expected = _parse(plain, start, text)
        assert _parse(quick, start, text) == expected, (start, text)
        parsed += not isinstance(expected, str)
    assert 0 < parsed < len(pairs)  # both readings and failures compared


def test_the_keyword_lines_parse_as_with_lark_s_own_parser(words):
    plain = Lark(GRAMMAR.read_text(encoding="utf-8"), start="keyword_line", parser="earley", lexer="dynamic",
                 propagate_positions=True)
    results = [(_parse(plain, None, b), _parse(keyword_parser(), None, b)) for _, b in words["keyword"]]
    assert all(a == b for a, b in results)
    assert any(not isinstance(a, str) for a, _ in results) and any(isinstance(a, str) for a, _ in results)


def test_the_fast_parser_creates_a_fraction_of_the_items_for_the_same_parse(monkeypatch):
    # the closure of os_sentence is predicted once at position 0, not once per item expecting one of
    # its nonterminals: the same tree from far fewer Earley items (the cost of a parse)
    import lark.parsers.earley as lark_earley
    import lark.parsers.xearley as lark_xearley

    from engine.vocab.oracle import earley

    created = []

    class Counted(lark_earley.Item):
        __slots__ = ()

        def __init__(self, rule, ptr, start):
            created.append(1)
            super().__init__(rule, ptr, start)

        def advance(self):
            return Counted(self.rule, self.ptr + 1, self.start)

    for module in (lark_earley, lark_xearley, earley):
        if hasattr(module, "Item"):
            monkeypatch.setattr(module, "Item", Counted)
    plain, quick = _plain("oneshot", oneshot.START), fast(_plain("oneshot", oneshot.START))
    counts = {}
    for name, p in (("plain", plain), ("fast", quick)):
        created.clear()
        counts[name] = (_parse(p, "os_sentence", "Draw a card."), len(created))
    assert counts["plain"][0] == counts["fast"][0] and not isinstance(counts["fast"][0], str)
    assert counts["fast"][1] * 3 < counts["plain"][1]
    # and only the rules that can begin with "D" at position 0 (of os_sentence's closure, a few dozen)
    assert counts["fast"][1] * 20 < counts["plain"][1]


# --- the lookahead: a rule is predicted only where its derivations can begin ---------------------

def test_the_characters_a_terminal_can_begin_with_are_read_from_its_regex():
    import re

    from engine.vocab.oracle.earley import _first_chars

    def first(pattern, flags=0):
        return _first_chars(re.compile(pattern, flags))

    assert first("draw") == {"d"}
    assert first("(?i:draw)") == {"d", "D"}
    assert first("draw", re.IGNORECASE) == {"d", "D"}
    assert first("(?:an?|the) ") == {"a", "t"}
    assert first("[+-]?7") == {"+", "-", "7"}  # an optional part: what follows may begin it
    assert first("x*y") == {"x", "y"}
    assert first("\\bgets?") == {"g"}  # zero width
    assert first("[a-c]") == {"a", "b", "c"}
    assert first("(?i:[a-c])") == {"a", "b", "c", "A", "B", "C"}
    assert first("(?i:(?-i:a)b)") == {"a"}
    # any character, or one this reading can't bound: no lookahead
    assert first("\\d+") is None and first("[^a]") is None and first(".x") is None and first("\\w") is None
    assert first("(?i:\u017f)") is None  # "ſ" matches "s" ignoring case


# a grammar with what the lookahead must respect: nullable rules and a nullable prefix, ignored
# whitespace, case-insensitive literals, a regex, rules that begin alike, an ambiguity resolved
TOY = r"""
start: phrase+
phrase: opt "draw"i NUMBER? noun -> draw
      | opt WORD "s" -> plural
      | "gain"i amount "life" -> gain
      | empty "gains"i "flying" -> gains
      | "d" "raw" "x" -> split
opt: "target"? | "another"
empty:
amount: NUMBER | "x"i | "X" "X"?
noun: "card"i | "cards" | WORD
WORD: /[a-zé]+/
NUMBER: /\d+/
%ignore " "
"""


def test_the_fast_parser_gives_lark_s_own_parse_of_a_toy_grammar_on_any_words():
    from hypothesis import given, settings, strategies as st

    plain = Lark(TOY, parser="earley", lexer="dynamic")
    quick = fast(Lark(TOY, parser="earley", lexer="dynamic"))
    words = st.sampled_from(["draw", "Draw", "DRAW", "2", "card", "cards", "target", "another", "gain", "x", "X",
                             "life", "gains", "flying", "d", "raw", "s", "é", "élan", "zs", "", "dra", "w"])

    @settings(max_examples=400, deadline=None)
    @given(st.lists(words, min_size=1, max_size=7), st.sampled_from([" ", "  ", ""]))
    def check(parts, sep):
        text = sep.join(parts)
        assert _parse(quick, None, text) == _parse(plain, None, text), text

    check()
    # both readings and failures among them
    assert not isinstance(_parse(quick, None, "target draw 2 cards gain X X life"), str)
    assert _parse(quick, None, "gain life") == "no parse"
