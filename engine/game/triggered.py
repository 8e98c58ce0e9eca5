"""What the events of a game trigger (603.2, 603.6, 603.10a), and the order the triggered abilities
go on the stack (603.3b).

Each trigger is checked on the events as they actually happen, after the replacement and prevention
effects (614.6): a creature that Rest in Peace exiles instead never dies, so its "dies" abilities
don't trigger, while "leaves the battlefield" abilities do (EXAMPLES.md C10). Leaves-the-battlefield
abilities look back in time (603.10a): the abilities and characteristics are those of the
permanents just before the events, the leaving ones included. Each event triggers an ability once
(119.9-119.10, 702.15e: two lifelink sources make two life-gain events, and Ajani's Pridemate
triggers twice: EXAMPLES.md E72). The trigger kinds the card files say are engine/vocab/triggers.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from bridge.layers import LayersResult, compute_layers
from bridge.replace import characteristics
from bridge.replace.entering import Entering, as_entered
from bridge.selectors import SelectorContext

from engine.vocab.cardfile import KeywordAbility
from engine.vocab.keyword_costs import stands_for
from engine.vocab.oneshot import CREATURES
from engine.vocab.selector import Selector
from engine.vocab.ring_emblem import TEXTS  # 701.54c
from engine.vocab.triggers import KEYWORD_TRIGGERS, PLANAR_EVENTS, RULES, ZoneTrigger
from engine.files import planar
from engine.game import batches, damaged_by, history, sagas, targeted

if TYPE_CHECKING:
    from engine.state.model import GameState

PLANESWALKERS = Selector(types=["Planeswalker"])  # (306.8: damage dealt to a planeswalker)


@dataclass(frozen=True)
class Triggered:
    source: str
    ability: int  # 1-based index among the source's abilities
    text: str
    object: str  # the object or player the event is about
    event: str
    rule: str
    controller: str = ""  # who controls the triggered ability (603.3a): its source's controller
    amount: int = 0  # deals_damage: how much ("that many", 603.2)
    player: str = ""  # deals_damage to a player: that player ("that player discards a card")
    # the ability itself: a delayed triggered ability (603.7), which its source doesn't have, or one a
    # permanent has as a copy (707.2: ``ability`` is then its index among the copied card's abilities)
    model: Any = field(default=None, compare=False)

    def to_dict(self) -> dict[str, Any]:
        return {"source": self.source, "ability": self.ability, "text": self.text, "object": self.object,
                "event": self.event, "rule": self.rule, "controller": self.controller}


@dataclass(frozen=True)
class RulePart:
    """A triggered ability the rules give rather than a card's text (vanishing's, the monarch's, soulbond's), the
    model of its Triggered: ``part`` names which one, ``text`` is its text as the rules word it."""
    part: str
    text: str

    def display(self) -> str:
        return self.text


@dataclass(frozen=True)
class VanishingPart(RulePart):
    """702.63a: one of vanishing's two triggered abilities (engine/game/vanishing.py resolves it): "upkeep" (remove a
    time counter) or "last" (sacrifice the permanent)."""
    kind: str = "vanishing"


UPKEEP = VanishingPart("upkeep", "At the beginning of your upkeep, if this permanent has a time counter on it, remove a "
                                 "time counter from it.")
LAST = VanishingPart("last", "When the last time counter is removed from this permanent, sacrifice it.")


@dataclass(frozen=True)
class MonarchPart(RulePart):
    """722.2 (the current official rules: the seed text stops at 702.42): one of the monarch's two inherent triggered
    abilities, the model of its Triggered (engine/game/monarch.py resolves it): "end_step" (that player draws a card)
    or "combat_damage" (the creature's controller becomes the monarch; ``controller``: that creature's controller as it
    dealt the damage, its last known information, 608.2h). They have no source (722.2: an exception to 113.8): their
    Triggered's source is MONARCH, no object's id; their controller is the player who was the monarch as they
    triggered."""
    controller: str = ""
    kind: str = "monarch"


MONARCH = "monarch"  # 722.2: the name the loop gives the source the monarch's triggered abilities don't have
MONARCH_END = MonarchPart("end_step", "At the beginning of the monarch's end step, that player draws a card.")
MONARCH_DAMAGE_TEXT = "Whenever a creature deals combat damage to the monarch, its controller becomes the monarch."


@dataclass(frozen=True)
class SpeedPart(RulePart):
    """702.179 (the current official rules): the inherent triggered ability of a player with a speed, the model of its
    Triggered (no source: SPEED; engine/game/speed.py resolves it)."""
    kind: str = "speed"


SPEED = "speed"  # the name the loop gives the source the speed ability doesn't have
SPEED_TEXT = ("Whenever one or more opponents lose life during your turn, if your speed is less than 4, increase your "
              "speed by 1. This ability triggers only once each turn.")


def speed_triggers(state: "GameState", events: list[dict[str, Any]]) -> list[Triggered]:
    """702.179, 603.2, 603.4: the active player's speed ability triggers on one or more of its opponents losing life
    (a life-loss event of more than 0, 119.3) if their speed is 1 to 3 ("This ability triggers only once each turn.":
    engine/game/trigger_limits.py, as the triggered abilities go on the stack, by its text)."""
    you = state.active
    if you is None or not 0 < state.speed.get(you, 0) < 4 or not any(
            ev.get("type") == "life_loss" and ev.get("amount", 0) > 0 and ev.get("player") not in (None, you)
            for ev in events):
        return []
    return [Triggered(SPEED, 1, SPEED_TEXT, you, "speed", "702.179, 603.2", you, model=SpeedPart("increase", SPEED_TEXT))]


@dataclass(frozen=True)
class RingPart(RulePart):
    """701.54c (the current official rules): one of the triggered abilities of a player's emblem named The Ring, the
    model of its Triggered (engine/game/ring.py resolves it): "attacks" (draw, then discard), "blocked" (the blocker's
    controller sacrifices it at end of combat), "damage" (each opponent loses 3 life). Their source is the emblem (114.4),
    no object of the board: RING; their controller is the emblem's owner."""
    kind: str = "ring"


