"""What a resolving spell or ability does to a player's library (701.17 mill, 701.22 scry, 701.23 search,
701.24 shuffle, 701.25 surveil, 401.2 looking at the top cards), to a hand revealed (701.20a, 701.9a: a card
chosen by another player, discarded), and proliferate (701.34), for engine/game/instructions.py and
resolve.py (typecycling's search, 702.29e): the choices they leave to a player come from the game
script ({arrange: ...}, {search: ...}, an activation's searching; --auto: a canonical choice), an
error naming the choice when it is missing."""

from __future__ import annotations

import random

from bridge.replace import characteristics
from bridge.selectors import SelectorContext, compare
from engine.files import gamefile as gf
from engine.files.events import Counters, ZoneChange
from engine.game import also_graveyard, attacking, look_kinds, search_quality, xvalue
from engine.game.common import GameError, _name
from engine.game.reveal_until import reveal_until
from engine.game.triggered import event_triggers
from engine.game.top_order import arrange_top, may
from engine.vocab.selector import Selector


# the operations ``follow`` does, for engine/game/instructions.py ("exile_top" with ``play``: play_exiled.py's)
OPS = frozenset({"mill", "exile_top", "scry", "surveil", "put_in_library", "explore", "proliferate", "search_library",
                 "discard_chosen", "put_from_hand", "arrange_top"})


def follow(game, op, source: str, you: str, name: str, target, who) -> None:
    """One library or hand operation of a resolving spell or ability (608.2c): ``target(k)`` the k-th target's objects
    still legal (608.2b), ``who(words)`` the players a "who" names."""
    if op.op in ("mill", "exile_top"):  # 701.17a; 701.13a: the top cards of a library exiled
        for p in who(op.who) if op.amount > 0 else ():  # (a count of 0, 608.2h: no card is milled)
            mill(game, p, op.amount, "graveyard" if op.op == "mill" else "exile")
    elif op.op in ("scry", "surveil"):  # 701.22a, 701.25a
        look_and_arrange(game, you, op.amount, "bottom" if op.op == "scry" else "graveyard", name)
    elif op.op == "put_in_library":  # 400.3: into its owner's library, on top or at the bottom
        put_in_library(game, target(op.target), op.position)
    elif op.op == "explore":  # 701.44a: the source, or the target creature you control (608.2b: if still legal)
        for x in (target(op.target) if op.what == "target" else [source]):
            explore(game, x, you, name)
    elif op.op == "proliferate":  # 701.34a
        proliferate(game, you, name)
    elif op.op == "search_library":  # 701.23a, 701.24a; 608.2h: the target's controller ("Its controller may search")
        for p in (who(op.who) if op.who != "you" else [you]):
            if op.may and not may(game, p, f"608.2d: {p} may search their library for {name}"):
                game.say("608.2d", f"{p} doesn't search their library ({name})")
                continue
            search(game, op, p, name, source, you if getattr(op, "by_you", False) else p)  # ("Search target player's library")
    elif op.op == "discard_chosen":  # 701.20a, 701.9a: a card of the revealed hand, chosen by the controller
        for p in who(op.who):
            discard_chosen(game, op, p, you, name)
    elif op.op == "put_from_hand":  # 400.3, 305.4: a card of the hand, of its controller's choice
        put_from_hand(game, op, you, name)
    else:  # arrange_top: 401.2, 401.4 (the controller orders their own library or the target player's)
        for p in (who(op.who) if op.who != "you" else [you]):
            arrange_top(game, p, op.amount, name, you)
            if op.may_shuffle and may(game, you, f"701.24a: {you} may have {p}'s library shuffled for {name}"):
                shuffle(game, p)  # 701.24a: "You may shuffle.", "You may have that player shuffle."
            if op.may_move and game.state.zone_ids("library", p) and may(
                    game, you, f"608.2d: {you} may put the top card of {p}'s library "
                               + ("into their graveyard" if op.may_move == "graveyard" else "on the bottom") + f" ({name})"):
                move_top(game, p, op.may_move)


