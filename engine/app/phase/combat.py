"""phase.rs's answer to an attack or a block query (508.1, 509.1; docs/crosscheck.md, "Checking phase.rs"): the
board set up in a phase game (engine/app/phase/board.py), the game taken to the declaration phase asks for, and the
declaration put to it. Reads the state's active player, its creatures' summoning sickness (302.6: the board's
``summoning_sick``, default false, as mtgjudge reads it) and tapped status (set by the board's setup), its combat
(the attackers of a block query, what each attacks), and the declaration (engine/files/declaration.py: its pairs,
``pay``, ``bands``).

- **The prompt.** The board's game is put in the beginning of combat step of the active player's turn (a debug
  ``SetPhase``: no beginning-of-combat ability triggers, the board being the state at the declaration) and both
  players pass priority: phase then asks the active player for its attackers (``DeclareAttackers``), or skips the
  declaration when no creature can attack (508.8: only the empty declaration is then possible). A block query
  first declares the board's attackers through phase's own ``DeclareAttackers`` (each made untapped and not
  summoning sick first, as it was when it attacked, and its tapped status set back to the board's after), a
  refusal being "phase refused the board", then both players pass to phase's ``DeclareBlockers`` prompt.
- **A declaration** (a VerdictClaim): phase's ``DeclareAttackers`` or ``DeclareBlockers`` with its pairs (a player
  by seat, a planeswalker or a battle by phase's object id). Refused (phase's rules check raises) -> ``legal:
  false``; accepted -> ``legal: true``. phase refuses on its first failing check and names no violation record of
  ours, so no ``violations`` are claimed. **Costs** (508.1g, 509.1d): when phase asks for the combat tax
  (``CombatTaxPayment``, all or nothing, listing the creatures it taxes), the declaration pays it when its ``pay``
  names every creature phase taxes (the player's mana made unlimited first: mtgjudge takes the mana of costs to
  be available, docs/combat.md) and declines it otherwise, phase then dropping the taxed creatures: the
  declaration as given can't be completed, ``legal: false`` (508.1h-j: the total cost is paid whole, no partial
  payment). A ``pay`` entry phase asks no cost for is
  nothing phase can pay: it doesn't change phase's answer.
- **No declaration** (a BestClaim): phase has no "most requirements" query (508.1d, 509.1c). Every declaration
  its prompt allows (the attackers and targets of ``valid_attacker_ids`` / ``valid_attack_targets_by_attacker``,
  the blockers, their attackers and capacities of ``valid_blocker_ids`` / ``valid_block_targets`` /
  ``block_capacities``) is tried in a fixed order, fewest creatures first, then by our ids, and the first phase
  accepts without a cost paid is the claimed ``example`` (mtgjudge checks it is legal and obeys the most
  requirements). A refused attempt leaves phase's game as it was (phase checks before it changes anything; a
  declined tax restores the prompt), so the attempts share one game.

Not expressible (:class:`engine.app.phase.Unexpressible`): bands (702.22c: a declaration's or the board's combat's,
"bands"); a block query whose board's attack phase refuses, or a permanent of the board that phase's state-based
actions remove on the way (704.3: a creature of toughness 0, 704.5f) ("phase refused the board"); a block query
whose combat already has blockers, creatures put onto the battlefield attacking (508.4: they were never
declared) or attackers of several players, an ability put on phase's stack on the way (508.2a: the board is the
state after it, phase would resolve it again), a prompt of another kind on the way, more declarations to try than
:data:`MAX_TRIES` ("combat").
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations, product
from typing import Any

from engine.app.phase import Unexpressible

MAX_TRIES = 4096  # declarations tried for a BestClaim (boards are small: 4 attackers and 4 blockers by default)
_PASSES = 8  # priority passes allowed on the way to a prompt


@dataclass
class Prompt:
    """phase's declaration prompt: the seat that declares and phase's waiting_for (None: phase skipped the
    declaration, no creature being able to attack or block)."""

    seat: int
    waiting: dict | None


def combat_claim(state, side: str, declaration, cards) -> dict:
    """phase's claim on an attack or block case: a VerdictClaim (``legal``) with a declaration, a BestClaim
    (``example``) without. Raises Unexpressible."""
    return combat_answer(state, side, declaration, cards)[0]


def combat_answer(state, side: str, declaration, cards) -> tuple[dict, str | None]:
    """The claim, and phase's refusal message when it refused the declaration (for reports), else None."""
    from engine.app.phase.board import setup

    _check(state, side, declaration)
    board = setup(state, cards)
    prompt = _attack_prompt(board, state) if side == "attack" else _block_prompt(board, state)
    if declaration is not None:
        pairs = [_pair(board, state, side, a, b) for a, b in declaration.pairs]
        taxed_ok = _pays(board, declaration.pay)
        refusal = _try(board, prompt, side, pairs, taxed_ok)
        return {"legal": refusal is None}, refusal
    return {"example": _example(board, state, prompt, side)}, None


