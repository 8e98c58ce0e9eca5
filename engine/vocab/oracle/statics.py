"""Family 2 of the Oracle grammar (issue 21): static abilities that create continuous effects (604.1,
611.3), read by ``statics.lark`` into the continuous-effect vocabulary (engine/vocab/effects.py,
docs/card-format.md#continuous-effects-613) that the layers program executes (``mtgjudge layers``).

:func:`read` is the family's entry for :func:`engine.vocab.oracle.compile.compile_paragraph`: a
paragraph (``bare``: reminder text removed, the card's name written ``~``) becomes one ability of kind
``static`` or ``characteristic_defining`` with ``continuous:``, or None when the grammar does not
consume all of it or a part has no meaning in the vocabulary (:class:`objects.NotRead`).

:func:`continuous_static` says, by words only, whether a paragraph is shaped as a static ability
creating a continuous effect on objects: the denominator of the family's coverage figure.
"""

from __future__ import annotations

import re
from functools import lru_cache

from asp_rules.rulesdata import NON_CREATURE as NON_CREATURE_SUBTYPES, OP_LAYER
from engine.vocab.oracle.compile import REMINDER  # noqa: F401 (the paragraph as printed: tests)
from engine.vocab.oracle.objects import COLORS, NotRead, Objects, parser, read_tree, subtype, is_attached, attached_of
from engine.vocab.oracle.quantity_counted import COUNTED_ALLOWED, CountedQuantityReader
from engine.vocab.oracle.statics_commander import StaticsCommander
from engine.vocab.oracle.statics_more import StaticsMore
from engine.vocab.oracle.statics_paired import StaticsPaired
from engine.vocab.oracle.statics_records import RECORDS_ALLOWED, StaticsRecords
from engine.vocab.oracle.statics_speed import StaticsSpeed
from engine.vocab.oracle.statics_situation import StaticsSituation
from engine.vocab.oracle.statics_types import StaticsTypes
from engine.vocab.oracle.statics_subjects import StaticsSubjects
from engine.vocab.oracle.statics_zones import StaticsZones
from engine.vocab.oracle.statics_self import SELF_ALLOWED, StaticsSelf
from engine.vocab.oracle.statics_spells import StaticsSpells
from engine.vocab.oracle.statics_others import OTHERS_ALLOWED, StaticsOthers
from engine.vocab.oracle.statics_values import _IT, _NUMWORDS, PERMANENT_CARD, StaticsTail, _base, _count, _own_value, _resolve

# 205.3i: the land types (the subtypes of lands); the five basic ones bring their mana abilities (305.6)
LAND_TYPES = frozenset({"Cave", "Desert", "Forest", "Gate", "Island", "Lair", "Locus", "Mine", "Mountain", "Plains",
                        "Planet", "Power-Plant", "Sphere", "Swamp", "Tower", "Town", "Urza's"})
_ZONES = {"your graveyard": ("graveyard", "you"), "all graveyards": ("graveyard", None), "graveyards": ("graveyard", None), "your hand": ("hand", "you"),
          "your library": ("library", "you"), "exile": ("exile", None), "all players' hands": ("hand", None),
          "your opponents' graveyards": ("graveyard", "opponent"), "your opponents' hands": ("hand", "opponent")}
# the words a paragraph of this family needs, and words no template of statics.lark has outside a
# quoted ability (cheap tests before the Earley parser)
_PREFILTER = re.compile(r"\b(gets?|has|have|loses?|is|are|control)\b")
_NEVER = re.compile(r"\b(until|can't|can|cannot|must|cast|spells?|unless|doesn't|don't|isn't|aren't|If|where|instead|"
                    r"Otherwise|named|may|"
                    r"would|deals?|damage|target|During|during|X|entered|turn|life|additional|"
                    r"also|greatest|half|whose|paired|monstrous|blessing|dungeon|devotion|hand size)\b")
