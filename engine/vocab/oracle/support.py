"""Support N on an instant or a sorcery (issue 21, round 21): 701.41a (current official rules: "Support N" on a permanent
means "When this permanent enters, put a +1/+1 counter on each of up to N other target creatures." "Support N" on an
instant or sorcery spell means "Put a +1/+1 counter on each of up to N target creatures.").

The permanent's form is read where it is printed as an instruction ("When this creature enters, support 2.",
oneshot.lark ``os_support``: "other" targets). The spell's form is a paragraph of its own, "Support 2.", which the
paragraph alone doesn't say is a spell's: :func:`spell_support` reads it among the paragraphs of a card whose types are
known (engine/files/dbcards.py), an instant's or a sorcery's, as the words its rule means compile (family 5: a spell
ability with up to N creature targets, a +1/+1 counter on each). Only when no other paragraph of the card targets: the
game loop chooses the targets of a spell's first spell ability (601.2c, engine/game/targets.py ``spell_targets``), so a
second targeted paragraph ("Gain control of target creature until end of turn.", Press into Service) would lose its
own; "Support X." (no number) is not read.
"""

from __future__ import annotations

import re

from engine.vocab.oracle.words import REMINDER

SUPPORT = re.compile(r"Support ([0-9]+)\.?")
_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}


def spell_support(paragraphs: list[str], compiled_all: list, types, compile_paragraph) -> None:
    """701.41a: each paragraph "Support N." of an instant or a sorcery that no family read, compiled as the words
    "Put a +1/+1 counter on each of up to N target creatures." (its text the paragraph's), in place in
    ``compiled_all``; nothing when the card is neither, N has no word here, or another paragraph has targets."""
    if "Instant" not in types and "Sorcery" not in types:
        return
    found = [(i, SUPPORT.fullmatch(" ".join(REMINDER.sub("", p).split()))) for i, p in enumerate(paragraphs)]
    found = [(i, m) for i, m in found if m is not None and compiled_all[i] is None]
    if not found:
        return
    others = [i for i in range(len(paragraphs)) if i not in dict(found)]
    if any(compiled_all[i] is None and "target" in paragraphs[i]
           or any(getattr(a, "targets", None) for a in compiled_all[i] or ()) for i in others) or len(found) > 1:
        return  # 601.2c: the first spell ability's targets are the spell's
    [(i, m)] = found
    n = int(m.group(1))
    if n not in _WORDS:
        return
    compiled = compile_paragraph(f"Put a +1/+1 counter on each of up to {_WORDS[n]} target creatures.")
    if compiled is None or len(compiled) != 1 or compiled[0].kind != "spell":
        return
    compiled_all[i] = [compiled[0].model_copy(update={"text": m.group(0)})]
