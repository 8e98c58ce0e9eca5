"""The questions `mtgjudge` answers, from data already loaded: one function per command, shared by
the command line (engine/app/cli.py), `mtgjudge crosscheck` (engine/app/crosscheck.py) and the judge's desk
(engine/web: `mtgjudge serve`), so that a command's `--json` document and the API's answer are the
same document, made by the same code.

The callers read the input (a file, a request field) and name it in errors: ``where`` is the file
name for the CLI, the request field for the API. A solve that hits the time limit gives an answer
with ``timed_out`` set, and no document.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engine.files.errors import InputError
from engine.files.library import CardLibrary
from engine.state.model import GameState
from engine.state.unexecuted import not_executed
from engine.app.render import card_dict


def timeout_line(where: str, time_limit: float, fix: str) -> str:
    """The one line of a solve that hit the time limit (CLI exit 3, API 504)."""
    return f"{where}: the solver hit the time limit of {time_limit:g} s, no verdict (fix: {fix})"


# --- cards ----------------------------------------------------------------------------------------

@dataclass
class CardAnswer:
    """`mtgjudge cards NAME`: the library's card (``printed`` None), or a card database card (engine/
    files/carddb.py) converted by engine/files/dbcards.py (``card``), or, when it can't be converted,
    its printed data and why (``problem``)."""

    card: Any  # a CardFile, or None
    printed: Any = None  # a carddb.PrintedCard
    problem: InputError | None = None

    @property
    def kind(self) -> str:
        return "library" if self.printed is None else "unconvertible" if self.card is None else "database"

    @property
    def status(self) -> tuple[str, int, int]:
        from engine.files.cardstore import card_status

        return ("unconvertible", 0, 0) if self.card is None else card_status(self.card)

    def document(self) -> dict[str, Any]:
        if self.kind == "library":
            return card_dict(self.card)
        status, n, total = self.status
        if self.card is None:
            doc: dict[str, Any] = {"name": self.printed.name, "convertible": False, "problem": self.problem.problem,
                                   "fix": self.problem.fix}
        else:
            doc = {**card_dict(self.card), "convertible": True}
        doc.update(source=f"card database, {self.printed.source}", executable=status, executable_abilities=n,
                   abilities_count=total, printed=self.printed.to_dict())
        return doc


def cards_document(library: CardLibrary, name: str | None = None, name_field: str = "NAME",
                   card_db: Path | None = None) -> Any:
    """`mtgjudge cards --json`: every card of the library (name order), or the one named, from the
    library or the card database (an unknown name is bad input, with the closest names as the fix)."""
    if name is None:
        return [card_dict(c) for c in (library.get(n) for n in library.names()) if c]
    return find_card(library, name, name_field, card_db).document()


def _database(card_db: Path | None = None):
    from engine.files.carddb import open_database

    return open_database(card_db=card_db)


def find_card(library: CardLibrary, name: str, name_field: str = "NAME", card_db: Path | None = None) -> CardAnswer:
    """`mtgjudge cards NAME`: the library's card, else the card database's, converted to a card of the
    vocabulary when it can be (engine/files/dbcards.py). A name neither knows is bad input naming the
    database's closest names; without a database, the library's and the import command."""
    card = library.get(name, database=False)
    if card is not None:
        return CardAnswer(card)
    from engine.files.carddb import IMPORT_FIX, UNAVAILABLE, CardDatabaseUnavailable
    from engine.files.dbcards import card_file

    try:
        db = _database(card_db)
    except CardDatabaseUnavailable:
        raise InputError(None, name_field, f"unknown card {name!r}: not in the card library, and the card "
                         f"database {UNAVAILABLE}", f"{library.suggest(name)}; or {IMPORT_FIX}") from None
    try:
        printed = db.lookup(name, None, name_field)
    finally:
        db.close()
    known = library.get(printed.name, database=False)  # "Aether Vial" for a library's "Æther Vial"
    if known is not None:
        return CardAnswer(known)
    try:
        return CardAnswer(card_file(printed), printed)
    except InputError as e:
        return CardAnswer(None, printed, e)


def sources_document(card_db: Path | None = None) -> dict[str, Any]:
    """`mtgjudge cards --sources`: the card data in use (the index is built if it is missing)."""
    db = _database(card_db)
    try:
        return db.sources()
    finally:
        db.close()


def _library_statuses(library: CardLibrary, db, detail: bool = False) -> dict[str, tuple]:
    """The database names of the library's cards, with how much of each the library's encoding
    executes (a library card is the database card it encodes, with its abilities encoded); with
    ``detail``, each ability's family, programs and template too (cardstore.ability_detail)."""
    from engine.files.cardstore import ability_detail, card_status

    out = {}
    for n in library.names():
        card = library.get(n)
        found = db.names_for(n) if card is not None and not card.token else []
        if len(found) == 1:
            out[found[0]] = card_status(card) + ((ability_detail(card),) if detail else ())
    return out


