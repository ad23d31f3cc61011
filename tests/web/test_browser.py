"""The browser table in a real browser (Debian's Chromium through Playwright, never a downloaded one).

Two people in two browser contexts (one laptop-sized, one phone-sized with touch) create a table from the
home page, join by the share link, and play a full match of each game with a bot by clicking the legal
moves the page offers; one of them reloads mid-match and is back at their seat. Every WebSocket frame a page
receives is checked to be its own seat's (the page never holds the other person's view). Screenshots of
each game's table are saved in ``artifacts/screenshots/``.
"""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.server_helpers import running_server
from web.web_helpers import (
    DESKTOP,
    PHONE,
    browser,
    create_table,
    join,
    new_page,
    play_to_end,
    play_turn,
    screenshot,
    state,
)

OPTIONS: dict[str, dict[str, str]] = {"soon": {"length": "express"}, "skyjo": {"target": "30"}}

pytestmark = pytest.mark.xdist_group("browser")
"""One Chromium at a time: two browsers, their servers and bots at once overload the 2-core machine."""


def watch_frames(page: Any) -> list[dict[str, Any]]:
    """Every message the page receives over its WebSockets."""
    frames: list[dict[str, Any]] = []

    def on_socket(socket: Any) -> None:
        socket.on("framereceived", lambda payload: frames.append(json.loads(payload)))

    page.on("websocket", on_socket)
    return frames


def assert_own_frames(frames: list[dict[str, Any]], seat: int) -> None:
    """After its hello, a page is sent only its own seat's deliveries (before it, the spectator's)."""
    states = [f for f in frames if f.get("type") == "state"]
    assert states, "no state was received"
    for frame in states:
        assert frame["seat"] in (seat, None), frame["seat"]
        if "present" in frame:
            assert frame["seat"] == seat
        if isinstance(frame["view"], dict) and "seat" in frame["view"]:
            assert frame["view"]["seat"] in (seat, None)


def assert_hand_is_own(page: Any) -> None:
    """The hand the page draws is the seat's own (when the game has one and the drawing shows it)."""
    held = state(page)
    assert held is not None
    hand = page.locator("#hand")
    if "hand" in held["view"] and hand.count():
        shown = json.loads(hand.get_attribute("data-cards") or "[]")
        assert sorted(shown) == sorted(held["view"]["hand"])


@pytest.mark.parametrize("game", ["soon", "skyjo", "sorry", "soupcons"])
def test_two_people_and_a_bot_play_a_full_match(game: str, tmp_path: Path) -> None:
    rng = random.Random(game)
    with running_server(tmp_path) as server, browser() as chromium:
        alice = new_page(chromium, DESKTOP, locale="en-GB")
        bob = new_page(chromium, PHONE, locale="fr-FR", touch=True)
        frames_alice, frames_bob = watch_frames(alice), watch_frames(bob)
        url = create_table(alice, server.http, game, "Alice", ["friend", "random"], OPTIONS.get(game, {}))
        join(bob, url, "Bob")
        assert bob.locator("html").get_attribute("lang") == "fr"  # the phone prefers French
        alice.wait_for_selector("#start:not([disabled])")
        screenshot(alice, f"{game}-lobby")
        alice.click("#start")
        for page in (alice, bob):
            page.wait_for_selector("#status")
        # play a few moves, then Bob reloads: he is back at his seat with the whole log
        for _ in range(8):
            for page in (alice, bob):
                page.wait_for_timeout(30)
                try:
                    play_turn(page, rng)
                except Exception:
                    continue
        held = state(bob)
        assert held is not None and held["seat"] == 1
        screenshot(alice, f"{game}-table-desktop")
        screenshot(bob, f"{game}-table-phone")
        assert_hand_is_own(alice)
        assert_hand_is_own(bob)
        log_before = len(held["log"])
        bob.reload()
        bob.wait_for_selector("#status")
        bob.wait_for_function("() => window.veilleeState && window.veilleeState()")
        again = state(bob)
        assert again is not None and again["seat"] == 1 and len(again["log"]) >= log_before
        play_to_end([alice, bob], rng)
        screenshot(alice, f"{game}-results-desktop")
        screenshot(bob, f"{game}-results-phone")
        assert alice.locator("#results tbody tr").count() == 3
        assert "Alice" in alice.locator("#results").inner_text()
        assert_own_frames(frames_alice, 0)
        assert_own_frames(frames_bob, 1)
        assert not alice.js_errors and not bob.js_errors, alice.js_errors + bob.js_errors


