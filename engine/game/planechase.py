"""Planechase in the game loop (901 of the current official rules; the French seed text has no 901: its 311 "Plans",
312 "Phénomènes", 701.31 "Se transplaner", 704.6f and 116.2i say the same). The board gives each player's planar deck
and the face-up plane or phenomenon (engine/files/planar.py).

- 311.5, 312.4: the planar controller, the active player, controls the face-up plane or phenomenon and its abilities
  (``new_turn``: as a player becomes the active player).
- 116.2i: rolling the planar die is a special action of the active player with priority, the stack empty, in a main phase
  of their turn; it costs {N}, N the times they have performed it this turn (``roll``). The result from the game file
  ({roll_planar_die: true, result: chaos | planeswalk | blank}), else drawn at random (one face in six the chaos symbol,
  one the planeswalker symbol, four blank), seeded as the loop's other random results (engine/game/random_ops.py).
- 311.7, 901.9b: the chaos symbol: chaos ensues, the face-up plane's chaos abilities ("Whenever chaos ensues", ZoneTrigger
  chaos_ensues) trigger. The planeswalker symbol: the planeswalking ability (901.8, "Whenever you roll {PW},
  planeswalk": ``PLANESWALKING``, a triggered ability the rules give, controlled by the roller) triggers; as it resolves,
  its controller planeswalks.
- 701.31b: planeswalking: each face-up plane and phenomenon is turned face down and put on the bottom of its owner's
  planar deck (311.6, 312.6: a new object), then the planar controller moves the top card of their planar deck off it
  and turns it face up (613.7h: a new timestamp). 701.31d: "When you planeswalk away from ~" (looking back in time,
  603.10g: the card as it was face up) and "When you planeswalk to ~" trigger; 312.5: "When you encounter ~" of a
  phenomenon turned face up.
- 704.6f: a face-up phenomenon that is no source of a triggered ability triggered and not yet gone from the stack: the
  planar controller planeswalks (a state-based action, ``phenomenon_sba``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from engine.files.planar import face_up
from engine.game.common import Rejected, _name
from engine.game.random_ops import _seeded
from engine.game.triggered import RulePart, Triggered
from engine.vocab.triggers import RULES, ZoneTrigger

PLANAR_DIE = "planar_die"  # the name the loop gives the source of the planeswalking ability (the rules give it)
FACES = ("chaos", "planeswalk", "blank", "blank", "blank", "blank")  # 901.3: {CHAOS}, {PW}, four blank faces


@dataclass(frozen=True)
class PlaneswalkPart(RulePart):
    """901.8 (current official rules): the planeswalking ability, "Whenever you roll {PW}, planeswalk.", the model of
    its Triggered (resolved by ``resolve``)."""
    kind: str = "planeswalking"


PLANESWALKING = PlaneswalkPart("planeswalk", "Whenever you roll {PW}, planeswalk.")


def in_play(st) -> bool:
    """A Planechase game: a planar deck or a face-up plane or phenomenon on the board."""
    return bool(st.planar_decks) or bool(face_up(st))


def new_turn(game) -> None:
    """311.5, 312.4: the new active player is the planar controller: they control the face-up planes and phenomena;
    116.2i: no player has rolled the planar die this turn yet."""
    st = game.state
    st.planar_rolls = {}
    for x in face_up(st):
        st.objects[x].controller = st.active


def triggers_of(st, oid: str, event: str) -> list[Triggered]:
    """The abilities of the plane or phenomenon ``oid`` that ``event`` (ZoneTrigger chaos_ensues, planeswalk_to,
    planeswalk_away, encounter) triggers, controlled by the planar controller (311.5, 311.7, 312.4)."""
    o = st.objects[oid]
    return [Triggered(oid, i, ab.display(), oid, event, RULES[event], st.active, model=ab)
            for i, ab in enumerate(o.printed.abilities if o.printed else (), 1)
            if isinstance(getattr(ab, "trigger", None), ZoneTrigger) and ab.trigger.event == event]


def upkeep_triggers(game) -> None:
    """503.1, 603.2: "When you planeswalk to ~ and at the beginning of your upkeep" (ZoneTrigger planeswalk_to with
    at_upkeep): as the upkeep of the planar controller begins (311.5: the active player, whose upkeep it is), the
    face-up plane's ability triggers."""
    st = game.state
    for x in face_up(st):
        game.pending += [replace(t, event="upkeep", rule="503.1, 603.2b") for t in triggers_of(st, x, "planeswalk_to")
                         if t.model.trigger.at_upkeep]


