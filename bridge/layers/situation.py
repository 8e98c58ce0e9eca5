"""The game's situation as the selectors of continuous effects read it (issue 21, family 2): the player an Aura
enchants (303.4, 702.5d: a Curse's "enchanted player"); the creatures in combat: the player an attacking creature attacks (506.3, 508.1b: a player, or a planeswalker or battle, which is no player), the creatures
blocking an attacking creature (509.1a, through its band, 702.22h), for the layers program's facts
(layers_combatants.lp: attached_player/2, attacks_player/2, blocks_pair/2) and the game loop's selector match (bridge/selectors.py), one
meaning for both."""

from __future__ import annotations

from ..facts import q


def attacked_player(state, oid: str) -> str | None:
    """506.3, 508.1b: the player the attacking creature ``oid`` attacks; None when it attacks a planeswalker or a
    battle, or isn't attacking."""
    combat = state.combat
    target = combat.attackers.get(oid) if combat is not None else None
    return target if target is not None and target in {p.name for p in state.players} else None


def attacks_player_facts(state, oid: str) -> list[str]:
    """attacks_player(O, P): the attacking creature attacks player P (none for a planeswalker or a battle)."""
    player = attacked_player(state, oid)
    return [f"attacks_player({q(oid)},{q(player)})."] if player is not None else []


def blocks_pairs(state) -> set[tuple[str, str]]:
    """509.1a, 702.22h: (blocker, attacker) for each attacking creature and each creature blocking it (declared, or
    through its band)."""
    combat = state.combat
    if combat is None:
        return set()
    return {(b, a) for a in combat.attackers for b in combat.blockers_of(a)}


def in_combat_with(state, oid: str, other: str | None) -> bool:
    """Whether ``oid`` is blocking ``other`` or blocked by it (509.1a)."""
    return other is not None and any((b, a) in ((oid, other), (other, oid)) for b, a in blocks_pairs(state))


def blocks_facts(state) -> list[str]:
    """blocks_pair(B, A): the creature B blocks the attacking creature A."""
    return [f"blocks_pair({q(b)},{q(a)})." for b, a in sorted(blocks_pairs(state))]


def enchanted_player(state, source: str | None) -> str | None:
    """303.4, 702.5d: the player the source (an Aura with "Enchant player") is attached to; None for none."""
    o = state.objects.get(source) if source is not None else None
    target = o.attached_to if o is not None and o.zone == "battlefield" else None
    return target if target is not None and target in {p.name for p in state.players} else None


def attached_player_facts(state) -> list[str]:
    """attached_player(Q, P): the permanent Q (an Aura) is attached to player P."""
    out = []
    for oid in sorted(state.objects):
        player = enchanted_player(state, oid)
        out += [f"attached_player({q(oid)},{q(player)})."] if player is not None else []
    return out


# a condition on this turn's record a continuous effect may have (engine/vocab/selector.py Condition.this_turn): the
# creatures that died under its controller's control this turn (700.4), the life its controller lost this turn (119.3),
# and engine/game/turn_records.py's (a number of each player's, some of them the source's: RECORDS; the vocabulary's
# engine/vocab/selector.py LAYERS_TURN_RECORDS)
RECORDS = ("other_creature_entered_yours", "source_attacked", "you_sacrificed", "noncreature_cast_yours",
           "source_dealt_damage", "instant_sorcery_cast_yours", "you_committed_crime")
TURN_RECORDS = ("creature_died_yours", "you_lost_life") + RECORDS


def record_key(state, oid: str) -> tuple[str, int]:
    """400.7: the object ``oid`` is now (its id and its zone changes), as the record keeps it."""
    o = state.objects.get(oid)
    return (oid, o.zone_changes if o is not None else 0)


def record_number(state, what: str, player: str, source: str | None) -> int:
    """The number the record of the turn (engine/game/turn_records.py keeps it) says for a condition of an ability of
    ``source`` controlled by ``player``: the one reading, for the game loop (engine/game/history.py numbers) and the
    layers program's facts (turn_record_facts)."""
    if what == "other_creature_entered_yours":  # 400.7: creatures other than the source, under the player's control
        mine = record_key(state, source) if source is not None else None
        return sum(1 for k in state.creatures_entered.get(player, ()) if k != mine)
    if what == "source_attacked":  # 508.1a: declared as an attacker this turn
        return int(source is not None and record_key(state, source) in state.attacked_with)
    if what == "you_sacrificed":  # 701.21a: the permanents the player sacrificed
        return state.sacrificed.get(player, 0)
    if what == "noncreature_cast_yours":  # 601.2i: the noncreature spells the player cast
        return state.noncreature_cast.get(player, 0)
    if what == "source_dealt_damage":  # 120.3: it has dealt damage (since it became this object, 400.7)
        return int(source is not None and record_key(state, source) in state.damage_dealers)
    if what == "instant_sorcery_cast_yours":  # 601.2i: the instant and sorcery spells the player cast
        return state.instant_sorcery_cast.get(player, 0)
    if what == "you_committed_crime":  # 700.13 (the current official rules): the crimes the player committed
        return state.crimes.get(player, 0)
    raise ValueError(f"no record of the turn {what}")