def test_leaving_mid_match_hands_the_seat_to_a_bot(tmp_path: Path) -> None:
    """« Quitter la table » during a match: after a confirmation, a bot plays the seat and the page goes home;
    the last person gone, the bots do not play on for nobody (issue 16): the match is closed."""
    with running_server(tmp_path) as server, browser() as chromium:
        alice = new_page(chromium, DESKTOP, locale="fr-FR")
        url = create_table(alice, server.http, "soon", "Alice", ["random"], {"length": "express"})
        alice.click("#start")
        alice.wait_for_selector("#status")
        alice.on("dialog", lambda dialog: dialog.accept())
        alice.click("#leave")
        alice.wait_for_url(server.http + "/")
        table_id = url.split("#")[0].rstrip("/").rsplit("/", 1)[-1]
        seats = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()["seats"]
        assert seats[0]["kind"] == "bot" and seats[0]["replaced"]
        table = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()
        assert table["status"] == "closed"
        time.sleep(1)
        assert httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()["version"] == table["version"]
        assert not alice.js_errors, alice.js_errors


def test_an_illegal_move_is_refused_in_plain_words(tmp_path: Path) -> None:
    """A stale move (sent on an old position) is undone: the server's refusal is shown, the page goes on."""
    with running_server(tmp_path) as server, browser() as chromium:
        alice = new_page(chromium, DESKTOP)
        create_table(alice, server.http, "soon", "Alice", ["random"], {"length": "express"})
        alice.click("#start")
        alice.wait_for_selector("#status")
        alice.wait_for_function("() => (window.veilleeState() || {}).to_act === 0", timeout=20000)
        # a hand-made act on a past version, as a page out of date would send
        alice.evaluate("() => window.veilleeSend({type: 'act', action: {type: 'draw'}, version: -1, ref: 'x'})")
        alice.wait_for_selector("#toast:not([hidden])")
        assert "position" in alice.locator("#toast").inner_text()
        assert alice.locator("#menu button.choice:not([disabled])").count() > 0


def test_language_switch_and_rules(tmp_path: Path) -> None:
    with running_server(tmp_path) as server, browser() as chromium:
        page = new_page(chromium, PHONE, locale="fr-FR", touch=True)
        page.goto(server.http + "/")
        assert "Créer la table" in page.locator("#create").inner_text()
        page.click("[data-lang='en']")
        assert "Create the table" in page.locator("#create").inner_text()
        page.click("#rules-button")
        page.wait_for_selector("#rules-text p")
        assert "SOON" in page.locator("#rules").inner_text()
        assert "suite" in page.locator("#rules-text").inner_text()
        screenshot(page, "home-phone")


def test_the_page_returns_to_its_seat_after_the_server_restarts(tmp_path: Path) -> None:
    """A lost connection (here: the server killed and restarted) shows a banner, then the seat comes back."""
    with running_server(tmp_path) as server, browser() as chromium:
        alice = new_page(chromium, PHONE, touch=True)
        create_table(alice, server.http, "soon", "Alice", ["random"], {"length": "express"})
        alice.click("#start")
        alice.wait_for_function("() => (window.veilleeState() || {}).to_act === 0", timeout=20000)
        version = (state(alice) or {})["version"]
        server.kill()
        alice.wait_for_selector("#offline")
        server.start()
        alice.wait_for_selector("#offline", state="detached", timeout=20000)
        alice.wait_for_function("() => (window.veilleeState() || {}).to_act === 0")
        again = state(alice)
        assert again is not None and again["seat"] == 0 and again["version"] == version
        rng = random.Random(0)
        deadline = time.monotonic() + 30
        while (state(alice) or {})["version"] <= version:  # a click may open a sub-menu: click on
            assert time.monotonic() < deadline, "no move went through after the restart"
            play_turn(alice, rng, prefer_board=False)
            alice.wait_for_timeout(200)
        assert not alice.js_errors, alice.js_errors
