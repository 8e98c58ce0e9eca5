"""The game model: players, zones, objects with their printed characteristics, and continuous effects.

This is the state every program reads (through :mod:`bridge.facts`) and the game loop changes.
Rule numbers cite the Comprehensive Rules.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.vocab.cardfile import Ability, CardFile
from engine.vocab.mana import COLORS, cost_colors, mana_value

# 400.1: the zones. Library, hand and graveyard belong to a player; the others are shared.
ZONES = ("library", "hand", "battlefield", "graveyard", "stack", "exile", "command")
PLAYER_ZONES = ("library", "hand", "graveyard")
# 500.1: the steps of a turn, in order (the combat damage step is doubled by first strike, 510.4:
# first_strike_damage comes first then).
STEPS = ("untap", "upkeep", "draw", "precombat_main", "beginning_of_combat", "declare_attackers", "declare_blockers",
         "first_strike_damage", "combat_damage", "end_of_combat", "postcombat_main", "end", "cleanup")
MANA_LETTERS = ("W", "U", "B", "R", "G", "C")  # 106.1: the five colors and colorless
# The order objects are listed in (and default ids are given in, engine.files.loader).
DISPLAY_ORDER = ("battlefield", "stack", "hand", "graveyard", "exile", "library", "command")


@dataclass
class Player:
    name: str
    seat: int  # 0-based seat order (101.4, 102.1)
    life: int  # 119
    counters: dict[str, int] = field(default_factory=dict)  # poison and others (122.1)
    lost: bool = False  # 104.3, 704.5a-c: the player lost the game


@dataclass(frozen=True)
class Characteristics:
    """Printed (copiable) characteristics (109.3, 613.2): what layer 1 starts from."""

    name: str
    mana_cost: str | None
    mana_value: int
    colors: tuple[str, ...]
    color_indicator: tuple[str, ...] | None
    supertypes: tuple[str, ...]
    types: tuple[str, ...]
    subtypes: tuple[str, ...]
    rules_text: str
    abilities: tuple[Ability, ...]
    power: int | str | None
    toughness: int | str | None
    loyalty: int | None
    defense: int | None

    @classmethod
    def of_card(cls, card: CardFile) -> "Characteristics":
        return cls(
            name=card.name,
            mana_cost=card.mana_cost,
            mana_value=card.mana_value,
            colors=tuple(card.printed_colors),
            color_indicator=tuple(card.color_indicator) if card.color_indicator is not None else None,
            supertypes=tuple(card.supertypes),
            types=tuple(card.types),
            subtypes=tuple(card.subtypes),
            rules_text=card.oracle,
            abilities=tuple(card.abilities),
            power=card.power,
            toughness=card.toughness,
            loyalty=card.loyalty,
            defense=card.defense,
        )

    @classmethod
    def of_face(cls, face) -> "Characteristics":
        """The characteristics of an adventurer card's Adventure (715.3b *(EN)*: a spell cast as an
        Adventure has only the Adventure's characteristics)."""
        found = set(cost_colors(face.mana_cost)) | set(face.color_indicator or ())
        return cls(name=face.name, mana_cost=face.mana_cost, mana_value=mana_value(face.mana_cost),
                   colors=tuple(c for c in COLORS if c in found),
                   color_indicator=tuple(face.color_indicator) if face.color_indicator is not None else None,
                   supertypes=tuple(face.supertypes), types=tuple(face.types), subtypes=tuple(face.subtypes),
                   rules_text=face.oracle, abilities=tuple(face.abilities), power=None, toughness=None, loyalty=None,
                   defense=None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "mana_cost": self.mana_cost,
            "mana_value": self.mana_value,
            "colors": list(self.colors),
            "color_indicator": list(self.color_indicator) if self.color_indicator is not None else None,
            "supertypes": list(self.supertypes),
            "types": list(self.types),
            "subtypes": list(self.subtypes),
            "rules_text": self.rules_text,
            "abilities": [ability_dict(a) for a in self.abilities],
            "power": self.power,
            "toughness": self.toughness,
            "loyalty": self.loyalty,
            "defense": self.defense,
        }


