"""The ``veillee`` command: games, play, simulate, replay, tournament, serve."""
