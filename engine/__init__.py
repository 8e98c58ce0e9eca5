"""mtgjudge engine: the card vocabulary (``engine.vocab``), the game state (``engine.state``), the
files and the loader (``engine.files``), the game loop by rule chapter (``engine.game``), the command
line and its views (``engine.app``) and the judge's desk (``engine.web``); docs/architecture.md maps
each rule to its room.

The engine uses :mod:`bridge` for every question the answer-set programs decide; it never
imports clingo itself. Its public face is the package :mod:`mtgjudge` (docs/api.md).
"""



def __getattr__(name: str) -> str:
    """``__version__``, read from the installed package's metadata when first asked for (PEP 562):
    importlib.metadata is not imported on every start."""
    if name != "__version__":
        raise AttributeError(f"module 'engine' has no attribute {name!r}")
    from importlib.metadata import PackageNotFoundError, version

    try:
        value = version("mtgjudge")
    except PackageNotFoundError:  # running from a source tree that is not installed
        value = "0.0.0+source"
    globals()["__version__"] = value
    return value
