"""Accepted actions are stored in groups (``veillee.server.appends``), tables read and their locks taken in
groups (``veillee.server.batches``), on SQLite and on PostgreSQL.

Actions accepted while the store's worker is busy share one transaction; each keeps its own version guard
(a conflict fails that action alone), a failed transaction stores none of its actions, and a write queued
after an action still waits for it. Tables asked for together are read by one transaction, each exactly as
stored; locks asked for together are taken by one statement, none that another process holds.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import insert, select

from veillee.server.batches import Batched
from veillee.server.lease import Lease
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


def test_tables_asked_for_together_are_read_by_one_job_each_as_stored(store: Store) -> None:
    async def scenario() -> tuple[list[str], list[LoadedTable | None], int]:
        ids = await new_tables(store, 6)
        for number, table_id in enumerate(ids):  # each table its own seats and number of actions
            await store.save_seat(table_id, 1, Seat("human", f"P{number}", f"h{number}"))
            for n in range(1, number + 1):
                await store.append_action(table_id, n, n % 2, {"n": n, "t": number}, "player", False)
        before = store._loads.jobs
        loaded = await asyncio.gather(*(store.load(t) for t in [*ids, "no-such-table", ids[2]]))
        return ids, list(loaded), store._loads.jobs - before

    ids, loaded, jobs = asyncio.run(scenario())
    assert jobs == 1
    assert loaded[6] is None
    assert loaded[7] == loaded[2]  # one table asked for twice
    for number, (table_id, table) in enumerate(zip(ids, loaded, strict=False)):
        assert table is not None and table.row["id"] == table_id and table.row["version"] == number
        assert [s.name for s in table.seats] == ["", f"P{number}"]
        assert table.actions == [{"n": n, "t": number} for n in range(1, number + 1)]


@pytest.mark.skipif(not POSTGRES, reason="VEILLEE_TEST_POSTGRES_URL is not set (scripts/postgres.sh)")
@pytest.mark.xdist_group("postgres")
def test_locks_asked_for_together_are_taken_by_one_statement_and_none_held_elsewhere() -> None:
    ids = [f"lock-{secrets.token_hex(6)}" for _ in range(5)]
    mine, other = Lease(str(POSTGRES)), Lease(str(POSTGRES))

    async def scenario() -> tuple[list[bool], int, bool, bool]:
        assert await other.try_take(ids[1])
        before = mine._takes.jobs
        taken = await asyncio.gather(*(mine.try_take(t) for t in ids))
        jobs = mine._takes.jobs - before
        await other.give_up(ids[1])
        released_elsewhere = not await other.is_held(ids[1])
        for table_id in ids:
            await mine.give_up(table_id)
        return list(taken), jobs, released_elsewhere, await other.try_take(ids[0])

    try:
        taken, jobs, released, retaken = asyncio.run(scenario())
    finally:
        mine.close()
        other.close()
    assert taken == [True, False, True, True, True] and jobs == 1
    assert released and retaken  # each lock taken once: one release frees it


def test_a_batch_answers_each_caller_and_a_failure_reaches_every_one() -> None:
    """The calls asked for while the worker is busy wait for it together; a cancelled caller does not
    cancel the job the others wait for."""

    async def scenario() -> tuple[list[object], list[list[int]], list[object]]:
        seen: list[list[int]] = []
        loop = asyncio.get_running_loop()

        def work(keys: list[int]) -> dict[int, object]:
            seen.append(keys)
            if 13 in keys:
                raise ValueError("unlucky")
            return {k: k * k for k in keys}

        async def while_busy(keys: tuple[int, ...], cancel_first: bool) -> list[object]:
            gate = asyncio.Event()
            busy = loop.run_in_executor(worker, lambda: asyncio.run_coroutine_threadsafe(gate.wait(), loop).result())
            calls = [asyncio.ensure_future(batched(k)) for k in keys]
            await asyncio.sleep(0.05)
            if cancel_first:
                calls[0].cancel()
            gate.set()
            await busy
            return list(await asyncio.gather(*calls, return_exceptions=True))

        with ThreadPoolExecutor(max_workers=1) as worker:
            batched: Batched[int, object] = Batched(work, lambda fn: loop.run_in_executor(worker, fn))
            answers = await while_busy((1, 2, 2, 3), cancel_first=True)
            failing = await while_busy((4, 13), cancel_first=False)
        return answers, seen, failing

    answers, seen, failing = asyncio.run(scenario())
    assert isinstance(answers[0], asyncio.CancelledError) and answers[1:] == [4, 4, 9]
    assert seen[0] == [1, 2, 3]  # one job, each key once, the cancelled caller's key still in it
    assert seen[1] == [4, 13] and all(isinstance(f, ValueError) for f in failing)
