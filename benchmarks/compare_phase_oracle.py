"""mtgjudge's Oracle compiler beside phase.rs's Oracle parser (issue 21, "Independently"): on every card
of the card database, the kind of each ability and the layers of each continuous part, compared where
both read the ability; the report is written to docs/phase-oracle.md.

    pip install phase-python        # not a dependency of mtgjudge: only this script needs it
    python benchmarks/compare_phase_oracle.py [--jobs 2] [--every K] [--write docs/phase-oracle.md]

**How each side is read.** mtgjudge: each card as engine/files/dbcards.py converts it: ``card_file``
reads its characteristics (a card it refuses is not read), each Oracle paragraph compiled once as
``card_file`` compiles it (``abilities_of`` on the paragraph, "[+1]:" as "+1:": ``compile_paragraph``,
or the paragraph's text alone); an ability is read when ``executable_by`` names a program, a
paragraph when all its abilities are. phase: ``phase.build_oracle_face`` (``build_oracle_face_multi`` for a face
of a split, flip, transform, meld, adventure, modal double-faced, prepare or aftermath card) on the
database record made MTGJSON-shaped (``manaValue``, ``colors``, ``identifiers``); the CardFace's
``keywords``, ``abilities`` (kind ``Activated``, ``Spell``, ``BeginGame``, ``Mulligan``),
``triggers``, ``static_abilities`` and ``replacements``. An item is placed on the paragraph whose
words hold its ``description`` (self-references as ``~``); an item without one on the next paragraph
nothing was placed on. phase does not read an item holding an ``Unimplemented`` effect or an
``Unrecognized`` condition; nor a paragraph its ``parse_warnings`` name (``SwallowedClause``,
``line_index``).

**Classes.** mtgjudge's kinds: static, characteristic_defining (604.3), restriction, requirement,
combat_cost (508.1c-d, 508.1g: static abilities) -> static; replacement, prevention (614, 615) ->
replacement; triggered; activated; spell (113.3a) -> spell; keyword (702) -> keyword. phase's:
static_abilities (every mode) -> static, ``BeginGame``/``Mulligan`` -> static (113.6b: they function
from the opening hand), replacements -> replacement, triggers -> triggered, ``Activated`` ->
activated, ``Spell`` -> spell, keywords -> keyword (and an item phase makes for a keyword, one with an
``ability_tag`` or a "CR 702" description, is part of that keyword). A paragraph agrees when both give
it the same set of classes.

**Layers** (613.1): mtgjudge's, ``OP_LAYER`` of each operation of an ability's ``continuous.do``;
phase's, :data:`PHASE_LAYER` of each ``modifications`` entry of a ``Continuous`` static ability (and
of the static abilities a ``GenericEffect`` creates); a characteristic-defining ability's
power/toughness is 7a. Compared as the set of layers per paragraph; operations that are no layer
(player and rule effects) are left out.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import sys
import time
from collections import Counter, defaultdict
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from engine.app.phase.carddata import MULTI_LAYOUTS, phase_record  # noqa: E402 - one copy: the card data of --engine phase

MISSING = "phase-python is not installed: pip install phase-python (it is not a dependency of mtgjudge)"
CLASSES = ("keyword", "static", "triggered", "activated", "replacement", "spell")

# mtgjudge's ability kinds (engine/vocab/cardfile.py) -> the class compared
KIND_CLASS = {"keyword": "keyword", "static": "static", "characteristic_defining": "static",
              "restriction": "static", "requirement": "static", "combat_cost": "static",
              "replacement": "replacement", "prevention": "replacement", "triggered": "triggered",
              "activated": "activated", "spell": "spell"}
# phase's CardFace lists -> the class compared; abilities by their "kind"
PHASE_ABILITY_CLASS = {"Activated": "activated", "Spell": "spell", "BeginGame": "static", "Mulligan": "static"}

# phase's continuous modifications (the names seen in its output over the database) -> the layer of
# 613.1 (mtgjudge's names: 1a, 1b, 2, 3, 4, 5, 6, 7a-7d); "rules": an effect on the game's rules, no
# layer; a name not here is reported as unmapped (the report lists them: add them here)
PHASE_LAYER = {
    "CopyChosen": "1a",
    "ChangeController": "2",
    "SetTextName": "3", "SetChosenName": "3",
    "AddType": "4", "RemoveType": "4", "SetCardTypes": "4", "AddSubtype": "4",
    "RemoveAllSubtypes": "4", "AddAllCreatureTypes": "4", "AddChosenSubtype": "4", "SetBasicLandType": "4",
    "SetChosenBasicLandType": "4", "AddAllBasicLandTypes": "4", "AddAllLandTypes": "4", "AddSupertype": "4",
    "RemoveSupertype": "4",
    "SetColor": "5", "AddColor": "5", "AddChosenColor": "5",
    "AddKeyword": "6", "RemoveKeyword": "6", "AddDynamicKeyword": "6", "AddChosenKeyword": "6",
    "GrantAbility": "6", "GrantTrigger": "6", "GrantStaticAbility": "6", "AddStaticMode": "6",
    "RemoveAllAbilities": "6", "GrantAllActivatedAbilitiesOf": "6", "GrantAllTriggeredAbilitiesOf": "6",
    "GrantReplacement": "6",
    "SetPower": "7b", "SetToughness": "7b", "SetDynamicPower": "7b", "SetDynamicToughness": "7b",
    "SetPowerDynamic": "7b", "SetToughnessDynamic": "7b",
    "AddPower": "7c", "AddToughness": "7c", "AddDynamicPower": "7c", "AddDynamicToughness": "7c",
    "AssignDamageFromToughness": "rules", "AssignDamageAsThoughUnblocked": "rules",
}
LAYERS = ("1a", "1b", "2", "3", "4", "5", "6", "7a", "7b", "7c", "7d")
# raise when what phase_summary keeps changes (phase_items): the cached summaries are built again
SUMMARY_FORMAT = 2
UNPARSED = frozenset({"Unimplemented", "Unrecognized"})

_REMINDER = re.compile(r"\s*\([^()]*\)")
_THIS = re.compile(r"\bthis (creature|enchantment|artifact|land|card|spell|permanent|planeswalker|equipment|aura|"
                   r"vehicle|battle|siege|token|saga|class|case|room|attraction|contraption|source|kindred)\b")
_LOYALTY = re.compile(r"^\[([+−-]?(?:\d+|X))\]:")


# --- pure functions: the two readings as comparable units ------------------------------------------

def normalize(text: str, name: str = "") -> str:
    """Words as both sides are matched: reminder text out, lower case, the card's name (a face's, a
    legend's short name) and "this creature" as "~", loyalty brackets off, white space single, no
    space before punctuation, no final period."""
    text = _LOYALTY.sub(r"\1:", " ".join(_REMINDER.sub("", text).split()))
    for face in (n.strip() for n in name.split("//") if n.strip()):
        text = text.replace(face, "~")
        short = face.split(",")[0]
        if short != face and len(short) > 2:
            text = re.sub(rf"\b{re.escape(short)}\b", "~", text)
    text = _THIS.sub("~", text.lower())
    text = re.sub(r"\s+([.,;:])", r"\1", text)
    return text.strip().rstrip(".").strip()


def keyword_name(keyword) -> str:
    """phase's keyword ("FirstStrike", {"Protection": ...}) as mtgjudge names keywords ("first strike")."""
    if isinstance(keyword, dict):
        keyword = next(iter(keyword))
    return re.sub(r"(?<=[a-z])(?=[A-Z])", " ", str(keyword)).lower()


