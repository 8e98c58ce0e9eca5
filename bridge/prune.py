"""Leaving out, before grounding, the rules of a program that can't fire on a set of facts.

gringo's cost on a small problem is mostly per rule: instantiating a rule costs about 10 to 20
microseconds whether or not it has an instance, so a combat program of 60 rules takes about 1 ms
to ground on a board of 80 facts, most of them about rules the board doesn't have (no landwalk, no
Lure, no "can't block alone"...). A rule with a positive body literal that no fact and no other
rule can make true has no instance: leaving it out changes nothing in what gringo outputs.

What can be true is over-approximated, by predicate name alone: a name is possible when a fact has
it, or when a rule kept has it in its head; a literal's constant arguments (``kw(A, flying)``,
``rule(R, (cant_block; max_blockers), _)``) must also appear as arguments of a fact of that name,
unless the predicate is derived; so must a literal's function terms (``op_val(A, _, _, greatest(S, p))``:
a fact of that name with a term ``greatest`` in it, and ``p`` inside that term; read, like the constants,
at any depth of the facts). A rule is left out only when one of its positive body literals
(outside aggregates and conditions) is impossible; this repeats until nothing more is left out.
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass
from typing import Callable

from clingo import ast

_A = ast.ASTType
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_PLAIN_STRING = re.compile(r'"[^"]*"')  # the same, for a text without escapes
_NOT_FACTS = re.compile(r'[:#%|{}<>=!"]')  # (strings removed) a rule, a directive, a comment...
_NESTED = re.compile(r"\([^()]*\(")
_FLAT = re.compile(r"(_*[a-z][A-Za-z0-9_']*)\s*\(([^()]*)\)")
_IDENT = re.compile(r"_*[A-Za-z][A-Za-z0-9_']*|_")
# The general reading, for nested terms: strings (skipped), names (a function when followed by '('),
# parentheses.
_TOKEN = re.compile(r'"(?:[^"\\]|\\.)*"|(_*[A-Za-z][A-Za-z0-9_\']*|_)(\s*\()?|(\()|(\))')


@dataclass(frozen=True)
class FactKeys:
    names: frozenset[str]  # the predicate (and function) names of the facts
    constants: frozenset[tuple[str, str]]  # (name, a constant among its arguments, at any depth)
    open: frozenset[str]  # names with a variable argument: any constant may be there

    def with_later(self, names: frozenset[str]) -> "FactKeys":
        """The same, with facts of these names that a later part of the solve adds (any arguments)."""
        return FactKeys(self.names | names, self.constants, self.open | names)

    def possible(self, name: str, args: tuple[frozenset[str] | None, ...]) -> bool:
        """Whether a fact may match a literal with this name and these constant arguments."""
        if name not in self.names:
            return False
        if name in self.open:
            return True
        return all(c is None or any((name, x) in self.constants for x in c) for c in args)


def _keys(names: set[str], constants: set[tuple[str, str]], open_names: set[str]) -> FactKeys:
    return FactKeys(frozenset(names), frozenset(constants), frozenset(open_names))


def _variable(name: str) -> bool:
    return name == "_" or name.lstrip("_")[:1].isupper()


@functools.lru_cache(maxsize=256)
def fact_keys(text: str) -> FactKeys | None:
    """What the facts of ``text`` can make true; None when the text holds more than plain facts.
    Read line by line, each line's keys kept: the solves of one computation resend mostly the same
    facts (the state changes a few of them at a time)."""
    keys = [_line_keys(line) for line in text.split("\n") if line and not line.isspace()]
    if any(k is None for k in keys):
        return None
    return FactKeys(frozenset().union(*(k.names for k in keys)), frozenset().union(*(k.constants for k in keys)),
                    frozenset().union(*(k.open for k in keys)))


@functools.lru_cache(maxsize=1 << 16)
def _line_keys(text: str) -> FactKeys | None:
    """fact_keys of one line of facts."""
    # strings never match a literal's constant: read as a number
    plain = (_STRING if "\\" in text else _PLAIN_STRING).sub("0", text)
    if _NOT_FACTS.search(plain):
        return None
    if _NESTED.search(plain):
        return _nested_keys(plain)
    parts = _FLAT.split(plain)  # between the facts, name, arguments, between, name, arguments, ...
    names: set[str] = set(_IDENT.findall("".join(parts[::3])))  # facts without arguments
    constants: set[tuple[str, str]] = set()
    open_names: set[str] = set()
    for shape in set(zip(parts[1::3], parts[2::3])):  # facts of one name and shape (strings read as 0) read once
        found = _SHAPES.get(shape)
        if found is None:
            if len(_SHAPES) > 4096:
                _SHAPES.clear()
            name, idents = shape[0], _IDENT.findall(shape[1])
            found = _SHAPES[shape] = (tuple((name, x) for x in idents if not _variable(x)),
                                      any(map(_variable, idents)))
        names.add(shape[0])
        constants.update(found[0])
        if found[1]:
            open_names.add(shape[0])
    return _keys(names, constants, open_names)


# (name, arguments) of a flat fact -> (name, constant) for its constant arguments, and whether one is
# a variable
_SHAPES: dict[tuple[str, str], tuple[tuple[tuple[str, str], ...], bool]] = {}


def _nested_keys(plain: str) -> FactKeys:
    """fact_keys for facts with compound terms: a constant, and a function term's name, count for every
    name they are inside."""
    names: set[str] = set()
    constants: set[tuple[str, str]] = set()
    open_names: set[str] = set()
    stack: list[str] = []
    for name, call, paren, close in _TOKEN.findall(plain):
        if close:
            if stack:
                stack.pop()
        elif paren:
            stack.append("")
        elif call:
            names.add(name)
            constants.update((n, name) for n in stack if n)  # (a function term's name, as a constant's)
            stack.append(name)
        elif name:
            if _variable(name):
                open_names.update(stack)
            elif stack:
                constants.update((n, name) for n in stack if n)
            else:
                names.add(name)  # a fact without arguments
    return _keys(names, constants, open_names)


# (name, (what each argument can be)): a positive body literal; an argument is None (anything), the frozenset
# of the constants it can be, or ("fn", name, (its arguments, the same way)) for a function term
_Pattern = tuple


class Prunable:
    """A program's statements, with what each rule needs to fire."""

    def __init__(self, statements: tuple, constants: frozenset[str] = frozenset()) -> None:
        """``constants``: names given a value from outside (--const), as the program's #const do."""
        self.statements = statements
        defined_constants = {s.name for s in statements if s.ast_type == _A.Definition} | set(constants)
        # the parameters of the program parts (#program apply(x, b)): their values come at grounding time
        defined_constants |= {p.name for s in statements if s.ast_type == _A.Program for p in s.parameters}
        self.rules: list[int] = []  # the statements that are rules (or externals: they define atoms)
        self.heads: dict[int, frozenset[str]] = {}
        needs: dict[int, set[_Pattern]] = {}
        for i, s in enumerate(statements):
            if s.ast_type == _A.External:  # an external atom may be made true from outside
                self.rules.append(i)
                self.heads[i] = frozenset(_head_names(s.atom))
                needs[i] = set()
            if s.ast_type != _A.Rule:
                continue
            self.rules.append(i)
            self.heads[i] = frozenset(_head_names(s.head))
            needs[i] = set()
            for lit in s.body:
                if lit.ast_type != _A.Literal or lit.sign != ast.Sign.NoSign or lit.atom.ast_type != _A.SymbolicAtom:
                    continue
                f = lit.atom.symbol
                if f.ast_type != _A.Function or f.external:
                    continue
                needs[i].add((f.name, tuple(_constants(a, defined_constants) for a in f.arguments)))
        self.patterns: tuple[_Pattern, ...] = tuple(sorted({p for n in needs.values() for p in n}, key=repr))
        self.users: dict[_Pattern, list[int]] = {p: [i for i in self.rules if p in needs[i]] for p in self.patterns}
        # each pattern's name, and for each argument with constants, the (name, constant) keys a fact may have
        self.requirements = tuple((name, *_requirements(name, args)) for name, args in self.patterns)
        self.by_name: dict[str, list[_Pattern]] = {}
        for p in self.patterns:
            self.by_name.setdefault(p[0], []).append(p)
        self.definers: dict[str, int] = {}
        for i in self.rules:
            for name in self.heads[i]:
                self.definers[name] = self.definers.get(name, 0) + 1
        # the program part of each statement (#program name(...).), and the parts that define each name
        self.part_of: list[str] = []
        part = "base"
        for s in statements:
            if s.ast_type == _A.Program:
                part = s.name
            self.part_of.append(part)
        self.defining_parts: dict[str, frozenset[str]] = {}
        for i in self.rules:
            for name in self.heads[i]:
                self.defining_parts[name] = self.defining_parts.get(name, frozenset()) | {self.part_of[i]}
        # the names (and arities) each part's rules need in their positive bodies
        self.body_names: dict[str, set[tuple[str, int]]] = {}
        for i in self.rules:
            self.body_names.setdefault(self.part_of[i], set()).update((name, len(args)) for name, args in needs[i])

    def kept(self, keys: FactKeys) -> list:
        """The statements, without the rules that can't fire on facts with these keys."""
        return self._kept(self._from_facts(keys))

    def kept_parts(self, keys: FactKeys, parts: frozenset[str], done: frozenset[str] = frozenset(),
                   present: Callable[[frozenset[tuple[str, int]]], frozenset[str]] | None = None) -> tuple:
        """The statements of these program parts that can fire, for a part added to a control after
        others were grounded: a name that only ``done`` parts define (parts grounded once, and
        already) and that these parts' rules need is possible when it has atoms (``present`` tells
        which of the names and arities it is given do), and only then."""
        from_facts = self._from_facts(keys)
        final = self._final(done, parts)
        missing: frozenset[str] = frozenset()
        if final and present is not None:
            has = present(final)
            missing = frozenset(name for name, _ in final if name not in has)
        return self._kept_parts(from_facts, parts, missing)

    @functools.lru_cache(maxsize=512)
    def _kept_parts(self, from_facts: tuple[bool, ...], parts: frozenset[str], missing: frozenset[str]) -> tuple:
        """kept_parts, for the facts' possible patterns and the names found missing (the same from one
        solve to the next, mostly: the statements are then the same)."""
        dead, definers = self._dead(from_facts)
        if missing:
            by_facts = self._by_facts(from_facts)
            dead, definers = set(dead), dict(definers)
            for name in missing:
                definers[name] = 0
            self._left_out([p for name in missing for p in self.by_name.get(name, ()) if not by_facts[p]],
                           by_facts, definers, dead)
        return tuple(self.statements[i] for part in sorted(parts) for i in self.part_indices.get(part, ())
                     if i not in dead)

    @functools.lru_cache(maxsize=256)
    def _final(self, done: frozenset[str], parts: frozenset[str]) -> frozenset[tuple[str, int]]:
        """The names (with their arities) that only the ``done`` parts define, among those the rules
        of ``parts`` need."""
        needed = set().union(*(self.body_names.get(p, set()) for p in parts))
        return frozenset((n, a) for n, a in needed if n in self.defining_parts and self.defining_parts[n] <= done)

    @functools.lru_cache(maxsize=64)
    def _from_facts(self, keys: FactKeys) -> tuple[bool, ...]:
        # (FactKeys.possible, for every pattern at once)
        # (only the patterns of the facts' names are tested: the others are impossible)
        names, open_names, constants = keys.names, keys.open, keys.constants
        out = [False] * len(self.requirements)
        for name in names & self.requirements_by_name.keys():
            opened = name in open_names
            for i, reqs, nested in self.requirements_by_name[name]:
                out[i] = opened or not (reqs or nested) or (
                    all(not constants.isdisjoint(r) for r in reqs)
                    and all(owner in open_names or not constants.isdisjoint(r) for owner, r in nested))
        return tuple(out)

    @functools.cached_property
    def requirements_by_name(self) -> dict[str, list[tuple[int, tuple, tuple]]]:
        """The requirements of the patterns of each name, with each pattern's index."""
        out: dict[str, list[tuple[int, tuple, tuple]]] = {}
        for i, (name, reqs, nested) in enumerate(self.requirements):
            out.setdefault(name, []).append((i, reqs, nested))
        return out

    @functools.cached_property
    def part_names(self) -> frozenset[str]:
        """The names of the program's parts."""
        return frozenset(self.part_of)

    @functools.cached_property
    def part_indices(self) -> dict[str, tuple[int, ...]]:
        """The statements of each part, in order (its #program statement first)."""
        out: dict[str, list[int]] = {}
        for i, part in enumerate(self.part_of):
            out.setdefault(part, []).append(i)
        return {part: tuple(ix) for part, ix in out.items()}

    @functools.lru_cache(maxsize=64)
    def _by_facts(self, from_facts: tuple[bool, ...]) -> dict:
        return dict(zip(self.patterns, from_facts))

    @functools.lru_cache(maxsize=512)
    def _kept(self, from_facts: tuple[bool, ...]) -> list:
        dead = self._dead(from_facts)[0]
        return [s for i, s in enumerate(self.statements) if i not in dead]

    @functools.lru_cache(maxsize=512)
    def _dead(self, from_facts: tuple[bool, ...]) -> tuple[frozenset[int], dict[str, int]]:
        """For each pattern, whether a fact may match it: the statements left out, and how many rules
        kept define each name."""
        by_facts = self._by_facts(from_facts)
        definers = dict(self.definers)
        dead: set[int] = set()
        self._left_out([p for p in self.patterns if not by_facts[p] and not definers.get(p[0])], by_facts, definers, dead)
        return frozenset(dead), definers

    def _left_out(self, todo: list, by_facts: dict, definers: dict[str, int], dead: set[int]) -> None:
        """A worklist of impossible patterns: the rules that need one are left out (added to
        ``dead``); a rule left out no longer defines its heads; a name no rule kept defines is
        possible from facts only."""
        while todo:
            for i in self.users[todo.pop()]:
                if i in dead:
                    continue
                dead.add(i)
                for name in self.heads[i]:
                    definers[name] -= 1
                    if not definers[name]:
                        todo += [p for p in self.by_name.get(name, ()) if not by_facts[p]]