def search_document(library: CardLibrary, words: list[str], card_db: Path | None = None) -> dict[str, Any]:
    """`mtgjudge cards --search WORDS`: the cards whose name, type line or Oracle text holds every
    word (case and accents folded), in name order, with how much of each mtgjudge executes."""
    from engine.files.cardstore import statuses as statuses_of

    db = _database(card_db)
    try:
        found = db.search(words)
        statuses = statuses_of(db, [n for n, _, _ in found])
        mine = _library_statuses(library, db)
    finally:
        db.close()
    cards = []
    for name, line, cost in found:
        status, n, total = statuses[name][:3]
        if name in mine:
            status, n, total = mine[name]
        cards.append({"name": name, "mana_cost": cost, "type_line": line, "executable": status,
                      "executable_abilities": n, "abilities": total, "library": name in mine})
    return {"words": list(words), "count": len(cards), "cards": cards}


def stats_document(library: CardLibrary, card_db: Path | None = None, templates: int = 50) -> dict[str, Any]:
    """`mtgjudge cards --stats`: how many cards of the database mtgjudge executes wholly, partly,
    not at all, and how many can't go on a board (and why), the library's encodings counted; the
    abilities by family and by program, and the most frequent templates that don't compile
    (engine/vocab/oracle/families.py)."""
    import json
    from collections import Counter

    from engine.files.cardstore import statuses as statuses_of
    from engine.vocab.oracle.families import FAMILIES, PROGRAMS

    db = _database(card_db)
    try:
        statuses = statuses_of(db)
        mine = _library_statuses(library, db, detail=True)
        sources = [s["label"] for s in db.sources()["sources"]]
    finally:
        db.close()
    counts: Counter[str] = Counter()
    lib: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    fam_all: Counter[int] = Counter()
    fam_done: Counter[int] = Counter()
    progs: Counter[str] = Counter()
    cards_needing: Counter[str] = Counter()
    missing: Counter[str] = Counter()
    for name, (status, _, _, problem, detail) in statuses.items():
        abilities = json.loads(detail or "[]")
        if name in mine:
            status, abilities = mine[name][0], mine[name][3]
            lib[status] += 1
        counts[status] += 1
        if status == "unconvertible" and problem:
            reasons[_reason(problem)] += 1
        used = set()
        for fam, by, template in abilities:
            fam_all[fam] += 1
            fam_done[fam] += bool(by)
            progs.update(by)
            used.update(by)
            if template:
                missing[template] += 1
        cards_needing.update(used)
    return {"cards": len(statuses), "sources": sources, **{k: counts[k] for k in ("all", "partly", "none",
                                                                                    "unconvertible")},
            "library": {k: lib[k] for k in ("all", "partly", "none")},
            "unconvertible_reasons": dict(sorted(reasons.items(), key=lambda kv: (-kv[1], kv[0]))),
            "families": [{"family": f, "name": FAMILIES[f], "abilities": fam_all[f], "executable": fam_done[f]}
                         for f in sorted(FAMILIES, key=lambda f: (f == 0, f))],
            "programs": [{"program": p, "abilities": progs[p], "cards": cards_needing[p]} for p in PROGRAMS],
            "not_compiled": [{"template": t, "abilities": n}
                             for t, n in sorted(missing.items(), key=lambda kv: (-kv[1], kv[0]))[:templates]]}


def _reason(problem: str) -> str:
    """Why a database card can't be converted, without the card's name and values ("Bad Ass: power
    '3.5' can't be read by mtgjudge yet (...)" -> "power can't be read by mtgjudge yet")."""
    import re

    head, _, rest = problem.split(": ", 1)[-1].partition(" (")
    head = re.sub(r" '[^']*'", "", head)
    if head.startswith("card can't be read"):  # the validator's words say why
        head += ": " + rest.split(" (")[0].rstrip(")")
    return head


def import_document(path: Path) -> dict[str, Any]:
    """`mtgjudge cards import FILE` (engine/files/cardstore.py)."""
    from engine.files.cardstore import import_file

    return import_file(path)


# --- layers (613) ---------------------------------------------------------------------------------

def check_object(state: GameState, only: str | None, field: str, fix: str) -> None:
    """`--object ID` (the API's `object`): a permanent of the board."""
    if only is not None and only not in state.battlefield:
        raise InputError(None, field, f"no permanent has id {only!r}", fix)


def layers_result(state: GameState, config):
    """`mtgjudge layers`: the characteristics after every continuous effect (bridge.layers)."""
    from bridge.layers import compute_layers

    return compute_layers(state, config)


