"""Writing a benchmark's table into docs/performance.md: each benchmark owns one '## ' section."""

from __future__ import annotations

from pathlib import Path


def write_section(path: Path, heading: str, table: str) -> None:
    """Replace the section that starts with `heading` (a '## ...' line prefix), or append it."""
    text = path.read_text(encoding="utf-8") if path.exists() else "# Performance\n\n"
    start = text.find(heading)
    if start >= 0:
        end = text.find("\n## ", start + 1)
        text = text[:start] + table + (text[end + 1:] if end >= 0 else "")
    else:
        text = text.rstrip("\n") + "\n\n" + table
    path.write_text(text, encoding="utf-8")
