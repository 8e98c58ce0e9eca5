"""Activation costs (602.1a, 118) and mana abilities (605) of the card vocabulary, as the game loop pays
and activates them (engine/game/costs.py, cost_parts.py, mana.py).

:func:`parse_activation_cost` splits a cost at its commas: mana symbols, {T} (107.5), {Q} (107.6),
energy (107.14), a loyalty cost (606.4), and the other parts, each read as a :class:`CostPart` the
loop pays (601.2h) or None when it doesn't pay it yet. :func:`mana_options` says what one activation
of a mana ability adds; :func:`loop_mana_ability` whether the loop activates a mana ability of that
text (605.1a, 605.3).
"""

from __future__ import annotations

import importlib
import itertools
import re
from functools import lru_cache
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from engine.vocab import mana_if, mana_instead, mana_limits, mana_then
from engine.vocab.selector import Selector

# 205.2a: the card types (engine/vocab/cardfile.py's CardType)
CARD_TYPES = ("Artifact", "Battle", "Conspiracy", "Creature", "Dungeon", "Enchantment", "Instant", "Kindred", "Land",
              "Phenomenon", "Plane", "Planeswalker", "Scheme", "Sorcery", "Vanguard")
NUMBERS = {"a": 1, "an": 1, "another": 1, "one": 1, "this": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
           "seven": 7, "eight": 8, "nine": 9, "ten": 10}


class CostPart(BaseModel):
    """A part of an activation cost other than mana, {T}, {Q}, energy and loyalty that the game loop
    pays (602.1a, 601.2h): sacrificing (701.21), tapping untapped permanents (701.26), discarding
    (701.9), paying life (119.4), removing counters from or putting them on the source (122.1, 122.6), exiling the source
    (701.13), milling (701.17), returning a permanent to its owner's hand. ``what``: the permanents
    you control that can pay it, the noun of its text read as a selector ("this token": the source
    itself; "another Vampire or Zombie"; "two untapped Humans you control"); None: any card in your
    hand ("Discard a card"), or no object (paying life, milling)."""

    model_config = ConfigDict(frozen=True)
    verb: Literal["sacrifice", "tap", "discard", "pay_life", "remove_counters", "exile", "mill", "return", "exile_cards",
                  "unattach", "put_counters"]  # put_counters: "Put a -1/-1 counter on this creature" (122.6, 606.4)  # unattach: "Unattach ~" (701.3d: the Equipment stays on the battlefield, equipping nothing)
    count: int | Literal["x"] = 1  # x: the X announced as the spell is cast or the ability activated (107.3a)
    what: Selector | None = None
    counter: str | None = None  # remove_counters, put_counters: the kind ("+1/+1", "charge")
    at_random: bool = False  # discard: "Discard a card at random" (701.9b: the player doesn't choose)
    card_types: tuple[str, ...] = ()  # discard, exile_cards: "Discard a creature card" (one of these card types)
    # 113.6k: "Exile this card from your graveyard", "Discard this card", "Exile this card from your hand": the
    # card itself, moved out of that zone, where alone the ability functions
    from_zone: Literal["battlefield", "graveyard", "hand"] = "battlefield"
    named: bool = Field(default=False, description=(
        "201.5a: the part names the card by its name ('Sacrifice Blazing Torch', 'Unattach Heartseeker'): the source "
        "itself; in an ability an effect grants (613.1f), the object whose effect grants it (the Equipment), not the "
        "one that has the ability (engine/game/granters.py)"))


class AlternativeCost(BaseModel):
    """118.9: a cost a spell's controller may pay rather than its mana cost ("You may pay {W}{U}{B}{R}{G} rather
    than pay this spell's mana cost", "You may sacrifice two Mountains rather than ..."): mana symbols, and at
    most one part of the kinds the loop pays (601.2h, engine/game/cost_parts.py)."""

    model_config = ConfigDict(frozen=True, extra="forbid")
    mana: str = ""  # the mana symbols ("{W}{U}{B}{R}{G}"); "" for none
    part: CostPart | None = None
    # "If you control a Swamp, you may ...": only while a permanent its caster controls matches (601.2b: as announced)
    if_any: Selector | None = None
    if_also_any: Selector | None = Field(default=None, description=(
        "118.9, 601.2b: a second condition, a permanent this selector matches on the battlefield as the cost is "
        "announced ('If an opponent controls a Plains and you control a Mountain, you may cast this spell without "
        "paying its mana cost': controller opponent)"))


