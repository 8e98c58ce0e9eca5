"""Cross-checking another engine (docs/crosscheck.md): JSON Lines of cases, each a board, a query and
the other engine's claim; our answer to each, the fields that differ, and for each the rule that
decides it and why.

A case line::

    {"id": "c1", "query": "layers", "board": {...}, "claim": {"objects": {"humility": {"power": 4}}}}

``query`` is ``layers``, ``attack``, ``block`` or ``replace``; ``board`` a board (docs/board-format.md)
or ``board_file`` a board file relative to the claims file; ``declaration`` (attack, block: a
declaration to check; without one, the best declaration is asked); ``event`` (replace: one event, or a
list of simultaneous events); ``claim`` any subset of the fields of our ``--json`` output for the query.

Each case is evaluated on its own (:func:`evaluate`), in worker processes that keep the card library
(:class:`Checker`); results come back in input order, so the output is the same with any number of jobs.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, model_validator

from .errors import InputError

QUERIES = ("layers", "attack", "block", "replace")
DOC = "see docs/crosscheck.md"


# --- the interchange format ----------------------------------------------------------------------

class GeneratedCase(BaseModel):
    """A case as `mtgjudge generate` writes it: a board and a question about it, without a claim."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, description="the case's name, unique in the file; reported with its results")
    query: Literal["layers", "attack", "block", "replace"] = Field(
        description="the question: layers (613), attack (508.1), block (509.1) or replace (614-616)")
    seed: Optional[int] = Field(default=None, description="generated cases: the seed of the generator that made "
                                                          "the board (engine/generate.py)")
    board: Optional[dict[str, Any]] = Field(default=None, description="the board, inline (docs/board-format.md; "
                                                                      "its schema: 'mtgjudge schema board')")
    board_file: Optional[str] = Field(default=None, description="or: a board file (YAML or JSON), relative to the "
                                                                "claims file")
    declaration: Optional[dict[str, Any]] = Field(
        default=None, description="attack, block: a declaration to check, as in a declaration file "
                                  "({attack: {...}} or {block: {...}}, pay, bands; docs/combat.md); without it, "
                                  "the question is the most requirements a declaration can obey, and one that does")
    event: Optional[Union[dict[str, Any], list[dict[str, Any]]]] = Field(
        default=None, description="replace: the event about to happen (docs/events.md), or a list of simultaneous "
                                  "events (616.2)")

    @model_validator(mode="after")
    def _shape(self):
        if (self.board is None) == (self.board_file is None):
            raise ValueError("give exactly one of 'board' and 'board_file'")
        if self.declaration is not None and self.query not in ("attack", "block"):
            raise ValueError(f"'declaration' is for attack and block, not {self.query}")
        if (self.event is not None) != (self.query == "replace"):
            raise ValueError("'event' is required for replace, and only for replace")
        if isinstance(self.event, list) and not self.event:
            raise ValueError("'event' is an empty list")
        return self


class Case(GeneratedCase):
    """A case line of a claims file: a generated case plus the other engine's answer."""

    claim: dict[str, Any] = Field(description="the other engine's answer, in the shape of our --json output for the "
                                              "query, any subset of its fields (docs/crosscheck.md)")


def case_json_schema() -> dict:
    schema = Case.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "mtgjudge crosscheck case (one line of a claims file)"
    return schema


class Malformed(Exception):
    """A case line that can't be checked: reported with its line number and skipped."""


# --- our answers -----------------------------------------------------------------------------------

def _plain(data: Any) -> Any:
    """Exactly what our --json output holds once parsed (tuples become lists)."""
    return json.loads(json.dumps(data))


