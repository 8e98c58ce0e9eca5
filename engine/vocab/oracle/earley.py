"""Lark's Earley parser predicting each nonterminal once per position, and only the rules that can begin
at the next character: the same parses, about five times faster on the Oracle grammars (issue 21: the
whole database compiled in under a minute).

Lark 1.3.1's ``earley.Parser.predict_and_complete`` predicts a nonterminal X at position i by creating an
item for every rule of ``predictions[X]`` (the rules of every nonterminal X reaches by left corners, a
closure) each time an item expecting X is met, and again for every nonterminal inside that closure; all
but the first of those items are duplicates that the column (or the scan set) then refuses. With the
noun phrases of objects.lark reachable from almost every rule, a parse spent most of its time creating
and comparing those duplicates (2,300 items for "Draw a card.", 185 of them new).

:func:`fast` gives a Lark instance the same methods (``parse`` and ``predict_and_complete``) with two
changes to what they compute:

- at a position, a nonterminal whose closure has already been predicted there (and at position 0 the
  start symbol's closure, which ``parse`` puts there) is not predicted again: the items it would have
  created are already in the column or the scan set;
- a rule is predicted at position i only if one of its derivations can begin with the next character
  (the one at i, or after the whitespace the scanner carries items past), or it derives the empty
  string: any other item can never scan nor complete, and nor can the items it would lead to (the
  lookahead section below). At position 0, most of os_sentence's thousand rules end there.

and two that change no set: the completer finds the items of a past (final) column that expect a
nonterminal in an index by expected symbol, not by comparing every item of the column; and a forest
node's two ordered sets are dicts (:class:`_Children`), not lark's OrderedSet, whose constructor took a
tenth of a parse.

The live items, their order and the forest are unchanged: the parse trees are the same, and a text
with none fails (perhaps a character earlier, under another of Lark's exceptions). tests/test_oracle_earley.py
compares both parsers on every grammar over database sentences and on a toy grammar over any words; every
card of the database compiled to the same file with both when this was written. Held completions of nullable rules (E. Scott's H) are
still processed for every item. The methods are lark 1.3.1's (pyproject pins it) with those changes;
:func:`fast` leaves a parser of another version unchanged.
"""

from __future__ import annotations

import re
from collections import deque
from functools import lru_cache

try:
    from re import _parser as _sre
except ImportError:  # Python < 3.11
    import sre_parse as _sre  # type: ignore[no-redef]

import lark
from lark.exceptions import UnexpectedEOF
from lark.grammar import NonTerminal
from lark.parsers.earley_common import Item
from lark.parsers.earley_forest import ForestToParseTree, StableSymbolNode
from lark.utils import dedup_list

LARK_VERSION = "1.3.1"


def fast(lark_instance):
    """``lark_instance`` (an Earley parser with the dynamic lexer) predicting each nonterminal once per position,
    and only the rules that can begin at the next character; returned."""
    if lark.__version__ != LARK_VERSION:
        return lark_instance
    earley = lark_instance.parser.parser
    earley._closure_origins = {nt: frozenset(r.origin for r in rules) | {nt} for nt, rules in earley.predictions.items()}
    regexps = earley.term_matcher.__self__.regexps
    term_chars = {name: _first_chars(rx) for name, rx in regexps.items()}
    earley._rule_chars = {rule: _rule_chars(earley, rule, term_chars) for rules in earley.predictions.values()
                          for rule in rules}
    earley._ignore_rx = [regexps[t.name] for t in earley.ignore]
    earley._by_lookahead = {}
    earley._stream = None  # (the text, the start symbol, _expecting's index) of the parse under way
    earley.SymbolNode = _SymbolNode
    earley.predict_and_complete = _predict_and_complete.__get__(earley)
    earley.parse = _parse.__get__(earley)
    return lark_instance


# --- lookahead: the characters a rule can begin with ------------------------------------------
# A rule predicted at position i whose every derivation begins with a character other than the next
# one (the character at i, or after the ignored whitespace the scanner carries items past) can never
# scan nor complete: its item is dead, and so is every item it would lead to. Not creating it leaves
# the live items, their order and the forest as they are. Characters are over-approximated (None: any
# character): a regular expression read by Python's own regex parser, case-insensitive ones with both
# cases of an ASCII letter, and no lookahead at all at a character outside ASCII.

def _first_chars(rx) -> frozenset | None:
    """The characters a match of the compiled regex ``rx`` can begin with, or None (any)."""
    return _first_chars_of(rx.pattern, rx.flags)


