"""A board's ``emblems`` (114): each an emblem in its owner's command zone, read into the continuous effect of its
ability that the game loop keeps for it (engine/game/emblems.py: duration ``emblem``, no source, its controller the
emblem's owner, 114.2) and written back by ``--out`` (engine/files/boardwriter.py)."""

from __future__ import annotations

from engine.state.model import ContinuousEffect

EMBLEM = "emblem"  # the duration of an emblem's ability: the rest of the game (114.4; engine/game/emblems.py)


def with_emblems(builder, effects: list, top: int) -> list[ContinuousEffect]:
    """The board's effects ``effects`` and after them its emblems' (114.1, 114.2, 114.4): each entry of the board's ``emblems``, checked: its owner is one of the players; its ``from``
    a card whose ability ``ability`` makes an emblem (``emblem: true``); its timestamp (613.7d) no permanent's or
    other effect's (613.7m), by default after them all in list order."""
    out = []
    last = max([top] + [e.timestamp for e in effects])
    stamps = {builder.objects[oid].timestamp: f"battlefield {oid}" for oid in builder.battlefield}
    stamps.update({e.timestamp: f"effects[{e.index - 1}]" for e in effects})
    for i, m in enumerate(builder.b.emblems):
        f = f"emblems[{i}]"
        builder.check_player(m.owner, f"{f}.owner")
        card = builder.card(m.from_, f"{f}.from")
        makers = [k for k, a in enumerate(card.abilities, 1) if getattr(a, "emblem", False)]
        if not makers:
            raise builder.err(f"{f}.from", f"{card.name!r} has no ability that makes an emblem (114.2: 'You get an "
                                           "emblem with ...', a card file's emblem: true)",
                              "name the card whose ability made the emblem")
        index = m.ability if m.ability is not None else makers[0] if len(makers) == 1 else None
        if index not in makers:
            raise builder.err(f"{f}.ability", f"{card.name}'s abilities that make an emblem are "
                                              f"{', '.join(map(str, makers))}, not {m.ability}",
                              f"give ability: {makers[0]}")
        stamp = m.timestamp if m.timestamp is not None else max([last] + list(stamps)) + 1
        if stamp in stamps:
            raise builder.err(f"{f}.timestamp", f"timestamp {stamp} is also {stamps[stamp]}'s (613.7m: timestamps are "
                                                "in sequence, never shared)", "give the emblem its own timestamp")
        stamps[stamp] = f
        out.append(ContinuousEffect(index=len(effects) + len(out) + 1, source_card=card.name, ability_index=index,
                                    ability=card.abilities[index - 1], controller=m.owner, targets=(), choices={},
                                    timestamp=stamp, duration=EMBLEM, remaining=None, source=None, affected=None))
    return effects + out
