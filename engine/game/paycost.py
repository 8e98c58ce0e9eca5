"""Costs paid while a spell or ability resolves (118.12, 608.2c-d; issue 21): "you may pay 2 life" (119.4), "you may
sacrifice another creature" (701.21a) as the first operation of a `may` whose "If you do, ..." and "If you don't, ..."
depend on whether it was done, and "[each opponent] sacrifices a permanent of their choice unless they pay {1}" (each
player the subject names may pay; the mana is really paid, 118.3). A part of engine/game/instructions.py's chapter."""

from __future__ import annotations

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files import gamefile as gf
from engine.files.events import LifeLoss, ZoneChange
from engine.game import blight, exploit
from engine.game.common import GameError
from engine.game import reflexive
from engine.vocab.effects import Continuous  # 611.2c: an effect of its own on one target (own_effect)


def is_first(op) -> bool:
    """The first operations of a `may` done here (instructions.py: op may): life paid, a sacrifice of its controller's,
    a permanent of theirs returned to its owner's hand, a blight of theirs (701.68), the source's card exiled from its
    graveyard (exile_self, 603.10a)."""
    return op.op in ("pay_life", "exile_self") or op.op in ("sacrifice", "return_chosen", "blight") and op.who == "you"


def done(instr, first, source: str, you: str, name: str, text: str, ab=None) -> bool:
    """608.2d, 118.12: whether the controller did the first operation of "you may [pay 2 life | sacrifice a
    creature]. If you do (don't), ...": an option that can't be taken can't be chosen (118.3). ``ab``: the resolving
    ability (exploit's, 702.110a: the source exploits the creature sacrificed, 702.110b: engine/game/exploit.py)."""
    game = instr.game
    if first.op == "sacrifice":  # 701.21a: one permanent of theirs ({sacrifice: ID}; {sacrifice: null}: not done)
        exploiter = source if exploit.is_exploit(ab) else None
        return instr.may_sacrifice_one(first.what, source, you, name, exploiter)[0] is not None
    if first.op == "exile_self":  # 603.10a, 400.7: the card the source became in its graveyard, if still there
        return exile_own(game, source, you, name, text)
    if first.op == "return_chosen":  # 400.3, 608.2d: only with a permanent of theirs the selector matches
        return return_own(instr, first, source, you, name, text)
    if first.op == "blight":  # 701.68b: one who controls no creature can't choose to blight
        if not blight.can_blight(game, you, source):
            game.say("701.68b", f"{you} controls no creature: {you} can't choose to blight for {name}, and doesn't")
            return False
        yes = _answer(game, you, f"701.68a: {you} may blight {first.amount} for {name} (\"{text}\")")
        game.say("608.2d", f"{you} chooses {'to' if yes else 'not to'} blight {first.amount} for {name}")
        if yes:
            blight.follow(game, first, source, you, name)
        return yes
    return pay_life(game, you, first.amount, name, text)


def pay_life(game, you: str, amount: int, name: str, text: str) -> bool:
    """118.12, 119.4: whether ``you`` pays ``amount`` life for the ability of ``name`` as it resolves ({may: true |
    false}); they can't with less life than that (118.3: not asked)."""
    life = game.state.player(you).life
    if life < amount:  # 119.4: a player can pay life only if their life total is at least the payment
        game.say("119.4", f"{you} has {life} life: {you} can't pay {amount} life for {name} (118.3), and doesn't")
        return False
    yes = _answer(game, you, f"118.12: {you} may pay {amount} life for {name} (\"{text}\")")
    game.say("118.12", f"{you} {'pays' if yes else 'does not pay'} {amount} life for {name}")
    if yes:  # 119.4: paying life is losing it (through the replacement program, as a cost's is: cost_parts.py)
        game.events.player_events([LifeLoss(type="life_loss", player=you, amount=amount)])
    return yes


def exile_own(game, source: str, you: str, name: str, text: str) -> bool:
    """608.2d, 603.10a: "When this creature dies, you may exile it. If you do, ...": whether they exile the card the
    source became in its owner's graveyard ({may: true | false}); they can't once it left the graveyard, or if it is a new
    object there (400.7: it died, left and came back)."""
    o, ref = game.state.objects.get(source), game.resolution.resolving_refs.get("self")
    if o is None or o.zone != "graveyard" or ref is not None and not game.same(ref):
        game.say("400.7", f"{name} is no longer in its owner's graveyard: {you} can't exile it, and doesn't (608.2d)")
        return False
    yes = _answer(game, you, f"608.2d: {you} may exile {name} from the graveyard (\"{text}\")")
    game.say("608.2d", f"{you} chooses {'to' if yes else 'not to'} exile {name} from the graveyard")
    if yes:  # 701.13a: from the graveyard to exile
        game.events.zone_changes([ZoneChange(type="zone_change", object=source, **{"from": "graveyard"}, to="exile")],
                                 "701.13", "is exiled")
    return yes


