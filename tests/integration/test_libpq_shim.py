"""The libpq shim (`tourney.store.libpq`) against a real server, side by side with psycopg:
the same statements give the same values, the same errors (class names and SQLSTATE), the
same transaction states."""

from __future__ import annotations

import multiprocessing
import subprocess
import sys
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import psycopg
import pytest

from tests.postgres_server import PostgresServer
from tourney.cli.edge import describe
from tourney.store import libpq, postgres_direct
from tourney.store.errors import ConcurrencyError, is_driver_error, is_infrastructure_error
from tourney.store.eventstore import EventStore, NewEvent

pytestmark = pytest.mark.postgres


@pytest.fixture
def info(postgres_server: PostgresServer) -> str:
    url = postgres_server.new_database()
    conninfo = postgres_direct.conninfo(url)
    assert conninfo is not None
    return conninfo


@pytest.fixture
def both(info: str) -> Iterator[tuple[libpq.Connection, psycopg.Connection[Any]]]:
    shim = libpq.connect(info)
    real = psycopg.connect(info)
    try:
        yield shim, real
    finally:
        shim.close()
        real.close()


# Statement, parameters: each read through both drivers must give equal values of equal types.
ROUND_TRIPS: list[tuple[str, tuple[Any, ...] | None]] = [
    ("SELECT %s, %s, %s, %s", (0, -(2**15), 2**31, 2**63 - 1)),
    ("SELECT %s::numeric, %s", (2**70, Decimal("1.25"))),
    ("SELECT %s, %s, %s", (True, False, None)),
    ("SELECT %s, %s::float4", (0.1, 1.5)),
    ("SELECT %s::text, %s::text", ("Åsa Øst 🂠", "")),
    ("SELECT %s::bytea, %s::bytea", (b"\x00\xffab", b"")),
    ("SELECT %s::json, %s::jsonb", ('{"a": [1, 2.5, null]}', '["x", {"b": true}]')),
    ("SELECT 'a%%b', %s::int + 1", (41,)),
    ("SELECT 'a%b'", None),  # without parameters the text is sent as it is
    ("SELECT 1::int2, 2::int4, 3::int8, 4::oid, 'n'::name, 'v'::varchar, 'c'::char(2)", ()),
    ("SELECT NULL::int, NULL::text, ''::text", ()),
    ("SELECT x FROM generate_series(1, 3) AS x WHERE x > %s ORDER BY x", (1,)),
]


@pytest.mark.parametrize(("sql", "params"), ROUND_TRIPS)
def test_values_come_back_as_psycopg_gives_them(
    both: tuple[libpq.Connection, psycopg.Connection[Any]],
    sql: str,
    params: tuple[Any, ...] | None,
) -> None:
    shim, real = both
    got = shim.execute(sql, params).fetchall()
    expected = real.execute(sql, params).fetchall()
    assert got == expected
    assert [[type(v) for v in row] for row in got] == [[type(v) for v in row] for row in expected]


def test_a_type_it_cannot_convert_is_refused_not_guessed(info: str) -> None:
    with libpq.connect(info) as shim, pytest.raises(libpq.NotSupportedError):
        shim.execute("SELECT now()").fetchall()
    with libpq.connect(info) as shim, pytest.raises(libpq.ProgrammingError, match="adapt"):
        shim.execute("SELECT %s", ({"a": 1},))


def _failure(connection: Any, setup: list[str], sql: str) -> BaseException:
    for statement in setup:
        connection.execute(statement)
    try:
        connection.execute(sql)
    except Exception as exc:
        return exc
    raise AssertionError(f"{sql} did not fail")


FAILURES = [
    ([], "SELEC 1"),
    ([], "SELECT 1/0"),
    ([], "SELECT * FROM nowhere"),
    (
        ["CREATE TABLE u (k int PRIMARY KEY)", "INSERT INTO u VALUES (1)"],
        "INSERT INTO u VALUES (1)",
    ),
    (["CREATE TABLE n (k int NOT NULL)"], "INSERT INTO n VALUES (NULL)"),
    ([], "SELECT 'x'::int"),
    ([], "SET LOCAL statement_timeout = 1; SELECT pg_sleep(1)"),
]


