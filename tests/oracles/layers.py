"""Oracle for the layer system (613), written from the rules text, independent of the ASP programs.

Brute force, as 613 describes it: in each layer and sublayer (613.1, 613.4), take the effects that
apply there; characteristic-defining abilities first (613.3); then, one application at a time
(613.8c), find the dependencies by trial: apply B to a copy of the state and see whether A's
existence, the set it applies to, or what it does to any of them changes (613.8a); apply the effect
with the earliest timestamp (613.7) among those that depend on nothing unapplied outside their own
dependency loop (613.8b). Once an effect has applied in a layer, its set of objects is fixed for the
later layers, even if the ability that made it is gone (613.6).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

import networkx as nx

from engine.vocab.cardfile import ActivatedAbility, KeywordAbility
from engine.vocab.keywords import keyword_words
from asp_rules.rulesdata import LAYERS, OP_LAYER
from engine.vocab.selector import Count, Greatest, Life, OwnCount, OwnManaValue, OwnPT, PlayerNumber, Selector, Total
from engine.state.model import GameState
from asp_rules.rulesdata import BASIC_LAND_TYPES, LAND_TYPES, intrinsic_mana_text, is_creature_type
from asp_rules.rulesdata import ARTIFACT_TYPES, BATTLE_TYPES, ENCHANTMENT_TYPES

# 205.3g-j: the subtypes correlated with a card type (205.1a: they go with it)
CORRELATED = {"Land": LAND_TYPES, "Artifact": ARTIFACT_TYPES, "Enchantment": ENCHANTMENT_TYPES, "Battle": BATTLE_TYPES}

PT_COUNTER = __import__("re").compile(r"^([+-]\d+)/([+-]\d+)$")


# An ability an object has: (key, display, is_mana, keyword, model). key identifies it:
# ("printed", obj, i) for the abilities of its rules text (keywords included), ("land", type) for the
# mana ability of a basic land type (305.6), ("gkw", effect, keyword) and ("granted", effect, k)
# for abilities granted by an effect. keyword is the keyword's name, or None.
@dataclass
class Obj:
    id: str
    zone: str
    owner: str
    controller: str | None
    name: str
    mana_value: int
    types: set
    subtypes: set
    supertypes: set
    colors: set
    abilities: list  # of (key, display, is_mana, model)
    power: int | None
    toughness: int | None
    counters: dict
    attached_to: str | None
    timestamp: int
    choices: dict
    all_creature_types: bool = False
    cant: set = field(default_factory=set)  # 113.11: the keywords an applied effect says it can't have


@dataclass
class Eff:
    id: str
    source: str | None
    controller: str
    timestamp: int
    spec: Any  # engine.vocab.effects.Continuous
    targets: tuple
    choices: dict
    cda: bool
    origin: str  # "static", "resolved", "entered" (614.1c) or "granted"
    ability_key: tuple | None  # the ability whose presence makes the effect exist
    holder: str | None  # the object that must have that ability
    fixed: tuple | None = None  # the board's affected set (611.2c)
    own: tuple | None = None  # a resolved effect's own ability, when the board names its source



def _counters(counters: dict, kind: str) -> int:
    """122.1: an object's counters of a kind, or of every kind ("any": "for each counter on it")."""
    return sum(counters.values()) if kind == "any" else counters.get(kind, 0)

def _pt(v):
    if isinstance(v, int):
        return v
    if isinstance(v, str) and v.isdigit():
        return int(v)
    return 0 if v is not None else None  # '*' is 0 until a characteristic-defining ability sets it


def _kw_display(k) -> str:
    if getattr(k, "cost_is_mana_cost", False):  # a cost of each card that has it: its mana cost, then `cost` if any
        return f"{k.keyword} [its mana cost]" + (f", {k.cost}" if k.cost else "")
    return keyword_words(k.keyword, k.n, k.cost, k.quality)


def _is_reminder(card_oracle: str, text: str) -> bool:
    return f"({text})" in card_oracle


def initial(state: GameState) -> dict[str, Obj]:
    objs = {}
    for oid, o in state.objects.items():
        if o.printed is None:
            continue
        c = o.printed
        abilities = []
        land_types = [t for t in c.subtypes if t in BASIC_LAND_TYPES]
        for i, ab in enumerate(c.abilities, 1):
            if land_types and isinstance(ab, ActivatedAbility) and ab.mana and _is_reminder(c.rules_text, ab.text):
                continue  # 305.6: the intrinsic ability of its land types, added below
            if isinstance(ab, KeywordAbility):
                abilities.append((("printed", oid, i), _kw_display(ab), False, ab.keyword, ab))
            else:
                abilities.append((("printed", oid, i), ab.display(), bool(getattr(ab, "mana", False)), None, ab))
        for t in land_types:
            abilities.append((("land", t), intrinsic_mana_text(t), True, None, None))
        objs[oid] = Obj(
            id=oid, zone=o.zone, owner=o.owner, controller=o.controller, name=c.name, mana_value=c.mana_value,
            types=set(c.types), subtypes=set(c.subtypes), supertypes=set(c.supertypes), colors=set(c.colors),
            abilities=abilities, power=_pt(c.power), toughness=_pt(c.toughness), counters=dict(o.counters),
            attached_to=o.attached_to, timestamp=o.timestamp or 0, choices=dict(o.choices),
        )
    return objs


def _has_ability(obj: Obj, key) -> bool:
    return any(a[0] == key for a in obj.abilities)