def mill(game, player: str, n: int, to: str = "graveyard") -> None:
    """701.17a-b: the top n cards of the player's library into their graveyard, at once (as many as there are); ``to``
    exile: they are exiled (701.13a: "exiles the top card of their library", ingest 702.115a)."""
    st = game.state
    top = list(st.zone_ids("library", player))[:n]
    rule, what = ("701.17a", "is milled") if to == "graveyard" else ("701.13a", "is exiled")
    if not top:
        game.say("701.17b" if to == "graveyard" else rule, f"{player}'s library is empty: nothing {what[3:]}")
        return
    game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to=to)
                              for x in top], rule, f"{what} (from the top of {player}'s library)")


def move_top(game, player: str, where: str) -> None:
    """400.3, 401.2: the top card of the player's library into their graveyard (a zone change), or on the bottom of it."""
    library = game.state.player_zones.setdefault((player, "library"), [])
    if where == "graveyard":  # (not a mill, 701.17a: the card is put there)
        game.events.zone_changes([ZoneChange(type="zone_change", object=library[0], **{"from": "library"},
                                             to="graveyard")], "400.3", "is put into its owner's graveyard")
        return
    library.append(library.pop(0))
    game.say("401.2", f"the top card of {player}'s library is put on the bottom of it")


def look_and_arrange(game, player: str, n: int, other: str, name: str) -> None:
    """701.22a scry (``other``: bottom) and 701.25a surveil (``other``: graveyard): the player looks at the
    top n cards of their library and puts any number of them on the bottom or into their graveyard, the
    rest on top, in the order they choose ({arrange: {top: [...], bottom|graveyard: [...]}, by: PLAYER};
    --auto: all stay on top, in their order)."""
    st = game.state
    rule, verb = ("701.22a", "scries") if other == "bottom" else ("701.25a", "surveils")
    if n > 0:  # 603.2: what triggers on it ("whenever you scry"; scry 0 is no scry event, 701.22b, 701.25c)
        game.pending += event_triggers(st, game.layers(), [{"type": verb, "player": player, "amount": n}])
    library = st.player_zones.setdefault((player, "library"), [])
    seen = library[:n]
    if not seen:
        game.say(rule, f"{player} {verb} {n}: the library is empty, there is nothing to look at")
        return
    act = game.action()
    if isinstance(act, gf.Arrange) and act.by in (None, player):
        game.take()
        top, rest = list(act.arrange.get("top") or []), list(act.arrange.get(other) or [])
        wrong = set(act.arrange) - {"top", other}
        if wrong or sorted(top + rest) != sorted(seen) or len(set(top + rest)) != len(seen):
            raise GameError(game.where(), f"{rule}: {player} {verb} {n} for {name}: each of {', '.join(seen)} goes once "
                                          f"to top or {other}", "add {arrange: {top: [...], " + other + ": [...]}, by: "
                                          + player + "} naming each card looked at once")
    elif game.auto:
        top, rest = list(seen), []
    else:
        raise GameError(game.where(), f"{rule}: {player} {verb} {n} for {name}: {player} looks at "
                                      f"{', '.join(seen)} and chooses where each goes",
                        "add {arrange: {top: [...], " + other + ": [...]}, by: " + player + "}, or use --auto")
    below = library[len(seen):]
    if other == "bottom":
        library[:] = top + below + rest
        game.say(rule, f"{player} {verb} {n}: {len(top)} card(s) on top, {len(rest)} on the bottom")
    else:
        library[:] = top + below + rest  # the graveyard's go just below, then move: the order on top is kept
        game.say(rule, f"{player} {verb} {n}: {len(top)} card(s) on top, {len(rest)} into the graveyard")
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to="graveyard")
                                  for x in rest], rule, "is put into its owner's graveyard")