def ability_dict(ab: Ability) -> dict[str, Any]:
    d = ab.model_dump(exclude_none=True, exclude_defaults=False)
    d["text"] = ab.display()
    d["rule"] = ab.RULE
    return d


@dataclass
class GameObject:
    """An object (109.1): a card, a token, a spell or an ability on the stack."""

    id: str
    kind: str  # "card", "token", "spell" (a card on the stack) or "ability" (113.7)
    zone: str
    owner: str
    controller: str | None  # None outside the battlefield and the stack (108.4a)
    printed: Characteristics | None  # None for an ability on the stack
    card_name: str | None = None
    timestamp: int | None = None  # 613.7
    tapped: bool = False
    summoning_sick: bool = False
    face_down: bool = False
    renowned: bool = False  # 702.112b: the renowned designation (a permanent's, until it leaves the battlefield)
    monstrous: bool = False  # 701.37b: the monstrous designation (a permanent's, until it leaves the battlefield)
    commander: bool = False  # 903.3: the commander designation (its owner's commander, in every zone)
    saddled: bool = False  # 702.171b: saddled (until end of turn or until it leaves the battlefield)
    entered_this_turn: bool = False  # it entered the battlefield this turn (as long as it entered this turn, 611.3a)
    # 702.95b-d (soulbond, the current official rules): the permanent it is paired with, and the player who controlled
    # both as they were paired (another player gaining control of either unpairs them: engine/game/soulbond.py)
    paired_with: str | None = None
    paired_under: str | None = None
    dash_paid: bool = False  # 702.109a: the permanent a spell cast for its dash cost became (until it leaves, 400.7)
    blitz_paid: bool = False  # 702.152a: the permanent a spell cast for its blitz cost became (until it leaves, 400.7)
    copy_of: str | None = None  # 614.1c, 707.2: it entered as a copy of this permanent
    damage: int = 0
    deathtouched: bool = False  # 702.2b: dealt damage by a source with deathtouch since the last SBA check
    counters: dict[str, int] = field(default_factory=dict)
    attached_to: str | None = None
    choices: dict[str, Any] = field(default_factory=dict)
    targets: tuple[str, ...] = ()
    ability_of: str | None = None  # for an ability on the stack: its source
    ability_index: int | None = None  # 1-based
    # 400.7: the times it has moved from one zone to another, each time becoming a new object: what a
    # delayed triggered ability remembers of the object it refers to (603.7c); not part of a board
    zone_changes: int = 0
    # 701.27a, 712.8: a transformed permanent's front face (its name and characteristics), which it has
    # again once it leaves the battlefield; None with its front face up (or no double-faced card)
    front_face: tuple[str, Characteristics] | None = None
    transforms: int = 0  # 701.27f: the times it has transformed (an ability of it transforms it only once)
    # 718.3b, 718.4 (prototype, the current official rules): a card cast prototyped keeps its normal characteristics
    # here, which it has again as it leaves the stack or the battlefield; None otherwise
    unprototyped: Characteristics | None = None

    @property
    def is_token(self) -> bool:
        return self.kind == "token"

    def loyalty_or_defense(self, kind: str) -> int:
        """A planeswalker's loyalty or a battle's defense: its counters, or its printed value when the
        board gives none (306.5b, 310.4b: it entered with that many)."""
        if kind in self.counters:
            return self.counters[kind]
        printed = getattr(self.printed, kind, None) if self.printed is not None else None
        try:
            return int(printed)
        except (TypeError, ValueError):
            return 0

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind,
            "zone": self.zone,
            "card": self.card_name,
            "owner": self.owner,
            "controller": self.controller,
        }
        if self.zone == "battlefield":
            d.update(
                timestamp=self.timestamp,
                tapped=self.tapped,
                summoning_sick=self.summoning_sick,
                face_down=self.face_down,
                damage=self.damage,
                counters=dict(sorted(self.counters.items())),
                attached_to=self.attached_to,
            )
            if self.copy_of is not None:
                d["copy_of"] = self.copy_of
            if self.renowned:
                d["renowned"] = True
            if self.monstrous:
                d["monstrous"] = True
            if self.commander:
                d["commander"] = True
            if self.saddled:
                d["saddled"] = True
            if self.entered_this_turn:
                d["entered_this_turn"] = True
            if self.dash_paid:
                d["dash_paid"] = True
            if self.unprototyped is not None:
                d["prototyped"] = True  # 718.3b
            if self.blitz_paid:
                d["blitz_paid"] = True
            if self.paired_with is not None:
                d["paired_with"] = self.paired_with
        if self.zone == "stack":
            d["targets"] = list(self.targets)
            if self.kind == "ability":
                d["ability_of"] = self.ability_of
                d["ability"] = self.ability_index
        if self.choices:
            d["choices"] = dict(sorted(self.choices.items()))
        return d