RING = "the_ring"  # 114.4, 701.54c: the name the loop gives the emblem named The Ring, the source of its abilities
RING_TEXTS = TEXTS  # 701.54c: the four abilities of the emblem named The Ring (engine/vocab/ring_emblem.py)


def ring_bearer_of(state: "GameState", player: str) -> str | None:
    """701.54e: the player's Ring-bearer, a permanent on the battlefield with the designation (engine/game/ring.py keeps
    the designation off a permanent another player gained control of, 701.54a), or None."""
    x = state.ring_bearer.get(player)
    return x if x in state.battlefield else None


def ring_triggers(state: "GameState", events: list[dict[str, Any]]) -> list[Triggered]:
    """701.54c, 510.2, 603.2: "Whenever your Ring-bearer deals combat damage to a player, each opponent loses 3 life."
    (the fourth ability of the emblem named The Ring): each player's Ring-bearer whose combat damage to a player (as the
    damage is dealt: ``state`` before the events) isn't all prevented (603.2g); one trigger for each such event."""
    out = []
    for p in sorted(state.ring_tempted):
        x = ring_bearer_of(state, p)
        if state.ring_tempted[p] < 4 or x is None:
            continue
        for ev in events:
            if ev.get("type") == "damage" and ev.get("combat") and ev.get("amount", 0) > 0 and ev.get("source") == x \
                    and ev.get("target") in state.player_names:
                out.append(Triggered(RING, 4, RING_TEXTS[3], x, "deals_damage", "701.54c, 510.2, 603.2", p,
                                     player=ev["target"], model=RingPart("damage", RING_TEXTS[3])))
    return out


def monarch_triggers(state: "GameState", layers: LayersResult, events: list[dict[str, Any]]) -> list[Triggered]:
    """722.2, 603.2: "Whenever a creature deals combat damage to the monarch, its controller becomes the monarch": each
    creature whose combat damage to the monarch (as the damage is dealt: ``state`` before the events) isn't all prevented
    (603.2g) triggers it once; the monarch controls it."""
    out = []
    for ev in events:
        x = ev.get("source")
        if state.monarch is None or ev.get("type") != "damage" or not ev.get("combat") or ev.get("amount", 0) <= 0 \
                or ev.get("target") != state.monarch or "creature" not in layers.objects.get(x, {}).get("types", ()):
            continue
        part = MonarchPart("combat_damage", MONARCH_DAMAGE_TEXT, layers.objects[x]["controller"] or state.objects[x].owner)
        out.append(Triggered(MONARCH, 2, part.text, x, "monarch_damage", "722.2, 603.2", state.monarch, model=part))
    return out


def _zone_move(kind: str, ev: dict[str, Any]) -> bool:
    frm, to = ev.get("from"), ev.get("to")
    if kind == "dies":
        return frm == "battlefield" and to == "graveyard"  # 700.4
    if kind == "leaves_battlefield":
        return frm == "battlefield" and to != "battlefield"
    return to == "graveyard"


def _left_graveyard(state: "GameState", ev: dict[str, Any]) -> bool:
    """404.2, 603.2: does the event ``ev`` (on ``state`` before it) move a card out of a graveyard: a zone change from
    there, or a permanent entering the battlefield from there (its enter event: the card in a graveyard before it)?"""
    x = ev.get("object")
    if x not in state.objects:
        return False
    if ev.get("type") == "zone_change":
        return ev.get("from") == "graveyard" and ev.get("to") != "graveyard"
    return ev.get("type") == "enter" and state.objects[x].zone == "graveyard"


