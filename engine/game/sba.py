"""State-based actions (704): checked on the state after the layers, all of those that apply at once,
then again until none applies (704.3). The zone changes go through the replacement program first
(614-616: Rest in Peace exiles what would go to a graveyard).

The loop performs them through ``StateBasedActions`` (at the end), with the player's choice of the
legendary permanent to keep (704.5j), after the effects whose duration is over end (611.2b).

Rule 704 is not in the French text of ../shared/seeds/000 (an older copy is in 002): the numbers
here are those of the current official rules (704.5a, 704.5c, 704.5d, 704.5f-i, 704.5m, 704.5q,
704.5v, 704.5n, and 704.5b for the draws the game loop records, 704.5j with the choice given; 704.5s, which reads the
triggered abilities waiting and the stack, in engine/game/sagas.py; 704.5y, the Roles, in engine/game/roles.py). Not
performed yet: 704.5e and 704.5k-l, 704.5p, 704.5r, 704.5t-u, 704.5w-x, 704.5z.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from bridge import SolverConfig
from bridge.layers import compute_layers
from bridge.protection import matches, parse
from bridge.replace import replace
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import LoseGame, ZoneChange
from engine.game.common import Chapter, GameError
from engine.files.library import CardLibrary, load_library, slug
from engine.vocab.cardfile import enchant_target
from engine.state.model import Characteristics, GameObject, GameState
from engine.game.triggered import Triggered, entered_triggers, event_triggers
from engine.game import actions, ascend, history, monarch, planechase, roles, sagas, schemes, soulbond, speed, tap_ops
from engine.game import ring  # 701.54 (issue 21: the Ring tempts you)

ROUNDS = 100  # a bound on repeated checks (704.3); each round removes objects or counters


@dataclass
class SbaAction:
    rule: str
    object: str  # an object id or a player
    action: str  # "loses", "destroy", "graveyard", "cease_to_exist", "counters", "unattach"
    moved_to: str | None = None  # where the object went, after replacement

    def to_dict(self) -> dict[str, Any]:
        d = {"rule": self.rule, "object": self.object, "action": self.action}
        if self.moved_to is not None:
            d["moved_to"] = self.moved_to
        return d


@dataclass
class SbaResult:
    state: GameState
    actions: list[SbaAction] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    triggers: list[Triggered] = field(default_factory=list)  # what the zone changes trigger (603.6, 603.10a)

    def to_dict(self) -> list[dict[str, Any]]:
        return [a.to_dict() for a in self.actions]


def _checks(state: GameState, layers) -> list[SbaAction]:
    """Every state-based action that applies now (704.3: they are performed at once)."""
    chars = layers.objects
    out: list[SbaAction] = []
    for p in state.players:
        if p.lost:
            continue
        # 704.7: a player who would lose for several reasons at once loses once (one event)
        reasons = [rule for rule, holds in (("704.5a", p.life <= 0),
                                            ("704.5b", p.name in state.drew_from_empty),  # since the last check
                                            ("704.5c", p.counters.get("poison", 0) >= 10)) if holds]
        if reasons:
            out.append(SbaAction(", ".join(reasons), p.name, "loses"))
    for zone in ("graveyard", "hand", "library", "exile", "stack", "command"):  # 704.5d: tokens elsewhere
        for oid in state.zone_ids(zone):
            if state.objects[oid].kind == "token":
                out.append(SbaAction("704.5d", oid, "cease_to_exist"))
    for oid in state.battlefield:
        o, c = state.objects[oid], chars.get(oid)
        if c is None:
            continue
        types = set(c["types"])
        if "creature" in types and c["toughness"] is not None:
            if c["toughness"] <= 0:
                out.append(SbaAction("704.5f", oid, "graveyard"))
                continue
            indestructible = "indestructible" in c["abilities"]  # 702.12b
            if o.damage >= c["toughness"] and not indestructible:
                out.append(SbaAction("704.5g", oid, "destroy"))
                continue
            if o.deathtouched and not indestructible:
                out.append(SbaAction("704.5h", oid, "destroy"))
                continue
        if "planeswalker" in types and o.loyalty_or_defense("loyalty") <= 0:
            out.append(SbaAction("704.5i", oid, "graveyard"))
            continue
        if "battle" in types and o.loyalty_or_defense("defense") <= 0:
            out.append(SbaAction("704.5v", oid, "graveyard"))
            continue
        aura = o.printed is not None and "Aura" in o.printed.subtypes
        if aura and (o.attached_to not in state.battlefield and o.attached_to not in state.player_names
                     or aura_illegal(state, layers, oid) is not None):
            out.append(SbaAction("704.5m", oid, "graveyard"))
            continue
        # 704.5n, 301.5c: an Equipment attached to what it can't equip (a permanent gone or no longer a
        # creature; or the Equipment is a creature itself) becomes unattached and stays on the battlefield
        if "Equipment" in c["subtypes"] and o.attached_to is not None and o.attached_to not in state.player_names and (
                o.attached_to not in state.battlefield or "creature" in types
                or "creature" not in (chars.get(o.attached_to) or {}).get("types", ())):
            out.append(SbaAction("704.5n", oid, "unattach"))
        if o.counters.get("+1/+1", 0) > 0 and o.counters.get("-1/-1", 0) > 0:
            out.append(SbaAction("704.5q", oid, "counters"))
    out += [SbaAction(rule, oid, "graveyard") for rule, oid in roles.older_roles(state, chars)]  # 704.5y (303.7a)
    return out


def aura_illegal(state: GameState, layers, oid: str) -> str | None:
    """Why the Aura ``oid``, attached to an object or player, is attached illegally (704.5m), or None:
    303.4d, an Aura attached to itself or that is also a creature; 303.4c, what its enchant ability
    (as the layers give it) doesn't allow (702.5a: the card types and controller of "Enchant [quality]");
    702.16c, a permanent with protection from a quality the Aura has. An enchant quality mtgjudge can't
    read (cardfile.enchant_target None) is not judged here: such an Aura spell can't be cast either."""
    o, chars = state.objects[oid], layers.objects
    c, at = chars.get(oid) or {}, o.attached_to
    if at == oid:
        return "it is attached to itself (303.4d)"
    if "creature" in c.get("types", ()):
        return "it is also a creature (303.4d)"
    quality = next((k.quality for k in layers.keyword_abilities.get(oid, ()) if k.keyword == "enchant"), None)
    spec = enchant_target(quality) if quality else None
    if at in state.player_names:
        return None if spec is None or spec.what == "player" else f"it enchants a player, and it has enchant {quality} (303.4c)"
    t = chars.get(at) or {}
    if spec is not None:
        types = set(t.get("types", ()))
        if spec.what == "player":
            return f"it enchants a permanent, and it has enchant {quality} (303.4c)"
        if spec.what == "creature" and "creature" not in types or \
                spec.types and not types & {x.lower() for x in spec.types}:
            return f"what it enchants is not {quality.lower()} (303.4c)"
        if spec.controller is not None and (t.get("controller") == c.get("controller")) != (spec.controller == "you"):
            return f"what it enchants is not {quality.lower()} (303.4c)"
        if spec.quality is not None and not SelectorContext(state, chars, oid, c.get("controller"), (), {},
                                                            layers.mana_values).match(spec.quality, at):
            return f"what it enchants is not {quality} (303.4c)"  # ("creature or Vehicle": 702.5a)
    # 702.16c; "This effect doesn't remove this Aura." (Black Ward): a protection the Aura's own effect grants
    # with spares_source is not met by that Aura
    kws = list(layers.keyword_abilities.get(at, ()))
    granted = layers.granted_keyword_sources.get(at, [])
    sources = [None] * (len(kws) - len(granted)) + list(granted)
    met = [k.words() for k, src in zip(kws, sources)
           if k.keyword == "protection" and matches(parse(k.quality or ""), c)
           and not (getattr(k, "spares_source", False) and src == oid)]
    return f"what it enchants has {min(met)} (702.16c)" if met else None


