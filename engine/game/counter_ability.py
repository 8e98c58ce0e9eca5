"""Countering an activated or triggered ability on the stack (issue 21, "counter target activated ability"): the
target's legality (115.1: "target activated ability", "target triggered ability", "target activated or triggered
ability", "... you don't control") and the countering itself (701.6a: the ability is removed from the stack, none of
its effects happen; its source stays where it is, 113.7a). A mana ability never is on the stack (605.3b): it can't be
a target. Called by targets.Targets.target_problem and instructions (op ``counter``)."""

from __future__ import annotations

from engine.game.common import _name

# TargetSpec.what of an ability on the stack -> the kinds of ability it may be (113.3b, 113.3c)
KINDS = {"activated_ability": ("activated",), "triggered_ability": ("triggered",), "ability": ("activated", "triggered")}


def kind(game, oid: str) -> str:
    """113.3b-c: an ability on the stack is activated (put there by costs.on_stack, 602.2a) or triggered (603.3)."""
    return kind_of(game.state.objects[oid])


def target_problem(game, spec, t: str, you: str) -> str | None:
    """115.1, 701.6a: why ``t`` can't be the target "activated ability" / "triggered ability" of ``spec``, or None."""
    st = game.state
    o = st.objects.get(t)
    if t not in st.stack or o is None or o.kind != "ability":
        return "it is not an ability on the stack (a mana ability never is, 605.3b)"
    if kind(game, t) not in KINDS[spec.what]:
        return f"it is a{'n' if kind(game, t) == 'activated' else ''} {kind(game, t)} ability"
    if spec.controller == "you" and o.controller != you or spec.controller == "opponent" and o.controller == you:
        return f"it is {'not ' if spec.controller == 'you' else ''}an ability you control"
    return None


def counter(game, t: str, name: str) -> None:
    """701.6a: the ability ``t`` is countered: removed from the stack, none of its effects happen (its source, a
    permanent or a card, stays where it is, 113.7a)."""
    st = game.state
    o = st.objects[t]
    text = game.abilities.get(t, (None, "?"))[1]
    source = _name(st, o.ability_of) if o.ability_of in st.objects else o.ability_of
    st.stack.remove(t)
    del st.objects[t]
    game.abilities.pop(t, None)
    game.say("701.6a", f"{name}: the {kind_of(o)} ability of {source} (\"{text}\") is countered: it is removed from "
                       "the stack, none of its effects happen")


def kind_of(o) -> str:
    return "activated" if o.choices.get("activated") else "triggered"
