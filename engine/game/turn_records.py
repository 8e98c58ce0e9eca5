"""More of the game loop's record of the turn (issue 21, family 2): what a static ability's condition reads ("as long as
another creature entered the battlefield under your control this turn", "as long as it attacked this turn", "as long as
you sacrificed a permanent this turn", "as long as you've cast two or more noncreature spells this turn", "if it hasn't
dealt damage yet"; engine/vocab/selector.py Condition.this_turn). The state keeps the record (engine/state/model.py:
``creatures_entered``, ``attacked_with``, ``sacrificed``, ``noncreature_cast``, ``damage_dealers``); turn.py empties the
turn's part as a turn begins (``damage_dealers`` is the objects', not the turn's). Each object is kept as the object it
was (400.7: its id and its zone changes), so a permanent that left the battlefield and came back is a new object.
``number`` (bridge/layers/situation.py record_number) is the one reading of the record, for the game loop
(engine/game/history.py numbers) and the layers program's facts (bridge/layers/situation.py turn_record_facts)."""

from __future__ import annotations

from bridge.layers.situation import RECORDS as READS  # noqa: F401 (the records read: Condition.this_turn)
from bridge.layers.situation import record_key as key
from bridge.layers.situation import record_number as number  # noqa: F401 (the one reading of the record)


def entered(st, o) -> None:
    """A permanent entered the battlefield: a creature (its printed or copied types as it entered, before the effects of
    layer 4: a known limit, as for celebration's count) counts for its controller's creatures entered this turn."""
    if o.printed is not None and "Creature" in o.printed.types and o.controller is not None:
        st.creatures_entered.setdefault(o.controller, []).append(key(st, o.id))


def attacked(st, creatures) -> None:
    """508.1a: the creatures declared as attackers."""
    st.attacked_with.update(key(st, c) for c in creatures)


def sacrificed(st, controller: str | None) -> None:
    """701.21a: its controller sacrificed a permanent."""
    if controller is not None:
        st.sacrificed[controller] = st.sacrificed.get(controller, 0) + 1


def cast(st, player: str, types) -> None:
    """601.2i: the player cast a spell: a noncreature one (its types as cast) counts; an instant or sorcery one counts
    too for the instant and sorcery spells cast."""
    if "Creature" not in types:
        st.noncreature_cast[player] = st.noncreature_cast.get(player, 0) + 1
    if "Instant" in types or "Sorcery" in types:
        st.instant_sorcery_cast[player] = st.instant_sorcery_cast.get(player, 0) + 1


def crime(st, player: str) -> None:
    """700.13 (the current official rules): the player committed a crime (engine/game/crime.py says when)."""
    st.crimes[player] = st.crimes.get(player, 0) + 1


def dealt_damage(st, source: str) -> None:
    """120.3: ``source`` dealt damage (more than 0)."""
    st.damage_dealers.add(key(st, source))


# the highest number a condition on a count of the record names (engine/vocab/selector.py Condition)
RECORD_MAX = 9


def loop_key(d: dict) -> None:
    """104.4b: the record in the state a loop check compares (engine/game/priority.py): counts that grow with each turn
    of a loop count no higher than any condition reads."""
    if "creatures_entered_this_turn" in d:
        d["creatures_entered_this_turn"] = {p: sorted(set(ids))[:RECORD_MAX + 2]
                                            for p, ids in d["creatures_entered_this_turn"].items()}
    for name in ("sacrificed_this_turn", "noncreature_cast_this_turn", "instant_sorcery_cast_this_turn", "crimes_this_turn"):
        if name in d:
            d[name] = {p: min(n, RECORD_MAX + 1) for p, n in d[name].items()}
    if "to_graveyard_this_turn" in d:  # (702.69a: gravestorm's count)
        d["to_graveyard_this_turn"] = min(d["to_graveyard_this_turn"], RECORD_MAX + 1)


def combat_damage_to_player(st, chars: dict, source: str) -> None:
    """702.173a freerunning *(EN, current official rules)*: "if a player was dealt combat damage this turn by a creature
    that, at the time it dealt that damage, was an Assassin creature or a commander under your control": ``source`` dealt
    combat damage to a player, with its characteristics ``chars`` now (the layers'); its controller is recorded when it
    is an Assassin creature or a commander (903.3: the designation)."""
    c = chars.get(source) or {}
    o = st.objects.get(source)
    assassin = "creature" in {t.lower() for t in c.get("types") or ()} and "Assassin" in (c.get("subtypes") or ())
    if (assassin or (o is not None and o.commander)) and c.get("controller"):
        st.freerunning.add(c["controller"])


def new_turn(st) -> None:
    """The turn's records emptied as a turn begins (the objects' damage dealt stays)."""
    st.creatures_entered, st.attacked_with, st.sacrificed, st.noncreature_cast = {}, set(), {}, {}
    st.to_graveyard = 0  # 702.69a (counted by engine/game/sba.py _move)
    st.freerunning = set()  # 702.173a
    st.instant_sorcery_cast, st.crimes = {}, {}