def _name(state: GameState, oid: str) -> str:
    o = state.objects.get(oid)
    name = (o.printed.name if o is not None and o.printed is not None and not o.face_down else None)
    return f"{name} ({oid})" if name else oid


def legend_groups(state: GameState, layers) -> list[tuple[str, str, list[str]]]:
    """704.5j: (player, name, permanents) for each player who controls two or more legendary
    permanents with the same name, in board order."""
    groups: dict[tuple[str, str], list[str]] = {}
    for oid in state.battlefield:
        c = layers.objects.get(oid)
        if c is not None and "legendary" in c["supertypes"] and c["name"] and c["controller"]:
            groups.setdefault((c["controller"], c["name"]), []).append(oid)
    return [(p, n, ids) for (p, n), ids in groups.items() if len(ids) > 1]


def state_based_actions(state: GameState, config: SolverConfig | None = None,
                        keep_legend: Callable[[str, str, list[str]], str] | None = None,
                        layers_of: Callable[[GameState], Any] | None = None,
                        choose: OutcomeChooser | None = None, library: CardLibrary | None = None) -> SbaResult:
    """Perform the state-based actions on ``state`` (changed in place) until none applies.
    ``keep_legend(player, name, ids)``: the permanent the player keeps under the legend rule
    (704.5j, a choice); without it, a legend rule to apply is an SbaChoiceNeeded. ``layers_of``:
    the characteristics of a state (the game loop's cache); default: the layers program.
    ``choose(rep, what)``: the outcome (0-based) the affected player picks when the replacement
    effects give the events several (616.1); without it, such a choice is an SbaChoiceNeeded.
    ``library``: where the tokens the replacement effects create are defined (default: the package's)."""
    result = SbaResult(state)
    for _ in range(ROUNDS):
        layers = layers_of(state) if layers_of is not None else compute_layers(state, config)
        actions = _checks(state, layers)
        for player, name, ids in legend_groups(state, layers):
            if keep_legend is None:
                raise SbaChoiceNeeded(f"704.5j: {player} controls {len(ids)} legendary permanents named {name} "
                                      f"({', '.join(ids)}) and chooses the one to keep")
            kept = keep_legend(player, name, ids)
            actions += [SbaAction("704.5j", oid, "graveyard") for oid in ids if oid != kept
                        and all(a.object != oid for a in actions)]
        for o in state.objects.values():  # 702.2b, 704.5h: "since the last time state-based actions were checked"
            o.deathtouched = False
        if not actions:
            return result
        moves = [a for a in actions if a.action in ("destroy", "graveyard")]
        events = [ZoneChange(type="zone_change", object=a.object, **{"from": "battlefield"}, to="graveyard",
                             destroy=True if a.action == "destroy" else None,
                             by_rule=True if a.action == "destroy" else None) for a in moves]
        final_to: dict[str, str | None] = {a.object: "graveyard" for a in moves}
        made: list[dict[str, Any]] = []
        umbra: dict[str, str] = {}
        if events:
            rep = replace(state, events, config, layers=layers)
            out = rep.outcomes[pick_outcome(rep, "the zone changes of the state-based actions", "704.3, 616.1", choose)]
            made = _made_tokens(state, out.events, config, layers, choose)
            happened = {e["object"]: e["to"] for e in out.events if e["type"] == "zone_change"}
            final_to = {a.object: happened.get(a.object) for a in moves}
            regenerated = {e["object"] for e in out.events if e["type"] == "regenerate"}
            umbra = {e["object"]: e["aura"] for e in out.events if e["type"] == "umbra_armor"}  # 702.89a
            used = set(out.orders[0]) if out.orders else set()
            # 603.10a: what the moves trigger, read before they happen
            result.triggers += event_triggers(state, layers, out.events)
        losses = _losses(state, [a for a in actions if a.action == "loses"], config, layers, choose)
        for a in actions:
            if a.action == "loses":
                _lose(state, a, losses[a.object], result)
            elif a.action == "cease_to_exist":
                a_name = _name(state, a.object)
                _remove(state, a.object)
                result.log.append(f"{a.rule}: the token {a_name} ceases to exist")
            elif a.action == "unattach":
                if a.object in state.battlefield:
                    state.objects[a.object].attached_to = None
                    result.log.append(f"704.5n: {_name(state, a.object)} is attached to what it can't equip: it becomes "
                                      "unattached and stays on the battlefield")
            elif a.action == "counters":
                o = state.objects[a.object]
                n = min(o.counters["+1/+1"], o.counters["-1/-1"])
                for k in ("+1/+1", "-1/-1"):
                    o.counters[k] -= n
                    if not o.counters[k]:
                        del o.counters[k]
                result.log.append(f"{a.rule}: {n} +1/+1 and {n} -1/-1 counters are removed from {_name(state, a.object)}")
            else:
                to = final_to[a.object]
                a.moved_to = to
                why = {"704.5f": "has 0 or less toughness", "704.5g": "has lethal damage", "704.5h": "was dealt damage by a source with deathtouch",
                       "704.5i": "has 0 loyalty", "704.5v": "has 0 defense", "704.5m": "is attached to nothing legal",
                       "704.5j": "is a legendary permanent its controller didn't keep (the legend rule)",
                       "704.5y": "is a Role attached to a permanent with a newer Role of its controller"}[a.rule]
                verb = "is destroyed" if a.action == "destroy" else "is put into its owner's graveyard"
                if a.object in regenerated:  # 614.8, 701.19
                    a.moved_to = None
                    _regenerate(state, a.object, used)
                    result.log.append(f"{a.rule}: {_name(state, a.object)} {why}: it would be destroyed, but it "
                                      "regenerates (614.8, 701.19): tapped, its damage removed, removed from combat")
                    continue
                if a.object in umbra:  # 702.89a: instead its damage is removed (the Aura destroyed: _umbra_armor)
                    a.moved_to = None
                    state.objects[a.object].damage, state.objects[a.object].deathtouched = 0, False
                    result.log.append(f"{a.rule}: {_name(state, a.object)} {why}: it would be destroyed, but instead its "
                                      f"damage is removed and {_name(state, umbra[a.object])} is destroyed (702.89a)")
                    continue
                if to is None:
                    result.log.append(f"{a.rule}: {_name(state, a.object)} {why}: it would be {verb.split()[-1]}, but that is replaced (614)")
                    continue
                name = _name(state, a.object)
                _move(state, a.object, to)
                where = "" if to == "graveyard" else f" (replaced: it goes to {to}, 614)"
                result.log.append(f"{a.rule}: {name} {why}: it {verb}{where}")
        _umbra_armor(state, sorted(set(umbra.values())), config, layers_of, choose, result)
        before = set(state.objects)
        for ev in made:  # 111.1: the tokens a replacement effect creates with the zone change (Kalitas)
            result.log += create_tokens(state, ev, library if library is not None else load_library())
        created = [x for x in state.battlefield if x not in before]
        if created:  # 603.6a, on the state with the tokens
            result.triggers += entered_triggers(state, layers_of(state) if layers_of is not None
                                                else compute_layers(state, config), created)
        result.actions += actions
    raise SbaChoiceNeeded(f"704.3: state-based actions still apply after {ROUNDS} checks")


