"""Triggered mana abilities in the loop (605.1b, 605.4a, 106.12a): "Whenever enchanted land is tapped for mana, its
controller adds an additional {G}." triggers as a mana ability with {T} in its cost resolves and produces mana
(engine/game/mana.py), and resolves at once after it, without the stack and without priority: its mana goes to the
pool of the player who tapped the permanent, who chooses among the options ({add: LETTERS, by: PLAYER}, as for any
mana of a kind chosen as it resolves: Mana.add_choice)."""

from __future__ import annotations

from engine.game.common import _name
from engine.game.triggered import event_triggers
from engine.vocab.mana import parse_cost

_COLORS = {"white": "{W}", "blue": "{U}", "black": "{B}", "red": "{R}", "green": "{G}"}


def resolve(game, oid: str, player: str, produced: str) -> None:
    """605.4a: each triggered mana ability that ``player``'s tapping ``oid`` for mana (which added ``produced``)
    triggers resolves now, in the order of their sources (all of them that player's choices aside, they only add
    mana: the order doesn't change the outcome)."""
    st = game.state
    event = {"type": "tapped_for_mana", "object": oid, "player": player}
    for t in event_triggers(st, game.layers(), [event]):  # (the trigger's subjects and player: triggered.py)
        if [o.op for o in t.model.one_shot or ()] != ["add_tapped_mana"]:
            continue  # (a card file's other effect: not executable, engine/vocab/cardfile.py executable_by)
        op = t.model.one_shot[0]  # 605.1b: one add_tapped_mana (engine/vocab/oracle/oneshot_manatrig.py: check)
        if op.produced:  # 106.1b: one mana of any type that permanent produced
            options = list(dict.fromkeys("{" + s.text + "}" for s in parse_cost(produced)))
        elif op.chosen_color:  # 614.12: the color chosen for the source as it entered (none: nothing added)
            color = st.objects[t.source].choices.get("color")
            options = [_COLORS[color]] if color in _COLORS else []
        else:
            options = list(op.options)
        name = _name(st, t.source)
        game.say("605.4a", f"{name}'s triggered mana ability resolves at once, without the stack: \"{t.text}\"")
        if options:
            game.mana.add_choice(options, player, name)
