"""Project conventions that keep the design card true: imports one way and without cycles, only the
bridge imports clingo and the vocabulary path doesn't, modules and classes of a readable size, every
program has its header and rule banners, #show only in task files."""

from __future__ import annotations

import ast
import importlib
import re
import subprocess
import sys
from pathlib import Path

import pytest

import asp_rules
from bridge.tasks import TASKS

ROOT = Path(__file__).resolve().parent.parent


def _runtime_imports(tree: ast.AST) -> set[str]:
    """Top-level package names imported at run time (imports under `if TYPE_CHECKING:` excluded)."""
    skipped: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Name) and node.test.id == "TYPE_CHECKING":
            skipped |= {id(n) for child in node.body for n in ast.walk(child)}
    names: set[str] = set()
    for node in ast.walk(tree):
        if id(node) in skipped:
            continue
        if isinstance(node, ast.Import):
            names |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module.split(".")[0])
    return names


def _imports(package: str) -> dict[Path, set[str]]:
    return {path: _runtime_imports(ast.parse(path.read_text(encoding="utf-8")))
            for path in sorted((ROOT / package).rglob("*.py"))}


def test_only_the_bridge_imports_clingo():
    for package in ("engine", "asp_rules", "mtgjudge"):
        for path, names in _imports(package).items():
            assert "clingo" not in names, path
    assert any("clingo" in names for names in _imports("bridge").values())


# The floors, bottom first: each package imports only those below it (docs/architecture.md).
PACKAGES = ("asp_rules", "bridge", "engine", "mtgjudge")
FORBIDDEN = {"asp_rules": {"bridge", "engine", "mtgjudge"}, "bridge": {"engine", "mtgjudge"}, "engine": {"mtgjudge"}}


