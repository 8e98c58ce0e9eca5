"""The files mtgjudge reads and writes, and their errors (no solver on this path).

- ``yamlio``, ``errors``: reading YAML and JSON with one-line errors (exit status 2);
- ``boardfile``, ``loader``: board files, validated and loaded into a game state (docs/board-format.md);
- ``library``: the card library, card files by exact name (docs/card-format.md);
- ``gamefile``: game files, a board and the players' actions (docs/play.md);
- ``declaration``: declarations of attackers and blockers (508.1, 509.1);
- ``events``: event files, the events about to happen (614-616, docs/events.md);
- ``boardwriter``: a state written back as a board (``--out``).
"""
