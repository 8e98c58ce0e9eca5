"""mtgjudge engine: the card vocabulary (``engine.vocab``), the game state (``engine.state``), the
files and the loader (``engine.files``), the game loop by rule chapter (``engine.game``), the command
line and its views (``engine.app``) and the judge's desk (``engine.web``); docs/architecture.md maps
each rule to its room.

The engine uses :mod:`bridge` for every question the answer-set programs decide; it never
imports clingo itself. Its public face is the package :mod:`mtgjudge` (docs/api.md).
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mtgjudge")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"
