"""The parts of an activation cost other than mana, {T} and loyalty (602.2b, 601.2h), for
engine/game/costs.py and mana.py: what pays each (:func:`choose`, before anything is paid: a part the
player can't pay refuses the activation, 118.3, 602.2), then paying them (:func:`pay`): sacrificing
(701.21), tapping untapped permanents (701.26), discarding (701.9; at random, 701.9b), paying life
(119.4), removing counters from the source (122.1) or putting them on it (122.6), exiling the source (701.13), milling (701.17),
returning a permanent to its owner's hand. The permanents and cards chosen come from the action
(sacrificing, tapping, discarding, returning; --auto: the first that can, in board order)."""

from __future__ import annotations

import random
from typing import Any

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files.events import LifeLoss, ZoneChange
from engine.game.common import GameError, Rejected, _name
from engine.game.library_ops import mill
from engine.game import cost_counters  # 122.1, 606.4 (issue 24)
from engine.vocab.activation import ActivationCost

FIELDS = {"sacrifice": "sacrificing", "tap": "tapping", "discard": "discarding", "return": "returning",
          "exile_cards": "exiling"}


def choose(game, oid: str, player: str, cost: ActivationCost, act, x: int | None = None,
           granter: str | None = None) -> dict[str, Any]:
    """602.2b, 601.2h: the parts of an activation cost other than mana, {T} and loyalty, with the
    permanents or cards the player pays them with, checked before anything is paid. A part the loop
    can't read is refused (601.2f); one the player can't pay refuses the activation (118.3). ``x``: the X
    announced (107.3a: "Pay X life", "Discard X cards"; X = 0 pays nothing). ``granter``: for an ability an
    effect grants (613.1f), the object whose ability grants it, which a part naming the card pays ("Sacrifice
    Blazing Torch", "Unattach Leonin Bola": CostPart.named, 201.5a; engine/game/granters.py)."""
    st = game.state
    out: dict[str, Any] = {"sacrifice": [], "tap": [], "discard": [], "return": [], "exile": [], "life": 0,
                           "remove": [], "mill": 0, "exile_cards": [], "unattach": []}
    given = {verb: list(getattr(act, field, None) or []) for verb, field in FIELDS.items()}
    ctx = SelectorContext(st, characteristics(st, game.layers()), oid, player, (), dict(st.objects[oid].choices))
    for part, rule in zip(cost.other, cost.parts):
        if rule is None:
            raise Rejected("601.2f", f"paying '{part}' is not supported yet")
        verb, n = rule.verb, (x or 0) if rule.count == "x" else rule.count
        if n == 0:  # (107.3a: X = 0)
            continue
        if verb == "pay_life":  # 119.4: only a player whose life total is at least the payment
            life = st.player(player).life
            if life < n + out["life"]:
                raise Rejected("119.4", f"{player} has {life} life: they can't pay {n + out['life']} life (118.3)")
            out["life"] += n
            continue
        if verb == "mill":  # 701.17b: not more cards than the library has
            left = len(st.zone_ids("library", player)) - out["mill"]
            if left < n:
                raise Rejected("701.17b", f"{player}'s library has {left} card(s): they can't pay '{part}'")
            out["mill"] += n
            continue
        if verb == "remove_counters":  # 122.1: the counters must be there to be removed (118.3)
            has = st.objects[oid].counters.get(rule.counter, 0) - sum(k for c, k in out["remove"] if c == rule.counter)
            if has < n:
                raise Rejected("118.3", f"{_name(st, oid)} has {has} {rule.counter} counter(s): '{part}' can't be paid")
            out["remove"].append((rule.counter, n))
            continue
        if verb == "put_counters":  # 122.6: put on the source as the cost is paid (nothing to choose)
            out.setdefault("put", []).append((rule.counter, n))
            continue
        if rule.what is not None and rule.what.self_:  # "Sacrifice this ...", "Exile this ...": the source itself
            me = granter if rule.named and granter is not None else oid  # (or, named, the granting object: 201.5a)
            if me in out["sacrifice"] + out["exile"] + out["return"] + out["discard"] + out["unattach"]:
                raise Rejected("118.3", f"{_name(st, me)} can't pay '{part}': it already pays another part")
            if st.objects[me].zone != rule.from_zone:  # 113.6k: the ability functions only there
                raise Rejected("113.6k", f"'{part}': {_name(st, me)} is not in its owner's {rule.from_zone}")
            if verb == "unattach" and st.objects[me].attached_to is None:  # 701.3d, 118.3: attached to nothing
                raise Rejected("118.3", f"{_name(st, me)} is attached to nothing: '{part}' can't be paid")
            out[verb if verb in ("exile", "return", "discard", "unattach") else "sacrifice"].append(me)
            continue
        if verb == "discard":
            able = [c for c in st.zone_ids("hand", player) if c not in out["discard"]
                    and (not rule.card_types or any(t in st.objects[c].printed.types for t in rule.card_types))]
            if rule.at_random:  # 701.9b: the player doesn't choose
                if given["discard"]:
                    raise Rejected("701.9b", f"'{part}': the cards are discarded at random, discarding can't name them")
                if len(able) < n:
                    raise Rejected("118.3", f"{player} can't pay '{part}': {len(able)} card(s) in hand")
                out["discard"] += random.Random(f"{st.turn}:{player}:{len(able)}").sample(able, n)
                continue
        elif verb == "exile_cards":  # "Exile two cards from your graveyard" (not the card whose ability it is)
            able = [c for c in st.zone_ids("graveyard", player) if c not in out["exile_cards"] and c != oid
                    and (not rule.card_types or any(t in st.objects[c].printed.types for t in rule.card_types))]
        else:  # 701.26a: a tapped permanent can't be tapped to pay a cost (nor the source whose {T} taps it);
            # the source itself may pay "Tap an untapped creature you control" (not "another"; 302.6 is about {T})
            able = [x for x in st.battlefield if x not in out[verb] and ctx.match(rule.what, x)
                    and not (verb == "tap" and (st.objects[x].tapped or x == oid and cost.tap))]
        field = FIELDS[verb]
        chosen = [x for x in given[verb] if x in able][:n] if given[verb] else []
        wrong = [x for x in given[verb] if x not in able]
        if wrong and len(chosen) < n:
            raise Rejected("601.2h", f"{_name(st, wrong[0])} can't pay '{part}'")
        if not given[verb]:
            if len(able) < n:
                raise Rejected("601.2h", f"{player} can't pay '{part}': {len(able)} of {n} available")
            if len(able) > n and not game.auto:
                raise GameError(game.where(), f"601.2h: {player} chooses what pays '{part}' for the ability of "
                                              f"{_name(st, oid)}: {', '.join(able)}",
                                f"add {field}: [ID, ...] to the action, or use --auto")
            chosen = able[:n]
        if len(chosen) < n:
            raise Rejected("601.2h", f"'{part}' needs {n}, {field} gives {len(chosen)}")
        out[verb] += chosen
        given[verb] = [x for x in given[verb] if x not in chosen]
    return out


