"""Take the screenshots of docs/screenshots/: one table per game, on a laptop and on a phone, a few turns in.

Run from the repository (needs the dev extra and Debian's Chromium): ``.venv/bin/python scripts/screenshots.py``.
It starts its own server on a free port with a temporary database, creates each table from the home page
with two bots, plays a few turns by clicking, says a line in the chat and saves full-page PNGs.
"""

from __future__ import annotations

import random
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))

from server.server_helpers import running_server  # noqa: E402
from web.web_helpers import DESKTOP, PHONE, browser, create_table, new_page, play_turn  # noqa: E402

GAMES = {"soon": {"length": "classic"}, "skyjo": {"target": "100"}, "sorry": {}, "soupcons": {}}
OUT = ROOT / "docs" / "screenshots"


def shrink(path: Path) -> None:
    """256 colours, no dithering: a third of the size, and the flat colours of the page look the same."""
    from PIL import Image  # Pillow comes with matplotlib, a dependency of the package

    image = Image.open(path).convert("RGB")
    image.quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE).save(path, optimize=True)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as data, running_server(Path(data)) as server, browser() as chromium:
        for game, options in GAMES.items():
            for size, label, locale in [(DESKTOP, "desktop", "en-GB"), (PHONE, "phone", "fr-FR")]:
                page = new_page(chromium, size, locale=locale, touch=label == "phone")
                create_table(page, server.http, game, "Alice", ["normal", "normal"], options)
                page.click("#start")
                page.wait_for_function("() => (window.veilleeState() || {}).to_act === 0", timeout=30000)
                rng = random.Random(game)
                for _ in range(5):
                    page.wait_for_timeout(400)
                    try:
                        play_turn(page, rng, prefer_board=True)
                    except Exception:  # the page re-rendered under the click
                        continue
                page.wait_for_function("() => (window.veilleeState() || {}).to_act === 0", timeout=30000)
                page.click("#reactions [data-reaction='hello']")
                page.wait_for_timeout(800)
                path = OUT / f"{game}-{label}.png"
                page.screenshot(path=str(path), full_page=True)
                shrink(path)
                page.context.close()
                print(f"docs/screenshots/{game}-{label}.png")


if __name__ == "__main__":
    main()