def layers_document(result, state: GameState, only: str | None = None) -> dict[str, Any]:
    """`mtgjudge layers --json`, with the abilities of the board's objects no program executes
    (``not_executed``, engine/state/unexecuted.py)."""
    from engine.app.layers_view import layers_json

    return {**layers_json(result, only), "not_executed": not_executed(state)}


# --- attack and block (508.1, 509.1) --------------------------------------------------------------

@dataclass
class CombatAnswer:
    """What `mtgjudge attack` / `mtgjudge block` answer: the verdict on a declaration (``check``), the
    most requirements a declaration can obey and one that does (``best``), or every legal declaration
    (``all``)."""

    side: str
    kind: str  # "check", "best" or "all"
    problem: Any  # bridge.combat.CombatProblem
    declaration: Any  # bridge.combat.Declaration, for "check"
    result: Any  # Verdict, Best or AllLegal; None when the layers hit the time limit
    limit: int
    timed_out: bool

    @property
    def illegal(self) -> bool:
        """A declaration checked and found illegal (the CLI's exit status 1)."""
        return self.kind == "check" and self.result is not None and not self.result.legal

    def document(self) -> dict[str, Any]:
        from engine.app.combat_view import all_json, best_json, verdict_json

        if self.kind == "check":
            doc = verdict_json(self.result)
        elif self.kind == "all":
            doc = all_json(self.result, self.limit)
        else:
            doc = best_json(self.result)
        return {**doc, "not_executed": self.not_executed()}

    def not_executed(self) -> list[dict[str, Any]]:
        """The abilities of the board's objects no program executes (engine/state/unexecuted.py)."""
        return not_executed(self.problem.state)


def needs_attackers(state: GameState, side: str, where: str | None) -> None:
    """A declaration of blockers needs attacks (the board's combat.attackers)."""
    if side == "block" and (state.combat is None or not state.combat.attackers):
        raise InputError(where, "combat.attackers", "no creature is attacking",
                         "give the attacks in combat.attackers (attacker id: what it attacks)")


def combat_answer(state: GameState, side: str, declaration, every: bool, limit: int, config,
                  where: str | None, declared_in: str | None = None) -> CombatAnswer:
    """Check ``declaration`` (a bridge.combat.Declaration) when given; else with ``every`` list every
    legal declaration (at most ``limit``); else the best one. ``where`` names the board in errors, ``declared_in``
    the declaration (a ``pay`` naming a creature under no cost is bad input: refuse_nothing_to_pay)."""
    from bridge.combat import all_legal, best, build_problem, check

    from engine.files.declaration import refuse_nothing_to_pay

    needs_attackers(state, side, where)
    kind = "check" if declaration is not None else "all" if every else "best"
    problem = build_problem(state, config=config)
    if problem.layers.timed_out:
        return CombatAnswer(side, kind, problem, declaration, None, limit, True)
    if kind == "check":
        result = check(problem, declaration, config)
        refuse_nothing_to_pay(result, side, declared_in)
    elif kind == "all":
        result = all_legal(problem, side, limit, config)
    else:
        result = best(problem, side, config)
    return CombatAnswer(side, kind, problem, declaration, result, limit, bool(result.timed_out))


# --- replacement and prevention (614-616) ---------------------------------------------------------

def replace_answer(state: GameState, events: list, library: CardLibrary, config, limit: int):
    """`mtgjudge replace`: (result, triggers), or None when a solve hit the time limit."""
    from bridge.replace import AmountTooLarge, DrawsApart, TooManyEffects

    from engine.app.replace_view import replace_with_triggers

    try:
        return replace_with_triggers(state, events, library, config, limit)
    except TooManyEffects as e:  # the program's sets are 32-bit integers: refused, not solved wrong
        raise InputError(None, None, str(e), "leave out effects that can't apply to the event") from None
    except AmountTooLarge as e:  # the program's integers are 32-bit: an amount past its bound is refused, not wrapped
        raise InputError(None, None, str(e), "give a smaller amount, or fewer effects that multiply it") from None
    except DrawsApart as e:  # 121.2: a draw of several cards is that many draws, each an event of its own
        raise InputError(None, None, str(e), "give the draws one at a time (121.2)") from None


def replace_document(answer, state: GameState) -> dict[str, Any]:
    """`mtgjudge replace --json`, with the abilities of the board's objects no program executes."""
    from engine.app.replace_view import inferred_sources, replace_json

    result, triggers = answer
    inferred = inferred_sources(state)  # effects whose source the board didn't give (engine/files/effect_source.py)
    return {**replace_json(result, triggers), "not_executed": not_executed(state),
            **({"inferred_sources": inferred} if inferred else {})}
