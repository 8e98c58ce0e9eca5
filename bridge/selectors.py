"""Selectors (engine.vocab.selector.Selector) matched against objects by their characteristics: the
one place Python evaluates a selector where the programs don't (the subjects of triggers, the
conditions of replacement effects, a cost's noun, the spells an effect names, "each creature")."""

from __future__ import annotations

import re
from typing import Any

from asp_rules.rulesdata import NON_CREATURE

from .protocols import GameState, Selector

# 702.14: 'swampwalk', 'snow forestwalk', 'nonbasic landwalk': qualities, then a land type or "land"
LANDWALK = re.compile(r"^((?:(?:snow|legendary|basic|nonbasic) )*)([a-z]+)walk$")
PROTECTION = re.compile(r"^protection from (.+)$")


def keyword_names(abilities: list[str]) -> set[str]:
    """'swampwalk' is the keyword landwalk, 'protection from red' the keyword protection: a selector
    may name the keyword or the words."""
    names = set()
    for a in abilities:
        if LANDWALK.match(a):
            names.add("landwalk")
        elif PROTECTION.match(a):
            names.add("protection")
    return names


class SelectorContext:
    """Matching a selector (engine.vocab.selector.Selector) against objects, for one rule: its source, "you",
    the targets and choices of what created it. ``chars``: each object's characteristics (after the
    layers on the battlefield), in the shape of the layers result's objects."""

    def __init__(self, state: GameState, chars: dict[str, dict[str, Any]], source: str | None, you: str | None,
                 targets: tuple[str, ...], choices: dict[str, Any], mana_values: dict[str, int] | None = None):
        """``mana_values``: each permanent's mana value after the layers (LayersResult.mana_values: a
        copy's is the copied one, a face-down permanent's 0); for an object it doesn't name, the
        mana value of its card (202.3)."""
        self.state, self.chars = state, chars
        self.source, self.you, self.targets, self.choices = source, you, targets, choices
        self.mana_values = mana_values or {}

    def mana_value(self, oid: str) -> int:
        if oid in self.mana_values:
            return self.mana_values[oid]
        o = self.state.objects[oid]
        return 0 if o.printed is None or o.face_down else o.printed.mana_value

    def match(self, sel: Selector, oid: str, chars: dict[str, Any] | None = None, mana_value: int | None = None
              ) -> bool:
        """Does ``sel`` match the object ``oid``? Every Python caller asks here (the programs evaluate
        their own). ``chars``, ``mana_value``: the characteristics it is matched with instead of
        ``self.chars``' (a spell as it is or would be cast, 601.3e, 601.3a-b: the layers don't report
        spells; bridge/replace/characteristics.py's printed_characteristics gives them)."""
        state = self.state
        c = self.chars.get(oid) if chars is None else chars
        if c is None:
            return False
        o = state.objects[oid]
        # A zone the selector names limits it; left out, the selector looks at the object where it is
        # (a spell on the stack dealing damage, a card going to a graveyard).
        if "zone" in sel.model_fields_set:
            if sel.zone == "battlefield" and o.zone != "battlefield":
                return False
            if sel.zone == "not_battlefield" and o.zone == "battlefield":
                return False
            if sel.zone not in ("battlefield", "not_battlefield", "anywhere") and o.zone != sel.zone:
                return False
        if sel.self_ and oid != self.source:
            return False
        if sel.attached and (self.source is None or state.objects[self.source].attached_to != oid):
            return False
        if sel.targets and oid not in self.targets:
            return False
        if sel.that:  # 603.2, 611.2c: the trigger's object, a set the game loop fixes as the ability resolves
            return False
        if sel.chosen_source and not _chosen(self.choices.get("source"), oid, o):
            return False  # 609.7a: not the source its controller chose (or no longer that object, 400.7)
        if getattr(sel, "paired", False) and (self.source is None or state.objects[self.source].paired_with is None
                                              or oid not in (self.source, state.objects[self.source].paired_with)):
            return False  # 702.95e: neither the source nor the creature it is paired with (none: unpaired)
        if sel.exiled_with and oid not in (self.choices.get("exiled") or ()):
            return False  # 607.2a: not one of the cards the source's linked ability exiled
        if sel.any_of and not any(self.match(s, oid, chars, mana_value) for s in sel.any_of):
            return False
        types = set(c["types"])
        if any(t.lower() not in types for t in sel.types):
            return False
        if sel.any_types and not any(t.lower() in types for t in sel.any_types):
            return False
        if any(t.lower() in types for t in sel.not_types):
            return False
        subs = set(c["subtypes"])
        every_ct = bool(c.get("all_creature_types")) and "creature" in types

        def has_sub(s: str) -> bool:
            return s in subs or (every_ct and s not in NON_CREATURE)

        if sel.subtypes and not any(has_sub(s) for s in sel.subtypes):
            return False
        if any(has_sub(s) for s in sel.not_subtypes):
            return False
        if not all(has_sub(s) for s in sel.all_subtypes):
            return False  # 205.3m: not each of them
        if sel.chosen_creature_type and not ("creature_type" in self.choices and has_sub(str(self.choices["creature_type"]))):
            return False
        if sel.not_chosen_creature_type and "creature_type" in self.choices and has_sub(str(self.choices["creature_type"])):
            return False  # "that aren't of the chosen type" (205.3m)
        supers = set(c["supertypes"])
        if any(t.lower() not in supers for t in sel.supertypes) or any(t.lower() in supers for t in sel.not_supertypes):
            return False
        colors = set(c["colors"])
        if sel.colors and not colors & set(sel.colors):
            return False
        if colors & set(sel.not_colors):
            return False
        if sel.chosen_color and self.choices.get("color") not in colors:
            return False
        if sel.chosen_name and not same_name(self.choices.get("card_name"), c.get("name")):
            return False  # 201.2a: not the name chosen for the source as it entered (614.12)
        if getattr(sel, "controlled_by_attached_controller", False) or getattr(sel, "not_attached", False):
            host = state.objects[self.source].attached_to if self.source in state.objects else None
            if host is None or getattr(sel, "not_attached", False) and oid == host or \
                    getattr(sel, "controlled_by_attached_controller", False) and \
                    (self.chars.get(host) or {}).get("controller") != c["controller"]:
                return False  # 108.4, 303.4: not controlled by the enchanted creature's controller, or that creature
        if getattr(sel, "owned_by_attached_controller", False):
            host = state.objects[self.source].attached_to if self.source in state.objects else None
            if host is None or (self.chars.get(host) or {}).get("controller") != o.owner:
                return False  # 404.1, 402.1: not the cards of the player who controls what the source is attached to
        chosen = getattr(sel, "chosen_player", None)
        if chosen is not None and (self.choices.get("player") is None or self.choices.get("player") != (
                c["controller"] if chosen == "controls" else o.owner)):
            return False  # 614.12: not controlled (owned) by the player chosen for the source as it entered
        if getattr(sel, "named_self", False) and not same_name((self.chars.get(self.source) or {}).get("name"),
                                                               c.get("name")):
            return False  # 201.2: not named as the source is
        words = set(c["abilities"]) | keyword_names(c["abilities"])
        if any(k not in words for k in sel.keywords) or any(k in words for k in sel.not_keywords):
            return False
        if sel.controller == "you" and c["controller"] != self.you:
            return False
        if sel.controller == "opponent" and (c["controller"] is None or c["controller"] == self.you):
            return False
        if sel.owner == "you" and o.owner != self.you:
            return False
        if sel.owner == "opponent" and o.owner == self.you:
            return False
        if sel.other and oid == self.source:
            return False
        if sel.token is not None and (o.kind == "token") != sel.token:
            return False
        if sel.commander and not o.commander:
            return False  # 903.3: not a commander
        if getattr(sel, "cast_from", None) == "hand" and not (o.zone == "stack" and o.choices.get("cast_from_hand")):
            return False  # 601.2a: not a spell cast from a hand
        if sel.face_down and not (o.face_down and o.zone == "battlefield"):
            return False  # 708.2: not a face-down permanent
        if sel.counter is not None and sel.counter != "any" and o.counters.get(sel.counter, 0) <= 0:
            return False
        if sel.counter == "any" and not any(n > 0 for n in o.counters.values()):  # 122.1: a counter of any kind
            return False
        mv = self.mana_value(oid) if mana_value is None else mana_value
        if sel.mana_value is not None and (mv % 2 == 0) != (sel.mana_value == "even"):
            return False
        if not compare(sel, c.get("power"), c.get("toughness"), mv):
            return False
        combat = state.combat
        attacking = combat is not None and (oid in combat.attackers or oid in combat.entered_attacking)
        blocking = combat is not None and (oid in combat.blockers or oid in combat.entered_blocking)
        if sel.attacking is not None and attacking != sel.attacking:
            return False
        if sel.blocking is not None and blocking != sel.blocking:
            return False
        if sel.enchanted_player_controls and (c["controller"] is None or c["controller"] != _enchanted(state, self.source)):
            return False  # 303.4: not controlled by the player the source enchants
        if sel.attacking_player is not None and not _attacks(state, oid, self.you, sel.attacking_player, self.source):
            return False  # 506.3, 508.1b: it doesn't attack that player
        if sel.entered_this_turn and not (o.entered_this_turn and o.zone == "battlefield"):
            return False  # 400.7: it didn't enter the battlefield this turn
        if sel.no_abilities and c["abilities"]:
            return False  # 113.1: it has an ability
        if sel.combat_with is not None and not _in_combat_with(state, oid, self.source, sel.combat_with):
            return False  # 509.1a: neither blocking nor blocked by that object
        if sel.multicolored is not None and (len(colors) >= 2) != sel.multicolored:
            return False  # 105.2
        if sel.tapped is not None and (o.tapped and o.zone == "battlefield") != sel.tapped:
            return False  # 110.5
        if sel.has_attached and not any(x.attached_to == oid and set(self.chars.get(xid, {}).get("subtypes", ()))
                                        & set(sel.has_attached) for xid, x in state.objects.items()):
            return False  # 301.5a, 303.4: an Aura (Equipment) is attached to it
        if sel.modified and not (any(n > 0 for n in o.counters.values()) or any(
                x.attached_to == oid and ("Equipment" in self.chars.get(xid, {}).get("subtypes", ()) or (
                    "Aura" in self.chars.get(xid, {}).get("subtypes", ())
                    and self.chars.get(xid, {}).get("controller") == self.chars.get(oid, {}).get("controller")))
                for xid, x in state.objects.items())):
            return False  # 700.9: modified
        if sel.attached_to is not None:  # 301.5, 303.4: attached to the source, or to what the source is attached to
            host = self.source if sel.attached_to == "self" else (
                state.objects[self.source].attached_to if self.source is not None else None)
            if host is None or o.attached_to != host:
                return False
        return True