# --- what phase can't be asked ---------------------------------------------------------------------------

def _check(state, side: str, declaration) -> None:
    if declaration is not None and declaration.bands:
        raise Unexpressible("bands", "the declaration declares bands (702.22c)")
    combat = state.combat
    if combat is not None and combat.bands:
        raise Unexpressible("bands", "the board's combat has bands (702.22c)")
    if side != "block":
        return
    if combat is None or not combat.attackers:
        raise Unexpressible("combat", "a block query without attackers")
    if combat.blockers:
        raise Unexpressible("combat", "the board's combat already has blockers")
    if combat.entered_attacking:
        raise Unexpressible("combat", "creatures put onto the battlefield attacking (508.4): phase can only "
                                      "declare them")


# --- the way to the prompt ---------------------------------------------------------------------------------

def _debug(board, seat: int, kind: str, data: dict) -> None:
    try:
        board.game.apply(seat, {"type": "Debug", "data": {"type": kind, "data": data}})
    except Exception as e:  # noqa: BLE001 - phase's refusal, named
        raise Unexpressible("phase refused the board", f"{kind} {data}: {type(e).__name__}: {e}") from None


def _attack_prompt(board, state) -> Prompt:
    """Beginning of combat, both players passing: phase's DeclareAttackers prompt (or none, 508.8)."""
    seat = board.seats[state.active]
    _debug(board, seat, "SetPhase", {"phase": "BeginCombat", "active_player": seat})
    prompt = Prompt(seat, _pass_to(board, state, "DeclareAttackers", "BeginCombat"))
    _still_there(board, state)
    return prompt


def _pass_to(board, state, prompt: str, step: str) -> dict | None:
    """Priority passed while phase stays in ``step`` with an empty stack: the prompt, or None when phase left the
    step without asking (nothing to declare)."""
    game = board.game
    for _ in range(_PASSES):
        wf = game.waiting_for()
        if wf["type"] == prompt:
            return wf
        if game.stack():
            _still_there(board, state)  # a permanent that died has a dies trigger: the death is the reason
            raise Unexpressible("combat", f"phase put {len(game.stack())} object(s) on the stack in its "
                                          f"{game.phase} step (a triggered ability)")
        if game.phase != step:
            return None
        if wf["type"] != "Priority":
            raise Unexpressible("combat", f"phase waits for {wf['type']} in its {step} step")
        board.game.apply(wf["data"]["player"], {"type": "PassPriority"})
    raise Unexpressible("phase's answer", f"phase is still in its {step} step after {_PASSES} passes")


