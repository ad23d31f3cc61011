"""Print the observation layout of every game as Markdown (the tables of ``docs/rl.md``).

Run: ``.venv/bin/python scripts/rl_layouts.py``; paste its output over the layout section of docs/rl.md
(``tests/rl/test_observe.py`` checks that every table there is the one the code builds).
"""

from __future__ import annotations

import veillee
from veillee.rl.encoders import ENCODERS, encoder_for


def main() -> None:
    for game in sorted(ENCODERS):
        info = veillee.game_info(game)
        players = info.min_players
        state = veillee.new_game(game, players, 0)
        encoder = encoder_for(game, players, state.options)
        print(f"### {info.title} (`{game}`), {players} players, default options: {encoder.size} floats\n")
        print(encoder.layout.markdown())
        print()


if __name__ == "__main__":
    main()
