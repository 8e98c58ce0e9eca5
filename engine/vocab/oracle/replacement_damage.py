"""Family 4 of the Oracle grammar (issue 21, second round): more damage templates read into the operations
the replace program and the game loop already execute (614.1a, 614.2, 615.1a): sources named by a color,
a subtype or as spells (112.1: an object on the stack), "a player" as the recipient, the recipient
repeated after "it deals double that damage", no recipient at all, "prevent half that damage, rounded
up", "prevent all but N of that damage", "prevent that damage", "Prevent all damage that this creature
would deal to ...", "Double all damage that ... would deal". A mixin of
:class:`engine.vocab.oracle.replacement.Replacement` (replacement.lark's productions of the second round)."""

from __future__ import annotations

from lark import Token

from engine.vocab.oracle.objects import NotRead, subtype

_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
# 205.2a: the card types a source is named by ("artifact sources")
_TYPE = {"artifact": "Artifact", "creature": "Creature", "enchantment": "Enchantment", "land": "Land",
         "planeswalker": "Planeswalker", "battle": "Battle"}


def _rep(ability: str, **rule) -> dict:
    return {"kind": ability, "replacement": {k: v for k, v in rule.items() if v is not None}}


def _combat(c) -> bool | None:
    tok = next((t for t in c if isinstance(t, Token) and t.type == "RP_COMBAT"), None)
    return None if tok is None else str(tok).strip().lower() == "combat"


class DamageTemplates:
    """The readers of the second round's damage productions (replacement.lark)."""

    # --- sources (the selector machinery reads a source where it is: a spell on the stack too) ---
    def rp_source_color(self, c):
        return {"colors": [str(c[1]).lower()]}

    def rp_source_yours_subtype(self, c):
        return {"subtypes": [subtype(next(t for t in c if t.type == "SUBTYPE"))], "controller": "you"}

    def rp_source_spell(self, _):  # 112.1: a spell is a card or copy on the stack
        return {"zone": "stack"}

    def rp_source_spell_yours(self, _):
        return {"zone": "stack", "controller": "you"}

    def rp_source_color_spell_yours(self, c):
        return {"zone": "stack", "colors": [str(c[1]).lower()], "any_types": ["Instant", "Sorcery"],
                "controller": "you"}

    def rp_to_player(self, _):  # 102.1: any player
        return {"target_player": "any"}

    def rp_sources_type(self, c):
        return {"types": [_TYPE[str(c[0]).lower()]]}

    def rp_sources_type_yours(self, c):
        return {"types": [_TYPE[str(c[0]).lower()]], "controller": "you"}

    def rp_sources_yours(self, _):
        return {"controller": "you"}

    def rp_sources_spells(self, _):  # instants and sorceries on the stack (112.1, 304.1, 307.1)
        return {"zone": "stack", "any_types": ["Instant", "Sorcery"]}

    def rp_doubled(self, c):
        return c[0]

    # --- abilities ---
    def rp_damage_any(self, c):
        source, deals = (x for x in c if not isinstance(x, Token))
        if deals.pop("_to"):
            raise NotRead("to whom")
        return [_rep("replacement", event="damage", source=source, combat=_combat(c), **deals)]

    def rp_damage_same(self, c):
        source, recipient, deals = (x for x in c if not isinstance(x, Token))
        if deals.pop("_to"):
            raise NotRead("the recipient said twice")
        same = str(next(t for t in c if isinstance(t, Token) and t.type == "RP_TO_SAME")).strip().lower()
        # "to you" repeats "you", "to this creature" repeats "this creature": nothing else
        if {"to you": {"target_player": "you"}, "to this creature": {"target": {"self": True}}}[same] != recipient:
            raise NotRead("another recipient repeated")
        return [_rep("replacement", event="damage", source=source, combat=_combat(c), **recipient, **deals)]

    @staticmethod
    def _recipient(c) -> tuple[dict | None, dict]:
        source, recipient = [x for x in c if not isinstance(x, Token)][:2]
        return source, recipient

    def rp_prevent_half(self, c):
        source, recipient = self._recipient(c)
        return [_rep("prevention", event="damage", source=source, **recipient, do="prevent_half")]

    def rp_prevent_all_but(self, c):
        source, recipient = self._recipient(c)
        w = str(next(t for t in c if isinstance(t, Token) and t.type == "RP_NUMBER")).lower()
        n = int(w) if w.isdigit() else _WORDS.index(w) if w in _WORDS else None
        if n is None:
            raise NotRead(f"all but {w}")
        return [_rep("prevention", event="damage", source=source, **recipient, do="prevent_all_but", n=n)]

    def rp_prevent_source(self, c):
        source, recipient = self._recipient(c)
        if source is None and recipient == {}:
            raise NotRead("all damage: 'Prevent all damage' says it")
        return [_rep("prevention", event="damage", source=source, **recipient, do="prevent_all")]

    def rp_prevent_deal_to(self, c):
        source, target = (x for x in c if not isinstance(x, Token))
        return [_rep("prevention", event="damage", source=source, target=target, combat=_combat(c), do="prevent_all")]

    def rp_double_all(self, c):
        source = next(x for x in c if not isinstance(x, Token))
        return [_rep("replacement", event="damage", source=source, combat=_combat(c), do="multiply", n=2)]
