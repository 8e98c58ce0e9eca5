"""Our answer to one case of a claims file (docs/crosscheck.md), in the shape of our --json output, and the
differences from the case's claim: :class:`Checker` keeps one worker's card library and solver
configuration from case to case."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from engine.files.errors import InputError
from engine.files.yamlio import numbers_in_range
from engine.state.unexecuted import not_executed
from engine.app.crosscheck.cases import Case, GeneratedCase, Malformed, parse_line, read_board_file
from engine.app.crosscheck.claims import claim_problem
from engine.app.crosscheck.compare_combat import compare_combat
from engine.app.crosscheck.compare_layers import compare_layers
from engine.app.crosscheck.compare_replace import compare_replace


def _plain(data: Any) -> Any:
    """Exactly what our --json output holds once parsed (tuples become lists)."""
    return json.loads(json.dumps(data))


ENGINES = ("phase",)  # --engine: the engines whose claims mtgjudge makes itself (engine/app/phase/)
CLAIM_GIVEN = "claim: given, but --engine {engine} makes the claims: remove it"


class Checker:
    """One worker's state, kept from case to case: the card library, the solver configuration, and the
    board files already read; with ``engine`` ("phase"), the engine asked for each case's claim and its
    card data (engine/app/phase/carddata.py PhaseCards, built once per worker)."""

    def __init__(self, card_dirs: tuple[str, ...] = (), time_limit: float = 10.0, engine: str | None = None):
        from bridge import SolverConfig

        from engine.files.library import load_library

        self.library = load_library(tuple(Path(d) for d in card_dirs))
        self.config = SolverConfig(time_limit=time_limit)
        self.files: dict[str, str] = {}
        self.engine = engine
        self.cards = None
        if engine is not None:
            if engine not in ENGINES:
                raise ValueError(f"no engine {engine!r} (use one of: {', '.join(ENGINES)})")
            from engine.app.phase.carddata import PhaseCards

            self.cards = PhaseCards(self.library)

    # one case ------------------------------------------------------------------------------------
    def evaluate(self, line: int, text: str, base: str, files: dict[str, str | None] | None = None) -> dict:
        """The result record of one line of a claims file (see docs/crosscheck.md): whatever the line holds, a
        record, never an exception: a line that can't be checked is ``malformed``, and a case whose evaluation
        raises anyway (a bug of ours) is that line's ``error``, with the exception's one-line message."""
        known: dict[str, Any] = {}  # the case's id and query, once read
        try:
            return self._evaluate(line, text, base, files, known)
        except Malformed as e:
            return {"id": known.get("id"), "line": line, "malformed": str(e)}
        except InputError as e:
            return {"id": known.get("id"), "line": line, "malformed": e.line()}
        except Exception as e:  # noqa: BLE001 - any exception in one case is that case's result, not the run's end
            return error_record(known, line, e)

    def _evaluate(self, line: int, text: str, base: str, files: dict[str, str | None] | None, known: dict) -> dict:
        data = parse_line(text)
        if isinstance(data, dict) and isinstance(data.get("id"), (str, int)) and not isinstance(data.get("id"), bool):
            known["id"] = str(data["id"])
        if isinstance(data, dict):  # what reaches the programs besides the board (checked as it loads)
            for key in ("declaration", "event"):
                numbers_in_range(data.get(key), "case", (key,))
        if isinstance(data, dict) and isinstance(data.get("id"), int) and not isinstance(data["id"], bool):
            data["id"] = str(data["id"])
        if self.engine is not None and isinstance(data, dict) and "claim" in data:
            raise Malformed(CLAIM_GIVEN.format(engine=self.engine))
        try:
            case = (Case if self.engine is None else GeneratedCase).model_validate(data)
        except ValidationError as e:
            err = e.errors()[0]
            where = ".".join(str(p) for p in err["loc"]) or "(top level)"
            raise Malformed(f"{where}: {err['msg'][0].lower()}{err['msg'][1:]}") from None
        known["query"] = case.query
        state, board_name = None, ""
        if self.engine is not None:  # the engine's claim, from its answer alone, before ours
            state, board_name = self._state(case, base, files)
            if case.query in ("attack", "block"):  # bad input before phase is asked (as our answer would find it)
                from engine.app.queries import needs_attackers

                needs_attackers(state, case.query, board_name)
            claim, unexpressible = self._engine_claim(case, state, line)
            if unexpressible is not None:
                return unexpressible
            case = Case.model_validate({**case.model_dump(), "claim": claim})
        problem = claim_problem(case.query, case.declaration is not None, case.claim)  # its shape, before comparing
        if problem is not None:
            if self.engine is not None:  # a claim our own driver made: a bug of the driver, that line's error
                raise RuntimeError(f"the {self.engine} driver made a claim of the wrong shape: {problem}")
            raise Malformed(problem)
        if state is None:
            state, board_name = self._state(case, base, files)
        unexecuted = not_executed(state)  # before the answer: a game's question may change the state
        ours, timed_out, extra = self.answer(case, state, board_name)
        if timed_out:
            return {"id": case.id, "query": case.query, "line": line, "timeout": True, "not_executed": unexecuted}
        try:
            differences = compare(case.query, ours, case.claim, extra)
        except Malformed as e:
            if self.engine is None:
                raise
            raise RuntimeError(f"the {self.engine} driver made a claim of the wrong shape: {e}") from None
        return {"id": case.id, "query": case.query, "line": line, "agree": not differences,
                "differences": differences, "not_executed": unexecuted}

    def _engine_claim(self, case: GeneratedCase, state, line: int) -> tuple[Any, dict | None]:
        """The engine's claim on a case (engine/app/phase/driver.py: from its answer alone), or the record of a
        case it can't be asked: ``{id, query, line, unexpressible: {reason, detail}}``, never an agreement or a
        disagreement."""
        from engine.app.phase import Unexpressible
        from engine.app.phase.driver import phase_claim

        try:
            return phase_claim(case, state, self.library, self.cards), None
        except Unexpressible as u:
            return None, {"id": case.id, "query": case.query, "line": line,
                          "unexpressible": {"reason": u.reason, "detail": u.detail}}
        except BaseException as e:  # noqa: BLE001 - a panic in phase's Rust code (pyo3's PanicException, a
            if type(e).__name__ != "PanicException":  # BaseException) is phase's answer, not the run's end
                raise
            return None, {"id": case.id, "query": case.query, "line": line,
                          "unexpressible": {"reason": "phase's answer", "detail": f"phase panicked: {one_line(e)}"}}

    def ours(self, case: dict, base: str = "") -> Any:
        """Our answer to a case (a dict, with or without a claim), in the shape of our --json output; None
        when a solve hit the time limit. A claim of exactly this agrees on every field."""
        c = Case.model_validate({**case, "claim": {}})
        state, board_name = self._state(c, base, None)
        ours, timed_out, _ = self.answer(c, state, board_name)
        return None if timed_out else ours

    def _state(self, case: Case, base: str, files: dict[str, str | None] | None):
        from engine.files.loader import board_from_data
        from engine.files.yamlio import parse_text

        if case.board is not None:
            return board_from_data(case.board, self.library, "board"), "board"
        name = str(Path(base) / case.board_file) if base else case.board_file
        text = files.get(name) if files is not None else read_board_file(name, self.files)
        if text is None:
            raise InputError(name, "board_file", "no such file, or not readable UTF-8 text",
                             "give a board file path relative to the claims file")
        return board_from_data(parse_text(text, name), self.library, name), name

    def answer(self, case: Case, state, board_name: str) -> tuple[Any, bool, dict]:
        """Our answer, in the shape of our --json output but for ``not_executed`` (the record has it: no
        claim is about it); whether a solve hit the time limit; and what the explanations of differences
        need (the problem, to check a claimed declaration)."""
        ours, timed_out, extra = self._answer(case, state, board_name)
        if isinstance(ours, dict):
            ours.pop("not_executed", None)
        return ours, timed_out, extra

    def _answer(self, case: Case, state, board_name: str) -> tuple[Any, bool, dict]:
        if case.query == "layers":
            from engine.app.queries import layers_document, layers_result

            result = layers_result(state, self.config)
            return (None, True, {}) if result.timed_out else (_plain(layers_document(result, state)), False, {"state": state})
        if case.query in ("attack", "block"):
            return self._combat(case, state, board_name)
        return self._replace(case, state)

    def _combat(self, case: Case, state, board_name: str):
        from engine.files.declaration import declaration_from_data
        from engine.app.queries import combat_answer, needs_attackers

        side = case.query
        needs_attackers(state, side, board_name)
        decl = declaration_from_data(case.declaration, side, state) if case.declaration is not None else None
        answer = combat_answer(state, side, decl, False, 0, self.config, board_name)
        if answer.timed_out:
            return None, True, {}
        extra = {"problem": answer.problem, "side": side, "checker": self, "declared": decl is not None}
        return _plain(answer.document()), False, extra

    def _replace(self, case: Case, state):
        from engine.files.events import events_from_data
        from engine.app.queries import replace_answer, replace_document

        data = {"events": case.event} if isinstance(case.event, list) else {"event": case.event}
        events = events_from_data(data, state, self.library, "event")
        answer = replace_answer(state, events, self.library, self.config, 100)
        if answer is None:
            return None, True, {}
        return _plain(replace_document(answer, state)), False, {"chooser_rule": "616.1"}


def compare(query: str, ours: dict, claim: dict, extra: dict) -> list[dict]:
    """The differences between a claim and our answer, each with its rule and explanation; raises
    Malformed for a claim that is not a subset of our answer's shape."""
    if query == "layers":
        return compare_layers(ours, claim, extra)
    if query in ("attack", "block"):
        return compare_combat(query, ours, claim, extra)
    return compare_replace(ours, claim)


def one_line(e: BaseException, width: int = 300) -> str:
    """An exception as one line: its class and its message, cut to ``width`` characters."""
    text = " ".join(f"{type(e).__name__}: {e}".split())
    return text if len(text) <= width else text[: width - 3] + "..."


def error_record(known: dict, line: int, e: BaseException | str) -> dict:
    """The record of a line whose evaluation raised (a bug of ours) or whose worker died: ``error``, with the
    one-line message; the run goes on."""
    record: dict[str, Any] = {"id": known.get("id")}
    if known.get("query"):
        record["query"] = known["query"]
    record["line"] = line
    record["error"] = e if isinstance(e, str) else one_line(e)
    return record
