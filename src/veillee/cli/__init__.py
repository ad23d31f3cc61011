"""Command-line front-ends: simulate, replay (and later play, tournament, serve)."""
