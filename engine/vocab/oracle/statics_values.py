"""Family 2 of the Oracle grammar (issue 21): the values and selectors of ``statics.py`` whose "it" is the
effect's subject ("for each Aura attached to it", "for each oil counter on it", "as long as it's
equipped"), made the vocabulary's (docs/card-format.md#values, #selectors) once the subject is known."""

from __future__ import annotations

from engine.vocab.oracle.objects import NotRead

_IT = object()  # "it": the object the condition names, or the subject the condition follows
PERMANENT_CARD = ["Artifact", "Battle", "Creature", "Enchantment", "Land", "Planeswalker"]  # 110.4a
_ATT_KINDS = {"Aura": ["Aura"], "Auras": ["Aura"], "Equipment": ["Equipment"], "Aura and Equipment": ["Aura", "Equipment"],
              "Equipment and Aura": ["Aura", "Equipment"]}


def _count(sel: dict, **kw) -> dict:
    """A count value of the vocabulary (docs/card-format.md#values): the objects ``sel`` matches, or the
    counters of a kind on them (``for each oil counter on it``, kept in the selector as ``_counters``)."""
    sel = dict(sel)
    counters = sel.pop("_counters", None)
    btypes = sel.pop("_btypes", None)
    return {"count": sel, **kw, **({"counters": counters} if counters else {}),
            **({"basic_land_types": True} if btypes else {})}


def _host(subject) -> str:
    """What "attached to it" is attached to: the source (its own ability, 'this creature'), or the object the
    source is attached to ('enchanted creature', 'equipped creature'; 301.5a, 303.4)."""
    base = _base(subject)
    return "self" if base == {"self": True} else "attached"


def _resolve(sel: dict, subject) -> dict:
    """A counted or conditional selector whose "it" is the effect's subject, made a selector of the
    vocabulary: "for each Aura attached to it", "for each oil counter on it", "it's equipped"."""
    if "_it" in sel:  # the counters on it
        sel = {**{k: v for k, v in sel.items() if k != "_it"}, **_base(subject)}
    if "_host_kinds" in sel or "_attached_state" in sel:
        kinds = sel.get("_host_kinds") or sel.get("_attached_state")
        rest = {k: v for k, v in sel.items() if k not in ("_host_kinds", "_attached_state", "self", "attached")}
        if rest:
            raise NotRead("attached objects with other qualities")
        host = "self" if sel.get("self") else "attached" if sel.get("attached") else _host(subject)
        sel = {"subtypes": list(kinds), "attached_to": host}
    return sel


def _base(sel) -> dict:
    """The object a pronoun can stand for: the source or the object it is attached to."""
    if sel is _IT or not isinstance(sel, dict) or set(sel) - {"self", "attached"}:
        raise NotRead("'it' names no single object here")
    return sel
