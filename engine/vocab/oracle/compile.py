"""Oracle text compiled into the card vocabulary (issue 21), by the grammar ``oracle.lark`` (Lark).

:func:`compile_paragraph` is the compiler's entry: a paragraph of a card's Oracle text becomes the
abilities of the vocabulary it is, or None. It tries family 1 (:func:`keyword_line`), then each
family module of :data:`FAMILIES` in order (engine/vocab/oracle/<family>.py, each with its grammar
<family>.lark over the shared noun phrases of objects.lark): the first that reads the paragraph whole
gives its abilities.

Family 1, keyword abilities (702): :func:`keyword_line` reads a paragraph that is a list of
keywords ("Flying, first strike"; "Protection from black and from red", 702.16g; "Ward—Pay 3 life",
702.21a) into the keyword abilities of the vocabulary (engine/vocab/cardfile.py). A paragraph compiles
only when the grammar consumes all of it, reminder text aside (207.1), and the vocabulary accepts each
keyword with its parameter: anything less is None, never a part of the paragraph.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from pydantic import ValidationError

from engine.vocab.cardfile import KeywordAbility
from engine.vocab.keywords import KEYWORDS

GRAMMAR = Path(__file__).with_name("oracle.lark")
from engine.vocab.oracle import oneshot_tokdefs
from engine.vocab.oracle.words import ABILITY_WORD, REMINDER, bare
# the words a keyword line can begin with (a keyword's first word, or a landwalk): a paragraph that
# begins otherwise is no keyword line, and is not given to the parser
_FIRST_WORDS = frozenset(k.split()[0] for k in KEYWORDS)
_FIRST_WORD = re.compile(r"[a-z!'-]+", re.IGNORECASE)  # ("Doctor's companion", 702.124a)


@lru_cache(maxsize=1)
def _parser():
    from lark import Lark

    from engine.vocab.oracle.earley import fast

    # Earley with the dynamic lexer: every reading of the words is tried ("Flashback {2}{R}" is not
    # "Flash" followed by "back"); one reading of a whole line is kept
    return fast(Lark(GRAMMAR.read_text(encoding="utf-8"), start="keyword_line", parser="earley", lexer="dynamic",
                     propagate_positions=True))  # each keyword's span: its words as printed


def _words(token) -> str:
    return " ".join(str(token).split())


def _fields(node, bare: str) -> list[tuple[dict, str]]:
    """The fields of the keyword abilities one ``keyword`` node of the tree gives (two for 702.16g),
    each with its words as printed (the node's span of the line)."""
    kind, parts = node.data, node.children
    printed = bare[node.meta.start_pos:node.meta.end_pos]
    if kind == "protection":  # 702.16g: "Protection from black and from red" is two abilities
        return [(dict(keyword="protection", quality=_words(parts[0])), bare[node.meta.start_pos:parts[0].end_pos])] + [
            (dict(keyword="protection", quality=_words(q)), f"protection from {q}") for q in parts[1:]]
    if kind == "bare":
        fields = dict(keyword=_words(parts[0]).lower())
    elif kind == "numbered":
        fields = dict(keyword=_words(parts[0]).lower(), n=int(parts[1]))
    elif kind == "costed":
        fields = dict(keyword=_words(parts[0]).lower(), cost=_words(parts[1]))
    elif kind == "landwalk":
        fields = dict(keyword="landwalk", quality=_words(parts[0])[:-len("walk")].capitalize())
    elif kind == "affinity":
        fields = dict(keyword="affinity", quality=_words(parts[0]))
    elif kind == "typecycling":  # 702.29e: "Basic landcycling {1}": quality "basic land"
        fields = dict(keyword="typecycling", quality=_words(parts[0])[:-len("cycling")].lower(), cost=_words(parts[1]))
    elif kind == "costed_numbered":  # 702.62a: "Suspend 4—{1}{R}" (a number and a cost)
        fields = dict(keyword=_words(parts[0]).lower(), n=int(parts[1]), cost=_words(parts[2]))
    elif kind == "partner_text":  # 702.124a: "Partner—Friends forever"
        fields = dict(keyword="partner", quality=_words(parts[0]))
    elif kind == "partner_with":  # 702.124j: "Partner with Blaring Recruiter"
        fields = dict(keyword="partner with", quality=_words(parts[0]))
    elif kind == "reinforce":  # 702.77a: "Reinforce 2—{1}{G}"
        fields = dict(keyword="reinforce", n=int(parts[0]), cost=_words(parts[1]))
    elif kind == "bands_with_other":  # 702.22b
        fields = dict(keyword="bands with other", quality=_words(parts[0]).lower())
    elif kind == "equip_quality":  # 702.6c
        fields = dict(keyword="equip", quality=_words(parts[0]), cost=_words(parts[1]))
    elif kind == "awaken":  # 702.113a: "Awaken 3—{4}{U}"
        fields = dict(keyword="awaken", n=int(parts[0]), cost=_words(parts[1]))
    elif kind == "prototype":  # 702.160a, 718.2: "Prototype {1}{W} — 2/2"
        fields = dict(keyword="prototype", cost=_words(parts[0]), quality=_words(parts[1]))
    else:  # qualified
        fields = dict(keyword=_words(parts[0]).lower(), quality=_words(parts[1]))
    return [(fields, printed)]


# the families after keyword lines, in the order: each module's read(bare) -> list of ability
# dicts (no text: the paragraph as printed is added here) or None
# ("sagas": a Saga's chapter abilities, 714.2b, whose effects family 5 reads: engine/vocab/oracle/sagas.py)
FAMILIES: tuple[str, ...] = ("sagas", "grants", "statics", "cardzones", "combat", "replacement", "oneshot", "loopstatics", "costs",
                             "toplibrary")


def compile_paragraph(paragraph: str, name: str = "", legendary: bool = False) -> list | None:
    """The abilities a paragraph of the Oracle text of the card ``name`` compiles to (keyword
    abilities as models, other abilities as dicts of the vocabulary, each with the paragraph's text),
    or None when no family reads all of it (``legendary``: its short name too, words.bare)."""
    keywords = keyword_line(paragraph)
    if keywords is not None:
        return keywords
    if not FAMILIES:
        return None
    from engine.vocab.oracle import misckw

    if misckw.is_exhaust(paragraph):  # 702.177a (current official rules): "[Cost]: [Effect]. Activate only once."
        return misckw.exhaust(paragraph, name, legendary, compile_paragraph)
    import importlib

    text = " ".join(REMINDER.sub("", paragraph).split())
    words = bare(paragraph, name, legendary)
    for family in FAMILIES:
        found = importlib.import_module(f"engine.vocab.oracle.{family}").read(words)
        if found is not None:
            abilities = [dict(a, text=text) if "text" not in a and a.get("kind") != "activated" else a for a in found]
            # an activated ability's cost and effect as printed (the card's name, not "~": 602.1)
            word = ABILITY_WORD.match(text)  # an ability word (207.2c) is no part of the cost
            printed = text[word.end() if word else 0:]
            abilities = [dict(a, cost=printed.partition(": ")[0], effect=printed.partition(": ")[2])
                         if a.get("kind") == "activated" and ": " in printed else a for a in abilities]
            try:  # the vocabulary accepts each whole, or the paragraph is not compiled (never half-read)
                compiled = [_ability().validate_python(a) for a in abilities]
            except (ValidationError, ValueError):
                return None
            return None if any(_compares_in_program(a) for a in compiled) else compiled
    return None


# the abilities the game loop executes itself (608.2, 603.3, 602.2): the only ones whose selectors may compare a power,
# a toughness or a mana value (engine/vocab/selector.py COMPARISONS); a continuous effect, a combat rule, a replacement
# or prevention effect is a program's, which doesn't read them (613.8: a power read in the layers is layer 7's,
# which the layers program doesn't order by dependency)
_LOOP_KINDS = frozenset({"triggered", "activated", "spell", "mode"})
_PROGRAM_PART = re.compile(r"continuous|combat|replacement|prevention|rule|effect", re.I)


def _compares_in_program(obj, bound: bool | None = None, layers: bool = False) -> bool:
    """Does a selector a program would read (in an ability not of _LOOP_KINDS, or in a part of one that a program
    executes) compare a power, a toughness or a mana value? (In a continuous effect, the layers program's, a mana value
    compared is read: 202.3, asp_rules/layers.lp's sel_mv_le/2, sel_mv_ge/2; a power or a toughness is not.)"""
    from pydantic import BaseModel

    from engine.vocab.selector import COMPARISONS, Selector

    if bound is None:
        bound = getattr(obj, "kind", None) not in _LOOP_KINDS
    if isinstance(obj, Selector) and bound and any(getattr(obj, f) is not None for f in COMPARISONS
                                                   if not (layers and f.startswith("mana_value"))):
        return True
    if isinstance(obj, BaseModel):
        return any(_compares_in_program(getattr(obj, name), bound or bool(_PROGRAM_PART.search(name))
                                        or bool(_PROGRAM_PART.search(type(getattr(obj, name)).__name__)),
                                        layers or name == "continuous")
                   for name in type(obj).model_fields)
    if isinstance(obj, (list, tuple)):
        return any(_compares_in_program(x, bound, layers) for x in obj)
    if isinstance(obj, dict):
        return any(_compares_in_program(x, bound, layers) for x in obj.values())
    return False


# 207.2d: a flavor word and its dash before a mode ("• Cure Wounds — You gain 2 life."): no rules meaning
_FLAVOR_WORD = re.compile(r"[A-Z][A-Za-z' ,!-]* — ")


def compile_mode(trigger: str, paragraph: str, name: str = "", legendary: bool = False):
    """603.3c, 700.2: a mode ("• ...") of the modal triggered ability whose paragraph is ``trigger``
    ("When this creature enters, choose one —"), as the ability of kind ``mode`` its instructions are,
    read as that trigger's effect (family 5: "it" is what the trigger's "it" would be, 603.3c: its
    targets chosen as the ability is put on the stack), or None."""
    from engine.vocab.oracle import oneshot

    from engine.vocab.oracle import sagas

    head = bare(trigger, name, legendary).rpartition(", ")[0]
    if sagas.chapters(bare(trigger, name, legendary)) is not None:
        head = sagas.HEAD  # 714.2b: a modal chapter's modes, read as its effect (engine/vocab/oracle/sagas.py)
    words = bare(paragraph, name, legendary)
    if not head or not words.startswith("• "):
        return None
    words = words[2:]
    flavor = _FLAVOR_WORD.match(words)
    if flavor is not None:
        words = words[flavor.end():]
    if not words[:1].isupper() and not words.startswith("~ "):  # ("~": the card's name, 201.5c)
        return None
    cost = _modal_cost(bare(trigger, name, legendary))  # 700.2a: "[cost]: Choose one —" (oneshot_modal.py)
    found = oneshot.read(f"{head}, {words[:1].lower()}{words[1:]}" if cost is None else f"{cost}: {words}")
    if found is None or len(found) != 1 or found[0].get("kind") != ("triggered" if cost is None else "activated") \
            or found[0].get("modes") or found[0].get("activate_if") or found[0].get("exhaust"):
        return None
    mode = {k: v for k, v in found[0].items() if k not in ("kind", "trigger", "cost", "effect", "loyalty", "mana")}
    try:
        return _ability().validate_python(dict(mode, kind="mode", text=" ".join(REMINDER.sub("", paragraph).split())))
    except (ValidationError, ValueError):
        return None


def _modal_cost(header: str) -> str | None:
    """700.2a: the cost of a modal activated ability's paragraph ``header`` ("{1}, Sacrifice this creature: Choose one
    —", its bare words) that family 5 reads (oneshot_modal.activated), its modes read as its effect; else None."""
    from engine.vocab.oracle import oneshot

    found = oneshot.read(header)
    if not found or len(found) != 1 or found[0].get("kind") != "activated" or not found[0].get("modes"):
        return None
    return found[0]["cost"]


@lru_cache(maxsize=1)
def _ability():
    from pydantic import TypeAdapter

    from engine.vocab.cardfile import Ability

    return TypeAdapter(Ability)


def keyword_line(paragraph: str) -> list[KeywordAbility] | None:
    """The keyword abilities a paragraph of keywords is (702.1), or None when the paragraph is not
    wholly a list of keywords the vocabulary knows."""
    found = _keyword_line(" ".join(REMINDER.sub("", paragraph).split()))
    return list(found) if found is not None else None


@lru_cache(maxsize=8192)  # "Flying" is thousands of cards' paragraph: read once (the abilities are frozen)
def _keyword_line(bare: str) -> tuple[KeywordAbility, ...] | None:
    from lark.exceptions import LarkError

    ended = bare.endswith(".")
    if ended:  # "Ward—Pay 3 life."
        bare = bare[:-1]
    first = _FIRST_WORD.match(bare)
    if first is None or (first.group().lower() not in _FIRST_WORDS
                         and not first.group().lower().endswith(("walk", "cycling")) and first.group().lower() != "basic"):
        return None
    try:
        tree = _parser().parse(bare)
    except LarkError:
        return None
    out: list[KeywordAbility] = []
    for n, node in enumerate(tree.children, 1):
        for fields, printed in _fields(node, bare):
            if ended and n == len(tree.children) and node.data == "costed" and not fields["cost"].startswith("{"):
                # a cost in words is a sentence: its period is its own ("Cumulative upkeep—Put a -1/-1
                # counter on this creature.", 702.24a)
                fields["cost"] += "."
                printed += "."
            try:
                ab = KeywordAbility(kind="keyword", **fields)
            except (ValidationError, ValueError):
                return None
            # the keyword as printed, where the vocabulary displays it otherwise ("Ward—Pay 3 life")
            out.append(ab if ab.display() == printed else ab.model_copy(update={"text": printed}))
    return tuple(out)


oneshot_tokdefs.compile_paragraph = compile_paragraph  # 111.4: a token's quoted abilities are paragraphs in turn
oneshot_tokdefs.keyword_line = keyword_line  # 111.4: a token's keyword with its parameter ("toxic 1"), a keyword line
