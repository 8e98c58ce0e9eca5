"""The result of the layers (613): each permanent's characteristics after all effects applied in
layer order (613.1-613.4, 613.7, 613.8), the order of applications with each effect's fixed set of
objects (613.6), the dependencies found (613.8a-b) and the loops among them (613.8b), the effects on
players and on the rules in force (613.10, 613.11); and a continuous effect as the layers see it (an
instance: its timestamp, 613.7, and where it comes from, 611.2, 611.3, 613.7a, 614.1c, 707.2).
Plain data: no solver."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..protocols import ContinuousSpec, GrantedKeyword, KeywordAbility


@dataclass
class Instance:
    """A continuous effect in the layer system, with its stable id (source#ability, effects#N)."""

    id: str
    spec: ContinuousSpec
    timestamp: int
    cda: bool
    origin: str  # "static", "resolved", "entered" (614.1c, as it entered) or "granted"
    source: str | None  # the object whose ability it is (or the board's source)
    holder: str | None  # the object that must have the ability for the effect to exist
    key: str | None  # that ability, as a term
    controller: str | None  # a resolved effect's controller
    targets: tuple[str, ...] = ()
    choices: dict[str, Any] = field(default_factory=dict)
    fixed: tuple[str, ...] | None = None  # 611.2c: the set given by the board
    own_key: str | None = None  # a resolved effect's ability, as a term, when the board names its source
    text: str = ""  # the text of the ability that makes the effect


@dataclass
class LayerDependencies:
    """The dependencies found (613.8a) and the loops among them (613.8b) in the layers up to one of them, the later
    layers not applied (sequence.layer_dependencies): as LayersResult has them."""
    dependencies: list[dict[str, Any]]
    loops: list[list[str]]
    steps: int
    timed_out: bool = False


@dataclass
class LayersResult:
    objects: dict[str, dict[str, Any]]
    order: list[dict[str, Any]]
    dependencies: list[dict[str, Any]]
    loops: list[list[str]]
    steps: int
    rules: int  # ground rules, summed over the steps
    atoms: int
    timed_out: bool = False
    models_per_step: set[int] = field(default_factory=set)  # {1} for a stratified program
    in_force: list[dict[str, Any]] = field(default_factory=list)  # 613.10, 613.11
    # the printed abilities each permanent has after the layers, as (object whose card prints it,
    # 1-based index): its own, or another's that it copies (707.2); the combat rules read them
    printed_abilities: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    # each permanent's keyword abilities granted by effects, one entry per granting effect (an
    # instance each: two "have flanking" effects give two flanking triggers, 702.25b), as words
    granted_keywords: dict[str, list[str]] = field(default_factory=dict)
    # each permanent's mana value after the layers (202.3; a copy's is the copied one, 707.2; a
    # face-down permanent's is 0, 708.2)
    mana_values: dict[str, int] = field(default_factory=dict)
    # the spells on the stack, as `objects` gives the permanents ("instant and sorcery spells you
    # control have lifelink", Soulfire Grand Master: 702.15b reads the source's abilities)
    stack_objects: dict[str, dict[str, Any]] = field(default_factory=dict)
    # the same granted keywords as the abilities the effects grant (engine.vocab.effects.GrantedKeyword: the
    # keyword and its parameter), in the order of granted_keywords
    granted_keyword_abilities: dict[str, list[Any]] = field(default_factory=dict)
    # each permanent's keyword abilities after the layers (702; one a layer 6 effect removed is gone,
    # 613.1f), typed: the printed ones it has (as printed_abilities: its own, copied or another's,
    # 707.2) then the granted ones (as granted_keyword_abilities), one entry per ability; the same
    # abilities whose words `objects[...]["abilities"]` shows
    keyword_abilities: dict[str, list[KeywordAbility | GrantedKeyword]] = field(default_factory=dict)
    # each permanent's non-keyword abilities granted by effects (613.1f), as (the granting effect's id,
    # the ability's 1-based index among those the effect grants, the ability: engine.vocab.effects.
    # GrantedText), in that order: the game loop activates and triggers those with an `ability`
    granted_abilities: dict[str, list[tuple[str, int, Any]]] = field(default_factory=dict)
    # the source of the effect that grants each of granted_keyword_abilities, in that order (702.16c, 704.5m:
    # a protection with spares_source doesn't remove the Aura that grants it)
    granted_keyword_sources: dict[str, list[str | None]] = field(default_factory=dict)
    # the keyword abilities of each card in a graveyard, as keyword_abilities gives a permanent's: its printed ones
    # then those effects grant it (The Necrobloom: "Land cards in your graveyard have dredge 2"; 702.52a: dredge
    # functions there)
    graveyard_keyword_abilities: dict[str, list[KeywordAbility | GrantedKeyword]] = field(default_factory=dict)
    # the source of each effect of granted_abilities, by the effect's id (611.3a: the object whose static ability
    # it is, the Equipment of "Equipped creature has "..."": the card its name names inside the quotes, 201.5a)
    granting_sources: dict[str, str | None] = field(default_factory=dict)
    # the same of each card in a hand, a graveyard, exile or the command zone (611.3a: an effect applies to the cards its
    # selector matches there; "Creature cards you own that aren't on the battlefield have flash.", Teferi, Mage of
    # Zhalfir: 702.8a, read by the game loop as the card is cast, engine/game/granted_cards.py), and of each spell on the
    # stack (613.1f: "Each Sliver spell you cast has replicate. ...", engine/game/spell_keywords.py)
    card_keyword_abilities: dict[str, list[KeywordAbility | GrantedKeyword]] = field(default_factory=dict)
    # the cards in a hand, a library, a graveyard, exile or the command zone, as `objects` gives the permanents (611.3a:
    # "creature cards you own that aren't on the battlefield" are artifacts; the game loop's selectors read their card
    # types, subtypes, colors and abilities from here, bridge/replace/characteristics.py)
    card_objects: dict[str, dict[str, Any]] = field(default_factory=dict)

    def granted_in_force(self, state: Any, oid: str) -> list[tuple[int, Any]]:
        """The activated and triggered abilities effects grant the permanent ``oid`` (613.1f: the granted
        abilities that carry their vocabulary, engine.vocab.effects.GrantedText.ability), as (index,
        ability): numbered after its printed abilities (a game file's ``ability: N``), in the order of
        this answer; a keyword granted that is defined as a triggered ability, as that ability (702), after them. The one numbering the game loop and the combat program's triggers share."""
        granted = [g.ability for _e, _k, g in self.granted_abilities.get(oid, ()) if getattr(g, "ability", None) is not None]
        # then the keywords granted that are defined as a triggered ability (702: "Firebending 2", "dethrone": the
        # ability the keyword means, GrantedKeyword.means), in the order of granted_keyword_abilities
        granted += [m for m in (g.means for g in self.granted_keyword_abilities.get(oid, ())) if m is not None
                    and getattr(m, "kind", None) == "triggered"]
        if not granted:
            return []
        o = state.objects[oid]
        base = max([len(o.printed.abilities) if o.printed is not None else 0]
                   + [i for _h, i in self.printed_abilities.get(oid, ())])
        return list(enumerate(granted, base + 1))

    def granter(self, state: Any, oid: str, index: int) -> str | None:
        """The object whose effect grants the permanent ``oid`` the ability numbered ``index`` (as
        :meth:`granted_in_force` numbers them): the source of that effect (611.3a; the card a name inside the
        quoted ability names, 201.5a); None for an ability it doesn't get from a granted text."""
        found = [e for e, _k, g in self.granted_abilities.get(oid, ()) if getattr(g, "ability", None) is not None]
        numbered = dict(zip((i for i, _ab in self.granted_in_force(state, oid)), found))
        return self.granting_sources.get(numbered[index]) if index in numbered else None
