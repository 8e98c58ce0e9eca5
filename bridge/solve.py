"""clingo runs: a deterministic configuration, a time limit, grounding size, typed models.

One call grounds and solves one step (the design card: the Python loop owns time; a whole
sequence of steps grounded at once explodes). The solve is asynchronous and waited on with the
time limit, then cancelled, so a hard problem reports ``timeout`` instead of hanging.
"""

from __future__ import annotations

import re
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

import clingo
from clingo import ast

import asp_rules


@dataclass(frozen=True)
class SolverConfig:
    time_limit: float = 10.0  # seconds for grounding and solving together, checked at the solve
    seed: int = 0  # clasp's random seed, fixed: the same input gives the same answer sets
    threads: int = 1  # one thread: parallel search would make the order of models vary

    def arguments(self) -> list[str]:
        return [f"--seed={self.seed}", f"--parallel-mode={self.threads}", "--warn=none"]


@dataclass(frozen=True)
class GroundingSize:
    rules: int
    atoms: int
    ground_seconds: float


@dataclass
class Model:
    symbols: tuple[clingo.Symbol, ...]  # the shown atoms, sorted by their text
    cost: tuple[int, ...]  # as clingo reports it: negated for #maximize
    optimal: bool
    _index: dict | None = field(default=None, repr=False, compare=False)

    def atoms(self, name: str, arity: int | None = None) -> list[tuple]:
        """The argument tuples of the shown atoms name/arity, as Python values, sorted."""
        found = sorted((tuple(_value(a) for a in s.arguments) for s in self.raw(name)), key=repr)
        return [t for t in found if arity is None or len(t) == arity]

    def raw(self, name: str) -> list[clingo.Symbol]:
        """The shown atoms of one name, as clingo symbols (for terms that must stay terms)."""
        if self._index is None:  # one pass over the symbols (each access is a call into clingo)
            index: dict[str, list[clingo.Symbol]] = {}
            for s in self.symbols:
                if s.type == clingo.SymbolType.Function:
                    index.setdefault(s.name, []).append(s)
            self._index = index
        return self._index.get(name, [])

    def text(self) -> list[str]:
        return [str(s) for s in self.symbols]


def _value(sym: clingo.Symbol):
    if sym.type == clingo.SymbolType.Number:
        return sym.number
    if sym.type == clingo.SymbolType.String:
        return sym.string
    if sym.type == clingo.SymbolType.Function and not sym.arguments:
        return sym.name
    if sym.type == clingo.SymbolType.Function:
        return (sym.name, *(_value(a) for a in sym.arguments)) if sym.name else tuple(_value(a) for a in sym.arguments)
    return str(sym)


@dataclass
class SolveResult:
    status: str  # "sat", "unsat" or "timeout"
    models: list[Model]
    exhausted: bool  # the search space was fully explored (all models, or optimality, proven)
    size: GroundingSize
    solve_seconds: float
    messages: list[str] = field(default_factory=list)

    @property
    def timed_out(self) -> bool:
        return self.status == "timeout"

    @property
    def model(self) -> Model:
        """The one answer set of a deterministic (stratified) program."""
        if len(self.models) != 1:
            raise ValueError(f"expected exactly one answer set, got {len(self.models)} ({self.status})")
        return self.models[0]


class SolveError(RuntimeError):
    """A program failed to parse or ground: a bug in the programs, never a user error."""


_LOCAL = threading.local()


def _memo(name: str, key, make, size: int):
    """A cache of this thread's own: clingo's AST objects are not safe to use from two threads at
    once (a server solving in several threads got corrupted statements, then a crash), so no
    thread ever sees another's parsed statements."""
    caches = getattr(_LOCAL, "caches", None)
    if caches is None:
        caches = _LOCAL.caches = {}
    cache = caches.setdefault(name, {})
    if key not in cache:
        if len(cache) >= size:
            cache.clear()
        cache[key] = make()
    return cache[key]


