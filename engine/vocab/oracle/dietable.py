"""706 (current official rules): a die roll's results table. The paragraph that rolls ("When this creature enters, roll
a d20.") is followed by the table's rows, each a paragraph of its own in the Oracle text ("1—9 | Scry 1.", "10—19 |
Scry 2.", "20 | Scry 3."); they are one ability: the paragraph and its rows, joined as one text, are compiled together
(oneshot_random.lark reads the rows into the roll's ``results``). When that text doesn't compile, neither the paragraph
nor its rows are executable (never half-read); a row that follows no roll stays text."""

from __future__ import annotations

import re

from engine.vocab.oracle.compile import REMINDER

# a row of a results table: "1—9 | ...", "20 | ..."
ROW = re.compile(r"^\d+(—\d+)? \| ")
# the paragraph before the rows: it ends with a roll of a die
ROLLS = re.compile(r"\broll a d\d+\.$", re.IGNORECASE)


def join_tables(paragraphs: list[str], compiled_all: list, compile_paragraph, name: str = "",
                legendary: bool = False) -> None:
    """Each paragraph that ends with a die roll and the rows after it compiled as one ability (``compiled_all``: the
    paragraphs' abilities, None where not compiled; the rows' entries emptied when they are joined)."""
    for i, paragraph in enumerate(paragraphs):
        text = " ".join(REMINDER.sub("", paragraph).split())
        if not ROLLS.search(text):
            continue
        j = i + 1
        while j < len(paragraphs) and ROW.match(paragraphs[j].strip()):
            j += 1
        if j == i + 1:
            continue
        rows = [" ".join(REMINDER.sub("", p).split()) for p in paragraphs[i + 1:j]]  # (207.1: reminder text aside)
        joined = compile_paragraph(" ".join([text] + rows), name, legendary)
        if joined is not None and len(joined) == 1:
            compiled_all[i] = joined
            compiled_all[i + 1:j] = [[] for _ in range(i + 1, j)]
