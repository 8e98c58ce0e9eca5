"""Cross-checking phase.rs (docs/crosscheck.md, "Checking phase.rs"; issue 26): the case of a generated corpus set
up in phase.rs, a Rust rules engine driven through its unofficial Python bindings ``phase-python`` (the optional
extra ``mtgjudge[phase]``), and phase's answer turned into a claim in the shape of our ``--json`` output, which
``mtgjudge crosscheck --engine phase`` compares with ours as any claim.

This module reads nothing: it holds what every part of the package shares. :class:`Unexpressible` is a case
phase can't be asked (a card it can't build, a token definition it can't build, a resolved effect, a copy
(707.2), bands (702.22), a multi-face card (709, 711, 712), a choice made as a permanent entered (614.12),
an event it can't be given (614-616), a board it refused, ...: :data:`REASONS`): reported with its reason,
never as an agreement or a disagreement. ``phase`` itself is imported only inside this package (and the tests
and benchmarks), and only when a case is checked: mtgjudge without the extra works as before.

The modules:

- ``carddata``: phase's card data (CardFaces) built offline from mtgjudge's card database, cached on disk;
- ``board``: a board set up in a phase game; ``layers``, ``combat``, ``replace``: each query's claim;
- ``driver``: a case turned into phase's claim (``phase_claim``), the one entry point the checker calls.
"""

from __future__ import annotations

PHASE_VERSION = "0.103.0"  # the phase-python release these modules are written against (pyproject.toml pins it)
INSTALL_FIX = "pip install 'mtgjudge[phase]'"

# Why a case can't be put to phase: the reason of every Unexpressible (a short category, counted in the summary).
REASONS = (
    "unknown card",  # a card the card database doesn't have (a test card of --cards), or phase can't build
    "token",  # a token definition of the library (111.4) phase's own parser can't build
    "resolved effect",  # a continuous effect of a resolved spell or ability (611.2): phase has no such effect to give
    "copy",  # a copy effect (707.2, 613.2): phase's debug actions make no copy of a given object
    "bands",  # bands (702.22): phase declares no band
    "multi-face",  # a split, flip, transforming, modal double-faced, adventure or meld card (709-712, 715): the
    #                card database holds one face of it
    "choice",  # a choice made as a permanent entered (614.12: a color, a creature type, a player) phase can't be told
    "event",  # an event phase can't be given (614-616)
    "players",  # a board of other than two players (phase's games here are two-player)
    "designation",  # a designation phase can't be given (renowned 702.112b, monstrous 701.37b, commander 903.3 ...)
    "stack",  # an object on the stack (405)
    "command zone",  # an object in the command zone (408)
    "player counters",  # counters on a player (122.1)
    "turn history",  # what the board records of the turn so far (who gained life this turn ...)
    "combat",  # a state of combat phase can't be given (506-511)
    "phase refused the board",  # a debug action phase refused while the board was set up
    "phase's answer",  # phase's state or prompt not of the shape these modules read (another phase release?)
)


class Unexpressible(Exception):
    """A case phase can't be asked: ``reason`` one of :data:`REASONS`, ``detail`` one line naming what (the card,
    the effect, the field)."""

    def __init__(self, reason: str, detail: str):
        if reason not in REASONS:
            raise ValueError(f"unknown reason {reason!r} (use one of: {', '.join(REASONS)})")
        self.reason = reason
        self.detail = " ".join(str(detail).split())
        super().__init__(f"{reason}: {self.detail}")


def available() -> bool:
    """Whether phase's bindings can be imported (the extra ``mtgjudge[phase]`` is installed)."""
    import importlib

    try:
        importlib.import_module("phase")
    except ImportError:
        return False
    return True
