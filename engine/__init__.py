"""mtgjudge engine: the game model, board and card files, the card library and the CLI.

The engine uses :mod:`bridge` for every question the answer-set programs decide; it never
imports clingo itself.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("mtgjudge")
except PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.0.0+source"