def _matches(game, oid: str, op, x: int | None = None) -> bool:
    """``x``: the spell's X (107.3a), of ``mana_value_at_most: x``."""
    card = game.state.objects[oid].printed
    if card is None:
        return False
    most = getattr(op, "mana_value_at_most", None)
    most = (x or 0) if most == "x" else most
    return (not op.types or bool(set(card.types) & set(op.types))) \
        and set(getattr(op, "supertypes", ())) <= set(card.supertypes) \
        and (not op.subtypes or bool(set(card.subtypes) & set(op.subtypes))) \
        and (most is None or card.mana_value <= most)


def search(game, op, player: str, name: str, source: str | None = None, searcher: str | None = None) -> None:
    """701.23a-b, 701.24a: the player searches their library for a card with the op's qualities ({search:
    ID} or {search: null}: a card of a given quality may be left unfound; --auto: the first such card from
    the top), puts it where the op says, then shuffles; ``amount``: up to that many such cards ({search: [ID,
    ...]}); ``same_name``: cards with the name of the source ("a card named ~"); ``searcher``: the player who searches
    ``player``'s library and chooses (the spell's controller: "Search target player's library ...")."""
    searcher = searcher or player
    st = game.state
    library = st.player_zones.setdefault((player, "library"), [])
    x_value = xvalue.announced(game, source) if source is not None else 0  # 107.3a: the spell's or ability's X
    able = search_quality.matching(game, op, [x for x in library if _matches(game, x, op, x_value)], player, source)
    if getattr(op, "also_graveyard", False):  # 404.2: "search your library and/or graveyard"
        able += [x for x in st.player_zones.get((player, "graveyard"), []) if _matches(game, x, op, x_value)]
    if getattr(op, "same_name", False):
        own = st.objects[source].card_name if source in st.objects else None
        able = [x for x in able if st.objects[x].card_name == own]
    if getattr(op, "named", None):  # 201.2: "a card named Chandra, Bold Pyromancer"
        able = [x for x in able if st.objects[x].card_name == op.named]
    n = len(able) if getattr(op, "any_number", False) else getattr(op, "amount", 1)  # (701.23a: any number of them)
    act = game.action()
    if isinstance(act, gf.Search) and act.by in (None, searcher):
        game.take()
        picked = [] if act.search is None else [act.search] if isinstance(act.search, str) else list(act.search)
        wrong = [x for x in picked if x not in able]
        if wrong or len(set(picked)) != len(picked) or len(picked) > n:
            raise GameError(game.where(), f"701.23a: {', '.join(_name(st, x) for x in wrong) or picked} can't be what "
                                          f"{player} finds for {name} (up to {n} of them)",
                            "name " + ("up to " + str(n) + " " if n > 1 else "one ") + "of " + (", ".join(able) or
                                                                                               "no card: null"))
        if len(picked) < search_quality.least(op, n, able):  # 701.23d: a quantity of cards, no quality
            raise GameError(game.where(), f"701.23d: {player} searches their library for {name}, a quantity of cards: "
                                          f"{search_quality.least(op, n, able)} must be found", "name that many of "
                            + ", ".join(able))
    elif game.auto:
        picked = able[:n]
    else:
        raise GameError(game.where(), f"701.23a: {player} searches their library for {name}: the card found among "
                                      + (", ".join(able) or "none"), "add {search: ID, by: " + searcher + "} (or {search: "
                                      "null}" + (", or {search: [ID, ...]} up to " + str(n) if n > 1 else "")
                                      + "), or use --auto")
    if not picked:
        game.say("701.23b", f"{searcher} searches {player}'s library and finds no card")
        shuffle(game, player)
        return
    if getattr(op, "also_graveyard", False):  # 701.23a, 404.2: library and/or graveyard (also_graveyard.py)
        if also_graveyard.found(game, op, player, picked):
            shuffle(game, player)  # 701.24a: "If you search your library this way, shuffle."
        return
    game.say("701.23a", f"{searcher} finds {', '.join(_name(st, x) for x in picked)}"
                        + (f" in {player}'s library" if searcher != player else "")
                        + (" and reveals " + ("it" if len(picked) == 1 else "them") if op.reveal else ""))
    if op.to == "top":  # "then shuffle and put that card on top"
        for x in picked:
            library.remove(x)
        shuffle(game, player)
        library[:0] = picked
        game.say("401.2", f"{player} puts {', '.join(_name(st, x) for x in picked)} on top of their library")
        return
    split = getattr(op, "split", False)  # 701.23a: "put one onto the battlefield tapped and the other into your hand"
    if op.to == "battlefield":
        for x in picked[:1] if split else picked:
            game.events.enter(x, searcher, "library", tapped=op.tapped)  # ("under your control": the searcher's)
    if op.to == "exile":  # "exile them" (406.1)
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to="exile")
                                  for x in picked], "701.23a", "is exiled")
    if op.to == "graveyard":  # "put that card into your graveyard" (400.3)
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to="graveyard")
                                  for x in picked], "701.23a", f"is put into {player}'s graveyard")
    if op.to == "hand" or split and picked[1:]:
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to="hand")
                                  for x in (picked[1:] if split else picked)], "701.23a", f"is put into {player}'s hand")
    shuffle(game, player)