@pytest.mark.parametrize(("setup", "sql"), FAILURES)
def test_errors_are_psycopg_s_classes_with_its_sqlstate_and_message(
    both: tuple[libpq.Connection, psycopg.Connection[Any]], setup: list[str], sql: str
) -> None:
    shim, real = both
    got, expected = _failure(shim, setup, sql), _failure(real, setup, sql)
    dbapi = {"Error", "DatabaseError", "DataError", "OperationalError", "IntegrityError"}
    dbapi |= {"InternalError", "ProgrammingError", "NotSupportedError"}

    def names(exc: BaseException) -> set[str]:
        return {cls.__name__ for cls in type(exc).__mro__} & dbapi

    assert names(got) == names(expected)
    assert type(got).__name__ == type(expected).__name__
    assert got.sqlstate == expected.sqlstate  # type: ignore[attr-defined]
    assert str(got).splitlines()[0] == str(expected).splitlines()[0]
    assert describe(got) == describe(expected)
    assert is_driver_error(got)
    assert is_infrastructure_error(got) == is_infrastructure_error(expected)
    assert shim.info.transaction_status == real.info.transaction_status == libpq.INERROR


def test_every_sqlstate_raises_psycopg_s_class_by_name_and_base() -> None:
    """(A projection's problem records the error's class name: the same whichever driver.)"""
    import psycopg.errors

    dbapi = {"Error", "DatabaseError", "DataError", "OperationalError", "IntegrityError"}
    dbapi |= {"InternalError", "ProgrammingError", "NotSupportedError"}
    known = [code for code in psycopg.errors._sqlcodes if len(code) == 5]
    for state in [*known, "22ZZZ", "HZ000", "ZZ000"]:
        got, expected = libpq.error_class(state), psycopg.errors._class_for_state(state)
        assert got.__name__ == expected.__name__, state
        assert {c.__name__ for c in got.__mro__} & dbapi == {
            c.__name__ for c in expected.__mro__
        } & dbapi, state
        assert is_infrastructure_error(got("x")) == is_infrastructure_error(expected("x"))


def test_a_lock_timeout_is_lock_not_available(info: str) -> None:
    holder = libpq.connect(info)
    holder.execute("CREATE TABLE t (k int)")
    holder.commit()
    holder.execute("LOCK TABLE t IN EXCLUSIVE MODE")
    with libpq.connect(info) as waiter:
        waiter.execute("SET LOCAL lock_timeout = 50")
        with pytest.raises(libpq.LockNotAvailable) as raised:
            waiter.execute("LOCK TABLE t IN EXCLUSIVE MODE")
    assert raised.value.sqlstate == "55P03"
    holder.close()


def test_transactions_begin_and_end_as_in_psycopg(
    both: tuple[libpq.Connection, psycopg.Connection[Any]],
) -> None:
    connection: Any
    for table, connection in zip(("t1", "t2"), both, strict=True):
        connection.execute(f"CREATE TABLE {table} (k int)")
        assert connection.info.transaction_status == libpq.INTRANS
        connection.rollback()
        assert connection.info.transaction_status == libpq.IDLE
        connection.autocommit = True
        connection.execute(f"CREATE TABLE {table} (k int)")
        assert connection.info.transaction_status == libpq.IDLE
        connection.autocommit = False
        cursor = connection.cursor()
        cursor.execute(f"INSERT INTO {table} VALUES (1), (2)")
        assert cursor.rowcount == 2
        with pytest.raises(Exception, match="autocommit"):
            connection.autocommit = True
        connection.commit()
        assert connection.info.transaction_status == libpq.IDLE
        returned = connection.cursor()
        insert = f"INSERT INTO {table} VALUES (%s) RETURNING k * 10"
        returned.executemany(insert, [(3,), (4,)], returning=True)
        rows = [returned.fetchone()]
        while returned.nextset():
            rows.append(returned.fetchone())
        assert rows == [(30,), (40,)]
        connection.rollback()
        assert connection.execute(f"SELECT count(*) FROM {table}").fetchone() == (2,)