class Checker:
    """One worker's state, kept from case to case: the card library, the solver configuration, and the
    board files already read."""

    def __init__(self, card_dirs: tuple[str, ...] = (), time_limit: float = 10.0):
        from bridge import SolverConfig

        from .library import load_library

        self.library = load_library(tuple(Path(d) for d in card_dirs))
        self.config = SolverConfig(time_limit=time_limit)
        self.files: dict[str, str] = {}

    # one case ------------------------------------------------------------------------------------
    def evaluate(self, line: int, text: str, base: str, files: dict[str, str | None] | None = None) -> dict:
        """The result record of one line of a claims file (see docs/crosscheck.md)."""
        case_id = None
        try:
            try:
                data = json.loads(text)
            except json.JSONDecodeError as e:
                raise Malformed(f"not JSON: {e.msg} at column {e.colno}") from None
            if isinstance(data, dict) and isinstance(data.get("id"), (str, int)) and not isinstance(data.get("id"), bool):
                case_id = str(data["id"])
            if isinstance(data, dict) and isinstance(data.get("id"), int) and not isinstance(data["id"], bool):
                data["id"] = str(data["id"])
            try:
                case = Case.model_validate(data)
            except ValidationError as e:
                err = e.errors()[0]
                where = ".".join(str(p) for p in err["loc"]) or "(top level)"
                raise Malformed(f"{where}: {err['msg'][0].lower()}{err['msg'][1:]}") from None
            state, board_name = self._state(case, base, files)
            ours, timed_out, extra = self.answer(case, state, board_name)
            if timed_out:
                return {"id": case.id, "query": case.query, "line": line, "timeout": True}
            differences = compare(case.query, ours, case.claim, extra)
            return {"id": case.id, "query": case.query, "line": line, "agree": not differences,
                    "differences": differences}
        except Malformed as e:
            return {"id": case_id, "line": line, "malformed": str(e)}
        except InputError as e:
            return {"id": case_id, "line": line, "malformed": e.line()}

    def ours(self, case: dict, base: str = "") -> Any:
        """Our answer to a case (a dict, with or without a claim), in the shape of our --json output; None
        when a solve hit the time limit. A claim of exactly this agrees on every field."""
        c = Case.model_validate({**case, "claim": {}})
        state, board_name = self._state(c, base, None)
        ours, timed_out, _ = self.answer(c, state, board_name)
        return None if timed_out else ours

    def _state(self, case: Case, base: str, files: dict[str, str | None] | None):
        from .loader import board_from_data
        from .yamlio import parse_text

        if case.board is not None:
            return board_from_data(case.board, self.library, "board"), "board"
        name = str(Path(base) / case.board_file) if base else case.board_file
        text = files.get(name) if files is not None else read_board_file(name, self.files)
        if text is None:
            raise InputError(name, "board_file", "no such file, or not readable UTF-8 text",
                             "give a board file path relative to the claims file")
        return board_from_data(parse_text(text, name), self.library, name), name

    def answer(self, case: Case, state, board_name: str) -> tuple[Any, bool, dict]:
        """Our answer, in the shape of our --json output; whether a solve hit the time limit; and what the
        explanations of differences need (the problem, to check a claimed declaration)."""
        if case.query == "layers":
            from .queries import layers_document, layers_result

            result = layers_result(state, self.config)
            return (None, True, {}) if result.timed_out else (_plain(layers_document(result)), False, {"state": state})
        if case.query in ("attack", "block"):
            return self._combat(case, state, board_name)
        return self._replace(case, state)

    def _combat(self, case: Case, state, board_name: str):
        from .declaration import declaration_from_data
        from .queries import combat_answer, needs_attackers

        side = case.query
        needs_attackers(state, side, board_name)
        decl = declaration_from_data(case.declaration, side, state) if case.declaration is not None else None
        answer = combat_answer(state, side, decl, False, 0, self.config, board_name)
        if answer.timed_out:
            return None, True, {}
        extra = {"problem": answer.problem, "side": side, "checker": self, "declared": decl is not None}
        return _plain(answer.document()), False, extra

    def _replace(self, case: Case, state):
        from .events import events_from_data
        from .queries import replace_answer, replace_document

        data = {"events": case.event} if isinstance(case.event, list) else {"event": case.event}
        events = events_from_data(data, state, self.library, "event")
        answer = replace_answer(state, events, self.library, self.config, 100)
        if answer is None:
            return None, True, {}
        return _plain(replace_document(answer)), False, {"chooser_rule": "616.1"}


def read_board_file(name: str, cache: dict[str, str] | None = None) -> str | None:
    if cache is not None and name in cache:
        return cache[name]
    try:
        text = Path(name).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    if cache is not None:
        if len(cache) > 256:
            cache.clear()
        cache[name] = text
    return text