def _walk(x):
    if isinstance(x, dict):
        yield x
        for v in x.values():
            yield from _walk(v)
    elif isinstance(x, list):
        for v in x:
            yield from _walk(v)


def phase_modifications(item: dict) -> list[list]:
    """The modifications of an item's continuous parts (its own when it is a Continuous static ability,
    and those of any static ability a GenericEffect inside it creates): [name, characteristic-defining]
    pairs, sorted. Kept as phase names them, so that :data:`PHASE_LAYER` can change without
    building phase's faces again."""
    statics = [item] if item.get("mode") == "Continuous" else []
    statics += [s for d in _walk({k: v for k, v in item.items() if k != "modifications"})
                if d.get("type") == "GenericEffect" for s in d.get("static_abilities") or () if s.get("mode") == "Continuous"]
    return sorted({(str(m.get("type")), bool(s.get("characteristic_defining")))
                   for s in statics for m in s.get("modifications") or ()})


def layers_of(mods: list) -> tuple[list[str], list[str]]:
    """The layers (613.1) of phase's modifications, by :data:`PHASE_LAYER` (a characteristic-defining
    ability's power and toughness: 7a), and the names the table lacks."""
    layers, unmapped = set(), set()
    for name, cda in mods:
        layer = PHASE_LAYER.get(name)
        if layer is None:
            unmapped.add(name)
        elif layer in LAYERS:
            layers.add("7a" if layer == "7b" and cda else layer)
    return sorted(layers, key=LAYERS.index), sorted(unmapped)


