"""Where ``what: it`` and ``power_toughness_of: that_creature`` may appear in a one_shot (603.7c): a
check of the card vocabulary (engine/vocab/oneshot.py), walking the nested operations."""
from __future__ import annotations


def check_it(ops, inside: bool = False, if_dies: bool = False) -> None:
    """``what: it`` names the object a delayed triggered ability refers to (603.7c): only in the
    operations of one; ``power_toughness_of: that_creature`` the creature a destroy's ``if_dies``
    refers to: only there."""
    repeats = [k for k, op in enumerate(ops or ()) if op.op == "repeat_process"]  # 608.2c: the process before it
    if repeats and (repeats != [len(ops) - 1] or len(ops) < 2 or inside) or any(_repeats_in(op) for op in ops or ()):
        raise ValueError("repeat_process is the last instruction of an ability's one_shot, after its process")
    for op in ops or ():
        if isinstance(getattr(op, "what", None), str) and op.what == "it" and not inside:
            raise ValueError(f"'what: it' (op {op.op}) is the object a delayed triggered ability refers to: use it in "
                             "the one_shot of a delayed_trigger")
        if getattr(op, "power_toughness_of", None) is not None and not if_dies:
            raise ValueError("'power_toughness_of: that_creature' (op create_token) is the creature a destroy's "
                             "if_dies refers to: use it in the if_dies of a destroy")
        if op.op == "delayed_trigger":
            check_it(op.one_shot, True)
        elif op.op == "destroy":
            check_it(op.if_dies, inside, True)
            check_it(op.otherwise, inside)
        elif op.op == "may_sacrifice":
            check_it(op.otherwise, inside)
            check_it(op.when_you_do, inside)
        elif op.op == "sacrifice":
            check_it(op.if_you_do, inside)
        elif op.op == "may":
            check_it(op.one_shot, inside)
            check_it(op.if_you_do, inside)
        elif op.op == "if":  # 608.2c (oneshot_ifcond.py)
            check_it(op.one_shot + op.otherwise, inside)
        elif op.op == "reflexive_trigger":  # 603.12 (oneshot_reflexive.py)
            check_it(op.one_shot, inside)


def _repeats_in(op) -> bool:
    """A repeat_process among the operations nested in ``op`` (608.2c: the process is the ability's instructions)."""
    for name in ("one_shot", "if_you_do", "otherwise", "if_dies", "when_you_do"):
        for inner in getattr(op, name, None) or ():
            if getattr(inner, "op", None) == "repeat_process" or _repeats_in(inner):
                return True
    return False