_COST_PART = re.compile(r"^(Sacrifice|Tap|Discard) (this|another|an|a|one|two|three|four|five) (untapped )?(.*?)"
                        r"( you control)?$")
_NUMBER = r"(a|an|one|two|three|four|five)"
# the source itself: "this creature", "this artifact", ... or its name (objects.bare writes it ~)
_THIS = r"(this (?:creature|artifact|enchantment|land|permanent|Aura|Equipment|Vehicle|token)|~)"
_PAY_LIFE = re.compile(r"^Pay (\d+|X) life$")  # (107.3a: X announced)
_REMOVE = re.compile(rf"^Remove {_NUMBER} (\+1/\+1|-1/-1|[a-z]+) (counters?) from {_THIS}$")
# 107.3a, 601.2h: "Remove X storage counters from this land", "Remove any number of storage counters from this land"
# (that number chosen as the cost is paid: its X)
_REMOVE_X = re.compile(rf"^Remove (?:X|any number of) (\+1/\+1|-1/-1|[a-z]+) counters from {_THIS}$")
# 122.6: "Put a -1/-1 counter on this creature" (Devoted Druid): counters put on the source to pay the cost
_PUT = re.compile(rf"^Put {_NUMBER} (\+1/\+1|-1/-1|[a-z]+) (counters?) on {_THIS}$")
_EXILE_SELF = re.compile(rf"^Exile {_THIS}$")
_MILL = re.compile(rf"^Mill {_NUMBER} (cards?)$")
_DISCARD_RANDOM = re.compile(rf"^Discard {_NUMBER} (cards?) at random$")
_DISCARD_TYPED = re.compile(r"^Discard (a|an) (artifact|creature|enchantment|instant|land|sorcery) card$")
_EXILE_CARDS = re.compile(rf"^Exile {_NUMBER} (?:(artifact|creature|enchantment|instant|land|sorcery) )?(cards?) from your "
                          r"graveyard$")
_RETURN_SELF = re.compile(rf"^Return {_THIS} to its owner's hand$")
_RETURN_ONE = re.compile(r"^Return (a|an) (artifact|creature|enchantment|land) you control to its owner's hand$")
# "Return a basic land you control ...", "Return an Island you control ..." (205.4a supertype, 205.3 subtype)
_RETURN_KIND = re.compile(r"^Return (a|an) (basic land|[A-Z][a-z]+) you control to its owner's hand$")
SELF = Selector(self_=True)


def _agrees(n: int, noun: str) -> bool:
    """A number and its noun agree: 'a card', 'two cards'."""
    return (n == 1) == (not noun.endswith("s"))


