"""Oracle for replacement and prevention effects (614, 615, 616), written from docs/replacement.md and the
rules text, independent of the answer-set program (asp_rules/replace.lp) and of bridge/.

Brute force, as 616.1 describes it: for an event, list the effects that apply to it (614.1, 615.1, 614.5:
each effect once; 615.12: prevention effects still apply to damage that can't be prevented, preventing
none of it, a shield not reduced); if one of them is a
self-replacement effect, only those may be chosen (616.1a), otherwise any (616.1e); apply the chosen one,
and look again at the modified event without it (616.1f), until none applies. Every order is tried (plain
permutations, no memoization): each path ends on a final event, reached by that order.

The characteristics are those after the layers (the layers oracle) for objects on the battlefield, the
printed ones elsewhere; the effects' selectors (engine.vocab.effects.Selector) are matched here on them.

    oracle_replace(state, events) -> {"applicable": [effect ids], "outcomes": {final events: {orders}}}

Effect ids: ``OBJ#N`` (a permanent's ability: N is its 1-based index among the printed abilities of the
card it comes from, the permanent's own or the one it copies) and ``effects#N`` (the board's N-th effect).
"""

from __future__ import annotations

import itertools
import json
import re
from dataclasses import dataclass, replace as dc_replace
from typing import Any

from asp_rules.rulesdata import is_creature_type
from engine.vocab.cardfile import KeywordAbility, keyword_words
from engine.vocab.selector import Selector
from engine.files.events import PayLife, ZoneChange
from engine.state.model import GameState

try:
    from oracles import layers as _layers  # tests/ on sys.path, as the other oracles are imported
except ImportError:  # imported as tests.oracles.replace from the repository root
    from tests.oracles import layers as _layers

oracle_layers = _layers.oracle_layers
try:
    from oracles.replace_followon import followed, made_events, note_chooser
except ImportError:
    from tests.oracles.replace_followon import followed, made_events, note_chooser
try:
    from oracles.replace_draws import oracle_draws
except ImportError:
    from tests.oracles.replace_draws import oracle_draws

# The abilities of a permanent whose `replacement:` rule is in force while the permanent has them.
STANDING_KINDS = ("replacement", "prevention", "static")
# 614.12: the kinds of abilities whose "enters" effects about the permanent itself apply as it enters: a keyword too
# ("enters with N +1/+1 counters": modular 702.43a; unleash 702.98a: "you may have this permanent enter with ...")
OWN_ENTERING_KINDS = STANDING_KINDS + ("keyword",)
PREVENTION = ("prevent", "prevent_all", "prevent_half", "prevent_all_but", "shield")
AMOUNT_EVENTS = ("damage", "counters", "token", "draw", "life_gain", "life_loss", "mill", "return_to_hand", "pay_life",
                 "exile_top")
# 614.1a: a player's event may become another (E70: gaining life becomes drawing, drawing returning a card;
# Ashiok: paying life becomes exiling that many cards from the top of one's library)
PLAYER_TYPES = ("draw", "life_gain", "life_loss", "mill", "return_to_hand", "win_game", "pay_life", "exile_top",
                "lose_game", "start_over")


@dataclass(frozen=True)
class Eff:
    """One replacement or prevention effect in force."""

    id: str
    position: int  # where it is listed: permanents in battlefield order, then the board effects
    rule: Any  # engine.vocab.replacement.ReplacementRule
    you: str  # the controller of the permanent, or of the board effect
    source: str | None  # the permanent, or the object whose ability made the board effect
    targets: tuple
    remaining: int | None  # a shield's remaining amount (615.7)
    own: bool = False  # an ability of the permanent entering, about itself (614.12)
    affected: tuple | None = None  # a board effect's fixed set of objects (611.2c, 615.11)
    # 614.12: an ability the entering permanent would have on the battlefield: under which players' control
    under: frozenset | None = None
    # 616.1f, 707.2: an "enters" ability about itself it has as a copy: the (player, object copied) it
    # would have it under and as; it applies only while it enters so
    copied: frozenset | None = None
    shield_counter: bool = False  # 122.1c: an effect a shield counter makes, not an ability
    text: str = ""  # the ability's rules text, read for "card" and "token" (108.2, 111.6: token_words)


# --- 108.2, 111.1, 111.6: "card" and "token" read from the effect's own words -------------------------
# 108.2: "When a rule or text on a card refers to a 'card,' it means only a Magic card or an object represented
# by a Magic card" (seed 000, line 369); 111.6: "A token isn't a card" (line 469); 111.1: a token represents a
# permanent no card represents. The oracle reads these words in the ability's text, apart from the selector the
# card vocabulary gives it: an effect whose text names "a card" (Leyline of the Void) or "a nontoken creature"
# (Kalitas) never applies to a token, one naming "a card or token" (Rest in Peace) to both, one naming "creature
# tokens" (Emmara Tandris) to tokens only, whatever its selector says.
_SUBJECT = re.compile(r"\bIf (.+?) would (?:be put into|die)\b", re.IGNORECASE)  # a zone change's object
_DEALT_TO = re.compile(r"\b(?:dealt to|deal (?:combat |noncombat )?damage to) (.+?)(?=,| by | this turn|\.|$)",
                       re.IGNORECASE)  # who is dealt the damage
_FOR_EACH = re.compile(r"\bfor each (.+?)(?=\.|$)", re.IGNORECASE)  # what a count counts (614.1c)


def token_words(phrase: str | None) -> bool | None:
    """What a noun phrase of an effect's text says of tokens: False ("a card", "creature cards", "nontoken": no
    token, 108.2, 111.6), True ("creature tokens": tokens only, 111.1), None (both: "a card or token", or words
    that don't say)."""
    if not phrase:
        return None
    p = phrase.lower()
    if re.search(r"\bcards? (?:or|and) tokens?\b|\btokens? (?:or|and) cards?\b", p):
        return None
    if re.search(r"\bnontoken\b|\bcards?\b", p):
        return False
    if re.search(r"\btokens?\b", p):
        return True
    return None


def phrase_of(text: str, pattern: re.Pattern) -> str | None:
    m = pattern.search(text or "")
    return m.group(1) if m else None


def shielded(eff: Eff) -> str | None:
    """'The next n damage that would be dealt to X this turn is dealt to Y instead' (614.9): X is
    "target creature you control", the first target (Razia), or "this creature", the ability's
    source (Spirit en-Kor)."""
    if eff.rule.protects_source:
        return eff.source
    return eff.targets[0] if eff.targets else None


def redirected_to(eff: Eff) -> str | None:
    """Y: "another target creature", the second target (Razia), or, when X is the source, the one
    target ("target creature you control", Spirit en-Kor)."""
    k = 0 if eff.rule.protects_source else 1
    return eff.targets[k] if len(eff.targets) > k else None


@dataclass(frozen=True)
class DevourRule:
    """Devour N (702.82a), a keyword: "As this object enters, you may sacrifice any number of creatures.
    This permanent enters with N +1/+1 counters on it for each creature sacrificed this way." It is a
    replacement effect on the permanent entering (614.1c); the oracle reads it from the keyword itself."""

    n: int
    event: str = "enter"
    do: str = "devour"
    object: Any = None
    self_replacement: bool = False
    and_create: Any = None
    cards: Any = None
    choice: Any = None


@dataclass(frozen=True)
class Ev:
    """An event as modified so far."""

    type: str
    amount: int | None
    prevented: int
    to: str | None  # zone_change: the destination
    skipped: bool
    tapped: bool = False  # enter: it enters tapped (614.1c)
    controller: str | None = None  # enter: the player it would enter under, as modified so far (616.1b)
    transformed: bool = False  # enter: the card enters with its back face up (616.1d)
    plus: int = 0  # enter: the +1/+1 counters it enters with
    kind: str | None = None  # enter: the one other kind of counters it enters with (loyalty, ice ...), 122.6
    other: int = 0  # enter: how many of that kind
    copy_of: str | None = None  # enter: what it enters as a copy of (616.1c)
    x: int = 0  # enter: the X it was cast with (107.3m)
    escaped: bool = False  # enter: it escaped (702.138c)
    kicked: bool = False  # enter: it was kicked (702.33d)
    from_hand: bool = False  # enter: it was a spell cast from its controller's hand (601.2a)
    spent: str = ""  # enter: the mana spent to cast it (601.2h)
    choose: tuple = ()  # enter: the choices made as it enters (614.12)
    chosen: tuple = ()  # enter: (the choice's name among the permanent's choices, the value chosen), 614.12
    sacrificed: frozenset = frozenset()  # enter: the creatures its devour instances sacrificed (702.82a)
    haste: bool = False  # enter: riot's counter declined, it gains haste (702.136a)
    becomes_day: bool = False  # enter: "it becomes day as this creature enters" (731, 614.1c)
    to_pay: tuple = ()  # enter: the life its controller chose to pay as it enters, not paid yet (119.4)
    payment: tuple = ()  # enter: the final events of those payments (614.13c: each an event of its own)
    # enter: how many effects at the end of its order were applied to those payments and to the creatures
    # sacrificed to devour (events of their own), not to the permanent entering
    after: int = 0
    each: tuple = ()  # token: the kinds it creates, `amount` of each, once "one of each" applied (Academy Manufactor)
    split: bool = False  # damage: part of it was redirected (614.9, Razia), or it is such a part
    parts: tuple = ()  # damage: the final events of the parts redirected from it, the latest first
    tail: tuple = ()  # damage: the effects applied to those parts, in the same order
    made: tuple = ()  # damage: the counters its prevention effects put for what they prevented (615.5), in order
    tail_made: tuple = ()  # damage: those of the parts redirected from it, the latest part first


