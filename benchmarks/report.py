"""Writing a benchmark's table into docs/performance.md: each benchmark owns one '## ' section."""

from __future__ import annotations

import argparse
import platform
import resource
from pathlib import Path
from typing import Callable


def ran_on(script: str) -> str:
    """How a table was made: "`python benchmarks/NAME.py` on MACHINE, Python VERSION"."""
    return f"`python benchmarks/{script}` on {platform.machine()}, Python {platform.python_version()}"


def peak_memory() -> str:
    """The peak resident memory of the run so far, as the tables say it."""
    return f"Peak resident memory of the run: {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MiB."


def write_section(path: Path, heading: str, table: str) -> None:
    """Replace the section that starts with `heading` (a '## ...' line prefix), or append it. A blank
    line always separates the section from the next, whatever the table ends with."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n\n"
    section = table.rstrip("\n") + "\n\n"
    start = text.find(heading)
    if start >= 0:
        end = text.find("\n## ", start + 1)
        text = text[:start] + section + (text[end + 1:] if end >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + section
    path.write_text(text.rstrip("\n") + "\n", encoding="utf-8")


def main(measure: Callable[..., list[dict]], markdown: Callable[[list[dict]], str], quick: str | None = None) -> None:
    """A benchmark's command line: measure, print the table and, with --write FILE, put it in its section
    of FILE (the section is named by the table's heading, '## Name:'). ``quick``: the help of --quick,
    for a benchmark whose measure takes it."""
    parser = argparse.ArgumentParser()
    if quick:
        parser.add_argument("--quick", action="store_true", help=quick)
    parser.add_argument("--write", type=Path, help="write the table into this Markdown file (replacing its section)")
    args = parser.parse_args()
    table = markdown(measure(args.quick) if quick else measure())
    print(table)
    if args.write:
        write_section(args.write, table.split(":", 1)[0] + ":", table)