def _word_part(part: str) -> CostPart | None:
    """The parts other than sacrificing, tapping and discarding chosen cards: "Pay 2 life", "Remove a
    +1/+1 counter from this creature", "Exile this artifact", "Mill a card", "Discard a card at random",
    "Discard a creature card", "Return this enchantment to its owner's hand", "Return a land you control
    to its owner's hand", "Exile this card from your graveyard", "Discard this card", "Exile this card from
    your hand"; None for another."""
    if part in ("Exile this card from your graveyard", "Exile ~ from your graveyard"):
        return CostPart(verb="exile", what=SELF, from_zone="graveyard")
    if part in ("Exile this card from your hand", "Exile ~ from your hand"):
        return CostPart(verb="exile", what=SELF, from_zone="hand")
    if part in ("Discard this card", "Discard ~"):
        return CostPart(verb="discard", what=SELF, from_zone="hand")
    if m := _PAY_LIFE.match(part):
        if m.group(1) == "X":  # 107.3a, 601.2b, 602.2b: "Pay X life", X announced
            return CostPart(verb="pay_life", count="x")
        return CostPart(verb="pay_life", count=int(m.group(1))) if int(m.group(1)) > 0 else None
    if m := _REMOVE.match(part):
        n = NUMBERS[m.group(1)]
        return CostPart(verb="remove_counters", count=n, counter=m.group(2), what=SELF) if _agrees(n, m.group(3)) else None
    if m := _REMOVE_X.match(part):
        return CostPart(verb="remove_counters", count="x", counter=m.group(1), what=SELF)
    if m := _PUT.match(part):  # 122.6: put on the source, through the replacement program (engine/game/cost_counters.py)
        n = NUMBERS[m.group(1)]
        return CostPart(verb="put_counters", count=n, counter=m.group(2), what=SELF) if _agrees(n, m.group(3)) else None
    if _EXILE_SELF.match(part):
        return CostPart(verb="exile", what=SELF)
    if m := _MILL.match(part):
        n = NUMBERS[m.group(1)]
        return CostPart(verb="mill", count=n) if _agrees(n, m.group(2)) else None
    if m := _DISCARD_RANDOM.match(part):
        n = NUMBERS[m.group(1)]
        return CostPart(verb="discard", count=n, at_random=True) if _agrees(n, m.group(2)) else None
    if m := _DISCARD_TYPED.match(part):
        if (m.group(1) == "an") != (m.group(2)[0] in "aeiou"):
            return None
        return CostPart(verb="discard", card_types=(m.group(2).capitalize(),))
    if m := _EXILE_CARDS.match(part):
        n = NUMBERS[m.group(1)]
        if not _agrees(n, m.group(3)) or n == 1 and (m.group(1) == "an") != ((m.group(2) or "card")[0] in "aeiou"):
            return None
        return CostPart(verb="exile_cards", count=n, card_types=(m.group(2).capitalize(),) if m.group(2) else ())
    if _RETURN_SELF.match(part):
        return CostPart(verb="return", what=SELF)
    if m := _RETURN_ONE.match(part):
        if (m.group(1) == "an") != (m.group(2)[0] in "aeiou"):
            return None
        return CostPart(verb="return", what=Selector(zone="battlefield", controller="you", types=[m.group(2).capitalize()]))
    if m := _RETURN_KIND.match(part):
        if (m.group(1) == "an") != (m.group(2)[0].lower() in "aeiou"):
            return None
        kind = {"types": ["Land"], "supertypes": ["Basic"]} if m.group(2) == "basic land" else {"subtypes": [m.group(2)]}
        return CostPart(verb="return", what=Selector(zone="battlefield", controller="you", **kind))
    return None


def _cost_part(part: str) -> CostPart | None:
    """"Sacrifice this token", "Sacrifice a creature", "Sacrifice another Vampire or Zombie", "Sacrifice a
    permanent", "Tap two untapped Humans you control", "Discard a card", and the parts of
    :func:`_word_part`; None for a part the game loop doesn't pay yet. The noun: card types or subtypes
    joined by 'or', plural after a number above one."""
    word = _word_part(part)
    if word is not None:
        return word
    if part == "Sacrifice ~":
        return CostPart(verb="sacrifice", what=SELF)
    if part == "Unattach ~":  # 701.3d: an Equipment's own name (the Equipment whose ability grants it, 201.5a)
        return CostPart(verb="unattach", what=SELF)
    if part == "Discard X cards":  # 701.9a, 107.3a: X announced as the spell is cast or the ability activated
        return CostPart(verb="discard", count="x")
    m = _COST_PART.match(part)
    if m is None:
        return None
    verb, count, untapped, noun, yours = m.groups()
    verb, n = verb.lower(), NUMBERS[count]
    if count == "this":
        return CostPart(verb="sacrifice", what=SELF) if verb == "sacrifice" else None
    if verb == "discard":
        return CostPart(verb="discard", count=n) if noun in ("card", "cards") else None
    if verb == "tap" and not (untapped and yours):  # "Tap two untapped Humans you control"
        return None
    types, subtypes = [], []
    words = [w.strip() for w in noun.split(" or ")]
    if words in (["permanent"], ["permanents"]):  # "Sacrifice a permanent": any permanent you control
        words = []
    for word in words:
        word = word[:-1] if n > 1 and word.endswith("s") else word
        if word.capitalize() in CARD_TYPES:
            types.append(word.capitalize())
        elif word[:1].isupper():
            subtypes.append(word)
        else:
            return None  # a lower-case word that is no card type ("token", "nontoken creature")
    # 701.21a: a player sacrifices only a permanent they control (tapping: "you control"); "another": not the source
    mine = {"zone": "battlefield", "controller": "you", "other": count == "another"}
    if types and subtypes:
        what = Selector(any_of=[Selector(any_types=types), Selector(subtypes=subtypes)], **mine)
    else:
        what = Selector(any_types=types, subtypes=subtypes, **mine)
    return CostPart(verb=verb, count=n, what=what)


