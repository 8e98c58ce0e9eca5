"""Input errors: one clear line naming the file, the field and the fix (exit status 2)."""

from __future__ import annotations


class InputError(Exception):
    """Bad input from a user-written file or argument.

    ``str(err)`` is the single line printed by the CLI, of the form
    ``FILE: FIELD: what is wrong (fix: what to do)``.
    """

    def __init__(self, file: str | None, field: str | None, problem: str, fix: str | None = None):
        self.file = file
        self.field = field
        self.problem = problem
        self.fix = fix
        super().__init__(self.line())

    def line(self) -> str:
        parts = []
        if self.file:
            parts.append(str(self.file))
        if self.field:
            parts.append(self.field)
        parts.append(self.problem)
        text = ": ".join(parts)
        if self.fix:
            text += f" (fix: {self.fix})"
        # One line, always: never let a multi-line message escape.
        return " ".join(text.split())

    def with_file(self, file: str) -> "InputError":
        return InputError(file, self.field, self.problem, self.fix)


def closest(word: str, pool: list[str], n: int = 1) -> list[str]:
    """The names of ``pool`` closest to ``word``, for 'did you mean' hints: close spellings first
    (case-insensitively), then names that contain the word or are contained in it."""
    import difflib

    lowered: dict[str, str] = {}
    for name in pool:
        lowered.setdefault(name.lower(), name)
    w = word.lower()
    found = difflib.get_close_matches(w, list(lowered), n=n, cutoff=0.6)
    if len(found) < n and w:
        found += [k for k in sorted(lowered) if (w in k or (len(k) > 2 and k in w)) and k not in found][: n - len(found)]
    return [lowered[k] for k in found]
