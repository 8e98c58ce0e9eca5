"""Project conventions that keep the design card true: imports one way, only the bridge imports
clingo, every program has its header and rule banners, #show only in task files."""

from __future__ import annotations

import ast
import re
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
    for package in ("engine", "asp_rules"):
        for path, names in _imports(package).items():
            assert "clingo" not in names, path
    assert any("clingo" in names for names in _imports("bridge").values())


def test_imports_go_one_way():
    # engine uses bridge; bridge loads asp_rules and never imports the engine; asp_rules uses neither.
    for path, names in _imports("asp_rules").items():
        assert not names & {"engine", "bridge"}, path
    for path, names in _imports("bridge").items():
        assert "engine" not in names, path


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


def _solve_callers(module: str) -> list:
    """The modules of `module` (a module, or a package and its submodules) that call bridge.solve's solve."""
    import importlib
    import pkgutil

    solve = importlib.import_module("bridge.solve").solve
    top = importlib.import_module(module)
    modules = [top] + [importlib.import_module(info.name)
                       for info in pkgutil.walk_packages(getattr(top, "__path__", []), module + ".")]
    return [m for m in modules if getattr(m, "solve", None) is solve]


@pytest.mark.parametrize("vocabulary", sorted(VOCABULARY_BUILDERS))
def test_each_builder_sends_only_its_vocabularys_predicates(vocabulary, run, sent_facts, monkeypatch):
    """docs/facts.md documents each vocabulary: every fact its builder sends to clingo on a shipped
    example is of a predicate declared there, with the declared arity."""
    from bridge.facts import VOCABULARIES

    monkeypatch.chdir(ROOT)
    module, commands = VOCABULARY_BUILDERS[vocabulary]
    callers = _solve_callers(module)
    assert callers, f"{module} calls no bridge.solve.solve: update VOCABULARY_BUILDERS"
    for m in callers:
        sent_facts(m)
    for argv in commands:
        r = run(*argv)
        assert r.code in (0, 1), (argv, r.err)
    used = sent_facts.signatures()
    declared = {p.signature for p in VOCABULARIES[vocabulary].predicates}
    assert used, f"mtgjudge {commands}: {module} sent no facts"
    assert used <= declared, f"{module} sends facts not declared in the {vocabulary!r} vocabulary: {sorted(used - declared)}"