class ActivationCost(BaseModel):
    model_config = ConfigDict(frozen=True)
    mana: str = ""  # the mana symbols, e.g. "{2}"
    tap: bool = False  # {T} (107.5)
    untap: bool = False  # {Q} (107.6)
    energy: int = 0  # {E} symbols to pay (107.14)
    loyalty: str | None = None  # a loyalty cost such as "+1", "−2", "0" or "−X" (606.4)
    other: tuple[str, ...] = ()  # the other parts, e.g. "Sacrifice this token"
    parts: tuple[CostPart | None, ...] = ()  # each of ``other`` as the game loop pays it (None: not yet)

    @property
    def has_x(self) -> bool:
        """107.3a, 602.2b: X in the cost, announced as the ability is activated: in its mana ({X}) or in a part ("Pay X
        life", "Discard X cards")."""
        return "{X}" in self.mana.upper() or any(p is not None and p.count == "x" for p in self.parts)


_LOYALTY = re.compile(r"^([+−-](\d+|X)|0)$")  # 606.4: +N, −N, −X or 0


@lru_cache(maxsize=None)
def parse_activation_cost(cost: str, name: str = "") -> ActivationCost:
    """Split an activation cost at its commas (118, 602.1a), each text read once (as the card is
    read); ``name``: the card's name, which a part may print for the card itself ("Sacrifice Mogg
    Fanatic", 201.5a). Raise ValueError for a braced symbol that is neither mana, {T}, {Q} nor {E}."""
    from engine.vocab.mana import parse_cost

    mana, tap, untap, energy, loyalty, other = [], False, False, 0, None, []
    for part in (p.strip() for p in cost.split(",")):
        if not part:
            continue
        if _LOYALTY.match(part):
            loyalty = part
            continue
        paid = re.fullmatch(r"[Pp]ay ((\{E\})+)", part)  # "Pay {E}{E}" (107.14)
        if paid:
            energy += paid.group(1).count("{E}")
            continue
        if not re.fullmatch(r"(\{[^{}]+\})+", part):
            other.append(part)
            continue
        for symbol in re.findall(r"\{[^{}]+\}", part):
            if symbol == "{T}":
                tap = True
            elif symbol == "{Q}":
                untap = True
            elif symbol == "{E}":
                energy += 1
            else:
                parse_cost(symbol)  # raises ValueError for what is not a mana symbol
                mana.append(symbol)
    named = [re.sub(rf"\b{re.escape(name)}\b", "~", p) if name else p for p in other]
    return ActivationCost(mana="".join(mana), tap=tap, untap=untap, energy=energy, loyalty=loyalty, other=tuple(other),
                          parts=tuple(_named(_cost_part(p), p) for p in named))


def _named(part: CostPart | None, text: str) -> CostPart | None:
    """The part, marked ``named`` when its text names the card by its name (~, 201.5a) and pays with the object
    itself ("Sacrifice ~", "Unattach ~", "Exile ~"; "this creature" is the object that has the ability, 700.7)."""
    if part is None or "~" not in text.split() or part.what is None or not part.what.self_:
        return part
    return part.model_copy(update={"named": True})


ADD = re.compile(r"Add ((?:\{[WUBRGC]\})+)")
# the mana abilities that sacrifice their source, tapped or not, which the game loop activates (605.3)
# besides "{T}: Add ...": "{T}, Sacrifice this token: Add ..." (Treasure), "Sacrifice this token: Add {C}"
SACRIFICE_FOR_MANA = re.compile(r"^(\{T\}, )?Sacrifice this [a-z]+: Add ")
ANY_COLOR = ("{W}", "{U}", "{B}", "{R}", "{G}")


CHOSEN_COLOR = "one mana of the chosen color"
IDENTITY_COLOR = "one mana of any color in your commander's color identity"  # 903.4 (engine/game/mana_identity.py)
_LETTERS = {"white": "{W}", "blue": "{U}", "black": "{B}", "red": "{R}", "green": "{G}"}


