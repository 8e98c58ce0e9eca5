"""608.2c, 608.2d: a value chosen as a spell or ability resolves ("Choose a creature type.", "Choose a color.": the
vocabulary's {op: choose_value}, engine/game/choice_ops.py) is the value its later instructions name ("Draw a card
for each permanent you control of that type.", "~ deals X damage to each creature of the chosen color."). The
instructions' selectors say it with the selector fields of a value chosen for the source (chosen_creature_type,
chosen_color: 614.12's "of the chosen type"); once the value is chosen, each later instruction is followed with the
value in their place, as the selector's own words (subtypes: [it], colors: [it]), which the one selector matcher
(bridge/selectors.py: has_sub, a changeling included, 702.73a; the object's colors) reads as it reads the chosen
value. No value chosen yet: the instruction stays as it is (a value chosen as the permanent entered, 614.12, is the
source's; none chosen, none matches)."""

from __future__ import annotations

# the selector field naming a value chosen -> (the value's key in ``values_chosen``, the selector's field for it)
_FIELDS = {"chosen_creature_type": ("creature_type", "subtypes"), "chosen_color": ("color", "colors"),
           "not_chosen_creature_type": ("creature_type", "not_subtypes")}  # "that aren't of the chosen type" (205.3m)


def _bound(data, values: dict):
    """``data`` (an instruction's dump) with each selector's chosen_creature_type / chosen_color replaced by the value
    chosen, or None if nothing in it names one."""
    changed = False
    if isinstance(data, dict):
        out = {}
        for k, v in data.items():
            if k in _FIELDS and v is True and _FIELDS[k][0] in values:
                key, field = _FIELDS[k]
                if data.get(field):  # (a selector naming both a type and the chosen one: never built by the grammar)
                    return None
                out[field] = [values[key]]
                changed = True
                continue
            inner = _bound(v, values)
            changed |= inner is not None
            out[k] = v if inner is None else inner
        return out if changed else None
    if isinstance(data, list):
        items = [_bound(x, values) for x in data]
        if all(x is None for x in items):
            return None
        return [x if b is None else b for x, b in zip(data, items)]
    return None


def bind(instructions, op):
    """608.2c: ``op`` with the values chosen so far as this spell or ability resolves in place of "the chosen type",
    "the chosen color" (``instructions.values_chosen``); ``op`` itself when it names none."""
    values = {k: v for k, v in (getattr(instructions, "values_chosen", None) or {}).items()
              if k in ("creature_type", "color") and isinstance(v, str)}
    if not values or getattr(op, "op", None) == "choose_value":
        return op
    data = _bound(op.model_dump(by_alias=True, exclude_defaults=True), values)
    return op if data is None else type(op).model_validate(data)
