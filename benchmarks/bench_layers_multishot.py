"""One control per board (multi-shot), and fewer solves per board: the two levers issue 27 names, measured.

Run from the repository root:  python benchmarks/bench_layers_multishot.py [--quick] [--write docs/performance.md]

1. **One control per board.** The layers task makes a new control for each solve (bridge/layers/sequence.py).
   Here the program is rewritten once so that every atom has the step as its first argument (``p(X)`` becomes
   ``p(S, X)``, every program part takes the step as its first parameter), one control is kept for the whole
   board, and each solve grounds its parts for a new step: no rule joins atoms of two steps, so each step's
   answer is the one a control of its own gives (checked: the whole result, board by board). The rules a step's
   facts can't fire are left out as bridge/prune.py decides, and added when a later step needs them. The two
   ways are run alternately, board by board, CPU time of ``compute_layers``.
2. **One step's state grounded again in the control that holds the earlier steps**: the first solve of a 50/20
   board, its base parts (``base``, ``world(base)``, ``selectors(base)``) grounded as step 1, 2, ..., 8 of one
   control, against the same in a new control each time: what a control kept across steps pays as it fills.
3. **Fewer solves**: the chain of a solve goes into later layers within a budget (sequence.AHEAD_BUDGET, parts
   times objects); a larger budget makes fewer solves (the later layers' effects applied in the same solve) but
   grounds those parts in every solve of the board. Solves per board and CPU per board for several budgets.

Reference, in the same run: the layers task as it is (a new control per solve, the budget of sequence.py).
"""

from __future__ import annotations

import re
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

import clingo  # noqa: E402
from clingo import ast  # noqa: E402

import bridge.layers.sequence as sequence  # noqa: E402
from bench_layers import board  # noqa: E402
from bridge.config import GroundingSize, SolverConfig  # noqa: E402
from bridge.prune import fact_keys  # noqa: E402
from bridge.solve import Model, SolveResult, _Given, _program_path, _prunable, _watchdog  # noqa: E402
from engine.files.library import load_library  # noqa: E402
from engine.files.loader import board_from_data  # noqa: E402
from report import main, peak_memory, ran_on  # noqa: E402

_A = ast.ASTType
STEP = "mtgjudge_step"
SIZES = ((10, 5, 12), (50, 20, 6))  # permanents, effects, boards
ROUNDS = 3
BUDGETS = (80, 400, 2000, 10**9)


# --- the program rewritten with the step --------------------------------------------------------

class _Stepped(ast.Transformer):
    """The step as the first argument of every atom, and the first parameter of every part."""

    def __init__(self, step) -> None:
        self.step = step

    def visit_Program(self, x):
        return x.update(parameters=[ast.Id(x.location, STEP), *x.parameters])

    def visit_SymbolicAtom(self, x):
        f = x.symbol
        if f.ast_type == _A.UnaryOperation:
            return x.update(symbol=f.update(argument=self._stepped(f.argument)))
        return x.update(symbol=self._stepped(f))

    def _stepped(self, f):
        if f.ast_type == _A.Function:
            return f.update(arguments=[self.step, *f.arguments])
        if f.ast_type == _A.Pool:
            return f.update(arguments=[self._stepped(g) for g in f.arguments])
        raise ValueError(f"an atom the step can't be added to: {f}")

    def visit_ShowSignature(self, x):
        return x.update(arity=x.arity + 1)

    def visit_ShowTerm(self, x):
        return x.update(term=self._stepped(x.term), body=[self(lit) for lit in x.body])

    def visit_Defined(self, x):
        return x.update(arity=x.arity + 1)


_STEPPED: dict[int, tuple] = {}


def _stepped_statement(statement):
    entry = _STEPPED.get(id(statement))
    if entry is None or entry[0] is not statement:
        step = ast.Function(statement.location, STEP, [], 0)
        entry = _STEPPED[id(statement)] = (statement, _Stepped(step)(statement))
    return entry[1]


_STATEMENT = re.compile(r'((?:"(?:[^"\\]|\\.)*"|[^".])*)\.(?=\s|$)')
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_FACT = re.compile(r"[:#{}|;<>=!@]|\.\.")
_HEAD = re.compile(r"\s*(-?[a-z_][A-Za-z0-9_']*)\s*(\(?)")


