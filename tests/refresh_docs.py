"""Rewrite the output shown in every ```console block of README.md and docs/*.md with the real
output of its command (run from the repository root). Use after a deliberate change of output,
then read the diff: tests/test_docs.py fails until the docs show what the commands print.

    python tests/refresh_docs.py
"""

from __future__ import annotations

import contextlib
import io
import os
import re
import shlex
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.app.cli import main  # noqa: E402

BLOCK = re.compile(r"```console\n(.*?)```", re.S)


def run(command: str) -> str:
    m = re.search(r"\s+# exit (\d+)$", command)
    argv = shlex.split(command[: m.start()] if m else command)
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        main(argv[1:])
    return (out.getvalue() + err.getvalue()).rstrip("\n")


def refresh_block(match: re.Match) -> str:
    lines = match.group(1).splitlines()
    result = []
    for line in lines:
        if line.startswith("$ "):
            result.append(line)
            output = run(line[2:])
            if output:
                result.append(output)
    return "```console\n" + "\n".join(result) + "\n```"


def main_refresh() -> None:
    os.chdir(ROOT)
    for doc in [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md")):
        text = doc.read_text(encoding="utf-8")
        new = BLOCK.sub(refresh_block, text)
        if new != text:
            doc.write_text(new, encoding="utf-8")
            print(f"refreshed {doc.relative_to(ROOT)}")


if __name__ == "__main__":
    main_refresh()
