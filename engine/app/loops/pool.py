"""The pool of `mtgjudge loops` (docs/loops.md, "The pool" and "Equivalent abilities"): the cards named on the
command line or in a pool file, or every card of the card database whose continuous effects the layers program
executes; their continuous-effect abilities; and those abilities in classes of equivalent ones, of which one
representative is searched.

Two abilities are equivalent when the same search would give the same findings for both: the same compiled
ability (its JSON, the card's name written ``~``), at the same place among its card's abilities, on cards equal in
every characteristic the layers task can read (types, supertypes, subtypes, mana value, colors, power, toughness,
loyalty, defense, being a token, the choices made as it enters in the probe domain, and each ability as the layers
task sees it: ``layer_view``), the name aside; the name counts too when any of the card's abilities names the card
itself (a "named ~" selector, or the name in its compiled spec).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Iterable

from asp_rules.rulesdata import BASIC_LAND_TYPES
from engine.app.loops.model import AbilityRef
from engine.files.errors import InputError


@dataclass(frozen=True)
class AbilityClass:
    """Equivalent abilities: ``ref`` the one searched (its card first by name), ``layers`` its layers, ``cards``
    every card of the pool carrying an equivalent ability (sorted, the representative's among them)."""
    ref: AbilityRef
    layers: tuple[str, ...]
    cards: tuple[str, ...]


def cards_named(library, items: Iterable[str], field: str = "--cards") -> list[str]:
    """The library's names of the cards named: each item a name, or names separated by commas (a name with a
    comma, "Urborg, Tomb of Yawgmoth", is read whole: the longest run of pieces that names a card is taken); an
    unknown one, an empty one (two commas in a row), a card named twice, or no name at all is bad input."""
    out: list[str] = []
    seen: set[str] = set()
    for item in items:
        if not item.strip():
            raise InputError(None, field, "an empty name", "give card names, separated by commas")
        pieces = item.split(",")
        i = 0
        while i < len(pieces):
            if not pieces[i].strip():
                where = "an empty name " + ("between two commas" if 0 < i < len(pieces) - 1 else
                                            "after a comma" if i else "before a comma")
                raise InputError(None, field, f"{where} in {item!r}", "name a card between each two commas")
            for j in range(len(pieces), i, -1):
                card = library.get(",".join(pieces[i:j]).strip())
                if card is not None:
                    _add_once(out, seen, card.name, None, field)
                    i = j
                    break
            else:
                name = pieces[i].strip()
                raise InputError(None, field, f"unknown card {name!r}", library.suggest(name))
    if not out:
        raise InputError(None, field, "names no card", "give card names, separated by commas")
    return out


def _add_once(out: list[str], seen: set[str], name: str, path: str | None, field: str) -> None:
    """A card of the pool; named twice, bad input (the second name would be ignored)."""
    if name in seen:
        raise InputError(path, field, f"{name!r} is named twice in the pool", "name each card once")
    seen.add(name)
    out.append(name)


def cards_in_file(library, path: Path) -> list[str]:
    """The cards a pool file names, one a line (blank lines and lines starting with # skipped); a card named twice,
    or a file that names none, is bad input."""
    if not path.is_file():
        raise InputError(str(path), None, "no such file", "give a file of card names, one a line")
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError(str(path), None, "is not UTF-8 text", "save it as UTF-8, one card name a line") from None
    out: list[str] = []
    seen: set[str] = set()
    for n, line in enumerate(text.splitlines(), 1):
        name = line.strip()
        if not name or name.startswith("#"):
            continue
        card = library.get(name)
        if card is None:
            raise InputError(str(path), f"line {n}", f"unknown card {name!r}", library.suggest(name))
        _add_once(out, seen, card.name, str(path), f"line {n}")
    if not out:
        raise InputError(str(path), None, "names no card", "give a file of card names, one a line")
    return out


def compiled_pool(library) -> list[str]:
    """Every card whose continuous effects the layers program executes: the card database's that can go on a board
    (its status detail, engine/files/cardstore.py, names the layers program for one of its abilities) and the
    library's own cards."""
    from engine.app.queries import _database
    from engine.files.cardstore import statuses

    db = _database()
    try:
        found = statuses(db)
    finally:
        db.close()
    names = {name for name, (status, _, _, _, detail) in found.items()
             if status != "unconvertible" and any("layers" in by for _, by, _ in json.loads(detail or "[]"))}
    library.load_all()
    names |= {c.name for c in library.cards.values() if not c.token}
    # (a card the database can't give whole, a back face without its color indicator: no board holds it)
    return sorted((n for n in names if library.get(n) is not None), key=lambda n: (n.lower(), n))


def _normal(value: Any, name: str) -> Any:
    """A card's data with its name written ~ in every string (text, specs)."""
    if isinstance(value, str):
        return value.replace(name, "~") if name else value
    if isinstance(value, dict):
        return {k: _normal(v, name) for k, v in value.items()}
    if isinstance(value, list):
        return [_normal(v, name) for v in value]
    return value


def _names_itself(card, data: dict) -> bool:
    text = json.dumps([a.get("continuous") for a in data["abilities"]], sort_keys=True)
    return '"named_self": true' in text or (card.name in text)


def layer_view(ability: dict) -> dict:
    """An ability as the layers task reads it (bridge/layers/step_facts.py, the printed state): that the object
    has it, its kind, whether it is a mana ability (605.1a), a keyword's data (the keyword, its parameters: a
    keyword that makes a continuous effect, changeling, 702.73a), a static ability's compiled continuous effect;
    not its words (the report's only), nor what a triggered or activated ability does when it resolves (no layer
    applies it: 611.2's effects of resolved abilities are not catalogued)."""
    kind = ability["kind"]
    if kind == "keyword":
        return {k: v for k, v in ability.items() if k != "text"}
    if kind in ("static", "characteristic_defining"):
        return {"kind": kind, "continuous": ability.get("continuous")}
    if kind == "activated":
        return {"kind": kind, "mana": ability.get("mana")}
    return {"kind": kind}


def class_key(card, index: int) -> str:
    """What makes two abilities equivalent (this module's docstring), as one string."""
    from engine.files.choice_check import entering_choice_keys

    data = card.model_dump(mode="json")
    name = card.name
    keep_name = _names_itself(card, data)
    printed = {k: v for k, v in data.items() if k not in ("name", "source", "mana_cost", "colors",
                                                          "color_indicator")}
    # 305.6: a land with a basic land type: its printed text tells its intrinsic mana ability from another (the
    # layers task reads the text there), so the card is compared whole
    if not set(card.subtypes) & set(BASIC_LAND_TYPES):
        printed.pop("oracle", None)
        printed["abilities"] = [layer_view(a) for a in data["abilities"]]
    printed["choices"] = [key for key, _ability in entering_choice_keys(card)]  # 614.12 (domain.member_choices)
    printed["mana_value"] = card.mana_value
    printed["colors"] = list(card.printed_colors)
    printed["name"] = name if keep_name else None
    return json.dumps({"index": index, "card": _normal(printed, "" if keep_name else name)}, sort_keys=True,
                      ensure_ascii=False)


def ability_classes(library, cards: Iterable[str], abilities) -> list[AbilityClass]:
    """The pool's continuous-effect abilities in classes of equivalent ones, sorted by representative.
    ``abilities(library, card)`` gives a card's (search.continuous_abilities)."""
    groups: dict[str, list[tuple[AbilityRef, tuple[str, ...]]]] = {}
    for name in sorted(set(cards), key=lambda n: (n.lower(), n)):
        card = library.get(name)
        for ref, layers in abilities(library, name):
            groups.setdefault(class_key(card, ref.index), []).append((ref, tuple(layers)))
    out = []
    for members in groups.values():
        ref, layers = members[0]
        out.append(AbilityClass(ref, layers, tuple(sorted({r.card for r, _ in members}, key=lambda n: (n.lower(), n)))))
    return sorted(out, key=lambda c: c.ref)