def _parsed(path: str, mtime: float) -> tuple:
    """A program's statements, parsed once per thread (a solve adds them to its control without
    re-parsing)."""
    def parse() -> tuple:
        statements: list = []
        ast.parse_files([path], statements.append)
        return tuple(statements)
    return _memo("parsed", (path, mtime), parse, 64)


# --- pruning: rules that can never fire on the given facts -------------------------------------
# A rule with a positive body literal over a predicate that no fact gives and no live rule derives
# can never fire, whatever the rest: leaving it out changes no answer set, and saves gringo the
# per-rule cost it pays at every ground call (about 10-20 microseconds a rule). A program written
# for every feature of a rule area (selectors, operations) thus costs only what a board uses.

_FACT_NAME = re.compile(r"(?:^|\.\s+)([a-z_][A-Za-z0-9_']*)", re.M)


def _atom_names(term) -> set[str]:
    if term.ast_type == ast.ASTType.Function:
        return {term.name}
    if term.ast_type == ast.ASTType.SymbolicTerm and term.symbol.type == clingo.SymbolType.Function:
        return {term.symbol.name}
    if term.ast_type == ast.ASTType.Pool:
        return set().union(*(_atom_names(a) for a in term.arguments))
    return set()


class _HeadNames(ast.Transformer):
    def __init__(self) -> None:
        self.names: set[str] = set()

    def visit_SymbolicAtom(self, atom):
        self.names |= _atom_names(atom.symbol)
        return atom


def _rules(sources: tuple[tuple[str, float], ...]) -> tuple:
    """Each statement with the predicates its head may derive and those its positive body literals
    need (None, None for a statement that isn't a rule: always kept)."""
    return _memo("rules", sources, lambda: _rule_index(sources), 64)


def _rule_index(sources: tuple[tuple[str, float], ...]) -> tuple:
    out = []
    for s in (s for path, mtime in sources for s in _parsed(path, mtime)):
        if s.ast_type != ast.ASTType.Rule:
            out.append((s, None, None))
            continue
        heads = _HeadNames()
        heads(s.head)
        needs = set()
        for lit in s.body:
            if (lit.ast_type == ast.ASTType.Literal and lit.sign == ast.Sign.NoSign
                    and lit.atom.ast_type == ast.ASTType.SymbolicAtom):
                needs |= _atom_names(lit.atom.symbol)
        out.append((s, frozenset(heads.names), frozenset(needs)))
    return tuple(out)


def _live(sources: tuple[tuple[str, float], ...], given: frozenset) -> tuple:
    """The statements left once the rules that can never fire on facts of the ``given`` predicates
    are dropped (a fixpoint: a rule is live when every predicate its positive body needs is given
    or derived by a live rule)."""
    return _memo("live", (sources, given), lambda: _live_statements(sources, given), 256)


def _live_statements(sources: tuple[tuple[str, float], ...], given: frozenset) -> tuple:
    rules = _rules(sources)
    known = set(given)
    live = [heads is None for _, heads, _ in rules]
    changed = True
    while changed:
        changed = False
        for i, (_, heads, needs) in enumerate(rules):
            if not live[i] and needs <= known:
                live[i] = True
                if not heads <= known:
                    known |= heads
                    changed = True
    return tuple(s for (s, _, _), keep in zip(rules, live) if keep)


def _program_path(name: str | Path) -> Path:
    p = Path(name)
    if p.is_absolute():
        return p
    return asp_rules.path(str(name))


