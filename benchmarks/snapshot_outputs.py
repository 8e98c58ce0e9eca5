"""Snapshot of what mtgjudge prints on everything it ships, for refactorings that must not change
behaviour: run it before and after, and compare the two folders (`diff -r BEFORE AFTER`).

    python benchmarks/snapshot_outputs.py OUT_DIR [--crosscheck]

Each command runs in-process (click's CliRunner, from the repository's root) and writes one file
`OUT_DIR/<name>.txt` holding its exit code, standard output and standard error:
- every shipped game (examples/games, tests/data/games with the test cards), as text and JSON;
- every example board: show, layers (text and JSON), sba (JSON);
- the combat boards with their declarations (attack, block), the damage boards, the replacement
  boards with their events; every bad board of examples/bad (the one error line and the exit code);
- `mtgjudge cards` and `mtgjudge facts --markdown`, and the schemas;
- with --crosscheck, the crosscheck report of examples/crosscheck (1000 boards of each kind,
  seed 1), written as `crosscheck-report.txt`, to compare with examples/crosscheck/report.txt.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's packages, not an installed or editable copy elsewhere


def _commands() -> list[tuple[str, list[str]]]:
    ex = Path("examples")
    cmds: list[tuple[str, list[str]]] = [
        ("cards", ["cards"]),
        ("cards-json", ["cards", "--json"]),
        ("facts-markdown", ["facts", "--markdown"]),
    ]
    for kind in ("board", "card", "case"):
        cmds.append((f"schema-{kind}", ["schema", kind]))
    for game in sorted((ex / "games").glob("*.yaml")):
        cmds.append((f"play-{game.stem}", ["play", str(game)]))
        cmds.append((f"play-json-{game.stem}", ["play", str(game), "--json"]))
    for game in sorted(Path("tests/data/games").glob("*.yaml")):
        extra = ["--cards", "tests/data/cards"]
        cmds.append((f"play-test-{game.stem}", ["play", str(game), *extra]))
        cmds.append((f"play-test-json-{game.stem}", ["play", str(game), "--json", *extra]))
    for board in sorted(ex.glob("*.yaml")):
        cmds.append((f"show-{board.stem}", ["show", str(board), "--json"]))
        cmds.append((f"layers-{board.stem}", ["layers", str(board)]))
        cmds.append((f"layers-json-{board.stem}", ["layers", str(board), "--json"]))
        cmds.append((f"sba-{board.stem}", ["sba", str(board), "--json"]))
        cmds.append((f"facts-{board.stem}", ["facts", str(board)]))
    for board in sorted((ex / "combat").glob("*.yaml")):
        for side in ("attack", "block"):
            cmds.append((f"{side}-{board.stem}", [side, str(board)]))
            cmds.append((f"{side}-json-{board.stem}", [side, str(board), "--json"]))
            cmds.append((f"{side}-all-{board.stem}", [side, str(board), "--all", "--json"]))
    for decl in sorted((ex / "combat" / "declarations").glob("*.yaml")):
        for board in sorted((ex / "combat").glob("*.yaml")):
            if board.stem.split("-")[0] == decl.stem.split("-")[0]:
                for side in ("attack", "block"):
                    cmds.append((f"{side}-{board.stem}--{decl.stem}", [side, str(board), str(decl), "--json"]))
    for board in sorted((ex / "damage").glob("*.yaml")):
        cmds.append((f"damage-{board.stem}", ["damage", str(board)]))
        cmds.append((f"damage-json-{board.stem}", ["damage", str(board), "--json"]))
    replace = sorted((ex / "replace").glob("*.yaml"))
    events = [p for p in replace if p.stem.endswith("-event")]
    for event in events:
        prefix = event.stem[: -len("-event")]
        for board in replace:
            if board not in events and board.stem.startswith(prefix + "-"):
                cmds.append((f"replace-{board.stem}", ["replace", str(board), str(event)]))
                cmds.append((f"replace-json-{board.stem}", ["replace", str(board), str(event), "--json"]))
    for bad in sorted((ex / "bad").glob("*.yaml")):
        cmds.append((f"bad-{bad.stem}", ["show", str(bad)]))
    return cmds


def main(argv: list[str]) -> int:
    from engine.app.cli import cli

    if not argv or argv[0].startswith("-"):
        print(__doc__)
        return 2
    out = Path(argv[0]).resolve()
    out.mkdir(parents=True, exist_ok=True)
    os.chdir(ROOT)
    runner = CliRunner()
    for name, args in _commands():
        r = runner.invoke(cli, args, catch_exceptions=True)
        text = f"$ mtgjudge {' '.join(args)}\nexit {r.exit_code}\n--- stdout\n{r.stdout}--- stderr\n{r.stderr}"
        if r.exception is not None and not isinstance(r.exception, SystemExit):
            text += f"--- exception\n{type(r.exception).__name__}: {r.exception}\n"
        (out / f"{name}.txt").write_text(text, encoding="utf-8")
    if "--crosscheck" in argv:
        with tempfile.TemporaryDirectory() as work:
            cases = Path(work) / "cases.jsonl"
            with cases.open("w", encoding="utf-8") as f:
                for kind in ("layers", "combat", "replacement"):
                    r = runner.invoke(cli, ["generate", kind, "--count", "1000", "--seed", "1"])
                    f.write(r.stdout)
            claims = Path(work) / "claims.jsonl"
            with claims.open("w", encoding="utf-8") as f:
                subprocess.run([sys.executable, "examples/crosscheck/naive.py", str(cases)], stdout=f, check=True)
            r = subprocess.run([sys.executable, "-c", "from engine.app.cli import entry; entry()", "crosscheck", str(claims)],
                               capture_output=True, text=True)
            (out / "crosscheck-report.txt").write_text(r.stdout, encoding="utf-8")
    print(f"{len(_commands())} commands written to {out}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
