"""Family 5 of the Oracle grammar (oneshot.lark's block "cast triggers: more spell qualities (issue 21)"): the spells a
cast trigger names (601.2i, 603.2) beyond os_trigger's os_cast: a list of kinds of different sorts ("an instant,
sorcery, or Wizard spell": SpellQuality any_of), the caster's Nth spell of the turn with a quality ("your first
enchantment spell each turn": CastTrigger nth), a kicked spell (702.33d), a legendary spell (205.4a), a spell of the
color or creature type chosen for the source (614.12), one cast from anywhere other than its caster's hand, mana value
bounds (202.3) and a subtype with a card type ("an Eldrazi creature spell"). A mixin of oneshot_trig2.py's Trig2Reader;
the spell kinds (os_spell_kind) are oneshot_triggers.py's. The game loop: engine/game/cast_quality.py."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import _number

_NTH = {"first": 1, "second": 2, "third": 3}


def list_trigger(bare: str, parses) -> tuple[str, str, str]:
    """The trigger of a paragraph whose trigger lists kinds with commas ("Whenever you cast an instant, sorcery, or
    Wizard spell, ..."): the head ending at the first ", " after it that ``parses`` (os_trigger, all of it), as
    str.partition gives it; ("", "", "") if none does (the paragraph is not read)."""
    at = bare.find(", ")
    while at != -1:
        if parses(bare[:at]):
            return bare[:at], ", ", bare[at + 2:]
        at = bare.find(", ", at + 2)
    return "", "", ""


def _tokens(children, kind: str) -> list[str]:
    return [str(c) for c in children if isinstance(c, Token) and c.type == kind]


def _caster(children) -> dict:
    """603.2: "an opponent casts" -> player: opponent, "a player casts" -> any ("you cast": the default, you)."""
    caster = next((t.lower() for t in _tokens(children, "OS_CASTER")), None)
    return {"player": "opponent" if caster == "an opponent" else "any"} if caster else {}


def _kind(children) -> dict:
    """The quality os_spell_kind read (its "a"/"an" not checked here: the caller's article is fixed), {} if none."""
    kind = next((c for c in children if isinstance(c, dict) and "_vowel" in c), None)
    return {k: v for k, v in (kind or {}).items() if k != "_vowel"}


class CastQualityReader:
    """The productions of the block "cast triggers: more spell qualities (issue 21)" of oneshot.lark."""

    # --- the kinds of a list: each -> (sort, value) -----------------------------------------------
    def os_cq_type(self, children):
        return ("types", str(children[0]).capitalize())

    def os_cq_noncreature(self, _children):
        return ("not_types", "Creature")

    def os_cq_subtype(self, children):
        return ("subtypes", str(children[0]))

    def os_cq_color(self, children):
        return ("colors", str(children[0]).lower())

    def os_cq_alt(self, children):
        return children[0]

    def os_cq_type_alt(self, children):
        return children[0]

    def os_cq_sub_alt(self, children):
        return children[0]

    def os_cq_alts(self, children):
        """205.2a, 205.3, 105.1: the kinds, each a quality a spell may have ("an instant, sorcery, or Wizard spell": a
        card type or a subtype) -> {"_alts": SpellQuality}: one sort -> that field listing them (types, subtypes and
        colors are "at least one of"); several -> any_of, one quality for each sort."""
        kinds = [c for c in children if isinstance(c, tuple)]
        sorts: dict[str, list[str]] = {}
        for sort, value in kinds:
            sorts.setdefault(sort, []).append(value)
        if len(sorts) == 1:
            return {"_alts": dict(sorts), "_first": kinds[0][1]}
        return {"_alts": {"any_of": [{sort: values} for sort, values in sorts.items()]}, "_first": kinds[0][1]}

    # --- the triggers ---------------------------------------------------------------------------
    def os_cast_alts(self, children):
        alts = next(c for c in children if isinstance(c, dict) and "_alts" in c)
        article = _tokens(children, "OS_ARTICLE")[0].lower()
        if (article == "an") != (alts["_first"][0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        return {"event": "cast", "spells": alts["_alts"], **_caster(children)}

    def os_cast_nth(self, children):
        """601.2i, 603.2: "your first enchantment spell each turn": the caster's Nth spell of the turn among those the
        quality names (none: among all its spells)."""
        nth = _NTH[(_tokens(children, "OS_CQ_NTH") or _tokens(children, "OS_CQ_NTH_BARE"))[0]]
        alts = next((c["_alts"] for c in children if isinstance(c, dict) and "_alts" in c), None)
        spells = alts if alts is not None else _kind(children)
        return {"event": "cast", "nth": nth, **({"spells": spells} if spells else {})}

    def os_cast_kicked(self, _children):
        return {"event": "cast", "kicked": True}

    def os_cast_legendary(self, children):
        return {"event": "cast", "spells": {**_kind(children), "supertypes": ["Legendary"]}}

    def os_cast_chosen(self, children):
        """614.12: the color or creature type chosen for the source as it entered ("As this artifact enters, choose a
        creature type", its choices)."""
        chosen = _tokens(children, "OS_CQ_CHOSEN")[0]
        kind = _kind(children)
        if set(kind) - {"types"}:
            raise NotRead("'of the chosen ...' with another quality than a card type")
        return {"event": "cast", "spells": {**kind, ("chosen_color" if chosen == "color" else "chosen_creature_type"): True},
                **_caster(children)}

    def os_cast_not_hand(self, children):
        return {**self.os_cast(children), "from_zone": "not_hand"}

    def os_cast_mv_at_most(self, children):
        head = self.os_cast([c for c in children if not (isinstance(c, Token) and c.type == "OS_NUMBER")])
        n = _number(next(c for c in children if isinstance(c, Token) and c.type == "OS_NUMBER"))
        return {**head, "spells": {**head.get("spells", {}), "max_mana_value": n}}

    def os_cast_typed_subtype(self, children):
        """205.3: "an Eldrazi creature spell": a spell with the subtype and the card type."""
        sub = _tokens(children, "SUBTYPE")[0]
        article = _tokens(children, "OS_ARTICLE")[0].lower()
        if (article == "an") != (sub[0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        mv = next((c["_mv"] for c in children if isinstance(c, dict) and "_mv" in c), None)
        return {"event": "cast", "spells": {"types": [_tokens(children, "OS_CQ_TYPE")[0].capitalize()], "subtypes": [sub],
                                            **({"min_mana_value": mv} if mv is not None else {})}}

    def os_cast_adventurer(self, _children):
        """715.2: an adventurer card cast as the creature (cast as its Adventure, 715.3, it is an instant or sorcery)."""
        return {"event": "cast", "spells": {"types": ["Creature"]}, "adventurer": True}

    def os_spell_noncolor(self, children):
        """105.1: "a nonred spell": a spell that isn't red (a colorless one included)."""
        return {"not_colors": [str(children[0]).removeprefix("non")], "_vowel": False}

    def os_spell_nontype(self, children):
        """205.2a: "a nonartifact spell": a spell without that card type."""
        return {"not_types": [str(children[0]).removeprefix("non").capitalize()], "_vowel": False}
