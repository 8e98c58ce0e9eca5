"""The differences between an attack or block claim and our answer (508.1, 509.1): the legality of a
declaration, the requirements it obeys, its violations, a better declaration, its triggers and band
blocks; a claimed declaration is checked itself."""

from __future__ import annotations

from typing import Any

from engine.files.errors import InputError
from engine.app.crosscheck.cases import Malformed, difference, project, unknown_field, value_key

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


def compare_combat(side: str, ours: dict, claim: dict, extra: dict) -> list[dict]:
    """The differences between an attack or block claim and our answer: of the verdict on a declaration
    when the case gives one, else of the best declaration (the most requirements obeyed, 508.1d, 509.1c)."""
    declared = extra["declared"]
    fields = VERDICT_FIELDS if declared else BEST_FIELDS
    for key in claim:
        if key not in fields:
            raise unknown_field(side, key, fields)
    return _compare_verdict(side, ours, claim, extra) if declared else _compare_best(side, ours, claim, extra)


def _most(side: str) -> str:
    """The rule of 'as many requirements as possible' for the side."""
    return "508.1d" if side == "attack" else "509.1c"


def _best_example(side: str, extra: dict) -> str:
    from bridge.combat import best

    b = best(extra["problem"], side, extra["checker"].config)
    return _decl_text(b.example.to_dict()) if b.example is not None else "none"


def _check_theirs(side: str, ours: dict, extra: dict, field: str, decl: Any, top: int) -> list[dict]:
    """A claimed declaration (better, example): right when it is legal and obeys `top` requirements."""
    from bridge.combat import check

    from engine.files.declaration import declaration_from_data, refuse_nothing_to_pay

    most = _most(side)
    if decl is None:
        return [difference(field, ours.get(field), None, most,
                           f"a legal declaration obeying {top} requirement(s) exists: {_best_example(side, extra)}")]
    try:
        d = declaration_from_data(decl, side, extra["problem"].state, f"claim.{field}")
        v = check(extra["problem"], d, extra["checker"].config)
        refuse_nothing_to_pay(v, side, f"claim.{field}")  # 508.1g, 509.1d: a payment the rules don't have
    except InputError as e:
        raise Malformed(e.line()) from None
    if v.legal and v.obeyed == top:
        return []
    if v.violations:
        return [difference(field, ours.get(field), decl, v.violations[0].rule,
                           "the claimed declaration is illegal: " + " ".join(x.message for x in v.violations))]
    return [difference(field, ours.get(field), decl, most,
                       f"the claimed declaration obeys {v.obeyed} requirement(s), not {top} (it is legal, but "
                       f"doesn't answer the question: {_best_example(side, extra)} obeys {top})")]


def _compare_best(side: str, ours: dict, claim: dict, extra: dict) -> list[dict]:
    most = _most(side)
    out = []
    if "max_obeyed" in claim and claim["max_obeyed"] != ours["max_obeyed"]:
        out.append(difference("max_obeyed", ours["max_obeyed"], claim["max_obeyed"], most,
                              f"the most requirements a declaration that breaks no restriction and pays no cost can obey "
                              f"is {ours['max_obeyed']} ({most}); one that does: {_decl_text(ours['example'])}"))
    if "example" in claim and claim["example"] != ours["example"]:
        if claim["example"] is None or ours["example"] is None:
            out.append(difference("example", ours["example"], claim["example"], most,
                                  f"a legal declaration obeying {ours['max_obeyed']} requirement(s): {_decl_text(ours['example'])}"))
        else:
            out += _check_theirs(side, ours, extra, "example", claim["example"], ours["max_obeyed"])
    return out


def _vkey(v: Any, keys) -> str:
    p = project(v, keys)
    if isinstance(p, dict) and isinstance(p.get("objects"), list):
        p["objects"] = sorted(p["objects"])
    return value_key(p)


