"""The pages around the table in Debian's Chromium (issue 19): the lobby of public tables, a spectator told
they are watching, the turn timer's clock, the replay viewer (buttons, keyboard, point of view, shared
link), and the rules pages. One browser, one server for the module."""

from __future__ import annotations

import asyncio
import random
import re
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest

import veillee
from server.server_helpers import INVITES, Client, post, running_server
from server.server_helpers import create_table as api_table
from server.server_helpers import play_to_end as api_play
from web.web_helpers import DESKTOP, PHONE, browser, create_table, new_page, play_to_end, state

pytestmark = pytest.mark.xdist_group("browser")

SHOTS = Path(__file__).resolve().parents[2] / "artifacts" / "screenshots"
"""Where the pictures go; docs/screenshots/ holds copies of lobby.png and replay.png."""


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Any, Any]]:
    with running_server(tmp_path_factory.mktemp("pages")) as server, browser() as chromium:
        yield server, chromium


def axe_serious(page: Any) -> list[str]:
    """The serious and critical axe-core violations on the page as it is now (axe-playwright-python)."""
    from axe_playwright_python.sync_playwright import Axe

    # an entrance animation half-way (opacity) would be judged as low contrast: let them end first
    page.evaluate(
        "() => Promise.all(document.getAnimations()"
        ".filter((a) => !a.effect || a.effect.getComputedTiming().endTime !== Infinity)"
        ".map((a) => a.finished.catch(() => null)))"
    )
    results = Axe().run(page)
    bad = [v for v in results.response["violations"] if v.get("impact") in ("serious", "critical")]
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])}: {v['nodes'][0]['target']})" for v in bad]


def finished_public_table(server: Any, game: str, public: bool = True) -> str:
    """A public (or private) table whose match a person (over a socket) played to the end against bots."""
    players = veillee.game_info(game).min_players
    table = api_table(server, game, players, name="Alice", public=public)
    token = table["you"]["token"]
    for _ in range(players - 1):
        assert post(server, f"/api/tables/{table['id']}/bots", token, {"level": "random"}).status_code == 200
    assert post(server, f"/api/tables/{table['id']}/start", token).status_code == 200

    async def play() -> None:
        alice = Client(server, table["id"], table["you"]["token"])
        await alice.connect()
        await api_play([alice], random.Random(1))
        await alice.close()

    with ThreadPoolExecutor(1) as pool:  # Playwright's sync API holds this thread's event loop
        pool.submit(asyncio.run, play()).result(timeout=300)
    return str(table["id"])


def test_lobby_spectator_timer_and_replay(site: tuple[Any, Any]) -> None:
    server, chromium = site
    hidden = api_table(server, "skyjo", 2, name="Secret")["id"]  # private: never listed
    alice = new_page(chromium, DESKTOP, locale="en-GB")
    create_table(alice, server.http, "soon", "Alice", ["friend"], {"length": "express"}, timer="120", public=True)
    table_id = alice.url.rsplit("/", 1)[1]
    bob = new_page(chromium, DESKTOP, locale="fr-FR")
    bob.goto(server.http + "/lobby")
    row = f"#lobby-list tr[data-table='{table_id}']"
    bob.wait_for_selector(row)
    assert "Alice" in bob.locator(row).inner_text() and "1 / 2" in bob.locator(row).inner_text()
    assert bob.locator(f"[data-table='{hidden}']").count() == 0
    assert axe_serious(bob) == []
    # the host seats a bot and starts: the person to act sees the turn timer's own clock count down from 120 s
    alice.click(".seat.empty button")
    alice.wait_for_selector("#start:not([disabled])")
    alice.click("#start")
    alice.wait_for_function("() => (window.veilleeState() || {}).to_act === 0", timeout=20000)
    alice.wait_for_selector("#timer-left svg.icon-clock")
    alice.wait_for_function("() => /^\\d+ s$/.test(document.querySelector('#timer-left .left').textContent)")
    left = int(alice.locator("#timer-left .left").inner_text().split()[0])
    assert 100 < left <= 120, left
    # the lobby refreshes itself: the table is now one to watch; the watcher is told they are a spectator
    bob.wait_for_selector(f"#lobby-playing ~ * {row[len('#lobby-list ') :]}", timeout=15000)
    bob.click(f"{row} a")
    bob.wait_for_selector("#spectating")
    assert "spectateur" in bob.locator("#spectating").inner_text()
    assert bob.locator("#menu").count() == 0 and bob.locator("#board button.playable").count() == 0
    play_to_end([alice], random.Random(4))
    bob.wait_for_selector("#results")
    assert bob.locator("#rematch").count() == 0
    # the replay, from the link at the end of the match, as Alice's seat
    alice.click("#replay-link")
    alice.wait_for_selector("#replay-count")
    steps = int(re.findall(r"\d+", alice.locator("#replay-count").inner_text())[1])
    assert alice.locator("#replay-count").inner_text() == f"Step 0 of {steps}" and steps > 5
    assert alice.locator("#hand .card").count() == 3  # SOON deals 3 cards: seat 0 sees its own hand
    alice.click("#replay-next")
    alice.wait_for_selector("text=Step 1 of")
    for _ in range(3):
        alice.keyboard.press("ArrowRight")
    alice.wait_for_selector("text=Step 4 of")
    assert "step=4" in alice.url and "seat=0" in alice.url
    alice.keyboard.press("ArrowLeft")
    alice.wait_for_selector("text=Step 3 of")
    alice.keyboard.press("End")
    alice.wait_for_selector("#replay-results")
    assert alice.locator("#replay-next").is_disabled()
    alice.select_option("#replay-seat", "")  # the spectator's point of view: no hand
    alice.wait_for_function("() => !location.search.includes('seat=')")
    assert alice.locator("#hand").count() == 0 and "step=" + str(steps) in alice.url
    alice.click("#replay-first")
    alice.wait_for_selector("text=Step 0 of")
    assert axe_serious(alice) == []
    # the shared link opens the same step from the same seat, for anyone (a public table)
    bob.goto(f"{server.http}/replay/{table_id}?seat=1&step=5")
    bob.wait_for_selector("#replay-count")
    assert bob.locator("#replay-count").inner_text() == f"Étape 5 sur {steps}"
    assert bob.locator("#replay-seat").input_value() == "1"
    held = state(alice)
    assert held is None  # the replay page holds no live delivery
    # a private table's replay says why it cannot be shown, without any of its state
    bob.goto(f"{server.http}/replay/{hidden}")
    bob.wait_for_selector("#replay-error")
    assert "privée" in bob.locator("#replay-error").inner_text()
    assert not alice.js_errors and not bob.js_errors, alice.js_errors + bob.js_errors