def granted_in_force(state: "GameState", layers: LayersResult, oid: str) -> list[tuple[int, Any]]:
    """The activated and triggered abilities effects grant the permanent ``oid`` (613.1f), as (index,
    ability), numbered after its printed abilities (bridge.layers.LayersResult.granted_in_force: the
    numbering the combat program's triggers use too); then the keywords granted that are activated abilities the game
    loop activates (702.107a outlast: "Other Sliver creatures you control have outlast {2}.", Enduring Sliver), each as
    the keyword (engine/game/costs.py activates it as the printed one)."""
    found = layers.granted_in_force(state, oid)
    extra = [KeywordAbility(kind="keyword", keyword=g.keyword, cost=g.cost) for g in
             layers.granted_keyword_abilities.get(oid, ()) if g.keyword in GRANTED_ACTIVATED and g.cost]
    if not extra:
        return found
    o = state.objects[oid]
    base = found[-1][0] if found else max([len(o.printed.abilities) if o.printed is not None else 0]
                                          + [i for _h, i in layers.printed_abilities.get(oid, ())])
    return found + list(enumerate(extra, base + 1))


# the keywords that are activated abilities the game loop activates on a permanent an effect grants them to (702.107a)
from engine.vocab.grant_refs import GRANTED_ACTIVATED  # noqa: E402  (702.107a)


def _sources(state: "GameState", layers: LayersResult):
    """Each triggered ability in force with a trigger of this module: (source, index, ability, you).
    On the battlefield, the abilities each permanent has after the layers (a copy has the copied
    ones, Humility removes them); in a graveyard, the printed ones that say they work there."""
    for oid in state.battlefield:
        you = layers.objects[oid]["controller"]
        for holder, index in layers.printed_abilities.get(oid, ()):
            # a keyword defined as a triggered ability (soulshift, afterlife ...) as that ability
            ab = stands_for(state.objects[holder].printed.abilities[index - 1])
            if isinstance(getattr(ab, "trigger", None), ZoneTrigger) and ab.trigger.source_zone == "battlefield":
                yield oid, index, ab, you
        for index, ab in granted_in_force(state, layers, oid):  # granted by an effect (613.1f)
            ab = stands_for(ab)
            if isinstance(getattr(ab, "trigger", None), ZoneTrigger) and ab.trigger.source_zone == "battlefield":
                yield oid, index, ab, you
    for oid, index, ab, you in planar.abilities(state):  # 311.4: a face-up plane's, in the command zone, the planar controller's
        if isinstance(getattr(ab, "trigger", None), ZoneTrigger) and ab.trigger.event not in PLANAR_EVENTS:
            yield oid, index, ab, you  # (its planar events: engine/game/planechase.py)
    for (player, zone), ids in sorted(state.player_zones.items()):
        if zone != "graveyard":
            continue
        for oid in ids:
            o = state.objects[oid]
            for index, ab in enumerate(o.printed.abilities if o.printed else (), 1):
                ab = stands_for(ab)  # a keyword defined as such a trigger (702.59a recover: keyword_rules.py)
                if isinstance(getattr(ab, "trigger", None), ZoneTrigger) and ab.trigger.source_zone == "graveyard":
                    yield oid, index, ab, o.owner


def _event_of(trig: ZoneTrigger) -> str:
    """The event of a trigger this module checks on the events as they happen: 'enters or dies' (603.2:
    one ability) is checked here as dies ('enters or leaves the battlefield': as leaves_battlefield), and as
    enters once the permanents have entered (603.6a)."""
    if trig.event == "enters" and trig.or_event == "leaves_battlefield":
        return "leaves_battlefield"  # 603.6c, 603.10a: "enters or leaves the battlefield" (one ability)
    return "dies" if trig.event == "enters" and trig.or_event == "dies" else trig.event


def _player_ok(who: str | None, you: str, p: str) -> bool:
    who = who or "you"
    return who == "any" or (who == "you") == (p == you)


