"""clingo runs: a deterministic configuration, a time limit, grounding size, typed models.

One call grounds and solves one step (the design card: the Python loop owns time; a whole
sequence of steps grounded at once explodes). The solve runs under the time limit: a watchdog
thread interrupts it at its deadline, so a hard problem reports ``timeout`` instead of hanging.
"""

from __future__ import annotations

import functools
import itertools
import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Sequence

import clingo
from clingo import ast

import asp_rules

from .config import GroundingSize, SolverConfig
from .prune import Prunable, fact_keys


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
    status: str  # "sat", "unsat", "timeout" or "limit" (the --solve-limit of the options)
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


_COMMENT = getattr(ast.ASTType, "Comment", None)


def _parsed(path: str, mtime: float) -> tuple:
    """A program's statements, parsed once per thread (a solve adds them to its control without
    re-parsing); without its comments (clingo's parser makes each a statement: three in four of the
    layers program's, each added to every control for nothing)."""
    def parse() -> tuple:
        statements: list = []
        ast.parse_files([path], statements.append)
        return tuple(st for st in statements if st.ast_type != _COMMENT)
    return _memo("parsed", (path, mtime), parse, 64)


class _Watchdog:
    """Interrupts the solves that pass their deadline: one thread per process, started on first use,
    for every solve of the process (clingo's asynchronous solve would start a thread per solve, about
    0.2 ms, more than a small combat solve takes). A solve registers its control and deadline, solves
    synchronously (clingo releases the GIL while it searches) and unregisters before the control is
    freed: the watchdog only interrupts a registered control."""

    def __init__(self) -> None:
        self.wake = threading.Condition(threading.Lock())
        self.active: dict[int, tuple[float, clingo.Control]] = {}
        self.tokens = itertools.count()
        self.thread: threading.Thread | None = None
        self.until: float | None = None  # the deadline the thread sleeps until; None: no solve to watch

    def watch(self, ctl: clingo.Control, deadline: float) -> int:
        with self.wake:
            token = next(self.tokens)
            self.active[token] = (deadline, ctl)
            if self.thread is None:
                self.thread = threading.Thread(target=self._run, name="mtgjudge-solve-watchdog", daemon=True)
                self.thread.start()
            elif self.until is None or deadline < self.until:
                self.wake.notify()  # otherwise the thread wakes before this deadline anyway
            return token

    def release(self, token: int) -> None:
        with self.wake:
            del self.active[token]

    def _run(self) -> None:
        with self.wake:
            while True:
                now = time.monotonic()
                for token, (deadline, ctl) in list(self.active.items()):
                    if deadline <= now:
                        ctl.interrupt()  # the solve ends with result.interrupted
                        self.active[token] = (float("inf"), ctl)
                pending = min((d for d, _ in self.active.values()), default=float("inf"))
                self.until = None if pending == float("inf") else pending
                self.wake.wait(None if self.until is None else self.until - now)


_watchdog = _Watchdog()


class _GroundingTimeout(Exception):
    """Raised from a term the grounder evaluates (a clock check) once the deadline has passed: gringo then
    stops grounding (clingo's interrupt stops a solve only)."""


class _Clock:
    """The context of a grounding with a deadline: ``@mtgjudge_clock(...)``, the body literal
    ``clocked`` rules get, is evaluated for each of their ground instances and looks at the clock (about a
    microsecond, against the tens that grounding an instance takes); past the deadline it raises, which
    stops the grounding."""

    def __init__(self, deadline: float) -> None:
        self.deadline = deadline
        self.calls = 0
        self.expired = False

    def mtgjudge_clock(self, _args: clingo.Symbol) -> clingo.Symbol:
        self.calls += 1
        if time.monotonic() > self.deadline:
            self.expired = True
            raise _GroundingTimeout("the time limit passed while grounding")
        return _ONE


_ONE = clingo.Number(1)


class _Given:
    """The context of a grounding with facts given as symbols (``solve(given=...)``): one rule for each
    predicate, ``name(X1, ..., Xn) :- (X1, ..., Xn) = @mtgjudge_given(i).``, whose body only evaluates the
    function, so that its instances are facts; and the clock's function, when the grounding has one."""

    def __init__(self, groups: dict[tuple[str, int], list[clingo.Symbol]], clock: _Clock | None) -> None:
        self.signatures = sorted(groups)
        self.groups = [groups[s] for s in self.signatures]
        self.clock = clock

    def program(self) -> str:
        rules = []
        for i, (name, arity) in enumerate(self.signatures):
            args = ",".join(f"X{k}" for k in range(arity))
            value = f"({args})" if arity > 1 else args
            rules.append(f"{name}({args}) :- {value} = @mtgjudge_given({i}).")
        return "\n".join(rules)

    def mtgjudge_given(self, index: clingo.Symbol) -> list[clingo.Symbol]:
        return self.groups[index.number]

    def mtgjudge_clock(self, args: clingo.Symbol) -> clingo.Symbol:
        if self.clock is None:
            raise RuntimeError("no clock in this grounding")
        return self.clock.mtgjudge_clock(args)


