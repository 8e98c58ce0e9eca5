"""Role tokens (111.10k-q; issue 21): "create a Monster Role token attached to target creature you
control" (engine/vocab/oracle/oneshot_roles.py) puts the Role, an Aura token, onto the battlefield attached to the
ability's target; and the state-based action of 704.5y (303.7a, the French text of ../shared/seeds/000 line 1463;
704.5y in seed 002): if a permanent has more than one Role controlled by the same player attached to it, each of those
Roles except the one with the most recent timestamp is put into its owner's graveyard."""

from __future__ import annotations

from engine.game.common import _name


def attach(game, made: list[str], targets: list) -> None:
    """111.10k-q: the Role token just created (``made``) enters attached to the ability's first target, still on the
    battlefield (608.2b: with its only target gone the ability doesn't resolve; one it can't enchant is put into the
    graveyard by 704.5m)."""
    st = game.state
    target = targets[0] if targets else None
    for x in made:
        if x in st.battlefield and target in st.battlefield:
            st.objects[x].attached_to = target
            game.say("303.4f", f"{_name(st, x)} enters the battlefield attached to {_name(st, target)}")


def older_roles(state, chars: dict) -> list[tuple[str, str]]:
    """704.5y, 303.7a: (rule, id) of each Role (a permanent with the subtype Role, after the layers) that is attached to
    a permanent to which a newer Role of the same controller is attached too."""
    newest: dict[tuple[str, str], str] = {}
    roles = [x for x in state.battlefield if "Role" in (chars.get(x) or {}).get("subtypes", ())
             and state.objects[x].attached_to in state.battlefield]
    for x in roles:
        o = state.objects[x]
        key = (o.attached_to, o.controller)
        if key not in newest or state.objects[newest[key]].timestamp < o.timestamp:
            newest[key] = x
    return [("704.5y", x) for x in roles if newest[(state.objects[x].attached_to, state.objects[x].controller)] != x]