def phase_layers(item: dict) -> tuple[list[str], list[str]]:
    """The layers of an item's continuous parts and the modification names PHASE_LAYER lacks."""
    return layers_of(phase_modifications(item))


def phase_items(face: dict) -> tuple[list[dict], list[str]]:
    """A phase CardFace as items: class, normalized description, whether phase left part of it
    unparsed, the layers of its continuous parts, whether it is made for a keyword; and its keyword
    names."""
    items = []

    def add(cls: str, item: dict):
        desc = item.get("description")
        tag = item.get("ability_tag") is not None or (isinstance(desc, str) and desc.startswith("CR 702"))
        marked = any(d.get("type") in UNPARSED for d in _walk(item))
        items.append({"cls": cls, "desc": normalize(desc, face.get("name", "")) if isinstance(desc, str) else None,
                      "unparsed": marked, "mods": [list(m) for m in phase_modifications(item)], "keyword_part": tag})

    for a in face.get("abilities") or ():
        add(PHASE_ABILITY_CLASS.get(a.get("kind"), "static"), a)
    for t in face.get("triggers") or ():
        add("triggered", t)
    for s in face.get("static_abilities") or ():
        add("static", s)
    for r in face.get("replacements") or ():
        add("replacement", r)
    return items, [keyword_name(k) for k in face.get("keywords") or ()]


def phase_summary(face: dict) -> dict:
    """What the comparison keeps of a CardFace (small, cached): its items, keywords and the lines its
    parse warnings name."""
    items, keywords = phase_items(face)
    warned = sorted({w.get("line_index") for w in face.get("parse_warnings") or () if isinstance(w.get("line_index"), int)})
    return {"items": items, "keywords": keywords, "warned": warned}


def place(paragraphs: list[str], items: list[dict]) -> list[list[tuple[dict, bool]]]:
    """Each paragraph's items (normalized paragraphs): an item goes to the first paragraph whose words
    hold its description (else the first of four words or more its description holds); the others,
    in order, to the paragraphs nothing was placed on, the last of them taking what is left.
    (item, placed by its words)."""
    out: list[list[tuple[dict, bool]]] = [[] for _ in paragraphs]
    rest = []
    for it in items:
        d = it["desc"]
        where = next((i for i, p in enumerate(paragraphs) if d and d in p), None)
        if where is None:  # a description longer than its paragraph ("choose one —" with its modes)
            where = next((i for i, p in enumerate(paragraphs) if d and len(p.split()) >= 4 and p in d), None)
        if where is None:
            rest.append(it)
        else:
            out[where].append((it, True))
    empty = [i for i, got in enumerate(out) if not got]
    for n, it in enumerate(rest):
        if empty:
            out[empty[min(n, len(empty) - 1)]].append((it, False))
    return out


def _class_order(cls: str) -> tuple[int, str]:
    """CLASSES order; a kind the vocabulary gains later, not in KIND_CLASS, after them (as itself)."""
    return (CLASSES.index(cls) if cls in CLASSES else len(CLASSES), cls)