def solve(
    files: Sequence[str | Path],
    facts: str = "",
    *,
    config: SolverConfig | None = None,
    models: int = 0,
    optimize: bool = False,
    programs: Sequence[str] = (),
    parts: Callable[[clingo.Control], Iterable[list[tuple[str, list[clingo.Symbol]]]]] | None = None,
    first: Sequence[tuple[str, list[clingo.Symbol]]] = (("base", []),),
    canonical: bool = True,
    measure: bool = True,
    constants: dict[str, int] | None = None,
    opt_strategy: str | None = None,
    prune: Iterable[str] | None = None,
) -> SolveResult:
    """Ground ``files`` (names inside asp_rules, or absolute paths) with ``facts`` and solve.

    ``models``: how many answer sets to compute (0: all). ``optimize``: the program has
    #minimize/#maximize statements and every optimal answer set is wanted (optN mode); only the
    models whose optimality is proven are kept, since optN reports the first optimum twice.
    ``first``: the parts grounded first, together (default: ``base``, where the facts are).
    ``parts``: for programs in several parts (multi-shot grounding), a function that, after the
    first parts are grounded, yields the batches of parts to ground next, in order; it may read the
    atoms grounded so far (``ctl.symbolic_atoms``) to choose them.
    ``canonical``: sort each model's atoms, and the models, by their text (the same answer sets
    always print the same way); a caller that reads the one model of a stratified program by atom
    name may skip it. ``measure``: report the grounding size (clasp's statistics, about a
    millisecond per call); without it the size is 0 rules, 0 atoms. ``prune``: leave out the rules
    that can never fire on these facts (see ``_live``); its value names the predicates of facts that
    ``parts`` adds later (the facts text and ``programs`` are read for the others).
    """
    config = config or SolverConfig()
    messages: list[str] = []
    args = config.arguments() + [f"--models={models}"]
    args += [f"--const={k}={v}" for k, v in sorted((constants or {}).items())]
    if opt_strategy:
        args.append(f"--opt-strategy={opt_strategy}")
    if optimize:
        args.append("--opt-mode=optN")
    ctl = clingo.Control(args, logger=lambda code, msg: messages.append(msg.strip()))
    t0 = time.perf_counter()
    try:
        paths = [_program_path(f) for f in files]
        sources = tuple((str(path), path.stat().st_mtime) for path in paths)
        if prune is not None:
            given = set(prune)
            for text in (facts, *programs):
                given.update(_FACT_NAME.findall(text))
            statements: Iterable = _live(sources, frozenset(given))
        else:
            statements = (s for path, mtime in sources for s in _parsed(path, mtime))
        with ast.ProgramBuilder(ctl) as builder:
            for statement in statements:
                builder.add(statement)
        for text in programs:
            ctl.add("base", [], text)
        ctl.add("base", [], facts)
        ctl.ground(list(first))
        if parts is not None:
            for batch in parts(ctl):
                ctl.ground(batch)
    except RuntimeError as e:
        raise SolveError(f"clingo could not load or ground {list(map(str, files))}: {e}; {' '.join(messages)}") from None
    ground_seconds = time.perf_counter() - t0

    found: list[Model] = []
    optimization = False

    def on_model(m: clingo.Model) -> None:
        nonlocal optimization
        optimization = optimization or bool(m.cost)
        shown = tuple(sorted(m.symbols(shown=True), key=str) if canonical else m.symbols(shown=True))
        found.append(Model(shown, tuple(m.cost), bool(m.optimality_proven)))

    t1 = time.perf_counter()
    remaining = max(0.0, config.time_limit - ground_seconds)
    with ctl.solve(on_model=on_model, async_=True) as handle:  # type: ignore[call-overload]
        finished = handle.wait(remaining)
        if not finished:
            handle.cancel()
        result = handle.get()
    solve_seconds = time.perf_counter() - t1
    if measure:
        lp = ctl.statistics["problem"]["lp"]  # filled once the program is prepared for solving
        size = GroundingSize(int(lp["rules"]), int(lp["atoms"]), ground_seconds)
    else:
        size = GroundingSize(0, 0, ground_seconds)

    if optimize and optimization:
        found = [m for m in found if m.optimal]
    if canonical:  # deterministic order whatever the search order: by the text of the atoms
        unique = {tuple(str(s) for s in m.symbols): m for m in found}
        ordered = [unique[k] for k in sorted(unique)]
    else:
        ordered = found
    if not finished or result.interrupted:
        status = "timeout"
    elif result.satisfiable:
        status = "sat"
    else:
        status = "unsat"
    return SolveResult(status, ordered, bool(result.exhausted), size, solve_seconds, messages)
