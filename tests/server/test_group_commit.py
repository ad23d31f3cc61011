"""Accepted actions are stored in groups (``veillee.server.appends``), on SQLite and on PostgreSQL.

Actions accepted while the store's worker is busy share one transaction; each keeps its own version guard
(a conflict fails that action alone), a failed transaction stores none of its actions, and a write queued
after an action still waits for it.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import insert, select

from veillee.server.rows import ACTIONS, TABLES
from veillee.server.store import LoadedTable, Op, OpRepeated, Seat, Store, StoreConflict

POSTGRES = os.environ.get("VEILLEE_TEST_POSTGRES_URL")


@pytest.fixture(
    params=[
        "sqlite",
        pytest.param(
            "postgresql",
            marks=[
                pytest.mark.skipif(not POSTGRES, reason="VEILLEE_TEST_POSTGRES_URL is not set (scripts/postgres.sh)"),
                pytest.mark.xdist_group("postgres"),
            ],
        ),
    ]
)
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    url = f"sqlite:///{tmp_path / 'veillee.sqlite3'}" if request.param == "sqlite" else str(POSTGRES)
    opened = Store(url)
    yield opened
    opened.close()


async def new_tables(store: Store, count: int) -> list[str]:
    ids = [f"gc-{secrets.token_hex(6)}" for _ in range(count)]
    for table_id in ids:
        await store.create_table(table_id, "soon", 2, {}, {}, seed=1)
    # the play's worker thread started, as in a running server: the thread of a first write, started under
    # the append that queued it, may take that write before the others of the test join its batch
    await store.flush()
    return ids


def stored(store: Store, table_ids: list[str]) -> dict[str, tuple[int, list[int]]]:
    """Each table's version and the numbers of its stored actions."""
    with store.engine.connect() as connection:
        versions = {
            str(t): int(str(v))
            for t, v in connection.execute(select(TABLES.c.id, TABLES.c.version).where(TABLES.c.id.in_(table_ids)))
        }
        numbers: dict[str, list[int]] = {t: [] for t in table_ids}
        for table_id, number in connection.execute(
            select(ACTIONS.c.table_id, ACTIONS.c.number)
            .where(ACTIONS.c.table_id.in_(table_ids))
            .order_by(ACTIONS.c.number)
        ):
            numbers[str(table_id)].append(int(str(number)))
    return {t: (int(versions[t]), numbers[t]) for t in table_ids}


def test_actions_accepted_together_share_transactions_and_all_are_stored(store: Store) -> None:
    async def scenario() -> tuple[list[str], int]:
        ids = await new_tables(store, 12)
        before = store.appends.transactions
        for number in (1, 2, 3):  # three rounds: every table's next action, all at once
            await asyncio.gather(
                *(store.append_action(t, number, number % 2, {"n": number}, "player", False) for t in ids)
            )
        return ids, store.appends.transactions - before

    ids, transactions = asyncio.run(scenario())
    assert stored(store, ids) == {t: (3, [1, 2, 3]) for t in ids}
    # 36 actions; the first of each round opens a batch the others join while it waits for the worker
    assert transactions <= 6, transactions


def test_a_conflicting_action_fails_alone_and_the_others_of_its_batch_are_stored(store: Store) -> None:
    async def scenario() -> tuple[list[str], list[BaseException | None]]:
        ids = await new_tables(store, 4)
        results = await asyncio.gather(
            store.append_action(ids[0], 1, 0, {}, "player", False),
            store.append_action(ids[1], 2, 0, {}, "player", False),  # version 1 was never stored: conflict
            store.append_action(ids[2], 1, 0, {}, "player", False),
            store.append_action(ids[3], 1, 0, {}, "bot", True),
            return_exceptions=True,
        )
        return ids, list(results)

    ids, results = asyncio.run(scenario())
    assert [type(r) for r in results] == [type(None), StoreConflict, type(None), type(None)]
    assert stored(store, ids) == {ids[0]: (1, [1]), ids[1]: (0, []), ids[2]: (1, [1]), ids[3]: (1, [1])}
    with store.engine.connect() as connection:
        status = connection.execute(select(TABLES.c.status).where(TABLES.c.id == ids[3])).scalar()
    assert status == "finished"


def test_a_failed_transaction_stores_none_of_its_actions_and_tells_every_caller(store: Store) -> None:
    async def scenario() -> tuple[list[str], list[BaseException | None]]:
        ids = await new_tables(store, 3)
        # a stray action row 1 of the middle table (its version still 0): inserting it again breaks the
        # primary key, so the whole transaction is rolled back
        with store.engine.begin() as connection:
            connection.execute(
                insert(ACTIONS).values(table_id=ids[1], number=1, seat=0, action="{}", by="player", at=0.0)
            )
        results = await asyncio.gather(
            *(store.append_action(t, 1, 0, {}, "player", False) for t in ids), return_exceptions=True
        )
        return ids, list(results)

    ids, results = asyncio.run(scenario())
    assert all(isinstance(r, Exception) and not isinstance(r, StoreConflict) for r in results), results
    assert stored(store, ids) == {ids[0]: (0, []), ids[1]: (0, [1]), ids[2]: (0, [])}


def test_flush_waits_for_the_actions_accepted_before_it(store: Store) -> None:
    async def scenario() -> tuple[list[str], dict[str, tuple[int, list[int]]]]:
        ids = await new_tables(store, 5)
        appends = [asyncio.ensure_future(store.append_action(t, 1, 0, {}, "player", False)) for t in ids]
        await asyncio.sleep(0)  # the appends have asked for the worker
        await store.flush()
        seen = stored(store, ids)
        await asyncio.gather(*appends)
        return ids, seen

    ids, seen = asyncio.run(scenario())
    assert seen == {t: (1, [1]) for t in ids}


def test_two_actions_of_one_table_in_a_batch_are_both_stored(store: Store) -> None:
    """PostgreSQL's one-statement batch holds one action per table; a batch with two takes the other path."""

    async def scenario() -> list[str]:
        ids = await new_tables(store, 2)
        await asyncio.gather(
            store.append_action(ids[0], 1, 0, {}, "player", False),
            store.append_action(ids[0], 2, 1, {}, "player", False),
            store.append_action(ids[1], 1, 0, {}, "player", False),
        )
        return ids

    ids = asyncio.run(scenario())
    assert stored(store, ids) == {ids[0]: (2, [1, 2]), ids[1]: (1, [1])}


def test_an_operation_done_twice_writes_nothing_the_second_time(store: Store) -> None:
    """A lobby write and its operation's record are one statement (PostgreSQL) or one transaction (SQLite):
    the record already there, the seat is not written again."""

    async def scenario() -> LoadedTable | None:
        (table_id,) = await new_tables(store, 1)
        op = f"op-{table_id}"
        await store.save_seat(table_id, 0, Seat("human", "Alice", "h1"), Op(op, [0]), host=0)
        with pytest.raises(OpRepeated):
            await store.save_seat(table_id, 0, Seat("human", "Bob", "h2"), Op(op, [0]), host=1)
        assert await store.op_result(op) == (True, [0])
        return await store.load(table_id)

    loaded = asyncio.run(scenario())
    assert loaded is not None and loaded.seats[0].name == "Alice" and loaded.row["host"] == 0