@dataclass
class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (611.2), with its timestamp (613.7)."""

    index: int  # 1-based position among the board's effects
    source_card: str
    ability_index: int  # 1-based index of the ability among the card's abilities
    ability: Ability
    controller: str
    targets: tuple[str, ...]
    choices: dict[str, Any]
    timestamp: int
    duration: str
    remaining: int | None
    source: str | None = None  # the object whose ability created it
    affected: tuple[str, ...] | None = None  # 611.2c: fixed when the effect began; None: not given
    source_inferred: bool = False  # the board gave no source: the one permanent of its card (engine/files/effect_source.py)

    def to_dict(self) -> dict[str, Any]:
        d = {
            "index": self.index,
            "from": self.source_card,
            "ability": self.ability_index,
            "text": self.ability.display(),
            "controller": self.controller,
            "targets": list(self.targets),
            "timestamp": self.timestamp,
            "duration": self.duration,
        }
        if self.source is not None:
            d["source"] = self.source
        if self.source_inferred:
            d["source_inferred"] = True
        if self.affected is not None:
            d["affected"] = list(self.affected)
        if self.choices:
            d["choices"] = dict(sorted(self.choices.items()))
        if self.remaining is not None:
            d["remaining"] = self.remaining
        return d


@dataclass
class CombatState:
    attackers: dict[str, str] = field(default_factory=dict)  # attacker id -> player, planeswalker or battle
    blockers: dict[str, tuple[str, ...]] = field(default_factory=dict)  # blocker id -> attacker ids
    entered_attacking: tuple[str, ...] = ()  # 508.4
    entered_blocking: tuple[str, ...] = ()  # 509.4
    bands: tuple[tuple[str, ...], ...] = ()  # attacking bands (702.22c), each a tuple of attacker ids
    # 509.1h, 506.4: attackers that became blocked stay blocked when their blockers leave combat
    blocked: tuple[str, ...] = ()
    # 510.4: the creatures that had first strike or double strike as the first combat damage step
    # began; None until that step has happened (then the next step is the second one)
    first_strikers: tuple[str, ...] | None = None

    def is_blocked(self, attacker: str) -> bool:
        return attacker in self.blocked or any(attacker in v for v in self.blockers.values())

    def blockers_of(self, attacker: str) -> list[str]:
        """The creatures blocking the attacker: declared, or through its band (702.22h)."""
        band = {attacker, *self.band_of(attacker)}
        return [b for b, lst in self.blockers.items() if band & set(lst)]

    def band_of(self, attacker: str) -> tuple[str, ...]:
        """The other members of the attacker's band (702.22h), () when it is in none."""
        for band in self.bands:
            if attacker in band:
                return tuple(x for x in band if x != attacker)
        return ()

    def to_dict(self) -> dict[str, Any]:
        d: dict[str, Any] = {
            "attackers": dict(self.attackers),
            "blockers": {k: list(v) for k, v in self.blockers.items()},
            "entered_attacking": list(self.entered_attacking),
            "entered_blocking": list(self.entered_blocking),
        }
        if self.bands:
            d["bands"] = [list(b) for b in self.bands]
        if self.blocked:
            d["blocked"] = list(self.blocked)
        if self.first_strikers is not None:
            d["first_strikers"] = list(self.first_strikers)
        return d