def _clocked(statement, names: frozenset[str]):
    """A rule deriving one of ``names`` with the clock's literal added to its body (``@mtgjudge_clock(the
    head's arguments) = 1``): evaluated for each ground instance, it lets the grounding stop at the
    deadline. Any other statement is returned as it is."""
    if statement.ast_type != ast.ASTType.Rule or statement.head.ast_type != ast.ASTType.Literal:
        return statement
    atom = statement.head.atom
    if atom.ast_type != ast.ASTType.SymbolicAtom or atom.symbol.ast_type != ast.ASTType.Function:
        return statement
    if atom.symbol.name not in names:
        return statement
    loc = statement.location
    call = ast.Function(loc, "mtgjudge_clock", [ast.Function(loc, "", list(atom.symbol.arguments), 0)], 1)
    check = ast.Literal(loc, ast.Sign.NoSign, ast.Comparison(call, [ast.Guard(ast.ComparisonOperator.Equal,
                                                                                ast.SymbolicTerm(loc, _ONE))]))
    return statement.update(body=list(statement.body) + [check])


def _clocked_once(statement, names: frozenset[str]):
    """``_clocked``, made once per statement and names in this thread: the statements are the cached parses' (the
    same objects from one solve to the next), and the entry keeps its statement alive, so its id stays its own."""
    entry = _memo("clocked", (id(statement), names), lambda: (statement, _clocked(statement, names)), 1 << 16)
    return entry[1] if entry[0] is statement else _clocked(statement, names)


def _new_watchdog() -> None:
    global _watchdog
    _watchdog = _Watchdog()  # a forked child has no watchdog thread, and its lock may be held


os.register_at_fork(after_in_child=_new_watchdog)


def _prunable(programs: tuple[tuple[str, float], ...], constants: frozenset[str]) -> Prunable:
    """The programs' statements with what each rule needs (per thread: they hold AST objects)."""
    def make() -> Prunable:
        return Prunable(tuple(st for path, mtime in programs for st in _parsed(path, mtime)), constants)
    return _memo("prunable", (programs, constants), make, 64)


def _with_atoms(ctl: clingo.Control, signatures: frozenset[tuple[str, int]]) -> frozenset[str]:
    """Which of these predicates (name, arity) have atoms in the control."""
    atoms = ctl.symbolic_atoms
    return frozenset(name for name, arity in signatures if any(True for _ in atoms.by_signature(name, arity)))


@functools.lru_cache(maxsize=256)
def _program_path(name: str | Path) -> Path:
    p = Path(name)
    if p.is_absolute():
        return p
    return asp_rules.path(str(name))


# What this process is solving, for a guard of the whole run (engine/app/runguard.py, which reads it without
# importing clingo): the phase and programs of the solve under way in each thread, the last solve ended, and the
# number of solves started.
_NOW: dict[int, tuple[str, str]] = {}
_ACTIVITY = {"started": 0, "last": ""}


def now_solving() -> tuple[int, str]:
    """How many solves this process started, and what it is doing: ``grounding PROGRAMS`` or ``searching
    PROGRAMS`` during a solve, else the engine's own work after the last solve, or before any."""
    now = next(iter(_NOW.values()), None)  # (a copy of the first value: the dict may change in another thread)
    if now is not None:
        return _ACTIVITY["started"], f"{now[0]} {now[1]}"
    if _ACTIVITY["last"]:
        return _ACTIVITY["started"], f"working on the answer of {_ACTIVITY['last']} (after the solve)"
    return _ACTIVITY["started"], "reading the board and cards (before any solve)"


def _phase(phase: str, files: Sequence[str | Path] | None = None) -> None:
    """Note the phase of this thread's solve (``files``: its programs, when it starts); "" when it ends."""
    key = threading.get_ident()
    if not phase:
        done = _NOW.pop(key, None)
        if done is not None:
            _ACTIVITY["last"] = done[1]
        return
    if files is not None:
        _ACTIVITY["started"] += 1
        names = ", ".join(str(f) for f in files) or "(a program given as text)"
        _NOW[key] = (phase, f"the programs {names}")
    else:
        _NOW[key] = (phase, _NOW.get(key, ("", "the programs"))[1])


def _noted(run: Callable[..., SolveResult]) -> Callable[..., SolveResult]:
    @functools.wraps(run)
    def noted(files: Sequence[str | Path], *args, **kwargs) -> SolveResult:
        _phase("grounding", files)
        try:
            return run(files, *args, **kwargs)
        finally:
            _phase("")
    return noted


