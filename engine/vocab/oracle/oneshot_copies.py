"""Family 5 of the Oracle grammar (copies.lark, issue 21): tokens that are copies of a permanent (111.1, 707.2) with the
exceptions of the copy effect that makes them (707.9b).

"create a token that's a copy of target artifact you control", "create two tokens that are copies of target token",
"create a tapped token that's a copy of this creature", "create a token that's a copy of it" / "... of that creature" ->
{op: create_token_copy, what: target | self | that, amount, tapped}. The object copied is a target permanent (a target
whose selector names permanents on the battlefield: no card, spell or player), the source ("this creature", the card's
name), the permanent the source is attached to ("enchanted creature", "equipped creature"), or "it" / "that
creature": the one object the ability names before (oneshot.py's references: the trigger's
creature, engine/vocab/oracle/oneshot_dmg.that_refs; the source in a trigger on its own doing; the one target named
before). ", except ..." -> exceptions (707.9b): not legendary, keywords and quoted abilities it has (compiled as a card's
abilities: read only when executable, oneshot_tokdefs), card types or subtypes in addition to its other types, a printed
power and toughness. The loop: engine/game/token_copy_ops.py."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead, subtype, _type, is_attached
from engine.vocab.oracle.oneshot_cards import Piece, Tgt
from engine.vocab.oracle.oneshot_sentences import _that
from engine.vocab.oracle.oneshot_tokdefs import quoted_abilities, param_keyword

# the target specs of permanents on the battlefield a token may copy (115.1; no card, spell, player or ability)
_PERMANENTS = ("creature", "permanent", "planeswalker")
# the TargetSpec fields that keep a target a permanent on the battlefield
_PERMANENT_FIELDS = {"what", "types", "not_colors", "controller", "other", "quality", "power_at_least", "power_at_most",
                     "dealt_damage", "up_to"}


class CopiesReader:
    """The transformer methods of copies.lark (a mixin of oneshot._Reader)."""

    def cp_one(self, _):
        return 1, False

    def cp_one_tapped(self, _):
        return 1, True

    def cp_many(self, children):
        return children[0], False

    def cp_many_tapped(self, children):
        return children[0], True

    def cp_original(self, children):
        c = children[0]
        if isinstance(c, Token):  # "it", "that creature", "that permanent"
            return "it" if c.type == "OS_IT" else "that"
        return c  # a Tgt, or a selector dict ("this creature")

    def os_create_copy(self, children):
        """111.1, 707.2: -> {op: create_token_copy, what, amount?, tapped?, exceptions?} (the module's docstring)."""
        (amount, tapped), obj = children[1], children[2]
        exceptions = children[3] if len(children) > 3 else None
        op = {"op": "create_token_copy", **({"amount": amount} if amount != 1 else {}),
              **({"tapped": True} if tapped else {})}
        if exceptions is not None:
            _agree(exceptions.pop("_subjects"), amount)
            op["exceptions"] = exceptions
            creature = obj == "that" or isinstance(obj, Tgt) and obj.spec.get("what") == "creature"
            if ("power" in exceptions or "add_subtypes" in exceptions) and not creature:
                raise NotRead("a power and toughness or a creature type given to a copy of what may be no creature "
                              "(208.3, 205.3d)")
        if obj == {"self": True} or is_attached(obj):  # "this creature"; "enchanted creature", "equipped creature"
            return Piece([dict(op, what="self" if obj == {"self": True} else "attached")])
        if obj in ("it", "that"):  # the object the ability names before (oneshot.py's references, 608.2c)
            piece = Piece([dict(op, what="self")], uses_it=True)
            return _that(piece) if obj == "that" else piece
        if not isinstance(obj, Tgt) or obj.spec.get("what") not in _PERMANENTS or set(obj.spec) - _PERMANENT_FIELDS:
            raise NotRead("a copy of another object than a target permanent, this permanent, it or that creature")
        return Piece([dict(op, _tgt=obj)], [obj])

    def cp_copy_sentence(self, children):
        """(a sentence of its own that ends with a quoted ability)"""
        return [self.os_create_copy(children)]

    # --- 603.7, 707.10: "When you next cast an instant or sorcery spell this turn, copy that spell." ---
    def cp_copy_next(self, children):
        """603.7, 707.10: -> {op: copy_next_spell, spells, new_targets?, text} (copies.lark)."""
        head = self.os_cast([c for c in children if not (isinstance(c, Token) and c.type.startswith("CP_"))])
        spells = head.get("spells") or {}
        if not set(spells.get("types") or ["Creature"]) <= {"Instant", "Sorcery"} or set(spells) != {"types"}:
            raise NotRead("'when you next cast' a spell that is not an instant or sorcery spell (a copy of a permanent "
                          "spell becomes a token, 111.1: not in the loop)")
        words, kinds = str(children[-1]), " or ".join(t.lower() for t in spells["types"])
        op = {"op": "copy_next_spell", "spells": spells,
              "text": f"When you next cast {'an' if kinds[0] in 'aeiou' else 'a'} {kinds} spell this turn, copy that spell."}
        if words.endswith("for the copy"):
            op["new_targets"] = True
        return [Piece([op])]

    # --- 707.9b: the exceptions ------------------------------------------------------------------
    def cp_except(self, children):
        merged: dict = {"_subjects": []}
        for part in children:
            if not isinstance(part, dict):
                continue
            merged["_subjects"].append(part.pop("_subject"))
            for key, value in part.items():
                if key in merged and key in ("not_legendary", "power"):
                    raise NotRead("the same exception said twice")
                merged[key] = merged.get(key, []) + value if isinstance(value, list) else value
        return merged

    def cp_not_legendary(self, children):
        return {"not_legendary": True, "_subject": _subject(children[0])}

    def cp_has(self, children):
        abilities = [a for c in children[1:] for a in (c if isinstance(c, list) else [c])]
        return {"abilities": abilities, "_subject": _subject(children[0])}

    def cp_grants(self, children):
        return list(children)

    def cp_grant(self, children):
        """111.4, 702: a keyword (compiled as a card's keyword line) or a quoted ability (compiled as a card's
        paragraph), each executable, else not read."""
        c = children[0]
        if isinstance(c, Token) and c.type == "OS_TOKEN_QUOTE":
            found = quoted_abilities(str(c)[1:-1])
            if len(found) != 1:
                raise NotRead("a quote of several abilities")
            return found[0]
        return c.get("ability") or param_keyword(c["keyword"])

    def cp_kinds(self, children):
        return list(children)

    def cp_kind(self, children):
        tok = children[0]
        return ("types", _type(tok)) if tok.type == "TYPE" else ("subtypes", subtype(tok))

    def cp_also(self, children):
        """205.1b, 707.9b: "it's an artifact in addition to its other types", "it's a Nightmare in addition to its other
        types" (the card types and subtypes added to the copied ones)."""
        kinds = next(c for c in children if isinstance(c, list))
        said = str(children[-1])
        types = [v for k, v in kinds if k == "types"]
        subtypes = [v for k, v in kinds if k == "subtypes"]
        if "creature types" in said and (types or not subtypes):
            raise NotRead("'in addition to its other creature types' of a card type")
        if "Creature" in types:  # (a creature: a power and toughness the text would give, 208.3)
            raise NotRead("a copy that becomes a creature in addition to its other types")
        return {**({"add_types": types} if types else {}), **({"add_subtypes": subtypes} if subtypes else {}),
                "_subject": _subject(children[0])}

    def cp_pt(self, children):
        power, toughness = (int(x) for x in str(children[1]).split("/"))
        if str(children[1]).startswith(("+", "-")):
            raise NotRead("a power and toughness with a sign")
        return {"power": power, "toughness": toughness, "_subject": _subject(children[0])}


def _subject(tok) -> str:
    """The exception's subject: "it" (it, the token) or "they" (they, the tokens)."""
    return "they" if str(tok).startswith(("they", "the tokens")) else "it"


def _agree(subjects: list[str], amount) -> None:
    """The pronouns of the exceptions name the tokens the instruction creates: "it" / "the token" one, "they" / "the
    tokens" more than one."""
    for s in subjects:
        if (s == "they") != (amount != 1):
            raise NotRead(f"'{s}' of {amount} token(s)")