def event_triggers(state: "GameState", layers: LayersResult, events: list[dict[str, Any]],
                   entered: dict | None = None) -> list[Triggered]:
    """The abilities ``events`` (final events, as they happen, simultaneous) trigger, read on ``state``
    and its layers as they are before the events (603.10a). ``entered``: a cache of the states with
    permanents entering (603.6b), for several sets of events on the same ``state`` (the outcomes of a
    replacement, many of which have the same permanents enter the same way)."""
    chars = characteristics(state, layers)
    out: list[Triggered] = []
    sources = [x for x in _sources(state, layers) if _event_of(x[2].trigger) != "enters"]
    out += _enters_triggers(state, events, entered)
    for oid, index, ab, you in sources:
        trig = ab.trigger
        event = _event_of(trig)
        ctx = SelectorContext(state, chars, oid, you, (), dict(state.objects[oid].choices))
        for ev in events:
            kind, about = ev.get("type"), None
            if event in ("dies", "leaves_battlefield", "put_into_graveyard") and kind == "zone_change":
                if _zone_move(event, ev):
                    about = ev["object"]
            elif event == "gain_life" and kind == "life_gain" and ev.get("amount", 0) > 0:
                if _player_ok(trig.player, you, ev["player"]) and not (trig.first_each_turn and history.gained_before(
                        state, events, ev)):  # "for the first time each turn" (119.9)
                    out.append(Triggered(oid, index, ab.display(), ev["player"], "gain_life", RULES["gain_life"], you,
                                         amount=ev["amount"], model=ab))  # ("that many": the life gained, 603.2)
                continue
            elif event == "loses_life" and kind == "life_loss" and ev.get("amount", 0) > 0:  # 119.3: each life-loss event
                if _player_ok(trig.player, you, ev["player"]) and not (trig.during_your_turn and state.active != you):
                    out.append(Triggered(oid, index, ab.display(), ev["player"], "loses_life", RULES["loses_life"], you,
                                         amount=ev["amount"], model=ab))
                continue
            elif event == "draws" and kind == "card_drawn":  # 121.2: one card drawn
                if _player_ok(trig.player, you, ev["player"]) and trig.nth in (None, ev["nth"]):
                    out.append(Triggered(oid, index, ab.display(), ev["player"], "draws", RULES["draws"], you, model=ab))
                continue
            elif event == "counters_removed" and kind == "counters_removed" and ev.get("amount", 0) > 0:
                if trig.kind is None or trig.kind == ev.get("kind"):
                    about = ev["object"]
            elif event == "sacrificed" and kind == "zone_change" and ev.get("sacrificed"):
                about = ev["object"]  # 701.21a: a permanent sacrificed (engine/game/events.py marks the move)
            elif event == "counters_put" and kind == "counters" and ev.get("amount", 0) > 0 and ev["object"] in state.objects:
                if getattr(trig, "chapters", None) is not None:  # 714.2b: a Saga's chapter ability (engine/game/sagas.py)
                    if ev["object"] == oid and ev.get("kind") == "lore":
                        before = state.objects[oid].counters.get("lore", 0)
                        out += _chapters(oid, index, ab, you, before, before + ev["amount"],
                                         sagas.exact(state, layers, oid))  # 702.155a: read ahead
                    continue
                if trig.kind is None or trig.kind == ev.get("kind"):  # 122.1: counters put on a permanent
                    about = ev["object"]
            elif event == "becomes_tapped" and kind == "tapped":  # 603.2e: untapped to tapped, on the battlefield
                about = ev["object"]
            elif event == "becomes_untapped" and kind == "untapped":  # 603.2e: tapped to untapped, on the battlefield
                about = ev["object"]
            elif event == "day_night" and kind == "day_night":  # 731, 603.2 (engine/game/transform.py: becomes)
                if ev.get("from") is not None and trig.becomes in (None, ev["to"]):  # (not from neither)
                    out.append(Triggered(oid, index, ab.display(), oid, event, RULES[event], you, model=ab))
                continue
            elif event == "explores" and kind == "explores":  # 701.44b (engine/game/library_ops.py)
                about = ev["object"]
            elif event == "exploits" and kind == "exploits":  # 702.110b (engine/game/exploit.py, before the sacrifice)
                about = ev["object"]
            elif event == "tapped_for_mana" and kind == "tapped_for_mana":  # 106.12a, 605.1b (engine/game/manatrig.py)
                if _player_ok(trig.player or "any", you, ev["player"]):
                    about = ev["object"]
            elif event == "deals_damage" and kind == "damage" and ev.get("amount", 0) > 0:
                if trig.combat and not ev.get("combat") or trig.to_player and ev.get("target") not in state.player_names:
                    continue
                if trig.if_not_renowned and state.objects[oid].renowned:
                    continue  # 603.4, 702.112a: "if it isn't renowned": it is, the ability doesn't trigger
                if trig.to_opponent and (ev.get("target") not in state.player_names or ev.get("target") == you):
                    continue  # (an opponent of the ability's controller, 102.2)
                if trig.to_creature and (ev.get("target") in state.player_names or not ctx.match(CREATURES, ev["target"])):
                    continue  # 120.3, 510.2: "to a creature": the permanent dealt damage, a creature as it is dealt
                if trig.to_player_or_planeswalker and ev.get("target") not in state.player_names \
                        and not ctx.match(PLANESWALKERS, ev["target"]):
                    continue  # 510.2, 306.8: "to a player or planeswalker": a planeswalker as the damage is dealt
                about = ev["source"]  # 603.2g: damage all prevented is not dealt
            elif event == "ring_tempts" and kind == "ring_tempts":  # 701.54d: the Ring tempts a player (engine/game/ring.py)
                if _player_ok(trig.player, you, ev["player"]) and not (trig.if_other_bearer and ev.get("chosen") in (None, oid)) \
                        and not (trig.bearer_chosen and ev.get("chosen") is None):  # ("you choose a creature", 701.54a)
                    out.append(Triggered(oid, index, ab.display(), ev["player"], event, RULES[event], you, model=ab))
                continue  # (603.4: "if you chose a creature other than ~": the chosen one another object than the source)
            elif event in ("scries", "surveils") and kind == event:  # 701.22a, 701.25a: a player scries or surveils
                if _player_ok(trig.player, you, ev["player"]):
                    out.append(Triggered(oid, index, ab.display(), ev["player"], event, RULES[event], you, model=ab))
                continue
            elif event == "discards" and kind == "discard" and trig.at_once:  # 701.9: "one or more cards", at once
                n = batches.discarded_at_once(ctx, trig, events, ev, lambda p: _player_ok(trig.player, you, p))
                if n:  # ("that many": the cards, engine/game/batches.py)
                    out.append(Triggered(oid, index, ab.display(), ev["player"], "discards", RULES["discards"], you,
                                         amount=n, model=ab))
                continue
            elif event == "discards" and kind == "discard":  # 701.9: one card discarded
                if _player_ok(trig.player, you, ev["player"]):
                    out.append(Triggered(oid, index, ab.display(), ev["card"], "discards", RULES["discards"], you, model=ab))
                continue
            elif event == "dealt_damage" and kind == "damage" and ev.get("amount", 0) > 0:
                if trig.combat and not ev.get("combat") or ev.get("target") in state.player_names:
                    continue
                about = ev["target"]  # 120.3, 603.2g: damage all prevented is not dealt
            elif event == "leaves_graveyard" and _left_graveyard(state, ev):  # 603.2, 404.2: a card its owner's graveyard
                if _player_ok(trig.player, you, state.objects[ev["object"]].owner):
                    about = ev["object"]
            elif event == "damage_prevented" and kind == "damage" and (ev.get("prevented") or 0) > 0:
                if ev["target"] in state.player_names and _player_ok(trig.player, you, ev["target"]):
                    out.append(Triggered(oid, index, ab.display(), ev["target"], "damage_prevented",
                                         RULES["damage_prevented"], you, model=ab))
                continue
            if about is None:
                continue
            if trig.subjects is None:
                if about != oid:
                    continue
            elif not ctx.match(trig.subjects, about):
                continue
            if getattr(trig, "damaged_by_source", False) and not damaged_by.damaged(state, oid, about):
                continue  # 120.3: "a creature dealt damage by this creature this turn" (engine/game/damaged_by.py)
            # (deals_damage: "that many", the damage dealt; counters_removed: "that much", the counters removed)
            amount = ev.get("amount", 0) if event in ("deals_damage", "counters_removed", "dealt_damage", "counters_put") else 0
            if event == "counters_put" and any((t.source, t.ability, t.object, t.event) == (oid, index, about, event)
                                               for t in out):
                continue  # "one or more counters": one event of putting counters, however many kinds (122.1)
            if event == "leaves_graveyard" and any((t.source, t.ability, t.event) == (oid, index, event) for t in out):
                continue  # "one or more cards": one trigger for the simultaneous events (603.2)
            if event == "deals_damage" and trig.one_or_more is not None and any(  # 510.2, 603.2: "one or more creatures"
                    (t.source, t.ability, t.event) == (oid, index, event)
                    and (trig.one_or_more == "once" or t.player == ev.get("target")) for t in out):
                continue  # one trigger for the combat damage step (once) or for each player dealt damage in it
            if event in ("deals_damage", "dealt_damage") and (k := batches.dealt_once(trig, out, (oid, index, event, about),
                                                                                      amount)) is not None:
                out[k] = replace(out[k], amount=out[k].amount + amount, player="")  # 700.1: one occurrence, the total
                continue
            if event in ("dies", "leaves_battlefield", "put_into_graveyard") and about == oid:
                # (its own leaving: the +1/+1 counters it had as it last existed, 603.10a: "for each +1/+1 counter
                # on this permanent", modular 702.43a)
                amount = state.objects[oid].counters.get("+1/+1", 0)
            player = ev.get("target", "") if event == "deals_damage" and ev.get("target") in state.player_names else ""
            if event == "deals_damage" and trig.to_creature:  # 603.2: the ability's "that creature", the one dealt damage
                about = ev["target"]
            out.append(Triggered(oid, index, ab.display(), about, event, RULES[event], you, amount=amount, model=ab,
                                 player=player))
    out += vanishing_triggers(state, layers, events)
    out += monarch_triggers(state, layers, events)  # 722.2
    out += ring_triggers(state, events)  # 701.54c: the fourth ability of the emblem named The Ring
    out += speed_triggers(state, events)  # 702.179: a player's speed ability (engine/game/speed.py)
    # 702.79a, 702.93a: undying and persist, on the permanents' keywords after the layers
    for ev in events:
        if ev.get("type") != "zone_change" or not _zone_move("dies", ev) or ev["object"] not in layers.objects:
            continue
        x = ev["object"]
        o = state.objects[x]
        for holder, index in layers.printed_abilities.get(x, ()):
            ab = state.objects[holder].printed.abilities[index - 1]
            kind = KEYWORD_TRIGGERS.get(getattr(ab, "keyword", None) if ab.kind == "keyword" else None)
            if kind is not None and o.counters.get(kind, 0) == 0:  # as it last existed (603.10a)
                out.append(Triggered(x, index, ab.display(), x, ab.keyword, RULES[ab.keyword],
                                     layers.objects[x]["controller"] or o.owner, model=ab))
    return sorted(out, key=lambda t: (t.source, t.ability, t.object))


