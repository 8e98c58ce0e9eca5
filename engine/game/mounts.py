"""Crew and saddle (issue 21): the keyword abilities whose cost is tapping untapped creatures with a total power
(702.122a crew N, 702.171a saddle N: the current official rules, the seed text stops at 702.42), as the game loop
activates them (602.2, 601.2h), and the saddled designation saddle gives (702.171b), which ends with the turn (514.2)
or as the permanent leaves the battlefield (400.7)."""

from __future__ import annotations

from engine.files import gamefile as gf
from engine.game.common import MAIN, GameError, Rejected, _name
from engine.vocab.keyword_costs import SaddleAbility, crew_ability


def activate_tapping(costs, act: gf.Activate, player: str, keyword: str, n: int, index: int) -> None:
    """702.122a *(EN, current official rules)*: "Crew N" means "Tap any number of untapped creatures you control
    with total power N or greater: This permanent becomes an artifact creature until end of turn."; 702.171a *(EN)*:
    "Saddle N" means "Tap any number of other untapped creatures you control with total power N or greater: This
    permanent becomes saddled until end of turn. Activate only as a sorcery." (602.5d). The creatures are the
    action's tapping (--auto: the first untapped ones in board order until their power is N); tapping them is no
    {T} cost, so summoning sickness doesn't matter (302.6 is about {T} and attacking)."""
    game = costs.game
    st = game.state
    oid = act.activate
    rule = "702.171a" if keyword == "saddle" else "702.122a"
    if keyword == "saddle" and (player != st.active or st.step not in MAIN or st.stack):  # 702.171a, 602.5d
        raise Rejected("602.5d", f"{_name(st, oid)}'s saddle ability can be activated only as a sorcery")
    layers = game.layers()
    able = [x for x in st.battlefield if layers.objects.get(x, {}).get("controller") == player
            and "creature" in layers.objects[x]["types"] and not st.objects[x].tapped
            and (keyword != "saddle" or x != oid)]  # 702.171a: "other" creatures
    power = {x: layers.objects[x].get("power") or 0 for x in able}
    chosen = list(dict.fromkeys(act.tapping))
    verb = "saddle" if keyword == "saddle" else "crew"
    if not chosen:
        if not game.auto:
            raise GameError(game.where(), f"{rule}: {player} chooses the untapped creatures that {verb} "
                                          f"{_name(st, oid)} (total power {n} or greater): among {', '.join(able)}",
                            "add tapping: [ID, ...] to the action, or use --auto")
        for x in able:
            if sum(power[c] for c in chosen) >= n:
                break
            chosen.append(x)
    wrong = [x for x in chosen if x not in able]
    if wrong:
        other = "other " if keyword == "saddle" else ""
        raise Rejected(rule, f"{_name(st, wrong[0])} is not an {other}untapped creature {player} controls")
    total = sum(power[x] for x in chosen)
    if total < n:
        raise Rejected(rule, f"{verb} {n}: the creatures tapped have total power {total}")
    extra = costs.activation_cost(oid, None)  # 602.2b, 601.2f: an increase of its total cost (Skyseer's Chariot)
    if extra:
        game.mana.mana_abilities(act.tap, player)  # 601.2g
        game.mana.pay(player, extra, ability=oid)
    new = costs.on_stack(oid, player, index, SaddleAbility(n) if keyword == "saddle" else crew_ability(n))
    game.refs[new] = {"self": game.snap(oid)}  # "this permanent" (400.7: the same object as it resolves)
    game.events.tap(chosen)  # 601.2h
    game.say("602.2i", f"{player} {verb}s {_name(st, oid)} with {', '.join(_name(st, x) for x in chosen)} (total "
                       f"power {total}): \"{verb.capitalize()} {n}\"")


def become_saddled(game, source: str, ref) -> None:
    """702.171a-b *(EN, current official rules)*: saddle's ability resolves: "This permanent becomes saddled until
    end of turn": the source, if it is still on the battlefield as the same object (400.7); already saddled, it
    stays so."""
    st = game.state
    if source not in st.battlefield or (ref is not None and not game.same(ref)):
        game.say("702.171b", f"{_name(st, source)} is no longer the permanent whose saddle ability this is: nothing "
                             "becomes saddled")
        return
    st.objects[source].saddled = True
    game.say("702.171b", f"{_name(st, source)} becomes saddled until end of turn")


def end_of_turn(game) -> list[str]:
    """514.2, 702.171b: "until end of turn": the permanents saddled this turn are no longer saddled; the names."""
    st = game.state
    ended = [oid for oid in st.battlefield if st.objects[oid].saddled]
    for oid in ended:
        st.objects[oid].saddled = False
    return [_name(st, oid) for oid in ended]