def typecycling_search(game, ab, player: str) -> None:
    """702.29e, 701.23: the player searches their library for a [type] card (the activation's
    searching; --auto: the first from the top; none may be found, 701.23b), reveals it, puts it into
    their hand, then shuffles (701.24a)."""
    st = game.state
    library = st.zone_ids("library", player)
    able = [x for x in library if st.objects[x].printed is not None and ab.matches(st.objects[x].printed)]
    found = ab.found
    if found is not None and found not in able:
        raise GameError(game.where(), f"702.29e: {_name(st, found)} is not a {ab.quality} card in {player}'s "
                                           f"library: {', '.join(able) or 'there is none'}", "name one of them")
    if found is None and able:
        if not game.auto and len(able) > 1:
            raise GameError(game.where(), f"701.23: {player} searches their library for a {ab.quality} card: "
                                               f"{', '.join(able)}", "add searching: ID to the activation, or use --auto")
        found = able[0]
    if found is None:
        game.say("701.23b", f"{player} searches their library and finds no {ab.quality} card")
    else:
        game.say("701.23", f"{player} reveals {_name(st, found)} from their library")
        game.events.zone_changes([ZoneChange(type="zone_change", object=found, **{"from": "library"}, to="hand")],
                                      "702.29e", "is put into its owner's hand")
    shuffle(game, player)


def shuffle(game, player: str) -> None:
    """701.24a: the player's library in a random order, seeded by the turn (a game file plays the same
    game each time)."""
    st = game.state
    library = st.player_zones.setdefault((player, "library"), [])
    random.Random(f"{st.turn}:{player}:{len(library)}").shuffle(library)
    game.say("701.24a", f"{player} shuffles their library")


def proliferate(game, player: str, name: str) -> None:
    """701.34a: the player chooses any number of the permanents and players that have a counter
    ({proliferate: [...], by: PLAYER}; --auto: all of them); each gets one more counter of each kind it
    has, at once (one counters event each, through the replacement program)."""
    st = game.state
    able = [p for p in game.players_from(st.active) if any(st.player(p).counters.values())] + \
        [x for x in st.battlefield if any(st.objects[x].counters.values())]
    act = game.action()
    if isinstance(act, gf.ProliferateChoice) and act.by in (None, player):
        game.take()
        wrong = [x for x in act.proliferate if x not in able]
        if wrong or len(set(act.proliferate)) != len(act.proliferate):
            raise GameError(game.where(), f"701.34a: {', '.join(wrong) or 'a repeated choice'} can't be chosen as "
                                          f"{player} proliferates for {name}", "name each at most once among "
                                          + (", ".join(able) or "none: []"))
        chosen = list(act.proliferate)
    elif game.auto or not able:
        chosen = able
    else:
        raise GameError(game.where(), f"701.34a: {player} proliferates for {name}: any number of "
                                      + ", ".join(able), "add {proliferate: [...], by: " + player + "}, or use --auto")
    game.say("701.34a", f"{player} proliferates: " + (", ".join(_name(st, x) if x in st.objects else x for x in chosen)
                                                      or "nothing chosen"))
    events = []
    for x in chosen:
        held = st.player(x).counters if x in st.player_names else st.objects[x].counters
        events += [Counters(type="counters", object=x, kind=k, amount=1) for k, n in held.items() if n > 0]
    if events:
        game.events.counters(events)


