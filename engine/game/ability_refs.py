"""Ability references: a stable name for each ability a permanent has, granted ones included (613.1f).

A permanent's abilities come from printed text (its own card's; a copied card's, 707.2; another card's whole
text, 613.1c: Volrath's Shapeshifter) and from effects that grant abilities (613.1f). A game file names the
ability to activate as:

- ``ability: N``: the ability numbered N (as ``mtgjudge cards`` numbers a card's abilities; the abilities
  effects grant are numbered after the printed ones, in the layers program's order). When two abilities of
  the permanent carry that number (the Shapeshifter keeps its own "{2}: Discard a card.", ability 2, and has
  the abilities of the top card of its owner's graveyard, numbered as that card prints them), the plain
  number names neither: the action stops (exit 2) naming both references.
- ``ability: N, printed_by: ID``: the ability printed as ability N on the card of the object ``ID`` (the
  permanent itself, or the object whose card it copies or whose text it has).
- ``ability: N, granted_by: ID``: the N-th ability that the effects of the object ``ID`` grant the
  permanent (611.3a: the source of the granting effect), in the order the layers program gives them.

``mtgjudge show`` lists each permanent's abilities with their references, and the game log names the
reference of each activation (engine/game/costs.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.game.common import GameError, _name
from engine.game.triggered import GRANTED_ACTIVATED, granted_in_force
from engine.vocab.keyword_costs import stands_for


@dataclass(frozen=True)
class AbilityRef:
    """One ability of a permanent: ``number``, its plain ``ability: N``; ``printed_by`` and ``index`` (the object
    whose card prints it, and its number there) or ``granted_by`` and ``index`` (the source of the effect that
    grants it, and its rank among the abilities that source grants the permanent; None: a source the layers
    program doesn't name)."""

    number: int
    ability: Any
    index: int
    printed_by: str | None = None
    granted_by: str | None = None

    def fields(self, plain: bool = False) -> str:
        """The reference as a game file writes it (``plain``: the plain number alone)."""
        if plain or (self.printed_by is None and self.granted_by is None):
            return f"ability: {self.number}"
        if self.granted_by is not None:
            return f"ability: {self.index}, granted_by: {self.granted_by}"
        return f"ability: {self.index}, printed_by: {self.printed_by}"


def references(state, layers, oid: str) -> list[AbilityRef]:
    """Every ability the permanent ``oid`` has after the layers that a game file can name: its printed ones
    (its own, copied or another card's: ``layers.printed_abilities``), then those effects grant it
    (engine.game.triggered.granted_in_force: the numbering ``ability: N`` uses), each with its source."""
    refs = [AbilityRef(i, state.objects[h].printed.abilities[i - 1], i, printed_by=h)
            for h, i in layers.printed_abilities.get(oid, ())
            if state.objects.get(h) is not None and state.objects[h].printed is not None]
    granted = granted_in_force(state, layers, oid)
    sources = _granted_sources(layers, oid)
    ranks: dict[str | None, int] = {}
    for (n, ab), src in zip(granted, sources + [None] * (len(granted) - len(sources))):
        ranks[src] = ranks.get(src, 0) + 1
        refs.append(AbilityRef(n, ab, ranks[src], granted_by=src or None))
    return refs


def _granted_sources(layers, oid: str) -> list[str | None]:
    """The source of each ability of granted_in_force, in its order (611.3a): the granted texts' effects'
    sources, then the sources of the granted keywords defined as triggered abilities, then of the granted
    keywords the loop activates (engine.game.triggered.granted_in_force)."""
    texts = [layers.granting_sources.get(e) for e, _k, g in layers.granted_abilities.get(oid, ())
             if getattr(g, "ability", None) is not None]
    kws = layers.granted_keyword_abilities.get(oid, ())
    srcs = list(layers.granted_keyword_sources.get(oid, ())) + [None] * len(kws)
    means = [srcs[j] for j, g in enumerate(kws) if g.means is not None and getattr(g.means, "kind", None) == "triggered"]
    acts = [srcs[j] for j, g in enumerate(kws) if g.keyword in GRANTED_ACTIVATED and g.cost]
    return texts + means + acts


def find(game, oid: str, act) -> AbilityRef | None:
    """The ability of the permanent ``oid`` an activate action names (``ability``, ``printed_by``,
    ``granted_by``); None when it has no ability numbered ``ability`` (the caller refuses the action, 602.1).
    A source no object of the game has, a source that grants or prints it no such ability, or a plain number
    two of its abilities carry, stops the game (exit 2) naming the field and the fix."""
    st = game.state
    refs = references(st, game.layers(), oid)
    for field in ("printed_by", "granted_by"):
        src = getattr(act, field, None)
        if src is None:
            continue
        if src not in st.objects:
            raise GameError(game.acting(), f"{field}: no object of the game has id {src!r}",
                            f"name the {'object whose card prints' if field == 'printed_by' else 'permanent whose effect grants'} "
                            f"the ability ({_listing(refs)})")
        hit = [r for r in refs if getattr(r, field) == src and r.index == act.ability]
        if not hit:
            mine = [r for r in refs if getattr(r, field) == src]
            raise GameError(game.acting(), f"ability: {act.ability}, {field}: {src}: {_name(st, src)} "
                                           f"{'prints' if field == 'printed_by' else 'grants'} {_name(st, oid)} no "
                                           f"ability {act.ability} now" + (f" (it has {_listing(mine)})" if mine else ""),
                            f"use one of the references of {_name(st, oid)}: {_listing(refs) or 'none'} "
                            "(`mtgjudge show` lists them)")
        return hit[0]
    hit = [r for r in refs if r.number == act.ability]
    if len(hit) > 1:
        raise GameError(game.acting(), f"ability: {act.ability} names {len(hit)} abilities of {_name(st, oid)}: "
                                       + "; ".join(f"{{{r.fields()}}} \"{r.ability.display()}\"" for r in hit),
                        "write the reference of the one activated (printed_by or granted_by, docs/play.md)")
    return hit[0] if hit else None


def _listing(refs: list[AbilityRef]) -> str:
    return "; ".join(f"{{{r.fields()}}} \"{r.ability.display()}\"" for r in refs)


def label(game, oid: str, ref: AbilityRef) -> str:
    """The reference of an activated ability as the log line of its activation names it: its plain number
    when no other ability of ``oid`` carries it, else its source's reference; a granted one's, always its
    source's (granted_by)."""
    if ref.granted_by is not None:
        return ref.fields()
    if ref.printed_by is not None and sum(r.number == ref.number for r in references(game.state, game.layers(), oid)) > 1:
        return ref.fields()
    return ref.fields(plain=True)


def activatable(ab) -> bool:
    """An activated ability (602; 605: a mana ability too), or a keyword defined as one that the loop activates on a
    permanent (ACTIVATED_KEYWORDS)."""
    if getattr(ab, "kind", None) == "keyword":
        return ab.keyword in ACTIVATED_KEYWORDS and (ab.cost is not None or ab.n is not None) or \
            getattr(stands_for(ab), "kind", None) == "activated"
    return getattr(ab, "kind", None) == "activated"


def shown(state, layers) -> list[tuple[str, str, str, str, str]]:
    """``mtgjudge show``: each permanent's activatable abilities with their references (the one to write, and the
    plain number when it names that ability alone), kind and text: (permanent, reference, plain number, kind, text)."""
    rows = []
    for oid in state.battlefield:
        refs = references(state, layers, oid)
        for r in refs:
            if not activatable(r.ability):
                continue
            alone = sum(x.number == r.number for x in refs) == 1
            kind = getattr(r.ability, "kind", "") + (" (mana)" if getattr(r.ability, "mana", False) else "")
            own = r.printed_by == oid
            ref = r.fields(plain=own and alone)
            rows.append((oid, ref, f"ability: {r.number}" if alone and ref != f"ability: {r.number}" else "", kind,
                         r.ability.display()))
    return rows


# the keyword abilities that are activated abilities the game loop activates on a permanent (702.6a equip, 702.122a
# crew, 702.171a saddle, 702.107a outlast, 702.87a level up: engine/game/costs.py)
ACTIVATED_KEYWORDS = ("equip", "crew", "saddle", "outlast", "level up")


def shown_rows(state) -> list[tuple[str, str, str, str, str]]:
    """:func:`shown` for a board as loaded: its characteristics from the layers program (613)."""
    from bridge.layers import compute_layers

    return shown(state, compute_layers(state))