def _module_files() -> dict[str, Path]:
    """Every module of the project's packages, by dotted name (a package by its __init__.py)."""
    out: dict[str, Path] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            parts = path.relative_to(ROOT).with_suffix("").parts
            out[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return out


MODULES = _module_files()


def _imported(name: str, path: Path) -> list[tuple[str, int]]:
    """Every module `name` imports, wherever the import stands (top level, under `if TYPE_CHECKING:`,
    inside functions), as dotted names with the line: relative imports resolved, and
    `from package import name` resolved to the submodule when `name` is one."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, int]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(a.name, node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            for a in node.names:
                found.append((f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module, node.lineno))
    return found


def _project_module(target: str) -> str | None:
    """The project module an import names: itself, or the longest prefix that is one."""
    parts = target.split(".")
    for n in range(len(parts), 0, -1):
        if ".".join(parts[:n]) in MODULES:
            return ".".join(parts[:n])
    return None


def test_no_import_cycle():
    import networkx as nx

    graph = nx.DiGraph()
    graph.add_nodes_from(MODULES)
    for name, path in MODULES.items():
        for target, line in _imported(name, path):
            module = _project_module(target)
            if module is not None and module != name:
                graph.add_edge(name, module, where=f"{path.relative_to(ROOT)}:{line}")
    cycles = []
    for part in nx.strongly_connected_components(graph):
        if len(part) > 1:
            cycle = nx.find_cycle(graph.subgraph(part))
            text = " -> ".join(f"{a} ({graph.edges[a, b]['where']})" for a, b in cycle) + f" -> {cycle[0][0]}"
            if len(part) > len(cycle):
                text += f" (and more cycles among {', '.join(sorted(part))})"
            cycles.append(text)
    assert not cycles, "import cycles:\n" + "\n".join(sorted(cycles))


def test_bridge_never_imports_engine():
    """The floors: bridge imports neither engine nor mtgjudge, asp_rules imports neither bridge nor
    engine, engine never imports mtgjudge; anywhere, also under TYPE_CHECKING and inside functions."""
    wrong = []
    for name, path in MODULES.items():
        forbidden = FORBIDDEN.get(name.split(".")[0], set())
        for target, line in _imported(name, path):
            if target.split(".")[0] in forbidden:
                wrong.append(f"{path.relative_to(ROOT)}:{line}: {name} imports {target}")
    assert not wrong, "imports against the floors:\n" + "\n".join(wrong)


# The card vocabulary, the loader and the file formats: what reads cards, boards and games without
# solving anything. None of them may import clingo. One list, to update when modules move; every
# module of the packages engine.vocab and engine.files is added to it when they exist.
VOCABULARY_PATH = ("engine.vocab.cardfile", "engine.vocab.keywords", "engine.vocab.effects", "engine.vocab.replacement", "engine.vocab.oneshot",
                   "engine.vocab.mana", "engine.vocab.triggers", "engine.files.loader", "engine.files.library", "engine.files.boardfile",
                   "engine.files.gamefile", "engine.files.events", "engine.files.declaration", "bridge", "bridge.facts")
VOCABULARY_PACKAGES = ("engine.vocab", "engine.files")

# Imports each module in turn and prints, for the first that brings clingo in, the chain of imports
# that did (the frames importing, from the project's files).
_CLINGO_PROBE = """
import importlib, os, sys, traceback
sys.path.insert(0, os.getcwd())
class Watch:
    def find_spec(self, name, path=None, target=None):
        if name == "clingo":
            chain = [f"{f.filename.removeprefix(sys.path[0] + '/')}:{f.lineno}" for f in traceback.extract_stack()
                     if "importlib" not in f.filename][1:-1]
            print("clingo imported through: " + " <- ".join(reversed(chain)))
            sys.exit(1)
        return None
sys.meta_path.insert(0, Watch())
for name in sys.argv[1:]:
    print("importing " + name, flush=True)
    importlib.import_module(name)
"""


def test_no_clingo_on_the_vocabulary_path():
    modules = list(VOCABULARY_PATH)
    for package in VOCABULARY_PACKAGES:
        modules += sorted(m for m in MODULES if m == package or m.startswith(package + "."))
    gone = [m for m in VOCABULARY_PATH if m not in MODULES]
    assert not gone, f"VOCABULARY_PATH names modules that don't exist (update it): {', '.join(gone)}"
    r = subprocess.run([sys.executable, "-c", _CLINGO_PROBE, *modules], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 0, "\n".join(r.stdout.strip().splitlines()[-2:]) + r.stderr[-2000:]


# Rooms of a readable size: a module at most MAX_MODULE_LINES lines, a class at most MAX_CLASS_LINES.
MAX_MODULE_LINES = 800
MAX_CLASS_LINES = 500
SIZED_PACKAGES = ("bridge", "engine", "mtgjudge")


def test_room_sizes():
    too_big = []
    for name, path in MODULES.items():
        if name.split(".")[0] not in SIZED_PACKAGES:
            continue
        text = path.read_text(encoding="utf-8")
        where = path.relative_to(ROOT)
        if len(text.splitlines()) > MAX_MODULE_LINES:
            too_big.append(f"{where}: {len(text.splitlines())} lines (at most {MAX_MODULE_LINES})")
        for node in ast.walk(ast.parse(text)):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > MAX_CLASS_LINES:
                too_big.append(f"{where}:{node.lineno}: class {node.name}, {node.end_lineno - node.lineno + 1} lines "
                               f"(at most {MAX_CLASS_LINES})")
    assert not too_big, "too big:\n" + "\n".join(too_big)


PROGRAMS = asp_rules.programs()


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_program_header(path):
    lines = path.read_text(encoding="utf-8").splitlines()
    header_lines = []
    for line in lines:
        if not line.startswith("%"):
            break
        header_lines.append(line)
    header = "\n".join(header_lines)
    assert header.startswith("% mtgjudge - ")
    for part in ("Rules encoded", "Input predicates", "Output predicates"):
        assert part in header, (path, part)


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_rule_banners_and_show(path):
    text = path.read_text(encoding="utf-8")
    code = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith("%")]
    is_task = path.parent.name == "tasks"
    has_show = any(line.lstrip().startswith("#show") for line in code)
    assert has_show == is_task, "#show belongs in tasks/ and only there"
    if not is_task:
        # Every rule of a rule-area program stands below a "% --- N ---" banner.
        lines = text.splitlines()
        first_code = next(i for i, line in enumerate(lines)
                          if line.strip() and not line.startswith("%") and not line.startswith("#program"))
        banners = [i for i, line in enumerate(lines) if re.match(r"^% --- \d{3}(\.\d+[a-z]?)?(, \d{3}(\.\d+[a-z]?)?)* ---$", line)]
        assert banners and banners[0] < first_code


def test_every_task_names_existing_programs():
    for task in TASKS.values():
        for f in task.files:
            assert asp_rules.path(f).is_file()


# Who builds each vocabulary's facts, and a shipped example that makes it build them: the bridge
# module (or package) whose solve calls carry the facts, and the mtgjudge command that runs it. The
# "board" facts come from bridge.facts.FACT_BUILDERS (the tasks solved in one call, bridge/tasks.py);
# the others are made by the module that runs their solves, step by step (613.8c) or with the
# declaration or the events.
VOCABULARY_BUILDERS = {
    "board": ("bridge.tasks", [["solve", "board", "examples/c5-mycosynth-lattice-march-of-the-machines.yaml"]]),
    "layers": ("bridge.layers", [["layers", "examples/c1-humility-opalescence-opalescence-later.yaml"]]),
    "combat": ("bridge.combat", [["attack", "examples/combat/c8-propaganda-planeswalker.yaml"],
                                 ["block", "examples/combat/c7-lure-menace.yaml"]]),
    "replace": ("bridge.replace", [["replace", "examples/replace/c11-torbran-fiery-emancipation.yaml",
                                    "examples/replace/c11-event.yaml"]]),
}


def test_every_vocabulary_has_a_builder_and_every_task_a_vocabulary():
    from bridge.facts import FACT_BUILDERS, VOCABULARIES

    assert set(VOCABULARY_BUILDERS) == set(VOCABULARIES), "name the builder of every vocabulary here"
    for name in FACT_BUILDERS:
        assert VOCABULARY_BUILDERS[name][0] == "bridge.tasks", name
    for task in TASKS.values():
        assert task.vocabulary in VOCABULARIES
        assert task.vocabulary in FACT_BUILDERS, f"task {task.name}: no fact builder for {task.vocabulary!r}"


@pytest.mark.parametrize("vocabulary", sorted(VOCABULARY_BUILDERS))
def test_each_builder_sends_only_its_vocabularys_predicates(vocabulary, run, sent_facts, monkeypatch):
    """docs/facts.md documents each vocabulary: every fact its builder sends to clingo on a shipped
    example is of a predicate declared there, with the declared arity."""
    from bridge.facts import VOCABULARIES

    monkeypatch.chdir(ROOT)
    module, commands = VOCABULARY_BUILDERS[vocabulary]
    sent_facts(importlib.import_module(module))
    for argv in commands:
        r = run(*argv)
        assert r.code in (0, 1), (argv, r.err)
    used = sent_facts.signatures()
    declared = {p.signature for p in VOCABULARIES[vocabulary].predicates}
    assert used, f"mtgjudge {commands}: {module} sent no facts"
    assert used <= declared, f"{module} sends facts not declared in the {vocabulary!r} vocabulary: {sorted(used - declared)}"


def _pooled_atoms_of_another_shape(path: Path) -> list[str]:
    """Atoms written with a pool whose alternatives differ in name or arity: in gringo a pool splits
    the whole argument list, so `p(S, (a, b); (c, d))` is p(S, (a, b)) and p((c, d)), not
    p(S, a, b) and p(S, c, d)."""
    import clingo.ast as A

    found: list[str] = []

    class Atoms(A.Transformer):
        def visit_SymbolicAtom(self, node):
            term = node.symbol
            if term.ast_type == A.ASTType.Pool:
                shapes = {(t.name, len(t.arguments)) for t in term.arguments if t.ast_type == A.ASTType.Function}
                if len(shapes) > 1:
                    found.append(f"{path.name}:{term.location.begin.line}: {term}")
            return node

    visit = Atoms()
    A.parse_files([str(path)], lambda stm: visit(stm))
    return found


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.name for p in PROGRAMS])
def test_no_pool_changes_an_atoms_arity(path):
    """Layers found it on compiled cards: `tests(S, (type, creature); (allct, 1))` gave tests/2 and
    tests/1, so a layer-4 "every creature type" never disturbed a condition on a creature type."""
    assert _pooled_atoms_of_another_shape(path) == []


def test_the_pool_check_finds_the_mistake(tmp_path):
    bad = tmp_path / "bad.lp"
    bad.write_text("tests(S, (type, creature); (allct, 1)) :- sel_sub(S, _).\n")
    assert len(_pooled_atoms_of_another_shape(bad)) == 1