def explore(game, source: str, you: str, name: str) -> None:
    """701.44a: the permanent explores (_explore); 701.44b: it has explored once that is done, even if some of it was
    impossible: what that triggers ("Whenever a creature you control explores", ZoneTrigger explores; the explorer
    as it is then, on the battlefield)."""
    _explore(game, source, you, name)
    st = game.state
    if source in st.battlefield:
        game.pending += event_triggers(st, game.layers(), [{"type": "explores", "object": source}])


def _explore(game, source: str, you: str, name: str) -> None:
    """701.44a: the permanent explores: its controller reveals the top card of their library; a land card
    goes to their hand; otherwise a +1/+1 counter goes on the permanent (if it is still on the
    battlefield) and the player may put the revealed card into their graveyard ({may: true} or {may:
    false}, by: PLAYER; --auto: it stays on top)."""
    st = game.state
    library = st.zone_ids("library", you)
    if not library:
        game.say("701.44a", f"{_name(st, source)} explores: {you}'s library is empty, nothing is revealed")
        return
    top = library[0]
    card = st.objects[top].printed
    game.say("701.44a", f"{_name(st, source)} explores: {you} reveals {_name(st, top)}")
    if card is not None and "Land" in card.types:
        game.events.zone_changes([ZoneChange(type="zone_change", object=top, **{"from": "library"}, to="hand")],
                                 "701.44a", f"is put into {you}'s hand (a land card)")
        return
    if source in st.battlefield:
        game.events.counters([Counters(type="counters", object=source, kind="+1/+1", amount=1)])
    act = game.action()
    if isinstance(act, gf.MayAnswer) and act.by in (None, you):
        game.take()
        yes = act.may
    elif game.auto:
        yes = False
    else:
        raise GameError(game.where(), f"701.44a: {you} may put {_name(st, top)}, revealed as {name} explores, into "
                                      "their graveyard", "add {may: true, by: " + you + "} (graveyard) or {may: false, "
                                      "by: " + you + "} (it stays on top), or use --auto")
    if yes:
        game.events.zone_changes([ZoneChange(type="zone_change", object=top, **{"from": "library"}, to="graveyard")],
                                 "701.44a", "is put into its owner's graveyard")
    else:
        game.say("701.44a", f"{_name(st, top)} stays on top of {you}'s library")


def put_in_library(game, objects: list[str], position: str) -> None:
    """400.3: the permanents (or cards in a graveyard) go to their owner's library, on top or at the bottom,
    through the replacement program (a zone change; the last moved ends on top)."""
    st = game.state
    what = [x for x in objects if x in st.battlefield or x in st.objects and st.objects[x].zone == "graveyard"]
    if not what:
        return
    game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": st.objects[x].zone}, to="library")
                              for x in what], "400.3", f"is put on {'top' if position == 'top' else 'the bottom'} of its "
                                                       "owner's library")
    for x in what:  # a move to a library puts it at the bottom: on top, it goes first
        o = st.objects.get(x)
        library = st.player_zones.get((o.owner, "library"), []) if o is not None else []
        if position == "top" and x in library:
            library.remove(x)
            library.insert(0, x)


