"""The text output of `mtgjudge crosscheck` (docs/crosscheck.md): each malformed line and disagreement, and the
summary by query and by rule, each rule with what it decides."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

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


class Summary:
    """The counts of a run. With ``engine`` (--engine phase), the cases that engine can't be asked are counted
    apart (``unexpressible``, and ``by_reason``: the cases of each reason), neither agreeing nor disagreeing."""

    def __init__(self, engine: str | None = None) -> None:
        self.engine = engine
        self.unexpressible = 0
        self.by_reason: Counter = Counter()
        self.cases = self.agree = self.disagree = self.malformed = self.timeout = 0
        self.error = 0  # lines whose evaluation raised, or whose worker died: a bug of ours, each reported
        self.partial = 0  # cases whose board has abilities no program executes
        self.by_query: dict[str, Counter] = {}
        self.by_rule: Counter = Counter()

    def add(self, r: dict) -> None:
        if "malformed" in r:
            self.malformed += 1
            return
        if "error" in r:
            self.error += 1
            return
        if "unexpressible" in r:
            self.unexpressible += 1
            self.by_reason[r["unexpressible"]["reason"]] += 1
            self.by_query.setdefault(r["query"], Counter(cases=0, agree=0, disagree=0))["unexpressible"] += 1
            return
        self.cases += 1
        self.partial += bool(r.get("not_executed"))
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
        d = {"cases": self.cases, "agree": self.agree, "disagree": self.disagree, "malformed": self.malformed,
             "error": self.error, "timeout": self.timeout, "not_executed": self.partial}
        if self.engine is not None:
            d["unexpressible"] = self.unexpressible
        d["by_query"] = {q: dict(sorted(c.items())) for q, c in sorted(self.by_query.items())}
        d["by_rule"] = dict(sorted(self.by_rule.items(), key=lambda kv: (-kv[1], _rule_key(kv[0]))))
        if self.engine is not None:
            d["by_reason"] = dict(sorted(self.by_reason.items(), key=lambda kv: (-kv[1], kv[0])))
        return d


def _rule_key(rule: str) -> tuple:
    import re

    return tuple((int(p), "") if p.isdigit() else (0, p) for p in re.findall(r"\d+|[a-z]+", rule))


def _short(v: Any, width: int = 100) -> str:
    text = json.dumps(v, ensure_ascii=False, sort_keys=False)
    return text if len(text) <= width else text[: width - 3] + "..."


class _OneLine:
    """Text output whose lines stay lines: a control character a claims file put in an id or a message (a
    newline, an escape sequence) is written escaped, as JSON writes it."""

    def __init__(self, out) -> None:
        self.out = out

    def print(self, text: str = "") -> None:
        self.out.print("".join(c if c.isprintable() else json.dumps(c)[1:-1] for c in text))


def print_result(out, r: dict) -> None:
    """Text output: malformed lines and disagreements, one block each; for a case whose board has
    abilities no program executes, those (an agreement then says so, and nothing else)."""
    out = _OneLine(out)
    if "malformed" in r:
        out.print(f"line {r['line']}: malformed, skipped: {r['malformed']}")
        return
    if "error" in r:
        case = f" (case {r['id']})" if r.get("id") is not None else ""
        out.print(f"line {r['line']}{case}: error, not checked (a bug in mtgjudge: please report it): {r['error']}")
        return
    head = f"line {r['line']}: case {r['id']} ({r['query']})"
    if "unexpressible" in r:
        out.print(f"{head}: unexpressible, not compared: {r['unexpressible']['reason']}: {r['unexpressible']['detail']}")
    elif r.get("timeout"):
        out.print(f"{head}: the solver hit the time limit, no verdict")
    elif not r["agree"]:
        out.print(f"{head}: {len(r['differences'])} difference(s)")
        for d in r["differences"]:
            out.print(f"  {d['field']}: ours {_short(d['ours'])}, theirs {_short(d['theirs'])}")
            why = d["explanation"]
            out.print(f"    {why}" if why.startswith(d["rule"] + ":") else f"    {d['rule']}: {why}")
    elif r.get("not_executed"):
        out.print(f"{head}: agrees")
    for e in r.get("not_executed") or ():
        out.print(f"  not executed (the verdict may depend on it): {e['object']} ability {e['ability']}: {e['text']}")


def print_summary(out, s: Summary) -> None:
    d = s.to_dict()
    if s.cases or s.malformed or s.error or s.unexpressible:
        out.print()
    out.print(f"cases: {d['cases']}, agree: {d['agree']}, disagree: {d['disagree']}, malformed lines: {d['malformed']}"
              + (f", unexpressible: {d['unexpressible']}" if s.engine is not None else "")
              + (f", errors: {d['error']}" if d["error"] else "")
              + (f", time limit hit: {d['timeout']}" if d["timeout"] else "")
              + (f", with abilities not executed: {d['not_executed']}" if d["not_executed"] else ""))
    out.print()
    if d["by_query"]:
        extra = ["unexpressible"] if s.engine is not None else []
        out.table("by query", ["query", "cases", "agree", "disagree", *extra],
                  [(q, str(c.get("cases", 0)), str(c.get("agree", 0)), str(c.get("disagree", 0)),
                    *(str(c.get(k, 0)) for k in extra)) for q, c in d["by_query"].items()])
    if d.get("by_reason"):
        out.table(f"cases {s.engine} can't be asked, by reason", ["reason", "cases"],
                  [(reason, str(n)) for reason, n in d["by_reason"].items()])
    if d["by_rule"]:
        out.table("disagreeing cases by rule", ["rule", "cases", "what it decides"],
                  [(rule, str(n), RULE_TITLES.get(rule, "")) for rule, n in d["by_rule"].items()])