def stepped_facts(text: str, step: int) -> str:
    """Plain facts with the step as first argument (the layers task's facts are plain facts)."""
    out, end = [], 0
    for m in _STATEMENT.finditer(text):
        statement = m.group(1)
        head = _HEAD.match(statement)
        if text[end:m.start()].strip() or _NOT_FACT.search(_STRING.sub('""', statement)) or head is None:
            raise ValueError(f"not a plain fact: {statement!r}")
        end = m.end()
        rest = statement[head.end():]
        if not head.group(2) and rest.strip():
            raise ValueError(f"not a plain fact: {statement!r}")
        out.append(f"{head.group(1)}({step},{rest}." if head.group(2) else f"{head.group(1)}({step}).")
    if text[end:].strip():
        raise ValueError(f"not plain facts: {text[end:]!r}")
    return "\n".join(out)


# --- one control for a board's solves -----------------------------------------------------------

class _Atom:
    def __init__(self, symbol: clingo.Symbol, is_fact: bool) -> None:
        self.symbol, self.is_fact = symbol, is_fact


class _Atoms:
    """A control's symbolic atoms, as one step sees them: its own, without the step."""

    def __init__(self, ctl: clingo.Control, step: clingo.Symbol) -> None:
        self.ctl, self.step = ctl, step

    def _in(self, sym):
        return clingo.Function(sym.name, [self.step, *sym.arguments], sym.positive)

    def by_signature(self, name, arity):
        for atom in self.ctl.symbolic_atoms.by_signature(name, arity + 1):
            args = atom.symbol.arguments
            if args[0] == self.step:
                yield _Atom(clingo.Function(name, args[1:], atom.symbol.positive), atom.is_fact)

    def __getitem__(self, sym):
        found = self.ctl.symbolic_atoms[self._in(sym)]
        return None if found is None else _Atom(sym, found.is_fact)

    def __contains__(self, sym):
        return self._in(sym) in self.ctl.symbolic_atoms


class _Handle:
    def __init__(self, handle, atoms: _Atoms) -> None:
        self.handle, self.atoms = handle, atoms

    def __enter__(self):
        self.inner = self.handle.__enter__()
        return self

    def __exit__(self, *exc):
        return self.handle.__exit__(*exc)

    def __iter__(self):
        for model in self.inner:
            yield _StepModel(model, self.atoms)


class _StepModel:
    def __init__(self, model, atoms: _Atoms) -> None:
        self.model, self.atoms = model, atoms

    def contains(self, sym):
        return self.model.contains(self.atoms._in(sym))


class _View:
    """What sequence.py's parts functions use of a control, for one step of a kept control."""

    def __init__(self, session: "Session", step: clingo.Symbol) -> None:
        self.session, self.step = session, step
        self.symbolic_atoms = _Atoms(session.ctl, step)
        self.added: dict[str, str] = {}

    def add(self, name, params, text):
        inner = f"{name}_s{self.step.number}"
        self.added[name] = inner
        self.session.ctl.add(inner, [], stepped_facts(text, self.step.number))

    def solve(self, yield_=True):
        return _Handle(self.session.ctl.solve(yield_=True), self.symbolic_atoms)


