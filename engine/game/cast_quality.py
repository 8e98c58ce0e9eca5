"""Whether a spell being cast triggers a cast trigger (601.2i, 603.2; engine/vocab/oneshot.py's CastTrigger): who cast
it, when, from where, with what qualities (engine/vocab/effects.py's SpellQuality, matched by bridge/selectors.py through
Casting.spell_is, with the source's choices for "a spell of the chosen color"), kicked or not (702.33d), its targets
(115.1), and which of its caster's spells with those qualities it is this turn ("your first enchantment spell each
turn"). Called by engine/game/casting.py's cast_triggers, which records each spell cast here first."""

from __future__ import annotations

from engine.state.model import Characteristics


def record(casting, oid: str, chars: Characteristics, player: str) -> None:
    """601.2i: the spell ``oid`` became cast by ``player`` this turn, with the characteristics ``chars`` (601.3e: those
    it was cast with, its mana value with X as announced, 202.3e): the caster's spells of the turn, in order."""
    turn = casting.game.state.turn
    casting.cast_by[(turn, player)] = casting.cast_by.get((turn, player), 0) + 1
    casting.cast_spells.setdefault((turn, player), []).append((oid, chars))


def nth_of(casting, quality, oid: str, player: str, choices: dict) -> int:
    """Which of ``player``'s spells this turn with ``quality`` (None: any) the spell ``oid`` is (1: the first), each
    matched with the characteristics it was cast with (the cards cast stay objects of the state: only copies of spells,
    which are not cast, cease to exist, 704.5e)."""
    st = casting.game.state
    n = 0
    for x, chars in casting.cast_spells.get((st.turn, player), ()):
        if x in st.objects and casting.spell_is(quality, x, chars, player, choices):
            n += 1
        if x == oid:
            return n
    return n


def triggers(casting, trig, src: str, you: str, oid: str, chars: Characteristics, player: str, where: str | None,
             caster_ok, spell_targets) -> bool:
    """601.2i, 603.2: does the spell ``oid``, becoming cast by ``player`` from ``where`` with ``chars``, trigger the
    cast trigger ``trig`` of the ability of ``src`` that ``you`` control? ``caster_ok``, ``spell_targets``:
    casting.py's tests of the caster (603.2) and the targets (115.1)."""
    st = casting.game.state
    choices = st.objects[src].choices if src in st.objects else {}
    if trig.self_ or not caster_ok(trig.player, you, player):
        return False
    if trig.during is not None and st.active == you:  # 102.2: an opponent's turn
        return False
    if not (trig.from_zone is None or trig.from_zone == where or trig.from_zone == "not_hand" and where != "hand"):
        return False
    if trig.kicked and not st.objects[oid].choices.get("kicked"):  # 702.33d: cast with its kicker
        return False
    card = casting.game.card_file(oid) if trig.adventurer else None
    if trig.adventurer and (card is None or card.adventure is None):  # 715.2: the card has an Adventure
        return False
    if not casting.spell_is(trig.spells, oid, chars, player, choices):
        return False
    if trig.nth is not None and nth_of(casting, trig.spells, oid, player, choices) != trig.nth:
        return False
    return spell_targets(casting.game, trig.targeting, oid, src, you)