def _umbra_armor(state: GameState, auras: list[str], config, layers_of, choose, result: SbaResult) -> None:
    """702.89a: "... and destroy this Aura": the Auras whose umbra armor replaced a destruction of the state-based
    actions are destroyed, an event of its own (614: replaced in turn; 702.12b: an indestructible one isn't)."""
    layers = layers_of(state) if layers_of is not None else compute_layers(state, config)
    auras = [x for x in auras if x in state.battlefield and "indestructible" not in layers.objects[x]["abilities"]]
    if not auras:
        return
    events = [ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard", destroy=True)
              for x in auras]
    rep = replace(state, events, config, layers=layers)
    out = rep.outcomes[pick_outcome(rep, "the Auras umbra armor destroys", "702.89a, 616.1", choose)]
    result.triggers += event_triggers(state, layers, out.events)  # 603.10a: read before they move
    for e in out.events:
        if e["type"] == "zone_change" and e["object"] in state.objects:
            name = _name(state, e["object"])
            _move(state, e["object"], e["to"])
            where = "" if e["to"] == "graveyard" else f" (replaced: it goes to {e['to']}, 614)"
            result.log.append(f"702.89a: {name} is destroyed (umbra armor){where}")


class SbaChoiceNeeded(RuntimeError):
    pass


