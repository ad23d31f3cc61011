"""Replays, the lobby listing and the rules pages over a real server (issue 19).

A replay's step must be exactly what that seat (or a spectator) was sent live at that version, and a
private table's replay and record are refused to anyone without its invite code or a seat token there.
"""

from __future__ import annotations

import asyncio
import json
import random
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.server_helpers import (
    INVITES,
    Client,
    Server,
    create_table,
    get_record,
    join,
    play_to_end,
    post,
    running_server,
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Any:
    with running_server(tmp_path_factory.mktemp("replay")) as running:
        yield running


def _replay(server: Server, table_id: str, headers: dict[str, str] | None = None, **params: Any) -> httpx.Response:
    return httpx.get(f"{server.http}/api/tables/{table_id}/replay", params=params, headers=headers or {}, timeout=10)


def _play(server: Server, public: bool) -> tuple[str, str, str, list[Client]]:
    """A finished SOON match between Alice and Bob, watched live by a spectator (the clients keep every frame)."""
    table = create_table(server, "soon", 2, name="Alice", public=public)
    table_id, alice = table["id"], table["you"]["token"]
    _seat, bob = join(server, table_id, "Bob")
    assert post(server, f"/api/tables/{table_id}/start", alice).status_code == 200
    clients = [Client(server, table_id, alice), Client(server, table_id, bob), Client(server, table_id)]

    async def scenario() -> None:
        for client in clients:
            await client.connect()
        await play_to_end(clients[:2], random.Random(3))
        await clients[2].wait(lambda m: m["type"] == "state" and m["over"])
        for client in clients:
            await client.close()

    asyncio.run(scenario())
    return table_id, alice, bob, clients


def _live_views(client: Client) -> dict[int, dict[str, Any]]:
    """Every view this client was sent, by version."""
    seen = {}
    for frame in client.frames:
        message = json.loads(frame)
        if message["type"] == "state":
            seen[message["version"]] = message["view"]
    return seen


def test_a_private_replay_shows_each_seat_what_it_saw_and_only_to_the_invited(server: Server) -> None:
    table_id, alice, _bob, clients = _play(server, public=False)
    invite = {"X-Invite-Code": INVITES[table_id]}
    # nobody without the code or a seat: the replay and the record are refused, nothing else is said
    for headers in ({}, {"X-Invite-Code": "wrong"}, {"Authorization": "Bearer not-a-token"}):
        refused = _replay(server, table_id, headers, step=1)
        assert refused.status_code == 403 and refused.json()["code"] == "bad_invite", refused.text
        assert "view" not in refused.text
    assert get_record(server, table_id, invite=False).json()["code"] == "bad_invite"
    assert _replay(server, table_id, {"Authorization": f"Bearer {alice}"}, step=0).status_code == 200
    steps = _replay(server, table_id, invite).json()["steps"]
    assert steps == len(get_record(server, table_id).json()["actions"]) > 10
    for client, seat in ((clients[0], 0), (clients[1], 1), (clients[2], None)):
        live = _live_views(client)
        sample = sorted({*range(0, steps, 9), steps} & set(live))
        assert len(sample) > 3
        for step in sample:
            params: dict[str, Any] = {"step": step} if seat is None else {"step": step, "seat": seat}
            shown = _replay(server, table_id, invite, **params).json()
            assert shown["view"] == live[step], (seat, step)
            assert shown["step"] == step and shown["seat"] == seat
        last = _replay(server, table_id, invite, step=steps, lang="fr", **({} if seat is None else {"seat": seat}))
        assert last.json()["over"] and last.json()["result"]["scores"]
        narrated = last.json()
        assert narrated["log_start"] + len(narrated["present"]["log"]) == len(client.events)  # the log's end
        assert len(narrated["present"]["log"]) == min(100, len(client.events))
    for bad in ({"step": steps + 1}, {"seat": 2}, {"step": -1}, {"lang": "de"}):
        answer = _replay(server, table_id, invite, **bad)
        assert answer.status_code in (400, 422) and answer.json()["type"] == "error", bad


def test_only_finished_matches_replay(server: Server) -> None:
    table = create_table(server, "soon", 2, name="Alice", public=True)
    answer = _replay(server, table["id"])
    assert answer.status_code == 409 and answer.json()["code"] == "not_finished"
    hidden = create_table(server, "soon", 2, name="Alice")
    assert _replay(server, hidden["id"]).json()["code"] == "bad_invite"  # not even its status to a stranger
    assert _replay(server, "no-such-table").json()["code"] == "table_not_found"


def test_the_lobby_lists_public_tables_only_and_a_public_replay_is_open(server: Server) -> None:
    public_id, _alice, _bob, _clients = _play(server, public=True)
    waiting = create_table(server, "sorry", 2, name="Carol", public=True)["id"]
    private = create_table(server, "skyjo", 2, name="Dan")["id"]
    lobby = httpx.get(f"{server.http}/api/lobby", timeout=10).json()
    listed = {t["id"]: kind for kind in ("waiting", "playing", "finished") for t in lobby[kind]}
    assert listed[waiting] == "waiting" and listed[public_id] == "finished"
    assert private not in listed and private not in json.dumps(lobby)
    assert "invite" not in json.dumps(lobby)
    shown = _replay(server, public_id, step=5, seat=1)
    assert shown.status_code == 200 and shown.json()["present"]["names"] == ["Alice", "Bob"]
    assert get_record(server, public_id, invite=False).status_code == 200


def test_rules_pages_in_both_languages(server: Server) -> None:
    for game in ("soon", "skyjo", "sorry", "soupcons"):
        english = httpx.get(f"{server.http}/rules/{game}", timeout=10)
        french = httpx.get(f"{server.http}/rules/{game}", params={"lang": "fr"}, timeout=10)
        assert english.status_code == french.status_code == 200
        assert '<html lang="en">' in english.text and '<html lang="fr">' in french.text
        assert "<h1>" in english.text and "<h2>" in french.text
        assert "Règle" in french.text and "Rule" in english.text
    assert httpx.get(f"{server.http}/rules/chess", timeout=10).json()["code"] == "unknown_game"
    assert httpx.get(f"{server.http}/rules/soon", params={"lang": "de"}, timeout=10).status_code == 422


def test_the_markdown_is_rendered_without_raw_html(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from veillee.server import pages

    (tmp_path / "soon.md").write_text("# Title\n\n<script>alert(1)</script>\n\n| a | b |\n|---|---|\n| 1 | 2 |\n")
    monkeypatch.setattr(pages, "RULES", tmp_path)
    pages.rules_html.cache_clear()
    try:
        text = pages.rules_html("soon", "en")
    finally:
        pages.rules_html.cache_clear()
    assert "<script>" not in text and "&lt;script&gt;" in text and "<table>" in text


def test_a_kept_record_stays_private(tmp_path: Path) -> None:
    options = {"--retention": "1", "--sweep-every": "0.2", "--keep-records": "", "--bot-delay": "0.01"}
    with running_server(tmp_path, options=options) as server:
        table_id, _alice, _bob, _clients = _play(server, public=False)
        for _ in range(100):
            if httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).status_code == 404:
                break
            asyncio.run(asyncio.sleep(0.1))
        assert get_record(server, table_id, invite=False).json()["code"] == "bad_invite"
        kept = get_record(server, table_id)
        assert kept.status_code == 200 and "invite_sha256" not in kept.text and "meta" not in kept.json()
        step = _replay(server, table_id, {"X-Invite-Code": INVITES[table_id]}, step=3, seat=0, lang="fr")
        assert step.status_code == 200 and step.json()["present"]["names"] == ["Alice", "Bob"]


def test_the_rules_markdown_ships_in_the_package() -> None:
    """Each game has its English and French rules, found through the package's own path (a link to
    docs/rules that the build copies: pyproject's package-data names both folders)."""
    import tomllib

    import veillee
    from veillee.server import pages

    root = Path(__file__).resolve().parents[2]
    assert pages.RULES.resolve() == (root / "docs" / "rules").resolve()
    for game in veillee.game_names():
        assert (pages.RULES / f"{game}.md").is_file() and (pages.RULES / "fr" / f"{game}.md").is_file(), game
    english = {p.name for p in (root / "docs" / "rules").glob("*.md")}
    assert english == {p.name for p in (root / "docs" / "rules" / "fr").glob("*.md")}
    data = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]["veillee"]
    assert {"server/rules/*.md", "server/rules/fr/*.md"} <= set(data)