class Session:
    """One control for the solves of a board, each a step of its own."""

    def __init__(self) -> None:
        self.ctl = clingo.Control(SolverConfig().arguments() + ["--models=0"])
        paths = [_program_path(f) for f in sequence.FILES]
        self.prunable = _prunable(tuple((str(p), p.stat().st_mtime) for p in paths), frozenset())
        self.directive = []
        current = -1
        for i, s in enumerate(self.prunable.statements):
            current = i if s.ast_type == _A.Program else current
            self.directive.append(current)
        self.added: set[int] = set()
        self.steps = 0

    def _add_program(self, keys) -> None:
        dead = self.prunable._dead(self.prunable._from_facts(keys))[0]
        statements = self.prunable.statements
        new = [i for i in range(len(statements)) if i not in dead and i not in self.added
               and statements[i].ast_type != _A.Program]
        with ast.ProgramBuilder(self.ctl) as builder:
            current = None
            for i in new:
                if self.directive[i] != current:
                    current = self.directive[i]
                    builder.add(_stepped_statement(statements[current]) if current >= 0 else
                                _stepped_statement(ast.Program(statements[0].location, "base", [])))
                builder.add(_stepped_statement(statements[i]))
        self.added.update(new)

    def solve(self, facts: str, given, parts, time_limit: float) -> SolveResult:
        self.steps += 1
        step = clingo.Number(self.steps)
        t0 = time.perf_counter()
        keys = fact_keys(facts + "\n" + given[0])
        self._add_program(keys.with_later(frozenset(sequence.CHAIN_FACTS)))
        inputs = f"input_s{self.steps}"
        context = _Given(given[1], None)
        rules = []
        for i, (name, arity) in enumerate(context.signatures):
            args = ",".join(f"X{k}" for k in range(arity))
            rules.append(f"{name}({self.steps},{args}) :- {f'({args})' if arity > 1 else args} = @mtgjudge_given({i}).")
        self.ctl.add(inputs, [], stepped_facts(facts, self.steps) + "\n" + "\n".join(rules))
        first = [("base", []), ("world", [sequence.BASE]), ("selectors", [sequence.BASE])]
        self.ctl.ground([(inputs, []), *((n, [step, *a]) for n, a in first)], context=context)
        view = _View(self, step)
        if parts is not None:
            for batch in parts(view):
                self.ctl.ground([(view.added[n], []) if n in view.added else (n, [step, *a]) for n, a in batch])
        ground = time.perf_counter() - t0
        found: list[Model] = []

        def on_model(m):
            found.append(Model(tuple(clingo.Function(s.name, s.arguments[1:], s.positive)
                                     for s in m.symbols(shown=True) if s.arguments and s.arguments[0] == step),
                               (), True))

        token = _watchdog.watch(self.ctl, time.monotonic() + time_limit)
        try:
            result = self.ctl.solve(on_model=on_model)
        finally:
            _watchdog.release(token)
        return SolveResult("timeout" if result.interrupted else "sat", found, True, GroundingSize(0, 0, ground), 0.0)


class MultiShotEngine(sequence.LayersEngine):
    """The layers task with one control for the board (Session) instead of one per solve."""

    def _solve(self, facts, parts=None, given=None):
        if not hasattr(self, "session"):
            self.session = Session()
        groups: dict = {}
        for _, found in given or ():
            for signature, symbols in found.items():
                groups.setdefault(signature, []).extend(symbols)
        text = "\n".join(t for t, _ in given or ())
        result = self.session.solve("\n".join(facts) + "\n", (text, groups), parts,
                                    max(self.deadline - time.perf_counter(), 0.001))
        self.models_per_step.add(len(result.models))
        self.steps += 1
        return result


# --- the measures -------------------------------------------------------------------------------

def _summary(result) -> tuple:
    return (result.objects, result.order, result.dependencies, result.loops, result.steps, result.in_force)


def _cpu(run) -> tuple[float, object]:
    t = time.process_time()
    out = run()
    return (time.process_time() - t) * 1000, out