@lru_cache(maxsize=None)
def _first_chars_of(pattern: str, flags: int) -> frozenset | None:  # (the grammars share objects.lark's terminals)
    try:
        chars, nullable = _first_of(_sre.parse(pattern, flags), bool(flags & re.IGNORECASE))
    except Exception:  # a pattern this reading doesn't know: no lookahead
        return None
    return None if chars is None or nullable else frozenset(chars)


def _first_of(seq, ic):
    chars = set()
    for op, av in seq:
        got, nullable = _first_op(op, av, ic)
        if got is None:
            return None, False
        chars |= got
        if not nullable:
            return chars, False
    return chars, True


def _first_op(op, av, ic):
    c = _sre
    if op is c.LITERAL:
        return _cased({chr(av)}, ic), False
    if op is c.IN:
        chars = set()
        for o, a in av:
            if o is c.LITERAL:
                chars.add(chr(a))
            elif o is c.RANGE and a[1] - a[0] <= 512:
                chars.update(chr(x) for x in range(a[0], a[1] + 1))
            else:  # a negation, a category, a wide range
                return None, False
        return _cased(chars, ic), False
    if op is c.BRANCH:
        chars, nullable = set(), False
        for branch in av[1]:
            got, n = _first_of(branch, ic)
            if got is None:
                return None, False
            chars |= got
            nullable = nullable or n
        return chars, nullable
    if op is c.SUBPATTERN:
        _, add, remove, sub = av
        return _first_of(sub, (ic or bool(add & re.IGNORECASE)) and not remove & re.IGNORECASE)
    if op in (c.MAX_REPEAT, c.MIN_REPEAT, getattr(c, "POSSESSIVE_REPEAT", c.MAX_REPEAT)):
        got, nullable = _first_of(av[2], ic)
        return got, nullable or av[0] == 0
    if op is getattr(c, "ATOMIC_GROUP", None):
        return _first_of(av, ic)
    if op in (c.AT, c.ASSERT, c.ASSERT_NOT):  # zero width: what follows begins the match
        return set(), True
    return None, False


def _cased(chars, ic):
    if not ic:
        return chars
    if any(not ch.isascii() for ch in chars):  # ("ſ" matches "s" ignoring case)
        return None
    return chars | {ch.lower() for ch in chars} | {ch.upper() for ch in chars}


def _rule_chars(earley, rule, term_chars):
    """The characters the rule's derivations can begin with, or None (any, or it derives the empty string)."""
    chars = set()
    for sym in rule.expansion:
        for term in earley.FIRST.get(sym, ()):
            got = term_chars.get(term.name)
            if got is None:
                return None
            chars |= got
        if sym not in earley.NULLABLE:
            return frozenset(chars)
    return None  # nullable: it may complete where it is predicted


_UNSET = object()


def _parse(self, lexer, start):
    """lark.parsers.earley.Parser.parse (1.3.1), the start symbol's rules predicted with the lookahead too."""
    assert start, start
    start_symbol = NonTerminal(start)
    columns = [self.Set()]
    to_scan = self.Set()  # the scan buffer: 'Q' in E. Scott's paper
    outer, self._stream = self._stream, (lexer, start_symbol, {})
    try:
        for rule in _predicted(self, start_symbol, _lookahead(self, 0)):
            item = Item(rule, 0, 0)
            if item.expect in self.TERMINALS:
                to_scan.add(item)
            else:
                columns[0].add(item)
        to_scan = self._parse(lexer, columns, to_scan, start_symbol)
    finally:
        self._stream = outer
    # the root of the forest: the start symbol completed over the whole text
    solutions = dedup_list(n.node for n in columns[-1]
                           if n.is_complete and n.node is not None and n.s == start_symbol and n.start == 0)
    if not solutions:
        raise UnexpectedEOF([t.expect.name for t in to_scan], state=frozenset(i.s for i in to_scan))
    if len(solutions) > 1:
        raise RuntimeError("Earley should not generate multiple start symbol items! Please report this bug.")
    solution, = solutions
    if self.Tree is not None:  # the forest to a tree (the cache off with ambiguity='resolve': lark's issue #1283)
        transformer = ForestToParseTree(self.Tree, self.callbacks, self.forest_sum_visitor and self.forest_sum_visitor(),
                                        self.resolve_ambiguity, not self.resolve_ambiguity)
        return transformer.transform(solution)
    return solution


def _lookahead(earley, i):
    """The characters the items predicted at position i first meet: the one at i, and the one after
    each ignored match from there (xearley's scanner carries unmatched items past it); None: any."""
    text, chars = earley._stream[0], []
    if not isinstance(text, str):
        return None
    while i < len(text):
        ch = text[i]
        if not ch.isascii():
            return None
        chars.append(ch)
        ends = [m.end() for m in (rx.match(text, i) for rx in earley._ignore_rx) if m and m.end() > i]
        if not ends:
            break
        i = max(ends)
    return tuple(chars)


