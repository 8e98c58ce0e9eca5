"""The noun phrases of the Oracle grammar (``objects.lark``) as selectors, and the parsers of the
families that use them.

:class:`Objects` is the Lark transformer every family's transformer extends: an ``objects`` node
becomes the fields of a :class:`~engine.vocab.selector.Selector` (a dict, validated with the ability
it is part of). :func:`parser` builds a family's parser from its grammar file with this one and the
generated ``subtypes.lark``. ``bare`` (engine/vocab/oracle/words.py) is a paragraph as the grammars read it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path

from lark import Transformer

from engine.vocab.oracle.words import bare  # noqa: F401 (the families read paragraphs with it)
from engine.vocab.selector import COMPARISONS
from engine.vocab.oracle.subtypes import FILE as SUBTYPES_FILE, _plurals

HERE = Path(__file__).parent
COLORS = ("white", "blue", "black", "red", "green")


class NotRead(Exception):
    """The words parse, but the vocabulary has no meaning for them: the paragraph is not compiled."""


def read_tree(transformer, tree):
    """``transformer.transform(tree)``, a NotRead raised by one of its methods raised as itself (Lark
    wraps what a transformer method raises in a VisitError): every family catches NotRead alone."""
    from lark.exceptions import VisitError

    try:
        return transformer.transform(tree)
    except VisitError as e:
        if isinstance(e.orig_exc, NotRead):
            raise e.orig_exc from None
        raise


# the grammars a family's parser reads with its own (a family's productions in files of their own)
EXTENSIONS = {"oneshot": ("pt_amount.lark", "trigevents.lark", "oneshot_prevent.lark", "xvalue.lark",
                          "oneshot_chosen.lark", "daynight.lark", "oneshot_random.lark", "planechase.lark",
                          "oneshot_mass.lark", "schemes.lark", "modal.lark", "quoted_inner.lark", "payment.lark",
                          "oneshot_look.lark", "chosen_values.lark", "granter.lark", "mayhave.lark", "oneshot_freecast.lark",
                          "oneshot_eotfx.lark", "copies.lark",
                          "oneshot_search.lark",
                          "ring.lark", "oneshot_targets.lark", "counterspells.lark", "repeat.lark"),
              "statics": ("statics_situation.lark", "statics_records.lark", "statics_speed.lark",
                          "statics_zones.lark", "statics_self.lark", "statics_spells.lark", "statics_others.lark"),
              "costs": ("freecast.lark",)}


def grammar_files(family: str) -> tuple[str, ...]:
    """The grammar files of a family's parser: ``<family>.lark``, its EXTENSIONS, objects.lark, subtypes.lark and
    quantity.lark (the quantities any family may name)."""
    return (f"{family}.lark", *EXTENSIONS.get(family, ()), "objects.lark", "subtypes.lark", "quantity.lark")


@lru_cache(maxsize=None)
def parser(family: str, start: tuple[str, ...]):
    """The Earley parser of a family's grammar (``<family>.lark``), with objects.lark, subtypes.lark and
    quantity.lark (the quantities any family may name; each nonterminal predicted once per position:
    engine/vocab/oracle/earley.py)."""
    from lark import Lark

    from engine.vocab.oracle.earley import fast

    BUILDING[0] += 1
    try:
        text = "\n".join((HERE / f).read_text(encoding="utf-8") for f in grammar_files(family))
        return fast(Lark(text, start=list(start), parser="earley", lexer="dynamic", propagate_positions=False))
    finally:
        BUILDING[0] -= 1


# the parsers being built in this process: a run's time limit doesn't count them (engine/app/runguard.py: made once a
# process, whatever the board, like the start-up)
BUILDING = [0]


@lru_cache(maxsize=1)
def _singular() -> dict[str, str]:
    text = SUBTYPES_FILE.read_text(encoding="utf-8")
    singular_part, plural_part = text.split("SUBTYPES:")
    singulars = re.findall(r'"([^"]+)"', singular_part)
    plural_of = {p: s for s in singulars for p in _plurals(s)}
    # a plural names its singular, even where the data lists it as a subtype of its own ("Elves")
    return {w: plural_of.get(w, w) for w in singulars + re.findall(r'"([^"]+)"', plural_part)}


def subtype(word: str) -> str:
    found = _singular().get(str(word))
    if found is None:
        raise NotRead(f"no subtype {word!r}")
    return found


def _type(word: str) -> str:
    w = str(word).lower()
    w = w[:-1] if w.endswith("s") else w
    return w.capitalize()


def is_attached(sel) -> bool:
    """Whether a selector is the object the source is attached to and nothing more: ``{attached: true}``, or that
    with the card type its noun names ("enchanted creature", ``{attached: true, types: [Creature]}``; 303.4, 301.5)."""
    return isinstance(sel, dict) and sel.get("attached") is True and (
        set(sel) == {"attached"} or set(sel) == {"attached", "types"} and len(sel["types"]) == 1)


def attached_of(noun: str) -> dict:
    """The selector of "enchanted [noun]", "equipped [noun]", "fortified [noun]": the object the source is attached to,
    of the noun's card type; "permanent": any (303.4, 301.5, 301.6)."""
    noun = noun.lower()
    return {"attached": True} if noun == "permanent" else {"attached": True, "types": [noun.capitalize()]}