OutcomeChooser = Callable[[Any, str], int]  # (the replacement program's answer, what the events are) -> outcome index


def pick_outcome(rep, what: str, rule: str, choose: OutcomeChooser | None) -> int:
    """616.1: the outcome (0-based) of the replacement effects that happens: the only one, or the
    affected player's choice through ``choose``; without a chooser, a choice is an SbaChoiceNeeded."""
    if rep.outcome_count <= 1:
        return 0
    if choose is None:
        raise SbaChoiceNeeded(f"{rule}: {what} have {rep.outcome_count} replacement outcomes; "
                              f"{rep.to_dict()['chooser']} chooses one")
    pick = choose(rep, what)
    if not 0 <= pick < len(rep.outcomes):
        raise SbaChoiceNeeded(f"{rule}: {what} have {len(rep.outcomes)} replacement outcomes, not {pick + 1}")
    return pick


def _remove(state: GameState, oid: str) -> None:
    state.take_out(oid)
    del state.objects[oid]


def _regenerate(state: GameState, oid: str, used: set[str]) -> None:
    """701.19: remove all damage from it, tap it, remove it from combat; the shield is used up."""
    o = state.objects[oid]
    o.damage, o.deathtouched, o.tapped = 0, False, True
    _leave_combat(state, oid)
    state.effects = [e for e in state.effects
                     if not (f"effects#{e.index}" in used and getattr(getattr(e.ability, "replacement", None), "do", None) == "regenerate")]


