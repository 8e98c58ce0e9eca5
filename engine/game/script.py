"""The script's discipline (issue 24, docs/play.md "Every line is carried out"): each line of a game file's ``actions``
is carried out when its time comes, or the run stops (exit 2) naming the line, its verb and why. Nothing is skipped
and no answer is left unused.

- **Kinds of lines.** An *action with priority* (``pass``, ``play_land``, ``cast``, ``activate``, ... 117.1, 116.2)
  is taken by the player who receives priority when it is theirs, due and its timing allows (117.3d, 117.1a); a
  *declaration* (``attack``, ``block``) in the first declaration step of its kind its ``at`` allows (508.1, 509.1);
  every other line is an *answer*: it is taken only when the loop asks for the choice it answers (603.3b-d, 608.2d,
  616.1, ...).
- **When an answer may be asked for.** An answer with ``at`` is seen by no choice before its step (``Game.action``
  hides it until then); one without it answers a choice of the turn in which the line before it was carried out (the
  turn the game starts in, for the first lines). When that turn ends with the answer still unused, no choice asked for
  it: the run stops, naming it (an answer for a later turn says so with ``at``).
- **A line whose time has passed.** A line whose ``at`` names a turn that has ended was never carried out in it: the run
  stops, naming it.
- **Declarations.** ``by`` on a declaration names the player who makes it: the active player for attackers (508.1,
  506.2), a defending player for blockers (509.1, 506.2); another player is an error of the script, not a refusal.
- **References to nothing.** An action that names an object that isn't in the game when the action comes (a token
  never created or that has ceased to exist, 111.7, 704.5d; a spell copy, 704.5e) names nothing the rules could
  refuse: exit 2. An action the rules refuse (733: timing, costs, targets, restrictions, an illegal declaration) is
  still carried out as an attempt: the game goes back to before it and ``rejected`` lists it (docs/play.md).
- **At the end.** A line the game never reached is an error naming it (an answer: never asked for)."""

from __future__ import annotations

from typing import Any

from engine.files import gamefile as gf
from engine.game.common import MAX_PRIORITY, GameError

WITH_PRIORITY = (gf.Pass, gf.PlayLand, gf.Cast, gf.Activate, gf.TurnFaceUp, gf.Foretell, gf.RollPlanarDie, gf.Plot,
                 gf.Suspend)  # 117.1, 116.2: taken by the player who has priority (engine/game/priority.py)
DECLARATIONS = (gf.Attack, gf.Block)  # 508.1, 509.1: taken in their step (engine/game/combat.py)
# the fields of an action with priority that name objects (or players, for targets)
_ID_FIELDS = ("targets", "tap", "sacrificing", "discarding", "returning", "tapping", "exiling", "convoking",
              "improvising", "delving", "assist_tap")
_MAIN = ("play_land", "cast", "activate", "turn_face_up", "foretell", "plot", "suspend")


def verb_of(act: Any) -> str:
    return next((v for v, cls in gf.VERBS.items() if type(act) is cls), type(act).__name__)


def is_answer(act: Any) -> bool:
    """A line taken only when the loop asks for the choice it answers (not an action with priority, not a
    declaration)."""
    return not isinstance(act, WITH_PRIORITY + DECLARATIONS)


def _at(act: Any) -> str:
    at = act.at
    parts = ([f"turn {at.turn}"] if at.turn is not None else []) + ([at.step] if at.step is not None else [])
    return ", ".join(parts)


