"""Fact vocabularies: typed predicate definitions, and the translation of a game state into facts.

Each task reads facts from a documented vocabulary. The definitions here are the single source:
``docs/facts.md`` is generated from them (``mtgjudge facts --markdown``), and a test checks it is
up to date, so the documentation and the code cannot drift.

Term conventions: object ids, player names, card names and subtypes are strings (``"grizzly_bears"``,
``"alice"``, ``"Elf"``); closed enumerations (zones, card types, colors, ability kinds) are
lower-case constants (``battlefield``, ``creature``, ``white``, ``static``); numbers are integers.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Iterable

from .protocols import GameState

# Argument types and how a Python value becomes a term.
ARG_TYPES = {
    "object": "an object id, a string",
    "player": "a player name, a string",
    "id": "an object id or a player name, a string",
    "name": "a name, a string",
    "text": "a text, a string",
    "int": "an integer",
    "const": "a lower-case constant from a closed list",
    "value": "an integer, or a string",
    "term": "a compound term, as the meaning says",
}


def _string(v: str) -> str:
    return '"' + v.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


_NOT_NAME = re.compile(r"[^a-z0-9]+")


def const(v: str) -> str:
    """'Double strike' -> double_strike, 'Creature' -> creature."""
    c = _NOT_NAME.sub("_", v.lower()).strip("_")
    if not c or not c[0].isalpha():
        c = "c_" + c
    return c


def term(value: Any, kind: str) -> str:
    if kind == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise TypeError(f"expected an integer, got {value!r}")
        return str(value)
    if kind == "const":
        return const(str(value))
    if kind == "value":
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            return str(value)
        return _string(str(value))
    return _string(str(value))


def q(text: str) -> str:
    """A string term (an argument of type text)."""
    return term(text, "text")


@dataclass(frozen=True)
class Arg:
    name: str
    type: str
    doc: str = ""

    def __post_init__(self) -> None:
        if self.type not in ARG_TYPES:
            raise ValueError(f"unknown argument type {self.type!r}")


@dataclass(frozen=True)
class Predicate:
    name: str
    args: tuple[Arg, ...]
    doc: str
    rule: str = ""

    @property
    def signature(self) -> str:
        return f"{self.name}/{len(self.args)}"

    def __call__(self, *values: Any) -> "Fact":
        if len(values) != len(self.args):
            raise TypeError(f"{self.signature} takes {len(self.args)} arguments, got {len(values)}")
        return Fact(self, tuple(values))


@dataclass(frozen=True)
class Fact:
    predicate: Predicate
    values: tuple[Any, ...]

    def __str__(self) -> str:
        p = self.predicate
        if not p.args:
            return f"{p.name}."
        terms = ",".join(term(v, a.type) for v, a in zip(self.values, p.args))
        return f"{p.name}({terms})."


@dataclass(frozen=True)
class Vocabulary:
    name: str
    doc: str
    predicates: tuple[Predicate, ...]

    def get(self, name: str) -> Predicate:
        for p in self.predicates:
            if p.name == name:
                return p
        raise KeyError(name)

    def markdown(self) -> str:
        lines = [f"## `{self.name}`", "", self.doc, "", "| predicate | arguments | meaning | rule |", "|---|---|---|---|"]
        for p in self.predicates:
            args = ", ".join(f"{a.name}: {a.type}" for a in p.args)
            lines.append(f"| `{p.signature}` | {args} | {p.doc} | {p.rule} |")
        return "\n".join(lines) + "\n"


def P(name: str, args: str, doc: str, rule: str = "") -> Predicate:
    """P('counter', 'O:object K:text N:int', ...)"""
    parsed = tuple(Arg(*a.split(":")) for a in args.split()) if args else ()
    return Predicate(name, parsed, doc, rule)


BOARD = Vocabulary(
    "board",
    "The state of the game as the board file gives it: players, objects in zones with their printed "
    "characteristics and status, continuous effects from resolved spells and abilities, and combat. "
    "Every task reads these facts.",
    (
        P("player", "P:player", "a player in the game", "102.1"),
        P("seat", "P:player N:int", "the player's seat, 1 first, in turn order", "101.4"),
        P("active", "P:player", "the active player", "102.1"),
        P("life", "P:player N:int", "the player's life total", "119.1"),
        P("player_counter", "P:player K:text N:int", "N counters of kind K on the player", "122.1"),
        P("attack_option", "A:const", "the multiplayer attack option: multiple, left or right", "802, 803"),
        P("object", "O:object", "an object in some zone", "109.1"),
        P("in_zone", "O:object Z:const", "O is in zone Z (library, hand, battlefield, graveyard, stack, exile, command)", "400.1"),
        P("position", "O:object N:int", "O's position in its zone, 1 first (the top of a library, the bottom of the stack)", "401.2, 405.2"),
        P("object_kind", "O:object K:const", "card, token, spell or ability", "109.1, 111, 113.7"),
        P("owner", "O:object P:player", "O's owner", "108.3"),
        P("controller", "O:object P:player", "O's controller before any control-changing effect (battlefield and stack only)", "108.4"),
        P("card_name", "O:object N:name", "the card or token definition O was made from", "201"),
        P("printed_name", "O:object N:name", "the printed name", "201"),
        P("mana_value", "O:object N:int", "the printed mana value", "202.3"),
        P("printed_color", "O:object C:const", "a printed color (mana cost, color indicator or token definition)", "202.2, 204"),
        P("printed_supertype", "O:object T:const", "a printed supertype", "205.4"),
        P("printed_type", "O:object T:const", "a printed card type", "205.2"),
        P("printed_subtype", "O:object S:name", "a printed subtype", "205.3"),
        P("printed_power", "O:object N:int", "printed power, when it is a number", "208.1"),
        P("printed_toughness", "O:object N:int", "printed toughness, when it is a number", "208.1"),
        P("printed_pt_star", "O:object", "printed power or toughness has a *: a characteristic-defining ability sets it", "208.2"),
        P("printed_loyalty", "O:object N:int", "printed loyalty", "209.1"),
        P("printed_defense", "O:object N:int", "printed defense", "310.4"),
        P("ability", "O:object I:int K:const", "O's printed ability number I (from 1) is of kind K", "113.3"),
        P("keyword", "O:object I:int K:const", "printed ability I is keyword K (e.g. first_strike)", "702"),
        P("keyword_n", "O:object I:int N:int", "the number of keyword ability I (rampage N)", "702"),
        P("keyword_quality", "O:object I:int Q:text", "the quality of keyword ability I (protection from Q)", "702"),
        P("keyword_cost", "O:object I:int C:text", "the cost of keyword ability I (equip C)", "702"),
        P("timestamp", "O:object T:int", "the permanent's timestamp", "613.7"),
        P("tapped", "O:object", "the permanent is tapped", "110.5"),
        P("summoning_sick", "O:object", "not continuously controlled since the controller's most recent turn began", "302.6"),
        P("face_down", "O:object", "the permanent is face down", "708"),
        P("damage", "O:object N:int", "N damage marked on the permanent (only when N > 0)", "120.3"),
        P("counter", "O:object K:text N:int", "N counters of kind K on the permanent", "122.1"),
        P("attached_to", "O:object X:id", "O is attached to X", "301.5, 303.4"),
        P("choice", "O:object K:name V:value", "a choice made for O (as it entered, or as it was cast)", "614.12"),
        P("target", "O:object X:id", "the spell or ability on the stack targets X", "115"),
        P("ability_of", "O:object S:object I:int", "the ability on the stack is ability I of object S", "113.7"),
        P("effect", "E:int", "a continuous effect from a resolved spell or ability, numbered from 1", "611.2"),
        P("effect_source", "E:int N:name", "the card whose spell or ability created the effect", "611.2"),
        P("effect_ability", "E:int I:int K:const", "the effect comes from ability I of kind K of that card", "611.2"),
        P("effect_controller", "E:int P:player", "the effect's controller", "611.2"),
        P("effect_source_object", "E:int O:object", "the object whose ability created the effect", "611.2"),
        P("effect_target", "E:int X:id", "a target of the spell or ability that created the effect", "611.2c"),
        P("effect_affected", "E:int O:object", "an object in the effect's affected set, fixed when it began", "611.2c"),
        P("effect_affected_given", "E:int", "the board fixes the effect's affected set (effect_affected/2 lists it)", "611.2c"),
        P("effect_choice", "E:int K:name V:value", "a choice made for the effect", "611.2"),
        P("effect_timestamp", "E:int T:int", "the effect's timestamp", "613.7b"),
        P("effect_duration", "E:int D:const", "the effect's duration", "611.2a"),
        P("effect_remaining", "E:int N:int", "what is left of a 'prevent the next N damage' shield", "615.7"),
        P("attacking", "O:object X:id", "O attacks player, planeswalker or battle X", "506.3, 508.1"),
        P("blocking", "B:object A:object", "B blocks attacker A", "509.1"),
        P("entered_attacking", "O:object", "O was put onto the battlefield attacking", "508.4"),
        P("entered_blocking", "O:object", "O was put onto the battlefield blocking", "509.4"),
        P("band", "N:int O:object", "O is in attacking band N (numbered from 1 in the board's order)", "702.22c"),
    ),
)

LAYERS = Vocabulary(
    "layers",
    "One step of the layers task (asp_rules/layers.lp): the current state of every object, the "
    "effects that apply in the current layer and have not applied yet, their selectors and their "
    "operations. Made by bridge/layers/ for each solve of its loop (613.8c).",
    (
        P("obj", "O:object", "an object", "109.1"),
        P("zone", "O:object Z:const", "its zone", "400.1"),
        P("owner", "O:object P:player", "its owner", "108.3"),
        P("obj_ts", "O:object T:int", "a permanent's timestamp", "613.7"),
        P("token", "O:object", "a token", "111"),
        P("commander", "O:object", "a commander (its owner's, in every zone)", "903.3"),
        P("face_down", "O:object", "a face-down permanent", "708.2"),
        P("cast_from_hand", "O:object", "a spell on the stack cast from its controller's hand", "601.2a"),
        P("gy_top", "O:object", "the top card of its owner's graveyard", "404.2"),
        P("attached", "O:object X:object", "O is attached to X", "301.5, 303.4"),
        P("exiled_with", "O:object X:object", "X is a card exiled with O's linked ability (O's choices.exiled)", "607.2a"),
        P("counter", "O:object K:text N:int", "N counters of kind K", "122.1"),
        P("c", "O:object K:const V:term", "characteristic K of O now: ctl (a player), name, mv, type, sub, super, "
          "color, abil (an ability term: printed(O,I), land(T), gkw(E,K), granted(E,K)), pt ((P,T)), allct (1), cant (a keyword it can't have, 113.11: 'loses flying and can't have or gain flying' applied)", "109.3"),
        P("abil_kw", "A:term K:text", "ability A is keyword K", "702"),
        P("abil_mana", "A:term", "ability A is a mana ability", "605.1a"),
        P("land_type", "S:name", "S is a land type", "205.3i"),
        P("basic", "S:name", "S is a basic land type", "305.6"),
        P("noncreature_sub", "S:name", "S is a subtype but not a creature type", "205.3"),
        P("creature_sub", "S:name", "S is a creature type", "205.3m"),
        P("sub_of", "S:name T:const", "S is a subtype of the card type T (artifact, enchantment, land or battle "
          "type; 205.3g-j, 205.3m)", "205.1a"),
        P("pt_counter", "K:text X:int Y:int", "a counter of kind K gives +X/+Y", "122.1a"),
        P("counters_due", "", "the counters are not in 7c yet: a chain that reaches 7c puts them there first", "613.4c"),
        P("cont_abil", "A:term", "ability A makes a continuous effect of its own (a printed static ability, or one an "
          "effect grants)", "613.7a, 707.2"),
        P("from", "K:int O:object W:term", "in the chain of this step, the state of O before the k-th effect is in world W "
          "(c(J): after the j-th effect); given between parts", "613.8c"),
        P("done", "K:int E:text", "E applied earlier in the chain than the k-th effect; given between parts", "613.8c"),
        P("pending", "E:text", "an effect that applies in this layer and has not yet", "613.1"),
        P("ahead", "E:text L:const", "the part in a later layer L (l1b ... l7d, lplayers, lrules) of an effect that has not "
          "applied there yet, which the chain may reach (its id: the effect's, then @ and the layer); the facts below "
          "describe it as they describe a pending effect", "613.8c"),
        P("ts", "E:text K:int", "its order key: twice its timestamp, plus 1 for a granted ability", "613.7, 613.7a"),
        P("eff_ts", "E:text T:int", "its timestamp", "613.7"),
        P("cda", "E:text", "it comes from a characteristic-defining ability", "604.3, 613.3"),
        P("src", "E:text O:object", "its source object", "611.2"),
        P("resolved", "E:text", "it exists whatever the abilities (a resolved spell or ability, or an enters-as effect)", "611.2"),
        P("entered", "E:text", "it was created as its permanent entered (enters as a copy, face-down)", "614.1c, 708.2"),
        P("ectl", "E:text P:player", "the controller of such an effect", "611.2"),
        P("holder", "E:text O:object", "the object that must have the ability for the effect to exist", "113.6"),
        P("key", "E:text A:term", "that ability", "113.6"),
        P("target", "E:text X:id", "a target of the spell or ability that created it", "115"),
        P("chosen_color", "E:text C:const", "the color chosen for it", "607"),
        P("chosen_ctype", "E:text S:name", "the creature type chosen for it", "607"),
        P("chosen_ltype", "E:text S:name", "the basic land type chosen for it", "305.7"),
        P("started", "E:text", "it applied in an earlier layer", "613.6"),
        P("locked", "E:text O:object", "the set it applies to since then", "613.6"),
        P("fixed_given", "E:text", "the board gives its affected set", "611.2c"),
        P("fixed", "E:text O:object", "a member of that set", "611.2c"),
        P("applies_sel", "E:text S:term", "the selector of what it applies to", "611.3a"),
        P("cond", "E:text S:term N:int", "it exists only while N or more objects match selector S", "611.3a"),
        P("cond_max", "E:text S:term N:int", "and only while at most N match ('as long as you have no cards in hand')", "611.3a"),
        P("cond_types", "E:text S:term", "its condition counts the card types among the objects matched (delirium)", "611.3a"),
        P("cond_mvs", "E:text S:term", "its condition counts the different mana values among the objects matched", "202.3"),
        P("cond_ctrs", "E:text S:term K:name", "its condition counts the counters of kind K on the objects matched ('as long "
          "as this creature has three or more +1/+1 counters on it')", "122.1"),
        P("cond_devo", "E:text S:term C:const", "its condition counts the mana symbols of color C (one of the listed colors "
          "at least: a hybrid symbol of two counts once) among the mana costs of the objects matched (devotion: 'as long "
          "as your devotion to red is less than five')", "700.5"),
        P("cond_rival", "E:text R:term", "its condition (the permanents of one color, cond(E, S, _)) fails when the "
          "objects R matches (the permanents of another color) are more than those S matches ('as long as black is the "
          "most common color among all permanents or is tied for most common')", "105.1, 611.3a"),
        P("functions_in", "E:text Z:const", "the ability states the zone it functions in: it functions only while its "
          "holder is in zone Z ('As long as this card is in your graveyard ...')", "113.6b"),
        P("sel_devo", "S:term C:const", "with a value devo(S, Times, Plus): the mana symbols of color C (one of the listed "
          "colors at least) among the mana costs of the objects S matches, not the objects (\"~'s power is equal to your "
          "devotion to red\")", "700.5"),
        P("mana_sym", "O:object I:int C:const", "the I-th symbol of the permanent's printed mana cost is of color C",
          "202.2, 700.5"),
        P("keep_key", "E:text A:term", "the ability its copy keeps ('except it has this ability')", "707.9b"),
        P("op", "E:text I:int N:const", "its operation I in this layer", "613.1"),
        P("op_type", "E:text I:int T:const", "a card type of the operation", "205.2"),
        P("op_sub", "E:text I:int S:name", "a subtype of the operation", "205.3"),
        P("op_super", "E:text I:int T:const", "a supertype of the operation", "205.4"),
        P("op_color", "E:text I:int C:const", "a color of the operation", "105.1"),
        P("op_name", "E:text I:int N:name", "set_name: the new name (a text-changing effect)", "613.1c"),
        P("op_text", "E:text I:int S:term", "set_text: the selector of the object whose full text it takes", "613.1c"),
        P("op_also", "E:text I:int A:term", "set_text: an ability of its source the object also has", "613.1c"),
        P("op_chosen", "E:text I:int", "the operation uses the chosen color or creature type", "607"),
        P("op_allct", "E:text I:int", "the operation gives all creature types", "205.3m"),
        P("op_allbasic", "E:text I:int", "the operation gives every basic land type", "305.6"),
        P("op_keepsub", "E:text I:int", "the card types set, the object keeps the subtypes of a card type it keeps",
          "205.1a"),
        P("op_except_mana", "E:text I:int", "the operation keeps mana abilities", "605.1a"),
        P("op_kw", "E:text I:int K:text", "a keyword the operation removes", "702"),
        P("op_grant", "E:text I:int A:term", "an ability the operation grants", "613.1f"),
        P("op_from", "E:text I:int S:term", "add_abilities_of: the selector of the objects whose abilities it adds", "613.1f"),
        P("op_kind", "E:text I:int K:const", "add_abilities_of: a kind of ability it adds (activated ...)", "613.1f"),
        P("abil_kind", "A:term K:const", "printed ability A is of kind K", "113.3"),
        P("op_val", "E:text I:int W:const V:term", "power (p) or toughness (t) value: n(N), mv, own(p|t) (the object's own power or toughness now), "
          "count(S,Times,Plus), types(S,Times,Plus), ctrs(S,K,Times,Plus) (the counters of kind K on the objects S "
          "matches), btypes(S,Times,Plus) (the basic land types among them), colors(S,Times,Plus) (the colors among them), "
          "life(Times,0) (its controller's life total), pnum(you|opponents,Q,Times,Plus) (a number of its controller's, "
          "or its opponents' added up: player_n's Q), "
          "total(S,p|t|mv) (their total power, toughness or mana value), greatest(S,p|mv) (the greatest power or mana value among them, 0 for none), ownc(colors|share|share_yours|ctrs(K)|att(A),Times) (each affected object's colors, the counters of kind K on it (\"any\": every kind), the objects attached to it of a subtype ownc_att(A, Sub) names, or the other creatures (share_yours: its controller's) on the "
          "battlefield sharing a creature type with it)", "613.4, 604.3, 105.1, 105.2, 205.3m, 122.1"),
        P("ownc_att", "A:term X:name", "a value ownc(att(A),Times) counts the objects of subtype X attached to each object", "301.5a"),
        P("op_cant", "E:text I:int", "the lose_abilities operation says its objects can't have the keywords either", "113.11"),
        P("op_copy", "E:text I:int X:object", "the object the operation copies", "707.2"),
        P("op_keep", "E:text I:int", "the copy keeps the source's ability", "707.9b"),
        P("sel", "S:term", "a selector", "611.3a"),
        P("sel_eff", "S:term E:text", "the effect it belongs to (its source, its 'you', its targets)", "611.3a"),
        P("sel_start", "S:term K:const", "where it starts: self, attached, targets, that (the trigger's object: its set "
          "always fixed, 611.2c), any, exiled_with, paired (the source and the creature it is paired with, 702.95e), all",
          "611.3a"),
        P("sel_zone", "S:term Z:const", "the zone it looks in", "400.1"),
        P("sel_counted", "S:term", "it is counted (a value or a condition)", "611.3a"),
        P("sel_any", "S:term Sub:term", "a selector of its union", "611.3a"),
        P("sel_type", "S:term T:const", "must have this card type", "205.2"),
        P("sel_any_type", "S:term T:const", "must have one of these card types", "205.2"),
        P("sel_not_type", "S:term T:const", "must not have this card type", "205.2"),
        P("sel_sub", "S:term X:name", "must have one of these subtypes", "205.3"),
        P("sel_not_sub", "S:term X:name", "must not have this subtype", "205.3"),
        P("sel_super", "S:term T:const", "must have this supertype", "205.4"),
        P("sel_not_super", "S:term T:const", "must not have this supertype", "205.4"),
        P("sel_color", "S:term C:const", "must have one of these colors", "105.1"),
        P("sel_not_color", "S:term C:const", "must not have this color", "105.1"),
        P("sel_chosen_color", "S:term", "must have the chosen color", "607"),
        P("sel_chosen_ctype", "S:term", "must have the chosen creature type", "607"),
        P("sel_not_chosen_ctype", "S:term", "must not have the chosen creature type", "205.3m"),
        P("sel_kw", "S:term K:text", "must have this keyword", "702"),
        P("sel_not_kw", "S:term K:text", "must not have this keyword", "702"),
        P("sel_ctl", "S:term W:const", "controlled by you or an opponent", "109.4"),
        P("sel_owner", "S:term W:const", "owned by you or an opponent", "108.3"),
        P("sel_other", "S:term", "not the source", "611.3a"),
        P("sel_token", "S:term Y:const", "tokens only (yes) or nontoken only (no)", "111"),
        P("sel_counter", "S:term K:text", "must have a counter of this kind", "122.1"),
        P("sel_mv", "S:term P:const", "must have an even or an odd mana value (P: even or odd; 0 is even)", "202.3"),
        P("sel_mv_le", "S:term N:int", "objects with mana value N or less only", "202.3"),
        P("sel_mv_ge", "S:term N:int", "objects with mana value N or greater only", "202.3"),
        P("sel_top", "S:term", "the top card of its owner's graveyard only", "404.2"),
        P("sel_attacking", "S:term Y:const", "attacking creatures only (yes) or not attacking (no)", "506.4"),
        P("sel_blocking", "S:term Y:const", "blocking creatures only (yes) or not blocking (no)", "506.4"),
        P("sel_tapped", "S:term Y:const", "tapped permanents only (yes) or untapped only (no)", "110.5"),
        P("sel_attached_to", "S:term W:const", "attached to the source (self) or to what the source is attached to "
          "(attached)", "301.5, 303.4"),
        P("tapped", "O:object", "a tapped permanent", "110.5"),
        P("life", "P:player N:int", "the player's life total", "119.1"),
        P("cond_life", "E:text W:const Min:int Max:int", "it exists only while the life total of its controller (W: you) "
          "or of an opponent (W: opponent, one of them) is between Min and Max", "119.1, 611.3a"),
        P("player_n", "P:player Q:term N:int", "a number of the player's: the cards in a zone (Q: zone(graveyard), "
          "zone(hand), zone(library)) or the player's counters of a kind (Q: ctrs(\"poison\")); in_game: 1 for a player "
          "still in the game; drawn: the cards drawn this turn; life_lost: the life lost this turn; none: 0",
          "122.1, 400.1, 102.3, 121.1, 119.3"),
        P("cond_player", "E:text W:const Q:term Min:int Max:int", "it exists only while that number (Q, as player_n's) "
          "of its controller (W: you) or of an opponent (W: opponent, one of them) is between Min and Max",
          "611.3a"),
        P("cond_more", "E:text", "with cond_player(E, you, Q, ...): and its controller's number is greater than each "
          "opponent's", "611.3a"),
        P("drawn", "P:player N:int", "the cards the player has drawn this turn (none: 0)", "121.1"),
        P("cast_n", "P:player N:int", "the spells the player has cast this turn (none: 0)", "601.2i"),
        P("cond_cast", "E:text Min:int Max:int", "it exists only while the spells its controller has cast this turn "
          "number between Min and Max", "601.2i, 611.3a"),
        P("cond_gained", "E:text", "E exists only while its controller has gained life this turn", "119.3, 611.3a"),
        P("cond_entered", "E:text", "E exists only while its source entered the battlefield this turn", "611.3a"),
        P("entered_turn", "O:object", "the permanent entered the battlefield this turn", "611.3a"),
        P("cond_monstrous", "E:text", "E exists only while its source is monstrous", "701.37b, 611.3a"),
        P("monstrous", "O:object", "the permanent is monstrous", "701.37b"),
        P("cond_dash", "E:text", "E exists only while its source's dash cost was paid", "702.109a, 611.3a"),
        P("dash_paid", "O:object", "the permanent's dash cost was paid", "702.109a"),
        P("cond_blitz", "E:text", "E exists only while its source's blitz cost was paid", "702.152a, 611.3a"),
        P("blitz_paid", "O:object", "the permanent's blitz cost was paid", "702.152a"),
        P("cond_renowned", "E:text", "E exists only while its source is renowned", "702.112b, 611.3a"),
        P("renowned", "O:object", "the permanent is renowned", "702.112b"),
        P("cond_blessing", "E:text", "E exists only while its controller has the city's blessing", "702.131c, 611.3a"),
        P("blessing", "P:player", "the player has the city's blessing", "702.131c"),
        P("cond_paired", "E:text", "E exists only while its source is paired with another creature", "702.95b, 611.3a"),
        P("paired", "O:object Q:object", "the permanent is paired with Q (soulbond); a selector starting from "
          "'paired' matches the effect's source and the creature it is paired with", "702.95b-e"),
        P("cond_monarch", "E:text", "E exists only while its controller is the monarch", "722.1, 611.3a"),
        P("monarch", "P:player", "the player is the monarch", "722.1"),
        P("gained", "P:player", "the player gained life this turn", "119.3"),
        P("cond_drawn", "E:text Min:int Max:int", "it exists only while the cards its controller has drawn this turn "
          "number between Min and Max", "121.1, 611.3a"),
        P("sel_modified", "S:term", "modified permanents only: a counter on it, equipped, or enchanted by an Aura its "
          "controller controls (the attached objects as they are now)", "700.9"),
        P("sel_commander", "S:term", "commanders only", "903.3"),
        P("sel_face_down", "S:term", "face-down permanents only", "708.2"),
        P("sel_cast_from_hand", "S:term", "spells cast from a hand only", "601.2a"),
        P("sel_named_self", "S:term", "the objects that have the source's name only (\"named ~\")", "201.2"),
        P("sel_chosen_player", "S:term W:const", "controlled (controls) or owned (owns) by the player chosen for the source "
          "as it entered only", "614.12"),
        P("chosen_player", "E:text P:player", "the player chosen for its source as it entered (choices.player)", "614.12"),
        P("sel_owned_by_attached_controller", "S:term", "the objects owned by the player who controls the object the "
          "source is attached to only (\"its controller's graveyard\")", "404.1, 402.1"),
        P("sel_controlled_by_attached_controller", "S:term", "the objects controlled by the player who controls the object "
          "the source is attached to only (\"its controller controls another creature\")", "108.4, 303.4"),
        P("sel_not_attached", "S:term", "not the object the source is attached to", "303.4"),
        P("sel_multi", "S:term Y:const", "two or more colors only (yes) or fewer (no)", "105.2"),
        P("sel_has_att", "S:term K:name", "an object of subtype K (Aura, Equipment) is attached to it, as it is now",
          "301.5a, 303.4"),
        P("attacking", "O:object", "an attacking creature (the board's combat)", "506.4"),
        P("blocking", "O:object", "a blocking creature (the board's combat)", "506.4"),
        P("attacks_player", "O:object P:player", "the attacking creature attacks player P (none for a planeswalker or a "
          "battle)", "506.3, 508.1b"),
        P("sel_attacks", "S:term W:const", "attacking creatures that attack the effect's controller (W: you), one of its "
          "opponents (opponent), or the player the source enchants (enchanted)", "506.3, 303.4"),
        P("blocks_pair", "B:object A:object", "the creature B blocks the attacking creature A (through its band too)",
          "509.1a, 702.22h"),
        P("sel_combat_with", "S:term W:const", "creatures blocking or blocked by the source (W: self) or by the object "
          "the source is attached to (attached)", "509.1a"),
        P("attached_player", "Q:object P:player", "the Aura Q is attached to player P", "303.4"),
        P("sel_ench_player", "S:term", "objects controlled by the player the source enchants", "303.4, 702.5d"),
        P("sel_entered_this_turn", "S:term", "permanents that entered the battlefield this turn", "400.7"),
        P("sel_no_abilities", "S:term", "objects with no abilities, after layer 6", "113.1"),
        P("sel_all_sub", "S:term K:name", "objects with subtype K (each sel_all_sub of the selector)", "205.3m"),
    ),
)

COMBAT = Vocabulary(
    "combat",
    "A declaration of attackers or blockers to check or to find (asp_rules/attack.lp, asp_rules/block.lp): "
    "the creatures with their characteristics after the layers, the rules of their cards in force with "
    "the selectors of their subjects (matched by asp_rules/selectors.lp, part selectors(cb)), and the declaration. "
    "Made by bridge/combat.py and bridge/combat_selectors.py.",
    (
        P("player", "P:player", "a player", "102.1"),
        P("life", "P:player N:int", "the player's life total", "119.1"),
        P("active", "P:player", "the active player", "102.1"),
        P("opponent", "P:player Q:player", "Q is an opponent of P", "102.3"),
        P("creature", "C:object", "a creature on the battlefield", "302"),
        P("ctl", "O:object P:player", "its controller, after the layers", "108.4"),
        P("tapped", "O:object", "it is tapped", "110.5"),
        P("saddled", "O:object", "it is saddled", "702.171b"),
        P("sick", "C:object", "it has not been under its controller's control since the turn began", "302.6"),
        P("kw", "C:object K:const", "it has keyword K: flying, reach, shadow, horsemanship, fear, intimidate, menace, defender, haste, banding, skulk, flanking", "702"),
        P("landwalk", "C:object S:name", "it has landwalk of land type S (swampwalk: Swamp)", "702.14"),
        P("legendary", "C:object", "it is legendary (a band of legendary creatures)", "702.22c"),
        P("bands_with_legendary", "C:object", "it has \"bands with other legendary creatures\"", "702.22b"),
        P("protection", "C:object Q:term", "it has protection from Q: color(X), type(T) (a card type), everything (bridge/protection.py; a quality of other words: no fact)", "702.16"),
        P("color", "C:object X:const", "one of its colors", "105.2"),
        P("artifact", "C:object", "it is an artifact", "301"),
        P("card_type", "C:object T:const", "one of its card types", "205.2a"),
        P("power", "C:object N:int", "its power", "208"),
        P("controls_land_type", "P:player S:name", "P controls a land with subtype S", "702.14c"),
        P("planeswalker", "W:object", "a planeswalker on the battlefield", "306"),
        P("battle", "B:object", "a battle on the battlefield", "310"),
        P("protector", "B:object P:player", "its protector", "310.8"),
        P("entered_attacking", "C:object", "C was put onto the battlefield attacking: never declared", "508.4"),
        P("entered_blocking", "C:object", "C was put onto the battlefield blocking: never declared", "509.4"),
        P("attacking_at", "A:object D:id", "A attacks D (a player, planeswalker or battle): the board's combat", "506.3, 508.1b"),
        P("same_band", "A:object A2:object", "A and A2 are members of one attacking band: the board's combat", "702.22c, 702.22h"),
        P("rule", "R:text N:const S:id", "a combat rule in force: its name (engine/vocab/combat.py) and its source", "508.1, 509.1"),
        P("rule_you", "R:text P:player", "'you' for the rule: the controller of its source or of the resolved spell or ability", "109.5"),
        P("rule_n", "R:text N:int", "the number the rule names", "508.1c, 509.1b"),
        P("rule_defender", "R:text D:const", "which attacks it is about: you, you_and_planeswalkers, any", "508.1c, 508.1g"),
        P("rule_power_vs", "R:text V:const", "cant_be_blocked_by: only blockers with power less (V = less) or greater (greater) than the attacker's", "509.1b"),
        P("rule_player", "R:text P:player", "attacks_player: the player the resolved effect names (its choice player), whom the subjects attack if able", "508.1d, 702.141a"),
        P("trigger", "T:text V:const S:object", "an ability that triggers on the declaration: its event and source", "508.2a, 509.3"),
        P("trigger_once", "T:text", "'one or more': it triggers once", "603.2c"),
        P("trigger_alone", "T:text", "'attacks alone': only when its subject is the only attacker declared", "506.5"),
        P("trigger_player_only", "T:text", "unblocked: only an attack on a player counts", "509.3g"),
        P("trigger_most_life", "T:text", "attacks: only an attack on the player with the most life or tied for most life "
                                         "counts (dethrone)", "702.105a"),
        P("trigger_with_greater", "T:text", "attacks: only when another creature with greater power attacks too "
                                            "(training)", "702.149a"),
        P("trigger_saddled", "T:text", "attacks: only an attack by a saddled subject counts ('attacks while saddled')",
          "702.171b"),
        P("trigger_at_least", "T:text N:int", "'whenever you attack with N or more creatures': it triggers once when at "
                                              "least N of its subjects are declared as attackers", "508.2a, 603.2"),
        P("trigger_others_at_least", "T:text N:int", "'whenever this creature and at least N other creatures attack': "
                                                     "only when at least N other creatures are declared as attackers "
                                                     "with its subject (battalion)", "508.2a, 603.2"),
        P("decl_attack", "C:object D:id", "the declaration to check: C attacks D", "508.1a-b"),
        P("decl_block", "B:object A:object", "the declaration to check: B blocks A", "509.1a"),
        P("decl_pay", "C:object", "the declaration pays C's cost to attack or block", "508.1g, 509.1d"),
        P("decl_band", "N:int C:object", "the declaration puts C in attacking band N", "702.22c"),
        P("hint", "B:object A:object", "the search for a best declaration or every legal one decides first that B "
                                       "blocks A (a pair of the relaxation's optimal solution, bridge/combat_bound.py; "
                                       "clasp's domain heuristic): an order of search, never an answer", "509.1c"),
    ),
)

# the layers vocabulary's state and selector predicates that the replace program reads too (asp_rules/selectors.lp)
_SELECTOR_STATE = (
    "obj", "zone", "owner", "token", "c", "counter", "attached", "attacking", "blocking", "tapped", "gy_top",
    "entered_turn", "abil_kw", "creature_sub", "noncreature_sub", "land_type", "basic", "sub_of", "exiled_with", "paired",
    "src", "target", "chosen_color", "chosen_ctype", "chosen_player", "commander", "face_down", "cast_from_hand",
    "attacks_player", "attached_player", "blocks_pair", "sel", "sel_eff", "sel_start", "sel_zone", "sel_any", "sel_type",
    "sel_any_type", "sel_not_type", "sel_sub", "sel_not_sub", "sel_all_sub", "sel_super", "sel_not_super", "sel_color",
    "sel_not_color", "sel_multi", "sel_chosen_color", "sel_chosen_ctype", "sel_not_chosen_ctype", "sel_kw", "sel_not_kw",
    "sel_ctl", "sel_owner", "sel_other", "sel_top", "sel_token", "sel_counter", "sel_mv", "sel_mv_le", "sel_mv_ge",
    "sel_attacking", "sel_blocking", "sel_tapped", "sel_attached_to", "sel_has_att", "sel_modified", "sel_commander",
    "sel_face_down", "sel_cast_from_hand", "sel_attacks", "sel_ench_player", "sel_combat_with", "sel_entered_this_turn",
    "sel_no_abilities", "sel_chosen_player", "sel_owned_by_attached_controller", "sel_controlled_by_attached_controller",
    "sel_not_attached", "sel_named_self")

REPLACE = Vocabulary(
    "replace",
    "Events about to happen and the replacement and prevention effects in force (asp_rules/replace.lp). "
    "Made by bridge/replace/: the state after the layers (the characteristics c/3 and the selectors of the layers "
    "vocabulary, read by asp_rules/selectors.lp), the events and the effects; for a permanent entering, its forms "
    "as they would exist on the battlefield (the layers program's answer: view/3, view_c/5). State and event facts "
    "only: the program derives which effects apply (asp_rules/replace_applies.lp: static_ok/2, target_ok/3, "
    "any_target/1, under_ok/4, eff_on/3, ab_has/4, counted/3) and who chooses (asp_rules/replace_chooser.lp: chooser/2).",
    (
        P("ev", "I:int T:const", "event I (its position in the event file) and its type", "614.1"),
        P("ev_amount", "I:int N:int", "its amount (damage, counters, tokens, cards, life)", "614.1a"),
        P("ev_to", "I:int Z:const", "a zone change: where it goes", "400.7"),
        P("ev_destroy", "I:int", "event I is a destruction (701.8): a regeneration shield may replace it", "614.8"),
        P("ev_no_regen", "I:int", "event I is a destruction that can't be regenerated", "701.19c"),
        P("eff", "E:text D:const T:const", "an effect in force: what it does (engine/vocab/replacement.py) and its event type", "614.1, 615.1"),
        P("bit", "E:text B:int", "its bit, in the sets of effects applied", "614.5"),
        P("eff_n", "E:text N:int", "the number it uses", "614.1a"),
        P("eff_zone", "E:text Z:const", "to_zone: where instead", "614.1a"),
        P("eff_self", "E:text", "a self-replacement effect", "614.15, 616.1a"),
        P("eff_to", "E:text Z:const", "it applies to zone changes to Z only", "614.1"),
        P("eff_into", "E:text T:const", "become: the event type it becomes", "614.1a"),
        P("eff_dest", "E:text X:object", "redirect: the object the damage is dealt to instead", "614.9"),
        P("eff_dest_gone", "E:text", "redirect, redirect_shield: the object it would send damage to is no longer on the battlefield or no longer a creature, planeswalker or battle, or the player has left the game", "614.9"),
        P("eff_own", "E:text", "an ability of the permanent entering, about itself (lost if it enters as a copy)", "614.12"),
        P("sac_victim", "I:int C:object P:player", "a creature the devour instances of the permanent entering by event I may sacrifice if it enters under P, C's controller (not one entering at the same time)", "702.82a, 614.13a"),
        P("sac_field", "P:player W:int M:int", "where the states count P's creatures sacrificed to devour: (S / W) \\ M, bits of S above the effects' bits", "702.82a, 614.13b"),
        P("ev_ctl", "I:int P:player", "a permanent entering: the player it would enter under", "614.1c, 616.1b"),
        P("eff_optional", "E:text", "add_counters: 'you may have it enter with' (unleash): applied, it may add none", "702.98a, 614.12"),
        P("copy_opt", "E:text K:int", "enter_as_copy: K, the copy E has the permanent enter as (a number for the object copied): given for a copy of the effect's source (Essence of the Wild) and 0 for 'you may' (it enters as itself); the program derives those of the objects its controller may choose (copy_may/2)", "616.1c, 707.2"),
        P("choose_opt", "E:text I:int P:int P2:int", "choose: applied to event I's permanent in form P (0: itself; a copy's number), E may lead to form P2, the permanent with a class of values chosen that the effects after it tell apart", "614.12, 616.1f"),
        P("ev_other", "I:int K:text N:int", "a permanent entering: the kind of its counters other than +1/+1 (one kind: a planeswalker's loyalty, 306.5b) and how many", "122.6"),
        P("itself", "P:int", "a form of the permanent entering as itself (not a copy), with a value chosen as it enters", "614.12, 616.1c"),
        P("eff_kind", "E:text K:text", "an effect on counters: the kind of counter it is about (a \"can't\" effect, cant: none, every kind); add_counters: the kind it adds, other than +1/+1 (Dark Depths' ice)", "614.17, 122.6"),
        P("eff_you", "E:text P:player", "E's controller ('you', 109.4); enter_under_control: the player it has the permanent enter under", "109.4, 616.1b"),
        P("decline_bit", "E:text B:int", "riot's optional counter (E, eff_optional/1): B, the bit of the states that marks it declined (the permanent gains haste)", "702.136a"),
        P("pay_bit", "I:int E:text B:int", "the permanent of event I may pay life as it enters by effect E (its controller's life total is at least that much); B, the bit of the states that marks it paid (the payment is an event of its own)", "119.4, 614.13c"),
        P("eff_lib_amount", "E:text", "E applies only while the player's library has at least the event's amount of cards", "614.13c"),
        P("lib_size", "I:int N:int", "the cards of event I's player's library, not counting those entering the battlefield from it", "614.13c"),
        P("shield", "E:text I:int N:int", "what is left of a shield for event I (a shield simultaneous events may use is divided among them, each division solved apart)", "615.7"),
        P("player_event", "T:const", "a kind of player's event, one of which may become another (rulesdata.PLAYER_EVENTS)", "614.1a"),
        P("eff_game", "E:text H:const W:const N:int", "a condition of E on the game as the permanent would enter (H: if or unless): W life_at_most (a player has N or less life), opponents (the player it would enter under has N or more), attacked, creature_died, opponent_lost_life, you_left (this turn; N: 0)", "614.1c, 614.12"),
        P("eff_per", "E:text W:const", "add_counters: N counters for each creature that died this turn (creature_died), each color of mana spent to cast the permanent (colors_spent), or each object counted/3 lists (count)", "614.1c"),
        P("player", "P:player", "a player in the game", "102.1"),
        P("life", "P:player N:int", "the player's life total", "119.1"),
        P("attacked", "P:player", "the player attacked this turn (declared one or more attackers)", "508.1"),
        P("died", "K:int P:player", "a creature that died this turn (K: its number) and the player who controlled it", "700.4"),
        P("lost_life", "P:player", "the player lost life this turn", "119.3"),
        P("left", "P:player", "a permanent the player controlled left the battlefield this turn", "603.10a"),
        P("spent", "I:int C:const", "a color of the mana spent to cast the permanent of enter event I (w, u, b, r, g)", "601.2h, 106.1"),
        P("spent_amount", "I:int N:int", "the amount of mana spent to cast the permanent of enter event I", "601.2h"),
        P("fo_per", "E:text T:int X:id", "615.5: prevention effect E's additional effect ('for each 1 damage prevented this way, put a +1/+1 counter on that creature') is event T, counters on X (the recipient of the damage), as many as E prevented: an event of its own the effects look at (ev/2; the program derives which apply)", "615.5, 616.1f"),
        P("fo_rm", "E:text T:int X:id H:const", "615.5, 615.12: prevention effect E's additional effect removes counters from X (the recipient of the damage): event T, counters_removed; H that_many ('remove that many +1/+1 counters from it': the amount of the damage E applied to, prevented or not) or one ('Remove a +1/+1 counter from this creature': one each time E applies)", "615.5, 615.12"),
        P("fo_made", "E:text T:int N:int", "effect E's modified event also creates N tokens ('instead exile that card and create a 2/2 black Zombie token'): event T, which the effects look at (ev/2; the program derives its controller, E's, and which effects apply)", "614.1, 616.1f"),
        # 614.1, 611.3a: the state the program's applicability rules read (asp_rules/replace_applies.lp, with the
        # shared selector program asp_rules/selectors.lp), for the effects on damage, zone changes and counters
        P("eff_object", "E:text S:term", "zone_change, counters, enter: the selector of the object E is about", "614.1, 611.3a"),
        P("eff_source", "E:text S:term", "damage: the selector of the source of the damage E is about", "615.1, 611.3a"),
        P("eff_combat", "E:text Y:const", "damage: combat damage only (yes), or noncombat damage only (no)", "510.1, 615.1"),
        P("eff_player", "E:text W:const", "counters: the player who puts them; a player's event or life_total: its player; token: the player who creates them (you, opponent, any, targets)", "122.1, 614.1, 111.2"),
        P("eff_on_player", "E:text W:const", "counters: put on this player (you, opponent, any, targets)", "122.1"),
        P("eff_from", "E:text Z:const", "zone_change: from this zone only", "614.1"),
        P("eff_resolving", "E:text", "zone_change: a spell card put into a graveyard as it resolves only", "608.2n"),
        P("eff_by_effect", "E:text", "zone_change: a destruction that is the result of an effect only (a shield counter); "
                                     "counters: counters an effect puts only, not a cost's ('if an effect would put')",
          "122.1c, 606.4"),
        P("eff_fixed", "E:text", "E's objects were fixed as it began (eff_affected/2): its words no longer name them", "611.2c, 615.11"),
        P("eff_affected", "E:text O:object", "one of the objects E was given as it began", "611.2c, 615.11"),
        P("ev_obj", "I:int O:id", "zone_change, counters, enter: the object (or player, counters: 122.1) of event I", "614.1, 616.1"),
        P("ev_from", "I:int Z:const", "zone_change: the zone event I's object leaves", "400.7"),
        P("ev_kind", "I:int K:text", "counters: the kind of counters of event I", "122.1"),
        P("ev_by", "I:int P:player", "counters: the player who puts them", "122.1"),
        P("ev_cost", "I:int", "counters: put to pay a cost (a loyalty ability's [+N]), not by an effect", "606.4, 122.6"),
        P("ev_src", "I:int O:object", "damage: the source of event I's damage", "120.1"),
        P("ev_combat", "I:int", "damage: event I is combat damage", "510.1"),
        P("ev_resolves", "I:int", "zone_change: a spell card put into a graveyard as it resolves", "608.2n"),
        P("ev_by_rule", "I:int", "zone_change: a destruction by a state-based action, not the result of an effect", "704.5g, 122.1c"),
        P("sel_pow_le", "S:term N:int", "S: a power N or less (an object without one fails)", "208.1"),
        P("sel_pow_ge", "S:term N:int", "S: a power N or greater", "208.1"),
        P("sel_tgh_le", "S:term N:int", "S: a toughness N or less", "208.1"),
        P("sel_tgh_ge", "S:term N:int", "S: a toughness N or greater", "208.1"),
        P("sel_chosen_source", "S:term", "S: the source of damage chosen for its effect as it began (chosen_source/2)", "609.7a"),
        P("chosen_source", "E:text O:object", "the source of damage chosen for E as it began, still that object", "609.7a, 400.7"),
        P("sel_chosen_name", "S:term", "S: the objects with the card name chosen for its effect's source (chosen_name/2)", "201.2a, 614.12"),
        P("chosen_name", "E:text N:text", "the card name chosen for E's source as it entered", "201.3, 614.12"),
        # 614.1a, 119.7, 121.6a, 111.2: a player's event and tokens (bridge/replace/player_facts.py)
        P("ev_player", "I:int P:player", "a player's event: its player; tokens: the player who would create them (the program derives those of the tokens an effect makes, fo_made/3); read for 616.1 too (asp_rules/replace_chooser.lp)", "614.1a, 111.2, 616.1"),
        P("ev_token", "I:int K:text", "tokens: the kind of token event I would create", "111.1"),
        P("eff_token_in", "E:text K:text", "token: E applies only to the creation of tokens of these kinds ('a Clue, Food, or Treasure token')", "614.1, 111.1"),
        P("eff_lib_empty", "E:text", "a player's event: E applies only while the player's library has no cards in it ('if you would draw a card while your library has no cards in it')", "121.6a"),
        P("eff_creates", "E:text K:text", "E's modified event also creates tokens of kind K (fo_made/3)", "614.1, 616.1f"),
        P("library_empty", "P:player", "the player's library has no cards in it", "121.4, 121.6a"),
        # 614.9, 615.1a, 615.11: who is dealt damage (asp_rules/replace_applies.lp derives target_ok/3, any_target/1)
        P("eff_recipient", "E:text S:term", "damage: the selector of the objects E names as dealt the damage ('a creature you control')", "614.1, 611.3a"),
        P("eff_target_player", "E:text W:const", "damage: dealt to this player (you, opponent, any, targets); with eff_recipient/2 too, either will do", "614.1, 109.4"),
        P("eff_or_dealt_by", "E:text", "damage: E applies as well to the damage the objects of its eff_recipient/2 deal, whoever is dealt it ('dealt to and dealt by that creature')", "615.1a"),
        P("eff_protects", "E:text X:object", "redirect_shield: the object whose damage E redirects (its first target; its source, 'this creature')", "614.9"),
        # 614.12, 616.1b-c, 122.6: a permanent entering, as it would exist on the battlefield in each form (the layers
        # program's answer), and the effects' conditions on it: replace_applies.lp derives under_ok/4, eff_on/3 and ab_has/4
        P("view", "I:int P:player K:int", "a form of the permanent of enter event I: entering under P, as itself (K 0), as a copy (K: the copy's number) or with a class of values chosen as it enters", "614.12, 616.1b, 616.1c"),
        P("view_c", "I:int P:player K:int Key:const V:term", "a characteristic of that permanent as it would exist on the battlefield in that form (the layers computed with it there; the keys of c/3; its controller P)", "614.12, 613"),
        P("view_ab", "I:int P:player K:int H:object N:int", "in that form it has, as a copy, the N-th printed ability of H's card", "707.2, 616.1f"),
        P("view_printed", "I:int P:player K:int N:int", "in that form it has its own N-th printed ability (the layers: under Humility, none)", "614.12, 613"),
        P("eff_n_count", "E:text S:term", "add_counters: N counters for each object selector S matches for the player it would enter under as 'you' (on the battlefield, or in the zone S names; none entering with it)", "614.1c, 614.12"),
        P("eff_ability", "E:text N:int", "E is the N-th printed ability of the permanent entering, its own effect on the counters put on itself", "614.12, 122.6"),
        P("ev_entering", "I:int O:object", "enter event I: the object entering", "614.1c"),
        P("ev_kicked", "I:int", "enter event I's permanent was kicked", "702.33d"),
        P("ev_cast_from_hand", "I:int", "enter event I's permanent was a spell cast from its controller's hand", "601.2a"),
        P("dealt_damage", "P:player", "player P was dealt damage this turn", "120.3, 702.54a"),
        P("eff_under", "E:text P:player", "E is an ability of the permanent entering (its own, or one an effect gives it) that it would have on the battlefield under P (none: under any player)", "614.12"),
        P("eff_copied", "E:text H:object N:int", "E is the N-th printed ability of H's card, which the permanent entering has as a copy of it", "614.12, 616.1f, 707.2"),
        P("eff_enter_if", "E:text W:const", "an effect on a permanent entering applies only if it was kicked (kicked), cast from a hand (cast_from_hand), or an opponent of the player it would enter under was dealt damage this turn (opponent_dealt_damage)", "702.33d, 601.2a, 702.54a"),
        P("eff_count", "E:text H:const S:term N:int", "an effect on a permanent entering applies only if (H if) or unless (H unless) the player it would enter under controls N or more permanents selector S matches (those entering with it not counted)", "614.12, 614.1c"),
        # 616.1c, 707.2: the objects a permanent entering may enter as a copy of (bridge/replace/options_facts.py:
        # replace_applies.lp derives copy_may/2 and copy_opt/2 from them)
        P("copy_of", "I:int S:term", "the permanent of enter event I has its own 'you may have it enter as a copy of ...' (Clone): S, the selector of the objects it may copy (on the battlefield, for the player it would enter under as 'you')", "616.1c, 707.2"),
        P("eff_copy_choice", "E:text", "enter_as_copy: E, the permanent's own ability, makes it a copy of an object its controller chooses among those copy_of/2 names", "616.1c, 707.2"),
        P("copy_code", "X:object K:int", "the number standing for object X as a copy a permanent may enter as (copy_opt/2, the forms K)", "707.2, 616.1c"),
        P("choose_cards", "E:text S:term", "choose (exile_cards): S, the selector of the cards E may choose from as the permanent enters (where they are, or in the zone S names; with E's controller as 'you'): replace_applies.lp derives choose_from/2", "614.13a, 614.12"),
        *(LAYERS.get(name) for name in _SELECTOR_STATE),
    ),
)

# 611.3a: the combat rules' and triggers' selectors and what they name (asp_rules/combat_selectors.lp derives subject/2,
# rule_match/2, rule_defender_has/2, trigger_subject/2, trigger_by/2 with the shared selector program
# asp_rules/selectors.lp, part selectors(cb)), and the state the selectors read: the layers vocabulary's (the replace
# program's too), with the replace vocabulary's compared power and toughness, chosen source and chosen name
_COMBAT_SELECTORS = (
    P("obj", "O:object", "a permanent: an object the rules and triggers may name (only creatures are candidates)", "109.1, 611.3a"),
    P("rule_subjects", "R:text S:term", "the selector of the creatures the rule is about (none: the targets of a resolved spell or ability, rule_resolved/1, or the permanent whose ability it is)", "611.3a, 611.2c"),
    P("rule_resolved", "R:text", "the rule is of a resolved spell or ability: without a selector it is about its targets (target/2)", "611.2c"),
    P("rule_power_at_least", "R:text N:int", "its subjects are those with power N or greater only", "208.1"),
    P("rule_defender_sel", "R:text S:term", "cant_attack_unless_defender_controls: the selector of the permanent the defending player must control", "508.1c, 506.2"),
    P("rule_names", "R:text S:term", "the selector of the attackers or blockers the rule names (blocks_only, cant_be_blocked_by, must_be_blocked, blocks_attacker)", "509.1b-c"),
    P("rule_named_power_at_most", "R:text N:int", "those it names with power N or less only", "208.1, 509.1b"),
    P("rule_named_power_at_least", "R:text N:int", "those it names with power N or greater only", "208.1, 509.1b"),
    P("trigger_subjects", "T:text S:term", "the selector of the creatures whose event counts (none: the permanent with the ability)", "508.2a, 509.3"),
    P("trigger_by_sel", "T:text S:term", "becomes_blocked, blocks_creature: the selector of the creatures on the other side that count", "509.3b, 509.3d"),
    P("trigger_yours", "T:text", "exalted: the creatures its controller controls count", "702.83a"),
    P("trigger_flanking", "T:text", "flanking: the blockers without flanking count", "702.25a"),
    *(LAYERS.get(name) for name in _SELECTOR_STATE if name not in ("obj", "zone", "tapped", "gy_top")),
    *(REPLACE.get(name) for name in ("sel_pow_le", "sel_pow_ge", "sel_tgh_le", "sel_tgh_ge", "sel_chosen_source",
                                     "chosen_source", "sel_chosen_name", "chosen_name")),
)
COMBAT = Vocabulary(COMBAT.name, COMBAT.doc, COMBAT.predicates + _COMBAT_SELECTORS)

VOCABULARIES: dict[str, Vocabulary] = {BOARD.name: BOARD, LAYERS.name: LAYERS, COMBAT.name: COMBAT,
                                       REPLACE.name: REPLACE}


def _pt(value: Any) -> int | None:
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    return None


def board_facts(state: GameState) -> list[Fact]:
    """The ``board`` vocabulary for a state, in a fixed order (so the same state gives the same text)."""
    v = BOARD.get
    out: list[Fact] = []
    add = out.append
    for p in state.players:
        add(v("player")(p.name))
        add(v("seat")(p.name, p.seat + 1))
        add(v("life")(p.name, p.life))
        for kind, n in sorted(p.counters.items()):
            if n > 0:
                add(v("player_counter")(p.name, kind, n))
    add(v("active")(state.active))
    add(v("attack_option")(state.attack_option))

    def zone_objects() -> Iterable[tuple[str, int, str]]:
        for zone, ids in (("battlefield", state.battlefield), ("stack", state.stack), ("exile", state.exile),
                          ("command", state.command)):
            for n, oid in enumerate(ids, 1):
                yield zone, n, oid
        for p in state.players:
            for zone in ("library", "hand", "graveyard"):
                for n, oid in enumerate(state.player_zones.get((p.name, zone), []), 1):
                    yield zone, n, oid

    for zone, n, oid in zone_objects():
        o = state.objects[oid]
        add(v("object")(oid))
        add(v("in_zone")(oid, zone))
        add(v("position")(oid, n))
        add(v("object_kind")(oid, o.kind))
        add(v("owner")(oid, o.owner))
        if o.controller is not None:
            add(v("controller")(oid, o.controller))
        for t in o.targets:
            add(v("target")(oid, t))
        for key, value in sorted(o.choices.items()):
            for item in value if isinstance(value, list) else [value]:
                add(v("choice")(oid, key, item))
        if o.kind == "ability":
            add(v("ability_of")(oid, o.ability_of, o.ability_index))
            continue
        c = o.printed
        assert c is not None
        add(v("card_name")(oid, o.card_name))
        add(v("printed_name")(oid, c.name))
        add(v("mana_value")(oid, c.mana_value))
        for x in c.colors:
            add(v("printed_color")(oid, x))
        for x in c.supertypes:
            add(v("printed_supertype")(oid, x))
        for x in c.types:
            add(v("printed_type")(oid, x))
        for x in c.subtypes:
            add(v("printed_subtype")(oid, x))
        for pred, value in (("printed_power", c.power), ("printed_toughness", c.toughness)):
            if value is not None:
                number = _pt(value)
                if number is None:
                    add(v("printed_pt_star")(oid))
                else:
                    add(v(pred)(oid, number))
        if c.loyalty is not None:
            add(v("printed_loyalty")(oid, c.loyalty))
        if c.defense is not None:
            add(v("printed_defense")(oid, c.defense))
        for i, ab in enumerate(c.abilities, 1):
            add(v("ability")(oid, i, ab.kind))
            if ab.kind == "keyword":
                add(v("keyword")(oid, i, ab.keyword))
                if ab.n is not None:
                    add(v("keyword_n")(oid, i, ab.n))
                if ab.quality is not None:
                    add(v("keyword_quality")(oid, i, ab.quality))
                if ab.cost is not None:
                    add(v("keyword_cost")(oid, i, ab.cost))
        if zone == "battlefield":
            add(v("timestamp")(oid, o.timestamp))
            if o.tapped:
                add(v("tapped")(oid))
            if o.summoning_sick:
                add(v("summoning_sick")(oid))
            if o.face_down:
                add(v("face_down")(oid))
            if o.damage:
                add(v("damage")(oid, o.damage))
            for kind, n in sorted(o.counters.items()):
                add(v("counter")(oid, kind, n))
            if o.attached_to is not None:
                add(v("attached_to")(oid, o.attached_to))
    for e in state.effects:
        add(v("effect")(e.index))
        add(v("effect_source")(e.index, e.source_card))
        add(v("effect_ability")(e.index, e.ability_index, e.ability.kind))
        add(v("effect_controller")(e.index, e.controller))
        if e.source is not None:
            add(v("effect_source_object")(e.index, e.source))
        for t in e.targets:
            add(v("effect_target")(e.index, t))
        if e.affected is not None:
            add(v("effect_affected_given")(e.index))
            for a in e.affected:
                add(v("effect_affected")(e.index, a))
        for key, value in sorted(e.choices.items()):
            for item in value if isinstance(value, list) else [value]:
                add(v("effect_choice")(e.index, key, item))
        add(v("effect_timestamp")(e.index, e.timestamp))
        add(v("effect_duration")(e.index, e.duration))
        if e.remaining is not None:
            add(v("effect_remaining")(e.index, e.remaining))
    if state.combat is not None:
        for a, d in state.combat.attackers.items():
            add(v("attacking")(a, d))
        for b, attackers in state.combat.blockers.items():
            for a in attackers:
                add(v("blocking")(b, a))
        for a in state.combat.entered_attacking:
            add(v("entered_attacking")(a))
        for b in state.combat.entered_blocking:
            add(v("entered_blocking")(b))
        for n, band in enumerate(state.combat.bands, 1):
            for a in band:
                add(v("band")(n, a))
    return out


def facts_text(facts: Iterable[Fact]) -> str:
    return "\n".join(str(f) for f in facts) + "\n"


def vocabulary_markdown() -> str:
    parts = [
        "# Fact vocabularies",
        "",
        "Generated from `bridge/facts.py` by `mtgjudge facts --markdown`; do not edit by hand "
        "(a test checks this file is up to date).",
        "",
        "Argument types: " + "; ".join(f"`{k}` {v}" for k, v in ARG_TYPES.items()) + ".",
        "",
    ]
    for voc in VOCABULARIES.values():
        parts.append(voc.markdown())
    return "\n".join(parts)


# How each vocabulary's facts are made from a state, for the tasks solved in one call. The "layers"
# vocabulary is made step by step by bridge/layers/step_facts.py (the loop owns the sequence, 613.8c).
FACT_BUILDERS = {"board": board_facts}