class ReplaceOracle:
    entering_all: set = set()  # every object entering in the events looked at together (614.13a)
    budget: dict = {}  # 615.7: the part of each shield given to the event looked at
    enter_events: list = []  # the enter events looked at together, in their order (614.12: all enter at once)

    def game_holds(self, cond, you: str) -> bool:
        """614.1c: a condition on the game as a permanent would enter under `you` (119.1, 102.3, 508.1, 700.4,
        119.3)."""
        st = self.state
        if cond.life_at_most is not None:
            return any(p.life <= cond.life_at_most for p in st.players)
        if cond.opponents_at_least is not None:
            return sum(p.name != you for p in st.players) >= cond.opponents_at_least
        return {"attacked": you in st.attacked, "creature_died": bool(st.died),
                "opponent_lost_life": any(p != you for p in st.lost_life),
                "you_left": you in st.left_battlefield}[cond.this_turn]

    def __init__(self, state: GameState):
        self.state = state
        self._as_entered: dict = {}  # (object, controller) -> (its characteristics, its layers object)
        self._own: dict = {}  # object -> its own effects as it enters
        self.layers = oracle_layers(state)
        self.chars = self.layers.characteristics()
        self.players = list(state.player_names)
        self.entering: dict[str, str] = {}  # a permanent about to enter -> the player it enters under
        self.entering_as: dict[str, str] = {}  # such a permanent -> what it enters as a copy of (616.1c)
        self.entering_chosen: dict[str, tuple] = {}  # such a permanent -> the value it chose as it enters (614.12)
        self.made_choosers: set = set()  # 616.1, 616.1f: (an event an effect made, who chooses for it): followed()
        self.effects = self._effects()

    # --- the effects in force -------------------------------------------------------------------
    def _effects(self) -> list[Eff]:
        out: list[Eff] = []
        for p in self.state.battlefield:
            if p not in self.chars:
                continue
            present = set(self.chars[p]["abilities"])
            seen = set()
            for key, display, _mana, _kw, model in self.layers.objs[p].abilities:
                if key[0] != "printed" or model is None:
                    continue  # granted abilities and a land type's mana ability: no replacement rule
                rule = getattr(model, "replacement", None)
                # 702.16e: protection from a quality is a prevention effect of the permanent (the keyword's rule)
                # 702.89a: umbra armor, a replacement of the destruction of the permanent the Aura is attached to
                standing = model.kind in STANDING_KINDS or (model.kind == "keyword" and rule is not None
                                                            and (rule.event == "damage" or rule.do == "umbra_armor"))
                if rule is None or not standing or display not in present:
                    continue
                eid = f"{p}#{key[2]}"
                if eid in seen:
                    continue
                seen.add(eid)
                out.append(Eff(eid, len(out), rule, self.chars[p]["controller"], p, (), None, text=display))
        for e in self.state.effects:
            rule = getattr(e.ability, "replacement", None)
            if rule is None:
                continue
            out.append(Eff(f"effects#{e.index}", len(out), rule, e.controller, e.source, tuple(e.targets),
                           # 615.7: what is left of a shield, or the amount the card says it starts with
                           e.remaining if e.remaining is not None else rule.n,
                           affected=tuple(e.affected) if e.affected is not None else None, text=e.ability.display()))
        # 113.6: a spell on the stack has its static abilities (Banefire), with the X it was cast with
        for s in self.state.stack:
            o = self.state.objects[s]
            if o.kind != "spell" or o.printed is None:
                continue
            for i, model in enumerate(o.printed.abilities, 1):
                rule = getattr(model, "replacement", None)
                if rule is not None and model.kind == "static":
                    if rule.x_at_least is not None and int(o.choices.get("x", 0)) < rule.x_at_least:
                        continue
                    spent = str(o.choices.get("mana_spent", ""))  # the mana paid to cast it: "{2}{B}{G}"
                    if rule.if_spent is not None and f"{{{rule.if_spent}}}" not in spent:
                        continue  # "if {G} was spent to cast this spell": none was
                    out.append(Eff(f"{s}#{i}", len(out), rule, o.controller, s, tuple(o.targets), None,
                                   text=model.display()))
        # 122.1c: a permanent with one or more shield counters: "if damage would be dealt to this permanent,
        # prevent that damage and remove a shield counter from it"; "if this permanent would be destroyed as
        # the result of an effect, instead remove a shield counter from it"
        from engine.vocab.replacement import ReplacementRule

        for p in self.state.battlefield:
            if p in self.chars and self.state.objects[p].counters.get("shield", 0) > 0:
                you = self.chars[p]["controller"]
                out.append(Eff(f"{p}#shield:damage", len(out), ReplacementRule(
                    event="damage", target={"self": True}, do="prevent_all", remove_counter="shield"), you, p, (), None,
                    shield_counter=True))
                out.append(Eff(f"{p}#shield:destroy", len(out), ReplacementRule(
                    event="zone_change", object={"self": True}, from_zone="battlefield", do="skip"), you, p, (), None,
                    shield_counter=True))
        return out

    # --- what an object is ------------------------------------------------------------------------
    def view(self, oid: str) -> dict | None:
        """The characteristics a selector reads: after the layers on the battlefield, printed elsewhere
        (an ability on the stack: those of its source, with the ability's controller)."""
        if oid in self.chars:
            return self.chars[oid]
        if oid in self.entering:  # 614.12: as it would exist on the battlefield, under that controller
            return dict(self.entered(oid, self.entering[oid], self.entering_as.get(oid),
                                            self.entering_chosen.get(oid, ()))[0])
        return self._printed_view(oid)

    def entered(self, oid: str, controller: str, copy: str | None = None, chosen: tuple = ()) -> tuple[dict, Any]:
        """614.12: a permanent about to enter as it would exist on the battlefield under `controller`, and as
        a copy of `copy` once a copy effect applied to it (616.1c, 616.1f: entered as a copy, 707.2):
        (its characteristics, its object in the layers oracle). The layers oracle is run on the board with
        every permanent entering at once put onto the battlefield (the others under their own event's
        controller), with the newest timestamps (613.7d), tapped or not, with the counters it enters with;
        an effect a resolved ability gave the spell it targets (Jund's "it gains devour 5") keeps that
        object in its set (611.2c: the set fixed as it began holds it)."""
        key = (oid, controller, copy, chosen)
        if key not in self._as_entered:
            st = self.state
            evs = self.enter_events  # (oracle_replace gives them)
            moving = {e.object for e in evs}
            objects = dict(st.objects)
            battlefield = list(st.battlefield)
            ts = st.next_timestamp
            for e in evs:
                o = objects[e.object]
                objects[e.object] = dc_replace(o, zone="battlefield", controller=controller if e.object == oid else e.controller,
                                               timestamp=ts, kind="card" if o.kind == "spell" else o.kind,
                                               tapped=bool(e.tapped), counters=dict(e.counters or {}),
                                               copy_of=copy if e.object == oid else o.copy_of,
                                               choices={**o.choices, chosen[0]: chosen[1]} if chosen and e.object == oid
                                               else o.choices)
                ts += 1
                battlefield.append(e.object)
            effects = [dc_replace(x, affected=tuple(x.targets)) if x.affected is None and moving & set(x.targets) else x
                       for x in st.effects]
            hyp = dc_replace(st, objects=objects, battlefield=battlefield, effects=effects, next_timestamp=ts,
                             stack=[x for x in st.stack if x not in moving], exile=[x for x in st.exile if x not in moving],
                             command=[x for x in st.command if x not in moving],
                             player_zones={k: [x for x in v if x not in moving] for k, v in st.player_zones.items()})
            lay = oracle_layers(hyp)
            self._as_entered[key] = (lay.characteristics()[oid], lay.objs[oid])
        return self._as_entered[key]

    def _printed_view(self, oid: str) -> dict | None:
        o = self.state.objects.get(oid)
        if o is None:
            return None
        printed_of = o
        if o.printed is None and o.ability_of is not None:
            printed_of = self.state.objects.get(o.ability_of)
            if printed_of is None:
                return None
            if o.ability_of in self.chars:
                return dict(self.chars[o.ability_of], controller=o.controller or o.owner)
        c = printed_of.printed
        if c is None:
            return None
        words = [keyword_words(a.keyword, a.n, a.cost, a.quality) if isinstance(a, KeywordAbility) else a.display()
                 for a in c.abilities]
        return {
            "name": c.name,
            "controller": o.controller or o.owner,  # 108.4a: no controller off the battlefield: its owner
            "owner": o.owner,
            "types": [t.lower() for t in c.types],
            "supertypes": [t.lower() for t in c.supertypes],
            "subtypes": list(c.subtypes),
            "colors": [x.lower() for x in c.colors],
            "abilities": words,
        }

    @staticmethod
    def has_keyword(words, keyword: str) -> bool:
        for w in words:
            if w == keyword or w.startswith(keyword + " "):
                return True
            if keyword == "landwalk" and w.endswith("walk"):
                return True
        return False

    def has_subtype(self, oid: str, v: dict, s: str) -> bool:
        if oid in self.entering:
            return _layers.Oracle._has_subtype(self.entered(oid, self.entering[oid], self.entering_as.get(oid),
                                            self.entering_chosen.get(oid, ()))[1], s)
        if oid in self.chars and oid in self.layers.objs:
            return _layers.Oracle._has_subtype(self.layers.objs[oid], s)
        return s in v["subtypes"]

    def matches(self, sel: Selector, oid: str, eff: Eff) -> bool:
        """Does the object oid match the selector, for the effect eff ("you" = its controller)?"""
        v = self.view(oid)
        if v is None:
            return False
        obj = self.state.objects[oid]
        if sel.self_:
            if oid != eff.source:
                return False
        elif sel.attached:
            holder = self.state.objects.get(eff.source) if eff.source is not None else None
            if holder is None or holder.attached_to != oid:
                return False
        elif sel.targets:
            if oid not in eff.targets:
                return False
        elif sel.any_of:
            if not any(self.matches(s, oid, eff) for s in sel.any_of):
                return False
        elif "zone" in sel.model_fields_set:  # only a zone the selector names restricts an event's object
            if sel.zone == "not_battlefield":
                if obj.zone == "battlefield":
                    return False
            elif sel.zone != "anywhere" and obj.zone != sel.zone:
                return False
        types = set(v["types"])
        if any(t.lower() not in types for t in sel.types):
            return False
        if sel.any_types and not any(t.lower() in types for t in sel.any_types):
            return False
        if any(t.lower() in types for t in sel.not_types):
            return False
        if sel.subtypes and not any(self.has_subtype(oid, v, s) for s in sel.subtypes):
            return False
        if any(self.has_subtype(oid, v, s) for s in sel.not_subtypes):
            return False
        sup = set(v["supertypes"])
        if any(t.lower() not in sup for t in sel.supertypes):
            return False
        if any(t.lower() in sup for t in sel.not_supertypes):
            return False
        colors = set(v["colors"])
        if sel.colors and not colors & set(sel.colors):
            return False
        if colors & set(sel.not_colors):
            return False
        if sel.chosen_color:
            chooser = self.state.objects.get(eff.source) if eff.source is not None else None
            if chooser is None or chooser.choices.get("color") not in colors:
                return False
        if sel.chosen_creature_type:  # "of the chosen type": the type chosen as its source entered
            chooser = self.state.objects.get(eff.source) if eff.source is not None else None
            if chooser is None or "creature_type" not in chooser.choices or not self.has_subtype(
                    oid, v, str(chooser.choices["creature_type"])):
                return False
        if any(not self.has_keyword(v["abilities"], k) for k in sel.keywords):
            return False
        if any(self.has_keyword(v["abilities"], k) for k in sel.not_keywords):
            return False
        if sel.controller == "you" and v["controller"] != eff.you:
            return False
        if sel.controller == "opponent" and (v["controller"] is None or v["controller"] == eff.you):
            return False
        if sel.owner == "you" and v["owner"] != eff.you:
            return False
        if sel.owner == "opponent" and v["owner"] == eff.you:
            return False
        if sel.other and oid == eff.source:
            return False
        if sel.token is not None and (obj.kind == "token") != sel.token:
            return False
        if sel.counter is not None and not obj.counters.get(sel.counter):
            return False
        combat = self.state.combat
        if sel.attacking is not None and (combat is not None and oid in combat.attackers) != sel.attacking:
            return False
        if sel.blocking is not None and (combat is not None and oid in combat.blockers) != sel.blocking:
            return False
        if sel.tapped is not None and (obj.tapped and obj.zone == "battlefield") != sel.tapped:
            return False  # 110.5: "tapped lands" (Ignition Team's count, 614.1c)
        if sel.multicolored is not None and (len(colors) >= 2) != sel.multicolored:
            return False  # 105.2
        unread = [f for f in ("mana_value", "modified", "attached_to", "has_attached", "top_of_graveyard", "exiled_with")
                  if getattr(sel, f)]
        if unread:  # never a field read as if it weren't there: a board needing one is not this oracle's
            raise NotImplementedError(f"the replace oracle doesn't read the selector's {', '.join(unread)}")
        return True

    def is_as_worded(self, phrase: str | None, oid: str) -> bool:
        """108.2, 111.6: the object is what the effect's words call it, a card or a token (token_words)."""
        want = token_words(phrase)
        obj = self.state.objects.get(oid)
        return want is None or obj is None or (obj.kind == "token") == want

    def player_is(self, who: str, player: str, eff: Eff) -> bool:
        if player not in self.players:
            return False
        if who == "you":
            return player == eff.you
        if who == "opponent":
            return player != eff.you
        if who == "targets":
            return player in eff.targets
        return True  # any

    # --- 614.1: does an effect apply to the event as it is now? -----------------------------------
    def conditions(self, eff: Eff, ev, cur: Ev) -> bool:
        """Every condition the rule gives holds on the (modified) event."""
        r = eff.rule
        if r.event == "life_total":  # "your life total can't change": life gained or lost (119.7-119.8)
            return ev.type in ("life_gain", "life_loss") and (r.player is None or self.player_is(r.player, ev.player, eff))
        if r.event == "counters" and cur.type == "enter":
            # 122.6: the counters a permanent enters with are put on it, as it would exist (614.12), by the
            # player it enters under (122.6a)
            if r.on_player is not None or r.do == "cant":  # (a "can't" doesn't stop it entering: barred_kinds)
                return False
            if not self.has_own(eff, ev, cur.controller, cur.copy_of):
                return False  # 614.12: its own (or a copied card's) ability, which it wouldn't have so
            barred = self.barred_kinds(ev, cur.controller, cur.copy_of, cur.chosen)
            if None in barred:
                return False  # 614.17c: none can be put on it; nothing is left to modify
            plus = r.kind in (None, "+1/+1") and cur.plus > 0 and "+1/+1" not in barred
            other = cur.kind is not None and r.kind in (None, cur.kind) and cur.other > 0 and cur.kind not in barred
            if not (plus or other):
                return False
            if r.player is not None and not self.player_is(r.player, cur.controller, eff):
                return False  # Vorinclex: "if you would put", "if an opponent would put"
            self.entering, self.entering_as = {ev.object: cur.controller}, {ev.object: cur.copy_of}
            self.entering_chosen = {ev.object: cur.chosen}
            return r.object is None or self.matches(r.object, ev.object, eff)
        if r.event != cur.type:
            return False
        if ev.type == "damage":
            target = cur.to  # who is dealt the damage now: a redirection changes it (614.9)
            if eff.affected is not None and target not in eff.affected:
                return False  # only the objects the effect was given as it began (615.11)
            if r.do == "redirect_shield" and target != shielded(eff):
                return False  # Razia: "damage that would be dealt to target creature you control" (its first target)
            if r.combat is not None and bool(ev.combat) != r.combat:
                return False
            if r.source is not None and not self.matches(r.source, ev.source, eff):
                return False
            if r.target is not None or r.target_player is not None:
                ok = False
                if r.target is not None and target not in self.players:
                    ok = self.matches(r.target, target, eff)
                if not ok and r.target_player is not None:
                    ok = self.player_is(r.target_player, target, eff)
                if not ok and getattr(r, "or_dealt_by", False) and ev.source not in self.players:
                    ok = self.matches(r.target, ev.source, eff)  # 615.1a: "dealt to and dealt by that creature"
                if not ok:
                    return False
                if target not in self.players and not self.is_as_worded(phrase_of(eff.text, _DEALT_TO), target):
                    return False  # 111.1, 111.6: "dealt to creature tokens you control": not to a card
        elif ev.type == "zone_change":
            if r.object is not None and not self.matches(r.object, ev.object, eff):
                return False
            if not self.is_as_worded(phrase_of(eff.text, _SUBJECT), ev.object):
                return False  # 108.2, 111.6: "If a card would be put into ...": a token is no card
            if r.from_zone not in (None, "anywhere") and ev.from_ != r.from_zone:
                return False
            if r.resolving and not ev.resolves:
                return False  # "as it resolves" (608.2n): the spell card leaving the stack by its resolution only
            if r.to_zone not in (None, "anywhere") and cur.to != r.to_zone:
                return False
        elif ev.type == "counters":
            if ev.object in self.players:  # 122.1: counters on a player
                if (r.object is not None or r.on_player is not None) and not (
                        r.on_player is not None and self.player_is(r.on_player, ev.object, eff)):
                    return False
            elif r.object is not None or r.on_player is not None:
                if r.object is None or not self.matches(r.object, ev.object, eff):
                    return False
            if r.kind is not None and ev.kind != r.kind:
                return False
            if r.player is not None and (ev.by is None or not self.player_is(r.player, ev.by, eff)):
                return False
        elif ev.type == "enter":
            if (eff.own or r.do == "devour") and eff.source != ev.object:
                return False
            if eff.under is not None and cur.controller not in eff.under:
                return False  # 614.12: it wouldn't have that ability on the battlefield under that player
            if eff.copied is not None and (eff.source != ev.object or (cur.controller, cur.copy_of) not in eff.copied):
                return False  # 616.1f: it has that ability only entering as that copy, under those players
            if getattr(r, "if_kicked", None) and not cur.kicked:
                return False  # 702.33d: "if this creature was kicked": it wasn't
            if getattr(r, "if_cast_from_hand", None) and not cur.from_hand:
                return False  # 601.2a: "if you cast it from your hand": it wasn't
            if getattr(r, "if_opponent_dealt_damage", None) and not (
                    set(getattr(self.state, "dealt_damage", ())) - {cur.controller}):
                return False  # 702.54a (EN): "if an opponent was dealt damage this turn": none was
            for cond, holds_needed in ((getattr(r, "unless", None), False), (getattr(r, "only_if", None), True)):
                if cond is None:  # counted on the battlefield, for the player it would enter under
                    continue
                as_you = dc_replace(eff, you=cur.controller)
                held = [o for o in self.state.battlefield if o not in self.entering_all
                        and self.matches(cond.count, o, as_you)]
                if (len(held) >= cond.at_least) != holds_needed:
                    return False
            for cond, holds_needed in ((getattr(r, "if_game", None), True), (getattr(r, "unless_game", None), False)):
                if cond is not None and self.game_holds(cond, cur.controller) != holds_needed:
                    return False  # 614.1c: a condition on the game, for the player it would enter under
            # 614.12: seen as it would exist on the battlefield, under the player it would now enter under, and
            # as the copy it enters as once a copy effect applied (616.1c, 616.1f)
            self.entering, self.entering_as = {ev.object: cur.controller}, {ev.object: cur.copy_of}
            self.entering_chosen = {ev.object: cur.chosen}
            if r.object is not None and not self.matches(r.object, ev.object, eff):
                return False
        elif ev.type in ("token",) + PLAYER_TYPES:
            player = ev.controller if ev.type == "token" else ev.player
            if r.player is not None and not self.player_is(r.player, player, eff):
                return False
            if getattr(r, "token_in", None) is not None and not set(cur.each or (ev.token,)) <= set(r.token_in):
                return False  # "a Clue, Food, or Treasure token": the tokens it would create, as they are now
            if r.library_empty and self.state.player_zones.get((player, "library")):
                return False  # Laboratory Maniac: only while that library is empty
            if r.library_has_amount and len(self.library(player)) < cur.amount:
                return False  # Ashiok: fewer cards than that, a card entering the battlefield from it not counted
        return True

    def applies(self, eff: Eff, ev, cur: Ev) -> bool:
        if cur.skipped:
            return False  # 614.7: the event doesn't happen; nothing is left to replace
        r = eff.rule
        if r.do in ("cant_be_prevented", "cant", "no_regen"):
            return False  # 615.12, 614.17, 701.19c: not applied by anyone
        if cur.type in AMOUNT_EVENTS and not (cur.amount or 0) > 0:
            return False  # 614.7a and the like: nothing is dealt, put or created
        if r.do == "shield" and ev.type == "damage" and self.unpreventable(ev, cur):
            if not (eff.remaining or 0) > 0:
                return False  # used up; else (615.12) it applies to damage that can't be prevented, uses none of it
        elif r.do in ("shield", "redirect_shield") and not self.budget.get(eff.id, eff.remaining or 0) > 0:
            return False  # an exhausted shield, or none of it given to this event (615.7)
        if eff.shield_counter and ev.type == "zone_change" and (not ev.destroy or getattr(ev, "by_rule", None)):
            return False  # 122.1c: a destruction as the result of an effect only
        if r.do == "regenerate" and (ev.type != "zone_change" or not ev.destroy or ev.regenerate is False):
            return False  # 614.8: only a destruction, and not one that "can't be regenerated" (701.19c)
        if r.do == "regenerate" and any(o.rule.do == "no_regen" and self.conditions(o, ev, cur) for o in self.effects):
            return False  # 701.19c: an effect says the object can't be regenerated ("this turn")
        if r.do == "umbra_armor" and (ev.type != "zone_change" or not ev.destroy):
            return False  # 702.89a: "if enchanted permanent would be destroyed" (any destruction)
        if eff.own and cur.copy_of is not None:
            return False  # 616.1c, 614.12: entering as a copy, it no longer has its own abilities
        if r.do == "enter_transformed" and cur.transformed:
            return False  # 616.1d: it already enters back face up; nothing is left for this one to change
        return self.conditions(eff, ev, cur)

    @staticmethod
    def has_own(eff: Eff, ev, controller: str, copy: str | None) -> bool:
        """614.12: an ability of the permanent entering (its own, or, entering as a copy, the copied card's,
        616.1f) is one it has entering by `ev` under `controller` as a copy of `copy` (None: itself) only where
        it would have it on the battlefield so; any other effect: True."""
        if eff.own or eff.copied is not None:
            if eff.source != ev.object:
                return False
            if eff.own:
                return copy is None and (eff.under is None or controller in eff.under)
            return (controller, copy) in eff.copied
        return True

    def barred_kinds(self, ev, controller: str, copy: str | None = None, chosen: tuple = ()) -> set:
        """122.6, 614.17d: the kinds of counter that can't be put on the permanent entering, as it would exist
        on the battlefield under `controller` ("counters can't be put on artifacts, creatures, enchantments, or
        lands", Solemnity: None, every kind; Melira: "-1/-1" on creatures its controller controls), as the copy it
        enters as (616.1c)."""
        before, out = (self.entering, self.entering_as, self.entering_chosen), set()
        own = [e for e in self._own_effects(ev) if e.rule.event == "counters" and self.has_own(e, ev, controller, copy)]
        for e in list(self.effects) + own:  # (614.12: "this creature can't have counters put on it", Tatterkite)
            r = e.rule
            if r.event != "counters" or r.do != "cant" or r.object is None or r.player is not None:
                continue  # (not about permanents: "players can't get counters")
            self.entering, self.entering_as, self.entering_chosen = {ev.object: controller}, {ev.object: copy}, {ev.object: chosen}
            if self.matches(r.object, ev.object, e):
                out.add(r.kind)
        self.entering, self.entering_as, self.entering_chosen = before
        return out

    def cant_enter(self, ev, cur: Ev) -> bool:
        """614.17d: "lands can't enter the battlefield" (Worms of the Earth), read on the permanent as it would
        exist on the battlefield: under the player it would enter under, as the copy it would enter as."""
        before = (self.entering, self.entering_as, self.entering_chosen)
        self.entering, self.entering_as = {ev.object: cur.controller}, {ev.object: cur.copy_of}
        self.entering_chosen = {ev.object: cur.chosen}
        try:
            return any(e.rule.event == "enter" and e.rule.do == "cant" and e.rule.object is not None
                       and self.matches(e.rule.object, ev.object, e) for e in self.effects)
        finally:
            self.entering, self.entering_as, self.entering_chosen = before

    def unpreventable(self, ev, cur: Ev) -> bool:
        """615.12: an effect says this damage can't be prevented."""
        return any(o.rule.do == "cant_be_prevented" and self.conditions(o, ev, cur) for o in self.effects)

    def apply(self, eff: Eff, cur: Ev) -> Ev:
        r = eff.rule
        do = r.do
        if do in ("multiply", "add", "subtract", "halve") and cur.type == "enter":  # 122.6: the counters it enters with
            def new(v: int) -> int:
                return v * r.n if do == "multiply" else v + r.n if do == "add" else max(0, v - r.n) if do == "subtract" \
                    else v // 2

            return dc_replace(cur, plus=new(cur.plus) if cur.plus > 0 and r.kind in (None, "+1/+1") else cur.plus,
                              other=new(cur.other) if cur.other > 0 and cur.kind is not None and r.kind in (None, cur.kind)
                              else cur.other)
        if do == "multiply":
            return dc_replace(cur, amount=cur.amount * r.n)
        if do == "add":
            return dc_replace(cur, amount=cur.amount + r.n)
        if do == "subtract":
            return dc_replace(cur, amount=max(0, cur.amount - r.n))
        if do == "halve":
            return dc_replace(cur, amount=cur.amount // 2)
        if do == "prevent_all_but":  # 615.1: "prevent all but 1 of that damage": 1 is still dealt, if there was more
            keep = min(cur.amount, r.n)
            return dc_replace(cur, amount=keep, prevented=cur.prevented + cur.amount - keep)
        if do == "prevent_half":  # half, rounded up (Gisela)
            n = (cur.amount + 1) // 2
            return dc_replace(cur, amount=cur.amount - n, prevented=cur.prevented + n)
        if do in PREVENTION:
            n = cur.amount if do == "prevent_all" else min(cur.amount, r.n if do == "prevent" else self.budget.get(eff.id, eff.remaining or 0))
            return dc_replace(cur, amount=cur.amount - n, prevented=cur.prevented + n,
                              made=cur.made + self.additional(eff, cur, n))
        if do == "to_zone":
            return dc_replace(cur, to=r.zone)
        if do == "redirect":
            # 614.9: dealt to the effect's source instead, or to its first target ("any target instead")
            return dc_replace(cur, to=(eff.targets[0] if eff.targets else None) if r.to_target else eff.source)
        if do in ("skip", "regenerate", "umbra_armor"):  # 614.8, 702.89a: they replace the destruction
            return dc_replace(cur, skipped=True)
        if do == "enter_tapped":
            return dc_replace(cur, tapped=True)
        if do == "become_day":  # 731, 614.1c: it becomes day as it enters (if neither: the game loop's to decide)
            return dc_replace(cur, becomes_day=True)
        if do == "become":
            return dc_replace(cur, type=r.into)
        if do == "add_counters":
            n = cur.x if r.n_is_x else r.n_if_escaped if (cur.escaped and r.n_if_escaped is not None) else r.n
            if getattr(r, "n_per", None) == "creature_died":  # 700.4: for each creature that died this turn
                n *= len(self.state.died)
            elif getattr(r, "n_per", None) == "creature_died_yours":  # "... that died under your control this turn"
                n *= sum(p == cur.controller for p in self.state.died)
            elif getattr(r, "n_per", None) == "colors_spent":  # 601.2h: each color of mana spent to cast it
                n *= sum("{" + c + "}" in cur.spent for c in "WUBRG")  # 601.2h: a permanent spell resolving
            elif getattr(r, "n_per", None) == "mana_spent":  # 601.2h: each mana spent to cast it
                n *= cur.spent.count("{")
            if getattr(r, "n_count", None) is not None:  # 614.1c: for each object it matches, for the player it
                sel, as_you = r.n_count, dc_replace(eff, you=cur.controller)  # would enter under (614.12)
                elsewhere = "zone" in sel.model_fields_set and sel.zone != "battlefield"
                pool = [o for o in self.state.objects if o not in self.state.battlefield] if elsewhere \
                    else list(self.state.battlefield)
                counted = phrase_of(eff.text, _FOR_EACH)  # 111.6: "for each other nontoken Human you control"
                n *= sum(1 for o in pool if o not in self.entering_all and self.matches(sel, o, as_you)
                         and self.is_as_worded(counted, o))
            if r.kind not in (None, "+1/+1"):  # "enters with ten ice counters" (Dark Depths)
                return dc_replace(cur, other=cur.other + n) if r.kind == cur.kind else cur
            return dc_replace(cur, plus=cur.plus + n)
        if do == "enter_as_copy":
            return dc_replace(cur, copy_of=eff.source)
        if do == "enter_under_control":  # "it enters under your control instead"
            return dc_replace(cur, controller=eff.you)
        if do == "enter_transformed":  # back face up (701.27)
            return dc_replace(cur, transformed=True)
        if do == "choose":
            return dc_replace(cur, choose=cur.choose + (r.choice,))
        if do == "one_of_each":  # each of the tokens it would create becomes one of each kind of the list
            total = cur.amount * (len(cur.each) if cur.each else 1)
            return dc_replace(cur, amount=total, each=tuple(r.token_in))
        raise ValueError(f"unknown action {do!r}")

    @staticmethod
    def additional(eff: Eff, cur: Ev, n: int) -> tuple:
        """615.5: a prevention effect's additional effect, which takes place right after the damage event, applied to
        `cur` and preventing `n` of it; 615.12: with damage that can't be prevented, `n` is 0 and "any additional
        effects they have will take place" as worded. "For each 1 damage prevented this way, put a +1/+1 counter on
        that creature" counts what it prevented: none then. "Prevent that damage and remove that many +1/+1 counters
        from it" (Polukranos): "that many" is the amount of that damage, prevented or not (the Protean Hydra ruling).
        "Prevent that damage. Remove a +1/+1 counter from this creature" (Phantom Centaur): one each time it applies."""
        r, out = eff.rule, ()
        if r.counters_per_prevented is not None and n > 0:
            out += (event_key({"type": "counters", "object": cur.to, "kind": r.counters_per_prevented,
                               "amount": n, "by": eff.you}),)
        if getattr(r, "remove_counter", None) is not None:
            out += (event_key({"type": "counters_removed", "object": cur.to, "kind": r.remove_counter,
                               "amount": 1, "once": eff.id}),)
        if getattr(r, "remove_counters_per_prevented", None) is not None:
            out += (event_key({"type": "counters_removed", "object": cur.to,
                               "kind": r.remove_counters_per_prevented, "amount": cur.amount}),)
        return out

    def library(self, player: str) -> list:
        """614.13c: the player's library, top first, without the cards entering the battlefield from it."""
        return [c for c in self.state.player_zones.get((player, "library"), []) if c not in self.entering_all]

    def results(self, eff: Eff, ev, cur: Ev) -> list[Ev]:
        """What applying the effect may make of the event: one result, or for devour one per set of
        creatures sacrificed (702.82a): any number of the creatures the entering permanent's controller
        controls, never one entering at the same time (614.13a) nor one already sacrificed to another
        devour instance (614.13b)."""
        if eff.rule.do == "pay_life_or_tapped":  # "you may pay 2 life. If you don't, it enters tapped."
            can_pay = self.state.player(ev.controller).life >= eff.rule.n  # 119.4
            return [dc_replace(cur, tapped=True)] + ([dc_replace(cur, to_pay=cur.to_pay + (eff.rule.n,))] if can_pay else [])
        if eff.rule.do in PREVENTION and ev.type == "damage" and self.unpreventable(ev, cur):
            # 615.12: applied all the same, it prevents none of the damage (nothing prevented this way: no
            # counters for it, 615.5), and a shield is not reduced; its other additional effects take place
            return [dc_replace(cur, made=cur.made + self.additional(eff, cur, 0))]
        if eff.rule.do == "add_counters" and eff.rule.optional:  # 702.98a unleash: "you may have it enter with"
            # 702.136a riot: "If you don't, it gains haste"
            return [self.apply(eff, cur), dc_replace(cur, haste=True) if getattr(eff.rule, "declined_haste", False) else cur]
        if eff.rule.do == "enter_as_copy" and getattr(eff.rule, "of", None) is not None:
            # Clone: "you may have this creature enter as a copy of any creature on the battlefield": one result
            # for each such creature (as it is now, after the layers), and, as it may, one as itself
            picks = [x for x in self.state.battlefield if x in self.chars and x not in self.entering_all
                     and self.matches(eff.rule.of, x, eff)]
            return [dc_replace(cur, copy_of=x) for x in picks] + ([cur] if eff.rule.optional else [])
        if eff.rule.do == "choose" and eff.id == self.told_apart(ev, cur):
            # 614.12: "as this enters, choose a creature type" (Metallic Mimic, which is the chosen type): the
            # effects looked at after the choice read the permanent with the value chosen (616.1f): one result
            # for each value (every color; every creature type the board names, and one it doesn't)
            return [dc_replace(self.apply(eff, cur), chosen=(eff.rule.choice, v)) for v in self.domain(eff.rule.choice)[0]]
        if eff.rule.do != "devour":
            return [self.apply(eff, cur)]
        mine = sorted(p for p in self.state.battlefield if p in self.chars and p not in self.entering_all
                      and p not in cur.sacrificed and "creature" in self.chars[p]["types"]
                      and self.chars[p]["controller"] == cur.controller)  # "you": whoever it enters under
        return [dc_replace(cur, plus=cur.plus + eff.rule.n * len(chosen), sacrificed=cur.sacrificed | set(chosen))
                for k in range(len(mine) + 1) for chosen in itertools.combinations(mine, k)]

    def told_apart(self, ev, cur: Ev) -> str | None:
        """The id of the one "as this enters, choose a color / a creature type" among the abilities the
        permanent entering by `ev` has as it is now (`cur`: as itself, its own; as a copy, the copied
        card's), whose values are tried one by one; None when it has none or several (then the choice is
        only named)."""
        if ev.type != "enter":
            return None
        ids = {e.id for e in self._own_effects(ev) if e.rule.do == "choose" and e.rule.choice in ("color", "creature_type")
               and (e.own and cur.copy_of is None
                    or e.copied is not None and any(x == cur.copy_of for _p, x in e.copied))}
        return ids.pop() if len(ids) == 1 else None

    def domain(self, kind: str) -> tuple[list[str], str | None]:
        """The values of a choice to try: the five colors; the creature types named anywhere on the board
        (its objects' types and choices, the words of their abilities and of the effects), and one more,
        named nowhere, for all the others. Returns (the values, that one)."""
        if kind == "color":
            return ["white", "blue", "black", "red", "green"], None
        if not hasattr(self, "_types"):
            dumps = [json.dumps([list(o.printed.subtypes), [a.model_dump() for a in o.printed.abilities], o.choices],
                                default=str) for o in self.state.objects.values() if o.printed is not None]
            dumps += [json.dumps(e.ability.model_dump(), default=str) for e in self.state.effects]
            dumps += [json.dumps(c.get("subtypes", [])) for c in self.chars.values()]
            words = {w for d in dumps for w in re.findall(r'"([A-Z][A-Za-z\'-]*)"', d)}
            named = sorted(w for w in words if is_creature_type(w))
            spare = next(t for t in ("Wurm", "Yeti", "Zubera", "Weird", "Whale", "Wolverine") if t not in named)
            self._types = (named + [spare], spare)
        return self._types

    # --- 616.1: every order ---------------------------------------------------------------------------
    def explore(self, ev) -> tuple[set, list]:
        """(the ids of the effects that apply at some point, [(final Ev, order)])."""
        if ev.type == "enter":
            # (with none, the kind its own "enters with ten ice counters" gives it, Dark Depths)
            others = sorted(k for k in ev.counters if k != "+1/+1")
            o = self.state.objects.get(ev.object)
            if not others and o is not None and o.printed is not None and o.copy_of is None:
                # (702.44a: sunburst's charge counters, its second replacement)
                rules = [r for a in o.printed.abilities
                         for r in (getattr(a, "replacement", None), getattr(a, "second_replacement", None))]
                others = sorted({r.kind for r in rules if r is not None and r.do == "add_counters"
                                 and r.kind not in (None, "+1/+1")})
            kind = others[0] if len(others) == 1 else None  # (several other kinds: left as they are)
            start = Ev("enter", None, 0, None, False, tapped=ev.tapped, plus=ev.counters.get("+1/+1", 0), x=ev.x or 0,
                       escaped=bool(ev.escaped), kicked=bool(getattr(ev, "kicked", None)),
                       from_hand=bool(getattr(ev, "cast_from_hand", None)),
                       spent=getattr(ev, "mana_spent", None) or "", controller=ev.controller,
                       kind=kind,
                       other=ev.counters.get(kind, 0) if kind else 0)
            self.entering, self.entering_as, self.entering_chosen = {ev.object: ev.controller}, {}, {}
            effects = self._own_effects(ev) + list(self.effects)
        elif ev.type == "damage":
            start = Ev("damage", ev.amount, 0, ev.target, False)  # `to`: who is dealt it
            self.entering = {}
            effects = list(self.effects)
        else:
            start = Ev(ev.type, getattr(ev, "amount", None), 0, getattr(ev, "to", None), False)
            self.entering = {}
            effects = list(self.effects)
        applicable: set = set()
        finals: list = []
        # 614.17c: an event that can't happen ("players can't gain life") can be replaced only by a
        # self-replacement effect; if none replaces it, it doesn't happen
        if ev.type != "enter" and any(e.rule.do == "cant" and self.conditions(e, ev, start) for e in effects):
            selfs = [e for e in effects if e.rule.self_replacement and self.applies(e, ev, start)]
            applicable.update(e.id for e in selfs)
            if not selfs:
                return applicable, [(dc_replace(start, skipped=True), ())]
            # (else a self-replacement effect applies first anyway, 616.1a; after it the event is another)

        def go(cur: Ev, left: list, order: tuple, ev=ev, finals=finals) -> None:
            now = [e for e in left if self.applies(e, ev, cur)]
            if ev.type == "enter" and self.cant_enter(ev, cur):
                # 614.17c-d: it can't enter as it would now exist: only a self-replacement effect may modify it
                now = [e for e in now if e.rule.self_replacement]
            applicable.update(e.id for e in now)
            # 616.1a self-replacement effects, then 616.1b those changing under whose control a permanent
            # enters, then 616.1c copy effects on a permanent entering, then 616.1d those making a card enter
            # with its back face up, then 616.1e any
            choices = ([e for e in now if e.rule.self_replacement]
                       or [e for e in now if e.rule.do == "enter_under_control"]
                       or [e for e in now if e.rule.do == "enter_as_copy"]
                       or [e for e in now if e.rule.do == "enter_transformed"] or now)  # 616.1d
            if not choices:
                if ev.type == "enter" and self.cant_enter(ev, cur):  # 614.17d: it doesn't enter (608.3e)
                    cur = dc_replace(cur, skipped=True)
                if not cur.to_pay and not cur.sacrificed:
                    finals.append((cur, order + cur.tail))
                    return
                # 702.82a: each creature sacrificed to devour is put into a graveyard, an event of its own
                # which the replacement effects may modify (Rest in Peace); 614.13c: each payment too (the
                # effects on paying life). The order goes on with the effects applied to them, in turn.
                for sacs, sac_order in self.sacrifices(cur.sacrificed, applicable):
                    for events, more in self.payments(ev, cur.to_pay, applicable):
                        finals.append((dc_replace(cur, to_pay=(), payment=sacs + events, after=len(sac_order + more)),
                                       order + sac_order + more))
                return
            for e in choices:  # 616.1f: look again, without the effect applied (614.5)
                rest = [x for x in left if x is not e]
                if e.rule.do == "redirect_shield":
                    # 614.9: the next n damage to the creature is dealt to the other instead: that much of it
                    # becomes damage of its own to the other creature, which the effects not applied yet may
                    # modify (616.1f); the rest is still dealt to the creature
                    n = min(cur.amount, self.budget.get(e.id, e.remaining or 0))
                    other = redirected_to(e)
                    part = ev.model_copy(update={"target": other, "amount": n})
                    done: list = []
                    go(Ev("damage", n, 0, other, False, split=True), rest, (), part, done)
                    for pcur, porder in done:
                        go(dc_replace(cur, amount=cur.amount - n, split=True,
                                      parts=self.final_events(part, pcur, porder, made=False) + cur.parts,
                                      tail=porder + cur.tail, tail_made=pcur.made + pcur.tail_made + cur.tail_made),
                           rest, order + (e.id,), ev, finals)
                    continue
                for nxt in self.results(e, ev, cur):
                    go(nxt, rest, order + (e.id,), ev, finals)

        go(start, effects, ())
        return applicable, finals

    def sacrifices(self, creatures, applicable: set) -> list[tuple[tuple, tuple]]:
        """Every way the creatures sacrificed to devour go (702.82a, 701.21a: from the battlefield to a
        graveyard, as the replacement effects have it: Rest in Peace exiles them), one after the other in
        the order of their ids: (their final events, the effects applied to them, in order). The events the effects
        on a sacrifice make (Kalitas' Zombie, 616.1f) are looked at in turn, as those of any event (followed)."""
        out = [((), ())]
        for oid in sorted(creatures):
            sac = ZoneChange.model_validate({"type": "zone_change", "object": oid, "from": "battlefield", "to": "graveyard"})
            before = self.entering
            got, finals = self.explore(sac)
            self.entering = before
            applicable |= got
            ways = [w for c, o in finals for w in followed(self, sac, c, o, applicable)]
            self.entering = before
            out = [(evs + k, order + o) for evs, order in out for k, o in ways]
        return out

    def payments(self, ev, amounts: tuple, applicable: set) -> list[tuple[tuple, tuple]]:
        """Every way the life payments made as the permanent enters happen: (their final events, the
        effects applied to them, in order)."""
        out = [((), ())]
        for n in amounts:
            pay = PayLife(type="pay_life", player=ev.controller, amount=n)
            before = self.entering
            got, finals = self.explore(pay)
            self.entering = before
            applicable |= got
            out = [(evs + self.final_events(pay, c, o), order + o) for evs, order in out for c, o in finals]
        return out

    def _own_effects(self, ev) -> list[Eff]:
        """614.12: the entering permanent's abilities about itself entering ('this creature enters tapped',
        devour), those it would have on the battlefield (the layers oracle: under Humility, none), under
        each player it could enter under; and devour an effect gives it there (Jund's "it gains devour 5",
        702.82a), which entering as a copy doesn't take away (a layer 6 effect, not its own ability)."""
        if ev.object in self._own:
            return self._own[ev.object]
        found: dict = {}  # effect id -> (rule, own, players)
        texts: dict = {}  # effect id -> the ability's text (token_words)
        for p in self.players:
            for key, _display, _mana, _kw, model in self.entered(ev.object, p)[1].abilities:
                rule = None
                if key[0] == "printed" and key[1] == ev.object:
                    rule = getattr(model, "replacement", None)
                    if isinstance(model, KeywordAbility) and model.keyword == "devour":  # 702.82a, printed
                        rule = DevourRule(model.n)
                    elif _on_itself(model, rule):
                        pass  # 614.12, 122.6: "if counters would be put on Mowu ...", about itself only
                    elif not (rule is not None and rule.event == "enter" and model.kind in OWN_ENTERING_KINDS
                              and rule.object is not None and rule.object.self_):
                        rule = None  # (a keyword's own: modular, fading, vanishing, unleash's, 702.43a, 702.98a)
                    eid, own = f"{ev.object}#{key[2]}", True
                    # 702.44a: sunburst's other branch ("otherwise, it enters with that many charge counters")
                    second = getattr(model, "second_replacement", None) if model.kind == "keyword" else None
                    if second is not None:
                        found.setdefault(f"{eid}:2", (second, own, set()))[2].add(p)
                elif key[0] == "gkw" and getattr(model, "keyword", None) == "devour":
                    rule, eid, own = DevourRule(model.n), key[1], False
                if rule is not None:
                    found.setdefault(eid, (rule, own, set()))[2].add(p)
                    texts.setdefault(eid, _display)
        own_effects = [Eff(eid, -1, rule, ev.controller, ev.object, (), None, own=own, under=frozenset(ps),
                           text=texts.get(eid, "")) for eid, (rule, own, ps) in sorted(found.items())]
        # 616.1f, 707.2: as a copy, the copied card's abilities about itself entering ("enters with six +1/+1
        # counters"), for each object a copy effect may have it enter as a copy of
        copied: dict = {}  # effect id -> (rule, {(player, copy)})
        for x in self._copy_candidates(ev, own_effects):
            for p in self.players:
                for key, _display, _mana, _kw, model in self.entered(ev.object, p, x)[1].abilities:
                    if key[0] != "printed" or key[1] == ev.object:
                        continue
                    rule = getattr(model, "replacement", None)
                    second = getattr(model, "second_replacement", None) if model.kind == "keyword" else None
                    if second is not None:  # 702.44a: sunburst's other branch, copied too
                        copied.setdefault(f"{ev.object}#copy:{key[1]}#{key[2]}:2", (second, set()))[1].add((p, x))
                    if isinstance(model, KeywordAbility) and model.keyword == "devour":  # 702.82a, copied
                        rule = DevourRule(model.n)
                    elif _on_itself(model, rule):
                        pass  # 614.12, 122.6: the copied card's effect on the counters put on itself (Mowu's)
                    elif not (rule is not None and rule.event == "enter" and model.kind in OWN_ENTERING_KINDS
                              and rule.object is not None and rule.object.self_ and rule.do != "enter_as_copy"):
                        continue
                    copied.setdefault(f"{ev.object}#copy:{key[1]}#{key[2]}", (rule, set()))[1].add((p, x))
        own_effects += [Eff(eid, -1, rule, ev.controller, ev.object, (), None, copied=frozenset(pairs))
                        for eid, (rule, pairs) in sorted(copied.items())]
        self._own[ev.object] = own_effects
        return own_effects

    def _copy_candidates(self, ev, own: list) -> list:
        """616.1c: the objects a copy effect may have the permanent entering enter as a copy of: those its own
        "enter as a copy of any creature" matches, and the source of one that copies its source."""
        out: set = set()
        for eff in own + list(self.effects):
            if eff.rule.do != "enter_as_copy" or (eff.own and eff.source != ev.object):
                continue
            if getattr(eff.rule, "of", None) is not None:
                out |= {x for x in self.state.battlefield if x in self.chars and x not in self.entering_all
                        and self.matches(eff.rule.of, x, eff)}
            elif eff.source is not None:
                out.add(eff.source)
        return sorted(out - {ev.object})

    def final_events(self, ev, cur: Ev, order: tuple, made: bool = True) -> tuple:
        applied = set(order[:len(order) - cur.after])  # the effects applied to this event (not to its payments)
        # the creatures sacrificed to devour, as it enters (before it is on the battlefield), and the life paid
        out = list(cur.payment)
        if cur.type == "exile_top" and not cur.skipped:  # that many cards from the top, one zone change each
            out += [event_key({"type": "zone_change", "object": c, "from": "library", "to": "exile"})
                    for c in self.library(ev.player)[:cur.amount]]
        elif cur.split and cur.amount == 0 and cur.prevented == 0:
            pass  # all of it was dealt to another creature instead (614.9): no damage is left to this one
        elif cur.each and not cur.skipped:  # "instead create one of each": a creation of each kind, in the list's order
            out += [event_key({"type": "token", "controller": ev.controller, "token": t, "amount": cur.amount})
                    for t in cur.each]
        elif not cur.skipped:
            d = ev.model_dump(by_alias=True, exclude_none=True)
            d.pop("prevented", None)
            if "amount" in d:
                d["amount"] = cur.amount
            if cur.prevented > 0:
                d["prevented"] = cur.prevented
            if ev.type == "zone_change":
                d["to"] = cur.to
            if ev.type == "damage":
                d["target"] = cur.to
            if ev.type in PLAYER_TYPES:
                d["type"] = cur.type
            if d.get("combat") is False:
                del d["combat"]
            if ev.type == "enter":
                counters = {k: v for k, v in d.get("counters", {}).items() if k != "+1/+1"}
                if cur.plus:
                    counters["+1/+1"] = cur.plus
                if cur.kind is not None:
                    counters[cur.kind] = cur.other
                    if not cur.other and cur.kind not in ("loyalty", "defense"):  # (306.5b: a loyalty of 0 stays)
                        del counters[cur.kind]
                barred = self.barred_kinds(ev, cur.controller, cur.copy_of, cur.chosen)  # 122.6, 614.17d: it enters without them
                d["counters"] = {k: v for k, v in counters.items() if None not in barred and k not in barred}
                d["controller"] = cur.controller
                d["tapped"] = cur.tapped
                if cur.transformed:
                    d["transformed"] = True
                if cur.copy_of is not None:
                    d["copy_of"] = cur.copy_of
                if cur.choose:
                    d["choose"] = sorted(cur.choose)
                # 614.13a: the cards a choice may take, never one entering at the same time
                picking = [e for e in self._own_effects(ev) + list(self.effects)
                           if e.id in applied and e.rule.do == "choose" and e.rule.cards is not None]
                if picking:
                    d["choose_from"] = sorted({o for e in picking for o in self.state.objects
                                               if o not in self.entering_all and self.matches(e.rule.cards, o, e)})
                if cur.chosen:  # (the value; oracle_replace names the values of each outcome: _name_values)
                    d["chosen"] = cur.chosen
                if cur.haste:  # 702.136a riot: the counter declined
                    d["gains_haste"] = True
                if cur.becomes_day:  # 731: the event says it becomes day as the creature enters
                    d["becomes_day"] = True
            out.append(event_key(d))
        for e in self.effects:  # the tokens the replacement events also create, in the effects' list order
            if e.id in applied and e.rule.and_create is not None:
                out.append(event_key({"type": "token", "controller": e.you, "token": e.rule.and_create.token,
                                      "amount": e.rule.and_create.amount}))
            if e.id in applied and e.shield_counter and ev.type == "zone_change":  # 122.1c: a shield counter instead
                out.append(event_key({"type": "counters_removed", "object": ev.object, "kind": "shield", "amount": 1}))
            if e.id in applied and e.rule.do == "regenerate":  # 701.19: it stays, tapped, its damage removed
                out.append(event_key({"type": "regenerate", "object": ev.object}))
            if e.id in applied and e.rule.do == "umbra_armor":  # 702.89a: its damage removed, this Aura destroyed
                out.append(event_key({"type": "umbra_armor", "object": ev.object, "aura": e.source}))
        # then the damage redirected from it (614.9), each part as it happens; then, immediately afterward
        # (615.5), the counters prevention effects put for the damage they prevented, in the order applied
        return tuple(out) + cur.parts + ((cur.made + cur.tail_made) if made else ())

    def chooser(self, ev) -> str | None:
        """616.1: the affected player, or the controller of the affected object (its owner off the battlefield)."""
        def of(oid):
            if oid in self.players:
                return oid
            if oid in self.chars:
                return self.chars[oid]["controller"]
            o = self.state.objects.get(oid)
            return (o.controller or o.owner) if o is not None else None

        if ev.type == "damage":
            return of(ev.target)
        if ev.type in ("zone_change", "counters"):
            return of(ev.object)
        if ev.type == "enter":
            # 616.1: "the controller of the affected object (or its owner if it has no controller)": the
            # object isn't on the battlefield yet; a card in a hand or graveyard has no controller
            o = self.state.objects[ev.object]
            return o.controller or o.owner
        if ev.type == "token":
            return ev.controller
        return getattr(ev, "player", None)


def _on_itself(model, rule) -> bool:
    """614.12, 122.6: an ability of a permanent on the counters put on itself only ("If one or more +1/+1 counters
    would be put on Mowu", "This creature can't have counters put on it"), not on a general subset of permanents
    that includes it: it applies to the counters the permanent enters with (they are put on it)."""
    return (rule is not None and model.kind in STANDING_KINDS and rule.event == "counters"
            and rule.object is not None and rule.object.self_ and rule.on_player is None and rule.player is None)


def _hashable(v):
    if isinstance(v, dict):
        return tuple(sorted((k, _hashable(x)) for k, x in v.items()))
    if isinstance(v, (list, tuple)):
        return tuple(_hashable(x) for x in v)
    return v


def event_key(d: dict) -> tuple:
    """An event (a dict in the event file's shape) as a tuple of (field, value) pairs, in the dict's order;
    a map or list value (an enter event's counters) becomes a tuple."""
    return tuple((k, _hashable(v)) for k, v in d.items())


def _entering_cards(state, events: list, library) -> tuple:
    """An enter event naming a card of the library (`card: NAME`) is about a new object, one no zone of
    the board holds: it gets an id (the card's name in id form; _2, _3 ... if the board has that id
    already), its owner is the player it enters under, and it has the card's printed characteristics
    and abilities, so its own "enters" abilities apply (614.12). Returns (a state with those objects,
    the events naming them, their ids -> the card names)."""
    if not any(ev.type == "enter" and getattr(ev, "card", None) for ev in events):
        return state, events, {}
    from engine.files.library import slug
    from engine.state.model import Characteristics, GameObject

    state = dc_replace(state, objects=dict(state.objects))
    named, out = {}, []
    for ev in events:
        if ev.type == "enter" and ev.card:
            card = library.get(ev.card)
            n, oid = 1, slug(card.name)
            while oid in state.objects:
                n += 1
                oid = f"{slug(card.name)}_{n}"
            state.objects[oid] = GameObject(id=oid, kind="card", zone="outside", owner=ev.controller, controller=None,
                                            printed=Characteristics.of_card(card), card_name=card.name)
            named[oid] = card.name
            ev = ev.model_copy(update={"object": oid, "card": None})
        out.append(ev)
    return state, out, named


def _with_loyalty(state, ev):
    """306.5b, 310.4b: "this permanent enters with a number of loyalty counters on it equal to its printed
    loyalty number" (a battle: defense), an intrinsic ability of a planeswalker card, unless the event
    gives its loyalty counters already."""
    if ev.type != "enter" or not ev.object:
        return ev
    o = state.objects[ev.object]
    if o.printed is None or o.copy_of is not None:
        return ev
    for card_type, kind in (("Planeswalker", "loyalty"), ("Battle", "defense")):
        value = getattr(o.printed, kind, None)
        if card_type in o.printed.types and kind not in ev.counters and value is not None and str(value).isdigit():
            ev = ev.model_copy(update={"counters": dict(ev.counters) | {kind: int(value)}})
    return ev


def _card_shape(key: tuple, named: dict) -> tuple:
    """A final event of a new object in the event file's shape: `card: NAME` where `object: ID` was."""
    return tuple(tuple(("card", named[v]) if k == "object" and v in named and dict(e).get("type") == "enter" else (k, v)
                       for k, v in e) for e in key)


def oracle_replace(state, events: list, library=None) -> dict:
    """events: engine.files.events models. Returns {"applicable": sorted list of effect ids that apply to the
    event at some point of some order, "outcomes": {final_events_key: set of orders}} where an order is a
    tuple of effect ids in the order applied and final_events_key is a tuple of final events, each a tuple
    of (field, value) pairs in the event file's shape as docs/replacement.md "Outcomes" says, "made_choosers": the set
    of (an event an effect made, who chooses for it: 616.1) over the outcomes. For several
    events, an order is a tuple of tuples (one per event) and the key concatenates each event's final events.
    An enter event may name a card of `library` instead of an object (a new object). A draw of several cards is that
    many draws, one at a time (121.2: replace_draws.py)."""
    if len(events) == 1 and events[0].type == "draw" and events[0].amount > 1:
        return oracle_draws(state, events[0], lambda now, ev: oracle_replace(now, [ev], library))
    state, events, named = _entering_cards(state, events, library)
    events = [_with_loyalty(state, ev) for ev in events]
    oracle = ReplaceOracle(state)
    oracle.entering_all = {ev.object for ev in events if ev.type == "enter" and ev.object}
    oracle.enter_events = [ev for ev in events if ev.type == "enter" and ev.object]
    applicable: set = set()
    outcomes: dict = {}
    for division in _divisions(oracle, events):  # 615.7: each way to divide the shields
        per_event = []
        for k, ev in enumerate(events):
            oracle.budget = {sid: parts[k] for sid, parts in division.items()}
            app, finals = oracle.explore(ev)
            applicable |= app
            # 615.5, 616.1f: the events the effects made, each looked at in turn (replace_followon.py)
            per_event.append(_name_values(oracle, [(key, o, cur.sacrificed) for cur, order in finals
                                                   for key, o in followed(oracle, ev, cur, order, applicable)]))
        if len(events) == 1:
            for key, order, _ in per_event[0]:
                outcomes.setdefault(key, set()).add(order)
        else:  # 616.2: each event on its own; an outcome is one result for each
            for combo in itertools.product(*per_event):
                gone = [s for _, _, s in combo]
                if sum(map(len, gone)) != len(frozenset().union(*gone)):
                    continue  # 614.13b: one creature sacrificed to the devour of two permanents entering at once
                key = tuple(e for k, _, _ in combo for e in k)
                outcomes.setdefault(key, set()).add(tuple(o for _, o, _ in combo))
    return {"applicable": sorted(applicable), "outcomes": {_card_shape(k, named): v for k, v in outcomes.items()},
            "made_choosers": oracle.made_choosers}


def _name_values(oracle: "ReplaceOracle", finals: list) -> list:
    """614.12: the final events of one event, each value a choice took apart, grouped: the values whose
    final events are alike but for the value, reached by the same orders, are one outcome, which names
    them (the event's `chosen`): {kind: {any_of: [values]}}, or {kind: {none_of: [...]}} when they hold
    the value named nowhere (every other value: those not listed); no `chosen` when they are every value."""
    def apart(key):
        for k, e in enumerate(key):
            d = dict(e)
            if "chosen" in d:
                return k, d
        return None, None

    if not any(apart(key)[0] is not None for key, _, _ in finals):
        return finals
    orders: dict = {}
    for key, order, gone in finals:
        orders.setdefault(key, set()).add((order, gone))
    groups: dict = {}
    for key, reached in orders.items():
        k, d = apart(key)
        if k is None:
            groups.setdefault((key, frozenset(reached), None), set())
            continue
        kind, value = d.pop("chosen")
        rest = key[:k] + (event_key(d),) + key[k + 1:]
        groups.setdefault((rest, frozenset(reached), (k, kind)), set()).add(value)
    out = []
    for (rest, reached, at), values in groups.items():
        key = rest
        if at is not None:
            k, kind = at
            named, spare = oracle.domain(kind)
            if set(values) != set(named):
                d = dict(rest[k])
                d["chosen"] = ({kind: {"none_of": sorted(set(named) - values)}} if spare in values
                               else {kind: {"any_of": sorted(values)}})
                key = rest[:k] + (event_key(d),) + rest[k + 1:]
        out += [(key, order, gone) for order, gone in reached]
    return out


def _divisions(oracle: "ReplaceOracle", events: list) -> list[dict]:
    """615.7: a shield ("prevent the next N damage") that several simultaneous damage events could use
    is divided among them by whoever chooses: every division that gives each event at most its damage
    and uses as much of the shield as the damage allows. An event a shield can't apply to (its
    conditions fail for the recipient and for any recipient a redirection could give it) gets none."""
    per_shield = []
    for eff in oracle.effects:
        if eff.rule.do not in ("shield", "redirect_shield"):
            continue
        left = eff.remaining or 0
        redirects = [e for e in oracle.effects if e.rule.do in ("redirect", "redirect_shield")]
        could = []
        for ev in events:
            if ev.type != "damage":
                could.append(False)
                continue
            recipients = [ev.target] + [(e.targets[0] if e.targets else None) if e.rule.to_target
                                        else redirected_to(e) if e.rule.do == "redirect_shield"
                                        else e.source for e in redirects]
            start = Ev("damage", ev.amount, 0, ev.target, False)
            unpreventable = eff.rule.do == "shield" and any(  # (615.12 stops a prevention, not a redirection)
                e.rule.do == "cant_be_prevented" and oracle.conditions(e, ev, start) for e in oracle.effects)
            could.append(not unpreventable and any(
                x is not None and oracle.conditions(eff, ev, Ev("damage", ev.amount, 0, x, False)) for x in recipients))
        idx = [k for k, c in enumerate(could) if c]
        # 615.11: given a fixed set of objects (Wojek Apothecary), it is a shield of that much for each
        sets = [[k for k in idx if events[k].target == o] for o in eff.affected] if eff.affected is not None else [idx]
        options = [[0] * len(events)]
        for ks in sets:
            caps = [events[k].amount for k in ks]
            total = min(left, sum(caps)) if len(ks) > 1 else left
            splits = [sp for sp in itertools.product(*[range(c + 1) for c in caps]) if sum(sp) == total] \
                if len(ks) > 1 else [(left,) * len(ks)]
            options = [[n if k not in ks else sp[ks.index(k)] for k, n in enumerate(base)] for base in options for sp in splits]
        per_shield.append((eff.id, options))
    return [dict(zip([sid for sid, _ in per_shield], combo)) for combo in itertools.product(*[o for _, o in per_shield])] or [{}]


def oracle_chooser(state, event, library=None) -> str | None:
    """Who orders the effects for this event (616.1)."""
    state, (event,), _ = _entering_cards(state, [event], library)
    return ReplaceOracle(state).chooser(event)