# --- comparing a claim with our answer -------------------------------------------------------------

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
# Rule numbers the explanations use, with a title (the text summary lists them).
RULE_TITLES = {
    "108.3": "owner", "109.3": "printed characteristics",
    "613.1b": "layer 2: control", "613.1c": "layer 3: text", "613.1d": "layer 4: types", "613.1e": "layer 5: colors",
    "613.1f": "layer 6: abilities", "613.2": "layer 1a: copy", "708.2": "layer 1b: face down",
    "613.4": "layer 7: power and toughness, sublayers in order", "613.4a": "layer 7a: characteristic-defining",
    "613.4b": "layer 7b: set base power/toughness", "613.4c": "layer 7c: modifications and counters",
    "613.4d": "layer 7d: switch", "613.1": "layers in order",
    "613.7": "timestamp order", "613.8a": "dependency", "613.8b": "dependency loop", "613.10": "effects on players and rules",
    "208.3": "no power or toughness for a noncreature", "302.6": "summoning sickness",
    "508.1a": "who may attack", "508.1b": "what a creature may attack", "509.1a": "who may block, and what",
    "702.22c": "bands", "702.22d": "bands attack together", "702.111b": "menace", "702.9b": "flying",
    "508.1": "declaring attackers", "508.1c": "attack restrictions", "508.1d": "attack requirements, as many as possible",
    "508.1g": "attack costs", "508.2a": "attack triggers", "509.1": "declaring blockers", "509.1b": "block restrictions",
    "509.1c": "block requirements, as many as possible", "509.1d": "block costs", "509.3": "block triggers",
    "702.22h": "blocking a band", "614.1": "replacement effects that apply", "615": "prevention effects that apply",
    "616.1": "who chooses, and every order", "616.1a": "self-replacement effects first",
    "616.1b": "effects on who controls an entering permanent next", "616.1c": "entering as a copy first",
    "616.1d": "entering transformed next", "616.1e": "the chooser's choice of order",
    "616.1f": "once applied, reapplying the others", "603.2": "triggered abilities", "603.10a": "leaves-the-battlefield triggers",
}


def _key(v: Any) -> str:
    return json.dumps(v, sort_keys=True, ensure_ascii=False)


def _project(d: Any, keys: Iterable[str]) -> Any:
    return {k: d.get(k) for k in keys} if isinstance(d, dict) else d


def _diff(field: str, ours: Any, theirs: Any, rule: str, explanation: str) -> dict:
    return {"field": field, "ours": ours, "theirs": theirs, "rule": rule, "explanation": explanation}


def _unknown(query: str, where: str, allowed: Iterable[str]) -> Malformed:
    return Malformed(f"claim.{where}: not a field of our {query} answer (use: {', '.join(allowed)})")


def compare(query: str, ours: dict, claim: dict, extra: dict) -> list[dict]:
    """The differences between a claim and our answer, each with its rule and explanation; raises
    Malformed for a claim that is not a subset of our answer's shape."""
    if query == "layers":
        return _compare_layers(ours, claim, extra)
    if query in ("attack", "block"):
        return _compare_combat(query, ours, claim, extra)
    return _compare_replace(ours, claim)


# layers ------------------------------------------------------------------------------------------

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


def _compare_layers(ours: dict, claim: dict, extra: dict) -> list[dict]:
    out = []
    for key in claim:
        if key not in LAYERS_FIELDS:
            raise _unknown("layers", key, LAYERS_FIELDS)
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
                    raise _unknown("layers", f"objects.{oid}.{f}", list(mine))
                value = mine.get(f, False if f == "all_creature_types" else None)
                same = (sorted(map(_key, value)) == sorted(map(_key, theirs))
                        if f in LIST_FIELDS and isinstance(value, list) and isinstance(theirs, list) else value == theirs)
                if not same:
                    rule, why = _layer_explanation(ours, oid, f, extra.get("state"))
                    out.append(_diff(f"objects.{oid}.{f}", value, theirs, rule, why))
    if "order" in claim:
        theirs = claim["order"]
        keys = sorted({k for e in theirs for k in e}) if isinstance(theirs, list) and all(isinstance(e, dict) for e in theirs) else None
        if keys is None:
            raise Malformed("claim.order: not a list of applications ({effect, layer, ...})")
        def norm(e):
            p = _project(e, keys)
            if isinstance(p.get("applies_to"), list):
                p["applies_to"] = sorted(p["applies_to"])
            return p
        mine = [norm(e) for e in ours["order"]]
        if mine != [norm(e) for e in theirs]:
            if ours["dependencies"]:
                d = ours["dependencies"][0]
                out.append(_diff("order", ours["order"], theirs, "613.8a",
                                 f"{d['effect']} depends on {d['depends_on']} (613.8a, {d['reason']}, layer {d['layer']}): "
                                 "it applies after it, not in timestamp order"))
            else:
                out.append(_diff("order", ours["order"], theirs, "613.7",
                                 "no dependency: each layer applies in timestamp order (613.7)"))
    for key, rule, label in (("dependencies", "613.8a", "dependency"), ("loops", "613.8b", "loop"),
                             ("players_and_rules", "613.10", "effect on players or rules")):
        if key not in claim:
            continue
        theirs = claim[key]
        if not isinstance(theirs, list):
            raise Malformed(f"claim.{key}: not a list")
        if key == "loops":
            a = {_key(sorted(x)) for x in ours[key]}
            b = {_key(sorted(x)) if isinstance(x, list) else _key(x) for x in theirs}
        else:
            keys = sorted({k for e in theirs if isinstance(e, dict) for k in e}) or ["effect"]
            a = {_key(_project(e, keys)) for e in ours[key]}
            b = {_key(_project(e, keys)) for e in theirs}
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
            out.append(_diff(key, ours[key], theirs, rule, "; ".join(parts)))
    return out


