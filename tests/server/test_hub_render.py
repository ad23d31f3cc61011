"""A delivery is rendered once per distinct seat and language, then shared by every connection that would
get the same text (a table with many spectators costs one presentation, not one per spectator), and each
connection still gets exactly what it would have been sent alone."""

from __future__ import annotations

import json
from typing import Any

import veillee
from veillee.core.match import Match
from veillee.server.hub import Hub, state_message
from veillee.server.store import Seat
from veillee.server.tables import Table
from veillee.server.ui import UiConnection


def _table() -> Table:
    seats = [Seat("human", "Alice"), Seat("human", "Bob")]
    table = Table("t1", "sorry", 2, {}, {}, 5, "playing", seats)
    table.match = Match(veillee.new_game("sorry", 2, 5))
    return table


def _connection(table: Table, seat: int | None, lang: str | None) -> UiConnection:
    connection = UiConnection(None, table)  # type: ignore[arg-type]  # never written to: its queue is read
    connection.seat, connection.lang = seat, lang
    return connection


def test_deliveries_are_rendered_once_per_seat_and_language() -> None:
    table = _table()
    match = table.match
    assert match is not None and match.to_act is not None
    hub = Hub()
    french = [_connection(table, None, "fr") for _ in range(3)]
    english, bare = _connection(table, None, "en"), _connection(table, None, None)
    seated = [_connection(table, 0, "fr"), _connection(table, 0, "fr"), _connection(table, 1, "fr")]
    everyone = [*french, english, bare, *seated]
    for connection in everyone:
        hub.add(connection)
    seat = match.to_act
    accepted = match.commit(seat, match.legal_actions()[0], hub.audience(table.id))
    hub.deliver(table.id, accepted.deliveries, lambda: {"turn_left": None})
    texts = {id(c): c.queue.get_nowait() for c in everyone}
    assert all(c.queue.empty() for c in everyone)  # one message each
    assert texts[id(french[0])] is texts[id(french[1])] is texts[id(french[2])]  # rendered once, shared
    assert texts[id(seated[0])] is texts[id(seated[1])]
    assert len({texts[id(c)] for c in (french[0], english, bare, seated[0], seated[2])}) == 5
    for connection in everyone:  # what each would have been sent alone
        alone = _connection(table, connection.seat, connection.lang)
        expected: dict[str, Any] = state_message(accepted.deliveries[connection.seat], {"turn_left": None})
        assert json.loads(texts[id(connection)]) == json.loads(alone.render(expected))
    assert "present" not in json.loads(texts[id(bare)])
    assert json.loads(texts[id(english)])["present"]["lang"] == "en"
    seated_view = json.loads(texts[id(seated[2])])
    assert seated_view["seat"] == 1 and seated_view["present"]["lang"] == "fr"