def mana_options(text: str, chosen_color: str | None = None, identity: tuple[str, ...] = ()) -> list[str]:
    """What one activation of a mana ability may add (106.1, 605.3): its "Add ..." sentence read by the grammar
    mana_add.lark (engine/vocab/oracle/mana_add.py): "{T}: Add {G}." -> ["{G}"]; "Add {U} or {R}" -> ["{U}", "{R}"];
    "Add one mana of any color" -> the five colors; "Add two mana of any one color" -> {W}{W}, {U}{U} ... (one color,
    chosen as it resolves: 106.1, 605.3); "Add two mana in any combination of colors" -> {W}{W}, {W}{U} ... (each way,
    their order aside); "Add one mana of the chosen color", "Add {B} or one mana of the chosen color" -> that of
    ``chosen_color``, the color chosen for the object as it entered ("As this artifact enters, choose a color", 614.12;
    none chosen: none of it); "Add one mana of any color in your commander's color identity" -> that of each color of
    ``identity`` (903.4: the colors of its controller's commanders, engine/game/mana_identity.py; none: none of it);
    [] for words the grammar doesn't read."""
    body = text.split("Add ", 1)[1].rstrip(".") if "Add " in text else ""
    found = importlib.import_module("engine.vocab.oracle.mana_add").options("Add " + body) if body else None
    chosen = [_LETTERS[chosen_color]] if chosen_color in _LETTERS else []
    ident = [_LETTERS[c] for c in _LETTERS if c in identity]  # (WUBRG order)
    return list(dict.fromkeys(x for o in found or () for x in (chosen if o == "chosen" else ident if o == "identity"
                                                                else [o])))


def zone_of(cost: ActivationCost) -> str:
    """113.6k: the zone the ability functions in, as its cost says ("Exile this card from your graveyard":
    the graveyard; "Discard this card": the hand); else the battlefield."""
    return next((p.from_zone for p in cost.parts if p is not None and p.what is not None and p.what.self_
                 and p.from_zone != "battlefield"), "battlefield")


_RIDER = re.compile(r" (?:This (?:land|creature|artifact|permanent) (?:deals (\d+) damage to you|(doesn't untap during your "
                    r"next untap step))|(Activate only once each turn))\.$")


def mana_rider(text: str) -> tuple[str, int, bool, bool]:
    """A mana ability's text without its last sentence, and what that sentence says: the damage "This land
    deals 1 damage to you." (what it does besides adding mana as it resolves, 605.3b: the painlands; 0
    without it); whether "This land doesn't untap during your next untap step." (502.3); whether "Activate
    only once each turn." (602.5b). (Its "Activate only if [condition]." aside: engine/vocab/mana_if.py.)"""
    text = mana_limits.split(text)[0]  # 602.5b, 602.5d: "Activate only as a sorcery." (engine/game/mana_limits.py)
    text = mana_if.split(text)[0]  # 602.5b: the condition, checked as it would be activated (engine/game/mana_if.py)
    text = mana_instead.split(text)[0]  # 608.2c: "If [condition], add [mana] instead." (engine/game/mana_instead.py)
    m = _RIDER.search(text)
    if m is None:  # (the instructions after its mana aside: engine/vocab/mana_then.py, :func:`then_ops`)
        return mana_then.split(text)[0], 0, False, False
    return text[:m.start()], int(m.group(1) or 0), m.group(2) is not None, m.group(3) is not None


def then_ops(text: str) -> tuple[dict, ...] | None:
    """605.3b: the instructions of the mana ability ``text`` after the mana it adds ("Add {U}{B}. Draw a card.": the
    one-shot operations family 5 compiles, engine/vocab/mana_then.py), () without any, None when they aren't read."""
    return mana_then.ops(mana_instead.split(mana_if.split(mana_limits.split(spend_only(text)[0])[0])[0])[0])


def spend_only(text: str) -> tuple[str, Any]:
    """106.6: a mana ability's text without its last sentence "Spend this mana only to cast a creature spell." ("...
    or activate abilities of artifacts.") and what that mana may be spent on (a SpendOnly: the spells, the sources
    of activated abilities, engine/vocab/oracle/spend_only.py; the text itself and None without one); also "This mana
    can't be spent to cast a nonartifact spell." (the Powerstone's, 111.10h: see :func:`spends_elsewhere`)."""
    if " Spend this mana only " not in text and " This mana can't be spent " not in text:
        return text, None
    return importlib.import_module("engine.vocab.oracle.spend_only").split(text)


def spends_elsewhere(text: str) -> bool:
    """106.6, 111.10h: whether the restricted mana of the ability ``text`` may also pay what is not casting a spell
    ("This mana can't be spent to cast a nonartifact spell.": only nonartifact spells are denied it)."""
    return importlib.import_module("engine.vocab.oracle.spend_only").anything_else(text)