def check_time(game) -> None:
    """Before each step begins: the next line of the script, if its time has passed, stops the run (an answer without
    ``at`` not asked for in the turn of the line before it; a line whose ``at`` names a turn that has ended)."""
    if not game.strict or game.pos >= len(game.actions):
        return
    act, st, i = game.actions[game.pos], game.state, game.pos
    verb = verb_of(act)
    if act.at is not None and act.at.turn is not None and st.turn > act.at.turn:
        raise GameError(f"actions[{i}]", f"this '{verb}' was never carried out in its time ({_at(act)}): turn "
                                         f"{act.at.turn} has ended{_held(game)}",
                        "correct its 'at' or the lines before it (docs/play.md: when actions happen)")
    if act.at is None and is_answer(act):
        window = game.last_action_turn if game.last_action_turn is not None else game.start_turn
        if st.turn > window:
            before = f"the line before it, actions[{i - 1}], was carried out" if i else "the game began"
            raise GameError(f"actions[{i}]", f"this '{verb}' answer was never asked for: no choice it answers was made "
                                             f"in turn {window}, in which {before}{_held(game)}; an answer is taken "
                                             "only when the loop asks for its choice",
                            "remove it, put it where its choice is made, or give it 'at: {turn: N, step: STEP}' for a "
                            "choice of a later turn (docs/play.md)")


def _held(game) -> str:
    rest = len(game.actions) - game.pos - 1
    return f" (the {rest} line(s) after it wait for it)" if rest else ""


def unreached(game, status: str) -> GameError:
    """The end (docs/play.md): the first line the game never reached, named with its verb and why."""
    act, st = game.actions[game.pos], game.state
    verb = verb_of(act)
    why = {"until": f"the game stopped at its 'until' ({st.step}, turn {st.turn}) first",
           "budget": f"the game stopped after {MAX_PRIORITY} priority passes first (104.4b)"}.get(
        status, "the game ended first (104.2a)")
    what = " (an answer: no choice asked for it)" if is_answer(act) else ""
    return GameError(game.where(), f"this '{verb}' and {len(game.actions) - game.pos - 1} action(s) after it were never "
                                   f"performed{what}: {why}; an answer is taken only when the loop asks for that choice",
                     "remove the actions the game doesn't reach, move the 'until' later, or put the answer "
                     "where its choice is made (docs/play.md)")


def declarer(game, act: Any, side: str, players: list[str]) -> bool:
    """508.1, 509.1, 506.2: may this declaration be taken now, by one of ``players`` (the active player; the defending
    players)? A ``by`` naming another player stops the run (strict), or leaves the line for later (random scripts)."""
    if act.by is None or act.by in players:
        return True
    if not game.strict:
        return False
    rule, who = ("508.1", "the active player") if side == "attack" else ("509.1", "the defending player")
    raise GameError(game.where(), f"{rule}: this '{side}' is declared by {act.by}, but {who} declares "
                                  f"{'attackers' if side == 'attack' else 'blockers'} here (506.2: "
                                  f"{', '.join(players) or 'none'}; {game.state.step}, turn {game.state.turn})",
                    (f"give it by: {players[0]}" if players else "remove it") + ", or an 'at' for the combat it belongs to")


def nothing_named(game, act: Any) -> None:
    """An action that names an object not in the game when it comes (a token never created or that has ceased to
    exist) refers to nothing: an error of the script naming the line, not a refusal (733)."""
    if not game.strict:
        return
    st = game.state
    names = [(f, getattr(act, f)) for f in _MAIN if isinstance(getattr(act, f, None), str)]
    for f in _ID_FIELDS:
        for x in getattr(act, f, None) or ():
            names += [(f, k) for k in x] if isinstance(x, dict) else [(f, x)]
    names += [(f"{verb_of(act)}.{c}", c) for c in declared_ids(act)]
    for field, x in names:
        if x not in st.objects and x not in st.player_names:
            raise GameError(game.acting() if not isinstance(act, DECLARATIONS) else game.where(),
                            f"this '{verb_of(act)}' names {x!r} ({field}), which is no object of the game now (a "
                            "token not created yet or that has ceased to exist, 111.7, 704.5d): it refers to nothing",
                            "name an object that is there when the action comes (mtgjudge play --out shows them)")


def declared_ids(act: Any) -> list[str]:
    if isinstance(act, gf.Attack):
        return list(act.attack) + list(act.attack.values())
    if isinstance(act, gf.Block):
        return list(act.block) + [x for a in act.block.values() for x in (a if isinstance(a, list) else [a])]
    return []
