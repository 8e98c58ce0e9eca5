"""The differences between a replace claim and our answer (614-616): the applicable effects, who chooses,
and the outcomes with the orders that lead to each (616.1)."""

from __future__ import annotations

from typing import Any

from engine.app.crosscheck.cases import Malformed, difference, project, unknown_field, value_key

REPLACE_FIELDS = ("applicable", "chooser", "made_choosers", "outcome_count", "outcomes", "inferred_sources")
CATEGORY_ORDER = ("616.1a", "616.1b", "616.1c", "616.1d", "616.1e")


def _events_key(events: Any) -> str:
    return value_key(sorted(value_key(e) for e in events)) if isinstance(events, list) else value_key(events)


def _events_text(events: list) -> str:
    from engine.app.replace_view import _event_text

    return "; ".join(_event_text(e) for e in events) or "nothing happens"


def _outcome_rule(outcome: dict, categories: dict[str, str]) -> str:
    if any(isinstance(e, dict) and e.get("chosen") for e in outcome["events"]):
        return "616.1f"  # 614.12: the values of a choice made as it enters that the effects after it tell apart
    order = outcome["orders"][0] if outcome["orders"] else []
    if len(order) < 2:  # no order to choose: the outcomes differ by a choice an effect offers (614.1)
        return "614.1" if order else "616.1"
    return min((categories.get(e.split("@", 1)[0], "616.1e") for e in order), key=CATEGORY_ORDER.index)


def compare_replace(ours: dict, claim: dict) -> list[dict]:
    for key in claim:
        if key not in REPLACE_FIELDS:
            raise unknown_field("replace", key, REPLACE_FIELDS)
    out = []
    categories = {e["effect"]: e["category"] for e in ours["applicable"]}
    chooser = ours["chooser"]
    if "applicable" in claim:
        theirs = claim["applicable"]
        if not isinstance(theirs, list) or not all(isinstance(e, dict) and "effect" in e for e in theirs):
            raise Malformed("claim.applicable: not a list of {effect, ...}")
        mine = {e["effect"]: e for e in ours["applicable"]}
        given = {e["effect"]: e for e in theirs}
        for eid in sorted(set(mine) | set(given)):
            m, t = mine.get(eid), given.get(eid)
            if t is None:
                rule = "615" if m["kind"] == "prevention" else "614.1"
                out.append(difference(f"applicable.{eid}", m, None, rule,
                                      f"{eid} applies to the event ({m['kind']}, ordered under {m['category']}): {m['text']}"))
            elif m is None:
                out.append(difference(f"applicable.{eid}", None, t, "614.1",
                                      f"{eid} doesn't apply to this event (no replacement or prevention effect of it matches)"))
            elif project(m, t) != t:
                rule = m["category"] if t.get("category") != m["category"] else "614.1"
                out.append(difference(f"applicable.{eid}", m, t, rule,
                                      f"{eid} is a {m['kind']} effect ordered under {m['category']}: {m['text']}"))
    if "chooser" in claim and claim["chooser"] != chooser:
        out.append(difference("chooser", chooser, claim["chooser"], "616.1",
                              "the affected player, or the controller of the affected object, chooses the order (616.1)"))
    for key, rule, why in (("made_choosers", "616.1", "who chooses the order of the effects on each event an effect "
                            "makes (615.5, 616.1f): the affected player, or the controller of the affected object (616.1)"),
                           ("inferred_sources", "113.7", "an effect whose ability says 'this' and whose source the board "
                            "doesn't give: the one permanent of its card on the battlefield (113.7, 611.2)")):
        if key in claim:
            theirs, mine = claim[key], ours.get(key, [])
            if not isinstance(theirs, list) or not all(isinstance(x, dict) for x in theirs):
                raise Malformed(f"claim.{key}: not a list of objects")
            if sorted(value_key(x) for x in theirs) != sorted(value_key(x) for x in mine):
                out.append(difference(key, mine, theirs, rule, why))
    if "outcome_count" in claim and claim["outcome_count"] != ours["outcome_count"]:
        out.append(difference("outcome_count", ours["outcome_count"], claim["outcome_count"],
                              _outcome_rule(ours["outcomes"][-1], categories) if ours["outcomes"] else "616.1",
                              f"the orders of the {len(ours['applicable'])} applicable effect(s) lead to "
                              f"{ours['outcome_count']} different outcome(s): "
                              + " | ".join(_events_text(o["events"]) for o in ours["outcomes"][:5])))
    if "outcomes" in claim:
        theirs = claim["outcomes"]
        if not isinstance(theirs, list) or not all(isinstance(o, dict) and "events" in o for o in theirs):
            raise Malformed("claim.outcomes: not a list of {events, ...}")
        mine = {_events_key(o["events"]): o for o in ours["outcomes"]}
        given = {_events_key(o["events"]): o for o in theirs}
        complete = ours["outcome_count"] == len(ours["outcomes"])
        for k, o in mine.items():
            if k not in given:
                order = o["orders"][0] if o["orders"] else []
                how = " then ".join(order) if order else "no effect applying"
                out.append(difference("outcomes", {"events": o["events"], "orders": o["orders"]}, None, _outcome_rule(o, categories),
                                      f"{_events_text(o['events'])}: reached by {how} ({chooser} chooses which effect "
                                      "applies first, then again among those left, 616.1e-f)"))
        for k, t in given.items():
            if k not in mine:
                if complete:
                    out.append(difference("outcomes", None, {"events": t["events"]}, "616.1",
                                          f"{_events_text(t['events'])}: no order of the applicable effects leads there"))
                continue
            o = mine[k]
            field = "outcomes[" + _events_text(o["events"]) + "]"
            if "orders" in t:
                a = {value_key(x) for x in o["orders"]}
                b = {value_key(x) for x in t["orders"]} if isinstance(t["orders"], list) else set()
                if (a != b) if o["order_count"] == len(o["orders"]) else not b <= a | b:
                    out.append(difference(field + ".orders", o["orders"], t["orders"], _outcome_rule(o, categories),
                                          f"{o['order_count']} order(s) lead there (616.1e: each order the chooser may pick)"))
            if "order_count" in t and t["order_count"] != o["order_count"]:
                out.append(difference(field + ".order_count", o["order_count"], t["order_count"], _outcome_rule(o, categories),
                                      f"{o['order_count']} order(s) lead there (616.1e)"))
            if "triggers" in t:
                tk = ("source", "ability", "object")
                a = {value_key(project(x, tk)) for x in o.get("triggers", [])}
                b = {value_key(project(x, tk)) for x in t["triggers"] if isinstance(x, dict)}
                if a != b:
                    rule = o["triggers"][0]["rule"] if o.get("triggers") else "603.2"
                    out.append(difference(field + ".triggers", o.get("triggers", []), t["triggers"], rule,
                                          "what the events trigger as they happen: " + (", ".join(
                                         f"{x['source']} ability {x['ability']} for {x['object']}" for x in o.get("triggers", []))
                                         or "nothing")))
    return out