_QUOTE = re.compile(r'"[^"]*"')
# the phrases of the templates that have a word of _NEVER: taken out before that test
_ALLOWED = re.compile(r"( unless it's (?=attacking|blocking)|\. It gets [+-]\d+/[+-]\d+ instead(?= as long as )|"
                      r"\. If (?=it's an? \w+, it gets [+-]\d+/[+-]\d+ instead\.$)|(?<=[+-]\d/[+-]\d) instead\.$|"
                      r"can't attack or block|can't attack|can't block|can't be blocked|must be blocked if able|"
                      r"can block an additional creature each combat|can block any number of creatures|"
                      r"[Ss]pells? you (cast|control)|is also a|^(\S.* — )?During (your turn|turns other than yours), |"
                      r"also get|also have|, where X is | X/X(?=,)|[+-]X/[+-]X|[+-]X/[+-]\d+|[+-]\d+/[+-]X|"
                      r"it's your turn|\d+ or (more|less) life|your life total|an additional [+-]|"
                      r"and doesn't untap during its controller's untap step|\. Otherwise, (?=it )|"
                      r" during your turn\. Otherwise, (?=it )| during your turn\.$|(?:(?<=equal to )|(?<=where X is ))the greatest (?:mana value|power) among | isn't attacking or blocking|you've drawn (?:one|two|three|four|five) or more cards this turn|"
                      r"\. This effect doesn't remove this Aura\.$|(?<=you control )but don't own\b|(?<=^Creatures you )don't control(?= get [+-]\d+/[+-]\d+ for each \S+ counter on them\.$)|you've cast \w+ or more spells this turn(?=\.$|, )|you haven't cast a spell this turn(?=\.$|, )|[Aa]s long as you gained life this turn(?=\.$|, )|[Aa]s long as (?:it|~|this \w+) entered this turn(?=\.$|, )|[Aa]s long as (?:it|~|this \w+) is monstrous(?=\.$|, )|^As long as (?:~|this creature) is paired with another creature(?=, )|(?:^[Aa]s long as | as long as )you have the city's blessing(?=\.$|, )|(?:^[Aa]s long as | as long as )\w+ or more nonland permanents entered the battlefield under your control this turn(?=\.$|, )|[Aa]s long as your life total is (?:greater than or equal to|less than or equal to half) your starting life total(?=\.$|, )|[Aa]s long as you have at least \d+ life more than your starting life total(?=\.$|, )|(?<= and )can't have or gain (?=[a-z ,]+\.$)|your devotion to \w+(?: and \w+)? is less than \w+(?=, )|(?<=equal to )your devotion to \w+(?: and \w+)?(?=\.$)| isn't an? \w+(?=\.$)| isn't an? \w+(?= and is an? \w+ in addition to its other types\.$)|"
                      r"(?<=you control )that entered this turn(?= have )|"
                      r"[Aa]s long as you've lost life this turn(?=, )|^As long as an opponent's life total is less than half their starting life total(?=, )|"
                      r"(?<= as long as )(?:a library has \w+ or fewer cards in it|there are \w+ or more cards in a single graveyard)(?=\.$)|as long as \w+ or more creatures died under your control this turn(?=\.$)|"
                      r"(?<=for each )blessing counter on (?=this enchantment\.$)|(?<=assigns )combat damage equal to its toughness rather than its power(?=\.$))")
# combat rules beside a continuous effect (engine/vocab/combat.py)
_COMBAT = {"can't block": [{"rule": "cant_block"}], "can't attack": [{"rule": "cant_attack"}],
           "can't attack or block": [{"rule": "cant_attack"}, {"rule": "cant_block"}],
           "attacks each combat if able": [{"rule": "attacks_each_combat"}],
           "blocks each combat if able": [{"rule": "blocks_each_combat"}],
           "can't be blocked": [{"rule": "cant_be_blocked"}], "must be blocked if able": [{"rule": "must_be_blocked"}],
           "can block an additional creature each combat": [{"rule": "extra_blocks", "n": 1}],
           "can block any number of creatures": [{"rule": "blocks_any_number"}],
           # 701.15b: a goaded creature attacks each combat if able, and a player other than the goading player
           "is goaded": [{"rule": "attacks_each_combat"}, {"rule": "attacks_not_defender"}]}


def read(bare: str) -> list[dict] | None:
    """The static ability a paragraph is (one dict of the vocabulary, without its text), or None."""
    if not (_PREFILTER.search(bare) or SELF_ALLOWED.fullmatch(bare)) or _NEVER.search(SELF_ALLOWED.sub("", OTHERS_ALLOWED.sub("", COUNTED_ALLOWED.sub("", RECORDS_ALLOWED.sub("", _ALLOWED.sub("", _QUOTE.sub("", bare))))))) \
            or not continuous_static(bare):
        return None
    for quoted in _QUOTE.findall(bare):  # a quoted ability not compiled: the paragraph can't be, no need to parse it
        try:
            _granted_quote(quoted)
        except NotRead:
            return None
    if bare.endswith('"'):  # 'Enchanted land has "{T}: Add {G}."': the sentence's period is inside the quote
        bare += "."
    return _read(bare)


# the keywords of a spell on the stack the game loop reads from the layers (613.1f): the cast's costs (702.51a convoke,
# 702.126a improvise, 702.66a delve: engine/game/costs.py), the damage it deals (702.15b lifelink, 702.2b deathtouch:
# engine/game/combat_damage.py's characteristics), and engine/game/spell_keywords.py's (cascade, storm, rebound, split
# second)
SPELL_KEYWORDS = frozenset({"convoke", "improvise", "delve", "lifelink", "deathtouch", "cascade", "storm", "rebound",
                            "split second", "replicate", "casualty", "conspire"})  # (the optional costs: spell_keywords.py)


@lru_cache(maxsize=4096)
def _parse(bare: str):
    from lark.exceptions import LarkError

    try:
        return parser("statics", ("st_static",)).parse(bare)
    except LarkError:
        return None


