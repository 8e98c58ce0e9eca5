"""The phase.rs tests' one gate (issue 26): phase-python (the optional extra ``mtgjudge[phase]``) must be importable.
Without it a phase test module is skipped, saying why, except with CI set (.ci/run installs the extra), where the
module fails: the phase tests are required there, as tests/desk_browser.py requires chromium."""

from __future__ import annotations

import os

import pytest

from engine.app.phase import INSTALL_FIX, available


def require_phase():
    """The module ``phase``, or the test module skipped (failed with CI set) when it can't be imported."""
    if not available():
        why = f"phase-python is not installed ({INSTALL_FIX})"
        if os.environ.get("CI"):
            pytest.fail(why + ": the phase tests are required when CI is set", pytrace=False)
        pytest.skip(why, allow_module_level=True)
    import phase

    return phase


@pytest.fixture(scope="module")
def checker():
    """The crosscheck's checker (its card library, our answers), once per phase test module."""
    from engine.app.crosscheck.checker import Checker

    return Checker()


@pytest.fixture(scope="module")
def cards(checker):
    """phase's card data of that library (engine/app/phase/carddata.py), once per phase test module."""
    from engine.app.phase.carddata import PhaseCards

    return PhaseCards(checker.library)
