"""A generated case turned into phase.rs's claim (docs/crosscheck.md, "Checking phase.rs"): the one entry point of
``mtgjudge crosscheck --engine phase`` (engine/app/crosscheck/checker.py). Reads the case's query and its
declaration (508.1, 509.1: read as mtgjudge reads a declaration file, engine/files/declaration.py) or its events
(614-616: as an event file, engine/files/events.py), and hands the loaded board to the module of the query:
``layers.layers_claim`` (613), ``combat.combat_claim`` (508.1, 509.1), ``replace.replace_claim`` (614-616), each
imported when first asked. The claim comes from phase alone: nothing of mtgjudge's answer is read here.

An engine author checks their own engine the same way: a function of this shape (a case and its loaded board in,
a claim in the shape of our ``--json`` output out, :class:`~engine.app.phase.Unexpressible` for a case the engine
can't be asked).
"""

from __future__ import annotations


def phase_claim(case, state, library, cards) -> dict:
    """phase's answer to a case (engine/app/crosscheck/cases.py GeneratedCase) whose board is ``state`` (the
    loaded GameState), as a claim of the query's shape (engine/app/crosscheck/claims.py); ``library`` the run's
    card library (an event's cards), ``cards`` the worker's PhaseCards. Raises Unexpressible for a case phase
    can't be asked."""
    if case.query == "layers":
        from engine.app.phase.layers import layers_claim

        return layers_claim(state, cards)
    if case.query in ("attack", "block"):
        from engine.app.phase.combat import combat_claim
        from engine.files.declaration import declaration_from_data

        declaration = (declaration_from_data(case.declaration, case.query, state)
                       if case.declaration is not None else None)
        return combat_claim(state, case.query, declaration, cards)
    if case.query == "replace":
        from engine.app.phase.replace import replace_claim
        from engine.files.events import events_from_data

        data = {"events": case.event} if isinstance(case.event, list) else {"event": case.event}
        return replace_claim(state, events_from_data(data, state, library, "event"), cards)
    raise ValueError(f"no phase claim for the query {case.query!r}")
