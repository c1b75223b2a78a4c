"""No statement can replace, update or delete a stored event or a stream's registration,
whatever conflict clause it uses: REPLACE, UPSERT and INSERT OR IGNORE included (issue 11,
item 8). On both backends, through the driver, as an attacker with SQL access would try."""

from __future__ import annotations

import pytest

from tourney.store.eventstore import EventStore, NewEvent
from tourney.store.verify import verify

COLUMNS = "stream_id, version, type, schema_version, payload, recorded_at, hash"
FORGED = "'match-1', 2, 'passed', 1, '{}', '2026-01-01', 'x'"

ATTACKS = {
    "sqlite": [
        f"INSERT OR REPLACE INTO events ({COLUMNS}) VALUES ({FORGED})",
        f"REPLACE INTO events ({COLUMNS}) VALUES ({FORGED})",
        f"INSERT OR REPLACE INTO events (position, {COLUMNS}) VALUES "
        "(1, 'match-9', 1, 'passed', 1, '{}', '2026-01-01', 'x')",
        f"INSERT INTO events ({COLUMNS}) VALUES ({FORGED}) "
        "ON CONFLICT (stream_id, version) DO UPDATE SET payload = excluded.payload",
        f"INSERT OR IGNORE INTO events ({COLUMNS}) VALUES ({FORGED})",
        "UPDATE events SET payload = '{}' WHERE position = 1",
        "DELETE FROM events WHERE position = 1",
        "DELETE FROM streams",
        "UPDATE streams SET stream_id = 'match-9'",
    ],
    "postgresql": [
        f"INSERT INTO events ({COLUMNS}) VALUES ({FORGED}) "
        "ON CONFLICT (stream_id, version) DO UPDATE SET payload = excluded.payload",
        f"INSERT INTO events (position, {COLUMNS}) VALUES "
        "(1, 'match-9', 1, 'passed', 1, '{}', '2026-01-01', 'x') "
        "ON CONFLICT (position) DO UPDATE SET stream_id = excluded.stream_id",
        "UPDATE events SET payload = '{}' WHERE position = 1",
        "DELETE FROM events WHERE position = 1",
        "TRUNCATE events",
        "DELETE FROM streams",
        "UPDATE streams SET stream_id = 'match-9'",
        "TRUNCATE streams CASCADE",
    ],
}


CASES = [
    pytest.param(
        backend,
        statement,
        id=f"{backend}-{number}",
        marks=[pytest.mark.postgres] if backend == "postgresql" else [],
    )
    for backend, statements in ATTACKS.items()
    for number, statement in enumerate(statements)
]


def snapshot(store: EventStore) -> list[tuple[object, ...]]:
    events = store.fetch_rows("SELECT * FROM events ORDER BY position", ())
    streams = store.fetch_rows("SELECT * FROM streams ORDER BY stream_id", ())
    return [*events, *streams]


@pytest.mark.parametrize(("backend", "statement"), CASES)
def test_no_statement_rewrites_the_log(
    backend: str, statement: str, request: pytest.FixtureRequest
) -> None:
    url = request.getfixturevalue("sqlite_url" if backend == "sqlite" else "postgres_url")
    with EventStore.from_url(url) as store:
        store.append("match-1", [NewEvent("tile_placed", {"n": n}) for n in range(3)])
        store.append("match-2", [NewEvent("passed", {})])
        before = snapshot(store)
        connection = store.connect()
        try:
            cursor = connection.cursor()
            with pytest.raises(Exception, match="append-only"):
                cursor.execute(statement)  # INSERT OR IGNORE too: nothing slips by silently
            connection.rollback()
        finally:
            connection.close()
        assert snapshot(store) == before
        assert verify(store) == []