def vanishing_triggers(state: "GameState", layers: LayersResult, events: list[dict[str, Any]]) -> list[Triggered]:
    """702.63a, 603.2: "When the last time counter is removed from this permanent, sacrifice it": a permanent with
    vanishing (each instance, 702.63c; after the layers, 613.1f) from which time counters were removed and that has
    none left (read after the removal: the callers remove the counters first)."""
    out = []
    for ev in events:
        x = ev.get("object")
        if ev.get("type") != "counters_removed" or ev.get("kind") != "time" or x not in state.battlefield \
                or state.objects[x].counters.get("time", 0) or not ev.get("amount", 0):
            continue
        mine = [(i, state.objects[h].printed.abilities[i - 1]) for h, i in layers.printed_abilities.get(x, ())]
        for index, ab in mine + list(granted_in_force(state, layers, x)):
            if getattr(ab, "kind", None) == "keyword" and ab.keyword == "vanishing":
                out.append(Triggered(x, index, LAST.text, x, "vanishing", "702.63a, 603.2",
                                     layers.objects[x]["controller"], model=LAST))
    return out


def target_triggers(state: "GameState", layers: LayersResult, targets: list[str], controller: str) -> list[Triggered]:
    """115.1, 603.2e: "whenever this creature becomes the target of a spell or ability [an opponent
    controls]": the permanents ``targets`` just became targets of a spell or ability ``controller``
    controls (as the spell is cast, the ability activated or put on the stack); each permanent once."""
    chars = characteristics(state, layers)
    out = []
    for oid, index, ab, you in _sources(state, layers):
        trig = ab.trigger
        if trig.event != "becomes_target" or trig.player == "opponent" and controller == you \
                or trig.player == "you" and controller != you:
            continue
        ctx = SelectorContext(state, chars, oid, you, (), dict(state.objects[oid].choices))
        for x in dict.fromkeys(targets):
            if x in state.battlefield and ((x == oid) if trig.subjects is None else ctx.match(trig.subjects, x)):
                if trig.first_each_turn and targeted.before(state, x, trig.player, you):
                    continue  # "for the first time each turn" (engine/game/targeted.py)
                out.append(Triggered(oid, index, ab.display(), x, "becomes_target", RULES["becomes_target"], you, model=ab))
    targeted.record(state, targets, controller)
    return out