def _requirements(name: str, args: tuple) -> tuple[tuple, tuple]:
    """What a fact must have to match a pattern: for each argument with constants, the (name, constant)
    keys of which it needs one; for each function term inside its arguments, (the name it is inside, that
    name with the function's); for each argument of a function term with constants, (the function's name,
    the keys of which it needs one). A nested requirement holds too when a fact has a variable under that
    name (fact_keys reads a constant, or a function term's name, for every name it is inside)."""
    reqs = tuple(frozenset((name, x) for x in c) for c in args if isinstance(c, frozenset))
    nested: list[tuple[str, frozenset[tuple[str, str]]]] = []

    def walk(owner: str, inner: tuple) -> None:
        for c in inner:
            if isinstance(c, frozenset) and owner != name:
                nested.append((owner, frozenset((owner, x) for x in c)))
            elif isinstance(c, tuple):
                nested.append((owner, frozenset([(owner, c[1])])))
                walk(c[1], c[2])
    walk(name, args)
    return reqs, tuple(sorted(set(nested), key=repr))


def _constants(term, defined: set[str]):
    """What an argument can be: the constants (a constant, or a pool of them), ("fn", name, its
    arguments' the same way) for a function term; None: anything."""
    if term.ast_type == _A.SymbolicTerm:
        return _symbol_constants(term.symbol, defined)
    if term.ast_type == _A.Function and not term.arguments and not term.external and term.name not in defined:
        return frozenset([term.name])
    if term.ast_type == _A.Function and term.arguments and term.name and not term.external:
        return ("fn", term.name, tuple(_constants(a, defined) for a in term.arguments))
    if term.ast_type == _A.Pool:
        out: set[str] = set()
        for t in term.arguments:
            c = _constants(t, defined)
            if not isinstance(c, frozenset):  # (a pool with a function term or a variable: anything)
                return None
            out |= c
        return frozenset(out)
    return None


def _symbol_constants(sym, defined: set[str]):
    """_constants of a symbol (a ground term in the program)."""
    if sym.type.name == "Function" and sym.name and sym.name not in defined:
        if not sym.arguments:
            return frozenset([sym.name])
        return ("fn", sym.name, tuple(_symbol_constants(a, defined) for a in sym.arguments))
    return None


def _head_names(head) -> set[str]:
    names: set[str] = set()

    class Heads(ast.Transformer):
        def visit_SymbolicAtom(self, x):
            terms = list(x.symbol.arguments) if x.symbol.ast_type == _A.Pool else [x.symbol]  # p(a; b)
            names.update(t.name for t in terms if t.ast_type == _A.Function)
            names.update(t.symbol.name for t in terms if t.ast_type == _A.SymbolicTerm
                         and t.symbol.type.name == "Function")
            return x

        def visit_ConditionalLiteral(self, x):  # the condition is a body, not a head
            self(x.literal)
            return x

    Heads()(head)
    return names