# attack and block --------------------------------------------------------------------------------

VERDICT_FIELDS = ("legal", "obeyed", "max_obeyed", "violations", "better", "triggers", "band_blocks")
BEST_FIELDS = ("max_obeyed", "example")


def _decl_text(d: dict | None) -> str:
    if not d:
        return "none"
    body = d.get("attack", d.get("block", {}))
    text = ", ".join(f"{k} -> {v if not isinstance(v, list) else ' and '.join(v)}" for k, v in body.items()) or "no creature"
    if d.get("pay"):
        text += f" (paying for {', '.join(d['pay'])})"
    return text


def _compare_combat(side: str, ours: dict, claim: dict, extra: dict) -> list[dict]:
    declared = extra["declared"]
    fields = VERDICT_FIELDS if declared else BEST_FIELDS
    for key in claim:
        if key not in fields:
            raise _unknown(side, key, fields)
    most = "508.1d" if side == "attack" else "509.1c"
    restriction = "508.1c" if side == "attack" else "509.1b"
    trig_rule = "508.2a" if side == "attack" else "509.3"
    out = []

    def best_example() -> str:
        from bridge.combat import best

        b = best(extra["problem"], side, extra["checker"].config)
        return _decl_text(b.example.to_dict()) if b.example is not None else "none"

    def check_theirs(field: str, decl: Any, top: int) -> None:
        """A claimed declaration (better, example): right when it is legal and obeys `top` requirements."""
        from bridge.combat import check

        from .declaration import declaration_from_data

        if decl is None:
            out.append(_diff(field, ours.get(field), None, most,
                             f"a legal declaration obeying {top} requirement(s) exists: {best_example()}"))
            return
        try:
            d = declaration_from_data(decl, side, extra["problem"].state, f"claim.{field}")
        except InputError as e:
            raise Malformed(e.line()) from None
        v = check(extra["problem"], d, extra["checker"].config)
        if v.legal and v.obeyed == top:
            return
        if v.violations:
            out.append(_diff(field, ours.get(field), decl, v.violations[0].rule,
                             "the claimed declaration is illegal: " + " ".join(x.message for x in v.violations)))
        else:
            out.append(_diff(field, ours.get(field), decl, most,
                             f"the claimed declaration obeys {v.obeyed} requirement(s), not {top} (it is legal, but "
                             f"doesn't answer the question: {best_example()} obeys {top})"))

    if not declared:
        if "max_obeyed" in claim and claim["max_obeyed"] != ours["max_obeyed"]:
            out.append(_diff("max_obeyed", ours["max_obeyed"], claim["max_obeyed"], most,
                             f"the most requirements a declaration that breaks no restriction and pays no cost can obey "
                             f"is {ours['max_obeyed']} ({most}); one that does: {_decl_text(ours['example'])}"))
        if "example" in claim and claim["example"] != ours["example"]:
            if claim["example"] is None or ours["example"] is None:
                out.append(_diff("example", ours["example"], claim["example"], most,
                                 f"a legal declaration obeying {ours['max_obeyed']} requirement(s): {_decl_text(ours['example'])}"))
            else:
                check_theirs("example", claim["example"], ours["max_obeyed"])
        return out

    def vkey(v: Any, keys) -> str:
        p = _project(v, keys)
        if isinstance(p, dict) and isinstance(p.get("objects"), list):
            p["objects"] = sorted(p["objects"])
        return _key(p)

    if "legal" in claim and claim["legal"] != ours["legal"]:
        if not ours["legal"]:
            out.append(_diff("legal", False, claim["legal"], ours["violations"][0]["rule"],
                             " ".join(v["message"] for v in ours["violations"])))
        else:
            claimed = [v.get("rule") for v in claim.get("violations") or [] if isinstance(v, dict)]
            rule = claimed[0] if claimed and claimed[0] else restriction
            out.append(_diff("legal", True, claim["legal"], rule,
                             f"the declaration breaks no restriction ({restriction}), pays the costs due, and obeys "
                             f"{ours['obeyed']} requirement(s), the most possible ({most})"))
    if "obeyed" in claim and claim["obeyed"] != ours["obeyed"]:
        out.append(_diff("obeyed", ours["obeyed"], claim["obeyed"], most,
                         f"the declaration obeys {ours['obeyed']} requirement(s) ({most})"))
    if "max_obeyed" in claim and claim["max_obeyed"] != ours["max_obeyed"]:
        out.append(_diff("max_obeyed", ours["max_obeyed"], claim["max_obeyed"], most,
                         f"the most requirements a declaration that breaks no restriction and pays no cost can obey is "
                         f"{ours['max_obeyed']}; one that does: {best_example()}"))
    if "violations" in claim:
        theirs = claim["violations"]
        if not isinstance(theirs, list) or not all(isinstance(v, dict) for v in theirs):
            raise Malformed("claim.violations: not a list of {rule, objects, ...}")
        keys = [k for k in ("rule", "code", "objects") if any(k in v for v in theirs)] or ["rule"]
        a = {vkey(v, keys): v for v in ours["violations"]}
        b = {vkey(v, keys): v for v in theirs}
        missing = [a[k] for k in sorted(a) if k not in b]
        wrong = [b[k] for k in sorted(b) if k not in a]
        if missing or wrong:
            parts = [v["message"] for v in missing]
            parts += [f"no {v.get('rule')} violation{' on ' + ', '.join(v['objects']) if v.get('objects') else ''}: "
                      "the declaration doesn't break it" for v in wrong]
            rule = (missing[0]["rule"] if missing else wrong[0].get("rule")) or restriction
            out.append(_diff("violations", ours["violations"], theirs, rule, " ".join(parts)))
    if "better" in claim and claim["better"] != ours["better"]:
        if ours["better"] is None:
            out.append(_diff("better", None, claim["better"], most,
                             f"the declaration already obeys the most requirements possible ({ours['max_obeyed']})"
                             if not any(v["rule"] == most for v in ours["violations"])
                             else "no better declaration is asked for"))
        else:
            check_theirs("better", claim["better"], ours["max_obeyed"])
    for key, rule, fkeys in (("triggers", trig_rule, ("source", "ability", "objects")),
                             ("band_blocks", "702.22h", ("blocker", "attacker"))):
        if key not in claim:
            continue
        theirs = claim[key]
        if not isinstance(theirs, list) or not all(isinstance(v, dict) for v in theirs):
            raise Malformed(f"claim.{key}: not a list of maps")
        keys = [k for k in fkeys if any(k in v for v in theirs)] or list(fkeys)
        mine = ours.get(key, [])
        if {vkey(v, keys) for v in mine} != {vkey(v, keys) for v in theirs}:
            what = ("abilities that trigger on the declaration: " + (", ".join(
                f"{t['source']} ability {t['ability']}" for t in mine) or "none")) if key == "triggers" else (
                "a creature that blocks one creature of a band blocks the whole band: " + (", ".join(
                    f"{x['blocker']} blocks {x['attacker']}" for x in mine) or "none"))
            out.append(_diff(key, mine, theirs, rule, what))
    return out


