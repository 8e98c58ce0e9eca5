"""Family 5 of the Oracle grammar (oneshot.lark): the parts of engine/vocab/oracle/oneshot.py's reader about
cards and tokens: tokens created (111.1, 111.4), what an instruction does to a library (701.16, 701.17,
701.22-701.25, 701.34) and cards in a graveyard as targets (115.1, 404.2); with the pieces every part of the
reader gives (a target, an instruction's operations)."""

from __future__ import annotations

from functools import lru_cache

from lark import Token

from engine.vocab.oracle.objects import HERE, NotRead
from engine.vocab.oracle import oneshot_roles

NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
           "eight": 8, "nine": 9, "ten": 10}


class Tgt:
    """One word "target" (115.1): its TargetSpec fields; its number is given as the ability is put together."""

    def __init__(self, spec: dict):
        self.spec = spec


class Piece:
    """What one instruction gives: operations (a dict may hold ``_tgt``, the target it acts on), the
    targets it names, a continuous effect, a replacement effect."""

    def __init__(self, ops=(), targets=(), continuous=None, replacement=None, uses_it=False, x=False, combat=None):
        self.ops, self.targets = list(ops), list(targets)
        self.continuous, self.replacement, self.combat = continuous, replacement, combat
        self.uses_it, self.x = uses_it, x
        self.control = False  # "gain control of target ...": "that creature" and "it" after it are its target


# 404.2: "target card from your graveyard" / "... from an opponent's graveyard": the card's owner (TargetSpec controller)
_WHOSE = {"your graveyard": "you", "an opponent's graveyard": "opponent"}

# 110.4a: the permanent card types ("target permanent card": one of them)
PERMANENT_TYPES = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]


def _card_types(word: str) -> list[str]:
    return list(PERMANENT_TYPES) if word == "permanent" else [word.capitalize()]


def _number(tok) -> int:
    w = str(tok).lower()
    return int(w) if w.isdigit() else NUMBERS[w]


def _who(player) -> tuple[str, list]:
    """who: you, target (a player target), each_opponent, each_player."""
    if isinstance(player, Tgt):
        return "target", [player]
    return player, []


def subject(children, with_player: int) -> tuple[str, list]:
    """Who an instruction's verb acts for: its player when named (``with_player``: the number of children then);
    without one, "you" for the imperative ("Draw a card", "lose 1 life") and, for a third-person verb ("... and loses
    2 life"), the subject of the instruction it is joined to ("Target player draws two cards and loses 2 life": that
    player), ``SHARED`` until os_sentence gives it (a vocabulary value nowhere else: unresolved, the paragraph is not
    compiled)."""
    if len(children) == with_player:
        return _who(children[0])
    return (SHARED if str(children[0]).lower().endswith("s") else "you"), []


SHARED = "_shared_subject"


def shared_subjects(pieces: list) -> list:
    """The instructions of one sentence joined by "and" / ", then": a verb without its own subject takes the one of the
    instruction before it (see ``subject``): a third person's, never "you" ("Draw a card, then discards a card", "You
    draw a card and loses 1 life": the verb disagrees with its subject); none to take: not read."""
    before = None
    for piece in pieces:
        for op in getattr(piece, "ops", ()):
            if op.get("who") == SHARED:
                if before in (None, SHARED, "you"):
                    raise NotRead("a third-person verb with no player before it")
                op["who"] = before
            before = op.get("who", before)
    return pieces


