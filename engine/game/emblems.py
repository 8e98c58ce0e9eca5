"""Emblems (114), state of the game loop.

114.1, 114.2: "You get an emblem with [ability]" (a card file's activated ability with ``emblem: true``,
engine/vocab/cardfile.py) puts an emblem with that ability into the command zone; the emblem is both owned and
controlled by that player. 114.3: it has no characteristics other than that ability (no name, type, mana cost or
color). 114.4: its abilities function in the command zone; 114.5: it is neither a card nor a permanent. Nothing makes
an emblem leave the command zone, so its ability applies for the rest of the game, whatever becomes of the object whose
ability made it (the planeswalker may leave the battlefield as it pays the cost, 704.5i).

An emblem is kept as the continuous effect of its ability (GameState.effects, 611.2 for the bookkeeping): duration
``EMBLEM`` (never ended by a step, a turn or a source leaving), no source (the emblem is not the object that made it),
its controller the emblem's owner, its timestamp the emblem's (613.7d: an object receives a timestamp as it enters a
zone; 613.7a: a static ability's effect has its object's). A board writes it in its ``emblems`` key and reads it from
there (engine/files/emblem_fields.py, docs/board-format.md). The emblem's ability is a replacement or prevention
effect (its ``replacement``): the replacement program applies it to every event as a board effect's (614, 615)."""

from __future__ import annotations

from engine.files.emblem_fields import EMBLEM  # the duration of an emblem's ability: the rest of the game (114.4)
from engine.game.triggered import granted_in_force
from engine.state.model import ContinuousEffect


def emblems(state) -> list[ContinuousEffect]:
    """114.1: the emblems in the command zone, in the order they were made."""
    return [e for e in state.effects if e.duration == EMBLEM]


def get_emblem(game, source: str, ab, you: str) -> None:
    """114.2: ``you`` get an emblem with the ability ``ab`` carries (the printed ability of the object ``source``
    that made it, or one an effect granted it, 613.1f); its timestamp now (613.7d)."""
    st = game.state
    o = st.objects[source]
    index = next((k for k, a in enumerate(o.printed.abilities, 1) if a == ab), None)
    if index is None:  # 613.1f: an ability an effect grants: numbered after the printed ones
        index = next((k for k, a in granted_in_force(st, game.layers(), source) if a == ab), 1)
    st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=o.printed.name, ability_index=index,
                                       ability=ab, controller=you, targets=(), choices={}, timestamp=st.next_timestamp,
                                       duration=EMBLEM, remaining=None, source=None, affected=None))
    st.next_timestamp += 1
    game.say("114.2", f"{you} gets an emblem with \"{emblem_text(ab)}\" ({o.printed.name}): in {you}'s command zone, "
                      f"owned and controlled by {you}, its ability functions there for the rest of the game (114.4)")


def emblem_text(ab) -> str:
    """114.2: the emblem's ability, the words in quotes of "You get an emblem with "[ability]"." (the whole effect when
    it has none)."""
    text = getattr(ab, "effect", None) or ab.display()
    first, last = text.find('"'), text.rfind('"')
    return text[first + 1:last] if 0 <= first < last else text