def look_at_top(game, op, player: str, name: str, source: str | None = None) -> list[str]:
    """401.2, 401.4, 701.20a: the player looks at the top ``op.amount`` cards of their library (as many as
    there are), puts ``op.take`` of them with the op's qualities into their hand (``to: battlefield``: onto the
    battlefield under their control, tapped when ``op.tapped``, 400.3, 305.4) (as many as there are;
    ``up_to``: any number up to it), revealed when the op says so, and the rest on the bottom (in the order
    they choose, or a random one) or into their graveyard ({take: [ID, ...], rest: [ID, ...], by: PLAYER};
    --auto: the first such cards from the top, the rest in their order). Returns the cards taken (608.2c: "If you
    didn't put a card into your hand this way, ...", engine/game/instructions.py). ``source``: the resolving spell's or
    ability's source, whose choices "of the chosen type" names (614.12)."""
    st = game.state
    library = st.player_zones.setdefault((player, "library"), [])
    if op.until:  # 701.20a: "Reveal cards from the top of your library until you reveal a creature card." (no choice)
        taken = reveal_until(game, op, player, name, _able(game, library, op, player, source))
        if op.attacking:  # 508.4: "onto the battlefield tapped and attacking" (never declared)
            attacking.enter_attacking(game, [x for x in taken if x in st.battlefield], source, player, name)
        return taken
    seen = library[:op.amount]
    game.resolution.resolving_refs["looked_at"] = tuple(seen)  # 202.3: "its mana value" (engine/game/amounts.py)
    if not seen:
        game.say("401.2", f"{player} looks at the top {op.amount} card(s) of their library for {name}: it is empty")
        return []
    if op.take == 0:  # 701.20a: "Scry 3, then reveal the top card of your library." (shown; it stays on top)
        game.say("701.20a", f"{player} reveals {', '.join(_name(st, x) for x in seen)} from the top of their library "
                            f"for {name}")
        return []
    able = _able(game, seen, op, player, source)
    need = len(able) if op.take_all else min(op.take, len(able))
    act = game.action()
    if isinstance(act, gf.Take) and act.by in (None, player):
        game.take()
        taken = list(act.take)
        wrong = [x for x in taken if x not in able] or (taken if len(set(taken)) != len(taken) else [])
        count_ok = len(taken) <= need if op.up_to else len(taken) == need
        if wrong or not count_ok or op.one_of_each and not look_kinds.one_each(game, player, taken, op):
            raise GameError(game.where(), f"401.2: {player} looks at {', '.join(seen)} for {name} and puts "
                                          f"{'up to ' if op.up_to else ''}{need} of {', '.join(able) or 'none'} into "
                                          "their hand" + (" (one of each kind)" if op.one_of_each else ""),
                            "name them in {take: [...], by: " + player + "}")
        rest = [x for x in seen if x not in taken]
        if act.rest:
            if op.rest != "bottom_any_order" or sorted(act.rest) != sorted(rest) or len(set(act.rest)) != len(rest):
                raise GameError(game.where(), f"401.4: the order of {', '.join(rest)} at the bottom is "
                                              + ("each of them once" if op.rest == "bottom_any_order" else
                                                 "not the player's to choose"),
                                "name each once in rest: [...]" if op.rest == "bottom_any_order" else "leave out rest")
            rest = list(act.rest)
    elif game.auto or not (len(able) > need or op.up_to and need or op.rest == "bottom_any_order" and
                           len(seen) - need > 1):  # (no choice to make)
        taken = look_kinds.first_each(game, player, able, op) if op.one_of_each else able[:need]
        rest = [x for x in seen if x not in taken]
    else:
        raise GameError(game.where(), f"401.2: {player} looks at {', '.join(seen)} for {name} and puts "
                                      f"{'up to ' if op.up_to else ''}{need} of {', '.join(able) or 'none'} into their "
                                      "hand", "add {take: [...], by: " + player + "} (and rest: [...], the order at the "
                                      "bottom), or use --auto")
    game.say("401.2", f"{player} looks at the top {len(seen)} card(s) of their library and puts "
                      + (", ".join(_name(st, x) for x in taken) or "none of them")
                      + {"battlefield": " onto the battlefield", "top": " back on top"}.get(op.to, " into their hand")
                      + (" (revealed, 701.20a)" if op.reveal and taken else ""))
    if rest and op.rest_may and op.rest != "top" and not _rest_may(game, op, player, rest, name):
        game.say("401.2", f"{', '.join(_name(st, x) for x in rest)} stays on top of {player}'s library")
        library[:] = rest + [x for x in library if x not in rest and x not in taken] + taken
    elif op.rest == "top":  # the card looked at and not taken stays where it is (401.2)
        library[:] = [x for x in library if x not in taken] + taken
    elif op.rest in ("graveyard", "hand", "exile"):  # 401.2, 400.3: "Otherwise, put that card into your hand."
        below = library[len(seen):]
        library[:] = rest + taken + below
        if rest:  # (701.13a: "and exile the rest")
            game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to=op.rest)
                                      for x in rest], "401.2", "is exiled" if op.rest == "exile" else
                                     "is put into its owner's " + op.rest)
    else:
        if op.rest == "bottom_random":
            random.Random(f"{st.turn}:{player}:{len(library)}:look").shuffle(rest)
        library[:] = taken + library[len(seen):] + rest
        if rest:
            game.say("401.4", f"{player} puts {len(rest)} card(s) on the bottom of their library"
                              + (" in a random order" if op.rest == "bottom_random" else ""))
    if taken and op.to == "battlefield":  # 400.3, 305.4: onto the battlefield under their control (not a land played)
        for x in taken:
            game.events.enter(x, player, "library", tapped=op.tapped)
        if op.attacking:  # 508.4: "tapped and attacking" (never declared; what each attacks, the player's choice)
            attacking.enter_attacking(game, [x for x in taken if x in game.state.battlefield], source, player, name)
    elif taken and op.to != "top":  # (401.2: "put one of those cards back on top of your library": it stays there)
        game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "library"}, to="hand")
                                  for x in taken], "401.2", f"is put into {player}'s hand")
    return taken


