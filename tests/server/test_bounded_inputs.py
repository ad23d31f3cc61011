"""Bounded inputs (issue 16): options, numbers, body sizes and names are refused or cleaned, never trusted.

Before: ``turn_seconds: NaN`` answered 500 with a traceback, a 100 MB POST was read whole (the server grew
from 81 to 277 MB), unbounded option values were accepted, and a name could carry the log's style tags,
bidirectional overrides, or enough letters to widen everyone's page.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from server.server_helpers import Client, Server, create_table, post, running_server


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("bounded")) as running:
        yield running


def _raw_create(server: Server, text: str) -> httpx.Response:
    headers = {"Content-Type": "application/json"}
    return httpx.post(f"{server.http}/api/tables", content=text.encode(), headers=headers, timeout=10)


def _assert_refusal(answer: httpx.Response, status: int, code: str) -> None:
    assert answer.status_code == status, answer.text
    body = answer.json()
    assert body["type"] == "error" and body["code"] == code, body
    assert body["message"] and body["message_fr"]
    assert "Traceback" not in answer.text


@pytest.mark.parametrize("value", ["NaN", "Infinity", "-Infinity", "0", "0.5", "-3", "1e9", '"soon"', "1e400"])
def test_turn_seconds_must_be_a_finite_number_in_range(server: Server, value: str) -> None:
    answer = _raw_create(server, '{"game": "soon", "players": 2, "turn_seconds": ' + value + "}")
    _assert_refusal(answer, 422, "bad_request")
    assert "turn_seconds" in answer.json()["detail"]
    assert "Traceback" not in server.log_text() and "Exception in ASGI" not in server.log_text()


@pytest.mark.parametrize(
    "options",
    [
        {"target": 1_000_000_000_000},  # SOON: to a trillion points (declared range in core)
        {"target": float("nan")},
        {"deck": ["D1", "D2"]},  # a stacked deck is for tests
        {"length": "express", "speed": "x" * 300},
    ],
)
def test_out_of_range_soon_options_are_refused(server: Server, options: dict[str, Any]) -> None:
    text = json.dumps({"game": "soon", "players": 2, "options": options})
    answer = _raw_create(server, text)
    assert answer.status_code in (400, 422), answer.text
    assert answer.json()["code"] in ("bad_option", "bad_request")


def test_a_huge_soupcons_round_cap_is_refused(server: Server) -> None:
    answer = _raw_create(server, json.dumps({"game": "soupcons", "players": 3, "options": {"round_cap": 10**9}}))
    _assert_refusal(answer, 400, "bad_option")


def _rss_kb(pid: int) -> int:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    raise AssertionError("no VmRSS")


def _raw_http(server: Server, head: str, chunks: Iterator[bytes], deadline: float = 20) -> bytes:
    """Send a request head and then body chunks until the server answers (or stops reading); its answer."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=deadline) as sock:
        sock.sendall(head.encode())
        sock.settimeout(0.05)
        answer = b""
        stop = time.monotonic() + deadline
        for chunk in chunks:
            try:
                sock.sendall(chunk)
            except OSError:  # the server answered and closed: stop sending
                break
            with contextlib.suppress(TimeoutError, BlockingIOError):
                answer += sock.recv(65536)
            if answer or time.monotonic() > stop:
                break
        sock.settimeout(5)
        try:
            while b"\r\n\r\n" not in answer:
                data = sock.recv(65536)
                if not data:
                    break
                answer += data
        except OSError:
            pass
        return answer


def test_a_100_mb_body_is_refused_before_it_is_read(server: Server) -> None:
    assert server.process is not None
    before = _rss_kb(server.process.pid)
    megabyte = b" " * (1 << 20)
    head = "POST /api/tables HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
    declared = _raw_http(
        server,
        head + f"Content-Length: {100 << 20}\r\n\r\n",
        iter([megabyte] * 100),
    )
    assert declared.startswith(b"HTTP/1.1 413"), declared[:200]
    assert b'"body_too_large"' in declared or b"413" in declared
    chunked = _raw_http(
        server,
        head + "Transfer-Encoding: chunked\r\n\r\n",
        (b"%x\r\n%s\r\n" % (len(megabyte), megabyte) for _ in range(100)),
    )
    assert chunked.startswith(b"HTTP/1.1 413"), chunked[:200]
    assert _rss_kb(server.process.pid) - before < 30_000  # KB: far from the 100 MB sent
    # a request of normal size still works
    create_table(server, "soon", 2, name="Alice")


@pytest.mark.parametrize(
    ("raw", "shown"),
    [
        ("[sorry]I WIN[/sorry]", "(sorry)I WIN(/sorry)"),
        ("Bob\u202e\u2066evil\u2069", "Bobevil"),
        ("  Chloé \n\t Martin ", "Chloé Martin"),
        ("q\u0301\u0301\u0301\u0301\u0301oé", "q\u0301\u0301oé"),
    ],
)
def test_names_are_cleaned_for_everyone(server: Server, raw: str, shown: str) -> None:
    table = create_table(server, "soon", 2, name=raw)
    assert table["seats"][0]["name"] == shown
    answer = post(server, f"/api/tables/{table['id']}/join", None, {"name": raw, "invite": table["invite_code"]})
    assert answer.status_code == 200
    assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200

    async def narrated() -> None:
        client = Client(server, table["id"], table["you"]["token"])
        await client.connect()
        await client.send({"type": "hello", "token": table["you"]["token"], "lang": "en"})
        state = await client.wait(lambda m: m["type"] == "state" and "present" in m)
        assert state is not None and state["present"]["names"] == [shown, shown]
        assert "[sorry]" not in json.dumps(state["present"])
        await client.close()

    asyncio.run(narrated())


@pytest.mark.parametrize(
    ("name", "status", "code"),
    [("x" * 25, 400, "bad_name"), ("x" * 65, 422, "bad_request"), ("\u200b\u202e", 400, "bad_name")],
)
def test_too_long_or_invisible_names_are_refused(server: Server, name: str, status: int, code: str) -> None:
    _assert_refusal(post(server, "/api/tables", None, {"game": "soon", "players": 2, "name": name}), status, code)
    table = create_table(server, "soon", 2, name="Alice")
    answer = post(server, f"/api/tables/{table['id']}/join", None, {"name": name, "invite": table["invite_code"]})
    _assert_refusal(answer, status, code)
