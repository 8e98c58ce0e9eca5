"""The filters of a selector as facts of the shared selector program (asp_rules/selectors.lp, 611.3a): the one
emitter the layers program's steps (step_facts.py) and the replace program's applicability (bridge/replace/
state_facts.py) share. Each caller adds what only its program reads (its starting set, unions, choices, counts)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..facts import const, q

if TYPE_CHECKING:
    from bridge.protocols import Selector


def filter_facts(sel: Selector, s: str) -> list[str]:
    """The facts of selector ``sel`` (its term ``s``) that selectors.lp's filters read: card types, subtypes,
    supertypes, colors, keywords (205, 105, 702), the chosen color (105.2), controller and owner (108.3-108.4),
    "other" (109.5), the top of a graveyard (404.2), tokens (111.1), counters (122.1), a mana value (202.3), the
    Auras or Equipment attached (301.5, 303.4), modified (700.9), what it is attached to, attacking, blocking, tapped,
    multicolored."""
    out = []
    for name, values, conv in (
        ("sel_type", sel.types, const), ("sel_any_type", sel.any_types, const), ("sel_not_type", sel.not_types, const),
        ("sel_sub", sel.subtypes, q), ("sel_not_sub", sel.not_subtypes, q), ("sel_super", sel.supertypes, const),
        ("sel_not_super", sel.not_supertypes, const), ("sel_color", sel.colors, const),
        ("sel_not_color", sel.not_colors, const), ("sel_kw", sel.keywords, q), ("sel_not_kw", sel.not_keywords, q),
    ):
        out += [f"{name}({s},{conv(v)})." for v in values]
    if sel.chosen_color:
        out.append(f"sel_chosen_color({s}).")
    if sel.controller:
        out.append(f"sel_ctl({s},{sel.controller}).")
    if sel.owner:
        out.append(f"sel_owner({s},{sel.owner}).")
    if sel.other:
        out.append(f"sel_other({s}).")
    if sel.top_of_graveyard:
        out.append(f"sel_top({s}).")
    if sel.token is not None:
        out.append(f"sel_token({s},{'yes' if sel.token else 'no'}).")
    if sel.counter is not None:
        out.append(f"sel_counter({s},{q(sel.counter)}).")
    if sel.mana_value is not None:
        out.append(f"sel_mv({s},{sel.mana_value}).")
    out += [f"sel_has_att({s},{q(kind)})." for kind in getattr(sel, "has_attached", ())]
    if getattr(sel, "modified", False):  # 700.9
        out.append(f"sel_modified({s}).")
    if getattr(sel, "attached_to", None) is not None:
        out.append(f"sel_attached_to({s},{sel.attached_to}).")
    for name, flag in (("sel_attacking", sel.attacking), ("sel_blocking", sel.blocking),
                       ("sel_tapped", getattr(sel, "tapped", None)), ("sel_multi", getattr(sel, "multicolored", None))):
        if flag is not None:
            out.append(f"{name}({s},{'yes' if flag else 'no'}).")
    return out