def _predicted(earley, nonterminal, ahead):
    """The rules of ``predictions[nonterminal]`` that can begin with one of the characters ``ahead``, in their order."""
    key = (nonterminal, ahead)
    found = earley._by_lookahead.get(key)
    if found is None:
        rules = earley.predictions[nonterminal]
        if ahead is not None:
            rule_chars = earley._rule_chars
            rules = [r for r in rules if rule_chars[r] is None or any(ch in rule_chars[r] for ch in ahead)]
        found = earley._by_lookahead[key] = rules
    return found


def _node(node_cache, symbol_node, label):
    return node_cache[label] if label in node_cache else node_cache.setdefault(label, symbol_node(*label))


def _expecting(earley, columns, j):
    """The items of column j (a final one) by the symbol they expect, each list in the column's order."""
    index = earley._stream[2].get(j)
    if index is None:
        index = earley._stream[2][j] = {}
        for item in columns[j]:
            if item.expect is not None:
                index.setdefault(item.expect, []).append(item)
    return index


class _Children(dict):
    """An ordered set as lark.utils.OrderedSet (a dict's keys) that is a dict itself: the two sets of every forest
    node are made at a dict's cost (a quarter of a parse's time went to OrderedSet's constructor)."""

    __slots__ = ()

    def add(self, item):
        self[item] = None


class _SymbolNode(StableSymbolNode):
    """lark's StableSymbolNode (its children and paths in the order added), its sets :class:`_Children`."""

    __slots__ = ()
    Set = _Children


def _predict_and_complete(self, i, to_scan, columns, transitives, node_cache):
    """lark.parsers.earley.Parser.predict_and_complete (1.3.1), a closure predicted once per position."""
    held_completions = {}
    column = columns[i]
    items = deque(column)
    predicted = set()  # the nonterminals whose rules' items are in the column or to_scan at i
    ahead = _UNSET  # the characters next (_lookahead), read at the first prediction
    if i == 0:  # parse put the start symbol's closure there
        predicted.update(self._closure_origins[self._stream[1]])
    while items:
        item = items.pop()
        if item.is_complete:  # the completer
            if item.node is None:
                item.node = _node(node_cache, self.SymbolNode, (item.s, item.start, i))
                item.node.add_family(item.s, item.rule, item.start, None, None)
            if item.rule.origin in transitives[item.start]:  # Leo's right-recursion completer
                transitive = transitives[item.start][item.s]
                if transitive.previous in transitives[transitive.column]:
                    root_transitive = transitives[transitive.column][transitive.previous]
                else:
                    root_transitive = transitive
                new_item = Item(transitive.rule, transitive.ptr, transitive.start)
                new_item.node = _node(node_cache, self.SymbolNode, (root_transitive.s, root_transitive.start, i))
                new_item.node.add_path(root_transitive, item.node)
                if new_item.expect in self.TERMINALS:
                    to_scan.add(new_item)
                elif new_item not in column:
                    column.add(new_item)
                    items.append(new_item)
            else:
                if item.start == i:  # an empty item: held (H)
                    held_completions[item.rule.origin] = item.node
                if item.start < i:  # a column of the past: final, indexed
                    originators = _expecting(self, columns, item.start).get(item.s, ())
                else:
                    originators = [o for o in column if o.expect is not None and o.expect == item.s]
                for originator in originators:
                    new_item = originator.advance()
                    new_item.node = _node(node_cache, self.SymbolNode, (new_item.s, originator.start, i))
                    new_item.node.add_family(new_item.s, new_item.rule, i, originator.node, item.node)
                    if new_item.expect in self.TERMINALS:
                        to_scan.add(new_item)
                    elif new_item not in column:
                        column.add(new_item)
                        items.append(new_item)
        elif item.expect in self.NON_TERMINALS:  # the predictor
            new_items = []
            if item.expect not in predicted:  # a closure already predicted here adds nothing
                predicted.update(self._closure_origins[item.expect])
                if ahead is _UNSET:
                    ahead = _lookahead(self, i)
                new_items = [Item(rule, 0, i) for rule in _predicted(self, item.expect, ahead)]
            if item.expect in held_completions:
                new_item = item.advance()
                new_item.node = _node(node_cache, self.SymbolNode, (new_item.s, item.start, i))
                new_item.node.add_family(new_item.s, new_item.rule, new_item.start, item.node,
                                         held_completions[item.expect])
                new_items.append(new_item)
            for new_item in new_items:
                if new_item.expect in self.TERMINALS:
                    to_scan.add(new_item)
                elif new_item not in column:
                    column.add(new_item)
                    items.append(new_item)