def _leave_combat(state: GameState, oid: str) -> None:
    """506.4: removed from combat; the attackers it blocked stay blocked (509.1h)."""
    c = state.combat
    if c is None:
        return
    if oid in c.blockers:
        c.blocked = tuple(sorted(set(c.blocked) | set(c.blockers[oid])))
        del c.blockers[oid]
    if oid in c.attackers:
        del c.attackers[oid]
        c.bands = tuple(tuple(x for x in b if x != oid) for b in c.bands)  # 702.22f
        c.blocked = tuple(x for x in c.blocked if x != oid)
        for b in list(c.blockers):
            c.blockers[b] = tuple(x for x in c.blockers[b] if x != oid)


def _made_tokens(state: GameState, events: list[dict[str, Any]], config, layers, choose: OutcomeChooser | None
                 ) -> list[dict[str, Any]]:
    """The token events a replacement effect adds to the zone changes ("instead exile that card and create
    a 2/2 black Zombie token", Kalitas), as they happen: the modified event now creates tokens, and the
    effects that modify token creation applied to it in turn (616.1f: Doubling Season), in the replacement
    program's outcome (bridge/replace/followon.py): not put through it again."""
    return [ev for ev in events if ev["type"] == "token"]


def new_id(state: GameState, base: str) -> str:
    """A new object's id, as the board loader makes them: the name, then _2, _3 ..."""
    if base not in state.objects:
        return base
    k = 2
    while f"{base}_{k}" in state.objects:
        k += 1
    return f"{base}_{k}"


def create_tokens(state: GameState, ev: dict[str, Any], library: CardLibrary, card=None) -> list[str]:
    """111.1: the tokens of a token event, on the battlefield under its controller, each with a new
    timestamp (613.7d); the log lines. ``card``: the token definition the effect gives (111.4), else the
    library's of the event's name."""
    card = card if card is not None else library.get(ev["token"])
    if card is None:
        raise SbaChoiceNeeded(f"111.1: the token {ev['token']!r} is not in the card library")
    lines = []
    for _ in range(ev["amount"]):
        oid = put_token(state, ev["controller"], Characteristics.of_card(card), card.name)
        article = "an" if card.name[:1].lower() in "aeiou" else "a"
        word = "" if card.name.endswith(" Token") else " token"  # 111.4: "Human Soldier Token"
        lines.append(f"111.1: {ev['controller']} creates {article} {card.name}{word} ({oid})")
    return lines


def put_token(state: GameState, player: str, printed: Characteristics, name: str, copy_of: str | None = None) -> str:
    """111.1: a token on the battlefield under the player's control, with these copiable values (and
    the copy effect that makes it a copy, 707.2), a new timestamp (613.7d); its id."""
    oid = new_id(state, slug(name))
    state.objects[oid] = GameObject(id=oid, kind="token", zone="battlefield", owner=player, controller=player,
                                    printed=printed, card_name=name, timestamp=state.next_timestamp,
                                    summoning_sick=True, copy_of=copy_of, entered_this_turn=True)
    state.next_timestamp += 1
    state.battlefield.append(oid)
    history.entered(state, state.objects[oid])  # (celebration: a nonland token entered under its controller's control)
    return oid