def _block_prompt(board, state) -> Prompt:
    """The board's attackers declared through phase (each untapped and not summoning sick as it attacked, its
    tapped status the board's after), then both players passing: phase's DeclareBlockers prompt."""
    combat = state.combat
    active = board.seats[state.active]
    for a in combat.attackers:
        _debug(board, active, "SetTapped", {"object_id": board.ids[a], "tapped": False})
        _debug(board, active, "SetSummoningSickness", {"object_id": board.ids[a], "sick": False})
    attack = _attack_prompt(board, state)
    pairs = [_pair(board, state, "attack", a, t) for a, t in sorted(combat.attackers.items())]
    if attack.waiting is None:
        raise Unexpressible("phase refused the board", "phase asks for no attackers: none of the board's "
                                                       "attackers can attack in phase")
    refusal = _try(board, attack, "attack", pairs, True)
    if refusal is not None:
        raise Unexpressible("phase refused the board", f"the board's attack: {refusal}")
    defenders = {_defending_seat(board, state, t) for t in combat.attackers.values()}
    if len(defenders) != 1:
        raise Unexpressible("combat", "the attackers attack several players")
    prompt = Prompt(defenders.pop(), _pass_to(board, state, "DeclareBlockers", "DeclareAttackers"))
    _still_there(board, state)
    for a in combat.attackers:  # at the prompt: an attack trigger has been seen first ("combat")
        ob = state.objects[a]
        if board.game.object(board.ids[a])["tapped"] != ob.tapped:
            _debug(board, active, "SetTapped", {"object_id": board.ids[a], "tapped": ob.tapped})
    if prompt.waiting is not None and board.game.waiting_for() != prompt.waiting:
        raise Unexpressible("phase's answer", "phase's DeclareBlockers prompt changed as the attackers' tapped "
                                              "status was set")
    return prompt


def _defending_seat(board, state, target: str) -> int:
    if target in board.seats:
        return board.seats[target]
    return board.seats[state.objects[target].controller]


def _still_there(board, state) -> None:
    """Every permanent of the board still on phase's battlefield once phase has checked state-based actions on
    the way to the prompt (704.3): one that left (a creature of toughness 0, 704.5f) makes another board."""
    there = {o["id"] for o in board.game.battlefield()}
    for oid in state.battlefield:
        if oid in board.ids and board.ids[oid] not in there:
            raise Unexpressible("phase refused the board", f"{oid} ({state.objects[oid].card_name}) left phase's "
                                                           "battlefield as state-based actions were checked (704.3)")


# --- declarations in phase's terms ---------------------------------------------------------------------------

def _target(board, state, target: str) -> dict:
    """What an attacker attacks, as phase names it (a player by seat, a planeswalker or battle by object id)."""
    if target in board.seats:
        return {"type": "Player", "data": board.seats[target]}
    if target not in board.ids:
        raise Unexpressible("phase refused the board", f"{target} is not in phase's game")
    types = state.objects[target].printed.types if state.objects[target].printed is not None else ()
    kind = "Battle" if "battle" in types else "Planeswalker"
    return {"type": kind, "data": board.ids[target]}


def _pair(board, state, side: str, a: str, b: str) -> list:
    if a not in board.ids:
        raise Unexpressible("phase refused the board", f"{a} is not in phase's game")
    if side == "attack":
        return [board.ids[a], _target(board, state, b)]
    if b not in board.ids:
        raise Unexpressible("phase refused the board", f"{b} is not in phase's game")
    return [board.ids[a], board.ids[b]]


def _pays(board, pay) -> Any:
    """Whether phase's tax on these creatures is paid: they are all in ``pay`` (by phase id)."""
    paid = {board.ids[p] for p in pay if p in board.ids}
    return lambda taxed: bool(taxed) and set(taxed) <= paid


def _action(side: str, pairs: list) -> dict:
    if side == "attack":
        return {"type": "DeclareAttackers", "data": {"attacks": pairs, "bands": []}}
    return {"type": "DeclareBlockers", "data": {"assignments": pairs}}


