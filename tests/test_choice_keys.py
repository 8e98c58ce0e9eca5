"""The keys of `choices` (asp_rules/choice_keys.py) are every key the engine and the bridge read or write, and no
other: the loader refuses any other key (issue 22: `creature:` for a chosen creature was silently ignored)."""

from __future__ import annotations

import ast
import typing
from pathlib import Path

from asp_rules.choice_keys import CHOICE_KEYS, CHOICE_PREFIXES, kind_of, value_problem

ROOT = Path(__file__).resolve().parent.parent


def _is_choices(n: ast.AST) -> bool:
    return (isinstance(n, ast.Attribute) and n.attr == "choices") or (isinstance(n, ast.Name) and n.id == "choices")


def _keys_in_source() -> dict[str, str]:
    """Every constant key read or written on a `choices` map in engine/ and bridge/ (subscripts, get, pop, `in`,
    dict literals given as `choices=`, update's keywords, the keys of a comprehension written to `choices`)."""
    found: dict[str, str] = {}
    for root in ("engine", "bridge"):
        for path in sorted((ROOT / root).rglob("*.py")):
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for n in ast.walk(tree):
                keys: list[ast.AST] = []
                if isinstance(n, ast.Subscript) and _is_choices(n.value):
                    keys = [n.slice]
                elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and _is_choices(n.func.value)
                      and n.func.attr in ("get", "pop", "setdefault") and n.args):
                    keys = [n.args[0]]
                elif (isinstance(n, ast.Call) and isinstance(n.func, ast.Attribute) and _is_choices(n.func.value)
                      and n.func.attr == "update"):
                    keys = [ast.Constant(k.arg) for k in n.keywords if k.arg]
                elif isinstance(n, ast.Compare) and isinstance(n.ops[0], (ast.In, ast.NotIn)) and _is_choices(n.comparators[0]):
                    keys = [n.left]
                elif isinstance(n, ast.keyword) and n.arg == "choices" and isinstance(n.value, ast.Dict):
                    keys = [k for k in n.value.keys if k is not None]
                elif (isinstance(n, ast.AnnAssign) and _is_choices(n.target) and isinstance(n.value, ast.DictComp)
                      and isinstance(n.value.generators[0].iter, ast.Tuple)):
                    keys = list(n.value.generators[0].iter.elts)
                for k in keys:
                    if isinstance(k, ast.Constant) and isinstance(k.value, str):
                        found.setdefault(k.value, f"{path.relative_to(ROOT)}:{n.lineno}")
    return found


def test_every_key_the_code_reads_or_writes_is_known():
    found = _keys_in_source()
    assert len(found) > 40  # (the scan sees the code)
    unknown = {k: where for k, where in found.items() if kind_of(k) is None}
    assert not unknown, f"add these to asp_rules/choice_keys.py: {unknown}"


def test_keys_written_under_a_name_are_known():
    """The keys the engine writes under a name it computes: the alternative costs (engine/game/alt_costs.py), the
    optional costs' (optional_costs.CHOSEN), squad and offspring, the values chosen as a spell resolves (608.2d) and
    as a permanent enters (614.12), the spell qualities an amount reads (702.33d, 702.166b)."""
    from engine.game import alt_costs, optional_costs
    from engine.vocab import oneshot_choice, selector
    names = set(alt_costs.RULES) | set(optional_costs.CHOSEN.values()) | {"squad", "offspring"}
    names |= set(typing.get_args(oneshot_choice.ChooseValue.model_fields["choice"].annotation))
    names |= set(typing.get_args(selector.IfPaid.model_fields["if_spell_was"].annotation))
    names |= {"color", "creature_type", "exiled", "basic_land_type", "card_name", "player"}  # 614.12 (events.py)
    assert not {n for n in names if kind_of(n) is None}


def test_every_known_key_is_read_somewhere():
    """No key is listed that nothing reads (the list is what the engine reads, not what a user might wish)."""
    found = set(_keys_in_source())
    from engine.game import alt_costs, optional_costs
    computed = set(alt_costs.RULES) | set(optional_costs.CHOSEN.values()) | {"squad", "offspring", "source"}
    assert not [k for k in CHOICE_KEYS if k not in found | computed]


def test_values_are_checked_by_kind():
    assert value_problem("x", 3) is None and value_problem("x", -1) and value_problem("x", "3")
    assert value_problem("kicked", True) is None and value_problem("kicked", "yes")
    assert value_problem("exiled", ["a", "b"]) is None and value_problem("exiled", "a")
    assert value_problem("copy", True) is None and value_problem("copy", "bears") is None and value_problem("copy", 3)
    assert all(p.endswith(": ") for p in CHOICE_PREFIXES)
    assert kind_of("activations on turn: {T}: Draw a card.") == "record"