def test_rules_home_lobby_and_replays_of_every_game_pass_axe(site: tuple[Any, Any]) -> None:
    server, chromium = site
    page = new_page(chromium, DESKTOP, locale="en-GB")
    page.goto(server.http + "/")
    page.wait_for_selector("#create")
    assert axe_serious(page) == []
    page.click("#rules-button")
    page.wait_for_selector("#full-rules")
    assert page.locator("#full-rules").get_attribute("href") == "/rules/soon?lang=en"
    assert "docs/rules" not in page.locator("#rules").inner_text()
    for game in ("soon", "skyjo", "sorry", "soupcons"):
        for lang in ("en", "fr"):
            page.goto(f"{server.http}/rules/{game}?lang={lang}")
            page.wait_for_selector("#rules-page h1")
            assert axe_serious(page) == [], (game, lang)
        replay = finished_public_table(server, game)
        steps = httpx.get(f"{server.http}/api/tables/{replay}/replay", timeout=10).json()["steps"]
        page.goto(f"{server.http}/replay/{replay}?seat=0&step={steps // 2}")
        page.wait_for_selector("#board .drawing")
        assert axe_serious(page) == [], game
        if game == "skyjo":  # the picture of docs/screenshots/replay.png (the viewport: kept small)
            SHOTS.mkdir(parents=True, exist_ok=True)
            page.set_viewport_size({"width": 960, "height": 720})
            page.screenshot(path=str(SHOTS / "replay.png"))
            page.set_viewport_size(DESKTOP)
    waiting = api_table(server, "sorry", 3, name="Chloé", public=True)["id"]
    phone = new_page(chromium, PHONE, locale="fr-FR", touch=True)
    phone.goto(server.http + "/lobby")
    phone.wait_for_selector("#lobby-finished ~ * tr[data-table]")
    assert phone.locator(f"#lobby-waiting ~ * tr[data-table='{waiting}'] a").inner_text() == "Rejoindre"
    assert phone.locator("#rules-button").is_hidden()  # no game, no rules button
    assert axe_serious(phone) == []
    phone.screenshot(path=str(SHOTS / "lobby.png"))  # docs/screenshots/lobby.png
    phone.goto(f"{server.http}/rules/skyjo?lang=fr")  # its tables scroll on a phone, by keyboard too
    phone.wait_for_selector("#rules-page .table-scroll[tabindex='0'] table")
    assert axe_serious(phone) == []
    assert not page.js_errors and not phone.js_errors, page.js_errors + phone.js_errors


def test_a_private_replay_opens_with_its_link_only(site: tuple[Any, Any]) -> None:
    """The replay link with the invite code in its fragment opens the replay; the same address without the
    code shows the refusal and no board."""
    server, chromium = site
    private = finished_public_table(server, "soupcons", public=False)
    stranger = new_page(chromium, DESKTOP, locale="en-GB")
    stranger.goto(f"{server.http}/replay/{private}?seat=1&step=4")
    stranger.wait_for_selector("#replay-error")
    assert stranger.locator("#board").count() == 0 and "private" in stranger.locator("#replay-error").inner_text()
    friend = new_page(chromium, DESKTOP, locale="en-GB")
    friend.goto(f"{server.http}/replay/{private}?seat=1&step=4#invite={INVITES[private]}")
    friend.wait_for_selector("#board .drawing")
    assert friend.locator("#replay-count").inner_text().startswith("Step 4 of")
    assert INVITES[private] not in friend.url  # the code left the address bar, kept by the page
    assert friend.locator("#replay-link").input_value().endswith(f"#invite={INVITES[private]}")  # to share
    assert not stranger.js_errors and not friend.js_errors