def compare_paragraph(mine: list[dict], theirs: list[tuple[dict, bool]], phase_keywords: list[str],
                      warned: bool) -> dict:
    """One paragraph: mtgjudge's abilities (each {cls, kind, read, layers, keyword}) against phase's
    items placed on it. Returns what each side reads and, where both do, the classes and layers."""
    kws = [m["keyword"] for m in mine if m["keyword"]]
    matched_kw = [k for k in kws if k in phase_keywords]
    own = [(it, by_words) for it, by_words in theirs
           if not (it["keyword_part"] or (matched_kw and not by_words))]  # a keyword's own items are the keyword
    p_classes = {it["cls"] for it, _ in own} | ({"keyword"} if matched_kw else set())
    p_read = bool(p_classes) and not warned and not any(it["unparsed"] for it, _ in own)
    m_read = bool(mine) and all(m["read"] for m in mine)
    m_layers = sorted({l for m in mine for l in m["layers"]}, key=LAYERS.index)
    p_layers, unmapped = layers_of([m for it, _ in own for m in it["mods"]])
    return {"m_read": m_read, "p_read": p_read, "m_classes": sorted({m["cls"] for m in mine}, key=_class_order),
            "p_classes": sorted(p_classes, key=_class_order), "m_kinds": sorted({m["kind"] for m in mine}),
            "m_layers": m_layers, "p_layers": p_layers,
            "keywords": (sorted(kws), sorted(matched_kw)),
            "m_abilities": (len(mine), sum(m["read"] for m in mine)),
            "p_items": (len(theirs), sum(not it["unparsed"] for it, _ in theirs)),
            "unmapped": unmapped}


# --- the two readers ---------------------------------------------------------------------------------

def phase_read(record: dict) -> dict | None:
    import phase

    build = phase.build_oracle_face_multi if record.get("layout") in MULTI_LAYOUTS else phase.build_oracle_face
    try:
        face = build(phase_record(record), None)
    except Exception:  # noqa: BLE001: a card phase can't build is a card phase doesn't read
        return None
    return phase_summary(face)


def _loyalty(line: str) -> str:
    """A paragraph as card_file converts it: MTGJSON's "[+1]: ..." is the loyalty ability "+1: ..." (606)."""
    return _LOYALTY.sub(r"\1:", line)


def mtgjudge_read(printed) -> list[list[dict]] | None:
    """Each paragraph's abilities as mtgjudge compiles them, or None when the card is not converted.
    Each paragraph is compiled once, as card_file does it (``abilities_of``, on the Oracle text as
    card_file converts it: "[+1]:" as "+1:", 606); card_file itself reads the card's characteristics
    (its refusals: a cost, a loyalty, a defense mtgjudge can't read)."""
    from dataclasses import replace

    from asp_rules.rulesdata import OP_LAYER
    from engine.files.dbcards import abilities_of, card_file
    from engine.files.errors import InputError
    from engine.vocab.cardfile import executable_by

    try:
        card_file(replace(printed, oracle=""))
    except InputError:
        return None
    out = []
    for line in printed.oracle.split("\n"):
        para = []
        for ab in (abilities_of(_loyalty(line), printed.types, printed.name) if line.strip() else ()):
            kind = ab.get("kind") if isinstance(ab, dict) else ab.kind
            cont = None if isinstance(ab, dict) else getattr(ab, "continuous", None)
            layers = sorted({OP_LAYER.get(op.op) for op in cont.do} & set(LAYERS), key=LAYERS.index) if cont else []
            para.append({"cls": KIND_CLASS.get(kind, kind), "kind": kind,
                         "read": not isinstance(ab, dict) and executable_by(ab) is not None,
                         "layers": layers, "keyword": ab.keyword if kind == "keyword" else None})
        out.append(para)
    return out


def compare_card(name: str, record: dict, printed, summary: dict | None) -> dict:
    mine = mtgjudge_read(printed)
    lines = (printed.oracle or "").split("\n")
    result = {"name": name, "m_card": mine is not None, "p_card": summary is not None, "paragraphs": []}
    if mine is None or summary is None:
        return result
    texts = [normalize(line, name) for line in lines]
    placed = place(texts, summary["items"])
    for i, line in enumerate(lines):
        if not line.strip():
            continue
        r = compare_paragraph(mine[i], placed[i], summary["keywords"], i in summary["warned"])
        r["text"] = " ".join(_REMINDER.sub("", line).split()) or line.strip()
        result["paragraphs"].append(r)
    return result


