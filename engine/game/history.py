"""What happened this turn (issue 21): the game loop's record of the turn, read by the conditions of an intervening
"if" (603.4) and of "Activate only if" (602.5b) (engine/vocab/selector.py: Condition ``this_turn``, ``gained_life``,
``drawn``, ``spells_cast``; read by engine/vocab/oracle/oneshot_history.py and oneshot_cond.py). The state keeps the
record (engine/state/model.py: ``attacked``, ``died``, ``left_battlefield``, ``gained_life``, ``lost_life``,
``life_gained``, ``life_lost``, ``descended``, ``drawn``, ``spells_cast``); turn.py empties it as a turn begins."""

from __future__ import annotations

from engine.game import turn_records

PERMANENT_CARD = {"Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"}  # 110.4a


def reads(cond) -> bool:
    """Whether the condition is on this turn's history (``numbers`` evaluates it)."""
    return any(getattr(cond, k) is not None for k in ("this_turn", "gained_life", "drawn", "spells_cast"))


def numbers(st, cond, you: str, source: str | None = None) -> list[int]:
    """The numbers the condition's at_least / at_most bound (one of them within holds), for a source controlled by
    ``you`` (102.2: each other player an opponent)."""
    what = cond.this_turn
    if what in turn_records.READS:  # engine/game/turn_records.py: more of the turn's record
        return [turn_records.number(st, what, you, source)]
    opponents = [p.name for p in st.players if p.name != you]
    if cond.gained_life is not None:  # 119.3: its controller gained life this turn
        return [int(you in st.gained_life)]
    if cond.drawn is not None:  # 121.1: the cards its controller drew this turn
        return [st.drawn.get(you, 0)]
    if cond.spells_cast is not None:  # 601.2i: the spells its controller cast this turn
        return [st.spells_cast.get(you, 0)]
    if what == "you_attacked":  # 508.1: its controller declared one or more attackers this turn
        return [int(you in st.attacked)]
    if what == "creature_died":  # 700.4: the creatures that died this turn, whoever controlled them
        return [len(st.died)]
    if what == "creature_died_yours":  # 700.4: those its controller controlled
        return [st.died.count(you)]
    if what == "permanent_left_yours":  # a permanent its controller controlled left the battlefield (400.7)
        return [int(you in st.left_battlefield)]
    if what == "you_gained_life":  # 119.9-119.10: the life its controller gained this turn, in all
        return [gained(st, you)]
    if what == "opponent_lost_life":  # 119.3: the life each opponent lost this turn, in all (one of them)
        return [lost(st, p) for p in opponents]
    if what == "player_lost_life":
        return [lost(st, p.name) for p in st.players]
    if what == "you_lost_life":  # 119.3: the life its controller lost this turn, in all
        return [lost(st, you)]
    if what == "you_descended":  # 700.11: a permanent card put into your graveyard
        return [int(you in st.descended)]
    raise ValueError(f"no condition on this turn's history: {cond}")


def gained(st, player: str) -> int:
    """The life the player gained this turn (a board that says only gained_life_this_turn: 1)."""
    return st.life_gained.get(player, 0) or int(player in st.gained_life)


def gained_before(st, events: list, ev: dict) -> bool:
    """119.9: had the player of the life gain event ``ev`` (one of the simultaneous ``events``, on the state ``st``
    before them) already gained life this turn, or does one of those events before it give them life? ("Whenever you
    gain life for the first time each turn")"""
    first = next(e for e in events if e.get("type") == "life_gain" and e.get("amount", 0) > 0
                 and e.get("player") == ev["player"])
    return bool(gained(st, ev["player"])) or first is not ev


def lost(st, player: str) -> int:
    """The life the player lost this turn (a board that says only lost_life_this_turn: 1)."""
    return st.life_lost.get(player, 0) or int(player in st.lost_life)


def life_changed(st, player: str, sign: int, amount: int) -> None:
    """119.3: a player gained (sign 1) or lost (sign -1) ``amount`` life: the turn's record (119.9-119.10: "if you
    gained 3 or more life this turn", "if a player lost 4 or more life this turn")."""
    if amount <= 0:
        return
    if sign > 0:
        st.gained_life.add(player)
        st.life_gained[player] = st.life_gained.get(player, 0) + amount
    else:
        st.lost_life.add(player)
        st.life_lost[player] = st.life_lost.get(player, 0) + amount


def put_into_graveyard(st, o) -> None:
    """A card put into its owner's graveyard from anywhere: a permanent card (110.4a: its types in the graveyard,
    its front face's, 712.8) makes its owner have descended this turn (700.11: descend)."""
    if not o.is_token and o.printed is not None and set(o.printed.types) & PERMANENT_CARD:
        st.descended.add(o.owner)


def entered(st, o) -> None:
    """A permanent entered the battlefield: a nonland one counts for its controller's "nonland permanents entered the
    battlefield under your control this turn" (celebration; its card types as it entered: its printed or copied ones,
    before the effects of layer 4, a known limit)."""
    if o.printed is not None and "Land" not in o.printed.types and o.controller is not None:
        st.nonland_entered[o.controller] = st.nonland_entered.get(o.controller, 0) + 1
    turn_records.entered(st, o)  # (a creature entered: "as long as another creature entered ... this turn")