def turn_record_facts(state, cond, e: str, source: str | None = None) -> list[str]:
    """The facts of "as long as two or more creatures died under your control this turn" (700.4), "as long as you've
    lost life this turn" (119.3): a number of its controller's (layers_conditions.lp's cond_player/5 with player_n/3),
    each player's number from the state's record of the turn (a board's died_this_turn, life_lost_this_turn,
    lost_life_this_turn)."""
    what = cond.this_turn
    high = cond.at_most if cond.at_most is not None else 1000000
    if what in RECORDS:  # the number of the record (of the source's: a term of its own, 400.7)
        term = what if source is None else f"{what}({q(source)})"
        return [f"cond_player({e},you,{term},{cond.at_least},{high})."] + [
            f"player_n({q(p.name)},{term},{record_number(state, what, p.name, source)})." for p in state.players]
    out = [f"cond_player({e},you,{what},{cond.at_least},{high})."]
    for p in state.players:
        if what == "creature_died_yours":
            n = list(state.died).count(p.name)
        else:  # the life lost in all; a board that says only lost_life_this_turn: 1
            n = state.life_lost.get(p.name, 0) or int(p.name in state.lost_life)
        out.append(f"player_n({q(p.name)},{what},{n}).")
    return out


def situation_facts(state) -> list[str]:
    """The facts of the situation (layers_combatants.lp): the player each attacking creature attacks (506.3), the
    blocks (509.1a), the player each Aura enchants (303.4)."""
    attackers = sorted(state.combat.attackers) if state.combat is not None else []
    return [f for oid in attackers for f in attacks_player_facts(state, oid)] + blocks_facts(state) + \
        attached_player_facts(state)


def status_facts(o, qo: str) -> list[str]:
    """The designations and statuses of an object the selectors read (selectors.lp): a commander (903.3: a
    designation in every zone), a face-down permanent (708.2), a spell cast from a hand (601.2a)."""
    return [f"commander({qo})."] * bool(getattr(o, "commander", False)) + \
        [f"face_down({qo})."] * bool(getattr(o, "face_down", False) and o.zone == "battlefield") + \
        [f"cast_from_hand({qo})."] * bool(o.zone == "stack" and o.choices.get("cast_from_hand"))


def situation_selector_facts(sel, s: str, subtype_facts=lambda sub: []) -> list[str]:
    """The facts of a selector's statuses and situation filters: commanders (903.3: sel_commander/1), face-down
    permanents (708.2: sel_face_down/1; selectors.lp); the player attacked (506.3, 508.1b: sel_attacks/2), a block
    with the source or what it is attached to (509.1a: sel_combat_with/2), controlled by the player the source enchants
    (303.4: sel_ench_player/1), entered this turn (400.7), no abilities (113.1) (layers_combatants.lp); a spell cast from a
    hand (601.2a: sel_cast_from_hand/1, selectors.lp), a mana value compared (202.3: sel_mv_le/2, sel_mv_ge/2, layers.lp)."""
    out = [f"sel_{k}({s})." for k in ("commander", "face_down") if getattr(sel, k, False)]
    if getattr(sel, "cast_from", None) == "hand":  # 601.2a: a spell cast from a hand (selectors.lp)
        out.append(f"sel_cast_from_hand({s}).")
    if getattr(sel, "mana_value_at_most", None) is not None:  # 202.3: "with mana value 3 or less" (layers.lp)
        out.append(f"sel_mv_le({s},{sel.mana_value_at_most}).")
    if getattr(sel, "mana_value_at_least", None) is not None:  # 202.3: "with mana value 6 or greater"
        out.append(f"sel_mv_ge({s},{sel.mana_value_at_least}).")
    if getattr(sel, "attacking_player", None) is not None:
        out.append(f"sel_attacks({s},{sel.attacking_player}).")
    if getattr(sel, "combat_with", None) is not None:
        out.append(f"sel_combat_with({s},{sel.combat_with}).")
    if getattr(sel, "enchanted_player_controls", False):
        out.append(f"sel_ench_player({s}).")
    for sub in getattr(sel, "all_subtypes", ()):  # 205.3m: each of them (sel_all_sub/2), with its subtype's facts
        out += [f"sel_all_sub({s},{q(sub)})."] + subtype_facts(sub)
    return out + [f"sel_{k}({s})." for k in ("entered_this_turn", "no_abilities") if getattr(sel, k, False)]
