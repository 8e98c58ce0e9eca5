"""Oracle for the events an effect makes (615.5, 614.1, 616.1f), written from the rules text, independent of
asp_rules/replace.lp and bridge/: "for each 1 damage prevented this way, put a +1/+1 counter on that creature"
(Test of Faith: the rest of the effect takes place immediately after the damage, 615.5) and "instead exile that
card and create a 2/2 black Zombie token" (Kalitas: the modified event also creates tokens) are events of their
own. Each is looked at by the replacement effects as any event is (614.1, 614.17: "counters can't be put" stops
it; each effect once, 614.5; every order, 616.1e, 616.1f): brute force, the replace oracle's own explore run on
it, and its orders follow the event's, in the order of the events made.

    followed(oracle, ev, cur, order) -> [(final events, order)]   (and oracle.made_choosers: each event made, as
                                                                   "+1/+1 counters on X" or "Zombie tokens", and its
                                                                   chooser, 616.1)
"""

from __future__ import annotations

from engine.files.events import Counters, Token


def made_events(oracle, ev, cur, order: tuple) -> set:
    """The keys (event_key shape) of the events the effects applied along `order` made: 615.5's counters (they
    name who puts them, `by`), the tokens a modified event creates."""
    try:
        from oracles.replace import event_key  # (tests/ on sys.path, as the oracles import one another)
    except ImportError:
        from tests.oracles.replace import event_key

    applied = set(order[:len(order) - cur.after])
    made = {m for m in cur.made + cur.tail_made if dict(m).get("type") == "counters"}
    if ev.type != "token":
        made |= {event_key({"type": "token", "controller": e.you, "token": e.rule.and_create.token,
                            "amount": e.rule.and_create.amount})
                 for e in oracle.effects if e.id in applied and e.rule.and_create is not None}
    return made


def note_chooser(oracle, d: dict):
    """An event an effect made (`d`, in the event file's shape) as an event model, and who orders the effects on it
    noted in oracle.made_choosers (616.1: the controller of the object that gets the counters, the player who creates
    the tokens), named as the program's made_choosers names it."""
    new = Counters.model_validate(d) if d["type"] == "counters" else Token.model_validate(d)
    what = f"{new.kind} counters on {new.object}" if new.type == "counters" else f"{new.token} tokens"
    oracle.made_choosers.add((what, oracle.chooser(new)))
    return new


def followed(oracle, ev, cur, order: tuple, applicable: set) -> list[tuple[tuple, tuple]]:
    """Every way the event's outcome happens with the events the effects made looked at in turn: (the final
    events, the order: the event's, then those applied to each event made, in the order they come)."""
    key = oracle.final_events(ev, cur, order)
    made = made_events(oracle, ev, cur, order)
    # the tokens a modified event creates come after its own final events (a regeneration, a shield counter
    # removed: what the effects did to it), as the events it made; 615.5's counters come last already
    key = tuple(x for x in key if x not in made or dict(x)["type"] != "token") + tuple(
        x for x in key if x in made and dict(x)["type"] == "token")
    out = [((), order)]
    for item in key:
        if item not in made:
            out = [(k + (item,), o) for k, o in out]
            continue
        d = dict(item)
        new = note_chooser(oracle, d)
        before, budget = oracle.entering, oracle.budget
        oracle.budget = {}
        got, finals = oracle.explore(new)
        oracle.entering, oracle.budget = before, budget
        applicable |= got
        out = [(k + oracle.final_events(new, c, o2), o + o2) for k, o in out for c, o2 in finals]
    return out