# replace -----------------------------------------------------------------------------------------

REPLACE_FIELDS = ("applicable", "chooser", "outcome_count", "outcomes")
CATEGORY_ORDER = ("616.1a", "616.1b", "616.1c", "616.1d", "616.1e")


def _events_key(events: Any) -> str:
    return _key(sorted(_key(e) for e in events)) if isinstance(events, list) else _key(events)


def _events_text(events: list) -> str:
    from .replace_view import _event_text

    return "; ".join(_event_text(e) for e in events) or "nothing happens"


def _outcome_rule(outcome: dict, categories: dict[str, str]) -> str:
    if any(isinstance(e, dict) and e.get("chosen") for e in outcome["events"]):
        return "616.1f"  # 614.12: the values of a choice made as it enters that the effects after it tell apart
    order = outcome["orders"][0] if outcome["orders"] else []
    if len(order) < 2:  # no order to choose: the outcomes differ by a choice an effect offers (614.1)
        return "614.1" if order else "616.1"
    return min((categories.get(e.split("@", 1)[0], "616.1e") for e in order), key=CATEGORY_ORDER.index)


def _compare_replace(ours: dict, claim: dict) -> list[dict]:
    for key in claim:
        if key not in REPLACE_FIELDS:
            raise _unknown("replace", key, REPLACE_FIELDS)
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
                out.append(_diff(f"applicable.{eid}", m, None, rule,
                                 f"{eid} applies to the event ({m['kind']}, ordered under {m['category']}): {m['text']}"))
            elif m is None:
                out.append(_diff(f"applicable.{eid}", None, t, "614.1",
                                 f"{eid} doesn't apply to this event (no replacement or prevention effect of it matches)"))
            elif _project(m, t) != t:
                rule = m["category"] if t.get("category") != m["category"] else "614.1"
                out.append(_diff(f"applicable.{eid}", m, t, rule,
                                 f"{eid} is a {m['kind']} effect ordered under {m['category']}: {m['text']}"))
    if "chooser" in claim and claim["chooser"] != chooser:
        out.append(_diff("chooser", chooser, claim["chooser"], "616.1",
                         "the affected player, or the controller of the affected object, chooses the order (616.1)"))
    if "outcome_count" in claim and claim["outcome_count"] != ours["outcome_count"]:
        out.append(_diff("outcome_count", ours["outcome_count"], claim["outcome_count"],
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
                out.append(_diff("outcomes", {"events": o["events"], "orders": o["orders"]}, None, _outcome_rule(o, categories),
                                 f"{_events_text(o['events'])}: reached by {how} ({chooser} chooses which effect "
                                 "applies first, then again among those left, 616.1e-f)"))
        for k, t in given.items():
            if k not in mine:
                if complete:
                    out.append(_diff("outcomes", None, {"events": t["events"]}, "616.1",
                                     f"{_events_text(t['events'])}: no order of the applicable effects leads there"))
                continue
            o = mine[k]
            field = "outcomes[" + _events_text(o["events"]) + "]"
            if "orders" in t:
                a = {_key(x) for x in o["orders"]}
                b = {_key(x) for x in t["orders"]} if isinstance(t["orders"], list) else set()
                if (a != b) if o["order_count"] == len(o["orders"]) else not b <= a | b:
                    out.append(_diff(field + ".orders", o["orders"], t["orders"], _outcome_rule(o, categories),
                                     f"{o['order_count']} order(s) lead there (616.1e: each order the chooser may pick)"))
            if "order_count" in t and t["order_count"] != o["order_count"]:
                out.append(_diff(field + ".order_count", o["order_count"], t["order_count"], _outcome_rule(o, categories),
                                 f"{o['order_count']} order(s) lead there (616.1e)"))
            if "triggers" in t:
                tk = ("source", "ability", "object")
                a = {_key(_project(x, tk)) for x in o.get("triggers", [])}
                b = {_key(_project(x, tk)) for x in t["triggers"] if isinstance(x, dict)}
                if a != b:
                    rule = o["triggers"][0]["rule"] if o.get("triggers") else "603.2"
                    out.append(_diff(field + ".triggers", o.get("triggers", []), t["triggers"], rule,
                                     "what the events trigger as they happen: " + (", ".join(
                                         f"{x['source']} ability {x['ability']} for {x['object']}" for x in o.get("triggers", []))
                                         or "nothing")))
    return out


# --- running a claims file ---------------------------------------------------------------------------

_WORKER: Checker | None = None


def _init_worker(card_dirs: tuple[str, ...], time_limit: float) -> None:
    global _WORKER
    _WORKER = Checker(card_dirs, time_limit)


def _run_chunk(chunk: list[tuple[int, str]], base: str, files: dict | None = None) -> list[dict]:
    assert _WORKER is not None
    return [_WORKER.evaluate(line, text, base, files) for line, text in chunk]


def _dask_chunk(chunk: list[tuple[int, str]], base: str, files: dict, card_dirs: tuple[str, ...],
                time_limit: float) -> list[dict]:
    """On a Dask worker: the worker process keeps one Checker for the run's settings."""
    global _WORKER
    if _WORKER is None or getattr(_WORKER, "settings", None) != (card_dirs, time_limit):
        _WORKER = Checker(card_dirs, time_limit)
        _WORKER.settings = (card_dirs, time_limit)  # type: ignore[attr-defined]
    return _run_chunk(chunk, base, files)


def read_lines(path: Path) -> Iterator[tuple[int, str, int]]:
    """(line number, text, bytes) for each non-blank line of a claims file."""
    with open(path, "rb") as f:
        for n, raw in enumerate(f, 1):
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = "\x00not UTF-8"
            if text.strip():
                yield n, text, len(raw)
            else:
                yield n, "", len(raw)


def _chunks(lines: Iterator[tuple[int, str, int]], size: int) -> Iterator[tuple[list[tuple[int, str]], int]]:
    chunk, nbytes = [], 0
    for n, text, b in lines:
        nbytes += b
        if text:
            chunk.append((n, text))
        if len(chunk) >= size:
            yield chunk, nbytes
            chunk, nbytes = [], 0
    if chunk or nbytes:
        yield chunk, nbytes


def _ordered(submit: Callable[[list], Any], get: Callable[[Any], list[dict]], chunks, window: int):
    """Submit chunks keeping at most `window` in flight; yield (results, bytes) in input order."""
    pending: deque = deque()
    it = iter(chunks)
    done = False
    while True:
        while not done and len(pending) < window:
            try:
                chunk, nbytes = next(it)
            except StopIteration:
                done = True
                break
            pending.append((submit(chunk), nbytes))
        if not pending:
            return
        handle, nbytes = pending.popleft()
        yield get(handle), nbytes


def run_cases(path: Path, *, jobs: int = 1, card_dirs: tuple[str, ...] = (), time_limit: float = 10.0,
              backend: str = "local", scheduler: str | None = None, chunk_size: int = 16) -> Iterator[tuple[dict, int]]:
    """Every result record of a claims file, in input order, with the bytes of input read so far
    (for a progress bar). Lines are evaluated `chunk_size` at a time, by `jobs` processes, or on a
    Dask cluster."""
    base = str(path.parent) if str(path.parent) != "." else ""
    chunks = _chunks(read_lines(path), chunk_size)
    if backend == "dask":
        yield from _run_dask(chunks, base, card_dirs, time_limit, scheduler)
        return
    if jobs <= 1:
        checker = Checker(card_dirs, time_limit)
        for chunk, nbytes in chunks:
            results = [checker.evaluate(line, text, base) for line, text in chunk]
            yield from _with_bytes(results, nbytes)
        return
    import multiprocessing as mp

    methods = mp.get_all_start_methods()
    ctx = mp.get_context("fork" if "fork" in methods else "spawn")
    pool = ctx.Pool(jobs, initializer=_init_worker, initargs=(card_dirs, time_limit))
    try:
        for results, nbytes in _ordered(lambda c: pool.apply_async(_run_chunk, (c, base)), lambda h: h.get(),
                                        chunks, 4 * jobs):
            yield from _with_bytes(results, nbytes)
    finally:
        pool.terminate()
        pool.join()


def _with_bytes(results: list[dict], nbytes: int) -> Iterator[tuple[dict, int]]:
    for i, r in enumerate(results):
        yield r, (nbytes if i == len(results) - 1 else 0)
    if not results:
        yield {}, nbytes


def _board_files(chunk: list[tuple[int, str]], base: str) -> dict[str, str | None]:
    """The board files a chunk names, read here: the Dask workers may not share this file system."""
    files: dict[str, str | None] = {}
    for _, text in chunk:
        try:
            data = json.loads(text)
        except json.JSONDecodeError:
            continue
        name = data.get("board_file") if isinstance(data, dict) else None
        if isinstance(name, str):
            full = str(Path(base) / name) if base else name
            files[full] = read_board_file(full)
    return files


def _run_dask(chunks, base: str, card_dirs: tuple[str, ...], time_limit: float, scheduler: str | None):
    try:
        from distributed import Client
    except ImportError:
        raise InputError(None, "--backend", "dask is not installed", "pip install 'mtgjudge[dask]'") from None
    if not scheduler:
        raise InputError(None, "--scheduler", "--backend dask needs the address of a Dask scheduler",
                         "give --scheduler tcp://HOST:PORT")
    try:
        client = Client(scheduler, timeout=10)
    except (OSError, TimeoutError, ValueError) as e:
        raise InputError(None, "--scheduler", f"no Dask scheduler at {scheduler} ({e.__class__.__name__})",
                         "start one (dask scheduler) or fix the address") from None
    try:
        workers = max(1, sum(client.nthreads().values()))

        def submit(chunk):
            return client.submit(_dask_chunk, chunk, base, _board_files(chunk, base), tuple(card_dirs), time_limit,
                                 pure=False)

        for results, nbytes in _ordered(submit, lambda f: f.result(), chunks, 4 * workers):
            yield from _with_bytes(results, nbytes)
    finally:
        client.close()


# --- the summary and the text output -------------------------------------------------------------

class Summary:
    def __init__(self) -> None:
        self.cases = self.agree = self.disagree = self.malformed = self.timeout = 0
        self.by_query: dict[str, Counter] = {}
        self.by_rule: Counter = Counter()

    def add(self, r: dict) -> None:
        if "malformed" in r:
            self.malformed += 1
            return
        self.cases += 1
        q = self.by_query.setdefault(r["query"], Counter(cases=0, agree=0, disagree=0))
        q["cases"] += 1
        if r.get("timeout"):
            self.timeout += 1
            q["timeout"] += 1
            return
        if r["agree"]:
            self.agree += 1
            q["agree"] += 1
        else:
            self.disagree += 1
            q["disagree"] += 1
            for rule in sorted({d["rule"] for d in r["differences"]}):
                self.by_rule[rule] += 1

    def to_dict(self) -> dict:
        return {"cases": self.cases, "agree": self.agree, "disagree": self.disagree, "malformed": self.malformed,
                "timeout": self.timeout,
                "by_query": {q: dict(sorted(c.items())) for q, c in sorted(self.by_query.items())},
                "by_rule": dict(sorted(self.by_rule.items(), key=lambda kv: (-kv[1], _rule_key(kv[0]))))}


def _rule_key(rule: str) -> tuple:
    import re

    return tuple((int(p), "") if p.isdigit() else (0, p) for p in re.findall(r"\d+|[a-z]+", rule))


def _short(v: Any, width: int = 100) -> str:
    text = json.dumps(v, ensure_ascii=False, sort_keys=False)
    return text if len(text) <= width else text[: width - 3] + "..."


def print_result(out, r: dict) -> None:
    """Text output: malformed lines and disagreements, one block each; nothing for an agreement."""
    if "malformed" in r:
        out.print(f"line {r['line']}: malformed, skipped: {r['malformed']}")
        return
    if r.get("timeout"):
        out.print(f"line {r['line']}: case {r['id']} ({r['query']}): the solver hit the time limit, no verdict")
        return
    if r["agree"]:
        return
    out.print(f"line {r['line']}: case {r['id']} ({r['query']}): {len(r['differences'])} difference(s)")
    for d in r["differences"]:
        out.print(f"  {d['field']}: ours {_short(d['ours'])}, theirs {_short(d['theirs'])}")
        why = d["explanation"]
        out.print(f"    {why}" if why.startswith(d["rule"] + ":") else f"    {d['rule']}: {why}")


def print_summary(out, s: Summary) -> None:
    d = s.to_dict()
    if s.cases or s.malformed:
        out.print()
    out.print(f"cases: {d['cases']}, agree: {d['agree']}, disagree: {d['disagree']}, malformed lines: {d['malformed']}"
              + (f", time limit hit: {d['timeout']}" if d["timeout"] else ""))
    out.print()
    if d["by_query"]:
        out.table("by query", ["query", "cases", "agree", "disagree"],
                  [(q, str(c.get("cases", 0)), str(c.get("agree", 0)), str(c.get("disagree", 0)))
                   for q, c in d["by_query"].items()])
    if d["by_rule"]:
        out.table("disagreeing cases by rule", ["rule", "cases", "what it decides"],
                  [(rule, str(n), RULE_TITLES.get(rule, "")) for rule, n in d["by_rule"].items()])
