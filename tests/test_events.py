"""Event files (docs/events.md): what they hold, and one clear line for every bad one."""

from __future__ import annotations

import pytest
import yaml

from engine.files.errors import InputError
from engine.files.events import Damage, ZoneChange, events_from_data
from engine.files.library import load_library
from engine.files.loader import board_from_data

LIBRARY = load_library()
STATE = board_from_data({"players": ["alice", "bob"], "battlefield": [
    {"card": "Grizzly Bears", "controller": "alice"}, {"card": "Furnace of Rath", "controller": "alice"}],
    "hand": {"bob": ["Lightning Bolt"]}}, LIBRARY, "board")


def test_one_event_and_simultaneous_events():
    (ev,) = events_from_data(yaml.safe_load("event: {type: damage, source: grizzly_bears, target: bob, amount: 2}"),
                             STATE, LIBRARY)
    assert ev == Damage(type="damage", source="grizzly_bears", target="bob", amount=2)
    evs = events_from_data({"events": [
        {"type": "zone_change", "object": "grizzly_bears", "from": "battlefield", "to": "graveyard"},
        {"type": "counters", "object": "grizzly_bears", "kind": "+1/+1", "amount": 1}]}, STATE, LIBRARY)
    assert isinstance(evs[0], ZoneChange) and evs[0].from_ == "battlefield" and evs[1].amount == 1


@pytest.mark.parametrize("data, field", [
    ({"event": {"type": "damage", "source": "nobody", "target": "bob", "amount": 2}}, "event.source"),
    ({"event": {"type": "damage", "source": "grizzly_bears", "target": "carol", "amount": 2}}, "event.target"),
    ({"event": {"type": "damage", "source": "grizzly_bears", "target": "bob", "amount": -1}}, "event.amount"),
    ({"event": {"type": "explode", "object": "grizzly_bears"}}, "event.type"),
    ({"event": {"type": "zone_change", "object": "grizzly_bears", "from": "battlefield", "to": "moon"}}, "event.to"),
    ({"events": [{"type": "draw", "player": "bob", "amount": 1}, {"type": "draw", "player": "zed", "amount": 1}]},
     "events[2].player"),
    ({"event": {"type": "token", "controller": "alice", "token": "Nothing Such", "amount": 1}}, "event.token"),
    ({"event": {"type": "enter", "controller": "alice"}}, "event"),
    ({"event": {"type": "draw", "player": "bob", "amount": 1, "extra": 2}}, "event.extra"),
    ({"events": []}, "events"),
    ({"event": {}, "events": []}, None),
    ([], None),
])
def test_bad_event_files_are_one_line(data, field):
    with pytest.raises(InputError) as e:
        events_from_data(data, STATE, LIBRARY, "ev.yaml")
    line = str(e.value)
    assert "\n" not in line and line.startswith("ev.yaml: ")
    if field:
        assert line.startswith(f"ev.yaml: {field}: "), line


def test_an_entering_permanent_is_not_already_on_the_battlefield():
    with pytest.raises(InputError) as e:
        events_from_data({"event": {"type": "enter", "object": "grizzly_bears", "controller": "alice"}}, STATE, LIBRARY, "ev.yaml")
    assert str(e.value).startswith("ev.yaml: event.object: ") and "already on the battlefield" in str(e.value)