def measure(quick: bool = False) -> list[dict]:
    library = load_library()
    config = SolverConfig(time_limit=600)
    rows: list[dict] = []
    for permanents, effects, n in SIZES[:1] if quick else SIZES:
        states = [board_from_data(board(s, library, permanents, effects), library, "bench") for s in range(n)]
        for st in states[:2]:  # warm both ways (parsed programs, caches)
            sequence.LayersEngine(st, config).run()
            MultiShotEngine(st, config).run()
        now, kept, same = [], [], 0
        for _ in range(ROUNDS):
            for st in states:
                a, ra = _cpu(lambda: sequence.LayersEngine(st, config).run())
                b, rb = _cpu(lambda: MultiShotEngine(st, config).run())
                now.append(a)
                kept.append(b)
                same += _summary(ra) == _summary(rb)
        rows.append({"kind": "control", "size": f"{permanents}/{effects}", "boards": n, "now": statistics.median(now),
                     "kept": statistics.median(kept), "same": same, "runs": ROUNDS * n})
    if quick:
        return rows
    # 2: one step's base parts, again and again in one control, against a new control each time
    st = board_from_data(board(0, library, 50, 20), library, "bench")
    calls: list = []
    real = MultiShotEngine._solve

    def record(self, facts, parts=None, given=None):
        calls.append((list(facts), given))
        return real(self, facts, parts, given)
    MultiShotEngine._solve = record
    try:
        MultiShotEngine(st, config).run()
    finally:
        MultiShotEngine._solve = real
    facts, given = calls[0]
    groups: dict = {}
    for _, found in given:
        for signature, symbols in found.items():
            groups.setdefault(signature, []).extend(symbols)
    payload = ("\n".join(facts) + "\n", ("\n".join(t for t, _ in given), groups))
    for _ in range(2):
        Session().solve(*payload, None, 60)  # warm
    kept_times, fresh_times = [], []
    for _ in range(ROUNDS):
        session = Session()
        for _ in range(8):
            kept_times.append(session.solve(*payload, None, 60).size.ground_seconds * 1000)
            fresh_times.append(Session().solve(*payload, None, 60).size.ground_seconds * 1000)
    for k in range(8):
        rows.append({"kind": "growth", "step": k + 1,
                     "kept": statistics.median(kept_times[k::8]), "fresh": statistics.median(fresh_times[k::8])})
    # 3: the chain's budget for later layers
    budget = sequence.AHEAD_BUDGET
    for permanents, effects, n in SIZES[1:2]:
        states = [board_from_data(board(s, library, permanents, effects), library, "bench") for s in range(n)]
        times: dict[int, list[float]] = {b: [] for b in BUDGETS}
        solves: dict[int, int] = {}
        try:
            for _ in range(ROUNDS):
                for b in BUDGETS:
                    sequence.AHEAD_BUDGET = b
                    total = 0
                    for st in states:
                        ms, r = _cpu(lambda: sequence.LayersEngine(st, config).run())
                        times[b].append(ms)
                        total += r.steps
                    solves[b] = total
        finally:
            sequence.AHEAD_BUDGET = budget
        for b in BUDGETS:
            rows.append({"kind": "budget", "size": f"{permanents}/{effects}", "budget": b, "boards": n,
                         "solves": solves[b] / n, "ms": statistics.median(times[b]), "reference": b == budget})
    return rows


def markdown(rows: list[dict]) -> str:
    out = ["## Layers multi-shot: one control per board, and fewer solves, measured", "",
           f"{ran_on('bench_layers_multishot.py')}, one process, CPU time (`time.process_time`) of `compute_layers`, "
           f"medians of {ROUNDS} rounds, the two ways alternated board by board. {peak_memory()}", "",
           "| board | boards | a new control per solve (ms) | one control per board (ms) | ratio | same result |",
           "|---|---:|---:|---:|---:|---:|"]
    for r in rows:
        if r["kind"] == "control":
            out.append(f"| {r['size']} | {r['boards']} | {r['now']:.1f} | {r['kept']:.1f} | {r['kept'] / r['now']:.2f} | "
                       f"{r['same']}/{r['runs']} |")
    growth = [r for r in rows if r["kind"] == "growth"]
    if growth:
        out += ["", "The first solve of a 50/20 board, its base parts grounded (ms) as step k of one control, against a "
                "new control each time:", "", "| step | one control | a new control |", "|---:|---:|---:|"]
        out += [f"| {r['step']} | {r['kept']:.1f} | {r['fresh']:.1f} |" for r in growth]
    budget = [r for r in rows if r["kind"] == "budget"]
    if budget:
        out += ["", "The chain's budget for later layers (sequence.AHEAD_BUDGET, parts times objects; * the one used):",
                "", "| board | budget | solves a board | ms a board |", "|---|---:|---:|---:|"]
        out += [f"| {r['size']} | {'unbounded' if r['budget'] >= 10**9 else r['budget']}{' *' if r['reference'] else ''} | "
                f"{r['solves']:.1f} | {r['ms']:.1f} |" for r in budget]
    return "\n".join(out) + "\n"


if __name__ == "__main__":
    main(measure, markdown, quick="the 10/5 boards only, no growth or budget rows")
