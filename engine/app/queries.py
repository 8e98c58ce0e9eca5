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

def cards_document(library: CardLibrary, name: str | None = None, name_field: str = "NAME") -> Any:
    """`mtgjudge cards --json`: every card (name order), or the one named (an unknown name is bad
    input, with the closest names as the fix)."""
    if name is None:
        return [card_dict(c) for c in (library.get(n) for n in library.names()) if c]
    return card_dict(library.lookup(name, None, name_field))


def find_card(library: CardLibrary, name: str, name_field: str = "NAME") -> tuple[Any, str | None]:
    """`mtgjudge cards NAME`: the library's card (and None), else the card database's printed card
    and its source's label (engine/files/carddb.py). A name neither knows is bad input naming the
    database's closest names; without a database, the library's."""
    card = library.get(name, database=False)
    if card is not None:
        return card, None
    from engine.files.carddb import UNAVAILABLE, CardDatabaseUnavailable, open_database

    try:
        db = open_database()
    except CardDatabaseUnavailable:
        raise InputError(None, name_field, f"unknown card {name!r}: not in the card library, and the card "
                         f"database {UNAVAILABLE}", library.suggest(name)) from None
    try:
        printed = db.lookup(name, None, name_field)
        known = library.get(printed.name, database=False)  # "Aether Vial" for a library's "Æther Vial"
        return (known, None) if known is not None else (printed, db.source.label)
    finally:
        db.close()


def sources_document() -> dict[str, Any]:
    """`mtgjudge cards --sources`: the card data in use (the index is built if it is missing)."""
    from engine.files.carddb import open_database

    db = open_database()
    try:
        return db.sources()
    finally:
        db.close()


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
                  where: str | None) -> CombatAnswer:
    """Check ``declaration`` (a bridge.combat.Declaration) when given; else with ``every`` list every
    legal declaration (at most ``limit``); else the best one. ``where`` names the board in errors."""
    from bridge.combat import all_legal, best, build_problem, check

    needs_attackers(state, side, where)
    kind = "check" if declaration is not None else "all" if every else "best"
    problem = build_problem(state, config=config)
    if problem.layers.timed_out:
        return CombatAnswer(side, kind, problem, declaration, None, limit, True)
    if kind == "check":
        result = check(problem, declaration, config)
    elif kind == "all":
        result = all_legal(problem, side, limit, config)
    else:
        result = best(problem, side, config)
    return CombatAnswer(side, kind, problem, declaration, result, limit, bool(result.timed_out))


# --- replacement and prevention (614-616) ---------------------------------------------------------

def replace_answer(state: GameState, events: list, library: CardLibrary, config, limit: int):
    """`mtgjudge replace`: (result, triggers), or None when a solve hit the time limit."""
    from bridge.replace import TooManyEffects

    from engine.app.replace_view import replace_with_triggers

    try:
        return replace_with_triggers(state, events, library, config, limit)
    except TooManyEffects as e:  # the program's sets are 32-bit integers: refused, not solved wrong
        raise InputError(None, None, str(e), "leave out effects that can't apply to the event") from None


def replace_document(answer, state: GameState) -> dict[str, Any]:
    """`mtgjudge replace --json`, with the abilities of the board's objects no program executes."""
    from engine.app.replace_view import replace_json

    result, triggers = answer
    return {**replace_json(result, triggers), "not_executed": not_executed(state)}
