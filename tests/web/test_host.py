"""The browser side of issue 16: the invitation link, the host, host-only controls, long names, offline /docs.

Debian's Chromium through Playwright (never a downloaded browser), against a real ``veillee serve``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from server.server_helpers import running_server
from web.web_helpers import DESKTOP, PHONE, browser, create_table, new_page, screenshot

pytestmark = pytest.mark.xdist_group("browser")

LONG_NAME = "Bartholomew-Maximilian-X"
"""24 characters without a space: the longest name the server takes."""


def _width(page: Any) -> int:
    width: int = page.evaluate("() => document.documentElement.scrollWidth")
    return width


def test_invitation_host_controls_removal_and_closing(tmp_path: Path) -> None:
    with running_server(tmp_path) as server, browser() as chromium:
        alice = new_page(chromium, DESKTOP, locale="fr-FR")
        bob = new_page(chromium, PHONE, locale="en-GB", touch=True)
        link = create_table(alice, server.http, "soon", "Alice", ["friend", "random"], {"length": "express"})
        assert "#invite=" in link
        alice.wait_for_selector(".tag.host")
        # without the code, the table says it is private and refuses the seat in plain words
        bob.goto(link.split("#")[0])
        bob.wait_for_selector("#private")
        bob.fill("#join-name", LONG_NAME)
        bob.click("#join")
        bob.wait_for_selector("#toast:not([hidden])")
        assert "private" in bob.locator("#toast").inner_text()
        # with the link, Bob takes a seat; he is not the host: no start, no remove, no close
        bob.goto(link)
        bob.fill("#join-name", LONG_NAME)
        bob.click("#join")
        bob.wait_for_selector("#waiting-host")
        assert bob.locator("#start").count() == 0 and bob.locator(".remove").count() == 0
        assert bob.locator("#close-table").count() == 0
        assert "#invite=" in bob.locator("#share-link").input_value()  # he may invite too
        assert "#invite" not in bob.url  # the code does not stay in the address bar
        assert _width(bob) <= PHONE["width"], "a long name widened the page"
        screenshot(bob, "lobby-guest-phone")
        # the host sees Bob, and may remove him: Bob's page is back at the join form
        alice.wait_for_selector(f"text={LONG_NAME}")
        screenshot(alice, "lobby-host-desktop")
        alice.on("dialog", lambda dialog: dialog.accept())
        alice.locator(".remove").first.click()
        bob.wait_for_selector("#join-name")
        bob.wait_for_selector("#toast:not([hidden])")
        # he joins again, the host starts, then closes the table for everyone
        bob.click("#join")
        bob.wait_for_selector("#waiting-host")
        alice.wait_for_selector("#start:not([disabled])")
        alice.click("#start")
        for page in (alice, bob):
            page.wait_for_selector("#status")
        assert bob.locator("#close-table").count() == 0
        assert _width(bob) <= PHONE["width"]
        alice.click("#close-table")
        for page in (alice, bob):
            page.wait_for_selector("#ended")
        assert "fermée" in alice.locator("#ended").inner_text() and "closed" in bob.locator("#ended").inner_text()
        assert not alice.js_errors and not bob.js_errors, alice.js_errors + bob.js_errors


def test_the_api_page_works_offline(tmp_path: Path) -> None:
    """``/docs`` renders with every request outside the server refused, as on a machine with no internet."""
    with running_server(tmp_path) as server, browser() as chromium:
        page = new_page(chromium, DESKTOP)
        outside: list[str] = []

        def only_local(route: Any) -> None:
            if route.request.url.startswith(server.http):
                route.continue_()
            else:
                outside.append(route.request.url)
                route.abort()

        page.route("**/*", only_local)
        page.goto(server.http + "/docs")
        page.wait_for_selector(".opblock", timeout=30000)
        assert page.locator(".opblock").count() >= 10
        assert not outside, outside