def _read(bare: str) -> list[dict] | None:
    tree = _parse(bare)
    if tree is None:
        return None
    try:
        ability = read_tree(_Statics(), tree)
    except NotRead:
        return None
    if isinstance(ability, list):  # "... as long as [condition]. Otherwise, ...": two abilities
        return ability
    cont = ability.get("continuous") or {}
    ops = cont.get("do", [])
    if (cont.get("applies_to") or {}).get("zone") == "stack" and any(
            g.get("keyword") not in SPELL_KEYWORDS for op in ops if op.get("op") == "add_abilities" for g in op["abilities"]):
        return None  # 613.1f: a keyword given to spells that the game loop doesn't read from the layers (ripple, casualty)
    if "applies_to" not in cont and any(g.get("keyword") == "flash" for op in ops if op.get("op") == "add_abilities"
                                        for g in op["abilities"]):
        return None  # 702.8a: its own flash functions where it could be cast from (a hand): the layers see the battlefield
    if any(op.get("op") == "add_subtypes" and op.get("chosen") for op in ops) and bare.startswith("This land"):
        return None  # the chosen type of a land is a land type: the vocabulary's "chosen" is a creature type
    if (ability.get("kind") == "static" and "applies_to" not in cont and not set(cont) - {"do"} and ops
            and all(op.get("op") == "set_colors" or (op.get("op") == "add_subtypes" and op.get("all_creature_types"))
                    for op in ops)):
        # 604.3, 604.3a: "~ is colorless", "~ is all colors", "~ is every creature type": the object's own
        # characteristic, unconditional: a characteristic-defining ability, first in its layer (613.3)
        ability = dict(ability, kind="characteristic_defining")
    return [ability]


def _pt(token) -> tuple[int, int]:
    p, t = str(token).split("/")
    return int(p), int(t)


def quoted_text(token) -> str:
    """The ability a quotation gives, as a paragraph of its own: the quote's words, the sentence's comma that
    American punctuation puts inside the closing quotation mark ('has "Whenever ..., draw a card," and is a
    Wizard') dropped, and the ability's last sentence ended ('has "{T}: This creature deals 1 damage to any
    target" and ...': the period the enclosing sentence left out). The words are the quote's, unchanged."""
    inner = str(token)[1:-1]
    if inner.endswith(","):
        inner = inner[:-1]
    return inner if inner.endswith((".", '"')) or not inner else inner + "."


def _granted_quote(token) -> dict:
    """A quoted ability granted by an effect: read as a paragraph of its own by the compiler; a
    mana ability "{T}: Add ..." as the play program executes it (605.1a)."""
    from engine.vocab.cardfile import loop_mana_ability, mana_options
    from engine.vocab.oracle.compile import compile_paragraph

    inner = quoted_text(token)
    if "~" in inner:  # the card's name inside the quote: the granting card, not the object that has it
        raise NotRead("a name inside a quoted ability")
    if inner.startswith("{T}: Add ") and mana_options(inner) or loop_mana_ability(inner) is not None:
        # 605.1a: a mana ability the game loop activates from the object's abilities as the layers give them (605.3:
        # its whole cost paid, 601.2h; "{T}, Pay 1 life: Add ...", a "Spend this mana only ..." rider, 106.6)
        return {"text": inner, "kind": "activated", "mana": True}
    found = compile_paragraph(inner)
    if found and len(found) == 1:
        ab = found[0]
        if ab.kind == "keyword":
            return ab.model_dump(include={"keyword", "n", "cost", "quality"}, exclude_none=True)
        fields = ab.model_dump(by_alias=True, exclude_defaults=True)
        if ab.kind in ("static", "characteristic_defining") and set(fields) == {"kind", "text", "continuous"}:
            # 604.3a (2), (4): an ability an effect grants is never characteristic-defining ("This creature's power
            # is equal to ..." in quotes: a static ability, its effect in 7b, not 7a)
            return {"text": inner, "kind": "static", "continuous": fields["continuous"]}
    raise NotRead(f"the quoted ability {inner!r} is not compiled")


def _keywords(text: str) -> list[dict]:
    """A keyword (or 702.16g's two protections) as family 1 reads it, granted: {keyword, n/cost/quality}."""
    from engine.vocab.oracle.compile import keyword_line

    found = keyword_line(text)
    if not found:
        raise NotRead(f"no keyword {text!r}")
    out = [k.model_dump(include={"keyword", "n", "cost", "quality"}, exclude_none=True) for k in found]
    for k in out:  # "protection from the chosen color": the quality the layers program fills from choices.color
        if k.get("quality") == "the chosen color":
            k["quality"] = "chosen color"
    return out