class Objects(Transformer):
    """objects -> selector fields (engine/vocab/selector.py)."""

    def self_ref(self, _):
        return {"self": True}

    def attached(self, children):
        """303.4, 301.5, 301.6: "enchanted creature", "equipped creature", "fortified land": the object the source is
        attached to, of the noun's card type ("enchanted land is an Island" changes no nonland); "enchanted
        permanent": any. 611.3a, 613.1, 613.6: the type is read as the effect applies in its layer (Mind Control takes
        no noncreature, even one that is a creature from layer 4 on)."""
        return attached_of(str(children[0]).split()[-1])

    def adj(self, children):
        tok = children[0]
        kind, w = tok.type, str(tok)
        low = w.lower()
        if kind == "COLOR":
            return ("colors", low)
        if kind == "NONCOLOR":
            return ("not_colors", low[3:])
        if kind == "COLORLESS":
            return ("not_colors_all", None)
        if kind == "TYPE":
            return ("types", _type(w))
        if kind == "NONTYPE":
            return ("not_types", _type(low[3:]))
        if kind == "SUPER":
            return ("supertypes", low.capitalize())
        if kind == "NONSUPER":
            return ("not_supertypes", low[3:].capitalize())
        if kind == "SUBTYPE":
            return ("subtypes", subtype(w))
        if kind == "NONSUBTYPE":
            return ("not_subtypes", subtype(w[4:] if w[:4].lower() == "non-" else w[3:].capitalize()))
        if kind == "TOKEN":
            return ("token", True)
        if kind == "NONTOKEN":
            return ("token", False)
        if kind == "ATTACKING":
            return ("attacking", True)
        if kind in ("TAPPED", "UNTAPPED"):  # 110.5
            return ("tapped", kind == "TAPPED")
        if kind == "MULTICOLORED":  # 105.2
            return ("multicolored", True)
        return ("blocking", True)

    def noun(self, children):
        tok = children[0]
        if tok.type in ("TYPES", "TYPE"):
            return [("types", _type(tok))]
        if tok.type in ("SUBTYPES", "SUBTYPE"):
            return [("subtypes", subtype(tok))]
        if tok.type == "TOKENS":
            return [("token", True)]
        return []  # permanents: every object on the battlefield

    def nonadj(self, children):  # (added by family 2) a negated adjective of a list, as adj reads it
        return self.adj(children)

    def a_token(self, _):  # (added by family 2) "a token": any token (111.1)
        return [("token", True)]

    def on_battlefield(self, _):  # (added by family 2) the default zone: no filter
        return []

    def without_either(self, children):
        first, second = (str(t).lower().removeprefix("without ") for t in children)
        if first == second:
            raise NotRead(f"{first} twice")
        return [("not_keywords", first), ("not_keywords", second)]

    def with_compare(self, children):  # 208.1, 202.3: "with power 2 or less" (engine/vocab/selector.py COMPARISONS)
        stat, n, bound = re.fullmatch(r"with (power|toughness|mana value) ([0-9]+) or (greater|less)", str(children[0])).groups()
        return (f"{stat.replace(' ', '_')}_at_{'least' if bound == 'greater' else 'most'}", int(n))

    def either_type(self, children):
        return [("any_types", _type(t)) for t in children]

    def either_color(self, children):
        first, second = (str(t).lower() for t in children)
        if first == second:
            raise NotRead(f"{first} twice")
        return [("colors", first), ("colors", second)]

    def type_or_subtype(self, children):  # (added by family 2) "land and Ally": one or the other (any_of)
        kind, sub = children
        return [("any_of", {"types": [_type(kind)]}), ("any_of", {"subtypes": [subtype(sub)]})]

    def either_subtype(self, children):
        return [("any_subtypes", [subtype(t) for t in children])]

    def post(self, children):
        tok = children[0]
        if isinstance(tok, tuple):  # with_compare's
            return tok
        w = str(tok).lower()
        if tok.type == "OF_CHOSEN_TYPE":
            return ("chosen_creature_type", True)
        if tok.type == "OF_CHOSEN_COLOR":
            return ("chosen_color", True)
        if tok.type == "NOT_OF_CHOSEN_TYPE":  # 205.3m: "that aren't of the chosen type"
            return ("not_chosen_creature_type", True)
        if tok.type == "OF_THAT_VALUE":  # 608.2c: the value "Choose a ..." named before it (chosen_values.py)
            return ("that_value", "color" if w.endswith("color") else "creature_type")
        if tok.type == "WITH_COUNTER":
            return ("counter", re.match(r"with (?:a |one or more )?(\S+) counters? on", str(tok)).group(1))
        if tok.type == "YOU_CONTROL":
            return ("controller", "you")
        if tok.type == "OPP_CONTROL":
            return ("controller", "opponent")
        if tok.type == "WITH_KEYWORD":
            return ("keywords", w.removeprefix("with "))
        return ("not_keywords", w.removeprefix("without "))

    def group(self, children):
        out: dict = {}
        pairs = []
        for c in children:
            if isinstance(c, list):
                pairs += c
            elif isinstance(c, tuple):
                pairs.append(c)
            elif getattr(c, "type", None) == "OTHER":
                out["other"] = True
            # QUANT ("all", "each") adds nothing
        for key, value in pairs:
            if key == "not_colors_all":
                out["not_colors"] = list(COLORS)
            elif key == "any_subtypes":  # "Orcs and Goblins": at least one of them (a selector's subtypes)
                if "subtypes" in out or len(set(value)) != len(value):
                    raise NotRead("subtypes twice")
                out["subtypes"] = list(value)
                continue
            elif key in ("token", "attacking", "blocking", "controller", "chosen_creature_type", "chosen_color", "chosen_name", "counter", "that_value",
                         "tapped", "multicolored", "not_chosen_creature_type") + COMPARISONS:
                if key in out:
                    raise NotRead(f"{key} twice")
                out[key] = value
            else:
                if value in out.setdefault(key, []):
                    raise NotRead(f"{value} twice")
                out[key].append(value)
        if len(out.get("subtypes", [])) > 1 and not any(k == "any_subtypes" for k, _ in pairs):
            raise NotRead("two subtypes")  # "Goblin Wizard": both, where a selector's subtypes is one of them
        return out