def _losses(state: GameState, losers: list[SbaAction], config, layers, choose: OutcomeChooser | None
            ) -> dict[str, dict[str, Any]]:
    """104.3, 704.7: each player's loss of the game, one event, through the replacement program (Lich's
    Mirror): what happens instead, by player."""
    if not losers:
        return {}
    rep = replace(state, [LoseGame(type="lose_game", player=a.object) for a in losers], config, layers=layers)
    out = rep.outcomes[pick_outcome(rep, "the losses of the game", "704.7, 616.1", choose)]
    return {e["player"]: e for e in out.events}


def _lose(state: GameState, a: SbaAction, final: dict[str, Any] | None, result: SbaResult) -> None:
    player = a.object
    if final is None or final["type"] == "lose_game":
        state.player(player).lost = True
        result.log.append(f"{a.rule}: {player} loses the game" + (" (704.7: one loss for the reasons at once)"
                                                                   if "," in a.rule else ""))
        return
    result.log.append(f"{a.rule}: {player} would lose the game; a replacement effect applies instead (614.1a"
                      + (", 704.7: one event for the reasons at once)" if "," in a.rule else ")"))
    if final["type"] == "start_over":
        _start_over(state, player, result)


def _start_over(state: GameState, player: str, result: SbaResult) -> None:
    """Lich's Mirror: "shuffle your hand, your graveyard, and all permanents you own into your library,
    then draw seven cards and your life total becomes 20". The shuffle is seeded by the turn, the
    player and the library's size (the same game always gives the same order)."""
    import random

    cards = (list(state.zone_ids("hand", player)) + list(state.zone_ids("graveyard", player))
             + [o for o in state.battlefield if state.objects[o].owner == player])
    for oid in cards:
        _move(state, oid, "library")
    library = state.player_zones.setdefault((player, "library"), [])
    library.sort()
    random.Random(f"{state.turn}:{player}:{len(library)}").shuffle(library)
    result.log.append(f"701.24: {player} shuffles {len(cards)} card(s) from their hand, graveyard and battlefield "
                      f"into their library ({len(library)} cards)")
    state.drew_from_empty.discard(player)
    drawn = library[:7]
    del library[:7]
    for oid in drawn:
        state.player_zones.setdefault((player, "hand"), []).append(oid)
        state.objects[oid].zone = "hand"
    if len(drawn) < 7:
        state.drew_from_empty.add(player)  # 704.5b, next time
    result.log.append(f"121.1: {player} draws {len(drawn)} card(s)")
    state.player(player).life = 20
    result.log.append(f"119.5: {player}'s life total becomes 20")


def _move(state: GameState, oid: str, to: str) -> None:
    """400.7: the object leaves the battlefield; it is a new object in its new zone (damage, counters,
    status and attachments are gone), removed from combat (506.4)."""
    o = state.objects[oid]
    if o.zone == "battlefield" and o.controller is not None:
        state.left_battlefield.add(o.controller)  # for Revolt ("a permanent you controlled left the battlefield")
        if to == "graveyard" and (o.face_down or (o.printed is not None and "Creature" in o.printed.types)):
            state.died.append(o.controller)  # 700.4: a creature died (its printed types: see docs/replacement.md)
        if to == "graveyard":
            state.to_graveyard += 1  # 702.69a: gravestorm counts every permanent, tokens too
    if o.unprototyped is not None:  # 718.4: off the stack and the battlefield, its normal characteristics
        o.printed, o.unprototyped = o.unprototyped, None
    if o.front_face is not None:  # 712.8: off the battlefield a double-faced card has its front face's characteristics
        (o.card_name, o.printed), o.front_face = o.front_face, None
    if to == "graveyard":
        history.put_into_graveyard(state, o)  # 700.11: descend, a permanent card put into a graveyard from anywhere
    state.take_out(oid)
    if to in ("graveyard", "hand", "library"):
        state.player_zones.setdefault((o.owner, to), []).append(oid)
    else:
        getattr(state, to).append(oid)
    o.zone, o.controller = to, None
    o.damage, o.deathtouched, o.tapped, o.summoning_sick = 0, False, False, False
    o.counters, o.attached_to, o.timestamp, o.renowned = {}, None, None, False  # (702.112b: no longer renowned)
    o.monstrous = o.saddled = False  # 701.37b: nor monstrous; 702.171b: nor saddled
    o.entered_this_turn = False
    o.dash_paid = False  # 702.109a: a new object (400.7)
    o.blitz_paid = False  # 702.152a: a new object (400.7)
    soulbond.left(state, oid)  # 702.95d: it and the creature it was paired with are unpaired
    ring.left(state, oid)  # 701.54a, 400.7: a new object, no player's Ring-bearer
    _leave_combat(state, oid)
    for other in state.objects.values():  # 301.5c, 303.4: what was attached to it is no longer attached
        if other.attached_to == oid:
            other.attached_to = None


