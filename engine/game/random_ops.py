"""Randomness as a spell or ability resolves (issue 21): a coin flip ({op: flip_coin}, 705.1 of the current official
rules: the seed text stops at 702.42), a clash ({op: clash}, 701.30a-d, the seed text's "Confronter") and a die roll
with its results table ({op: roll_die}, 706), engine/vocab/oneshot_random.py. The loop stays deterministic: a result
the game file doesn't fix ({flip: win | lose}, {roll: N}, docs/play.md) is drawn as the loop draws its other random
results (a shuffle, 701.24a; a discard at random, 701.9b): random.Random seeded by the game (the turn, the player, how
far the log has gone), so the same game file plays the same way. The operations of the branch the result picks are followed in order, with the spell's or ability's targets
(608.2c), as a conditional instruction's are (engine/game/ifcond.py). A part of engine/game/instructions.py's chapter."""

from __future__ import annotations

import random

from engine.files import gamefile as gf
from engine.game import top_order
from engine.game.common import GameError, _name

OPS = ("flip_coin", "clash", "roll_die")


def _seeded(game, you: str, what: str) -> random.Random:
    """The loop's random source for one result: seeded by the turn, the player and the log's length (the same game file
    gives the same results)."""
    return random.Random(f"{game.state.turn}:{you}:{len(game.log)}:{what}")


def flip(game, you: str, name: str) -> bool:
    """705.1: ``you`` flips a coin and calls it: True if they win the flip (the call matches the result). The result
    from the game file ({flip: win | lose, by: PLAYER}), else drawn at random."""
    act = game.action()
    if isinstance(act, gf.FlipResult) and act.by in (None, you):
        game.take()
        won, how = act.flip == "win", "as the game file says"
    else:
        won, how = _seeded(game, you, "flip").random() < 0.5, "at random"
    game.say("705.1", f"{you} flips a coin for {name} and {'wins' if won else 'loses'} the flip ({how})")
    return won


def _opponent(game, you: str, name: str) -> str | None:
    """701.30b: the opponent ``you`` chooses to clash with: the only one, or the game file's ({clash: PLAYER, by: you};
    --auto: the next in turn order)."""
    opponents = [p for p in game.players_from(you) if p != you]
    act = game.action()
    if isinstance(act, gf.ClashOpponent) and act.by in (None, you):
        game.take()
        if act.clash not in opponents:
            raise GameError(game.acting(), f"701.30b: {act.clash} is not an opponent of {you} in the game",
                            "name one of " + ", ".join(opponents))
        return act.clash
    if len(opponents) <= 1 or game.auto:
        return opponents[0] if opponents else None
    raise GameError(game.where(), f"701.30b: {you} chooses an opponent to clash with for {name}",
                    "add {clash: PLAYER, by: " + you + "} naming one of " + ", ".join(opponents) + ", or use --auto")


def clash(game, you: str, name: str) -> bool:
    """701.30a-d: ``you`` and the opponent they choose clash: each reveals the top card of their library at the same
    time (701.20a); in APNAP order (101.4) each decides whether their card goes on the bottom of their library
    ({may: true, by: PLAYER}: the bottom; false: it stays on top; --auto: on top), then the cards move at the same time;
    True if ``you`` won (their card's mana value greater than every other card revealed, 701.30d)."""
    st = game.state
    other = _opponent(game, you, name)
    players = [p for p in game.players_from(st.active) if p in (you, other)]  # 101.4: APNAP order
    top = {p: (st.zone_ids("library", p) or [None])[0] for p in players}
    values = {}
    for p in players:
        card = top[p]
        if card is None:
            game.say("701.30a", f"{p} clashes for {name}: their library is empty, no card is revealed")
            continue
        printed = st.objects[card].printed
        values[p] = printed.mana_value if printed is not None else 0  # 202.3: the revealed card's mana value
        game.say("701.30a", f"{p} clashes for {name}: reveals {_name(st, card)} (mana value {values[p]})")
    bottom = [p for p in players if top[p] is not None and top_order.may(
        game, p, f"701.30a: {p} may put {_name(st, top[p])} on the bottom of their library ({name})")]
    for p in bottom:  # 701.30c: the cards move at the same time
        library = st.player_zones[(p, "library")]
        library.append(library.pop(0))
        game.say("701.30c", f"{p} puts {_name(st, top[p])} on the bottom of their library")
    won = you in values and all(values[you] > v for p, v in values.items() if p != you)
    game.say("701.30d", f"{you} {'wins' if won else 'does not win'} the clash for {name}")
    return won


def roll(game, you: str, sides: int, name: str) -> int:
    """706: ``you`` rolls a die of ``sides`` faces: its result, from the game file ({roll: N, by: PLAYER}: a number the
    die can't show stops the game, exit 2) or drawn at random (1 to ``sides``)."""
    act = game.action()
    if isinstance(act, gf.RollResult) and act.by in (None, you):
        game.take()
        if not 1 <= act.roll <= sides:
            raise GameError(game.acting(), f"706: a d{sides} shows a number from 1 to {sides}, not {act.roll}",
                            f"give a roll from 1 to {sides}")
        result, how = act.roll, "as the game file says"
    else:
        result, how = _seeded(game, you, "roll").randint(1, sides), "at random"
    game.say("706", f"{you} rolls a d{sides} for {name}: {result} ({how})")
    return result


def follow(instr, op, source: str, ab, you: str, targets: list, name: str) -> None:
    """705.1, 701.30d, 608.2c: the flip or clash, then the operations of ``op.one_shot`` if its controller won, else those
    of ``op.otherwise``; 706: the roll, then the operations of its results table's row that holds the result."""
    if op.op == "roll_die":
        result = roll(instr.game, you, op.sides, name)
        instr.game.resolution.resolving_refs["rolled"] = result  # 608.2h: "equal to the result" (amounts.quantity)
        for row in op.results:
            if row.low <= result <= row.high:
                for inner in row.one_shot:
                    instr.follow(inner, source, ab, you, targets, name)
        return
    won = flip(instr.game, you, name) if op.op == "flip_coin" else clash(instr.game, you, name)
    for inner in op.one_shot if won else op.otherwise:
        instr.follow(inner, source, ab, you, targets, name)
