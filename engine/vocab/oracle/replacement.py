"""Family 4 of the Oracle grammar (issue 21): replacement and prevention effects (614, 615).

:func:`read` reads a paragraph (as :func:`engine.vocab.oracle.objects.bare` gives it) with the grammar
``replacement.lark`` into the abilities of the vocabulary it is: a ``replacement`` or ``prevention``
ability (or, for "can't" effects, 614.17, a ``static`` one) whose ``replacement:`` rule
(engine/vocab/replacement.py) the replace program (``mtgjudge replace``) and the game loop execute;
or None. Only whole paragraphs are read (never a part of one), and only where every part has a
meaning in the vocabulary (else :class:`~engine.vocab.oracle.objects.NotRead`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from lark import Token

from engine.vocab.oracle.objects import NotRead, Objects, parser, read_tree, subtype
from engine.vocab.oracle.replacement_counts import CountTemplates
from engine.vocab.oracle.replacement_damage import DamageTemplates
from engine.vocab.oracle.words import ability_word

# the words a paragraph of this family has one of: the others never reach the parser
# (a triggered or an activated ability is not: "When", "Whenever", "At" and a cost before a colon)
_PREFILTER = re.compile(r"^(?!(?:When|Whenever|At) )[^:]*(?:\benters?\b|\binstead\b|\bprevent|\bcan't (?:be prevented|gain life)|^Double all\b)",
                        re.IGNORECASE)

# words none of this family's templates has: a triggered ability anywhere in the paragraph ("Landfall —
# Whenever ...")
_NOT_MINE = re.compile(r"\b(?:when|whenever)\b|\bat the beginning\b", re.IGNORECASE)

NUMBERS = {w: i for i, w in enumerate(("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                                       "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen"))}
NUMBERS["twenty"] = 20
CHOICES = {"a color": "color", "a creature type": "creature_type", "an opponent": "opponent", "a player": "player",
           "a card type": "card_type", "a basic land type": "basic_land_type"}
# counters whose kind has a meaning of its own in the rules, which the programs don't give them yet
# (122.1b keyword counters, 122.1d stun, 122.1h finality; loyalty and defense, 306.5b,
# 310.4b, the permanent's own; lore, 714.3): "enters with a stun counter" is not read (shield counters: their
# effects are bridge/replace/shield_counters.py, 122.1c)
MEANINGFUL_COUNTERS = frozenset({
    "stun", "finality", "loyalty", "defense", "lore", "poison", "flying", "deathtouch", "haste",
    "hexproof", "indestructible", "lifelink", "menace", "reach", "trample", "vigilance", "decayed", "exalted",
    "time", "fade", "first", "double"})


def _number(tok) -> int:
    w = str(tok).lower()
    return int(w) if w.isdigit() else NUMBERS[w]


def _self(sel: dict) -> dict:
    if sel != {"self": True}:
        raise NotRead("not the permanent itself")
    return sel


def _group(sel: dict) -> dict:
    """Objects a spell's effect names: not "this creature" nor "enchanted creature" (a spell is neither)."""
    if set(sel) & {"self", "attached"}:
        raise NotRead("a spell's effect on itself")
    return sel


def _controlled(sel: dict, who: str) -> dict:
    """"you or a creature you control": the permanents must say they are that player's."""
    if sel.get("controller") != who:
        raise NotRead("a permanent not said to be controlled by that player")
    return sel


def _kind(tok) -> str:
    k = str(tok)
    if k != k.lower() and k not in ("+1/+1", "-1/-1"):
        raise NotRead(f"counter {k!r}")
    if k in MEANINGFUL_COUNTERS:
        raise NotRead(f"{k} counters have a meaning the programs don't give them yet")
    return k


def _rep(ability: str, **rule) -> dict:
    return {"kind": ability, "replacement": {k: v for k, v in rule.items() if v is not None}}