@lru_cache(maxsize=1)
def _tokens() -> dict[str, dict]:
    """The token definitions of the card library (engine/cards, ``token: true``), by name."""
    import yaml

    out = {}
    for path in sorted((HERE.parent.parent / "cards").glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("token"):
            out[data["name"]] = data
    return out


def _printed_keywords(card: dict) -> list[str] | None:
    """A token definition's keywords; None when it has another ability (its text would say it)."""
    words = []
    for ab in card.get("abilities") or ():
        if ab.get("kind") != "keyword" or set(ab) - {"kind", "keyword"}:
            return None
        words.append(ab["keyword"])
    return words


class CardsReader:
    """The reader's transformer methods for tokens, libraries and graveyards (a mixin of oneshot._Reader)."""

    def os_explore(self, children):
        source = children[0]
        if isinstance(source, Tgt) and source.spec == {"what": "creature", "controller": "you"}:  # the Map's (111.10s)
            return Piece([{"op": "explore", "what": "target", "_tgt": source}], [source])
        if source not in ("it", {"self": True}):
            raise NotRead("another object explores")
        return Piece([{"op": "explore"}], uses_it=source == "it")

    def os_create(self, children):
        n, (token, word, keywords, definition) = children[1], children[2]
        if (n == 1) != (word == "token"):
            raise NotRead("a number and its noun disagree")
        op = {"op": "create_token", "token": token, "amount": n}
        if definition is not None:
            op["definition"] = definition
        if keywords:
            op["keywords"] = keywords
        return Piece([op])

    def os_create_role(self, children):  # 111.10k-q: a Role token attached to a target (oneshot_roles.py)
        return oneshot_roles.create_role(children, Piece, Tgt, _tokens())

    def os_named_token(self, children):
        name = str(children[0])
        card = _tokens().get(name)
        if card is None or card.get("power") is not None:  # 111.10: a predefined token (Treasure, Food, Clue)
            raise NotRead(f"no predefined token {name}")
        return name, str(children[1]), [], None

    def os_creature_token(self, children):
        pt, colors, rest = children[0], children[1], children[2:]
        items = rest[-1] if isinstance(rest[-1], list) else []
        keywords = [k["keyword"] for k in items if "ability" not in k]
        granted = [k["ability"] for k in items if "ability" in k]  # 111.4: "with toxic 1" (oneshot_tokdefs.param_keyword)
        words = [str(t) for t in rest if isinstance(t, Token)]
        word = words.pop()  # token(s)
        card_types = ("artifact", "enchantment", "creature")
        types = [w.capitalize() for w in words if w.lower() in card_types]
        subtypes = [w for w in words if w.lower() not in card_types]
        if types[-1] != "Creature" or len(types) != len(set(types)) or any(
                t.type == "TYPE" and str(t).lower() not in card_types for t in rest if isinstance(t, Token)):
            raise NotRead("not a creature token")
        power, toughness = (int(x) for x in str(pt).split("/"))
        name = " ".join(subtypes)
        card = _tokens().get(name)
        printed = (power, toughness, sorted(colors), sorted(types), subtypes)
        own = _printed_keywords(card) if card is not None else None
        if card is not None and own is not None and not granted and set(own) <= set(keywords) and printed == (
                card.get("power"), card.get("toughness"), sorted(card.get("colors") or []), sorted(card["types"]),
                list(card.get("subtypes") or [])):
            return name, word, [k for k in keywords if k not in own], None  # the library's definition
        # 111.4: the token the text defines: its name is its subtypes and the word Token
        definition = {"power": power, "toughness": toughness, "colors": colors, "types": types, "subtypes": subtypes}
        if granted:
            definition["abilities"] = granted
        return f"{name} Token", word, keywords, definition

    # --- libraries and graveyards -----------------------------------------------------------------
    def os_investigate(self, _):
        return Piece([{"op": "create_token", "token": "Clue", "amount": 1}])  # 701.16a: the library's Clue (111.10f)

    def os_proliferate(self, _):
        return Piece([{"op": "proliferate"}])

    def os_mill(self, children):
        who, targets = subject(children, 4)
        if (children[-2] == 1) != (str(children[-1]).lower() == "card"):
            raise NotRead("a number and its noun disagree")
        return Piece([{"op": "mill", "amount": children[-2], "who": who}], targets)

    def os_scry(self, children):
        return Piece([{"op": "scry", "amount": children[1]}])

    def os_surveil(self, children):
        return Piece([{"op": "surveil", "amount": children[1]}])

    def os_search(self, children):
        card, to = [c for c in children if isinstance(c, dict)]
        op = {"op": "search_library", **card, **to}
        if any(isinstance(c, Token) and c.type == "OS_REVEAL_IT" for c in children):
            op["reveal"] = True
        return Piece([op])

    def os_lib_card(self, children):
        out: dict = {}
        for c in children[1:]:
            if isinstance(c, int):  # "with mana value N or less"
                out["mana_value_at_most"] = c
            elif c.type == "OS_BASIC":
                out["supertypes"] = ["Basic"]
            elif c.type == "OS_CARD_TYPE":
                out["types"] = _card_types(str(c))
            elif c.type == "SUBTYPE":
                out["subtypes"] = [str(c)]
        words = [str(c) for c in children[1:] if isinstance(c, Token) and c.type != "OS_MV_AT_MOST"] + ["card"]
        if (str(children[0]).lower() == "an") != (words[0][0].lower() in "aeiou"):
            raise NotRead("'a' or 'an' before the wrong word")
        return out

    def os_to_battlefield(self, _):
        return {"to": "battlefield"}

    def os_to_battlefield_tapped(self, _):
        return {"to": "battlefield", "tapped": True}

    def os_to_hand(self, _):
        return {"to": "hand"}

    def os_card_target(self, children):
        kinds = next((c for c in children if isinstance(c, list)), [])
        spec = {"what": "card", **({"types": kinds} if kinds else {})}
        if str(children[-1]) in _WHOSE:  # 404.2: the cards its owner owns
            spec["controller"] = _WHOSE[str(children[-1])]
        if isinstance(children[0], Token) and children[0].type == "OS_UP_TO_ONE":  # 601.2c: that card or none
            spec["up_to"] = True
        return Tgt(spec)

    def os_subtype_card_target(self, children):
        spec = {"what": "card", "subtypes": [str(children[1])]}
        mv = next((c for c in children if isinstance(c, int)), None)
        if mv is not None:  # "with mana value N or less"
            spec["mana_value_at_most"] = mv
        if str(children[-1]) in _WHOSE:
            spec["controller"] = _WHOSE[str(children[-1])]
        return Tgt(spec)

    def os_card_kind(self, children):
        return [t for c in children for t in _card_types(str(c))]

    def os_return_card(self, children):
        t = children[1]
        if t.spec.get("controller") != "you":
            raise NotRead("'to your hand' of a card in any graveyard: its owner's hand")
        return Piece([{"op": "return_to_hand", "_tgt": t}], [t])

    def os_reanimate(self, children):
        t = children[1]
        if t.spec.get("controller") != "you" or not set(t.spec.get("types") or ["Instant"]) <= set(PERMANENT_TYPES):
            raise NotRead("a card of any graveyard, or one that may be no permanent card, to the battlefield")
        op = {"op": "return_to_battlefield", "_tgt": t}
        if any(isinstance(c, Token) and c.type == "OS_TAPPED" for c in children):
            op["tapped"] = True
        return Piece([op], [t])

    def os_exile_card(self, children):
        t = children[1]
        return Piece([{"op": "exile", "_tgt": t}], [t])

    def os_colors(self, children):
        if children[0].type == "COLORLESS":
            return []
        return [str(c).lower() for c in children]


def on_source(piece) -> bool:
    """Is the piece an instruction on the source alone, with no target (its continuous effect applies to it)?"""
    cont = getattr(piece, "continuous", None)
    return not getattr(piece, "targets", None) and not getattr(piece, "ops", None) and cont is not None \
        and cont.get("applies_to") == {"self": True}
