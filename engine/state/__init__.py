"""The game state: players, zones, objects with their printed characteristics, continuous effects,
combat (``model``). Every program reads it through the bridge's protocols; the game loop changes it."""