def _try(board, prompt: Prompt, side: str, pairs: list, pay) -> str | None:
    """Put a declaration to phase: None when it stands, else why not (phase's refusal, or its tax unpaid).
    ``pay``: True to pay any tax, else a function of the taxed creatures (phase ids) saying whether it's paid."""
    if prompt.waiting is None:
        return None if not pairs else f"phase asks for no {side} declaration: no creature can {side}"
    game = board.game
    try:
        result = game.apply(prompt.seat, _action(side, pairs))
    except ValueError as e:
        return str(e)
    wf = result.waiting_for
    if isinstance(wf, dict) and wf.get("type") == "CombatTaxPayment":
        taxed = [c for c, _ in wf["data"].get("per_creature") or ()]
        if pay is True or pay(taxed):
            _debug(board, prompt.seat, "SetInfiniteMana", {"player_id": prompt.seat, "enabled": True})
            game.apply(prompt.seat, {"type": "PayCombatTax", "data": {"accept": True}})
            return None
        game.apply(prompt.seat, {"type": "PayCombatTax", "data": {"accept": False}})
        back = {v: k for k, v in board.ids.items()}
        return f"the cost to {side} with {', '.join(sorted(back.get(c, str(c)) for c in taxed))} is not paid"
    return None


# --- the first declaration phase accepts ---------------------------------------------------------------------

def _candidates(board, state, prompt: Prompt, side: str) -> list[tuple[tuple, list]]:
    """Every declaration phase's prompt allows, as (our pairs, phase's pairs), fewest creatures first, then by
    our ids."""
    wf = prompt.waiting["data"] if prompt.waiting is not None else {}
    back = {v: k for k, v in board.ids.items()}
    seats = {v: k for k, v in board.seats.items()}

    def ours(pid: int) -> str:
        if pid not in back:
            raise Unexpressible("phase refused the board", f"phase offers object {pid}, which is not on the board")
        return back[pid]

    options: list[list[tuple]] = []  # per creature: its choices, each a tuple of (our pair, phase's pair)
    if side == "attack":
        by = wf.get("valid_attack_targets_by_attacker") or {}
        for pid in sorted(wf.get("valid_attacker_ids") or (), key=lambda p: ours(p)):
            choices = [()]
            for t in by.get(str(pid), ()):
                name = seats[t["data"]] if t["type"] == "Player" else ours(t["data"])
                choices.append((((ours(pid), name), [pid, t]),))
            options.append(choices)
    else:
        targets = wf.get("valid_block_targets") or {}
        caps = wf.get("block_capacities") or {}
        for pid in sorted(wf.get("valid_blocker_ids") or (), key=lambda p: ours(p)):
            attackers = sorted(targets.get(str(pid), ()), key=lambda p: ours(p))
            cap = min(caps.get(str(pid), 1) or 1, len(attackers))
            choices = [()]
            for k in range(1, cap + 1):
                for combo in combinations(attackers, k):
                    choices.append(tuple(((ours(pid), ours(a)), [pid, a]) for a in combo))
            options.append(choices)
    count = 1
    for o in options:
        count *= len(o)
    if count > MAX_TRIES:
        raise Unexpressible("combat", f"{count} declarations to try (more than {MAX_TRIES})")
    decls = []
    for combo in product(*options) if options else [()]:
        flat = [p for choice in combo for p in choice]
        decls.append((tuple(sorted(o for o, _ in flat)), [p for _, p in flat]))
    decls.sort(key=lambda d: (len({a for a, _ in d[0]}), d[0]))
    return decls


def _example(board, state, prompt: Prompt, side: str) -> dict | None:
    """The first declaration phase accepts without a cost paid, as a declaration file holds it; None when phase
    accepts none."""
    for ours, pairs in _candidates(board, state, prompt, side):
        if _try(board, prompt, side, pairs, lambda taxed: False) is None:
            if side == "attack":
                return {"attack": {c: t for c, t in ours}}
            blocks: dict[str, list[str]] = {}
            for b, a in ours:
                blocks.setdefault(b, []).append(a)
            return {"block": {b: (v[0] if len(v) == 1 else sorted(v)) for b, v in sorted(blocks.items())}}
    return None