@_noted
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
    prune: bool | Iterable[str] = False,
    once: Iterable[str] = (),
    clocked: Iterable[str] = (),
    options: Sequence[str] = (),
    given: tuple[str, dict[tuple[str, int], list[clingo.Symbol]]] | None = None,
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
    that can't fire on ``facts`` (bridge/prune.py: gringo outputs the same program, at a fraction of
    the cost); ``True`` for one grounding of ``base`` whose facts are all in ``facts``, or the names
    of the predicates whose facts ``parts`` adds later (any of their facts may then be true).
    ``once``: with ``prune`` and ``parts``, the program parts grounded at most once (``base``, a
    decision): the statements of a part are then added to the control only when a batch first asks
    for it, and left out when they need a name that only such parts, already grounded, define and
    that has no atom (gringo's cost is mostly per rule grounded; see bridge/prune.py).
    ``clocked``: the names of predicates whose rules look at the clock as they are grounded (a body
    literal evaluated for each ground instance): a program that does most of its work in grounding (a
    stratified one, whose solve only reads the answer) then stops at the time limit too, with
    ``timeout``; without it the grounding runs to its end, and the time limit is checked after.
    ``given``: more facts of ``base``, given as symbols rather than text (the grounder makes them facts
    without parsing them: a caller that keeps them from one solve to the next saves their parsing):
    their text (read only for the pruning's keys) and, for each predicate name and arity (at least 1),
    the facts' arguments: the argument itself for arity 1, the tuple of them otherwise.
    ``options``: more clingo options (``--opt-mode=ignore``; ``--solve-limit=N``, a search stopped after N
    conflicts, deterministic where a time limit is not: then the status is ``limit``).
    """
    config = config or SolverConfig()
    started = time.monotonic()
    messages: list[str] = []
    args = config.arguments() + [f"--models={models}"]
    args += [f"--const={k}={v}" for k, v in sorted((constants or {}).items())]
    if opt_strategy:
        args.append(f"--opt-strategy={opt_strategy}")
    if optimize:
        args.append("--opt-mode=optN")
    args += list(options)
    ctl = clingo.Control(args, logger=lambda code, msg: messages.append(msg.strip()))
    t0 = time.perf_counter()
    clock: _Clock | None = None
    try:
        paths = [_program_path(f) for f in files]
        programs_key = tuple((str(path), path.stat().st_mtime) for path in paths)
        keys = None
        all_facts = facts if given is None else facts + "\n" + given[0]
        if prune is True and not programs and parts is None and list(first) == [("base", [])]:
            keys = fact_keys(all_facts)
        elif prune is not True and prune is not False and not programs:
            keys = fact_keys(all_facts)
            keys = keys.with_later(frozenset(prune)) if keys is not None else None
        staged = None
        if keys is not None:
            prunable = _prunable(programs_key, frozenset(constants or ()))
            if once and parts is not None:
                staged = prunable
                added = frozenset(name for name, _ in first)
                statements = staged.kept_parts(keys, added)
            else:
                statements = prunable.kept(keys)
        else:
            statements = [st for path, mtime in programs_key for st in _parsed(path, mtime)]
        if clocked:
            clock = _Clock(started + config.time_limit)
        with ast.ProgramBuilder(ctl) as builder:
            if clock is not None:
                names = frozenset(clocked)
                for statement in statements:
                    builder.add(_clocked_once(statement, names))
            else:
                for statement in statements:
                    builder.add(statement)
        for text in programs:
            ctl.add("base", [], text)
        ctl.add("base", [], facts)
        context: object | None = clock
        if given is not None:
            context = _Given(given[1], clock)
            ctl.add("base", [], context.program())
        ctl.ground(list(first), context=context)
        if parts is not None:
            grounded = set(added) if staged is not None else set()
            for batch in parts(ctl):
                if staged is not None:
                    needed = frozenset(name for name, _ in batch if name in staged.part_names) - added
                    if needed:
                        with ast.ProgramBuilder(ctl) as builder:
                            for statement in staged.kept_parts(keys, needed, frozenset(grounded & set(once)),
                                                               lambda names: _with_atoms(ctl, names)):
                                builder.add(statement)
                        added |= needed
                    grounded.update(name for name, _ in batch)
                ctl.ground(batch)
    except _GroundingTimeout:  # the deadline passed while grounding: no solve
        return SolveResult("timeout", [], False, GroundingSize(0, 0, time.perf_counter() - t0), 0.0, messages)
    except RuntimeError as e:
        if clock is not None and clock.expired:  # (the clock's exception, as clingo reports it)
            return SolveResult("timeout", [], False, GroundingSize(0, 0, time.perf_counter() - t0), 0.0, messages)
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
    deadline = time.monotonic() + config.time_limit - ground_seconds
    result: clingo.SolveResult | None = None  # None: the grounding used up the time limit, no solve
    late = True  # the solve didn't end by the deadline (interrupted, or finishing as the watchdog came)
    if ground_seconds < config.time_limit:
        token = _watchdog.watch(ctl, deadline)
        _phase("searching")
        try:
            result = ctl.solve(on_model=on_model)
        finally:
            _watchdog.release(token)
        late = result.interrupted or time.monotonic() > deadline
    solve_seconds = time.perf_counter() - t1
    if measure and result is not None:
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
    if result is None or late:
        status = "timeout"
    elif result.satisfiable:
        status = "sat"
    elif result.unknown:  # (not interrupted: the --solve-limit of ``options``)
        status = "limit"
    else:
        status = "unsat"
    return SolveResult(status, ordered, result is not None and bool(result.exhausted), size, solve_seconds, messages)