def _able(game, seen: list[str], op, player: str, source: str | None = None) -> list[str]:
    """401.2, 700.6: the cards looked at that may be taken: those the op's qualities match, through the selector
    machinery (bridge/selectors.py: a card of one of ``types``, of one of ``subtypes``, with every one of
    ``supertypes``, and matching ``card`` when given; "of the chosen type": the choices of ``source``, 614.12)."""
    st = game.state
    choices = st.objects[source].choices if source in st.objects else {}
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, player, (), choices)
    sel = Selector(zone="library", any_types=list(op.types), subtypes=list(op.subtypes),
                   supertypes=list(op.supertypes))
    return [x for x in seen if ctx.match(sel, x) and (op.card is None or ctx.match(op.card, x))
            and (op.mana_value_at_most is None or ctx.mana_value(x) <= op.mana_value_at_most)  # 202.3; 208.1:
            and (op.power_at_most is None or (_power(game, x) is not None and _power(game, x) <= op.power_at_most))
            and (op.power_at_least is None or (_power(game, x) is not None and _power(game, x) >= op.power_at_least))]


def _power(game, oid: str) -> int | None:
    """208.1: a card's printed power in a library (None: it has none); a '*' power is defined by a characteristic-defining
    ability that functions in every zone (208.2a, 604.3), which this loop doesn't evaluate off the battlefield: an error."""
    card = game.state.objects[oid].printed
    p = None if card is None else card.power
    if p is None or isinstance(p, int):
        return p
    try:
        return int(p)
    except (TypeError, ValueError):
        raise GameError(game.where(), f"208.2a: the power of {_name(game.state, oid)} in a library ({p}) is defined by "
                                      "a characteristic-defining ability this loop doesn't evaluate off the battlefield",
                        "use another card") from None


def _rest_may(game, op, player: str, rest: list[str], name: str) -> bool:
    """608.2d: "Otherwise, you may put it into your graveyard.": the player chooses ({may: true, by: PLAYER}: it goes
    where ``rest`` says; {may: false}: it stays on top; --auto: it stays)."""
    act = game.action()
    if isinstance(act, gf.MayAnswer) and act.by in (None, player):
        game.take()
        return bool(act.may)
    if game.auto:
        return False
    raise GameError(game.where(), f"608.2d: {player} may put {', '.join(rest)}, looked at for {name}, "
                                  + ("on the bottom of their library" if op.rest.startswith("bottom") else "into their "
                                     + op.rest), "add {may: true, by: " + player + "} or {may: false, by: " + player
                    + "} (it stays on top), or use --auto")


