"""Docs stay true: every ```console block in README.md and docs/*.md is run, and its output must
be exactly what the block shows.

A block holds one or more commands, each a line starting with "$ mtgjudge ", followed by its
output (standard output, then standard error). A command that must fail ends with "# exit N".
Commands run from the repository root.
"""

from __future__ import annotations

import os
import re
import shlex
from pathlib import Path

import pytest

from conftest import ROOT

DOCS = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def _commands():
    for doc in DOCS:
        text = doc.read_text(encoding="utf-8")
        for block in BLOCK.findall(text):
            lines = block.splitlines()
            i = 0
            while i < len(lines):
                line = lines[i]
                if not line.startswith("$ "):
                    i += 1
                    continue
                j = i + 1
                while j < len(lines) and not lines[j].startswith("$ "):
                    j += 1
                yield doc.name, line[2:], "\n".join(lines[i + 1:j])
                i = j


CASES = list(_commands())


def test_the_docs_show_commands():
    assert len(CASES) >= 10


@pytest.mark.parametrize("doc, command, expected", CASES, ids=[f"{d}: {c[:60]}" for d, c, _ in CASES])
def test_console_block(doc, command, expected, run, monkeypatch):
    monkeypatch.chdir(ROOT)
    code = 0
    m = re.search(r"\s+# exit (\d+)$", command)
    if m:
        code = int(m.group(1))
        command = command[: m.start()]
    argv = shlex.split(command)
    assert argv[0] == "mtgjudge", f"{doc}: only mtgjudge commands are run: {command}"
    r = run(*argv[1:])
    assert r.code == code, f"{doc}: {command}: exit {r.code}\n{r.err}"
    got = (r.out + r.err).rstrip("\n")
    assert got == expected.rstrip("\n"), f"{doc}: {command}"


SHARED_EXAMPLES = ROOT.parent / "shared" / "rules" / "EXAMPLES.md"


def shared_examples(path=SHARED_EXAMPLES, env=os.environ) -> str:
    """The acceptance cases, from ../shared beside the checkout. CI lays a copy of shared/ there, so
    with CI set a missing copy fails; elsewhere the test that needs it is skipped, saying why."""
    if path.exists():
        return path.read_text(encoding="utf-8")
    reason = f"no {path}: the acceptance cases live in ../shared beside the checkout"
    if env.get("CI"):
        pytest.fail(reason + " (CI is set: CI lays a copy of shared/ there)")
    pytest.skip(reason)


def test_coverage_lists_every_acceptance_case():
    coverage = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    cases = re.findall(r"^### ([EC]\d+) ", shared_examples(), re.M)
    assert cases, f"{SHARED_EXAMPLES} names no case"
    missing = [case for case in cases if f"\n| {case} |" not in coverage]
    assert not missing, f"docs/coverage.md has no row for {', '.join(missing)}"


def test_shared_missing_fails_in_ci_and_is_skipped_elsewhere(tmp_path):
    nowhere = tmp_path / "EXAMPLES.md"
    with pytest.raises(pytest.fail.Exception, match="CI is set"):
        shared_examples(nowhere, {"CI": "true"})
    with pytest.raises(pytest.skip.Exception, match="beside the checkout"):
        shared_examples(nowhere, {})


def test_coverage_lists_every_example_board():
    coverage = (ROOT / "docs" / "coverage.md").read_text(encoding="utf-8")
    listed = (ROOT / "examples" / "README.md").read_text(encoding="utf-8")
    for board in sorted((ROOT / "examples").glob("*.yaml")):
        assert f"`{board.name}`" in coverage or board.name == "humility-opalescence.yaml", board.name
        assert f"`{board.name}`" in listed, board.name


def test_the_crosscheck_guide_quotes_the_shipped_reports_summary():
    """docs/crosscheck.md quotes the summary line of examples/crosscheck/report.txt (made by run.sh):
    the two must be the same line."""
    report = (ROOT / "examples" / "crosscheck" / "report.txt").read_text(encoding="utf-8")
    guide = (ROOT / "docs" / "crosscheck.md").read_text(encoding="utf-8")
    summary = [line for line in report.splitlines() if line.startswith("cases: ")]
    assert len(summary) == 1 and summary[0] in guide.splitlines()


# `path` (`name`, `name`: more, ...): a room the docs cite, and the names they cite in it
CITATION = re.compile(r"`((?:asp_rules|bridge|engine|mtgjudge|tests|examples)/(?:[\w/.-]*\.(?:py|lp|yaml|md|json|txt)|[\w/.-]*/))`"
                      r"(?: \(((?:[^()]|\([^()]*\))*)\))?")


def _defined(paths: list[Path]) -> set[str]:
    import ast

    names: set[str] = set()
    for path in paths:
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
                names.add(node.name)
            elif isinstance(node, (ast.Assign, ast.AnnAssign)):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    for t in ast.walk(target):
                        if isinstance(t, ast.Name):
                            names.add(t.id)
                        elif isinstance(t, ast.Attribute):
                            names.add(t.attr)
    return names


@pytest.mark.parametrize("doc", ["coverage.md", "architecture.md", "api.md", "layers.md", "replacement.md",
                                 "play.md", "combat.md", "damage.md", "crosscheck.md", "phase.md"])
def test_the_rooms_the_docs_cite_exist(doc):
    """Every module, package or program a doc cites exists, and every name it cites in a Python room
    (the first name of each `(`name`, ...)` item) is defined there, or is a word of the vocabulary
    it reads (a quoted string there: an operation, a trigger event): the rooms can't drift."""
    text = (ROOT / "docs" / doc).read_text(encoding="utf-8")
    wrong = []
    for m in CITATION.finditer(text):
        where = ROOT / m.group(1)
        if not where.exists():
            wrong.append(f"{m.group(1)}: no such file or folder")
            continue
        modules = sorted(where.rglob("*.py")) if where.is_dir() else [where] if where.suffix == ".py" else []
        if not modules or not m.group(2):
            continue
        defined = _defined(modules)
        source = "".join(path.read_text(encoding="utf-8") for path in modules)
        source = "".join(path.read_text(encoding="utf-8") for path in modules)
        for item in re.split(r"[,;]\s*", m.group(2)):
            name = re.match(r"`([A-Za-z_]\w*)(?:\.\w+)*`", item.strip())
            if name and name.group(1) not in defined and f'"{name.group(1)}"' not in source:
                wrong.append(f"{m.group(1)}: `{name.group(1)}` is not defined there")
    assert not wrong, f"docs/{doc} cites rooms that are not so:\n" + "\n".join(wrong)


def test_the_architecture_page_names_every_room():
    """docs/architecture.md names every module of the four floors and every program: a room added
    or moved must be placed there (and test_the_rooms_the_docs_cite_exist checks the names exist)."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rooms = [p for package in ("asp_rules", "bridge", "engine", "mtgjudge") for p in sorted((ROOT / package).rglob("*.py"))
             if p.name != "__init__.py"] + sorted((ROOT / "asp_rules").rglob("*.lp"))
    missing = [str(p.relative_to(ROOT)) for p in rooms if f"`{p.relative_to(ROOT)}`" not in text]
    assert not missing, "docs/architecture.md does not name: " + ", ".join(missing)
