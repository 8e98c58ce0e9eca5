"""``mtgjudge loops``: every dependency (613.8a) and dependency loop (613.8b) among the continuous effects of a pool
of cards, each with a witness board found by the solver (docs/loops.md)."""
