"""The differences between a layers claim and our answer (613): each characteristic with the layer,
dependency (613.8a), loop (613.8b) or timestamp (613.7) that decides it."""

from __future__ import annotations

from typing import Iterable

from engine.app.crosscheck.cases import Malformed, difference, project, unknown_field, value_key

LAYER_SEQUENCE = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
LAYER_RULE = {"1a": "613.2", "1b": "708.2", "2": "613.1b", "3": "613.1c", "4": "613.1d", "5": "613.1e",
              "6": "613.1f", "7a": "613.4a", "7b": "613.4b", "7c": "613.4c", "7d": "613.4d"}
# The layers in which each characteristic can change (613.1, 613.4).
FIELD_LAYERS = {"name": ("1", "3"), "controller": ("2",), "owner": (), "types": ("1", "4"),
                "supertypes": ("1", "4"), "subtypes": ("1", "4"), "all_creature_types": ("1", "4"),
                "colors": ("1", "5"), "abilities": ("1", "4", "6"), "power": ("1", "7"), "toughness": ("1", "7")}
FIELD_RULE = {"name": "613.1c", "controller": "613.1b", "owner": "108.3", "types": "613.1d", "supertypes": "613.1d",
              "subtypes": "613.1d", "all_creature_types": "613.1d", "colors": "613.1e", "abilities": "613.1f",
              "power": "613.4", "toughness": "613.4"}
REASON_TEXT = {
    "existence": "applying it changes whether the effect exists",
    "text": "applying it changes the effect's text",
    "applies_to": "applying it changes what the effect applies to",
    "what_it_does": "applying it changes what the effect does",
}
LAYERS_FIELDS = ("objects", "order", "dependencies", "loops", "players_and_rules")
LIST_FIELDS = ("types", "supertypes", "subtypes", "colors", "abilities")


def _in_layers(layer: str, prefixes: Iterable[str]) -> bool:
    return any(layer.startswith(p) for p in prefixes)


def _layer_explanation(ours: dict, oid: str, field: str, state) -> tuple[str, str]:
    """The rule that decides an object's characteristic, and why ours is what it is."""
    prefixes = FIELD_LAYERS.get(field, ())
    applied = [e for e in ours["order"] if oid in e["applies_to"] and _in_layers(e["layer"], prefixes)]
    ids = {e["effect"] for e in applied}
    seen_in = {(e["effect"], e["layer"]) for e in ours["order"]}
    deps = [d for d in ours["dependencies"] if _in_layers(d["layer"], prefixes) and (
        d["effect"] in ids or d["depends_on"] in ids
        or (d["reason"] == "existence" and (d["effect"], d["layer"]) not in seen_in))]
    if not deps:  # an effect of a later layer that exists or not depending on the order of an earlier one
        last = max((LAYER_SEQUENCE.index(x) for x in LAYER_SEQUENCE if _in_layers(x, prefixes)), default=-1)
        deps = [d for d in ours["dependencies"] if d["reason"] == "existence" and d["layer"] in LAYER_SEQUENCE
                and LAYER_SEQUENCE.index(d["layer"]) < last]
    loops = [loop for loop in ours["loops"] if ids & set(loop)]
    steps = ", then ".join(f"{e['effect']} (layer {e['layer']}, timestamp {e['timestamp']})" for e in applied)
    ours_applies = f"; ours applies {steps}" if applied else ""
    if deps:
        text = "; ".join(f"{d['effect']} depends on {d['depends_on']} (613.8a, {d['reason']}: {REASON_TEXT[d['reason']]}"
                         f", in layer {d['layer']}), so it applies after it whatever the timestamps" for d in deps)
        if any(d["reason"] == "existence" and (d["effect"], d["layer"]) not in seen_in for d in deps):
            text += " (and it no longer exists once the other has applied)"
        return "613.8a", text + ours_applies
    if loops:
        return "613.8b", ("; ".join(", ".join(loop) for loop in loops)
                          + " depend on each other: a loop, applied in timestamp order (613.8b)" + ours_applies)
    if len(applied) >= 2:
        layers = {e["layer"] for e in applied}
        if len(layers) < len(applied):
            return "613.7", "within a layer, effects apply in timestamp order (613.7)" + ours_applies
        return FIELD_RULE.get(field, "613.1"), "the layers apply in order (613.1, 613.4)" + ours_applies
    if len(applied) == 1:
        e = applied[0]
        return LAYER_RULE.get(e["layer"], FIELD_RULE.get(field, "613.1")), (
            f"one effect changes it: {e['effect']} in layer {e['layer']}" + ours_applies)
    if field in ("power", "toughness") and ours["objects"][oid].get(field) is None:
        return "208.3", ("it is not a creature, so it has no power or toughness (208.3)"
                         + (f"; ours applies {steps}" if applied else ""))
    counters = state.objects[oid].counters if state is not None and oid in state.objects else {}
    if field in ("power", "toughness") and any(k in ("+1/+1", "-1/-1") for k in counters):
        return "613.4c", "no continuous effect changes it: the printed value and its counters (613.4c)"
    return "109.3", "no continuous effect changes it: the printed value"