def mana_amount(effect: str, name: str = "") -> tuple[str | None, Any] | None:
    """106.1, 605.3b: the mana an effect "Add {G} for each creature you control.", "Add X mana of any one color, where
    X is ...", "Add an amount of {G} equal to ..." adds once for each of its value (None: X mana of one color), and
    that value (a Count or Total, counted as it resolves: engine/vocab/oracle/mana_amount.py); None for another."""
    if not effect.startswith("Add ") or " for each " not in effect and " where X is " not in effect \
            and " equal to " not in effect:
        return None
    return importlib.import_module("engine.vocab.oracle.mana_amount").read(effect, name)


def mana_x(effect: str):
    """106.1, 107.3a: the XMana of an effect "Add {W} for each storage counter removed this way.", "Add X mana in any
    combination of {W} and/or {U}." (the X its cost's counters removed set: engine/vocab/oracle/mana_x.py), "Add an
    amount of {B} equal to the sacrificed artifact's mana value." (the permanent its cost sacrificed); None for
    another."""
    if " removed this way" not in effect and not effect.startswith("Add X mana") and " the sacrificed " not in effect:
        return None
    return importlib.import_module("engine.vocab.oracle.mana_x").read(effect)


def could_produce(effect: str) -> tuple[str, Selector] | None:
    """106.7: ("type" | "color", the permanents) of "Add one mana of any type that a land you control could produce."
    (engine/vocab/oracle/mana_amount.py); None for another effect."""
    if " could produce" not in effect:
        return None
    return importlib.import_module("engine.vocab.oracle.mana_amount").could_produce(effect)


def loop_mana_ability(text: str, name: str = "") -> ActivationCost | None:
    """The cost of the mana ability ``text`` ("[cost]: Add ...", 605.1a) when the game loop activates it
    (605.3: it resolves at once) and pays all of its cost (601.2h): mana, {T}, and parts of
    :class:`CostPart` ("{1}, {T}: Add one mana of any color.", "{T}, Pay 1 life: Add {G}.", "{T}, Tap an
    untapped creature you control: Add one mana of any color."), energy ("{T}, Pay {E}: Add one mana of any color.",
    107.14), with or without a sentence of
    :func:`mana_rider` after it or instructions after its mana (:func:`then_ops`: "Draw a card."); None otherwise ({Q}, a part it
    doesn't pay, an effect mana_options doesn't read)."""
    cost, colon, effect = mana_rider(spend_only(text)[0])[0].partition(": ")
    if not mana_if.readable(text):  # 602.5b: "Activate only if [condition]." whose condition isn't read
        return None
    if then_ops(text) is None:  # 605.3b: instructions after its mana that aren't read (engine/vocab/mana_then.py)
        return None
    if not mana_instead.readable(text):  # 608.2c: "If [condition], add [mana] instead." not read
        return None
    if not mana_limits.readable(text):  # 602.5b: "Activate only during your turn." not read (or not checked)
        return None
    counted = colon and mana_amount(effect, name) is not None  # (its cost mana and {T} only: counted after them)
    xmana = mana_x(effect) if colon else None  # (107.3a: X counters its cost removes)
    if not colon or not effect.startswith("Add ") or not (mana_options(effect) or effect == f"Add {CHOSEN_COLOR}."
                                                          or effect == f"Add {IDENTITY_COLOR}."
                                                          or counted or could_produce(effect) is not None
                                                          or xmana is not None):
        return None
    try:
        parsed = parse_activation_cost(cost, name)
    except ValueError:
        return None
    if parsed.untap or parsed.loyalty is not None or "{X}" in parsed.mana \
            or any(p is None or p.count == "x" and xmana is None for p in parsed.parts) \
            or xmana is not None and not importlib.import_module("engine.vocab.oracle.mana_x").fits(xmana, parsed.parts) \
            or zone_of(parsed) != "battlefield" or mana_instead.split(text)[1] is not None and parsed.other \
            or counted and (parsed.parts or parsed.other):
        return None
    return parsed


def cost_in_words(cost: str | None):
    """A keyword's cost in words ("Sacrifice a land.", "Pay 3 life, Discard a card at random.") read as the parts of an
    activation cost are (:func:`parse_activation_cost`; 702.27a buyback, 702.120a escalate), or None: a cost of mana symbols (the game loop adds them to
    the total cost, engine/game/costs.py), or words it doesn't read."""
    if cost is None or cost.startswith("{"):
        return None
    try:
        words = parse_activation_cost(cost.rstrip("."))
    except ValueError:
        return None
    if words.mana or words.tap or words.untap or words.energy or words.loyalty is not None \
            or not words.parts or any(p is None or p.count == "x" for p in words.parts):
        return None
    return words
