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
        return printable(" ".join(text.split()))

    def with_file(self, file: str) -> "InputError":
        return InputError(file, self.field, self.problem, self.fix)


# characters a terminal acts on instead of showing (NUL, ESC, DEL, C1 controls, bidirectional overrides): an error line
# quotes the user's text (an id, a key, a name), so these are written as escapes, never printed raw (issue 25)
_UNPRINTABLE = dict.fromkeys([*range(0x00, 0x20), *range(0x7F, 0xA0), 0x200E, 0x200F, *range(0x202A, 0x202F),
                              *range(0x2066, 0x206A),
                              *range(0xD800, 0xE000)])  # (lone surrogates: no terminal can print them)


def printable(text: str) -> str:
    """``text`` with every character of _UNPRINTABLE written as a Python escape (``\\x1b``, ``\\u202e``)."""
    if not any(ord(c) in _UNPRINTABLE for c in text):
        return text
    return "".join((f"\\x{ord(c):02x}" if ord(c) < 0x100 else f"\\u{ord(c):04x}") if ord(c) in _UNPRINTABLE else c
                   for c in text)


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
