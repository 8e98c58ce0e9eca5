"""The game loop of ``mtgjudge play`` (500-514, 117, 601-616, 704, 506-511), by rule chapter: the
game and its run (loop.py), the turn (turn.py), priority (priority.py), triggered abilities
(triggers.py), mana (mana.py), costs and activation (costs.py), casting (casting.py), targets
(targets.py), resolving (resolve.py) and the instructions followed (instructions.py), events
through the replacement program (events.py), state-based actions (sba.py) and combat (combat.py).
"""

from engine.game.common import GameError, GameResult, LogEntry, Rejected
from engine.game.loop import Game, play

__all__ = ["Game", "GameError", "GameResult", "LogEntry", "Rejected", "play"]
