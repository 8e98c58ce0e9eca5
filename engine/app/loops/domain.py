"""The witness search's probe domain and boards (docs/loops.md, Domains): the few real cards a board may add to the
members, chosen from what the members' effects read and write, and the board file a candidate board is.

The domain: a basic land and a nonbasic land with basic land types (types, supertypes, subtypes, the abilities
305.6-305.7 give and take), a creature, an artifact creature with a keyword ability, a noncreature artifact, a
creature token, a creature an opponent controls (controller, "you"), and, for every subtype an effect names, a basic
land of that type or a token of that creature type when the card database has one. Every card comes from the card
library, none from memory.
"""

from __future__ import annotations

from typing import Any, Iterable

from asp_rules.rulesdata import BASIC_LAND_TYPES
from engine.files.choice_check import entering_choice_keys
from engine.files.library import CardLibrary, slug

from .model import AbilityRef

# (card, controller, token): the domain every search starts from, in the order of preference (rank)
BASE_PROBES = (("Forest", "alice", False), ("Grizzly Bears", "alice", False), ("Volcanic Island", "alice", False),
               ("Ornithopter", "alice", False), ("Sol Ring", "alice", False), ("Saproling", "alice", True),
               ("Grizzly Bears", "bob", False))
MAX_PROBES = 2  # the most probes a board holds (the witnesses of the CR's examples need at most one)
MAX_DERIVED = 3  # the most probes added for the subtypes the effects name
# the value a member's "as it enters, choose ..." took (614.12): one value per key, the same on every board
CHOICE_VALUES = {"color": "white", "creature_type": "Saproling", "basic_land_type": "Forest", "player": "bob"}


class Probe:
    """A probe object: its id on the board, its card, controller, and whether it is a token."""

    def __init__(self, card: str, controller: str, token: bool):
        self.card, self.controller, self.token = card, controller, token
        self.id = "p_" + slug(card) + ("" if controller == "alice" else "_" + controller)

    def entry(self) -> dict[str, Any]:
        e: dict[str, Any] = {"card": self.card, "controller": self.controller, "id": self.id}
        if self.token:
            e["token"] = True
        return e


def _subtypes_named(value: Any) -> Iterable[str]:
    """The subtypes an effect's compiled form names (its operations' and its selectors' ``subtypes``)."""
    if isinstance(value, dict):
        for k, v in value.items():
            if k in ("subtypes", "not_subtypes") and isinstance(v, list):
                yield from (s for s in v if isinstance(s, str))
            else:
                yield from _subtypes_named(v)
    elif isinstance(value, list):
        for v in value:
            yield from _subtypes_named(v)


def probes_for(library: CardLibrary, members: tuple[AbilityRef, ...]) -> list[Probe]:
    """The domain of a search over ``members``: the base probes, then a probe for each subtype the members'
    effects name (a basic land of that type, or a token of that creature type the card database defines), in the
    order of preference."""
    found = [Probe(*p) for p in BASE_PROBES]
    names = {p.card for p in found}
    named: list[str] = []
    for ref in members:
        spec = library.lookup(ref.card).abilities[ref.index - 1].continuous
        for s in _subtypes_named(spec.model_dump() if spec is not None else {}):
            if s not in named:
                named.append(s)
    derived = 0
    for s in named:
        if s in names or derived >= MAX_DERIVED:
            continue
        card = library.get(s)
        if card is None or not ("Land" in card.types and s in BASIC_LAND_TYPES or getattr(card, "token", False)
                                and "Creature" in card.types):
            continue
        found.append(Probe(s, "alice", bool(getattr(card, "token", False))))
        names.add(s)
        derived += 1
    return found


def describe(probes: list[Probe], max_probes: int) -> str:
    """The domain in words, for the report: the probes and the most a board holds."""
    listed = ", ".join(f"{p.card}{' token' if p.token else ''}{'' if p.controller == 'alice' else ' (opponent)'}"
                       for p in probes)
    return (f"the members (the first controlled by alice, the others by either player; in the order given or "
            f"reversed; Auras attached to any other object) with at most "
            f"{max_probes} of: {listed}")


def member_ids(members: tuple[AbilityRef, ...]) -> dict[str, str]:
    """Each member card's object id on the board (one object per card)."""
    return {ref.card: slug(ref.card) for ref in members}


def member_choices(library: CardLibrary, card: str) -> dict[str, Any] | None:
    """The choices the member made as it entered (614.12): CHOICE_VALUES's; None when it needs a key the domain
    has no value for."""
    out: dict[str, Any] = {}
    for key, _ability in entering_choice_keys(library.lookup(card)):
        if key not in CHOICE_VALUES:
            return None
        out[key] = CHOICE_VALUES[key]
    return out


def is_aura(library: CardLibrary, card: str) -> bool:
    return "Aura" in library.lookup(card).subtypes


class BoardMaker:
    """The board files of one search's candidate boards (docs/board-format.md): the members' entries made once
    (their cards looked up once), each board a copy of them with its controllers, attachments and order, then the
    probes on it."""

    def __init__(self, library: CardLibrary, members: tuple[AbilityRef, ...], probes: list[Probe]):
        self.ids = member_ids(members)
        self.cards = list(dict.fromkeys(ref.card for ref in members))
        self.probes = probes
        self.entries: dict[str, dict[str, Any]] = {}
        for card in self.cards:
            e: dict[str, Any] = {"card": card, "controller": "alice", "id": self.ids[card]}
            if library.lookup(card).token:
                e["token"] = True
            choices = member_choices(library, card)
            if choices:
                e["choices"] = choices
            self.entries[card] = e

    def board(self, on: tuple[str, ...], attach: tuple[tuple[str, str], ...], rev: bool,
              theirs: tuple[str, ...] = ()) -> dict[str, Any]:
        """The members' objects first (their timestamps in the members' order, or reversed; ``theirs``: the
        member objects bob controls; ``attach``: each Aura member's object), then the probes on it, in the
        domain's order."""
        attached = dict(attach)
        battlefield: list[dict[str, Any]] = []
        for card in (reversed(self.cards) if rev else self.cards):
            e = dict(self.entries[card])
            if "choices" in e:
                e["choices"] = dict(e["choices"])
            if self.ids[card] in theirs:
                e["controller"] = "bob"
            if self.ids[card] in attached:
                e["attached_to"] = attached[self.ids[card]]
            battlefield.append(e)
        battlefield += [p.entry() for p in self.probes if p.id in on]
        return {"players": ["alice", "bob"], "battlefield": battlefield}


def witness_board(library: CardLibrary, members: tuple[AbilityRef, ...], probes: list[Probe], on: tuple[str, ...],
                  attach: tuple[tuple[str, str], ...], rev: bool, theirs: tuple[str, ...] = ()) -> dict[str, Any]:
    """The board file (docs/board-format.md) of a candidate board (BoardMaker.board)."""
    return BoardMaker(library, members, probes).board(on, attach, rev, theirs)
