"""Output of `mtgjudge replace`: the effects that apply, the chooser, every outcome and its orders."""

from __future__ import annotations

from bridge.replace import ReplaceResult

from engine.app.render import Output


def _value(v) -> str:
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, dict):
        return "{" + ", ".join(f"{k}: {_value(x)}" for k, x in v.items()) + "}"
    return str(v)


def _event_text(ev: dict) -> str:
    fields = ", ".join(f"{k}: {_value(v)}" for k, v in ev.items() if k != "type")
    return f"{ev['type']} ({fields})"


def replace_json(r: ReplaceResult, triggers: list[list]) -> dict:
    """The result, each outcome with the abilities its events trigger (603.6, 603.10a)."""
    d = r.to_dict()
    for out, trig in zip(d["outcomes"], triggers):
        out["triggers"] = [t.to_dict() for t in trig]
    return d


def print_replace(r: ReplaceResult, con: Output, triggers: list[list] | None = None) -> None:
    if r.applicable:
        con.table("effects that apply (614, 615)", ["effect", "kind", "616.1", "text"],
                  [(e.id, e.kind, e.category, e.text) for e in r.applicable])
    else:
        con.print("no replacement or prevention effect applies")
        con.print()
    chooser = r.choosers[0] if len(set(r.choosers)) == 1 else ", ".join(str(c) for c in r.choosers)
    con.print(f"who chooses the order (616.1): {chooser}")
    for what, who in r.made_choosers:  # 615.5, 616.1f: an event an effect makes, with its own chooser
        con.print(f"who chooses the order on the {what} the effects make (616.1): {who}")
    con.print()
    if r.outcome_count > len(r.outcomes):
        con.print(f"{r.outcome_count} outcomes; the first {len(r.outcomes)} (--limit):")
        con.print()
    for i, o in enumerate(r.outcomes, 1):
        events = "; ".join(_event_text(e) for e in o.events) or "(nothing happens)"
        con.print(f"outcome {i}: {events}")
        shown = "" if len(o.orders) == o.order_count else f" (the first {len(o.orders)} listed)"
        con.print(f"  {o.order_count} order(s){shown}:")
        for order in o.orders:
            con.print("    " + (" then ".join(order) if order else "(no effect applies)"))
        for t in (triggers[i - 1] if triggers else ()):
            con.print(f"  triggers ({t.rule}): {t.source} ability {t.ability}, for {t.object}: {t.text}")
    con.print()


def inferred_sources(state) -> list[dict]:
    """The board's effects whose source was inferred (engine/files/effect_source.py: an ability saying "this", the
    one permanent made from its card), for `mtgjudge replace` to say so."""
    return [{"effect": f"effects#{e.index}", "from": e.source_card, "source": e.source}
            for e in state.effects if e.source_inferred]


def print_inferred(state, con: Output) -> None:
    for d in inferred_sources(state):
        con.print(f"{d['effect']} ({d['from']}): its source, not given, is {d['source']}, the one {d['from']} on the "
                  "battlefield (its ability says 'this'; give `source:` to name another)")
    if inferred_sources(state):
        con.print()


def replace_with_triggers(state, events: list, library, config, limit: int = 100):
    """What `mtgjudge replace` answers (614-616), for the CLI and mtgjudge crosscheck alike: the
    result, and what each outcome's events trigger (603.6, 603.10a, 614.6); None when a solve hit
    the time limit. A `card:` enter event is a new object with its own "enters" abilities (614.12);
    the outcomes name its card again."""
    from bridge.layers import compute_layers
    from bridge.replace import replace

    from engine.files.events import as_card_events, with_entering_cards
    from engine.vocab.replacement import token_entry_choices
    from engine.game.triggered import event_triggers

    state, events, new_cards = with_entering_cards(state, events, library)
    layers = compute_layers(state, config)
    if layers.timed_out:
        return None
    result = replace(state, events, config, limit, layers=layers)
    if result.timed_out:
        return None
    for o in result.outcomes:  # 616.1g: the choices each token created makes as it enters
        o.events = token_entry_choices(o.events, library)
    entered: dict = {}  # the outcomes share the states of the permanents entering the same way
    triggers = [event_triggers(state, layers, o.events, entered) for o in result.outcomes]
    for o in result.outcomes:
        o.events = as_card_events(o.events, new_cards)
    return result, triggers
