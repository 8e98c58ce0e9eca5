"""Overload (702.96, current official rules: the seed text stops at 702.42; issue 21): the overloaded text, compiled.

702.96a: "Overload [cost]" means "You may choose to pay [cost] rather than pay this spell's mana cost" and "If you
chose to pay this spell's overload cost, change its text by replacing all instances of the word 'target' with the
word 'each.'" 702.96b: "If a player chooses to pay the overload cost of a spell, that spell won't require any targets.
It may affect objects that couldn't be chosen as legal targets if the spell were cast without its overload cost paid."

:func:`overload_texts` gives each overload keyword of a card its ``overloaded`` abilities
(engine/vocab/cardfile.py: KeywordAbility): each of the card's spell abilities (113.3a) with "target" replaced by
"each" in its paragraph, compiled again by the same compiler (compile_paragraph). Only when every such paragraph
compiles, to the same number of spell abilities, none with a target (702.96b), does the keyword keep them; otherwise
it keeps none and stays not executable (never a text that doesn't compile: engine/vocab/cardfile.py executable_by).
The loop casts the spell with them in place of its own (engine/game/overload.py)."""

from __future__ import annotations

import re

# 702.96a: "all instances of the word 'target'" (a sentence's first word capitalised: "Target creature ...")
_TARGET = re.compile(r"\b([Tt])arget\b")


def overloaded_text(paragraph: str) -> str:
    """702.96a: the paragraph with each instance of the word "target" replaced by the word "each"."""
    return _TARGET.sub(lambda m: "Each" if m.group(1) == "T" else "each", paragraph)


def overload_texts(paragraphs: list[str], compiled_all: list, compile_paragraph, name: str = "",
                   legendary: bool = False) -> None:
    """702.96a: in the compiled paragraphs of one card (each a list of abilities, or None), give each overload keyword
    the card's spell abilities as its overloaded text compiles them; none when one of the card's paragraphs is not
    compiled, or an overloaded paragraph doesn't compile to as many spell abilities without targets (702.96b)."""
    keywords = [(i, k) for i, compiled in enumerate(compiled_all) for k, ab in enumerate(compiled or ())
                if getattr(ab, "kind", None) == "keyword" and ab.keyword == "overload"]
    if not keywords or any(c is None for c in compiled_all):
        return
    overloaded: list = []
    for paragraph, compiled in zip(paragraphs, compiled_all):
        spells = [a for a in compiled if getattr(a, "kind", None) == "spell"]
        if not spells:
            continue
        if len(spells) != len(compiled) or getattr(spells[0], "modes", None) is not None:
            return  # a paragraph of a spell ability and something else; a modal spell: not read here
        changed = compile_paragraph(overloaded_text(paragraph), name, legendary)
        if changed is None or len(changed) != len(spells) or any(
                getattr(a, "kind", None) != "spell" or getattr(a, "targets", None) or getattr(a, "modes", None) is not None
                or a.instead_of is not None for a in changed):
            return  # 702.96b: the overloaded spell has no targets
        overloaded += changed
    if not overloaded:
        return
    for i, k in keywords:
        ab = compiled_all[i][k]
        compiled_all[i][k] = ab.model_validate(dict(ab.model_dump(exclude_none=True), overloaded=[
            a.model_dump(exclude_none=True, by_alias=True) for a in overloaded]))