def test_text_postgresql_cannot_hold_is_refused_before_it_is_sent(info: str) -> None:
    with libpq.connect(info) as shim, psycopg.connect(info) as real:
        for connection in (shim, real):
            with pytest.raises(Exception, match="NUL") as raised:
                connection.execute("SELECT %s::text", ("a\x00b",))
            assert type(raised.value).__name__ == "DataError"
            with pytest.raises(UnicodeEncodeError):
                connection.execute("SELECT %s::text", ("\udcff",))
        assert shim.execute("SHOW client_encoding").fetchone() == ("UTF8",)


def test_a_server_that_cannot_be_reached_is_an_operational_error_without_the_password(
    postgres_server: PostgresServer,
) -> None:
    info = "postgresql://postgres:s3cret@127.0.0.1:1/none"
    with pytest.raises(libpq.OperationalError) as raised:
        libpq.connect(info)
    assert "s3cret" not in str(raised.value)
    assert describe(raised.value) == f"database: {str(raised.value).splitlines()[0]}"
    with pytest.raises(libpq.ProgrammingError):
        libpq.connect(info + "\x00x")


def test_a_lost_session_shows_as_closed_and_the_engine_opens_another(
    postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    url = postgres_server.new_database()
    EventStore.from_url(url).close()
    monkeypatch.setattr(postgres_direct, "DRIVER", "libpq")
    engine = postgres_direct.open_if_current(url, _head())
    assert engine is not None
    before = libpq.open_connections()
    first = engine.connection()
    pid = first.execute("SELECT pg_backend_pid()").fetchone()[0]
    first.rollback()
    with libpq.connect(str(engine._info), autocommit=True) as killer:
        killer.execute("SELECT pg_terminate_backend(%s)", (pid,))
    with pytest.raises(libpq.OperationalError):
        first.execute("SELECT 1")
    assert first.closed
    assert engine.fetch("SELECT 1", ()) == [(1,)]
    engine.dispose()
    assert libpq.open_connections() == before - 1


def _head() -> str:
    from tourney.store.migrate import HEAD_REVISION

    return HEAD_REVISION


def _append_at(url: str, expected: int, ready: Any, go: Any, results: Any) -> None:
    postgres_direct.DRIVER = "libpq"
    with EventStore.from_url(url) as store:
        assert isinstance(store._direct.connection(), libpq.Connection)  # type: ignore[union-attr]
        ready.wait()
        go.wait()
        try:
            store.append("s-1", [NewEvent("noted", {"by": expected})], expected_version=expected)
            results.put("stored")
        except ConcurrencyError:
            results.put("conflict")


def test_two_processes_appending_at_one_version_one_conflicts(
    postgres_server: PostgresServer,
) -> None:
    url = postgres_server.new_database()
    with EventStore.from_url(url) as store:
        store.append("s-1", [NewEvent("noted", {"n": 0})])
    context = multiprocessing.get_context("spawn")
    ready, go, results = context.Barrier(3), context.Barrier(3), context.Queue()
    workers = [
        context.Process(target=_append_at, args=(url, 1, ready, go, results)) for _ in range(2)
    ]
    for worker in workers:
        worker.start()
    ready.wait()
    go.wait()
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    assert sorted([results.get(timeout=5), results.get(timeout=5)]) == ["conflict", "stored"]
    with EventStore.from_url(url) as store:
        assert [e.version for e in store.read_stream("s-1")] == [1, 2]


def test_without_libpq_the_engine_falls_back_to_psycopg(
    postgres_server: PostgresServer, tmp_path: Any
) -> None:
    url = postgres_server.new_database()
    EventStore.from_url(url).close()
    code = (
        "import sys; from tourney.store import libpq, postgres_direct;"
        "libpq.library_paths = lambda: ['/nowhere/libpq.so'];"
        f"engine = postgres_direct.open_if_current({url!r}, {_head()!r});"
        "print(type(engine.connection()).__module__, 'psycopg' in sys.modules); engine.dispose()"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["psycopg", "True"]


def test_an_open_connection_keeps_the_console_script_from_leaving_at_once(
    info: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tourney.cli.leave import held

    # This test's own count (another test's dropped connection would count otherwise).
    monkeypatch.setattr(libpq, "_open", type(libpq._open)())
    modules = {"tourney.store.libpq": libpq}
    assert held(modules) is None
    connection = libpq.connect(info)
    assert held(modules) == "a PostgreSQL connection is open"
    connection.close()
    assert held(modules) is None