class Oracle:
    def __init__(self, state: GameState, library=None):
        self.state = state
        self.objs = initial(state)
        self.effects: dict[str, Eff] = {}
        self.started: dict[str, tuple] = {}  # effect id -> fixed set (613.6)
        self.order: list[dict] = []
        self.dependencies: list[dict] = []
        self.loops: list[list[str]] = []
        self._instantiate_printed()
        self._instantiate_face_down()
        self._instantiate_entered_copies()
        self._instantiate_resolved()

    # --- effects ---------------------------------------------------------------------------
    def _instantiate_printed(self) -> None:
        for oid, o in self.state.objects.items():
            if o.printed is None:
                continue
            for i, ab in enumerate(o.printed.abilities, 1):
                spec = getattr(ab, "continuous", None)
                if spec is None or ab.kind not in ("static", "characteristic_defining", "replacement", "keyword"):
                    continue
                # a keyword's: changeling (702.73a); dash's haste is a static ability of the permanent (702.109a)
                cda = ab.kind == "characteristic_defining" or ab.kind == "keyword" and ab.keyword != "dash"
                if not cda and o.zone != (getattr(spec, "functions_in", None) or "battlefield"):
                    continue  # static abilities function on the battlefield (113.6, 604.2), or where they say (113.6b)
                eid = f"{oid}#{i}"
                if ab.kind == "replacement":
                    # 614.1c, 707.5: an "enters as" effect, created once as the permanent entered: it
                    # doesn't depend on the ability staying.
                    self.effects[eid] = Eff(eid, oid, o.controller or o.owner, o.timestamp or 0, spec, (),
                                            dict(o.choices), False, "entered", None, oid)
                    continue
                self.effects[eid] = Eff(eid, oid, o.controller or o.owner, o.timestamp or 0, spec, (), dict(o.choices),
                                        cda, "static", ("printed", oid, i), oid)

    def _instantiate_face_down(self) -> None:
        """708.2: a face-down permanent is a 2/2 creature with no text, no name, no subtypes, no mana cost."""
        from engine.vocab.effects import Continuous

        for oid in self.state.battlefield:
            o = self.state.objects[oid]
            if o.face_down:
                eid = f"{oid}#face_down"
                spec = Continuous.model_validate({"do": [{"op": "face_down"}]})
                self.effects[eid] = Eff(eid, oid, o.controller, o.timestamp or 0, spec, (), {}, False, "entered",
                                        None, oid)

    def _instantiate_entered_copies(self) -> None:
        """614.1c, 707.2: a permanent that entered as a copy of another (the board's copy_of) has that copy
        effect, created as it entered."""
        from engine.vocab.effects import Continuous

        for oid in self.state.battlefield:
            o = self.state.objects[oid]
            if o.copy_of is not None:
                eid = f"{oid}#copy_of"
                spec = Continuous.model_validate({"do": [{"op": "copy", "of": "choice", "choice": "copy"}]})
                self.effects[eid] = Eff(eid, oid, o.controller, o.timestamp or 0, spec, (), {"copy": o.copy_of}, False,
                                        "entered", None, oid)

    def _instantiate_resolved(self) -> None:
        for e in self.state.effects:
            spec = getattr(e.ability, "continuous", None)
            if spec is None:
                continue
            eid = f"effects#{e.index}"
            own = ("printed", e.source, e.ability_index) if e.source is not None else None
            self.effects[eid] = Eff(eid, e.source, e.controller, e.timestamp, spec, tuple(e.targets), dict(e.choices),
                                    False, "resolved", None, None, e.affected, own)

    def _instantiate_granted(self, objs: dict[str, Obj]) -> None:
        """613.7a: an ability granted by an effect: its own effect, with the later of the two timestamps.
        707.2: a static ability an object has by copying another object functions for it too."""
        for oid, o in objs.items():
            for key, _display_text, _mana, _kw, model in o.abilities:
                if key[0] == "printed" and key[1] != oid and getattr(model, "continuous", None) is not None \
                        and model.kind in ("static", "characteristic_defining", "keyword") and o.zone == "battlefield":
                    eid = f"{oid}#copy:{key[1]}#{key[2]}"
                    if eid not in self.effects:
                        self.effects[eid] = Eff(eid, oid, o.controller or o.owner, o.timestamp, model.continuous, (),
                                                dict(o.choices), model.kind == "characteristic_defining"
                                                or model.kind == "keyword" and model.keyword != "dash",
                                                "static",
                                                key, oid)
                    continue
                if key[0] != "granted" or getattr(model, "continuous", None) is None:
                    continue
                grantor = self.effects[key[1]]
                eid = f"{key[1]}>{oid}#{key[2]}"
                if eid not in self.effects:
                    # 604.3a (2): an ability an effect grants is not characteristic-defining
                    self.effects[eid] = Eff(eid, oid, grantor.controller, max(grantor.timestamp, o.timestamp),
                                            model.continuous, (), dict(grantor.choices), False, "granted", key, oid)

    # --- evaluation on a state -----------------------------------------------------------------
    def controller_of(self, e: Eff, objs) -> str:
        if e.origin in ("resolved", "entered"):
            return e.controller
        holder = objs.get(e.holder) if e.holder else None
        return (holder.controller or holder.owner) if holder else e.controller

    def exists(self, e: Eff, objs) -> bool:
        if e.id in self.started:
            return True  # 613.6
        if e.ability_key is not None:
            h = objs.get(e.holder)
            if h is None or not _has_ability(h, e.ability_key):
                return False
            if not e.cda and h.zone != (getattr(e.spec, "functions_in", None) or "battlefield"):  # 113.6, 113.6b
                return False
        cond = e.spec.condition
        if cond is not None and cond.life is not None:  # 119.1: its controller's life total, or an opponent's
            you = self.controller_of(e, objs)
            lives = [p.life for p in self.state.players if (p.name == you) == (cond.life == "you")]
            low = cond.at_least if "at_least" in cond.model_fields_set else None
            high = cond.at_most
            # 103.4: "more than your starting life total", "half your starting life total" (rounded down, 107.1a)
            base = {"whole": self.state.starting_life, "half": self.state.starting_life // 2,
                    "below_half": (self.state.starting_life - 1) // 2}.get(  # "less than half": L < S / 2
                cond.relative_to_starting or "", 0)
            if not any((low is None or n >= low + base) and (high is None or n <= high + base) for n in lives):
                return False
        elif cond is not None and cond.paired is not None:  # 702.95b: its source is paired with another creature
            src = self.state.objects.get(e.source) if e.source is not None else None
            if src is None or src.zone != "battlefield" or src.paired_with not in objs:
                return False
        elif cond is not None and cond.city_blessing is not None:  # 702.131c: its controller has the city's blessing
            if self.controller_of(e, objs) not in self.state.city_blessing:
                return False
        elif cond is not None and cond.nonland_entered is not None:  # nonland permanents that entered under its control
            n = self.state.nonland_entered.get(self.controller_of(e, objs), 0)
            if n < cond.at_least or (cond.at_most is not None and n > cond.at_most):
                return False
        elif cond is not None and cond.player is not None:  # a player's cards in a zone, or counters (122.1)
            you = self.controller_of(e, objs)
            counts = [len(self.state.player_zones.get((p.name, cond.zone), ())) if cond.zone is not None
                      else p.counters.get(cond.counters, 0)
                      for p in self.state.players if cond.player == "any" or (p.name == you) == (cond.player == "you")]
            if not any(n >= cond.at_least and (cond.at_most is None or n <= cond.at_most) for n in counts):
                return False
            if cond.more_than_each_opponent:  # greater than each opponent's number
                theirs = [len(self.state.player_zones.get((p.name, cond.zone), ())) if cond.zone is not None
                          else p.counters.get(cond.counters, 0) for p in self.state.players if p.name != you]
                if any(m >= counts[0] for m in theirs):
                    return False
        elif cond is not None and cond.monstrous is not None:  # 701.37b: its source is monstrous
            src = self.state.objects.get(e.source) if e.source is not None else None
            if src is None or not src.monstrous or src.zone != "battlefield":
                return False
        elif cond is not None and cond.renowned is not None:  # 702.112b: its source is renowned
            src = self.state.objects.get(e.source) if e.source is not None else None
            if src is None or not src.renowned or src.zone != "battlefield":
                return False
        elif cond is not None and cond.monarch is not None:  # 722.1: its controller is the monarch
            if self.state.monarch is None or self.state.monarch != self.controller_of(e, objs):
                return False
        elif cond is not None and cond.dash_paid is not None:  # 702.109a: its source's dash cost was paid
            src = self.state.objects.get(e.source) if e.source is not None else None
            if src is None or not src.dash_paid or src.zone != "battlefield":
                return False
        elif cond is not None and cond.entered_this_turn is not None:  # its source entered the battlefield this turn
            src = self.state.objects.get(e.source) if e.source is not None else None
            if src is None or not src.entered_this_turn or src.zone != "battlefield":
                return False
        elif cond is not None and cond.gained_life is not None:  # 119.3: its controller gained life this turn
            if self.controller_of(e, objs) not in self.state.gained_life:
                return False
        elif cond is not None and cond.spells_cast is not None:  # 601.2i: the spells its controller cast this turn
            n = self.state.spells_cast.get(self.controller_of(e, objs), 0)
            if n < cond.at_least or (cond.at_most is not None and n > cond.at_most):
                return False
        elif cond is not None and cond.this_turn in ("creature_died_yours", "you_lost_life"):  # 700.4, 119.3
            you = self.controller_of(e, objs)
            n = list(self.state.died).count(you) if cond.this_turn == "creature_died_yours" else \
                (self.state.life_lost.get(you, 0) or int(you in self.state.lost_life))
            if n < cond.at_least or (cond.at_most is not None and n > cond.at_most):
                return False
        elif cond is not None and cond.this_turn is not None:  # the turn's record of the state (400.7: objects as they are)
            you, st = self.controller_of(e, objs), self.state
            src = (e.source, st.objects[e.source].zone_changes) if e.source in st.objects else None
            n = {"other_creature_entered_yours": len([k for k in st.creatures_entered.get(you, []) if k != src]),
                 "source_attacked": int(src in st.attacked_with), "you_sacrificed": st.sacrificed.get(you, 0),
                 "noncreature_cast_yours": st.noncreature_cast.get(you, 0),
                 "source_dealt_damage": int(src in st.damage_dealers),
                 "instant_sorcery_cast_yours": st.instant_sorcery_cast.get(you, 0),
                 "you_committed_crime": st.crimes.get(you, 0)}[cond.this_turn]
            if n < cond.at_least or (cond.at_most is not None and n > cond.at_most):
                return False
        elif cond is not None and cond.speed is not None:  # 702.179: its controller's speed (none: 0)
            n = self.state.speed.get(self.controller_of(e, objs), 0)
            if n < cond.at_least or (cond.at_most is not None and n > cond.at_most):
                return False
        elif cond is not None and cond.drawn is not None:  # 121.1: the cards its controller drew this turn
            n = self.state.drawn.get(self.controller_of(e, objs), 0)
            if n < cond.at_least or (cond.at_most is not None and n > cond.at_most):
                return False
        elif cond is not None:
            found = self.select(cond.count, e, objs)
            # delirium: the card types among them, else how many they are
            n = len({t for x in found for t in objs[x].types}) if cond.card_types else len(found)
            if cond.mana_values:  # 202.3: the different mana values among them, each once
                n = len({objs[x].mana_value for x in found})
            if cond.counters is not None:  # 122.1: the counters of that kind on them, not how many they are
                n = sum(_counters(objs[x].counters, cond.counters) for x in found)
            if cond.devotion is not None:  # 700.5: their mana symbols of one of these colors, each symbol once
                n = _devotion(self.state, found, cond.devotion)
            if n < cond.at_least or (cond.at_most is not None and n > cond.at_most):
                return False
            if cond.most_common_color and any(len(self.select(cond.count.model_copy(update={"colors": [c]}), e, objs)) > n
                                              for c in ("white", "blue", "black", "red", "green")):
                return False  # 105.1: another color among more permanents
        during = getattr(e.spec, "during", None)
        if during is not None and (self.state.active == self.controller_of(e, objs)) != (during == "your_turn"):
            return False  # "During your turn, ...": whose turn it is
        return True

    def select(self, sel: Selector, e: Eff, objs) -> set:
        you = self.controller_of(e, objs)
        if sel.self_:
            base = {e.source} if e.source in objs else set()
        elif sel.attached:
            src = objs.get(e.source)
            base = {src.attached_to} if src and src.attached_to in objs else set()
        elif sel.targets:
            base = {t for t in e.targets if t in objs}
        elif sel.that:  # 603.2, 611.2c: the object of the event that triggered the ability, which a board's effect
            base = set()  # doesn't name (the game loop fixes that set as the ability resolves): none
        elif sel.any_of:
            base = set().union(*(self.select(s, e, objs) for s in sel.any_of))
        elif sel.paired:  # 702.95e: "each of those creatures": the source and the creature it is paired with, if any
            src = self.state.objects.get(e.source) if e.source is not None else None
            base = {e.source, src.paired_with} & set(objs) if src is not None and src.paired_with in objs else set()
        elif sel.exiled_with:  # 607.2a: the cards the source's linked ability exiled
            src = self.state.objects.get(e.source) if e.source is not None else None
            exiled = src.choices.get("exiled", []) if src is not None else []
            base = {x for x in (exiled if isinstance(exiled, list) else []) if x in objs}
        else:
            base = set(objs)
        out = set()
        for oid in base:
            o = objs[oid]
            if not (sel.self_ or sel.attached or sel.targets or sel.any_of or sel.exiled_with or sel.paired):
                if sel.zone == "battlefield" and o.zone != "battlefield":
                    continue
                if sel.zone == "not_battlefield" and o.zone == "battlefield":
                    continue
                if sel.zone not in ("battlefield", "not_battlefield", "anywhere") and o.zone != sel.zone:
                    continue
            if any(t not in o.types for t in sel.types):
                continue
            if sel.any_types and not any(t in o.types for t in sel.any_types):
                continue
            if any(t in o.types for t in sel.not_types):
                continue
            if sel.subtypes and not any(self._has_subtype(o, s) for s in sel.subtypes):
                continue
            if any(self._has_subtype(o, s) for s in sel.not_subtypes):
                continue
            if not all(self._has_subtype(o, s) for s in sel.all_subtypes):
                continue  # 205.3m: each of them
            if any(t not in o.supertypes for t in sel.supertypes):
                continue
            if any(t in o.supertypes for t in sel.not_supertypes):
                continue
            if sel.colors and not (o.colors & set(sel.colors)):
                continue
            if o.colors & set(sel.not_colors):
                continue
            if sel.chosen_color and e.choices.get("color") not in o.colors:
                continue
            if sel.chosen_creature_type and not ("creature_type" in e.choices
                                                 and self._has_subtype(o, str(e.choices["creature_type"]))):
                continue
            kws = {a[3] for a in o.abilities if a[3]}
            if any(k not in kws for k in sel.keywords) or any(k in kws for k in sel.not_keywords):
                continue
            if sel.controller == "you" and o.controller != you:
                continue
            if sel.controller == "opponent" and (o.controller is None or o.controller == you):
                continue
            if sel.owner == "you" and o.owner != you:
                continue
            if sel.owner == "opponent" and o.owner == you:
                continue
            if sel.other and oid == e.source:
                continue
            if sel.top_of_graveyard:  # 404.2: the card put into its owner's graveyard last is on top
                pile = self.state.player_zones.get((o.owner, "graveyard"), [])
                if o.zone != "graveyard" or not pile or pile[-1] != oid:
                    continue
            if sel.token is not None and (self.state.objects[oid].kind == "token") != sel.token:
                continue
            if sel.owned_by_attached_controller:  # 404.1: the cards of the controller of what the source is attached to
                src = objs.get(e.source)
                host = objs.get(src.attached_to) if src is not None and src.attached_to else None
                if host is None or host.controller != o.owner:
                    continue
            if sel.controlled_by_attached_controller or sel.not_attached:  # 108.4, 303.4
                src = objs.get(e.source)
                host = objs.get(src.attached_to) if src is not None and src.attached_to else None
                if host is None or sel.not_attached and oid == host.id or \
                        sel.controlled_by_attached_controller and host.controller != o.controller:
                    continue
            if sel.chosen_player is not None and e.choices.get("player") != (
                    o.controller if sel.chosen_player == "controls" else o.owner):
                continue  # 614.12: not the chosen player's
            if sel.named_self and (e.source not in objs or objs[e.source].name != o.name):
                continue  # 201.2: not named as the source is
            if sel.commander and not self.state.objects[oid].commander:
                continue  # 903.3: not a commander
            if sel.face_down and not (self.state.objects[oid].face_down and o.zone == "battlefield"):
                continue  # 708.2: not a face-down permanent
            if sel.counter is not None and not _counters(o.counters, sel.counter):  # "any": of every kind (122.1)
                continue
            if sel.mana_value is not None and (o.mana_value % 2 == 0) != (sel.mana_value == "even"):
                continue
            if sel.mana_value_at_most is not None and o.mana_value > sel.mana_value_at_most:
                continue  # 202.3: "with mana value 3 or less"
            if sel.mana_value_at_least is not None and o.mana_value < sel.mana_value_at_least:
                continue  # 202.3: "with mana value 6 or greater"
            if sel.cast_from == "hand" and not (o.zone == "stack" and self.state.objects[oid].choices.get("cast_from_hand")):
                continue  # 601.2a: not a spell cast from a hand
            combat = self.state.combat
            if sel.attacking is not None and (combat is not None and oid in combat.attackers) != sel.attacking:
                continue
            if sel.blocking is not None and (combat is not None and oid in combat.blockers) != sel.blocking:
                continue
            src_obj = self.state.objects.get(e.source) if e.source is not None else None
            enchanted = src_obj.attached_to if src_obj is not None and src_obj.zone == "battlefield" and \
                src_obj.attached_to in {p.name for p in self.state.players} else None  # 303.4: a Curse's player
            if sel.enchanted_player_controls and (enchanted is None or o.controller != enchanted):
                continue
            if sel.entered_this_turn and not (self.state.objects[oid].entered_this_turn and o.zone == "battlefield"):
                continue  # 400.7: not entered this turn
            if sel.no_abilities and o.abilities:
                continue  # 113.1: it has an ability
            if sel.attacking_player is not None:  # 506.3: the player it attacks (a planeswalker or battle is none)
                whom = combat.attackers.get(oid) if combat is not None else None
                if whom not in {p.name for p in self.state.players}:
                    continue
                if (whom != enchanted) if sel.attacking_player == "enchanted" else \
                        ((whom == you) != (sel.attacking_player == "you")):
                    continue
            if sel.combat_with is not None:  # 509.1a: blocking or blocked by the source (or what it is attached to)
                src = self.state.objects.get(e.source) if e.source is not None else None
                host = e.source if sel.combat_with == "self" else (src.attached_to if src is not None else None)
                pairs = {(b, a) for a in (combat.attackers if combat is not None else ())
                         for b in combat.blockers_of(a)} if combat is not None else set()
                if host is None or not ({(oid, host), (host, oid)} & pairs):
                    continue
            st_obj = self.state.objects[oid]
            if sel.multicolored is not None and (len(o.colors) >= 2) != sel.multicolored:
                continue  # 105.2
            if sel.tapped is not None and (st_obj.tapped and o.zone == "battlefield") != sel.tapped:
                continue  # 110.5
            if sel.has_attached and not any(x.attached_to == oid and set(x.subtypes) & set(sel.has_attached)
                                            for x in objs.values()):
                continue  # 301.5a, 303.4: an Aura (Equipment) is attached to it
            if sel.modified and not (any(n > 0 for n in st_obj.counters.values()) or any(
                    x.attached_to == oid and ("Equipment" in x.subtypes or ("Aura" in x.subtypes
                                                                            and x.controller == o.controller))
                    for x in objs.values())):
                continue  # 700.9: modified
            if sel.attached_to is not None:  # 301.5, 303.4: attached to the source, or to what it is attached to
                src = self.state.objects.get(e.source) if e.source is not None else None
                host = None if src is None else (e.source if sel.attached_to == "self" else src.attached_to)
                if host is None or st_obj.attached_to != host:
                    continue
            out.add(oid)
        return out

    @staticmethod
    def _creature_types(o: Obj):
        """205.3m: a creature's creature types ("all": every one); a noncreature has none here."""
        if "Creature" not in o.types or o.zone != "battlefield":
            return set()
        return "all" if o.all_creature_types else {s for s in o.subtypes if is_creature_type(s)}

    @staticmethod
    def _share(a, b) -> bool:
        if a == "all":
            return b == "all" or bool(b)
        return bool(a) and (b == "all" or bool(a & b))

    @staticmethod
    def _has_subtype(o: Obj, s: str) -> bool:
        return s in o.subtypes or (o.all_creature_types and is_creature_type(s) and "Creature" in o.types | {"Kindred"})

    def applies_to(self, e: Eff, objs) -> tuple:
        if e.id in self.started:
            return self.started[e.id]
        if e.fixed is not None:
            return tuple(sorted(x for x in e.fixed if x in objs))
        sel = e.spec.applies_to
        if sel is None:
            sel = Selector(**{"self": True}) if (e.cda or e.origin != "resolved") else Selector(targets=True)
        found = self.select(sel, e, objs)
        if e.origin == "resolved":  # 611.2c: nothing that came after the effect began
            found = {o for o in found if (self.state.objects[o].timestamp or 0) <= e.timestamp
                     or self.state.objects[o].timestamp is None}
        return tuple(sorted(found))

    def value(self, v, e: Eff, obj: Obj, objs) -> int:
        if isinstance(v, int):
            return v
        if isinstance(v, OwnManaValue):
            return obj.mana_value
        if isinstance(v, Life):  # 119.1: the effect's controller's life total
            you = self.controller_of(e, objs)
            return next(p.life for p in self.state.players if p.name == you) * v.times
        if isinstance(v, PlayerNumber):  # 122.1, 102.3, 121.1, 119.3: its controller's, or its opponents' added up
            you = self.controller_of(e, objs)
            return sum(_player_number(self.state, p, v) for p in self.state.players if not getattr(p, "lost", False)
                       and (p.name == you) == (v.player == "you")) * v.times + v.plus
        if isinstance(v, OwnPT):  # 604.3: its own power or toughness as it is now (None: it has none)
            return obj.power if v.own == "power" else obj.toughness
        if isinstance(v, Count):
            found = self.select(v.count, e, objs)
            if v.devotion is not None:  # 700.5: their mana symbols of one of these colors, each symbol once
                n = _devotion(self.state, found, v.devotion)
            elif v.counters is not None:  # 122.1: the counters of that kind on them
                n = sum(_counters(objs[x].counters, v.counters) for x in found)
            elif v.basic_land_types:  # 305.6: the basic land types among them (domain)
                n = len({s for x in found for s in objs[x].subtypes if s in BASIC_LAND_TYPES})
            elif v.colors:  # 105.1: the colors among them, each once
                n = len({c for x in found for c in objs[x].colors})
            else:
                n = len({t for x in found for t in objs[x].types}) if v.card_types else len(found)
            return n * v.times + v.plus
        if isinstance(v, OwnCount):
            if v.own_count == "colors":  # 105.2: its colors (colorless: none)
                return len(obj.colors) * v.times
            if v.own_count == "counters":  # 122.1, 613.4c: the counters of that kind on this very object
                return _counters(obj.counters, v.counters) * v.times
            if v.own_count == "attached":  # 301.5a, 303.4: the Auras (Equipment) attached to this very object
                return sum(1 for x in objs.values() if x.attached_to == obj.id
                           and set(x.subtypes) & set(v.attached)) * v.times
            # 205.3m: the other creatures on the battlefield with a creature type it has (every creature type: each
            # creature with one at least; two with every creature type share them all)
            mine = self._creature_types(obj)
            you = self.controller_of(e, objs) if v.yours else None  # (its controller's creatures only)
            return sum(1 for x in objs.values() if x.id != obj.id and x.zone == "battlefield" and "Creature" in x.types
                       and (you is None or x.controller == you)
                       and self._share(mine, self._creature_types(x))) * v.times
        if isinstance(v, Greatest):  # 202.3, 208.2: the greatest among those that have one ('*': 0); none: 0
            found = self.select(v.of, e, objs)
            vals = [objs[x].mana_value if v.greatest == "mana_value" else objs[x].power for x in found]
            return max([x for x in vals if x is not None], default=0)
        if isinstance(v, Total):  # 208.2: a '*' or no power counts 0
            attr = v.total  # (202.3: mana_value, each object's)
            return sum((getattr(objs[x], attr) or 0) for x in self.select(v.of, e, objs))
        raise TypeError(v)

    def does(self, e: Eff, layer: str, objs) -> dict:
        """What the effect's parts in this layer do to each object it applies to: op and resolved values."""
        out = {}
        # 611.2d: a resolved effect's values counted on the game were determined once, as it began; the
        # board gives them in the order of its operations, power before toughness
        counted = list(e.choices.get("counted") or []) if e.origin == "resolved" else []
        locked = {}
        for i, op in enumerate(e.spec.do):
            for which in ("power", "toughness"):
                if counted and isinstance(getattr(op, which, None), (Count, Total)):
                    locked[(i, which)] = counted.pop(0)
        for oid in self.applies_to(e, objs):
            acts = []
            for i, op in enumerate(e.spec.do):
                if OP_LAYER[op.op] != layer:
                    continue
                if op.op in ("set_pt", "set_base_pt", "modify_pt"):
                    p = locked.get((i, "power"), None)
                    t = locked.get((i, "toughness"), None)
                    acts.append((op.op, p if p is not None else self.value(op.power, e, objs[oid], objs),
                                 t if t is not None else self.value(op.toughness, e, objs[oid], objs)))
                elif op.op == "face_down":
                    acts.append(("face_down",))
                elif op.op == "copy" and e.origin == "entered":
                    acts.append(("copy", "as it entered"))  # 614.1c, 707.2: values taken as it entered
                elif op.op == "copy":
                    acts.append(("copy", self._copiable(self._copy_target(op, e), objs)))
                elif op.op == "control":
                    acts.append(("control", self.controller_of(e, objs)))
                elif op.op == "set_text":
                    acts.append(("set_text", tuple(self._copiable(x, objs) for x in sorted(self.select(op.of, e, objs)))))
                elif op.op == "add_abilities_of":  # the abilities of those kinds of the objects matched, now
                    found = sorted(self.select(op.of, e, objs))
                    got = [a for x in found for a in objs[x].abilities
                           if a[4] is not None and getattr(a[4], "kind", None) in op.kinds and a[0][0] == "printed"]
                    acts.append(("add_abilities_of", tuple(sorted(got, key=lambda a: repr(a[0])))))
                elif op.op in ("set_colors", "add_colors"):
                    acts.append((op.op, tuple(sorted(set(op.colors) | ({e.choices["color"]} if op.chosen and "color" in e.choices else set())))))
                elif op.op in ("add_subtypes", "set_creature_types"):
                    chosen = {e.choices["creature_type"]} if op.chosen and "creature_type" in e.choices else set()
                    acts.append((op.op, tuple(sorted(set(op.subtypes) | chosen)), getattr(op, "all_creature_types", False)))
                elif op.op == "add_abilities":  # 113.11: the keywords it would add that the object can't have
                    acts.append((op.op, op.model_dump_json(),
                                 tuple(sorted(k for k in (getattr(g, "keyword", None) for g in op.abilities)
                                              if k is not None and k in objs[oid].cant))))
                else:
                    acts.append((op.op, op.model_dump_json()))
            out[oid] = tuple(acts)
        return out

    def _copy_target(self, op, e: Eff):
        if op.of == "target":
            return e.targets[0] if e.targets else None
        return e.choices.get(op.choice)

    def _copiable(self, oid, objs):
        o = objs.get(oid)
        if o is None:
            return None
        return (o.name, o.mana_value, tuple(sorted(o.colors)), tuple(sorted(o.types)), tuple(sorted(o.subtypes)),
                tuple(sorted(o.supertypes)), tuple(a[0] for a in o.abilities), o.power, o.toughness)

    # --- applying --------------------------------------------------------------------------
    def apply(self, e: Eff, layer: str, objs) -> dict:
        objs = copy.deepcopy(objs)
        targets = self.applies_to(e, objs)
        plan = self.does(e, layer, objs)  # values are read before anything changes
        for op in e.spec.do:
            if OP_LAYER[op.op] != layer:
                continue
            for oid in targets:
                self._apply_op(op, e, objs[oid], objs, plan)
        return objs

    def _apply_op(self, op, e: Eff, o: Obj, objs, plan) -> None:
        name = op.op
        if name == "face_down":
            o.name, o.mana_value, o.colors, o.types, o.subtypes, o.supertypes = None, 0, set(), {"Creature"}, set(), set()
            o.abilities, o.power, o.toughness, o.all_creature_types = [], 2, 2, False
        elif name == "copy":
            src = objs.get(self._copy_target(op, e))
            if src is None:
                return
            own = []
            if op.keep_source_abilities:  # "except it has this ability" (707.9b)
                key = e.ability_key or e.own
                own = [a for a in o.abilities if a[0] == key]
                if not own and e.own is not None:
                    ab = self.state.objects[e.own[1]].printed.abilities[e.own[2] - 1]
                    own = [(e.own, ab.display(), bool(getattr(ab, "mana", False)), None, ab)]
            o.name, o.mana_value = src.name, src.mana_value
            o.colors, o.types, o.subtypes, o.supertypes = set(src.colors), set(src.types), set(src.subtypes), set(src.supertypes)
            o.abilities = [a for a in src.abilities] + own
            o.power, o.toughness = src.power, src.toughness
            o.all_creature_types = src.all_creature_types
        elif name == "set_text":
            # 613.1c: the full text of the card (name, mana cost, color, types, abilities, power and
            # toughness) and the abilities of its source's card that it keeps; not a copy effect
            found = sorted(self.select(op.of, e, objs))
            if not found:
                return
            src = objs[found[0]]
            printer = e.ability_key[1] if e.ability_key and e.ability_key[0] == "printed" else e.source
            printed = self.state.objects[printer].printed
            kept = []
            for j in op.keep_abilities:
                ab = printed.abilities[j - 1]
                kept.append((("printed", printer, j), ab.display(), bool(getattr(ab, "mana", False)), None, ab))
            o.name, o.mana_value = src.name, src.mana_value
            o.colors, o.types, o.subtypes, o.supertypes = set(src.colors), set(src.types), set(src.subtypes), set(src.supertypes)
            o.abilities = list(src.abilities) + [a for a in kept if a[0] not in {b[0] for b in src.abilities}]
            o.power, o.toughness = src.power, src.toughness
            o.all_creature_types = src.all_creature_types
        elif name == "control":
            o.controller = self.controller_of(e, objs)
        elif name == "add_types":
            o.types |= set(op.types)
        elif name == "set_types":
            # 205.1a: "loses all other card types": the subtypes of a card type it keeps stay (an Aura stays an Aura)
            kept = {s for s in o.subtypes if any(s in CORRELATED.get(t, ()) for t in op.types)} if op.keep_subtypes else set()
            o.types = set(op.types)
            o.subtypes = set(op.subtypes) | kept
            o.all_creature_types = False
            if any(t in BASIC_LAND_TYPES for t in op.subtypes):  # 305.7: a basic land type is set
                o.abilities = [a for a in o.abilities if a[0][0] != "printed"]
            self._sync_land_abilities(o)
        elif name == "add_subtypes":
            o.subtypes |= set(op.subtypes)
            if op.chosen and "creature_type" in e.choices:
                o.subtypes.add(e.choices["creature_type"])
            if op.all_creature_types:
                o.all_creature_types = True
            self._sync_land_abilities(o)
        elif name == "set_creature_types":
            o.subtypes = {s for s in o.subtypes if not is_creature_type(s)} | set(op.subtypes)
            if op.chosen and "creature_type" in e.choices:
                o.subtypes.add(e.choices["creature_type"])
            o.all_creature_types = False
        elif name == "set_land_types":
            # 305.7: new land types; the abilities of its rules text and old land types are gone.
            o.subtypes = {s for s in o.subtypes if s not in LAND_TYPES} | set(op.subtypes)
            if op.chosen and "basic_land_type" in e.choices:  # 608.2d: the basic land type chosen as it resolved
                o.subtypes.add(e.choices["basic_land_type"])
            o.abilities = [a for a in o.abilities if a[0][0] not in ("printed", "land")]
            self._sync_land_abilities(o)
        elif name == "add_land_types":
            o.subtypes |= set(op.subtypes) | (set(BASIC_LAND_TYPES) if op.all_basic else set())
            self._sync_land_abilities(o)
        elif name == "set_name":  # 613.1c: a name change is a text-changing effect
            o.name = op.name
        elif name == "add_supertypes":
            o.supertypes |= set(op.supertypes)
        elif name == "remove_supertypes":
            o.supertypes -= set(op.supertypes)
        elif name == "remove_types":  # 205.1a: "~ isn't a creature"
            o.types -= set(op.types)
        elif name == "set_colors":
            o.colors = set(next(a[1] for a in plan[o.id] if a[0] == "set_colors"))
        elif name == "add_colors":
            o.colors |= set(next(a[1] for a in plan[o.id] if a[0] == "add_colors"))
        elif name == "add_abilities":
            first = sum(len(x.abilities) for x in e.spec.do[: e.spec.do.index(op)] if x.op == "add_abilities")
            for k, granted in enumerate(op.abilities, first + 1):
                if getattr(granted, "quality", None) == "chosen color" and "color" in e.choices:
                    # "protection from the chosen color": the color its source's controller chose (614.12)
                    granted = granted.model_copy(update={"quality": e.choices["color"]})
                if hasattr(granted, "keyword"):
                    if granted.keyword in o.cant:
                        continue  # 113.11: it can't have that keyword
                    text = _kw_display(granted)
                    key = ("gkw", e.id, text)
                    if not _has_ability(o, key):
                        o.abilities.append((key, text, False, granted.keyword, granted))
                else:
                    key = ("granted", e.id, k)
                    if not _has_ability(o, key):
                        o.abilities.append((key, granted.text, granted.mana, None, granted))
        elif name == "add_abilities_of":
            for a in next(act[1] for act in plan[o.id] if act[0] == "add_abilities_of"):
                if not _has_ability(o, a[0]):
                    o.abilities.append(a)
        elif name == "lose_all_abilities":
            o.abilities = [a for a in o.abilities if op.except_mana and a[2]]
        elif name == "lose_abilities":
            lost = set(op.keywords)
            gone = lost | ({"bands with other"} if "banding" in lost else set())  # 702.22b: a form of banding
            o.abilities = [a for a in o.abilities if a[3] not in gone]
            if op.cant_have:  # 113.11: and no effect adds them to it from now on
                o.cant |= lost
        elif name in ("set_pt", "set_base_pt"):
            act = next(a for a in plan[o.id] if a[0] == name)
            # an object without the power or toughness a value reads keeps none (the program: no value)
            o.power, o.toughness = (act[1], act[2]) if None not in act[1:] else (None, None)
        elif name == "modify_pt":
            act = next(a for a in plan[o.id] if a[0] == name)
            if o.power is not None:
                o.power += act[1]
                o.toughness += act[2]
        elif name == "switch_pt":
            if o.power is not None:
                o.power, o.toughness = o.toughness, o.power

    @staticmethod
    def _sync_land_abilities(o: Obj) -> None:
        """305.6: each basic land type it has gives its mana ability, and only those."""
        o.abilities = [a for a in o.abilities if not (a[0][0] == "land" and a[0][1] not in o.subtypes)]
        have = {a[0] for a in o.abilities}
        for t in BASIC_LAND_TYPES:
            if t in o.subtypes and ("land", t) not in have:
                o.abilities.append((("land", t), intrinsic_mana_text(t), True, None, None))

    # --- 613.8 -----------------------------------------------------------------------------
    def depends(self, a: Eff, b: Eff, layer: str, objs) -> str | None:
        """613.8a: does A depend on B? The reason, or None."""
        after = self.apply(b, layer, objs)
        if self.exists(a, objs) != self.exists(a, after):
            return "existence"
        if a.id not in self.started and self.applies_to(a, objs) != self.applies_to(a, after):
            return "applies_to"
        before, later = self.does(a, layer, objs), self.does(a, layer, after)
        if any(before[o] != later[o] for o in before if o in later):
            return "what_it_does"
        return None

    def run(self) -> "Oracle":
        objs = self.objs
        for layer in LAYERS:
            if layer == "7c":
                for o in objs.values():  # 613.4c: counters
                    for kind, n in o.counters.items():
                        m = PT_COUNTER.match(kind)
                        if m and o.power is not None:
                            o.power += int(m.group(1)) * n
                            o.toughness += int(m.group(2)) * n
            done: set[str] = set()
            seen_pairs: set[tuple] = set()
            while True:
                self._instantiate_granted(objs)
                pending = [e for e in self.effects.values()
                           if e.id not in done and layer in e.spec.layers and self.exists(e, objs)]
                if not pending:
                    break
                cdas = [e for e in pending if e.cda]
                pool = cdas or pending  # 613.3: characteristic-defining abilities first
                # A pending effect that doesn't exist yet may depend on a candidate for its existence.
                dormant = [e for e in self.effects.values() if e.id not in done and layer in e.spec.layers
                           and not self.exists(e, objs) and e.cda == bool(cdas)]
                for a in dormant:
                    for b in pool:
                        if (a.id, b.id) not in seen_pairs and self.exists(a, self.apply(b, layer, objs)):
                            seen_pairs.add((a.id, b.id))
                            self.dependencies.append({"effect": a.id, "depends_on": b.id, "layer": layer,
                                                      "reason": "existence"})
                graph = nx.DiGraph()
                graph.add_nodes_from(e.id for e in pool)
                for a in pool:
                    for b in pool:
                        if a.id != b.id:
                            reason = self.depends(a, b, layer, objs)
                            if reason:
                                graph.add_edge(a.id, b.id)
                                if (a.id, b.id) not in seen_pairs:
                                    seen_pairs.add((a.id, b.id))
                                    self.dependencies.append({"effect": a.id, "depends_on": b.id, "layer": layer, "reason": reason})
                comp = {}
                for k, scc in enumerate(nx.strongly_connected_components(graph)):
                    for n in scc:
                        comp[n] = k
                    if len(scc) > 1:
                        loop = sorted(scc)
                        if loop not in self.loops:
                            self.loops.append(loop)
                ready = [e for e in pool if all(comp[d] == comp[e.id] for d in graph.successors(e.id))]
                # 613.7: timestamp order; on a tie, an object's own ability before an ability granted to
                # it (613.7a, 613.7e: the relative order is kept), then the smaller id.
                chosen = min(ready, key=lambda e: (e.timestamp, e.origin == "granted", e.id))
                applies = self.applies_to(chosen, objs)
                objs = self.apply(chosen, layer, objs)
                if chosen.id not in self.started:
                    self.started[chosen.id] = applies  # 613.6
                done.add(chosen.id)
                self.order.append({"effect": chosen.id, "source": chosen.source, "layer": layer,
                                   "timestamp": chosen.timestamp, "applies_to": list(applies)})
        self.objs = objs
        return self

    # --- result ----------------------------------------------------------------------------
    def characteristics(self) -> dict[str, dict]:
        out = {}
        for oid in self.state.battlefield:
            o = self.objs[oid]
            creature = "Creature" in o.types
            out[oid] = {
                "name": o.name, "controller": o.controller, "owner": o.owner,
                "types": sorted(t.lower() for t in o.types),
                "supertypes": sorted(t.lower() for t in o.supertypes),
                "subtypes": sorted(o.subtypes),
                "colors": sorted(o.colors),
                "power": o.power if creature else None,
                "toughness": o.toughness if creature else None,
                "abilities": sorted({a[1] for a in o.abilities}),
            }
        return out