def compare_layers(ours: dict, claim: dict, extra: dict) -> list[dict]:
    out = []
    for key in claim:
        if key not in LAYERS_FIELDS:
            raise unknown_field("layers", key, LAYERS_FIELDS)
    objects = claim.get("objects")
    if objects is not None:
        if not isinstance(objects, dict):
            raise Malformed("claim.objects: not a map of permanent ids")
        for oid, fields in objects.items():
            if oid not in ours["objects"]:
                raise Malformed(f"claim.objects.{oid}: no permanent has this id on the board")
            if not isinstance(fields, dict):
                raise Malformed(f"claim.objects.{oid}: not a map of characteristics")
            mine = ours["objects"][oid]
            for f, theirs in fields.items():
                if f not in mine and f != "all_creature_types":
                    raise unknown_field("layers", f"objects.{oid}.{f}", list(mine))
                value = mine.get(f, False if f == "all_creature_types" else None)
                same = (sorted(map(value_key, value)) == sorted(map(value_key, theirs))
                        if f in LIST_FIELDS and isinstance(value, list) and isinstance(theirs, list) else value == theirs)
                if not same:
                    rule, why = _layer_explanation(ours, oid, f, extra.get("state"))
                    out.append(difference(f"objects.{oid}.{f}", value, theirs, rule, why))
    if "order" in claim:
        theirs = claim["order"]
        keys = sorted({k for e in theirs for k in e}) if isinstance(theirs, list) and all(isinstance(e, dict) for e in theirs) else None
        if keys is None:
            raise Malformed("claim.order: not a list of applications ({effect, layer, ...})")
        def norm(e):
            p = project(e, keys)
            if isinstance(p.get("applies_to"), list):
                p["applies_to"] = sorted(p["applies_to"])
            return p
        mine = [norm(e) for e in ours["order"]]
        if mine != [norm(e) for e in theirs]:
            if ours["dependencies"]:
                d = ours["dependencies"][0]
                out.append(difference("order", ours["order"], theirs, "613.8a",
                                      f"{d['effect']} depends on {d['depends_on']} (613.8a, {d['reason']}, layer {d['layer']}): "
                                      "it applies after it, not in timestamp order"))
            else:
                out.append(difference("order", ours["order"], theirs, "613.7",
                                      "no dependency: each layer applies in timestamp order (613.7)"))
    for key, rule, label in (("dependencies", "613.8a", "dependency"), ("loops", "613.8b", "loop"),
                             ("players_and_rules", "613.10", "effect on players or rules")):
        if key not in claim:
            continue
        theirs = claim[key]
        if not isinstance(theirs, list):
            raise Malformed(f"claim.{key}: not a list")
        if key == "loops":
            a = {value_key(sorted(x)) for x in ours[key]}
            b = {value_key(sorted(x)) if isinstance(x, list) else value_key(x) for x in theirs}
        else:
            keys = sorted({k for e in theirs if isinstance(e, dict) for k in e}) or ["effect"]
            a = {value_key(project(e, keys)) for e in ours[key]}
            b = {value_key(project(e, keys)) for e in theirs}
        if a != b:
            missing, wrong = sorted(a - b), sorted(b - a)
            parts = []
            if missing:
                parts.append(f"ours has {label} {', '.join(missing)} that the claim misses")
            if wrong:
                parts.append(f"the claim has {label} {', '.join(wrong)} that ours doesn't")
            if key == "dependencies" and missing:
                parts.append("613.8a: an effect depends on another when applying the other changes whether it exists, "
                             "what it applies to, or what it does")
            out.append(difference(key, ours[key], theirs, rule, "; ".join(parts)))
    return out

