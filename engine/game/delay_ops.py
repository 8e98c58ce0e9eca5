"""What the game loop does for the one-shot operations of issue 21's branch delay (engine/vocab/oneshot_delay.py):
"sacrifice it" in a delayed triggered ability (701.21a, 603.7c), "untap those creatures" (701.26b) and "it gains haste" on the permanents the instruction
before put onto the battlefield (611.2c). engine/game/resolve.py keeps those permanents as it follows each instruction
that puts permanents onto the battlefield (``Instructions.entered``, 608.2c); engine/game/triggers.py's delayed
triggered abilities refer to them (``about: entered``)."""

from __future__ import annotations

from pydantic import TypeAdapter

from bridge.replace import characteristics
from bridge.selectors import SelectorContext

from engine.files.events import ZoneChange
from engine.game.common import _name
from engine.state.model import ContinuousEffect
from engine.vocab.cardfile import Ability
from engine.vocab.oneshot_delay import ENTERING

OPS = ("sacrifice_it", "gains_entered", "untap_each", "exile_if_leaves")


def entering(op) -> bool:
    """Whether the instruction may put permanents onto the battlefield (ENTERING, or a "you may" of one)."""
    if op.op == "return_self":  # 113.6k: the card itself, onto the battlefield (702.84a unearth)
        return op.to == "battlefield"
    return op.op in ENTERING and getattr(op, "what", None) != "it" or op.op == "may" and any(
        o.op in ENTERING for o in op.one_shot)


def follow(game, op, source: str, ab, you: str, name: str) -> None:
    st = game.state
    if op.op == "sacrifice_it":  # 701.21a, 603.7c: each object the delayed ability refers to, still that object
        for x in [x for x in game.triggers.refers_to(ab) if x in st.battlefield]:
            controller = game.chars(x).get("controller")
            if op.who == "you" and controller != you:  # 701.21a: a player sacrifices only a permanent they control
                game.say("701.21a", f"{you} doesn't control {_name(st, x)}: {you} can't sacrifice it, and it stays")
                continue
            game.events.zone_changes([ZoneChange(type="zone_change", object=x, **{"from": "battlefield"}, to="graveyard")],
                                     "701.21", f"is sacrificed by {controller}", sacrificed=True)
    elif op.op == "untap_each":  # 701.26b, 611.2c: the set the continuous effect affects, fixed now
        ctx = SelectorContext(st, characteristics(st, game.layers()), source, you, (), {})
        those = [x for x in st.battlefield if ctx.match(op.what, x)]
        for x in [x for x in those if st.objects[x].tapped]:
            game.say("701.26b", f"{_name(st, x)} becomes untapped ({name})")
        game.events.untap(those)
    elif op.op == "exile_if_leaves":  # 614.1a, 611.2c (702.84a unearth): on the permanent the instruction before put there
        entered = tuple(x for x in getattr(game.instructions, "entered", ()) if x in st.battlefield)
        if len(entered) != 1:
            game.say("611.2c", f"{name}: no permanent the instruction before put onto the battlefield is there: "
                               f"\"{op.text}\" affects nothing")
            return
        rule = TypeAdapter(Ability).validate_python({
            "kind": "spell", "text": op.text, "replacement": {"event": "zone_change", "object": {"targets": True},
                                                              "from_zone": "battlefield", "do": "to_zone", "zone": "exile"}})
        ts = st.next_timestamp
        st.next_timestamp += 1
        st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=_name(st, source), ability_index=1,
                                           ability=rule, controller=you, targets=entered, timestamp=ts,
                                           choices={"while_on_battlefield_as": st.objects[entered[0]].zone_changes},
                                           duration="indefinite", remaining=None, affected=entered))
        game.say("614.1a", f"{_name(st, entered[0])}: \"{op.text}\" ({name}; a replacement effect on it while it stays "
                           "on the battlefield)")
    elif op.op == "gains_entered":  # 611.2, 611.2c: the set fixed now, those permanents only
        entered = tuple(x for x in getattr(game.instructions, "entered", ()) if x in st.battlefield)
        if not entered:
            game.say("611.2c", f"{name}: no permanent the instruction before put onto the battlefield is there: "
                               f"\"{op.text}\" affects nothing")
            return
        gains = TypeAdapter(Ability).validate_python({
            "kind": "spell", "text": op.text,
            "continuous": {"do": [{"op": "add_abilities", "abilities": [{"keyword": k} for k in op.keywords]}]}})
        o = st.objects.get(source)
        card = o.printed if o is not None else None
        index = next((k for k, a in enumerate(card.abilities, 1) if a == ab), 1) if card is not None else 1
        ts = st.next_timestamp
        st.next_timestamp += 1
        duration = "end_of_turn" if op.until_end_of_turn else "indefinite"  # 611.2a: none said, indefinitely
        st.effects.append(ContinuousEffect(index=st.next_effect_index(), source_card=card.name if card else name,
                                           ability_index=index, ability=gains, controller=you, targets=entered,
                                           choices={}, timestamp=ts, duration=duration, remaining=None, affected=entered))
        game.say("611.2c", f"{', '.join(_name(st, x) for x in entered)} gain{'s' if len(entered) == 1 else ''} "
                           f"{' and '.join(op.keywords)} ({name}; timestamp {ts}, "
                           f"{'until end of turn' if op.until_end_of_turn else 'indefinitely'})")


def left(game) -> None:
    """400.7, 611.2c: an effect "exile it instead" (exile_if_leaves) on a permanent that left the battlefield has nothing
    more to apply to (the card is a new object): it ends, and never applies to the card if it returns."""
    st = game.state
    for e in [e for e in st.effects if "while_on_battlefield_as" in e.choices]:
        x = e.affected[0] if e.affected else None
        o = st.objects.get(x)
        if o is None or o.zone != "battlefield" or o.zone_changes != e.choices["while_on_battlefield_as"]:
            st.effects.remove(e)
