"""Shared helpers of the browser tests: Debian's Chromium driven by Playwright, a real server, page actions.

The browser is never downloaded: ``/usr/bin/chromium`` (``apt-get install chromium``, which ``scripts/test.sh``
does as root) or the tests are skipped with the reason.
"""

from __future__ import annotations

import os
import random
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("VEILLEE_CHROMIUM", "/usr/bin/chromium")
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
DESKTOP = {"width": 1280, "height": 860}
PHONE = {"width": 360, "height": 740}


def require_browser() -> None:
    """Skip (with the reason) where the browser tests cannot run; never on CI, which runs as root."""
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        pytest.skip("the playwright package is missing: pip install -e '.[dev]'")
    if not os.access(CHROMIUM, os.X_OK):
        if os.environ.get("CI"):
            pytest.fail(f"{CHROMIUM} is missing on CI: scripts/test.sh installs it as root")
        pytest.skip(f"{CHROMIUM} is missing: apt-get install -y chromium (scripts/test.sh does it as root)")


@contextmanager
def browser() -> Iterator[Any]:
    require_browser()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield chromium
        finally:
            chromium.close()


def new_page(chromium: Any, size: dict[str, int], locale: str = "en-GB", touch: bool = False) -> Any:
    context = chromium.new_context(viewport=size, locale=locale, has_touch=touch, is_mobile=touch)
    page = context.new_page()
    page.set_default_timeout(30000)  # generous: CI runs the other tests on the other core meanwhile
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


def screenshot(page: Any, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{name}.png"), full_page=True)


def create_table(
    page: Any,
    base: str,
    game: str,
    name: str,
    seats: list[str],
    options: dict[str, str],
    timer: str = "",
    public: bool = False,
) -> str:
    """Create a table through the home page form; ``seats``: for seats 1.., 'friend' or a bot level.

    Returns the invitation link the lobby shows (``/tables/ID#invite=CODE``), as the host would share it.
    """
    page.goto(base + "/")
    page.fill("#name", name)
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats) + 1))
    for number, who in enumerate(seats, start=1):
        page.select_option(f"[data-seat='{number}']", who)
    for key, value in options.items():  # the form is built from the game's declared options
        control = page.locator(f"[data-option='{key}']")
        kind = control.get_attribute("data-kind")
        if kind == "bool":
            control.set_checked(value == "true")
        elif kind in ("int",):
            control.fill(value)
        else:
            control.select_option(value)
    if timer:
        page.select_option("#timer", timer)
    if public:
        page.check("#public")
    page.click("#create")
    page.wait_for_url("**/tables/*")
    page.wait_for_selector("#share-link")
    link = str(page.locator("#share-link").input_value())
    assert "#invite=" in link, link
    return link


def join(page: Any, url: str, name: str) -> None:
    """Join as a person would: if the lobby redraws under the click (a friend connects), click again."""
    page.goto(url)
    page.fill("#join-name", name)
    seated = "#start, #waiting-host"  # the host starts; a guest waits for the host
    for _ in range(3):
        if page.locator(seated).count():
            return
        try:
            page.click("#join", timeout=5000)
            page.wait_for_selector(seated, timeout=8000)
            return
        except Exception:  # the click landed on a form being redrawn; the name is kept, click again
            continue
    page.wait_for_selector(seated)


def state(page: Any) -> dict[str, Any] | None:
    """What the page holds (the seat's own delivery), read through the test hook of app.js."""
    value: dict[str, Any] | None = page.evaluate("() => window.veilleeState ? window.veilleeState() : null")
    return value


def play_turn(page: Any, rng: random.Random, prefer_board: bool = True) -> bool:
    """If it is this page's turn, click one legal action (on the drawing when it offers any, else the menu)."""
    if page.locator("#results").count():
        return False
    choices = page.locator("#menu button.choice:not([disabled])")
    if not choices.count():
        return False
    board = page.locator("#board button.playable:not([disabled])")
    if prefer_board and board.count() and rng.random() < 0.5:
        board.nth(rng.randrange(board.count())).click()
        return True
    # mostly the first entry (the games list progress first, e.g. SOON's "place"), so that a match between
    # clicking people ends in reasonable time: uniformly random SOON play can last hundreds of turns
    index = 0 if rng.random() < 0.7 else rng.randrange(choices.count())
    choices.nth(index).click()
    return True


def play_to_end(pages: list[Any], rng: random.Random, timeout: float = 240) -> None:
    """Both people click legal moves until the results table shows on every page."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(p.locator("#results").count() for p in pages):
            return
        acted = False
        for page in pages:
            try:
                acted = play_turn(page, rng) or acted
            except Exception:  # the page re-rendered under the click: look again
                continue
        if not acted:
            pages[0].wait_for_timeout(40)
    raise AssertionError("the match did not end in time")
