"""The games of veillée, declared one by one (no discovery: a game is in the registry because it is here).

Every game registered here is put through the conformance suite and the properties of ``tests/games``.
"""

from veillee.core.registry import Registry
from veillee.games import skyjo, soon, sorry, soupcons

__all__ = ["REGISTRY"]

REGISTRY = Registry()
"""The default registry that ``veillee.new_game`` and every front-end use."""

REGISTRY.register(skyjo.GAME)
REGISTRY.register(soon.GAME)
REGISTRY.register(sorry.GAME)
REGISTRY.register(soupcons.GAME)
