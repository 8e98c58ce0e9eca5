"""One source dealing damage to several recipients at once is one damage event (120.4, 608.2f: an instruction acting on
several objects and players acts on them at once): lifelink makes one life-gain event of the total (702.15b; 702.15e:
one per source with lifelink), so "whenever you gain life" triggers once (119.9, 603.2c). The damage step
(engine/game/combat_damage.CombatDamage) and the damage of a resolving spell or ability (engine/game/events.Events.damage)
both send their events through DamageEvents.happen: the replacement program, the results (120.3), lifelink and the
triggers. Shipped games: examples/games/g124-g127."""

from __future__ import annotations

import re

import pytest

from engine.files.events import Damage
from engine.files.library import PACKAGE_CARDS, load_card_file, load_library
from engine.files.loader import board_from_data
from engine.game.combat_damage import DamageEvents

LIBRARY = load_library()


def _state(extra: list[dict]):
    board = {"players": ["alice", "bob"], "active": "alice", "step": "precombat_main",
             "battlefield": [{"card": "Ajani's Pridemate", "controller": "alice"},
                             {"card": "Savannah Lions", "controller": "bob"},
                             {"card": "Grizzly Bears", "controller": "bob"}] + extra}
    return board_from_data(board, LIBRARY, "case")


def _gains(final: list[dict]) -> list[tuple[str, int]]:
    return [(ev["player"], ev["amount"]) for ev in final if ev["type"] == "life_gain"]


def _pridemate(triggers) -> int:
    return sum(t.source == "ajani_s_pridemate" for t in triggers)


def test_one_lifelink_source_dealing_damage_to_three_recipients_gains_life_once():
    """702.15b, 120.4: Vampire Nighthawk's 1, 2 and 3 damage to two creatures and a player at once: one life-gain event
    of 6, one trigger of Ajani's Pridemate (the Cleric of Life's Bond ruling of 2020-09-25: "if a single creature you
    control with lifelink deals combat damage to multiple creatures, players, and/or planeswalkers at the same time ...
    the ability will trigger only once")."""
    state = _state([{"card": "Vampire Nighthawk", "controller": "alice"}])
    events = [Damage(type="damage", source="vampire_nighthawk", target=t, amount=n)
              for t, n in (("savannah_lions", 1), ("grizzly_bears", 2), ("bob", 3))]
    after, final, log, triggers = DamageEvents(state).happen(events)
    assert _gains(final) == [("alice", 6)]
    assert after.player("alice").life == 26 and after.player("bob").life == 17
    assert _pridemate(triggers) == 1
    assert sum(line.startswith("702.15b") for line in log) == 1


def test_two_lifelink_sources_at_once_gain_life_twice():
    """702.15e: two sources with lifelink dealing damage at the same time make two life-gain events (EXAMPLES.md E72)."""
    state = _state([{"card": "Vampire Nighthawk", "controller": "alice"}, {"card": "Child of Night", "controller": "alice"}])
    events = [Damage(type="damage", source="vampire_nighthawk", target="savannah_lions", amount=2),
              Damage(type="damage", source="child_of_night", target="bob", amount=2)]
    _, final, _, triggers = DamageEvents(state).happen(events)
    assert sorted(_gains(final)) == [("alice", 2), ("alice", 2)]
    assert _pridemate(triggers) == 2


def test_damage_dealt_at_different_times_is_several_events():
    """120.4: each damage event is processed on its own; the same amounts dealt one after the other (three
    instructions, 608.2c: in order) make three life-gain events, hence the card files' one instruction (``also``)."""
    state = _state([{"card": "Vampire Nighthawk", "controller": "alice"}])
    gains = 0
    for t, n in (("savannah_lions", 1), ("grizzly_bears", 2), ("bob", 3)):
        state, final, _, triggers = DamageEvents(state).happen([Damage(type="damage", source="vampire_nighthawk",
                                                                       target=t, amount=n)])
        gains += len(_gains(final))
    assert gains == 3


def _sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.])\s+", text.strip()) if s]


@pytest.mark.parametrize("path", sorted(PACKAGE_CARDS.glob("*.yaml")), ids=lambda p: p.stem)
def test_one_sentence_of_damage_is_one_instruction(path):
    """608.2f, 120.4: the library's abilities whose text deals damage in one sentence ("~ deals 1 damage to any target,
    2 damage to another target, and 3 damage to a third target") say it with one damage instruction per source (its
    other recipients in ``to``, ``also``, ``to_you``, ``to_controller``): several would be several damage events."""
    card = load_card_file(path)
    for ab in card.abilities:
        ops = [op for op in (getattr(ab, "one_shot", None) or ()) if getattr(op, "op", None) == "damage"]
        text = getattr(ab, "text", None) or ""
        damage_sentences = [s for s in _sentences(text) if "damage" in s]
        if len(damage_sentences) != 1:
            continue
        dealers = [op.by for op in ops]
        assert len(dealers) == len(set(dealers)), (f"{card.name}: one sentence of damage, {len(ops)} damage "
                                                   f"instructions of one source: {text}")


def test_whenever_it_deals_damage_triggers_once_for_one_damage_event():
    """700.1, 603.2c: "Whenever this creature deals damage" names no recipient: Horned Cheetah's damage to two creatures
    and a player at once is one occurrence, "that much" the total (engine/game/batches.dealt_once)."""
    state = _state([{"card": "Horned Cheetah", "controller": "alice"}])
    events = [Damage(type="damage", source="horned_cheetah", target=t, amount=n)
              for t, n in (("savannah_lions", 1), ("grizzly_bears", 1), ("bob", 2))]
    _, _, _, triggers = DamageEvents(state).happen(events)
    mine = [t for t in triggers if t.source == "horned_cheetah"]
    assert [(t.event, t.amount) for t in mine] == [("deals_damage", 4)]


def test_whenever_it_is_dealt_damage_triggers_once_for_two_sources_at_once():
    """700.1, 603.2c: "Whenever this creature is dealt damage" names no source: Boros Reckoner dealt 1 damage by each of
    two Llanowar Elves at once (one damage event) triggers once, "that much" 2; each recipient triggers its own."""
    state = _state([{"card": "Boros Reckoner", "controller": "alice"}, {"card": "Llanowar Elves", "controller": "bob"},
                    {"card": "Llanowar Elves", "controller": "bob"}])
    events = [Damage(type="damage", source=s, target="boros_reckoner", amount=1)
              for s in ("llanowar_elves", "llanowar_elves_2")]
    _, _, _, triggers = DamageEvents(state).happen(events)
    mine = [t for t in triggers if t.source == "boros_reckoner"]
    assert [(t.event, t.amount) for t in mine] == [("dealt_damage", 2)]
