"""Family 5 of the Oracle grammar: the triggered abilities of a card in its owner's graveyard that return it from
there (issue 21). 113.6m (numbered 113.6k in the CR before 2024; the French CR of seeds/000 has it after the
paragraph on trigger conditions that can't trigger from the battlefield, 113.6k): "An ability whose cost or effect
specifies that it moves the object it's on out of a particular zone functions only in that zone, unless its
trigger condition [...] specifies that the object is put into that zone". So "Landfall — Whenever a land you
control enters, you may return this card from your graveyard to the battlefield." (Bloodghast) and "At the
beginning of your upkeep, you may return this card from your graveyard to your hand." (Squee, Goblin Nabob)
trigger only while the card is in its owner's graveyard, never from the battlefield; so does "Landfall — Whenever
a land you control enters, you may pay {4}{R}{R}. If you do, return this card from your graveyard to the
battlefield." (Akoum Firebird: 118.12, a payment as it resolves).

:func:`graveyard_trigger` accepts such an ability (the one instruction ``return_self``, or "you may" of it) and, for
a trigger on an event (a ZoneTrigger), marks it ``source_zone: graveyard`` (engine/vocab/triggers.py: the game
loop's engine/game/triggered.py checks the graveyards' cards for it). An "at the beginning of" trigger keeps no
mark: the game loop reads its zone from its effect, as it does for the cast triggers of graveyard cards and the
activated abilities whose effect returns their card (engine/game/graveyard.py). Triggers on the source's own
events, on the permanent an Aura enchants (113.6m's exception, Genju of the Falls) or on two events are not read
here."""

from __future__ import annotations

# events a card in a graveyard can see happen to other objects (with subjects) or to players (without)
_OBJECT_EVENTS = frozenset({"enters", "dies", "put_into_graveyard", "leaves_battlefield", "sacrificed",
                            "deals_damage", "dealt_damage", "becomes_tapped", "counters_put"})
# (and the events of no object: 700.13, "Whenever you commit a crime" (engine/game/crime.py), 731, "Whenever day becomes
# night or night becomes day" (engine/game/transform.py): both check the graveyards' cards' triggers too)
_PLAYER_EVENTS = frozenset({"gain_life", "draws", "discards", "scries", "surveils", "commits_crime", "day_night"})


def _names(selector, keys: tuple[str, ...]) -> bool:
    """Whether a selector (a dict of the vocabulary's Selector) names the source or what it is attached to."""
    if isinstance(selector, dict):
        return any(k in keys and v for k, v in selector.items()) or any(_names(v, keys) for v in selector.values())
    if isinstance(selector, list):
        return any(_names(v, keys) for v in selector)
    return False


def returns_self_only(ops: list) -> bool:
    """113.6m: the ability's one instruction returns its card from the graveyard ("return this card from your
    graveyard to ...", "you may" do it, or "you may pay {2}. If you do, return this card ...": 118.12)."""
    if len(ops) != 1:
        return False
    op = ops[0]
    if op.get("op") == "may" and op.get("if_you_do"):  # (a payment, or "you may discard two cards. If you do")
        first = op.get("one_shot", [])
        inner = op["if_you_do"] if len(first) == 1 and (first[0].get("op") in ("pay", "pay_life") or first[0].get("op") == "discard"
                                                        and first[0].get("who") == "you") else []
    else:
        inner = op.get("one_shot", []) if op.get("op") == "may" else [op]
    return [o.get("op") for o in inner] == ["return_self"] and not op.get("otherwise")


def graveyard_trigger(kind: str, head: dict | None, ops: list) -> bool:
    """113.6m, 603.2: a triggered ability whose one instruction returns its card from its owner's graveyard, on an
    event of other objects or of players, or at the beginning of a step: it functions in the graveyard only (a
    ZoneTrigger's ``head`` gets ``source_zone: graveyard``). False for anything else (check_return_self decides)."""
    if kind != "triggered" or not head or not returns_self_only(ops):
        return False
    if "at_beginning_of" in head:  # 503.1, 603.2b: StepTrigger (engine/game/graveyard.py: the zone from the effect)
        return True
    event, subjects = head.get("event"), head.get("subjects")
    if head.get("or_event") or not (event in _OBJECT_EVENTS and subjects and not _names(subjects, ("self", "attached"))
                                    or event in _PLAYER_EVENTS and subjects is None):
        return False
    head["source_zone"] = "graveyard"  # (engine/vocab/triggers.py ZoneTrigger.source_zone)
    return True