def own_event_triggers(game, oid: str, event: str) -> list[Triggered]:
    """603.2: the abilities in force of the permanent ``oid`` that trigger on an event of its own the game loop
    sees happen ("When this creature transforms into ~", 701.27e; "When this creature becomes monstrous", 701.37b):
    a ZoneTrigger whose event (or or_event) is ``event``."""
    return [Triggered(oid, index, ab.display(), oid, event, RULES[event], you, model=ab)
            for x, index, ab, you in list(game.abilities_in_force())
            if x == oid and isinstance(getattr(ab, "trigger", None), ZoneTrigger)
            and event in (ab.trigger.event, ab.trigger.or_event)]


def face_up_triggers(state: "GameState", layers: LayersResult, oid: str) -> list[Triggered]:
    """603.2, 702.37e, 708.8: what the permanent ``oid`` just turned face up triggers: "When this creature is turned
    face up" (its own, which it has now that it is face up), "Whenever a permanent is turned face up" (the subjects'
    selector), "When this creature enters or is turned face up"; read on ``state`` and its ``layers`` as they are
    once it is face up."""
    chars = characteristics(state, layers)
    out = []
    for src, index, ab, you in _sources(state, layers):
        trig = ab.trigger
        if "turned_face_up" not in (trig.event, trig.or_event):
            continue
        ctx = SelectorContext(state, chars, src, you, (), dict(state.objects[src].choices))
        if (oid == src) if trig.subjects is None or trig.or_event else ctx.match(trig.subjects, oid):
            out.append(Triggered(src, index, ab.display(), oid, "turned_face_up", RULES["turned_face_up"], you, model=ab))
    return out


def entered_triggers(state: "GameState", layers: LayersResult, oids: list[str]) -> list[Triggered]:
    """603.6a: what permanents that just entered the battlefield without an enter event of their own
    trigger (tokens just created, 111.1): "when this enters", "whenever a creature enters", read on
    ``state``, where they are now, and its ``layers``."""
    return _enters_on(state, layers, oids) if oids else []


