"""Fuzzing a running ``veillee serve`` (issue 16): its HTTP API from its own OpenAPI schema (schemathesis),
and its WebSocket protocol with hypothesis (random, malformed, out-of-turn, stale and foreign messages).

The properties: never a 500, never a traceback in the log, never a dropped server; every refusal is the
structured ``error`` body; and a refused WebSocket message never changes the table.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.errors import Unsatisfiable
from schemathesis import GenerationMode
from schemathesis.checks import not_a_server_error

from server.server_helpers import Client, Server, create_table, join, post, running_server
from veillee.server.messages import ERRORS


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    with running_server(tmp_path_factory.mktemp("fuzz")) as running:
        yield running


@pytest.fixture(scope="module")
def real_tables(server: Server) -> list[tuple[str, str]]:
    """Tables in every status, with a token of each, for the fuzzer to aim at (ids are random otherwise)."""
    lobby = create_table(server, "soon", 3, name="Alice")
    public = create_table(server, "skyjo", 2, name="Alice", public=True)
    playing = create_table(server, "sorry", 2, name="Alice")
    join(server, playing["id"], "Bob")
    post(server, f"/api/tables/{playing['id']}/start", playing["you"]["token"])
    return [(t["id"], t["you"]["token"]) for t in (lobby, public, playing)]


def _structured(_ctx: Any, response: Any, _case: Any) -> bool | None:
    """Every refusal is ``{"type": "error", "code", "message", "message_fr"}`` with a known code."""
    if response.status_code >= 400:
        body = response.json()
        assert body["type"] == "error" and body["code"] in ERRORS, body
        assert body["message"] and body["message_fr"], body
        assert ERRORS[body["code"]][0] == response.status_code or body["code"] == "bad_request", body
    return None


def _aim(case: Any, real_tables: list[tuple[str, str]]) -> None:
    """Half the cases aim at a real table (ids are random secrets otherwise), chosen from the case itself."""
    parameters = case.path_parameters or {}
    if "table_id" not in parameters:
        return
    digest = hashlib.sha256(repr(sorted(parameters.items())).encode()).digest()
    if digest[0] % 2 == 0:
        table_id, token = real_tables[digest[1] % len(real_tables)]
        case.path_parameters["table_id"] = table_id
        if digest[2] % 2 == 0:
            case.headers = {**(case.headers or {}), "authorization": f"Bearer {token}"}


@pytest.mark.parametrize("mode", [GenerationMode.POSITIVE, GenerationMode.NEGATIVE])
def test_the_http_api_never_fails_and_every_refusal_is_structured(
    server: Server, real_tables: list[tuple[str, str]], mode: GenerationMode
) -> None:
    """Each operation of the server's own OpenAPI schema, with valid (positive) or invalid (negative) input."""
    schema = schemathesis.openapi.from_url(f"{server.http}/openapi.json")
    operations = [result.ok() for result in schema.get_all_operations()]
    assert len(operations) >= 10
    fuzzed = 0
    for operation in operations:

        @settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)
        @given(case=operation.as_strategy(generation_mode=mode))
        def run(case: Any) -> None:
            _aim(case, real_tables)
            response = case.call(timeout=20)
            case.validate_response(response, checks=[not_a_server_error, _structured])

        try:
            run()
            fuzzed += 1
        except Unsatisfiable:  # an operation without input has no invalid input to try
            assert mode == GenerationMode.NEGATIVE, operation.label
    # GET /api/games, /api/tables, /api/lobby, the short rules: no invalid input
    assert fuzzed >= len(operations) - 4, fuzzed


def test_the_fuzzed_server_logged_no_traceback(server: Server) -> None:
    """Runs after the fuzz in this module: the server is up and its log holds no unexpected failure."""
    assert httpx.get(f"{server.http}/api/games", timeout=10).status_code == 200
    log = server.log_text()
    assert "Traceback" not in log and "unexpected failure" not in log, log[-3000:]