@dataclass
class GameState:
    players: list[Player]
    active: str
    attack_option: str = "multiple"
    objects: dict[str, GameObject] = field(default_factory=dict)
    # Ordered object ids per zone: battlefield, stack (bottom first), exile and command are shared;
    # library (top first), hand and graveyard are per player.
    battlefield: list[str] = field(default_factory=list)
    stack: list[str] = field(default_factory=list)
    exile: list[str] = field(default_factory=list)
    command: list[str] = field(default_factory=list)
    player_zones: dict[tuple[str, str], list[str]] = field(default_factory=dict)
    effects: list[ContinuousEffect] = field(default_factory=list)
    combat: CombatState | None = None
    next_timestamp: int = 1  # the next timestamp to hand out (613.7)
    source: str | None = None  # the board file it was loaded from
    turn: int = 1  # the turn number (500.1)
    step: str | None = None  # the current step (STEPS), None when the board doesn't say
    mana_pool: dict[str, dict[str, int]] = field(default_factory=dict)  # player -> letter -> amount (106.4)
    # 106.4, 500.4: of that mana, what isn't lost as steps and phases end: player -> until ("turn", "combat") -> letter ->
    # amount ("Until end of turn, you don't lose this mana as steps and phases end."; engine/game/mana.py)
    mana_kept: dict[str, dict[str, dict[str, int]]] = field(default_factory=dict)
    # 106.6: of that mana, what may be spent only to cast the spells a selector matches ("Spend this mana only to cast a
    # creature spell."): player -> [{mana: letter, amount, spells: Selector, source: id}] (engine/game/spend_only.py)
    mana_spend_only: dict[str, list[dict[str, Any]]] = field(default_factory=dict)
    lands_played: int = 0  # lands the active player played this turn (305.2)
    drew_from_empty: set[str] = field(default_factory=set)  # 704.5b: players who drew from an empty library
    # the players who controlled a permanent that left the battlefield this turn (Revolt: Fatal Push)
    left_battlefield: set[str] = field(default_factory=set)
    # the cards each player has drawn this turn (121.1: "as long as you've drawn two or more cards this turn")
    drawn: dict[str, int] = field(default_factory=dict)
    # 603.4, 502.2: the spells each player has cast this turn, and last turn (None: the board doesn't say)
    spells_cast: dict[str, int] = field(default_factory=dict)
    spells_cast_last_turn: dict[str, int] | None = None
    day_night: str | None = None  # 502.2, 702.145: "day", "night", or neither (None)
    # what happened this turn that replacement effects on a permanent entering read (issue 21, family 4):
    # the players who attacked (508.1: "if you attacked this turn"), the controllers of the creatures that
    # died, one entry for each (700.4: "if a creature died this turn"), the players who lost life (119.3)
    attacked: set[str] = field(default_factory=set)
    died: list[str] = field(default_factory=list)
    lost_life: set[str] = field(default_factory=set)
    # the players dealt damage this turn (120.3; 702.54a bloodthirst: "if an opponent was dealt damage this turn")
    dealt_damage: set[str] = field(default_factory=set)
    # the players who gained life this turn (119.3: "as long as you gained life this turn", read by the layers)
    gained_life: set[str] = field(default_factory=set)
    # issue 21, the turn's history (engine/game/history.py): the life each player gained and lost this turn in all
    # (119.9-119.10: "if you gained 3 or more life this turn"), the players who descended this turn (700.11,
    # descend: a permanent card was put into their graveyard from anywhere)
    life_gained: dict[str, int] = field(default_factory=dict)
    life_lost: dict[str, int] = field(default_factory=dict)
    descended: set[str] = field(default_factory=set)
    # the nonland permanents that entered the battlefield under each player's control this turn (celebration: "as long
    # as two or more nonland permanents entered the battlefield under your control this turn"; engine/game/history.py)
    nonland_entered: dict[str, int] = field(default_factory=dict)
    # more of the turn's record (engine/game/turn_records.py), each object as (id, zone changes), 400.7: the creatures
    # that entered under each player's control (400.7), the creatures declared as attackers (508.1a), the permanents each
    # player sacrificed (701.21a) and the noncreature spells each cast (601.2i) this turn; the objects that have dealt
    # damage (120.3: "if it hasn't dealt damage yet", kept from turn to turn)
    creatures_entered: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    attacked_with: set[tuple[str, int]] = field(default_factory=set)
    sacrificed: dict[str, int] = field(default_factory=dict)
    noncreature_cast: dict[str, int] = field(default_factory=dict)
    damage_dealers: set[tuple[str, int]] = field(default_factory=set)
    # 702.69a gravestorm: the permanents put into a graveyard from the battlefield this turn (tokens too)
    to_graveyard: int = 0
    # 702.173a (freerunning, the current official rules): the players under whose control an Assassin creature or a
    # commander dealt combat damage to a player this turn (engine/game/turn_records.py)
    freerunning: set[str] = field(default_factory=set)
    # (issue 21, round 21) the instant and sorcery spells each player cast (601.2i) and the crimes each committed (700.13,
    # the current official rules) this turn
    instant_sorcery_cast: dict[str, int] = field(default_factory=dict)
    crimes: dict[str, int] = field(default_factory=dict)
    # 702.179 (start your engines!, the current official rules): each player's speed (none: no speed, read as 0; 1 to 4,
    # 702.178: max speed), engine/game/speed.py
    speed: dict[str, int] = field(default_factory=dict)
    # 701.54c (the Ring tempts you, the current official rules): the times the Ring has tempted each player (their emblem
    # named The Ring has its first min(n, 4) abilities; a player not listed has no emblem); 701.54a: each player's
    # Ring-bearer, the permanent's id (engine/game/ring.py)
    ring_tempted: dict[str, int] = field(default_factory=dict)
    ring_bearer: dict[str, str] = field(default_factory=dict)
    # 120.3: the damage dealt to permanents this turn, (source, its zone changes, permanent, its zone changes) for each
    # source and permanent dealt damage (engine/game/damaged_by.py: "a creature dealt damage by this creature this turn")
    damaged_by: set[tuple[str, int, str, int]] = field(default_factory=set)
    # 115.1: the permanents (id, zone changes) that became targets this turn, and the controllers of the spells and
    # abilities they became targets of (engine/game/targeted.py: "for the first time each turn")
    targeted: dict[tuple[str, int], list[str]] = field(default_factory=dict)
    # 722.1 (the current official rules: the seed text stops at 702.42): the player who is the monarch, a designation
    # (None: no monarch, as a game begins, until an effect makes a player the monarch); 722.3: one at a time
    monarch: str | None = None
    # 702.131c (ascend, the current official rules): the players who have the city's blessing, a designation kept for
    # the rest of the game
    city_blessing: set[str] = field(default_factory=set)
    # 103.4: each player's starting life total (20 in a two-player game; 40 in Commander, 903.7): "half your starting
    # life total", "at least 7 life more than your starting life total"
    starting_life: int = 20
    # 904 (Archenemy, the current official rules: the seed's French text cites 904 but stops before it; its 314, 505.3
    # and 701.32): the archenemy (None: no Archenemy game), and their scheme deck, the ids of its face-down scheme
    # cards in the command zone, top first (314.2); a scheme in the command zone and not in it is face up
    # (engine/game/schemes.py)
    archenemy: str | None = None
    scheme_deck: list[str] = field(default_factory=list)
    # Planechase (901 of the current official rules; the seed's 311, 312, 701.31, 116.2i): each player's planar deck,
    # face down in the command zone (311.2, 312.2), top first (the face-up plane or phenomenon is in ``command``); the
    # times each player rolled the planar die as the special action this turn (116.2i; engine/game/planechase.py)
    planar_decks: dict[str, list[str]] = field(default_factory=dict)
    planar_rolls: dict[str, int] = field(default_factory=dict)
    # 111.4: the copiable values of the tokens effects defined by their text ("a 1/1 white Soldier creature token"),
    # by name, the last one created: a board written with an effect a token's ability created carries them, once
    # the token has ceased to exist (111.7; engine/files/boardwriter.py)
    defined_tokens: dict[str, Characteristics] = field(default_factory=dict)

    def player(self, name: str) -> Player:
        for p in self.players:
            if p.name == name:
                return p
        raise KeyError(name)

    @property
    def player_names(self) -> list[str]:
        return [p.name for p in self.players]

    def zone_ids(self, zone: str, player: str | None = None) -> list[str]:
        if zone in PLAYER_ZONES:
            if player is None:
                return [i for p in self.players for i in self.player_zones.get((p.name, zone), [])]
            return self.player_zones.get((player, zone), [])
        return getattr(self, zone)

    def next_effect_index(self) -> int:
        """The index a new effect of ``effects`` gets: one above every index in use (an effect that ended
        and was removed leaves a gap, never a repeated index: the index is the id the programs' facts and
        the 'effects#N' references name it by)."""
        return max((e.index for e in self.effects), default=0) + 1

    def take_out(self, oid: str) -> None:
        """Take the object out of whatever zone list holds it (shared or a player's); the object stays
        in ``objects`` for the caller to put somewhere else or drop. It is leaving its zone: in the
        next one it is a new object (400.7), counted by its ``zone_changes``."""
        if oid in self.objects:
            self.objects[oid].zone_changes += 1
        for zone in ("battlefield", "stack", "exile", "command"):
            ids = getattr(self, zone)
            if oid in ids:
                ids.remove(oid)
        for ids in self.player_zones.values():
            if oid in ids:
                ids.remove(oid)

    def copy(self) -> "GameState":
        """An independent copy (a hypothetical state, a state to go back to), sharing what is never
        changed in place: the objects' printed characteristics (frozen, and only ever replaced) and the
        effects' abilities (the card file's models)."""
        shared: dict[int, Any] = {id(o.printed): o.printed for o in self.objects.values() if o.printed is not None}
        shared.update((id(e.ability), e.ability) for e in self.effects)
        shared.update((id(c), c) for c in self.defined_tokens.values())
        return copy.deepcopy(self, shared)

    def permanents(self) -> list[GameObject]:
        return [self.objects[i] for i in self.battlefield]

    def to_dict(self) -> dict[str, Any]:
        zones: dict[str, Any] = {}
        for zone in ZONES:
            if zone in PLAYER_ZONES:
                zones[zone] = {p.name: list(self.player_zones.get((p.name, zone), [])) for p in self.players}
            else:
                zones[zone] = list(getattr(self, zone))
        return {
            "players": [
                {"name": p.name, "seat": p.seat + 1, "life": p.life, "counters": dict(sorted(p.counters.items())),
                 "active": p.name == self.active}
                for p in self.players
            ],
            "attack_option": self.attack_option,
            "zones": zones,
            "objects": [self.objects[i].to_dict() for i in self._ordered_ids()],
            "effects": [e.to_dict() for e in self.effects],
            "combat": self.combat.to_dict() if self.combat else None,
            **self._turn_dict(),
        }

    def _turn_dict(self) -> dict[str, Any]:
        """Where the game is (for mtgjudge play), when the board says."""
        out: dict[str, Any] = {}
        if self.step is not None or self.turn != 1:
            out["turn"] = self.turn
        if self.step is not None:
            out["step"] = self.step
        pools = {p: dict(sorted(v.items())) for p, v in sorted(self.mana_pool.items()) if v}
        if pools:
            out["mana_pool"] = pools
        return {**out, **self.history_dict()}

    def history_dict(self) -> dict[str, Any]:
        """What happened this turn, as a board says it (its keys when they aren't empty): the lands
        played, who left the battlefield, drew, cast spells, attacked, lost life or was dealt damage,
        the creatures that died, day or night, and the monarch (722.1). One writing for the state's dict and the
        board file."""
        out: dict[str, Any] = {}
        if self.lands_played:
            out["lands_played"] = self.lands_played
        if self.left_battlefield:
            out["left_battlefield_this_turn"] = sorted(self.left_battlefield)
        if any(self.drawn.values()):
            out["drawn_this_turn"] = {p: n for p, n in sorted(self.drawn.items()) if n}
        if any(self.spells_cast.values()):
            out["spells_cast_this_turn"] = {p: n for p, n in sorted(self.spells_cast.items()) if n}
        if self.spells_cast_last_turn is not None:
            out["spells_cast_last_turn"] = {p: n for p, n in sorted(self.spells_cast_last_turn.items())}
        if self.day_night is not None:
            out["day_night"] = self.day_night
        if self.attacked:
            out["attacked_this_turn"] = sorted(self.attacked)
        if self.died:
            out["died_this_turn"] = list(self.died)
        if self.lost_life:
            out["lost_life_this_turn"] = sorted(self.lost_life)
        if self.dealt_damage:
            out["dealt_damage_this_turn"] = sorted(self.dealt_damage)
        if self.gained_life:
            out["gained_life_this_turn"] = sorted(self.gained_life)
        if any(self.life_gained.values()):  # (issue 21: the turn's history)
            out["life_gained_this_turn"] = {p: n for p, n in sorted(self.life_gained.items()) if n}
        if any(self.life_lost.values()):
            out["life_lost_this_turn"] = {p: n for p, n in sorted(self.life_lost.items()) if n}
        if self.descended:
            out["descended_this_turn"] = sorted(self.descended)
        if any(self.nonland_entered.values()):
            out["nonland_entered_this_turn"] = {p: n for p, n in sorted(self.nonland_entered.items()) if n}
        out.update(self._records_dict())
        if self.monarch is not None:  # 722.1: a designation, kept from turn to turn
            out["monarch"] = self.monarch
        if self.city_blessing:  # 702.131c: a designation, kept for the rest of the game
            out["city_blessing"] = sorted(self.city_blessing)
        if self.starting_life != 20:  # 103.4
            out["starting_life"] = self.starting_life
        if self.archenemy is not None:  # 904: the archenemy and their scheme deck, top first (314.2)
            out["archenemy"] = self.archenemy
            out["scheme_deck"] = list(self.scheme_deck)
        if any(self.planar_decks.values()):  # Planechase (engine/game/planechase.py): the planar decks, top first
            out["planar_deck"] = {p: [{"card": self.objects[i].card_name, "id": i} for i in ids]
                                  for p, ids in self.planar_decks.items() if ids}
        if any(self.planar_rolls.values()):  # 116.2i: the planar die rolled as the special action this turn
            out["planar_die_rolls"] = {p: n for p, n in sorted(self.planar_rolls.items()) if n}
        return out

    def _records_dict(self) -> dict[str, Any]:
        """engine/game/turn_records.py's record, as a board says it (the objects by id; 400.7: one that is no longer the
        object it was, or no object at all, a token gone, is "-" among the creatures entered, and left out elsewhere)."""
        def now(k) -> bool:
            o = self.objects.get(k[0])
            return o is not None and o.zone_changes == k[1]
        out: dict[str, Any] = {}
        if any(self.creatures_entered.values()):
            out["creatures_entered_this_turn"] = {p: [k[0] if now(k) else "-" for k in ks]
                                                  for p, ks in sorted(self.creatures_entered.items()) if ks}
        if any(now(k) for k in self.attacked_with):
            out["attacked_with_this_turn"] = sorted({k[0] for k in self.attacked_with if now(k)})
        for name, d in (("sacrificed_this_turn", self.sacrificed), ("noncreature_cast_this_turn", self.noncreature_cast),
                        ("instant_sorcery_cast_this_turn", self.instant_sorcery_cast), ("crimes_this_turn", self.crimes)):
            if any(d.values()):
                out[name] = {p: n for p, n in sorted(d.items()) if n}
        if self.to_graveyard:  # 702.69a
            out["to_graveyard_this_turn"] = self.to_graveyard
        if any(now(k) for k in self.damage_dealers):
            out["dealt_damage_objects"] = sorted({k[0] for k in self.damage_dealers if now(k)})
        if self.speed:  # 702.179: a player's number, kept from turn to turn
            out["speed"] = dict(sorted(self.speed.items()))
        if self.ring_tempted:  # 701.54c: the emblem named The Ring, kept for the rest of the game
            out["ring_tempted"] = dict(sorted(self.ring_tempted.items()))
        if self.ring_bearer:  # 701.54a: each player's Ring-bearer
            out["ring_bearer"] = dict(sorted(self.ring_bearer.items()))
        return out

    def _ordered_ids(self) -> list[str]:
        out: list[str] = []
        for zone in DISPLAY_ORDER:
            out.extend(self.zone_ids(zone))
        return out
