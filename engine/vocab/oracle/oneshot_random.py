"""Family 5 of the Oracle grammar (oneshot_random.lark; issue 21): randomness as a spell or ability resolves. "Flip a
coin." (705.1, the current official rules: the seed text stops at 702.42) -> {op: flip_coin}, "Clash with an
opponent." (701.30a-b) -> {op: clash} (engine/vocab/oneshot_random.py; the loop: engine/game/random_ops.py), and the
sentences after them: "If you win the flip, ..." (the flip's ``one_shot``), "If you lose the flip, ..." (its
``otherwise``), "If you win, ..." (the clash's ``one_shot``), each joined (``join``) to the flip or clash that ends the
sentence just before it (or, for a flip, to the flip whose other branch that sentence was). The branch's instructions
are read as a conditional instruction's (oneshot_ifcond._inner: one-shot operations, or the ability's one continuous
effect created there); anything else is not read. "Roll a d20." (706, current official rules) -> {op: roll_die, sides},
and the rows of its results table after it ("1—9 | [instructions].", joined to it by engine/vocab/oracle/dietable.py:
the row's one-shot operations, without targets) -> its ``results``."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead
from engine.vocab.oracle.oneshot_cards import Piece
from engine.vocab.oracle.oneshot_ifcond import _inner

# the branch sentences: their tuple's first item -> (the op they complete, the field they fill)
_BRANCHES = {"rd_won_flip": ("flip_coin", "one_shot"), "rd_lost_flip": ("flip_coin", "otherwise"),
             "rd_won_clash": ("clash", "one_shot")}


def _row(host: Piece, got: list) -> None:
    """706: a row of a results table ("10—19 | [instructions].") put into the roll of ``host``, after its rows (in order
    from 1: each row's lowest result the one after the last row's highest), or a sentence after a row, that row's."""
    last = host.ops[-1]
    if isinstance(got[0], tuple):
        _, low, high, branch = got[0]
        rows = last.setdefault("results", [])
        if low != (rows[-1]["high"] + 1 if rows else 1) or high < low:
            raise NotRead("a results table's rows out of order")
        rows.append({"low": low, "high": high, "one_shot": []})
    else:
        branch = got
    inner = _inner(branch, False)
    if inner.continuous is not None or inner.combat or inner.targets or inner.x:
        raise NotRead("a results table's row with a target, X or a continuous effect (not read)")
    last["results"][-1]["one_shot"] += inner.ops


def join(pieces: list, before: int) -> list:
    """The pieces of the paragraph with the last sentence's branch (if it is one) put into the flip or clash before it
    (``before``: how many pieces there were before that sentence); a row of a results table, or a sentence after one,
    into the roll before it (706)."""
    got = pieces[before:]
    host = pieces[before - 1] if before >= 1 and isinstance(pieces[before - 1], Piece) else None
    last = host.ops[-1] if host is not None and host.ops else {}
    is_row = any(isinstance(p, tuple) and p[0] == "rd_row" for p in got)
    if is_row or last.get("op") == "roll_die" and last.get("results") and got and all(isinstance(p, Piece) for p in got):
        if last.get("op") != "roll_die" or is_row and len(got) != 1:
            raise NotRead("a results table's row after no die roll")
        _row(host, got)
        return pieces[:before]
    if not any(isinstance(p, tuple) and p[0] in _BRANCHES for p in got):
        return pieces
    if len(got) != 1 or before < 1 or not isinstance(pieces[before - 1], Piece):
        raise NotRead("a coin flip's or clash's win or loss after no instruction")
    (kind, branch), host = got[0], pieces[before - 1]
    op_name, field = _BRANCHES[kind]
    last = host.ops[-1] if host.ops else {}
    inside = last.get("one_shot") or [{}]
    if last.get("op") == "may" and len(inside) == 1 and inside[0].get("op") == op_name and not last.get("if_you_do"):
        last = inside[0]  # 608.2d: "you may flip a coin. If you win the flip, ...": only if they flip it
    if last.get("op") != op_name or last.get(field):
        raise NotRead(f"'{kind}' after no {op_name} whose branch is still to say")
    inner = _inner(branch, False)  # (608.2c: one-shot operations, or one continuous effect created there)
    if inner.continuous is not None or inner.combat:
        if host.continuous is not None or host.combat:
            raise NotRead("two continuous effects of a coin flip's or clash's branches")
        host.continuous, host.combat = inner.continuous, inner.combat
    last[field] = inner.ops
    host.targets += [t for t in inner.targets if t not in host.targets]  # 601.2c: in the order printed
    host.x = host.x or inner.x
    return pieces[:before]


def check(ops: list) -> None:
    """706, 608.2h: an amount {rolled: result} ("equal to the result"; the private mark ``_rolled`` dropped here) is read
    only in the instruction right after a roll with no results table, in the same list of instructions, and such a roll
    only with that instruction after it; anywhere else the ability is not read."""
    for i, op in enumerate(ops):
        amount = op.get("amount")
        prior = ops[i - 1] if i else {}
        if isinstance(amount, dict) and amount.pop("_rolled", False):
            if prior.get("op") != "roll_die" or prior.get("results"):
                raise NotRead("'the result' after no die rolled")
        if op.get("op") == "roll_die" and not op.get("results"):
            after = ops[i + 1] if i + 1 < len(ops) else {}
            if not (isinstance(after.get("amount"), dict) and "rolled" in after["amount"]):
                raise NotRead("a die rolled with no results table and no instruction reading its result")
        for key in ("one_shot", "if_you_do", "otherwise"):
            check(op.get(key) or [])


# 706: "a six-sided die" (the d6)
_SIDES = {"four-sided": 4, "six-sided": 6, "twenty-sided": 20}


class RandomReader:
    """The reader's transformer methods for oneshot_random.lark (a mixin of oneshot._Reader)."""

    def rd_flip_coin(self, _children):
        """705.1: "flip a coin": its controller flips a coin (its branches: the sentences after it)."""
        return Piece([{"op": "flip_coin"}])

    def rd_clash(self, _children):
        """701.30a-b: "clash with an opponent": its controller and an opponent they choose clash."""
        return Piece([{"op": "clash"}])

    def rd_sentences(self, children):
        return children[0]  # (the branch's tuple, for ``join``)

    def rd_roll_die(self, children):
        """706: "roll a d20": its controller rolls a die of that many faces (its results table: the rows after it)."""
        words = str(children[0]).lower()
        sides = _SIDES.get(words.split()[-2]) if words.endswith("-sided die") else int(words.rpartition(" d")[2])
        return Piece([{"op": "roll_die", "sides": sides}])

    def rd_row(self, children):
        """706: "10—19 | [instructions].": the results from 10 to 19 of the roll before it."""
        low, _, high = str(children[0]).removesuffix(" |").partition("—")
        return [("rd_row", int(low), int(high or low), [c for c in children if isinstance(c, Piece)])]

    def _branch(self, kind: str, children) -> list:
        return [(kind, [c for c in children if isinstance(c, Piece)])]

    def rd_won_flip(self, children):
        """705.1: "If you win the flip, [instructions].\""""
        return self._branch("rd_won_flip", children)

    def rd_lost_flip(self, children):
        """705.1: "If you lose the flip, [instructions].\""""
        return self._branch("rd_lost_flip", children)

    def rd_won_clash(self, children):
        """701.30d: "If you win, [instructions].\""""
        return self._branch("rd_won_clash", children)