def discard_chosen(game, op, player: str, chooser: str, name: str) -> None:
    """701.20a, 701.9a: the player reveals their hand; ``chooser`` chooses a card of it with one of the op's
    ``types`` (none: any) and none of its ``not_types`` ({discard: [ID], by: CHOOSER}; --auto: the first such card
    of the hand); the player discards it (nothing when there is no such card)."""
    chosen = choose_from_hand(game, op, player, chooser, name)
    if chosen:
        game.say("701.9a", f"{chooser} chooses {_name(game.state, chosen[0])}; {player} discards it")
        game.events.discard(player, chosen)


def choose_from_hand(game, op, player: str, chooser: str, name: str, graveyard: bool = False) -> list[str]:
    """701.20a: the player reveals their hand; ``chooser`` chooses a card of it (``graveyard``: or of their graveyard)
    with one of the op's ``types`` and none of its ``not_types`` (discard_chosen's choice; engine/game/hand_ops.py's
    exile_chosen): [ID] or []."""
    st = game.state
    hand = list(st.zone_ids("hand", player))
    game.say("701.20a", f"{player} reveals their hand: " + (", ".join(_name(st, x) for x in hand) or "no card"))
    hand += list(st.zone_ids("graveyard", player)) if graveyard else []

    def able(x: str) -> bool:
        card = st.objects[x].printed
        return card is not None and (not op.types or bool(set(card.types) & set(op.types))) \
            and not set(card.types) & set(op.not_types) and compare(op, None, None, card.mana_value)  # 202.3
    cards = [x for x in hand if able(x)]
    act = game.action()
    if isinstance(act, gf.Discard) and act.by == chooser:
        game.take()
        if len(act.discard) != min(1, len(cards)) or any(x not in cards for x in act.discard):
            raise GameError(game.where(), f"701.9a: {chooser} chooses one of {', '.join(cards) or 'none'} from "
                                          f"{player}'s hand for {name}, not {act.discard}",
                            "name one of them in {discard: [ID], by: " + chooser + "}" if cards else "write {discard: [], "
                            "by: " + chooser + "}")
        chosen = list(act.discard)
    elif game.auto or not cards:
        chosen = cards[:1]
    else:
        raise GameError(game.where(), f"701.9a: {chooser} chooses a card {player} discards for {name}, among "
                                      + ", ".join(cards), "add {discard: [ID], by: " + chooser + "}, or use --auto")
    if not chosen:
        game.say("701.9a", f"{player}'s hand has no card {chooser} can choose for {name}")
    return chosen


def put_from_hand(game, op, player: str, name: str) -> None:
    """400.3, 305.4: the player puts a card of their hand with the op's qualities onto the battlefield ({take: [ID],
    by: PLAYER}, or {take: []} when there is none; --auto: the first such card of the hand); not a land played."""
    st = game.state
    able = [x for x in st.zone_ids("hand", player) if _matches(game, x, op)]
    act = game.action()
    if isinstance(act, gf.Take) and act.by in (None, player):
        game.take()
        if len(act.take) != min(1, len(able)) or any(x not in able for x in act.take):
            raise GameError(game.where(), f"400.3: {player} puts one of {', '.join(able) or 'none'} from their hand onto "
                                          f"the battlefield for {name}", "name it in {take: [ID], by: " + player + "}")
        chosen = list(act.take)
    elif game.auto or len(able) <= 1:
        chosen = able[:1]
    else:
        raise GameError(game.where(), f"400.3: {player} puts a card of their hand onto the battlefield for {name}: one "
                                      "of " + ", ".join(able), "add {take: [ID], by: " + player + "}, or use --auto")
    if not chosen:
        game.say("400.3", f"{player} has no such card in hand for {name}")
        return
    game.say("305.4", f"{player} puts {_name(st, chosen[0])} from their hand onto the battlefield (not a land played)")
    game.events.enter(chosen[0], player, "hand", tapped=op.tapped)
