"""The source of a board's effect whose ability says "this" (issue 22).

An effect entry (`effects:`) made by an ability that refers to the object it is on ("this creature gets +1/+1 until
end of turn": Frozen Shade; "Regenerate this creature": Drudge Skeletons; `self` in its selectors) affects that
object, the effect's `source` (611.2, 113.7: the source of an ability is the object it is on). Without `source` it
affected nothing, without a word. A judge writing "Frozen Shade's ability resolved" means the Frozen Shade on the
board: when exactly one permanent made from the card of `from` is on the battlefield, it is the source, and
`mtgjudge show` and `mtgjudge replace` say it was inferred; when none or several are, the board is refused, naming
the entry and the fix (give `source:`). Only the parts of the ability that make the effect are read (its continuous
effect, its replacement or prevention effect), not its cost ("Sacrifice this creature: ..." makes an effect that
doesn't refer to the sacrificed creature).
"""

from __future__ import annotations

from typing import Any

# the parts of an ability's map that are not the effect it creates (docs/card-format.md)
_NOT_THE_EFFECT = {"kind", "cost", "effect", "text", "trigger", "targets", "one_shot", "keyword", "reminder"}


# the fields whose `true` names the effect's source: a selector's `self` ("this creature"), a redirection shield's
# `protects_source` ("the next 1 damage that would be dealt to this creature", Spirit en-Kor)
_SOURCE_FLAGS = {"self", "protects_source"}


def _says_self(data: Any) -> bool:
    """`self: true` in a selector (or another of _SOURCE_FLAGS), or a selector field whose value is "self"
    (attached_to: self, ...)."""
    if isinstance(data, dict):
        return any((k in _SOURCE_FLAGS and v is True) or v == "self" or _says_self(v) for k, v in data.items())
    if isinstance(data, (list, tuple)):
        return any(_says_self(v) for v in data)
    return False


def refers_to_self(ability) -> bool:
    """Whether the effect an ability creates refers to the object the ability is on ("this creature")."""
    dump = getattr(ability, "model_dump", None)
    if dump is None:
        return False
    data = dump(by_alias=True, exclude_defaults=True)
    return _says_self({k: v for k, v in data.items() if k not in _NOT_THE_EFFECT})


def inferred_source(builder, card_name: str, ability, f: str, affected=None) -> str | None:
    """The id of the one permanent made from ``card_name`` on the battlefield, for an effect entry without `source`
    whose ability says "this"; None when the ability doesn't, or the entry gives ``affected`` (the objects it affects
    are fixed, 611.2c: `mtgjudge play --out` writes an effect whose source ceased to exist so). An InputError when
    none or several are there."""
    if affected is not None or not refers_to_self(ability):
        return None
    made = [oid for oid in builder.battlefield if builder.objects[oid].card_name == card_name]
    if len(made) == 1:
        return made[0]
    where = (f"{len(made)} permanents made from it are on the battlefield ({', '.join(made)})" if made
             else "no permanent made from it is on the battlefield")
    raise builder.err(f"{f}.source", f"the effect's ability refers to 'this' ({card_name!r}, the object it is on) and "
                                     f"{where}, so it would affect nothing",
                      "give `source:`, the id of the permanent with this ability")