def _choice(choice) -> dict:
    """614.12: the fields of what is chosen: {choice} ("a color"), {choice: color, other_than} ("a color other than
    black")."""
    if isinstance(choice, dict):  # ({choice: card_name, name_not_types}: rp_card_name)
        return choice
    return {"choice": choice[0], "other_than": choice[1]} if isinstance(choice, tuple) else {"choice": choice}


def _enter_object(sel: dict) -> dict | None:
    """The object of an enter rule: none for "Permanents" (every permanent entering). "Enchanted
    creature" is on the battlefield already: it doesn't enter."""
    if sel.get("attached"):
        raise NotRead("an attached permanent doesn't enter")
    return sel or None


_CARD = object()  # "a card" (rp_moving): a card, not a token

class Replacement(DamageTemplates, CountTemplates, Objects):
    """The tree of replacement.lark -> a list of ability dicts."""

    def rp_paragraph(self, c):
        return c[0]

    # --- pieces ---
    def rp_amount(self, c):
        tok = c[0]
        if tok.type == "RP_X":
            return ("x", None)
        if tok.type in ("RP_ART", "RP_ADDITIONAL"):
            return ("n", 1)
        return ("n", _number(tok))

    def rp_counter_amount(self, c):
        (how, n), kind = c[0], _kind(c[1])
        return {"n": n} if how == "n" else {"n_is_x": True}, (None if kind == "+1/+1" else kind)

    def rp_choice(self, c):
        return CHOICES[" ".join(str(c[0]).lower().split())]

    def rp_card_name(self, c):  # 614.12, 201.3: a card name; 201.3a: "nonland", "noncreature, nonland"
        words = str(c[0])
        return {"choice": "card_name", **({"name_not_types": [t for t in ("Creature", "Land") if f"non{t.lower()}" in words]}
                                          if "non" in words else {})}

    def rp_color_other_than(self, c):  # 614.12: a color, not that one
        return ("color", str(c[0]))

    def rp_count_one(self, c):
        return c[1], 1

    def rp_count_either(self, c):
        a, b = (subtype(t) for t in c if t.type == "SUBTYPE")
        if a == b:
            raise NotRead("one subtype twice")
        return {"subtypes": [a, b]}, 1

    def rp_count_more(self, c):
        return c[1], _number(c[0])

    def rp_moving(self, c):
        if isinstance(c[0], Token):  # "a card or token": every card or token; "a card": no token (108.2, 111.1)
            return None if "token" in str(c[0]).lower() else _CARD
        return c[0]

    def rp_spell_card(self, c):  # "an instant or sorcery card": those card types, no token (108.2, 111.6)
        words = str(c[0]).lower()
        return {"_card_types": [t for t in ("Instant", "Sorcery") if t.lower() in words]}

    def rp_one(self, c):
        return c[-1]

    def rp_where(self, c):
        return str(c[0]).lower()

    def rp_to_exile(self, _):
        return "exile"

    def rp_to_library(self, _):
        return "library"

    def rp_to_exile_that_card(self, _):
        return "exile_that_card"

    def rp_any_source(self, _):
        return None

    def rp_some_source(self, c):
        return c[-1]

    def rp_source_yours(self, _):
        return {"controller": "you"}

    def rp_source_theirs(self, _):
        return {"controller": "opponent"}

    def rp_source_yours_color(self, c):
        return {"colors": [str(c[1]).lower()], "controller": "you"}

    def rp_source_other_color(self, c):
        return {"colors": [str(c[0]).lower()], "controller": "you", "other": True}

    def rp_to_anything(self, _):
        return {}

    def rp_to_opponent_side(self, _):
        return {"target_player": "opponent", "target": {"controller": "opponent"}}

    def rp_to_your_side(self, _):
        return {"target_player": "you", "target": {"controller": "you"}}

    def rp_to_opponent(self, _):
        return {"target_player": "opponent"}

    def rp_to_you(self, _):
        return {"target_player": "you"}

    def rp_to_you_or(self, c):
        return {"target_player": "you", "target": _controlled(c[-1], "you")}

    def rp_to_objects(self, c):
        return {"target": c[-1]}

    def rp_double(self, c):
        return {"do": "multiply", "n": 2, "_to": [str(t).lower() for t in c if t.type == "RP_TO_THAT"]}

    def rp_triple(self, c):
        return {"do": "multiply", "n": 3, "_to": [str(t).lower() for t in c if t.type == "RP_TO_THAT"]}

    def rp_plus(self, c):
        return {"do": "add", "n": _number(c[1]), "_to": [str(t).lower() for t in c[2:] if t.type == "RP_TO_THAT"]}

    def rp_you(self, _):
        return {"target_player": "you"}

    def rp_you_and(self, c):
        return {"target_player": "you", "target": c[0]}

    def rp_twice(self, _):
        return {"do": "multiply", "n": 2}

    def rp_plus_n(self, c):
        return {"do": "add", "n": _number(c[0])}

    def rp_it(self, c):
        if c and isinstance(c[0], dict):
            _self(c[0])  # "on ~": the object itself, only after "on ~"
            return "self"
        return "it"

    # --- abilities ---
    def rp_tapped(self, c):
        return [_rep("replacement", event="enter", object=_enter_object(c[0]), do="enter_tapped")]

    def rp_tapped_unless(self, c):
        sel, n = c[2]
        return [_rep("replacement", event="enter", object=_self(c[0]), do="enter_tapped", unless=self._count(c[1], sel, n))]

    @staticmethod
    def _count(who_tok, sel: dict, n: int) -> dict:
        if "controller" in sel or set(sel) & {"self", "attached"}:
            raise NotRead("you control ...: a phrase that says its controller")
        who = "you" if str(who_tok).lower().startswith("you ") else "opponent"  # "your opponents control": any of them
        return {"count": dict(sel, controller=who), "at_least": n}

    def rp_tapped_unless_fewer(self, c):
        obj, who, n, sel = c
        return [_rep("replacement", event="enter", object=_self(obj), do="enter_tapped",
                     only_if=self._count(who, sel, _number(n) + 1))]

    def rp_tapped_if(self, c):
        who, (sel, n), obj = c
        return [_rep("replacement", event="enter", object=_self(obj), do="enter_tapped", only_if=self._count(who, sel, n))]

    def rp_counters(self, c):
        obj, (amount, kind) = c[0], c[1]
        if not obj.get("self") and (amount.get("n_is_x") or kind is not None):
            raise NotRead("X or counters of another kind on other permanents")
        return [_rep("replacement", event="enter", object=_enter_object(obj), do="add_counters", kind=kind, **amount)]

    def rp_kicked_counters(self, c):
        amount, kind = c[1]
        if "n" not in amount:
            raise NotRead("X if kicked")
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", kind=kind, if_kicked=True,
                     **amount)]

    def rp_counters_from_hand(self, c):  # 601.2a, 614.1c: only a spell cast from its controller's hand
        amount, kind = c[1]
        if "n" not in amount:
            raise NotRead("X if cast from the hand")
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", kind=kind,
                     if_cast_from_hand=True, **amount)]

    def rp_escapes(self, c):
        (amount, kind), (escaped, kind2) = c[1], c[2]
        if kind or kind2 or "n" not in amount or "n" not in escaped:
            raise NotRead("escapes with counters of another kind")
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", n=amount["n"],
                     n_if_escaped=escaped["n"])]

    def rp_tapped_counters(self, c):
        amount, kind = c[1]
        return [_rep("replacement", event="enter", object=_self(c[0]), do="enter_tapped"),
                _rep("replacement", event="enter", object={"self": True}, do="add_counters", kind=kind, **amount)]

    # --- issue 21, family 4: conditions on the game and counts, decided by the replace program ---
    def rp_tapped_unless_life(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="enter_tapped",
                     unless_game={"life_at_most": _number(c[1])})]

    def rp_tapped_unless_opponents(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="enter_tapped",
                     unless_game={"opponents_at_least": _number(c[1])})]

    def rp_turn_attacked(self, _):
        return "attacked"

    def rp_turn_died(self, _):
        return "creature_died"

    def rp_turn_lost_life(self, _):
        return "opponent_lost_life"

    def rp_turn_left(self, _):
        return "you_left"

    @staticmethod
    def _plus_n(amount: tuple) -> int:
        (how, kind) = amount
        if kind is not None or "n" not in how:
            raise NotRead("X or counters of another kind")
        return how["n"]

    def rp_counters_if(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", n=self._plus_n(c[1]),
                     if_game={"this_turn": c[2]})]

    def rp_counters_per_died(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", n=self._plus_n(c[1]),
                     n_per="creature_died")]

    def rp_counters_per_died_yours(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", n=self._plus_n(c[1]),
                     n_per="creature_died_yours")]

    def rp_counters_per_color(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", n=self._plus_n(c[1]),
                     n_per="colors_spent")]

    def rp_counters_per_mana(self, c):  # 614.1c, 601.2h: one +1/+1 counter for each mana spent to cast it
        return [_rep("replacement", event="enter", object=_self(c[0]), do="add_counters", n=1, n_per="mana_spent")]

    def rp_prevent_remove_one(self, c):
        target, kind, on = _self(c[0]), _kind(c[1]), _self(c[2])
        del on
        return [_rep("prevention", event="damage", target=target, do="prevent_all", remove_counter=kind)]

    def rp_choose(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="choose", **_choice(c[1]))]

    def rp_tapped_choose(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="enter_tapped"),
                _rep("replacement", event="enter", object={"self": True}, do="choose", **_choice(c[1]))]

    def rp_enter_as_copy(self, c):
        of = _group(c[1])
        if not of or "controller" in of:
            raise NotRead("a copy of what")
        return [dict(_rep("replacement", event="enter", object=_self(c[0]), do="enter_as_copy", of=of, optional=True),
                     continuous={"applies_to": {"self": True}, "do": [{"op": "copy", "of": "choice", "choice": "copy"}]})]

    def rp_pay_life(self, c):
        return [_rep("replacement", event="enter", object=_self(c[0]), do="pay_life_or_tapped", n=_number(c[1]))]

    def rp_becomes_day(self, c):
        """731 (the current official rules), 614.1c: "If it's neither day nor night, it becomes day as this creature
        enters." (the game loop makes it day as the permanent enters, if it is neither then)."""
        return [_rep("replacement", event="enter", object=_self(c[0]), do="become_day")]

    def rp_graveyard(self, c):
        obj, where, zone = c
        typed = obj.get("_card_types") if isinstance(obj, dict) else None  # "an instant or sorcery card"
        if zone == "exile_that_card":  # "exile that card instead": that card is the one named, a card (108.2)
            if obj is not _CARD and typed is None:
                raise NotRead("'that card' after no card")
            zone = "exile"
        card = obj is _CARD or typed is not None  # "a card": a token is no card (108.2, 111.1)
        if card:
            obj = None
        if where == "a graveyard":
            if card:
                obj = {"token": False, "zone": "anywhere"}
        elif obj is None:  # Leyline of the Void: "a card ... an opponent's graveyard"; "your graveyard"
            obj = {"owner": "opponent" if where == "an opponent's graveyard" else "you", "zone": "anywhere"}
            if card:
                obj["token"] = False
        else:
            raise NotRead(f"into {where}")
        if typed:
            obj["any_types"] = typed  # 205.2a: an instant or a sorcery card
        return [_rep("replacement", event="zone_change", object=obj, from_zone="anywhere", to_zone="graveyard",
                     do="to_zone", zone=zone)]

    def rp_dies(self, c):
        return [_rep("replacement", event="zone_change", object=c[0], from_zone="battlefield", to_zone="graveyard",
                     do="to_zone", zone="exile")]

    @staticmethod
    def _combat(c) -> bool | None:
        tok = next((t for t in c if isinstance(t, Token) and t.type == "RP_COMBAT"), None)
        return None if tok is None else str(tok).strip().lower() == "combat"

    def rp_prevent_to(self, c):
        return [_rep("prevention", event="damage", target=c[-1], combat=self._combat(c), do="prevent_all")]

    def rp_prevent_you(self, c):
        return [_rep("prevention", event="damage", target_player="you", combat=self._combat(c), do="prevent_all")]

    def rp_prevent_you_and(self, c):
        return [_rep("prevention", event="damage", target_player="you", target=_controlled(c[-1], "you"),
                     combat=self._combat(c), do="prevent_all")]

    def rp_prevent_by(self, c):
        return [_rep("prevention", event="damage", source=c[-1], combat=self._combat(c), do="prevent_all")]

    def rp_prevent_to_by(self, c):
        return self.rp_prevent_to(c) + self.rp_prevent_by(c)

    def rp_prevent_to_from(self, c):
        return [_rep("prevention", event="damage", target=c[-2], source=c[-1], combat=self._combat(c),
                     do="prevent_all")]

    def rp_prevent_n(self, c):
        source, recipient, n = c
        return [_rep("prevention", event="damage", source=source, **recipient, do="prevent", n=_number(n))]

    def _prevent_target(self, c) -> dict:
        target = dict(next(x for x in c if isinstance(x, dict)))
        if any(isinstance(t, Token) and t.type == "RP_WHILE" for t in c):
            if "counter" in target:
                raise NotRead("two counter conditions")
            target["counter"] = "+1/+1"
        return target

    def rp_prevent_put(self, c):
        kind = _kind(next(t for t in c if isinstance(t, Token) and t.type == "RP_COUNTER"))
        on = c[-1]
        target = self._prevent_target(c)
        if on == "self" and not target.get("self"):
            raise NotRead("the counters go on another object")
        return [_rep("prevention", event="damage", target=target, combat=self._combat(c), do="prevent_all",
                     counters_per_prevented=kind)]

    def rp_prevent_remove(self, c):
        kind = _kind(next(t for t in c if isinstance(t, Token) and t.type == "RP_COUNTER"))
        return [_rep("prevention", event="damage", target=self._prevent_target(c), combat=self._combat(c),
                     do="prevent_all", remove_counters_per_prevented=kind)]

    def rp_damage(self, c):
        combat = self._combat(c)
        source, recipient, deals = (x for x in c if not isinstance(x, Token))
        to = deals.pop("_to")
        said = {"target_player": None, "target": None}
        said.update(recipient)
        # "to that permanent or player" repeats the recipients; "to that player" only a player
        players = ({"target_player": "opponent"}, {"target_player": "any"})  # "an opponent", "a player"
        if to and to[0].strip() == "to that player" and recipient not in players:
            raise NotRead("to that player")
        if to and to[0].strip() != "to that player" and recipient in players:
            raise NotRead("to that permanent")
        return [_rep("replacement", event="damage", source=source, combat=combat, **said, **deals)]

    def rp_redirect(self, c):
        recipients, to = c
        _self(to)
        return [_rep("replacement", event="damage", **recipients, do="redirect")]

    def rp_gain_life(self, c):
        return [_rep("replacement", event="life_gain", player="you", **c[0])]

    def rp_gain_becomes_loss(self, _):
        return [_rep("replacement", event="life_gain", player="opponent", do="become", into="life_loss")]

    def rp_gain_becomes_draw(self, _):
        return [_rep("replacement", event="life_gain", player="you", do="become", into="draw")]

    def rp_draw_wins(self, _):
        return [_rep("replacement", event="draw", player="you", library_empty=True, do="become", into="win_game")]

    def rp_you_put_twice(self, _):
        return [_rep("replacement", event="counters", player="you", do="multiply", n=2)]

    def rp_opponent_puts_half(self, _):
        return [_rep("replacement", event="counters", player="opponent", do="halve")]

    def rp_tokens_twice(self, _):
        return [_rep("replacement", event="token", player="you", do="multiply", n=2)]

    def rp_counters_more(self, c):
        kind, obj, more, kind2, _it = c
        if str(kind) != str(kind2) or str(kind) not in ("+1/+1", "-1/-1"):
            raise NotRead("counters of two kinds")
        return [_rep("replacement", event="counters", kind=str(kind), object=obj, **more)]

    def rp_counters_twice(self, c):
        return [_rep("replacement", event="counters", object=c[0], do="multiply", n=2, by_effect_only=True)]  # (606.4)

    def rp_cant_prevent(self, _):
        return [_rep("static", event="damage", do="cant_be_prevented")]

    def rp_cant_prevent_by(self, c):
        return [_rep("static", event="damage", source=_self(c[0]), do="cant_be_prevented")]

    # --- a spell's effects (113.3a): created as it resolves, for the turn (611.2a) ---
    @staticmethod
    def _targets(c) -> tuple[list[dict], dict]:
        tok = next(t for t in c if isinstance(t, Token) and t.type == "RP_TARGET")
        if str(tok).lower() == "any target":  # 115.4: a creature, a player, a planeswalker or a battle
            return [{"what": "any"}], {"target": {"targets": True}, "target_player": "targets"}
        return [{"what": "creature"}], {"target": {"targets": True}}

    def rp_spell_prevent_all(self, c):
        return [_rep("spell", event="damage", combat=self._combat(c), do="prevent_all")]

    def rp_spell_shield(self, c):
        targets, to = self._targets(c)
        n = next(t for t in c if isinstance(t, Token) and t.type == "RP_NUMBER")
        return [dict(_rep("spell", event="damage", **to, do="shield", n=_number(n)), targets=targets)]

    def rp_spell_shield_counters(self, c):
        n, kind = (t for t in c if isinstance(t, Token) and t.type in ("RP_NUMBER", "RP_COUNTER"))
        return [dict(_rep("spell", event="damage", target={"targets": True}, do="shield", n=_number(n),
                          counters_per_prevented=_kind(kind)), targets=[{"what": "creature"}])]

    def rp_spell_prevent_target(self, c):
        targets, to = self._targets(c)
        return [dict(_rep("spell", event="damage", **to, combat=self._combat(c), do="prevent_all"), targets=targets)]

    def rp_spell_prevent_to(self, c):
        return [_rep("spell", event="damage", target=_group(c[-1]), combat=self._combat(c), do="prevent_all")]

    def rp_spell_prevent_by(self, c):
        return [_rep("spell", event="damage", source=_group(c[-1]), combat=self._combat(c), do="prevent_all")]

    def rp_spell_prevent_you_by(self, c):
        return [_rep("spell", event="damage", target_player="you", source=_group(c[-1]), combat=self._combat(c),
                     do="prevent_all")]

    def rp_spell_prevent_you_and(self, c):
        return [_rep("spell", event="damage", target_player="you", target=_controlled(_group(c[-1]), "you"),
                     combat=self._combat(c), do="prevent_all")]

    def rp_spell_cant_prevent(self, _):
        return [_rep("spell", event="damage", do="cant_be_prevented")]

    def rp_cant_gain(self, c):
        who = str(c[0]).lower()
        return [_rep("static", event="life_gain", player=None if who == "players" else "opponent", do="cant")]


@lru_cache(maxsize=1)
def _parser():
    return parser("replacement", ("rp_paragraph",))


@lru_cache(maxsize=4096)
def _read(bare: str):
    from lark.exceptions import LarkError

    word = ability_word(bare)  # 207.2c-d: an ability word has no rules meaning ("Raid — "), a flavor word neither
    if word:
        bare = bare[word.end():]
    if not _PREFILTER.search(bare) or _NOT_MINE.search(bare):
        return None
    try:
        tree = _parser().parse(bare)
    except LarkError:
        return None
    try:
        return read_tree(Replacement(), tree)
    except NotRead:
        return None


def read(bare: str) -> list[dict] | None:
    """The abilities a paragraph of this family is (dicts of the vocabulary, without their text), or None."""
    import copy

    found = _read(bare)
    return copy.deepcopy(found) if found is not None else None