def _enters_triggers(state: "GameState", events: list[dict[str, Any]], entered: dict | None = None) -> list[Triggered]:
    """603.6a, 603.6b: "when this enters" and "whenever a creature enters", checked on the permanents as
    they are once the events have happened (entering abilities don't look back)."""
    entering = [ev for ev in events if ev.get("type") == "enter" and ev.get("object")]
    if not entering:
        return []
    key = tuple(Entering(ev["object"], ev["controller"], bool(ev.get("tapped")), tuple((ev.get("counters") or {}).items()),
                         ev.get("copy_of") or None) for ev in entering)
    if entered is None or key not in entered:
        hyp = as_entered(state, key)
        if entered is None:
            entered = {}
        entered[key] = hyp, compute_layers(hyp)
    hyp, layers = entered[key]
    # 702.33d: the permanents entering as the spells cast with their kicker were (the enter event says kicked)
    kicked = frozenset(ev["object"] for ev in entering if ev.get("kicked"))
    bargained = frozenset(ev["object"] for ev in entering if ev.get("bargained"))  # 702.166b: bargained spells
    xs = {ev["object"]: ev["x"] for ev in entering if isinstance(ev.get("x"), int)}  # 107.3m: the X each was cast with
    return _enters_on(hyp, layers, [ev["object"] for ev in entering], kicked, bargained, xs)


def _enters_on(state: "GameState", layers: LayersResult, entered: list[str],
               kicked: frozenset = frozenset(), bargained: frozenset = frozenset(), xs: dict | None = None) -> list[Triggered]:
    """The "enters" abilities of the permanents of ``state`` (where ``entered`` are on the battlefield)
    that these permanents' entering triggers (``kicked``: those of them that were kicked spells, 702.33d)."""
    chars = characteristics(state, layers)
    out = []
    for oid, index, ab, you in _sources(state, layers):
        trig = ab.trigger
        if trig.event == "counters_put":
            out += _entered_with_counters(state, chars, oid, index, ab, you, entered, layers)
        if trig.event != "enters":
            continue
        ctx = SelectorContext(state, chars, oid, you, (), dict(state.objects[oid].choices))
        for x in entered:
            if (x == oid) if trig.subjects is None else ctx.match(trig.subjects, x):
                if getattr(trig, "if_greater_pt", False) and not greater_pt(
                        _pt(layers.objects.get(x)), _pt(layers.objects.get(oid))):
                    continue  # 603.4, 702.100a: the intervening "if" is false: it doesn't trigger
                if getattr(trig, "if_has_counter", False) and not state.objects[oid].counters.get("+1/+1", 0):
                    continue  # 603.4, 702.58a: "if this permanent has a +1/+1 counter on it": it has none
                if getattr(trig, "enters_untapped", False) and state.objects[x].tapped:
                    continue  # 603.6a, 110.5: "When this land enters untapped": it entered tapped
                if getattr(trig, "if_kicked", False) and x not in kicked:
                    continue  # 603.4, 702.33d: "if it was kicked": it wasn't (as it resolves, it still was: no check)
                if getattr(trig, "if_bargained", False) and x not in bargained:
                    continue  # 603.4, 702.166b: "if it was bargained": it wasn't
                if getattr(trig, "if_x_at_least", None) is not None and (xs or {}).get(x, 0) < trig.if_x_at_least:
                    continue  # 603.4, 702.156a, 107.3m: "if X is N or more": X was less (0: not cast with X)
                # 603.2: "that player", the opponent who controls it as it enters ("a creature an opponent controls")
                whose = chars[x].get("controller", "") if (trig.subjects and trig.subjects.controller == "opponent") else ""
                out.append(Triggered(oid, index, ab.display(), x, "enters", RULES["enters"], you, model=ab, player=whose))
    return out + soulbond_triggers(state, layers, entered)  # 702.95a


def _entered_with_counters(state: "GameState", chars, oid: str, index: int, ab, you: str,
                           entered: list[str], layers: LayersResult) -> list[Triggered]:
    """122.6: a permanent given counters as it enters has them put on it: "Whenever one or more +1/+1 counters
    are put on this creature" triggers on its own entering with some (read as it has entered, like 603.6a)."""
    trig = ab.trigger
    if getattr(trig, "chapters", None) is not None:  # 714.3a, 714.2b: a Saga entering with lore counters (engine/game/sagas.py)
        return (_chapters(oid, index, ab, you, 0, state.objects[oid].counters.get("lore", 0),
                          sagas.reads_ahead(layers, oid)) if oid in entered else [])  # 702.155a: entering now
    ctx = SelectorContext(state, chars, oid, you, (), dict(state.objects[oid].choices))
    out = []
    for x in entered:
        held = state.objects[x].counters
        n = held.get(trig.kind, 0) if trig.kind is not None else sum(held.values())
        if n > 0 and ((x == oid) if trig.subjects is None else ctx.match(trig.subjects, x)):
            out.append(Triggered(oid, index, ab.display(), x, "counters_put", RULES["counters_put"], you, amount=n,
                                 model=ab))
    return out