# -- WebSocket -------------------------------------------------------------------------------------------
def _actions_pool() -> list[Any]:
    """Well-formed actions of every game (legal somewhere, rarely here): material for foreign actions."""
    import veillee

    pool: list[Any] = []
    for game in veillee.game_names():
        state = veillee.new_game(game, veillee.game_info(game).min_players, seed=1)
        pool += [a.to_json() for a in state.legal_actions()[:4]]
    return pool


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
VERSIONS = st.one_of(
    st.sampled_from(["current", "stale", "ahead"]), st.integers(-3, 2**40), st.floats(), st.text(max_size=5)
)
ACTIONS = st.one_of(st.sampled_from(["legal", "legal-other"]), st.sampled_from(_actions_pool()), JSON_VALUES)
TOKENS = st.sampled_from(["own", "other", "foreign", "forged", None, 7, ""])
MESSAGES = st.one_of(
    st.fixed_dictionaries(
        {"type": st.just("act"), "action": ACTIONS, "version": VERSIONS},
        optional={"ref": JSON_VALUES, "extra": JSON_VALUES},
    ),
    st.fixed_dictionaries(
        {"type": st.just("hello"), "token": TOKENS},
        optional={"events_from": st.integers(-2, 2**40), "lang": st.sampled_from(["fr", "en", "de", 3])},
    ),
    st.fixed_dictionaries({"type": st.sampled_from(["ping", "pong", "state", "", "ACT"])}),
    JSON_VALUES,
    st.text(max_size=60),
    st.binary(max_size=40),
    # pathological texts: an integer too long to convert, nesting too deep to parse, an oversized frame
    st.integers(4301, 8000).map(lambda n: '{"type": "act", "action": 1, "version": ' + "9" * n + "}"),
    st.integers(900, 4000).map(lambda n: '{"type": "act", "version": 0, "action": ' + "[" * n + "]" * n + "}"),
    st.integers(8193, 20000).map(lambda n: "x" * n),
)


@pytest.fixture(scope="module")
def live(server: Server) -> dict[str, Any]:
    """A started two-person table, and a second one whose tokens are foreign to it."""
    tables = []
    for _ in range(2):
        table = create_table(server, "soon", 2, name="Alice")
        _seat, bob = join(server, table["id"], "Bob")
        assert post(server, f"/api/tables/{table['id']}/start", table["you"]["token"]).status_code == 200
        tables.append((table["id"], [table["you"]["token"], bob]))
    return {"id": tables[0][0], "tokens": tables[0][1], "foreign": tables[1][1][0]}


def _resolve(message: Any, state: dict[str, Any], tokens: dict[str, Any], sender: int) -> Any:
    """Fill the placeholders with what only the running table knows (its version, a legal action)."""
    if not isinstance(message, dict):
        return message
    message = dict(message)
    version = state["version"]
    if isinstance(message.get("version"), str):
        message["version"] = {"current": version, "stale": version - 1, "ahead": version + 1}.get(
            message["version"], message["version"]
        )
    if message.get("action") in ("legal", "legal-other") and state["legal"]:
        message["action"] = state["legal"][0 if message["action"] == "legal" else -1]
    if message.get("type") == "hello" and isinstance(message.get("token"), str | type(None)):
        message["token"] = tokens.get(message["token"], message["token"]) if message["token"] else message["token"]
    return message


@settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
@given(message=MESSAGES, sender=st.integers(0, 2))
def test_websocket_fuzz_never_breaks_the_server_and_refusals_change_nothing(
    server: Server, live: dict[str, Any], message: Any, sender: int
) -> None:
    table_id, seat_tokens = live["id"], live["tokens"]

    async def scenario() -> None:
        clients = [Client(server, table_id, seat_tokens[0]), Client(server, table_id, seat_tokens[1])]
        clients.append(Client(server, table_id))  # a spectator
        for client in clients:
            await client.connect()
        actor = clients[sender]
        state = clients[0].state
        assert state is not None
        before = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()
        own = seat_tokens[sender] if sender < 2 else None
        tokens = {"own": own, "other": seat_tokens[1 - sender] if sender < 2 else seat_tokens[0]}
        tokens["foreign"], tokens["forged"] = live["foreign"], "forged-token"
        acting = clients[state["to_act"]].state if state["to_act"] is not None else state
        resolved = _resolve(message, acting or state, tokens, sender)
        start = len(actor.frames)
        await actor.send(resolved if isinstance(resolved, str | bytes) else json.dumps(resolved))
        await actor.send({"type": "ping"})
        await actor.wait(lambda m: m["type"] == "pong", timeout=20)
        answers = [json.loads(f) for f in actor.frames[start:]]
        after = httpx.get(f"{server.http}/api/tables/{table_id}", timeout=10).json()
        refused = any(a["type"] == "error" for a in answers)
        if refused:
            assert after["version"] == before["version"], (resolved, answers)
            assert after["seats"] == before["seats"] or after["status"] == before["status"]
        for answer in answers:
            if answer["type"] == "error":
                assert answer["code"] in ERRORS and answer["message_fr"], answer
        for client in clients:
            await client.close()

    asyncio.run(scenario())