class StateBasedActions(Chapter):
    """The state-based actions as the loop performs them (704.3, 704.5j, 611.2b)."""

    def perform_sba(self) -> bool:
        """704.3: the state-based actions that apply, all at once, until none does (and the effects
        whose duration is over end first, 611.2b); True when some were performed."""
        self.game.triggers.remember()
        self.end_effects()
        soulbond.check(self.game)  # 702.95d: the pairs that no longer hold
        ascend.check(self.game)  # 702.131b: "any time you control ten or more permanents"
        speed.check(self.game)  # 702.179: start your engines!, a player with no speed gets speed 1
        ring.check(self.game)  # 701.54a: a Ring-bearer another player gained control of; 701.54c: the first ability
        self.game.transforming.check_day_night()  # 702.145c, 702.145f: "any time"
        game = self.game
        result = state_based_actions(game.state, game.config, self.keep_legend, game.layers_of, game.events.outcome_for,
                                     game.library)
        for line in result.log:
            self.game.say(line.split(":")[0], line.split(": ", 1)[1] if ": " in line else line)
        self.game.pending += result.triggers
        self.game.state.drew_from_empty = set()
        monarch.left_game(self.game)  # 722.4: the monarch left the game
        actions.until_left(self.game)  # 610.3c: what a permanent put into a graveyard exiled "until" it left returns
        finished = sagas.sacrifice_finished(self.game)  # 704.5s (engine/game/sagas.py: it reads the stack and the triggers)
        finished = schemes.put_back(self.game) or finished  # 704.6e (engine/game/schemes.py)
        walked = planechase.phenomenon_sba(self.game)  # 704.6f: a phenomenon whose trigger has left the stack
        return bool(result.actions) or finished or walked

    def keep_legend(self, player: str, name: str, ids: list[str]) -> str:
        """704.5j: the player chooses the legendary permanent to keep."""
        act = self.game.action()
        if isinstance(act, gf.Keep) and act.by in (None, player) and act.keep in ids:
            self.game.take()
            return act.keep
        if self.game.auto:
            return ids[0]
        raise GameError(self.game.where(), f"704.5j: {player} controls {len(ids)} legendary permanents named {name} "
                                           f"({', '.join(ids)}) and keeps one", "add {keep: ID}, or use --auto")

    def source_held(self, source: str | None, you: str) -> bool:
        st = self.game.state
        return source in st.battlefield and st.objects[source].controller == you

    def end_effects(self) -> None:
        """611.2b: an effect "for as long as" ends when its condition stops (its source left the
        battlefield or changed controller; or, "remains tapped", became untapped)."""
        st = self.game.state
        ended = [e for e in st.effects if (e.duration == "while_you_control_source"
                                           and not self.source_held(e.source, e.controller))
                 or (e.duration == "while_source_on_battlefield" and e.source not in st.battlefield)
                 or (e.duration == "while_source_tapped" and not tap_ops.tapped_source(st, e.source))]
        if ended:
            st.effects = [e for e in st.effects if e not in ended]
            for k, e in enumerate(st.effects, 1):
                e.index = k
            for e in ended:
                self.game.say("611.2b", f"{e.source_card}'s effect ends: its duration is over")