def _chapters(oid: str, index: int, ab, you: str, before: int, after: int, exact: bool) -> list[Triggered]:
    """714.2b-c: the triggers of a Saga's chapter ability as its lore counters go from ``before`` to ``after``
    (``exact``: 702.155a, read ahead the turn it entered)."""
    return [Triggered(oid, index, ab.display(), oid, "counters_put", "714.2b, 603.2", you, amount=after - before, model=ab)
            for _n in sagas.crossed(ab, before, after, exact)]


def _pt(c: dict | None) -> tuple | None:
    return None if c is None else (c.get("power"), c.get("toughness"))


def greater_pt(theirs: tuple | None, mine: tuple | None) -> bool:
    """702.100a *(EN, current official rules)*: "if that creature's power is greater than this creature's power
    and/or that creature's toughness is greater than this creature's toughness" (the characteristics the layers
    give; 702.100c: none is greater than a noncreature's, which has no power or toughness)."""
    if theirs is None or mine is None or None in mine or None in theirs:
        return False
    return theirs[0] > mine[0] or theirs[1] > mine[1]


def apnap(state: "GameState", triggered: list[Triggered]) -> tuple[list[Triggered], dict[str, int]]:
    """603.3b: the order the triggered abilities go on the stack, bottom first: the active player's,
    then each other player's in turn order (101.4), so the last player's resolve first. Each player
    puts their own in the order they choose: here in a canonical order, and ``to_order`` says how
    many each player with more than one has to order."""
    seats = sorted(state.players, key=lambda p: p.seat)
    start = next(i for i, p in enumerate(seats) if p.name == state.active)
    order = [p.name for p in seats[start:] + seats[:start]]
    stack: list[Triggered] = []
    to_order: dict[str, int] = {}
    for p in order:
        mine = [t for t in triggered if t.controller == p]
        stack += mine
        if len(mine) > 1:
            to_order[p] = len(mine)
    return stack, to_order


# --- 702.95a soulbond (the current official rules): its two triggered abilities, resolved by engine/game/soulbond.py ---
SOULBOND_CREATURE = Selector(types=["Creature"], controller="you")


@dataclass(frozen=True)
class SoulbondPart(RulePart):
    """702.95a: one of soulbond's two triggered abilities, the model of its Triggered (resolved by engine/game/soulbond.py):
    "self" (this creature entered) or "other" (another creature its controller controls entered)."""
    kind: str = "soulbond"


SOULBOND_SELF = SoulbondPart("self", "When this creature enters, if you control both this creature and another creature and both "
                            "are unpaired, you may pair this creature with another unpaired creature you control for as "
                            "long as both remain creatures on the battlefield under your control.")
SOULBOND_OTHER = SoulbondPart("other", "Whenever another creature you control enters, if you control both that creature and this "
                              "one and both are unpaired, you may pair that creature with this creature for as long as "
                              "both remain creatures on the battlefield under your control.")


def _soulbond_instances(state, layers, oid: str) -> list[int]:
    """The indexes of the soulbond abilities the permanent has after the layers (613.1f: printed or granted)."""
    mine = [(i, state.objects[h].printed.abilities[i - 1]) for h, i in layers.printed_abilities.get(oid, ())]
    return [i for i, ab in mine + list(granted_in_force(state, layers, oid))
            if getattr(ab, "kind", None) == "keyword" and ab.keyword == "soulbond"]


def unpaired_creatures(state, ctx: SelectorContext) -> list[str]:
    """The unpaired creatures the context's player controls, in board order (the selector machinery decides)."""
    return [x for x in state.battlefield if state.objects[x].paired_with is None and ctx.match(SOULBOND_CREATURE, x)]


def soulbond_triggers(state, layers, entered: list[str]) -> list:
    """603.6a, 603.4: the soulbond abilities the permanents ``entered`` trigger, read on ``state`` (where they are now)
    and its ``layers``: a creature with soulbond that entered while its controller controls another unpaired creature,
    itself unpaired (SELF); each unpaired creature with soulbond whose controller controls an unpaired creature that
    entered (OTHER, about that creature)."""
    chars = characteristics(state, layers)
    out = []
    for oid in state.battlefield:
        indexes = _soulbond_instances(state, layers, oid)
        you = layers.objects.get(oid, {}).get("controller")
        if not indexes or you is None or state.objects[oid].paired_with is not None:
            continue
        ctx = SelectorContext(state, chars, oid, you, (), {})
        if not ctx.match(SOULBOND_CREATURE, oid):
            continue
        free = [x for x in unpaired_creatures(state, ctx) if x != oid]
        for index in indexes:
            if oid in entered and free:
                out.append(Triggered(oid, index, SOULBOND_SELF.text, oid, "enters", "702.95a, 603.6a, 603.4", you, model=SOULBOND_SELF))
            for x in entered:
                if x != oid and x in free:
                    out.append(Triggered(oid, index, SOULBOND_OTHER.text, x, "enters", "702.95a, 603.6a, 603.4", you, model=SOULBOND_OTHER))
    return out