class _Statics(StaticsZones, StaticsSubjects, StaticsCommander, StaticsMore, StaticsPaired, StaticsRecords, StaticsSpeed, StaticsSituation, StaticsTail, StaticsTypes,
               StaticsSpells, StaticsOthers, CountedQuantityReader, Objects, StaticsSelf):
    """statics.lark's tree -> the ability dict (the vocabulary validates it in compile_paragraph)."""

    # --- what is granted or lost -------------------------------------------------------------------
    def st_keyword(self, children):
        return _keywords(" ".join(str(c) for c in children))

    def st_keywords(self, children):
        return [k for c in children for k in c]

    def st_grant(self, children):
        c = children[0]
        return c if isinstance(c, list) else [_granted_quote(c)]

    def st_grants(self, children):
        return [g for c in children for g in c]

    # --- type phrases and colors -------------------------------------------------------------------
    def st_color(self, children):
        w = str(children[0]).lower()
        return None if w == "colorless" else w

    def st_colors(self, children):
        if children and not isinstance(children[0], str) and children[0] is not None:
            children = [self.st_color([children[0]])]
        return [c for c in children if c is not None]

    def st_typeword(self, children):
        tok = children[0]
        if tok.type in ("TYPE", "TYPES"):
            w = str(tok).lower()
            return ("type", (w[:-1] if w.endswith("s") else w).capitalize())
        return ("subtype", subtype(tok))

    def st_kind(self, children):
        kind = {"types": [], "subtypes": [], "colors": [], "colorless": False, "pt": None, "grants": []}
        seen_color = False
        for c in children:
            if isinstance(c, list):  # "with haste": the keywords it has
                kind["grants"] = c
            elif isinstance(c, tuple):
                kind["types" if c[0] == "type" else "subtypes"].append(c[1])
            elif c is None:
                kind["colorless"] = seen_color = True
            elif isinstance(c, str) and not hasattr(c, "type"):
                kind["colors"].append(c)
                seen_color = True
            elif getattr(c, "type", None) == "ST_NN":
                if kind["pt"] is not None:
                    raise NotRead("two power/toughness")
                kind["pt"] = _pt(c)
        if kind["colorless"] and kind["colors"]:
            raise NotRead("colorless and a color")
        for key in ("types", "subtypes", "colors"):
            if len(set(kind[key])) != len(kind[key]):
                raise NotRead(f"{key} twice")
        del seen_color
        return kind

    def _tail(self, kind: dict, add_colors: bool = False) -> list[dict]:
        ops = []
        if kind["colors"] or kind["colorless"]:
            ops.append({"op": "add_colors" if add_colors else "set_colors", "colors": kind["colors"]})
        if kind["pt"] is not None:
            ops.append({"op": "set_base_pt", "power": kind["pt"][0], "toughness": kind["pt"][1]})
        if kind["grants"]:
            ops.append({"op": "add_abilities", "abilities": kind["grants"]})
        return ops

    # --- predicates: each a list of operations ------------------------------------------------------
    def st_modify(self, children):
        p, t = _pt(children[1])
        return [{"op": "modify_pt", "power": p, "toughness": t}]

    def st_modify_each(self, children):
        p, t = _pt(children[1])
        counted = children[2]
        return [{"op": "modify_pt", "power": _count(counted, times=p) if p else 0,
                 "toughness": _count(counted, times=t) if t else 0}]

    def st_add(self, children):
        return [{"op": "add_abilities", "abilities": children[1]}]

    def st_base_pt_mv(self, _):
        return [{"op": "set_base_pt", "power": {"mana_value": True}, "toughness": {"mana_value": True}}]

    def st_base_pt(self, children):
        p, t = _pt(children[1])
        return [{"op": "set_base_pt", "power": p, "toughness": t}]

    def st_lose_all(self, _):
        return [{"op": "lose_all_abilities"}]

    def st_lose_all_but_mana(self, _):
        return [{"op": "lose_all_abilities", "except_mana": True}]

    def st_lose(self, children):
        found = children[1]
        if any(set(k) != {"keyword"} for k in found):
            raise NotRead("losing a keyword with a parameter")
        return [{"op": "lose_abilities", "keywords": [k["keyword"] for k in found]}]

    def st_set_colors(self, children):
        return [{"op": "set_colors", "colors": children[1]}]

    def _add_kind(self, kind: dict, add_colors: bool) -> list[dict]:
        ops = []
        if kind["types"]:
            ops.append({"op": "add_types", "types": kind["types"]})
        other = [s for s in kind["subtypes"] if s not in LAND_TYPES]
        lands = [s for s in kind["subtypes"] if s in LAND_TYPES]
        if other:
            ops.append({"op": "add_subtypes", "subtypes": other})
        if lands:
            ops.append({"op": "add_land_types", "subtypes": lands})
        return ops + self._tail(kind, add_colors)

    def st_add_kind(self, children):
        return self._add_kind(children[1], add_colors=False)

    def st_add_kind_colors(self, children):
        return self._add_kind(children[1], add_colors=True)

    def st_subtype_list(self, children):
        found = [subtype(t) for t in children]
        if len(set(found)) != len(found) or any(t in LAND_TYPES for t in found):
            raise NotRead("a subtype twice, or a land type")
        return found

    def st_also(self, children):
        return [{"op": "add_subtypes", "subtypes": children[-1]}]

    def st_add_chosen(self, _):
        return [{"op": "add_subtypes", "chosen": True}]

    def st_all_types(self, _):
        return [{"op": "add_subtypes", "all_creature_types": True}]

    def st_all_basic(self, _):
        return [{"op": "add_land_types", "all_basic": True}]

    def st_chosen_color(self, _):
        return [{"op": "set_colors", "chosen": True}]

    def st_all_colors(self, _):
        return [{"op": "set_colors", "colors": list(COLORS)}]

    def st_become(self, children):
        kind = children[1]
        if not kind["types"]:
            # 305.7: "Nonbasic lands are Mountains": the land types are replaced
            if kind["subtypes"] and all(s in LAND_TYPES for s in kind["subtypes"]) and not self._tail(kind):
                return [{"op": "set_land_types", "subtypes": kind["subtypes"]}]
            if kind["subtypes"] and not any(s in LAND_TYPES for s in kind["subtypes"]):
                # 205.1a: "is a black Zombie": its creature types are replaced (its card types stay)
                return [{"op": "set_creature_types", "subtypes": kind["subtypes"]}] + self._tail(kind)
            raise NotRead("land types and other subtypes, or no type, without 'in addition'")
        if sorted(kind["types"]) == ["Artifact", "Creature"]:
            # 205.1b: "is an artifact creature" keeps all its prior card types and subtypes ("an artifact creature
            # [creature types]": but its creature types, replaced; statics_self.py, round 21)
            subs = [{"op": "set_creature_types", "subtypes": kind["subtypes"]}] if kind["subtypes"] else []
            if any(s in NON_CREATURE_SUBTYPES for s in kind["subtypes"]):
                raise NotRead("'an artifact creature' with subtypes other than creature types")
            return [{"op": "add_types", "types": ["Artifact", "Creature"]}] + subs + self._tail(kind)
        # 205.1a: it becomes these types and subtypes only
        return [{"op": "set_types", "types": kind["types"], "subtypes": kind["subtypes"]}] + self._tail(kind)

    def st_combat(self, children):
        return [{"combat": rule} for rule in _COMBAT[str(children[0])]]

    def st_preds(self, children):
        return self.other_abilities([op for c in children for op in c])  # statics_types.py

    def st_preds_quote_comma(self, children):
        *first, _, quoted, last = children
        if not str(quoted).endswith(',"'):  # "A, has "B" and C": no serial comma, no list Oracle prints
            raise NotRead("a list without its last comma")
        return self.st_preds(first + [[{"op": "add_abilities", "abilities": self.st_grant([quoted])}], last])

    # --- the effect ------------------------------------------------------------------------------------
    def st_subject_cards(self, children):
        return self._cards(children)

    def st_spell_kind(self, children):
        tok = children[0]
        if tok.type == "SUBTYPE":
            return {"subtypes": [subtype(tok)]}
        return {"any_types": [str(t).capitalize() for t in children]}

    def st_subject_spells(self, children):
        kind = next((c for c in children if isinstance(c, dict)), {})
        return {"zone": "stack", **kind, "controller": "you"}

    def st_subject(self, children):
        c = children[0]
        return _IT if getattr(c, "type", None) == "ST_IT" else c

    def st_self(self, children):
        if children[0] != {"self": True}:
            raise NotRead("a characteristic-defining ability of another object")
        return children[0]

    def st_subject_effect(self, children):
        return (children[0], children[1])

    def st_control(self, children):
        return (children[0], [{"op": "control"}])

    # --- conditions: (the count, what "it" stands for) --------------------------------------------------
    def st_cond_control(self, children):
        sel = children[-1]
        if "controller" in sel or set(sel) & {"self", "attached"}:
            raise NotRead("a controlled object already qualified")
        return ({"count": {**sel, "controller": "you"}, "at_least": 1}, None)

    def st_cond_control_n(self, children):
        sel = children[-1]
        if "controller" in sel or set(sel) & {"self", "attached"} or sel.get("other"):
            raise NotRead("a controlled object already qualified")
        return ({"count": {**sel, "controller": "you"}, "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_opp_control(self, children):
        sel = children[-1]
        if "controller" in sel or set(sel) & {"self", "attached"} or sel.get("other"):
            raise NotRead("a controlled object already qualified")
        return ({"count": {**sel, "controller": "opponent"}, "at_least": 1}, None)

    def st_cond_a_card(self, children):
        return ({"count": children[-1], "at_least": 1}, None)

    def st_card_is(self, children):
        return self._cards(children)

    def st_its_add_kind(self, children):
        return (_IT, self._add_kind(children[1], add_colors=False))

    def st_cond_cards(self, children):
        return ({"count": children[-1], "at_least": _NUMWORDS[str(children[0])]}, None)

    def st_cond_is(self, children):
        subject, state = children
        if subject is _IT:
            return ({"count": state}, _IT)
        base = _base(subject)
        return ({"count": {**base, **state}, "at_least": 1}, base)

    def st_cond_its(self, children):
        return ({"count": children[1]}, _IT)

    def st_cond_counter(self, children):
        subject, kind = children[0], str(children[-1])
        state = {"counter": kind}
        if subject is _IT:
            return ({"count": state}, _IT)
        base = _base(subject)
        return ({"count": {**base, **state}, "at_least": 1}, base)

    def st_state_combat(self, children):
        return {str(children[0]): True}

    def st_state_color(self, children):
        return {"colors": [str(children[0]).lower()]}

    def st_state_kind(self, children):
        supers = [str(t).capitalize() for t in children if getattr(t, "type", None) == "SUPER"]
        kind = self.st_kind([c for c in children[1:] if getattr(c, "type", None) != "SUPER"])
        if kind["pt"] is not None or kind["colorless"]:
            raise NotRead("a condition on power or colorlessness")
        out = {k: kind[k] for k in ("types", "subtypes", "colors") if kind[k]}
        if supers:  # "is a basic Mountain"
            out["supertypes"] = supers
        if len(out.get("subtypes", [])) > 1:
            raise NotRead("two subtypes")
        return out

    # --- counted objects and values ----------------------------------------------------------------------
    def st_counted_objects(self, children):
        sel = children[0]
        if set(sel) & {"self", "attached"}:
            raise NotRead("counting the source")
        return sel

    def st_counted(self, children):
        return children[0]

    def _cards(self, children) -> dict:
        out: dict = {}
        pairs = []
        for c in children:
            if isinstance(c, list):  # an adjective of two subtypes ("Ninja and Rogue")
                pairs += c
            elif isinstance(c, tuple):
                pairs.append(c)
        for key, value in pairs:
            if key in ("token", "attacking", "blocking", "not_colors_all", "tapped"):
                raise NotRead(f"cards that are {key}")
            if key in ("any_types", "any_subtypes"):  # "permanent cards" (110.4a), "instant and sorcery cards"
                field = "any_types" if key == "any_types" else "subtypes"
                if field in out:
                    raise NotRead(f"{field} twice")
                out[field] = list(value)
            elif key == "multicolored":
                out[key] = value
            else:
                out.setdefault(key, []).append(value)
        for c in children:
            if getattr(c, "type", None) == "ST_OTHER_CARD":
                out["other"] = True
            if getattr(c, "type", None) == "ST_ZONE":
                zone, owner = _ZONES[str(c)]
                out["zone"] = zone
                if owner:
                    out["owner"] = owner
        return out

    def st_cards(self, children):
        return self._cards(children)

    def st_card_adj(self, children):
        c = children[0]
        return ("any_types", PERMANENT_CARD) if getattr(c, "type", None) == "ST_PERMANENT_ADJ" else c

    def st_cards_are(self, children):
        return self._cards(children)

    def st_number(self, children):
        return _count(children[0])

    def st_twice(self, children):
        return _count(children[0], times=2)

    def st_one_plus(self, children):
        return _count(children[1], plus=int(children[0]))

    def st_cards_among(self, children):
        return self._cards(children)

    def st_card_types(self, children):
        return {"count": children[0], "card_types": True}

    # --- the sentence ---------------------------------------------------------------------------------
    def _ability(self, effect, condition=None, it=None) -> dict:
        subject, ops = effect
        if subject is _IT:
            if it is None or it is _IT:
                raise NotRead("'it' names nothing")
            subject = it
        combat = [op["combat"] for op in ops if "combat" in op]
        if [op.pop("_it_is_source") for op in ops if "_it_is_source" in op] and subject != {"self": True}:
            raise NotRead("'exiled with it' of an object other than the source")
        untap = [op for op in ops if "doesnt_untap" in op]
        ops = [op for op in ops if "combat" not in op and "doesnt_untap" not in op]
        if untap and (condition is not None or not ops or not is_attached(subject)):
            # the loop's doesnt_untap has no condition; "its controller's": the object the source is attached to
            raise NotRead("'doesn't untap' under a condition, alone, or of another object")
        if combat and (condition is not None or not ops):
            raise NotRead("a combat rule under a condition, or alone (family 3)")
        cont: dict = {}
        if condition is not None and condition.get("always"):  # "as long as this creature is on the battlefield"
            condition = None
        if condition is not None and "during" in condition:  # "as long as it's your turn"
            cont["during"] = condition["during"]
            # "as long as it's your turn and you control an Army": the count beside the turn
            condition = {k: v for k, v in condition.items() if k != "during"} or None
        if condition is None:
            pass
        elif condition is not None and condition.get("entered_this_turn"):
            if condition.get("_it") and subject != {"self": True}:
                raise NotRead("'it entered this turn' of another object than the source")
            cont["if"] = {"entered_this_turn": "self"}
        elif condition is not None and (condition.get("monstrous") or condition.get("renowned")):  # 701.37b, 702.112b
            key = "monstrous" if condition.get("monstrous") else "renowned"
            if condition.get("_it") and subject != {"self": True}:
                raise NotRead(f"'it is {key}' of another object than the source")
            cont["if"] = {key: "self"}
        elif condition is not None and set(condition) & {"life", "drawn", "spells_cast", "player", "gained_life", "monarch", "paired", "city_blessing",
                                                        "nonland_entered", "this_turn", "speed"}:
            cont["if"] = condition
        elif condition is not None:
            count = condition["count"]
            if not set(count) & {"self", "attached", "zone", "controller", "attached_to", "_host_kinds", "any_of"}:
                # "as long as it's attacking": "it" is the subject the condition follows
                count = {**_base(subject), **count}
            cont["if"] = {"count": _resolve(count, subject), "at_least": condition.get("at_least", 1),
                          **{k: condition[k] for k in ("at_most", "card_types", "mana_values", "counters", "devotion",
                                                    "most_common_color")
                                if k in condition}}
        if subject != {"self": True}:  # a static ability of an object applies to the source by default (611.3a)
            cont["applies_to"] = subject
        cont["do"] = [self._resolve_op(op, subject) for op in ops]
        if ("has_attached" in str(cont) or "'modified'" in str(cont)) and any(OP_LAYER[op["op"]] in ("1a", "1b", "2", "3", "4") for op in ops):
            # the layers read the attached objects' subtypes as they are: no effect of layer 4 may change them
            # while the effect is still to apply (has_attached, docs/card-format.md#selectors)
            raise NotRead("'enchanted creatures' in an effect of layers 1-4")
        ability = {"kind": "static", "continuous": cont}
        if untap:  # 502.3: the game loop's untap step reads it
            ability["doesnt_untap"] = subject  # (the object it is attached to, of its noun's type)
        if combat:  # the rules are about the effect's subject (default: the source)
            ability["combat"] = [rule if subject == {"self": True} else {**rule, "subjects": subject} for rule in combat]
        return ability

    @staticmethod
    def _resolve_op(op: dict, subject) -> dict:
        """The op with its counts' "it" made the effect's subject ("for each Aura attached to it")."""
        out = dict(op)
        for key in ("power", "toughness"):
            v = op.get(key)
            if isinstance(v, dict) and "count" in v:
                out[key] = _own_value(v, subject) or {**v, "count": _resolve(v["count"], subject)}
        return out

    def st_plain(self, children):
        return self._ability(children[0])

    def st_spares_aura(self, children):
        """702.16c, 704.5m: "This effect doesn't remove this Aura.": the Aura's protection for what it enchants
        spares the Aura itself (the state-based action reads spares_source, engine/game/sba.py)."""
        ability = self._ability((attached_of(str(children[0])), children[-1]))
        cont = ability["continuous"]
        grants = [op for op in cont["do"] if op["op"] == "add_abilities"]  # (beside a bonus: "gets +1/+1 and has ...")
        if set(ability) != {"kind", "continuous"} or set(cont) != {"applies_to", "do"} \
                or not is_attached(cont["applies_to"]) or len(grants) != 1 \
                or any(op["op"] not in ("add_abilities", "modify_pt") for op in cont["do"]) \
                or any(k.get("keyword") != "protection" for k in grants[0]["abilities"]):
            raise NotRead("'doesn't remove this Aura' of an effect other than the Aura's protection")
        grants[0]["abilities"] = [{**k, "spares_source": True} for k in grants[0]["abilities"]]
        return ability

    def st_if_first(self, children):
        (condition, it), effect = children
        if it is _IT:
            raise NotRead("'it' before its object")
        return self._ability(effect, condition, it)

    def st_if_after(self, children):
        effect, (condition, it) = children
        if it is _IT and self._each_its_types(effect, condition) is not None:  # "Each land ... as long as it's a creature"
            return self._ability(self._each_its_types(effect, condition), None)
        if it is not None and it is not _IT and effect[0] is _IT:
            raise NotRead("'it' twice")
        return self._ability(effect, condition)

    def st_during(self, children):
        ability = self._ability(children[1])
        if "combat" in ability or "doesnt_untap" in ability:
            raise NotRead("a combat rule only during a turn")
        ability["continuous"]["during"] = "your_turn" if "your turn" in str(children[0]) else "not_your_turn"
        return ability

    def st_cda(self, children):
        value = children[1]
        op = {"op": "set_pt", "power": value, "toughness": value}
        return {"kind": "characteristic_defining", "continuous": {"do": [self._resolve_op(op, {"self": True})]}}

    def st_cda_plus1(self, children):
        value, plus = children[1], int(children[2])
        if "plus" in value or "counters" in value:
            raise NotRead("that number plus N of a value with its own plus")
        op = {"op": "set_pt", "power": value, "toughness": {**value, "plus": plus}}
        return {"kind": "characteristic_defining", "continuous": {"do": [self._resolve_op(op, {"self": True})]}}

    def st_cda_power(self, children):
        # 208.2a, 604.3: only the power is defined; the toughness stays the object's own
        op = {"op": "set_pt", "power": children[1], "toughness": {"own": "toughness"}}
        return {"kind": "characteristic_defining", "continuous": {"do": [self._resolve_op(op, {"self": True})]}}

    def st_cda_toughness(self, children):
        op = {"op": "set_pt", "power": {"own": "power"}, "toughness": children[1]}
        return {"kind": "characteristic_defining", "continuous": {"do": [self._resolve_op(op, {"self": True})]}}

    def st_static(self, children):
        return children[-1]



# --- the family's denominator: paragraphs shaped as a static ability with a continuous effect ------------

_ABILITY_WORD = re.compile(r"(?!(?:I|II|III|IV|V|VI)\b)[A-Z][A-Za-z' ,0-9-]{0,30} — ")  # 207.2c, and the like
_CHAPTER = re.compile(r"(•|(?:I|II|III|IV|V|VI)(?:, (?:I|II|III|IV|V|VI))* —)")  # a mode (700.2), a chapter (714.2)
_CONDITION = re.compile(r"(As long as|During your turn|During each of your turns|During turns other than yours|"
                        r"During combat|Except during)[^,]*, ")
_VERB = re.compile(r"\b(gets?|has|have|is|are|isn't|aren't|it's|loses?|controls?|enters?|deals?|can't|can|cannot|may|"
                   r"must|attacks?|blocks?|costs?|doesn't|don't|would|becomes?|gains?|skips?|untaps?|draws?|cast|play|"
                   r"pays?|sacrifices?|counts?|assigns?|adds?|put|returns?|exiles?|creates?|destroys?|phases?|"
                   r"transforms?|wins?)\b")
_NOUN_VERB = re.compile(r"\b(you|opponents|opponent|you don't|they|player|that player|its controller|you both|"
                        r"you own and|team|but)$", re.I)  # "creatures you control", "spells you cast", "but don't own"
_RELATIVE = re.compile(r"\b(could|would|might|that|which|who|if it|if they|while it)$", re.I)
_PLAYER = re.compile(r"(You|Players|Each player|Your opponents|Each opponent|An opponent|Target player|That player|"
                     r"Its controller|Defending player|Each of your opponents)\b", re.I)
# subjects that name no object: damage (redirection and prevention are replacement effects, 614, 615),
# "While ...", "Any time ...", a d20 table's row
_NOT_OBJECT = re.compile(r"(Damage|All damage|all damage|Prevent|While|Any time|Cast|Spend|Mana)\b|.*\|")
_OBJECT_VERBS = frozenset({"get", "gets", "has", "have", "is", "are", "lose", "loses", "isn't", "aren't", "it's"})


def continuous_static(bare: str) -> bool:
    """Whether a paragraph of a permanent card (``bare``, as :func:`objects.bare` writes it) is shaped as
    a static ability that creates a continuous effect on objects (604.1, 611.3), by its words alone,
    whether or not :func:`read` reads it: after an ability word (207.2c) and a leading condition ("As
    long as ...,", "During your turn,"), its first sentence's first verb is get(s), has/have, lose(s)
    or is/are/isn't/aren't with a subject that is not a player ("Enchanted creature gets +1/+1",
    "Nonbasic lands are Mountains", "~'s power is equal to ..."), or it is "You control [objects]"
    (613.1b). Not: keyword lines (702), triggered abilities ("When", "Whenever", "At", 603.1),
    activated abilities ("cost: effect", 602.1), modes and chapters, "As ~ enters" and "If ..."
    (replacement effects, 614), effects on players ("You have hexproof", 613.10), combat rules ("can't
    block", family 3), costs ("spells cost {1} less", 601.2f). The denominator of the family's figure."""
    from engine.vocab.cardfile import parse_activation_cost

    s = bare
    if _CHAPTER.match(s):
        return False
    m = _ABILITY_WORD.match(s)
    s = s[m.end():] if m else s
    head, colon, _ = s.partition(": ")
    if colon and '"' not in head:
        try:
            if parse_activation_cost(head) is not None:
                return False
        except ValueError:
            pass
    m = _CONDITION.match(s)
    if m:
        s = s[m.end():]
    elif re.match(r"(When|Whenever|At|As|If|Enchant|Equip)\b", s):
        return False
    if re.match(r"(When|Whenever|At)\b", s):
        return False
    sentence = s.split(". ")[0]
    for v in _VERB.finditer(sentence):  # the first verb, past the verbs of noun phrases and relative clauses
        w, before = v.group(1), sentence[:v.start()].rstrip()
        if w == "control" and before == "You":  # "You control enchanted creature" (613.1b)
            return True
        if w in ("control", "controls", "cast", "play", "don't") and _NOUN_VERB.search(before):
            continue
        if _RELATIVE.search(before):
            continue
        subject = "it" if w == "it's" else before
        if not subject:
            return False
        if w in ("control", "controls"):
            return subject == "You"
        return w in _OBJECT_VERBS and not _PLAYER.match(subject) and not _NOT_OBJECT.match(before or subject)
    return False


PERMANENT_TYPES = frozenset({"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"})  # 110.4a


def coverage(records, top: int = 20) -> dict:
    """The family's figure over card records (dicts with ``name``, ``types``, ``text``, as the card
    database's JSON holds them, each name once): the paragraphs of permanent cards that are continuous
    statics by words (:func:`continuous_static`; keyword lines aside), how many compile
    (:func:`~engine.vocab.oracle.compile.compile_paragraph` through this family), and the ``top`` most
    frequent templates that don't (numbers as +N/+N, quoted abilities as "[ability]")."""
    from collections import Counter

    from engine.vocab.oracle.compile import compile_paragraph, keyword_line
    from engine.vocab.oracle.objects import bare as bare_of

    seen: set[str] = set()
    statics = compiled = 0
    missing: Counter = Counter()
    for r in records:
        if r["name"] in seen or not PERMANENT_TYPES & set(r.get("types") or ()):
            continue
        seen.add(r["name"])
        for paragraph in (r.get("text") or "").splitlines():
            words = bare_of(paragraph, r["name"])
            if not paragraph.strip() or keyword_line(paragraph) is not None or not continuous_static(words):
                continue
            statics += 1
            if read(words) is not None and compile_paragraph(paragraph, r["name"]) is not None:
                compiled += 1
            else:
                missing[_QUOTE.sub('"[ability]"', re.sub(r"[+-]\d+/[+-]\d+", "+N/+N", words))] += 1
    return {"continuous_statics": statics, "compiled": compiled, "ratio": compiled / statics if statics else 0.0,
            "not_compiled": missing.most_common(top)}


if __name__ == "__main__":  # python -m engine.vocab.oracle.statics: the figure over the card database
    import json

    from engine.files.carddb import default_source

    found = coverage(json.loads(default_source().path.read_text(encoding="utf-8")))
    print(f"{found['compiled']} of {found['continuous_statics']} continuous statics compile ({found['ratio']:.1%})")
    for template, n in found["not_compiled"]:
        print(f"{n:5}  {template}")