def return_own(instr, first, source: str, you: str, name: str, text: str) -> bool:
    """608.2d, 400.3: "sacrifice it unless you return a land you control to its owner's hand": whether they return one
    ({may: true} then, with several, {return: ID}; {may: false}: not done); they can't without such a permanent."""
    game = instr.game
    st = game.state
    ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
    if not any(game.chars(x).get("controller") == you and ctx.match(first.what, x) for x in st.battlefield):
        game.say("608.2d", f"{you} controls nothing to return to its owner's hand for {name}: the option can't be chosen")
        return False
    yes = _answer(game, you, f"608.2d: {you} may return a permanent to its owner's hand for {name} (\"{text}\")")
    game.say("608.2d", f"{you} chooses {'to' if yes else 'not to'} return a permanent for {name}")
    if yes:  # 400.3: one of theirs, of their choice (the chapter's return_chosen)
        instr.follow(first, source, None, you, [], name)
    return yes


def handles(op) -> bool:
    """The operations of the chapter's `follow` done here: {op: create_effect}, {op: reflexive_trigger} (603.12:
    reflexive.py), and a sacrifice of other players "unless they pay" (a sacrifice of its controller's own "unless you
    pay" is instructions.py's: echo 702.30a)."""
    return op.op in ("create_effect", "reflexive_trigger") or op.op == "sacrifice" and op.unless_pays is not None and op.who != "you"


def follow(instr, op, source: str, ab, you: str, targets: list, name: str, pays) -> None:
    """611.2, 608.2c: {op: create_effect} (in the "If you do" of a may): the ability's continuous effect, or its rules on
    attacks and blocks, created now (the loop doesn't create it again at the end of the resolution: resolve.py);
    118.12: "each opponent sacrifices ... unless they pay {N}" (edict_unless)."""
    if op.op == "reflexive_trigger":  # 603.12
        reflexive.follow(instr, op, source, ab, you, name)
    elif op.op == "create_effect" and op.target is not None:  # 611.2c: on that target only; 608.2b: none if illegal
        if op.target <= len(targets) and targets[op.target - 1] is not None:
            if op.other_than_source and targets[op.target - 1] == source:  # 702.165a: "If that's another creature"
                instr.game.say("702.165a", f"the target is {source} itself: it gains no abilities")
                return
            instr.continuous_effect(source, own_effect(ab, op), you, [targets[op.target - 1]])
    elif op.op == "create_effect":
        instr.continuous_effect(source, ab, you, [t for t in targets if t is not None])
    else:
        edict_unless(instr, op, source, you, targets, name, pays)


def edict_unless(instr, op, source: str, you: str, targets: list, name: str, pays) -> None:
    """118.12, 701.21a: "each opponent sacrifices a permanent of their choice unless they pay {1}": each player the
    subject names, in turn order (101.4), may pay the mana ({may: true, by: PLAYER, tap: [...]}); one who doesn't
    sacrifices a permanent of theirs the selector matches, of their choice (``pays``: instructions.pays, 118.3)."""
    for p in instr._who(op.who, you, targets):
        if pays(instr.game, p, op.unless_pays, "118.12", f"{p} may pay {op.unless_pays}, or sacrifice a permanent ({name})"):
            instr.game.say("118.12", f"{p} pays {op.unless_pays} for {name}: {p} sacrifices nothing")
            continue
        instr.game.say("118.12", f"{p} doesn't pay {op.unless_pays} for {name}")
        instr.sacrifice_of_choice(op, source, p, name)


def _answer(game, you: str, question: str) -> bool:
    """The player's {may: true | false} for an option of theirs as the ability resolves (608.2d); --auto: yes; left out,
    the game stops and names the question."""
    act = game.action()
    if isinstance(act, gf.MayAnswer) and act.by in (None, you):
        game.take()
        return act.may
    if game.auto:
        return True
    raise GameError(game.where(), question, "add {may: true} or {may: false}, or use --auto")


def own_effect(ab, op):
    """611.2c: the ability as the effect {op: create_effect, target, do} creates it: its continuous effect with these
    changes instead ("Another target creature gets -2/-2 until end of turn." after "Target creature gets +2/+2 until end
    of turn."), or the ability itself."""
    if not getattr(op, "do", None) or ab.continuous is None:
        return ab
    do = Continuous.model_validate({"do": op.do}).do
    return ab.model_copy(update={"continuous": ab.continuous.model_copy(update={"do": do})})