def _compare_verdict(side: str, ours: dict, claim: dict, extra: dict) -> list[dict]:
    most = _most(side)
    restriction = "508.1c" if side == "attack" else "509.1b"
    trig_rule = "508.2a" if side == "attack" else "509.3"
    out = []
    if "legal" in claim and claim["legal"] != ours["legal"]:
        if not ours["legal"]:
            out.append(difference("legal", False, claim["legal"], ours["violations"][0]["rule"],
                                  " ".join(v["message"] for v in ours["violations"])))
        else:
            claimed = [v.get("rule") for v in claim.get("violations") or [] if isinstance(v, dict)]
            rule = claimed[0] if claimed and claimed[0] else restriction
            out.append(difference("legal", True, claim["legal"], rule,
                                  f"the declaration breaks no restriction ({restriction}), pays the costs due, and obeys "
                                  f"{ours['obeyed']} requirement(s), the most possible ({most})"))
    if "obeyed" in claim and claim["obeyed"] != ours["obeyed"]:
        out.append(difference("obeyed", ours["obeyed"], claim["obeyed"], most,
                              f"the declaration obeys {ours['obeyed']} requirement(s) ({most})"))
    if "max_obeyed" in claim and claim["max_obeyed"] != ours["max_obeyed"]:
        out.append(difference("max_obeyed", ours["max_obeyed"], claim["max_obeyed"], most,
                              f"the most requirements a declaration that breaks no restriction and pays no cost can obey is "
                              f"{ours['max_obeyed']}; one that does: {_best_example(side, extra)}"))
    if "violations" in claim:
        theirs = claim["violations"]
        if not isinstance(theirs, list) or not all(isinstance(v, dict) for v in theirs):
            raise Malformed("claim.violations: not a list of {rule, objects, ...}")
        keys = [k for k in ("rule", "code", "objects") if any(k in v for v in theirs)] or ["rule"]
        a = {_vkey(v, keys): v for v in ours["violations"]}
        b = {_vkey(v, keys): v for v in theirs}
        missing = [a[k] for k in sorted(a) if k not in b]
        wrong = [b[k] for k in sorted(b) if k not in a]
        if missing or wrong:
            parts = [v["message"] for v in missing]
            parts += [f"no {v.get('rule')} violation{' on ' + ', '.join(v['objects']) if v.get('objects') else ''}: "
                      "the declaration doesn't break it" for v in wrong]
            rule = (missing[0]["rule"] if missing else wrong[0].get("rule")) or restriction
            out.append(difference("violations", ours["violations"], theirs, rule, " ".join(parts)))
    if "better" in claim and claim["better"] != ours["better"]:
        if ours["better"] is None:
            out.append(difference("better", None, claim["better"], most,
                                  f"the declaration already obeys the most requirements possible ({ours['max_obeyed']})"
                                  if not any(v["rule"] == most for v in ours["violations"])
                                  else "no better declaration is asked for"))
        else:
            out += _check_theirs(side, ours, extra, "better", claim["better"], ours["max_obeyed"])
    for key, rule, fkeys in (("triggers", trig_rule, ("source", "ability", "objects")),
                             ("band_blocks", "702.22h", ("blocker", "attacker"))):
        if key not in claim:
            continue
        theirs = claim[key]
        if not isinstance(theirs, list) or not all(isinstance(v, dict) for v in theirs):
            raise Malformed(f"claim.{key}: not a list of maps")
        keys = [k for k in fkeys if any(k in v for v in theirs)] or list(fkeys)
        mine = ours.get(key, [])
        if {_vkey(v, keys) for v in mine} != {_vkey(v, keys) for v in theirs}:
            what = ("abilities that trigger on the declaration: " + (", ".join(
                f"{t['source']} ability {t['ability']}" for t in mine) or "none")) if key == "triggers" else (
                "a creature that blocks one creature of a band blocks the whole band: " + (", ".join(
                    f"{x['blocker']} blocks {x['attacker']}" for x in mine) or "none"))
            out.append(difference(key, mine, theirs, rule, what))
    return out