def compare(sel: Selector, power: int | None, toughness: int | None, mana_value: int) -> bool:
    """The selector's comparisons (208.1, 202.3: "with power 2 or less", "with mana value 4 or greater") on an
    object's power, toughness (None: it has none, and no comparison on it holds) and mana value."""
    for value, low, high in ((power, getattr(sel, "power_at_least", None), getattr(sel, "power_at_most", None)),
                             (toughness, getattr(sel, "toughness_at_least", None), getattr(sel, "toughness_at_most", None)),
                             (mana_value, getattr(sel, "mana_value_at_least", None),
                              getattr(sel, "mana_value_at_most", None))):
        if (low is not None or high is not None) and value is None:
            return False
        if low is not None and value < low or high is not None and value > high:
            return False
    return True


def same_name(chosen, name) -> bool:
    """201.2a: an object has the name chosen (201.3) if that is one of its names (a split card's halves,
    "Fire // Ice", 709.4 *(EN)*: each half's name is one of the card's); no name chosen, or no name, never."""
    if not isinstance(chosen, str) or not chosen or not name:
        return False
    return chosen == name or chosen in str(name).split(" // ")


def _chosen(chosen, oid: str, o) -> bool:
    """609.7a: the object chosen as a source of damage, ``[id, zone, zone_changes]`` as it was chosen: the same object
    (400.7: it never moved since), or the permanent a chosen permanent spell became (one move, from the stack to the
    battlefield)."""
    if not chosen or chosen[0] != oid:
        return False
    _, zone, changes = chosen
    return (o.zone, o.zone_changes) == (zone, changes) or (
        zone == "stack" and o.zone == "battlefield" and o.zone_changes == changes + 1)


def _enchanted(state, source: str | None) -> str | None:
    """303.4: the player the source enchants (bridge/layers/situation.py)."""
    from .layers.situation import enchanted_player

    return enchanted_player(state, source)


def _attacks(state, oid: str, you: str, whom: str, source: str | None) -> bool:
    """506.3, 508.1b: whether the creature attacks the player ``you`` (whom: you), one of their opponents (whom:
    opponent), or the player the source enchants (whom: enchanted, 303.4); a creature attacking a planeswalker or a
    battle attacks no player (bridge/layers/situation.py)."""
    from .layers.situation import attacked_player

    player = attacked_player(state, oid)
    if whom == "enchanted":
        return player is not None and player == _enchanted(state, source)
    return player is not None and (player == you) == (whom == "you")



def _in_combat_with(state, oid: str, source: str | None, host: str) -> bool:
    """509.1a: whether the creature blocks, or is blocked by, the source (host: self) or the object the source is
    attached to (host: attached; bridge/layers/situation.py)."""
    from .layers.situation import in_combat_with

    other = source if host == "self" else (state.objects[source].attached_to if source in state.objects else None)
    return in_combat_with(state, oid, other)
