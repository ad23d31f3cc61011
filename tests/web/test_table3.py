"""The browser table, part 3 (issue 19), in Debian's Chromium: chat (escaped, spectators read only), the
« your turn » chime, title and icon, cards and pawns that move (and do not, with prefers-reduced-motion), the
summary between rounds, Skyjo's details (Action cards, named grid cards, keyboard play, a compact phone page)
and axe-core on the table page of every game. One browser and one server for the whole module."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest

from server.server_helpers import Server, running_server
from web.web_helpers import (
    DESKTOP,
    PHONE,
    browser,
    create_table,
    new_page,
    play_turn,
    screenshot,
    state,
)

pytestmark = pytest.mark.xdist_group("browser")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("table3")) as running:
        yield running


@pytest.fixture(scope="module")
def chromium() -> Iterator[Any]:
    with browser() as launched:
        yield launched


def start(page: Any, server: Server, game: str, options: dict[str, str], seats: list[str] | None = None) -> str:
    """A table of ``game`` created by Alice with bots, started, her turn awaited; returns its address."""
    create_table(page, server.http, game, "Alice", seats or ["normal"], options)
    page.click("#start")
    page.wait_for_function("() => (window.veilleeState() || {}).to_act === 0", timeout=30000)
    page.wait_for_selector("#menu button.choice:not([disabled])")
    return str(page.url)


def play_until(page: Any, done: str, rng: random.Random, turns: int = 400) -> None:
    """Click legal moves (menu or drawing) until the JavaScript condition ``done`` holds."""
    for _ in range(turns):
        if page.evaluate(done):
            return
        try:
            if not play_turn(page, rng):
                page.wait_for_timeout(60)
        except Exception:  # the page re-rendered under the click: look again
            continue
    raise AssertionError(f"never: {done}")


def serious_violations(page: Any) -> list[str]:
    """axe-core's serious and critical findings on the page as it is now."""
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [
        f"{v['id']} ({v['impact']}): {[n['target'] for n in v['nodes']][:3]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def test_chat_reaches_the_table_escaped_and_spectators_only_read(server: Server, chromium: Any) -> None:
    alice = new_page(chromium, DESKTOP, locale="en-GB")
    url = start(alice, server, "soon", {"length": "express"})
    assert alice.locator("#round-info").inner_text() == "Round 1"  # SOON's round, drawn (express: no goal)
    carol = new_page(chromium, PHONE, locale="fr-FR", touch=True)  # no seat: she watches
    carol.goto(url)
    carol.wait_for_selector("#chat-readonly")
    assert carol.locator("#chat-form").is_hidden() and carol.locator("#reactions").is_hidden()
    assert carol.locator("#chat-readonly").is_visible()
    payload = '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>'
    alice.fill("#chat-input", payload)
    alice.press("#chat-input", "Enter")
    for page, line in [(alice, f"Alice: {payload}"), (carol, f"Alice : {payload}")]:
        page.wait_for_function(f"() => document.querySelector('#chat-log').innerText.includes({payload!r})")
        assert page.locator("#chat-log li").last.inner_text() == line
        assert page.locator("#chat-log img, #chat-log script").count() == 0
        assert page.evaluate("() => window.pwned === undefined")
    assert alice.locator("#chat-input").input_value() == ""
    alice.click("#reactions [data-reaction='well_played']")
    carol.wait_for_function("() => document.querySelector('#chat-log').innerText.includes('Alice : Bien joué !')")
    assert "Alice : Bien joué !" in carol.locator("#live").inner_text()  # said to screen readers, once
    # a spectator's line is refused by the server (the page offers no form; a crafted frame gets an error)
    carol.evaluate("() => window.veilleeSend({type: 'chat', text: 'je regarde'})")
    carol.wait_for_selector("#toast:not([hidden])")
    assert "Seul un joueur assis" in carol.locator("#toast").inner_text()
    alice.wait_for_timeout(300)
    assert "je regarde" not in alice.locator("#chat-log").inner_text()
    assert not serious_violations(carol)  # a spectator's page, with chat lines
    assert not alice.js_errors and not carol.js_errors, alice.js_errors + carol.js_errors
    alice.context.close()
    carol.context.close()


def test_your_turn_changes_the_title_and_icon_and_chimes_only_when_asked(server: Server, chromium: Any) -> None:
    alice = new_page(chromium, DESKTOP, locale="fr-FR")
    start(alice, server, "soupcons", {}, ["normal", "normal"])
    alice.wait_for_function("() => document.title.startsWith('●')")
    assert alice.title() == "● À vous de jouer — veillée"
    # the page is not a live region: one polite region says what changed (here: « your turn »)
    assert alice.locator("#app[aria-live]").count() == 0
    assert alice.locator("[aria-live]").count() == 1
    assert "À vous de jouer" in alice.locator("#live").inner_text()
    assert "circle" in (alice.locator("link[rel='icon']").get_attribute("href") or "")
    assert alice.evaluate("() => window.veilleeChimes || 0") == 0  # off by default
    sound = alice.locator("#sound-button")
    assert sound.get_attribute("aria-pressed") == "false" and sound.get_attribute("aria-label") == "Son à votre tour"
    sound.click()
    assert sound.get_attribute("aria-pressed") == "true"
    assert alice.evaluate("() => window.veilleeChimes") == 1  # turning it on plays it once
    assert alice.evaluate("() => localStorage.getItem('veillee-sound')") == "on"
    alice.reload()  # the choice is kept
    alice.wait_for_selector("#sound-button[aria-pressed='true']")
    alice.wait_for_function("() => window.veilleeState() !== null")
    assert alice.evaluate("() => window.veilleeChimes || 0") == 0  # a turn found on arrival does not chime
    rng = random.Random(3)
    before = state(alice)
    assert before is not None
    # play on until the next turn of hers begins: the chime sounds for it
    play_until(
        alice,
        f"() => (window.veilleeChimes || 0) >= 1 && window.veilleeState().version > {before['version']}",
        rng,
        200,
    )
    alice.click("#sound-button")
    assert alice.evaluate("() => localStorage.getItem('veillee-sound')") == "off"
    assert not alice.js_errors, alice.js_errors
    alice.context.close()


def motion_page(chromium: Any, reduce: bool) -> Any:
    context = chromium.new_context(
        viewport=DESKTOP, locale="en-GB", reduced_motion="reduce" if reduce else "no-preference"
    )
    page = context.new_page()
    page.set_default_timeout(30000)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.js_errors = errors
    return page


@pytest.mark.parametrize("reduce", [False, True], ids=["motion", "reduced-motion"])
def test_cards_and_pawns_move_unless_motion_is_reduced(server: Server, chromium: Any, reduce: bool) -> None:
    page = motion_page(chromium, reduce)
    start(page, server, "sorry", {})
    rng = random.Random(5)
    play_until(page, "() => window.veilleeMotion.length >= 6", rng, 120)
    moves = page.evaluate("() => window.veilleeMotion")
    modes = {m["mode"] for m in moves}
    if reduce:  # nothing travels: what arrived is outlined
        assert modes == {"highlight"}, moves
        assert (
            page.evaluate(
                "() => document.getAnimations().filter((a) => a.effect"
                " && a.effect.getKeyframes().some((k) => k.transform && k.transform !== 'none')).length"
            )
            == 0
        )
    else:  # cards travel from where they were (the hand, the pile) to the play pile
        assert "move" in modes and "highlight" not in modes, moves
        assert any(abs(m["dx"]) + abs(m["dy"]) > 20 for m in moves if m["mode"] == "move"), moves
        assert any(m["key"].startswith("pile-") for m in moves), moves
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_a_summary_shows_between_rounds(server: Server, chromium: Any) -> None:
    rng = random.Random(11)
    # Sorry! Revenge: a round is a race to the total; its winner brings a pawn home
    page = new_page(chromium, PHONE, locale="en-GB", touch=True)
    start(page, server, "sorry", {})
    play_until(page, "() => document.querySelector('#round-summary') !== null", rng, 200)
    held = state(page)
    assert held is not None and not held["over"]
    summary = page.locator("#round-summary")
    assert summary.locator("h2").inner_text().startswith("End of round")
    rows = summary.locator("tbody tr")
    assert rows.count() == 2
    for seat in range(2):
        assert (
            rows.nth(seat).locator("td").last.inner_text() == f"{held['view']['home'][seat]} / {held['view']['goal']}"
        )
    page.click("#round-continue")
    page.wait_for_selector("#round-summary", state="detached")
    page.context.close()
    # Skyjo (classic cards, a far goal): the round's scores and totals, as the engine's round_end gives them
    page = new_page(chromium, DESKTOP, locale="fr-FR")
    start(page, server, "skyjo", {"rules": "classic", "target": "300"})
    play_until(page, "() => document.querySelector('#round-summary') !== null", rng, 400)
    held = state(page)
    assert held is not None
    scores = held["view"]["round_scores"][-1]
    summary = page.locator("#round-summary")
    assert summary.locator("h2").inner_text() == "Fin de la manche 1"
    assert "Objectif : 300" in summary.inner_text()
    assert not serious_violations(page)
    for seat in range(2):
        cells = summary.locator("tbody tr").nth(seat).locator("td")
        assert cells.nth(0).inner_text() == str(scores[seat])
        assert cells.nth(1).inner_text() == str(held["view"]["totals"][seat])
    assert not page.js_errors, page.js_errors
    page.context.close()


def test_skyjo_details_keyboard_play_and_a_compact_phone_page(server: Server, chromium: Any) -> None:
    page = new_page(chromium, PHONE, locale="fr-FR", touch=True)
    start(page, server, "skyjo", {"target": "100"}, ["normal", "normal"])
    # every control on the board has a name (the face-down cards: their row and column)
    names = page.evaluate(
        "() => [...document.querySelectorAll('#board button')]"
        ".map((b) => b.getAttribute('aria-label') || b.innerText.trim())"
    )
    assert names and all(names), names
    assert "Carte cachée, ligne 1, colonne 1" in names
    # the twelve « Turn over » choices fold into one menu entry; the grid's cards are the buttons to press
    menu = page.locator("#menu button.choice")
    assert menu.count() == 1 and "Choisir une carte de la table (12)" in menu.first.inner_text()
    # keyboard: Tab to a grid card, Enter turns it over
    version = page.evaluate("() => window.veilleeState().version")
    for _ in range(60):
        page.keyboard.press("Tab")
        if page.evaluate("() => document.activeElement && document.activeElement.matches('#board .sk-grid button')"):
            break
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => window.veilleeState().version > {version}")
    # Action cards: a readable label, never broken or cut, one colour per kind
    rng = random.Random(2)
    play_until(page, "() => window.veilleeMotion.filter((m) => m.key.startsWith('discard-')).length >= 2", rng, 80)
    labels = page.evaluate(
        """() => [...document.querySelectorAll('.card.sk.action .label')].map((l) => ({
            size: parseFloat(getComputedStyle(l).fontSize), wide: l.scrollWidth <= l.clientWidth + 1,
            lines: Math.round(l.getBoundingClientRect().height / parseFloat(getComputedStyle(l).lineHeight || 16)),
            kind: l.closest('.card').dataset.card, bg: getComputedStyle(l.closest('.card')).backgroundImage }))"""
    )
    assert all(label["size"] >= 11.5 and label["wide"] for label in labels), labels
    by_kind = {label["kind"]: label["bg"] for label in labels}
    assert len(set(by_kind.values())) == len(by_kind), by_kind
    # cards moved: drawn from the pile, put in a grid (a move) or turned over in place (a flip)
    moves = page.evaluate("() => window.veilleeMotion")
    assert any(m["key"].startswith("cell-") and m["mode"] in ("move", "flip") for m in moves), moves
    assert any(m["key"].startswith(("drawn-", "discard-")) and m["mode"] == "move" for m in moves), moves
    # the visible sum of each grid, and the others' grids compact on a phone
    sums = page.locator(".seat-box .meta .sum")
    assert sums.count() == 3 and all(s.startswith("Σ ") for s in sums.all_inner_texts())
    board = page.evaluate("() => document.querySelector('#board').getBoundingClientRect().height")
    assert board < 900, board  # 1016 px before the others' grids were made compact (767 now)
    assert not page.js_errors, page.js_errors
    page.context.close()


GAMES = {"soon": {"length": "express"}, "skyjo": {"target": "100"}, "sorry": {}, "soupcons": {}}


def test_every_table_page_passes_axe_and_is_photographed(server: Server, chromium: Any) -> None:
    found: dict[str, list[str]] = {}
    for game, options in GAMES.items():
        for size, label in [(DESKTOP, "desktop"), (PHONE, "phone")]:
            page = new_page(chromium, size, locale="fr-FR" if label == "phone" else "en-GB", touch=label == "phone")
            start(page, server, game, options, ["normal", "normal"])
            page.wait_for_timeout(600)  # the drawing's entrance animations end
            screenshot(page, f"table-{game}-{label}")
            bad = serious_violations(page)
            if bad:
                found[f"{game} {label}"] = bad
            assert not page.js_errors, page.js_errors
            page.context.close()
    assert not found, found
