"""Lark's Earley parser with each nonterminal predicted once per position: the same parses, about three
times faster on the Oracle grammars (issue 21: the whole database compiled in under a minute).

Lark 1.3.1's ``earley.Parser.predict_and_complete`` predicts a nonterminal X at position i by creating an
item for every rule of ``predictions[X]`` (the rules of every nonterminal X reaches by left corners, a
closure) each time an item expecting X is met, and again for every nonterminal inside that closure; all
but the first of those items are duplicates that the column (or the scan set) then refuses. With the
noun phrases of objects.lark reachable from almost every rule, a parse spent most of its time creating
and comparing those duplicates (2,300 items for "Draw a card.", 185 of them new).

:func:`fast` gives a Lark instance the same method with one change: at a position, a nonterminal whose
closure has already been predicted there (and at position 0 the start symbol's closure, which
``parse`` puts there before the first call) is not predicted again. The items it would have created are
already in the column or the scan set, so the sets, their order and the forest are unchanged: the
parse trees are the same (tests/test_oracle_earley.py compares both parsers on every grammar over
database sentences). Held completions of nullable rules (E. Scott's H) are still processed for every
item. The method is lark 1.3.1's (pyproject pins it) with that change; :func:`fast` leaves a parser of
another version unchanged.
"""

from __future__ import annotations

from collections import deque

import lark
from lark.parsers.earley_common import Item

LARK_VERSION = "1.3.1"


def fast(lark_instance):
    """``lark_instance`` (an Earley parser) predicting each nonterminal once per position; returned."""
    if lark.__version__ != LARK_VERSION:
        return lark_instance
    earley = lark_instance.parser.parser
    earley._closure_origins = {nt: frozenset(r.origin for r in rules) | {nt} for nt, rules in earley.predictions.items()}
    earley.predict_and_complete = _predict_and_complete.__get__(earley)
    return lark_instance


def _node(node_cache, symbol_node, label):
    return node_cache[label] if label in node_cache else node_cache.setdefault(label, symbol_node(*label))


def _predict_and_complete(self, i, to_scan, columns, transitives, node_cache):
    """lark.parsers.earley.Parser.predict_and_complete (1.3.1), a closure predicted once per position."""
    held_completions = {}
    column = columns[i]
    items = deque(column)
    predicted = set()  # the nonterminals whose rules' items are in the column or to_scan at i
    if i == 0:
        predicted.update(it.rule.origin for it in column if it.ptr == 0)
        predicted.update(it.rule.origin for it in to_scan if it.ptr == 0 and it.start == 0)
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
                originators = [o for o in columns[item.start] if o.expect is not None and o.expect == item.s]
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
            if item.expect not in predicted:  # the one change: a closure already predicted here adds nothing
                predicted.update(self._closure_origins[item.expect])
                new_items = [Item(rule, 0, i) for rule in self.predictions[item.expect]]
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