def roll(game, act, player: str) -> None:
    """116.2i: ``player`` rolls the planar die (the special action; the timing: engine/game/priority.py may_now),
    paying {N} for the N times they performed it this turn; then the result (901.9)."""
    st = game.state
    if not in_play(st):
        raise Rejected("116.2i", "this is no Planechase game: the board has no planar deck and no face-up plane")
    n = st.planar_rolls.get(player, 0)
    game.mana.mana_abilities(act.tap, player)  # mana abilities first, as for a cost (601.2g)
    if n:
        game.mana.pay(player, "{%d}" % n)
    st.planar_rolls[player] = n + 1
    result, how = (act.result, "as the game file says") if act.result is not None else (
        _seeded(game, player, "planar").choice(FACES), "at random")
    game.say("116.2i", f"{player} rolls the planar die for {{{n}}} (their roll number {n + 1} this turn): "
                       f"{'blank' if result == 'blank' else 'the ' + ('chaos' if result == 'chaos' else 'planeswalker') + ' symbol'} ({how})")
    if result == "chaos":
        chaos(game, "the chaos symbol was rolled (901.9b)")
    elif result == "planeswalk":  # 901.8: the planeswalking ability triggers; the roller controls it
        game.pending.append(Triggered(PLANAR_DIE, 1, PLANESWALKING.text, player, "planeswalk", "901.8", player,
                                      model=PLANESWALKING))


def chaos(game, why: str) -> None:
    """311.7: chaos ensues: each face-up plane's chaos abilities trigger."""
    st = game.state
    game.say("311.7", f"chaos ensues ({why})")
    for x in face_up(st):
        game.pending += triggers_of(st, x, "chaos_ensues")


def resolve(game, part: PlaneswalkPart, you: str) -> None:
    """901.8, 608.2: the planeswalking ability resolves: its controller planeswalks (701.31a: only the planar
    controller can)."""
    game.say("608.2", f"the planeswalking ability resolves: \"{part.text}\"")
    planeswalk(game, you, "the planeswalking ability")


def planeswalk(game, player: str, why: str) -> None:
    """701.31b: each face-up plane and phenomenon is put face down on the bottom of its owner's planar deck, then the
    planar controller turns the top card of their planar deck face up; 701.31d, 312.5: what that triggers."""
    st = game.state
    if player != st.active:  # 701.31a: only the planar controller planeswalks
        game.say("701.31a", f"{player} is not the planar controller: they don't planeswalk ({why})")
        return
    away = []
    for x in face_up(st):
        away += triggers_of(st, x, "planeswalk_away")  # 603.10g: as it was face up
        o = st.objects[x]
        st.take_out(x)  # 311.6, 312.6: turned face down, a new object
        o.controller, o.timestamp = None, None
        st.planar_decks.setdefault(o.owner, []).append(x)
        game.say("701.31b", f"{player} planeswalks ({why}): {_name(st, x)} is turned face down and put on the bottom of "
                            f"{o.owner}'s planar deck")
    deck = st.planar_decks.get(player, [])
    if not deck:
        game.say("701.31b", f"{player}'s planar deck is empty: no card is turned face up")
        game.pending += away
        return
    new = deck.pop(0)
    o = st.objects[new]
    st.command.append(new)
    o.controller, o.timestamp = player, st.next_timestamp  # 311.5; 613.7h: a timestamp as it is turned face up
    st.next_timestamp += 1
    phenomenon = "Phenomenon" in o.printed.types
    game.say("701.31b", f"{player} turns {_name(st, new)} face up: they {'encounter' if phenomenon else 'planeswalk to'} "
                        f"{o.card_name}")
    game.pending += away + triggers_of(st, new, "encounter" if phenomenon else "planeswalk_to")


def phenomenon_sba(game) -> bool:
    """704.6f: a face-up phenomenon that is no source of a triggered ability that has triggered and not yet left the
    stack: the planar controller planeswalks. True when they did."""
    st = game.state
    waiting = {t.source for t in game.pending} | {st.objects[x].ability_of for x in st.stack
                                                  if st.objects[x].kind == "ability"}
    done = [x for x in face_up(st) if "Phenomenon" in st.objects[x].printed.types and x not in waiting]
    if done:
        planeswalk(game, st.active, f"704.6f: {_name(st, done[0])}'s triggered ability has left the stack")
    return bool(done)


# Instructions (engine/game/instructions.py DELEGATED): op -> f(instructions, op, source, you, targets, name)
OPS = {
    "planeswalk": lambda ins, op, source, you, targets, name: planeswalk(ins.game, you, name),  # 701.31b
    "chaos_ensues": lambda ins, op, source, you, targets, name: chaos(ins.game, name),  # 311.7
}