# --- running over the database -----------------------------------------------------------------------

def _cache_name() -> str:
    """The file phase's summaries are kept in: by phase's version and :data:`SUMMARY_FORMAT`."""
    return f"phase-oracle-{_phase_version()}-{SUMMARY_FORMAT}.json"


def _phase_version() -> str:
    from importlib.metadata import version

    return version("phase-python")


_CACHED: dict = {}  # phase's summaries of an earlier run, by record digest (inherited by the workers)


def _chunk(names: list[str]) -> list[dict]:
    cached = _CACHED
    from engine.files.carddb import open_database

    db = open_database()
    out = []
    try:
        for name in names:
            record = db.record(name)
            key = hashlib.sha1(json.dumps(record, sort_keys=True).encode()).hexdigest()
            summary = cached[key] if key in cached else phase_read(record)
            r = compare_card(name, record, db.card(name), summary)
            r["_key"], r["_summary"], r["_built"] = key, summary, key not in cached
            out.append(r)
    finally:
        db.close()
    return out


def run(jobs: int, every: int = 1) -> tuple[list[dict], float, int]:
    """Every card (every ``every``-th) compared, in name order; the seconds it took and the number of
    cards phase built (the others' summaries from the cache of an earlier run)."""
    from engine.files.carddb import cache_dir, open_database

    db = open_database()
    names = [n for n, _, _ in db.search([])][::every]
    db.close()
    cache_file = cache_dir() / _cache_name()
    cached = json.loads(cache_file.read_text(encoding="utf-8")) if cache_file.exists() else {}
    _CACHED.clear()
    _CACHED.update(cached)
    chunks = [names[i:i + 400] for i in range(0, len(names), 400)]
    t = time.perf_counter()
    if jobs > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        ctx = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with ProcessPoolExecutor(jobs, mp_context=ctx) as pool:
            done = list(pool.map(_chunk, chunks))
    else:
        done = [_chunk(c) for c in chunks]
    seconds = time.perf_counter() - t
    results = [r for chunk in done for r in chunk]
    fresh = {r["_key"]: r["_summary"] for r in results}
    if fresh.keys() - cached.keys():
        try:
            cache_file.parent.mkdir(parents=True, exist_ok=True)
            for old in cache_file.parent.glob("phase-oracle-*.json"):
                old.unlink()
            tmp = cache_file.with_suffix(f".{os.getpid()}.tmp")
            tmp.write_text(json.dumps({**cached, **fresh}), encoding="utf-8")
            os.replace(tmp, cache_file)
        except OSError:
            pass
    built = sum(r["_built"] for r in results)
    for r in results:
        del r["_key"], r["_summary"], r["_built"]
    return sorted(results, key=lambda r: r["name"]), seconds, built


# --- the report --------------------------------------------------------------------------------------