def oracle_layers(state: GameState) -> Oracle:
    return Oracle(state).run()


def _devotion(state, found, colors) -> int:
    """700.5: the symbols of one of these colors among the printed mana costs of the objects found."""
    letters = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}
    wanted = {letters[c] for c in colors}
    return sum(1 for x in found for sym in _cost_symbols(state.objects[x].printed) if wanted & set(sym.split("/")))


def _cost_symbols(printed) -> list[str]:
    """The symbols of a printed mana cost, without braces ("{2}{W/U}" -> ["2", "W/U"])."""
    cost = (printed.mana_cost or "") if printed is not None else ""
    return [part for part in cost.replace("{", "").split("}") if part]


def _player_number(state, p, v) -> int:
    """A player's number: the counters of a kind (122.1), 1 for being in the game (102.3), the cards drawn (121.1) or the
    life lost (119.3) this turn."""
    if v.player_number == "counters":
        return p.counters.get(v.counters, 0)
    if v.player_number == "drawn":
        return state.drawn.get(p.name, 0)
    if v.player_number == "life_lost":
        return state.life_lost.get(p.name, 0)
    if v.player_number == "creatures_entered":
        return len(state.creatures_entered.get(p.name, []))
    if v.player_number == "speed":
        return state.speed.get(p.name, 0)
    if v.player_number == "below_half_life":  # 119.1, 103.4: less than half the starting life total
        return int(p.life < state.starting_life / 2)
    return 1