def pay(game, oid: str, player: str, extras: dict[str, Any]) -> None:
    """601.2h: the parts :func:`choose` chose, paid (after the mana and {T}), each through the events
    the replacement program sees."""
    st = game.state
    if extras["tap"]:  # "Tap two untapped Humans you control" (701.26)
        game.say("601.2h", f"{player} taps {', '.join(_name(st, x) for x in extras['tap'])} to pay the cost")
        game.events.tap(extras["tap"])
    if extras["life"]:  # 119.4: paying life is losing it
        game.say("119.4", f"{player} pays {extras['life']} life")
        game.events.player_events([LifeLoss(type="life_loss", player=player, amount=extras["life"])])
    for x in extras.get("unattach", ()):  # 701.3d: it stays on the battlefield, equipping nothing
        game.say("701.3d", f"{player} unattaches {_name(st, x)} from {_name(st, st.objects[x].attached_to)} to pay the cost")
        st.objects[x].attached_to = None
    for kind, n in extras["remove"]:  # 122.1: one event each (engine/game/cost_counters.py)
        cost_counters.remove(game, oid, kind, n)
    for kind, n in extras.get("put", ()):  # 122.6: through the replacement program (engine/game/cost_counters.py)
        if oid in st.battlefield:
            cost_counters.put(game, oid, player, kind, n, "601.2h")
    game.events.discard(player, extras["discard"])  # "Discard a card", "Discard this card"
    if extras["exile_cards"]:  # 701.13a: from the graveyard
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "graveyard"}, to="exile")
                                  for x in extras["exile_cards"]], "701.13", "is exiled from the graveyard to pay the cost")
    if extras["mill"]:  # 701.17a
        mill(game, player, extras["mill"])
    moves = [(x, "graveyard", "701.21", "is sacrificed") for x in extras["sacrifice"]]
    moves += [(x, "exile", "701.13", "is exiled to pay the cost") for x in extras["exile"] if st.objects[x].zone == "battlefield"]
    for x in extras["exile"]:  # 113.6k: "Exile this card from your graveyard" (or hand)
        if st.objects[x].zone != "battlefield":
            game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": st.objects[x].zone}, to="exile")],
                                     "701.13", f"is exiled from its owner's {st.objects[x].zone} to pay the cost")
    moves += [(x, "hand", "400.3", "is returned to its owner's hand to pay the cost") for x in extras["return"]]
    for to, rule, what in dict.fromkeys((m[1], m[2], m[3]) for m in moves):  # through the replacement program
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to=to)
                                  for x, t, _r, _w in moves if t == to], rule, what, sacrificed=rule == "701.21")