def tally(results: list[dict]) -> dict:
    """Counts, agreement and the disagreements grouped by pattern (examples in name order)."""
    t: dict = {"cards": len(results), "m_cards": 0, "p_cards": 0, "both_cards": 0, "paragraphs": 0,
               "m_read": 0, "p_read": 0, "both": 0, "kind_agree": 0, "layer_pairs": 0, "layer_agree": 0,
               "m_abilities": 0, "m_exec": 0, "p_items": 0, "p_items_read": 0,
               "by_class": Counter(), "agree_by_class": Counter()}
    kind_dis: dict = defaultdict(list)
    layer_dis: dict = defaultdict(list)
    unmapped: Counter = Counter()
    for r in results:
        t["m_cards"] += r["m_card"]
        t["p_cards"] += r["p_card"]
        t["both_cards"] += r["m_card"] and r["p_card"]
        for p in r["paragraphs"]:
            t["paragraphs"] += 1
            t["m_read"] += p["m_read"]
            t["p_read"] += p["p_read"]
            t["m_abilities"] += p["m_abilities"][0]
            t["m_exec"] += p["m_abilities"][1]
            t["p_items"] += p["p_items"][0]
            t["p_items_read"] += p["p_items"][1]
            unmapped.update(p["unmapped"])
            if not (p["m_read"] and p["p_read"]):
                continue
            t["both"] += 1
            key = "+".join(p["m_classes"])
            t["by_class"][key] += 1
            if p["m_classes"] == p["p_classes"]:
                t["kind_agree"] += 1
                t["agree_by_class"][key] += 1
            else:
                kind_dis[(key, "+".join(p["p_classes"]))].append((r["name"], p["text"]))
            if p["m_layers"] or p["p_layers"]:
                t["layer_pairs"] += 1
                if p["m_layers"] == p["p_layers"]:
                    t["layer_agree"] += 1
                else:
                    layer_dis[(",".join(p["m_layers"]) or "none", ",".join(p["p_layers"]) or "none")].append(
                        (r["name"], p["text"]))
    t["kind_dis"] = sorted(kind_dis.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    t["layer_dis"] = sorted(layer_dis.items(), key=lambda kv: (-len(kv[1]), kv[0]))
    t["unmapped"] = sorted(unmapped.items(), key=lambda kv: (-kv[1], kv[0]))
    return t


def _pct(a: int, b: int) -> str:
    return f"{100 * a / b:.1f}%" if b else "-"


def _examples(cases: list[tuple[str, str]], n: int = 3) -> str:
    return "; ".join(f"{name} (\"{text[:90]}{'...' if len(text) > 90 else ''}\")" for name, text in cases[:n])


def markdown(t: dict, version: str, date: str, seconds: float, jobs: int, every: int, built: int | None = None) -> str:
    sample = "" if every == 1 else f", every {every}th card only (--every {every})"
    if built is not None:
        sample += (f"; phase built {built} card(s) in this run, the others' readings from the cache of an earlier "
                   f"run (`{_cache_name()}` in mtgjudge's cache folder, by phase's version)" if built < t["cards"]
                   else "; phase built every card in this run")
    lines = [
        "# mtgjudge's Oracle compiler beside phase.rs's parser",
        "",
        f"Generated by `python benchmarks/compare_phase_oracle.py --write docs/phase-oracle.md` (do not edit by "
        f"hand): phase-python {version}, run on {date}, {jobs} process(es), {seconds:.0f} s{sample}. It needs "
        "`pip install phase-python`, which mtgjudge does not depend on. The script's docstring says how each "
        "side is read and how the classes and layers are mapped.",
        "",
        "A unit is a paragraph of a card's Oracle text. mtgjudge reads it when every ability compiled from it is "
        "executable (engine/vocab/cardfile.py `executable_by`); phase reads it when it placed at least one item "
        "on it, none holding an `Unimplemented` effect or `Unrecognized` condition, and its `parse_warnings` do not "
        "name the line. Classes: keyword (702), static (mtgjudge's static, characteristic-defining, restriction, "
        "requirement, combat cost), triggered, activated, replacement (mtgjudge's replacement and prevention), "
        "spell (113.3a). Layers: 613.1's, 1a-7d.",
        "",
        "## Counts",
        "",
        "| | count |",
        "|---|---:|",
        f"| cards | {t['cards']} |",
        f"| cards mtgjudge converts | {t['m_cards']} |",
        f"| cards phase builds | {t['p_cards']} |",
        f"| cards both read | {t['both_cards']} |",
        f"| paragraphs of those cards | {t['paragraphs']} |",
        f"| mtgjudge's abilities of those paragraphs / executable | {t['m_abilities']} / {t['m_exec']} |",
        f"| phase's items placed on them / without an unparsed marker | {t['p_items']} / {t['p_items_read']} |",
        f"| paragraphs mtgjudge reads | {t['m_read']} ({_pct(t['m_read'], t['paragraphs'])}) |",
        f"| paragraphs phase reads | {t['p_read']} ({_pct(t['p_read'], t['paragraphs'])}) |",
        f"| paragraphs both read | {t['both']} |",
        f"| same classes | {t['kind_agree']} ({_pct(t['kind_agree'], t['both'])}) |",
        f"| both read, with continuous parts on either side | {t['layer_pairs']} |",
        f"| same layers | {t['layer_agree']} ({_pct(t['layer_agree'], t['layer_pairs'])}) |",
        "",
        "## Agreement by mtgjudge's classes",
        "",
        "| mtgjudge | both read | same classes |",
        "|---|---:|---:|",
    ]
    for key, n in sorted(t["by_class"].items(), key=lambda kv: (-kv[1], kv[0])):
        lines.append(f"| {key} | {n} | {t['agree_by_class'][key]} ({_pct(t['agree_by_class'][key], n)}) |")
    lines += ["", "## Classes that differ", "",
              "| mtgjudge | phase | paragraphs | examples |", "|---|---|---:|---|"]
    for (m, p), cases in t["kind_dis"][:40]:
        lines.append(f"| {m} | {p or 'nothing'} | {len(cases)} | {_examples(cases)} |")
    if not t["kind_dis"]:
        lines.append("| - | - | 0 | |")
    lines += ["", "## Layers that differ", "",
              "| mtgjudge | phase | paragraphs | examples |", "|---|---|---:|---|"]
    for (m, p), cases in t["layer_dis"][:40]:
        lines.append(f"| {m} | {p} | {len(cases)} | {_examples(cases)} |")
    if not t["layer_dis"]:
        lines.append("| - | - | 0 | |")
    by_layer: dict = defaultdict(list)
    for name, layer in PHASE_LAYER.items():
        by_layer[layer].append(f"`{name}`")
    lines += ["", "## phase's modifications and their layers (the script's `PHASE_LAYER`)", "",
              "A characteristic-defining ability's power and toughness (phase: `characteristic_defining`) is 7a; "
              "\"rules\" is no layer and is left out of the comparison.", "",
              "| layer | phase's modifications |", "|---|---|"]
    lines += [f"| {layer} | {', '.join(by_layer[layer])} |" for layer in (*LAYERS, "rules") if by_layer[layer]]
    lines += ["", "## phase's modifications with no layer in the script's table", ""]
    lines += [f"- `{name}`: {n} paragraph(s)" for name, n in t["unmapped"]] or ["None."]
    return "\n".join(lines) + "\n"


def summary_line(t: dict) -> str:
    return (f"cards {t['cards']} (mtgjudge {t['m_cards']}, phase {t['p_cards']}); paragraphs {t['paragraphs']}: "
            f"mtgjudge reads {t['m_read']}, phase {t['p_read']}, both {t['both']}; same classes {t['kind_agree']} "
            f"({_pct(t['kind_agree'], t['both'])}); same layers {t['layer_agree']} of {t['layer_pairs']} "
            f"({_pct(t['layer_agree'], t['layer_pairs'])})")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--jobs", type=int, default=min(2, os.cpu_count() or 1), help="processes (default 2)")
    parser.add_argument("--every", type=int, default=1, help="only every K-th card, for a quick run")
    parser.add_argument("--write", type=Path, help="write the report there (docs/phase-oracle.md)")
    args = parser.parse_args(argv)
    try:
        import phase  # noqa: F401
    except ImportError:
        print(MISSING, file=sys.stderr)
        return 2
    results, seconds, built = run(args.jobs, args.every)
    t = tally(results)
    date = datetime.now(timezone.utc).strftime("%Y-%m-%d")
    text = markdown(t, _phase_version(), date, seconds, args.jobs, args.every, built)
    if args.write:
        args.write.write_text(text, encoding="utf-8")
    print(summary_line(t))
    print(f"{seconds:.0f} s with {args.jobs} process(es), phase built {built} card(s)" + (f"; report written to {args.write}" if args.write else ""))
    for (m, p), cases in t["kind_dis"][:5]:
        print(f"  classes {m} / phase {p or 'nothing'}: {len(cases)}, e.g. {cases[0][0]}")
    for (m, p), cases in t["layer_dis"][:5]:
        print(f"  layers {m} / phase {p}: {len(cases)}, e.g. {cases[0][0]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
