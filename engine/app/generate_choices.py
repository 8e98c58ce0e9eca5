"""The choices a generated permanent made as it entered (614.12: "As ~ enters, choose a color / a creature type / a
card name"), which a board must give (engine/files/choice_check.py): given to every generator's battlefield after its
draws, each from a generator of its own, so that a board's other draws stay what they were."""

from __future__ import annotations

import random

from engine.files.choice_check import entering_choice_keys

VALUES: dict[str, tuple[str, ...]] = {
    "color": ("white", "blue", "black", "red", "green"),
    "creature_type": ("Elf", "Bear", "Goblin", "Zombie", "Saproling", "Merfolk"),
    "card_name": ("Grizzly Bears", "Lightning Bolt", "Llanowar Elves", "Hill Giant"),
    "basic_land_type": ("Plains", "Island", "Swamp", "Mountain", "Forest"),
}


def with_entering_choices(battlefield: list[dict], library, seed) -> list[dict]:
    """``battlefield`` with each permanent's missing entering choices given (a face-down permanent and a copy left
    alone, as the check leaves them)."""
    for i, entry in enumerate(battlefield):
        choices = entry.get("choices") or {}
        if entry.get("face_down") or "copy" in choices:
            continue
        card = library.get(entry["card"])
        for key, _ in entering_choice_keys(card):
            if key in choices:
                continue
            if key == "player":
                players = [p for p in ("alice", "bob") if p != entry.get("controller")]
                value = random.Random(f"{seed}:{i}:{key}").choice(players or ["alice"])
            elif key in VALUES:
                value = random.Random(f"{seed}:{i}:{key}").choice(VALUES[key])
            else:
                continue
            choices = entry.setdefault("choices", {})
            choices[key] = value
    return battlefield
