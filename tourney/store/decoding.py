"""Stored rows into events: each payload decoded from its JSON text and lifted to the
current schema version of its type by the store's upcasters (`upcasting.py`)."""

from __future__ import annotations

import json
from typing import Any

import orjson

from tourney.store.appends import StoredEvent
from tourney.store.upcasting import DEFAULT_VERSION, UpcasterRegistry

Row = tuple[Any, ...]
# Every column of `events` a `StoredEvent` holds, in the order `decode` reads them.
COLUMNS = (
    "position, stream_id, version, type, schema_version, payload, "
    "recorded_at, recorded_by, command_id, hash"
)
# What a replay reads of each event (see `decode_for_replay`).
REPLAY_COLUMNS = "position, version, type, schema_version, payload"
# What a read model's replay of a whole stream from its rows reads of each event
# (`Projection.replay_stream`): not even the position or the version (the stream is whole
# from version 1 in order: row i is version i + 1), a column less for each of its rows.
STREAM_COLUMNS = "type, schema_version, payload"
# Payloads a replay's decode keeps at most (see `decode_for_replay`): a few MB.
SHARED_PAYLOADS = 8192
# The longest payload text kept: short ones repeat (a tile placed by a player on a tile),
# long ones seldom do (a deal) and would only fill the table.
SHARED_TEXT = 120
# (type, schema version, payload text) -> (payload, current schema version).
SharedPayloads = dict[tuple[str, int, Any], tuple[dict[str, Any], int]]


def decode(registry: UpcasterRegistry, rows: list[Row]) -> list[StoredEvent]:
    """The events of `rows` (`COLUMNS`), their payloads lifted to the current version."""
    if registry._deferred is not None:
        registry.ready(row[1] for row in rows)
    loads = orjson.loads
    latest_of = registry._current.get
    upcast = registry.upcast
    # tuple.__new__ rather than the named tuple's own __new__, which is Python code.
    make = tuple.__new__
    decoded: list[StoredEvent] = []
    append = decoded.append
    for position, stream_id, version, type_, schema, payload, at, by, command, hash_ in rows:
        try:
            body = loads(payload)
        except orjson.JSONDecodeError:
            body = json.loads(payload)  # what orjson refuses (big integers), or raises
        latest = latest_of(type_, DEFAULT_VERSION)
        if schema != latest:
            body = upcast(type_, schema, body)
            schema = latest
        append(
            make(
                StoredEvent,
                (position, stream_id, version, type_, body, schema, at, by, command, hash_),
            )
        )
    return decoded


def decode_for_replay(
    registry: UpcasterRegistry, stream_id: str, rows: list[Row], shared: SharedPayloads
) -> list[StoredEvent]:
    """The stored events of `stream_id` in `rows` (`REPLAY_COLUMNS`: no stream, no
    metadata), for a reader that uses only their position, stream, version, type and
    payload and changes no payload (a rebuild's replay of the `per_stream` read models;
    see `Projector.rebuild`): `recorded_at` and `hash` are left empty, `recorded_by` and
    `command_id` None.

    Rows with the same type, schema version and payload text (of at most `SHARED_TEXT`
    characters) get the same payload object, decoded once and kept in `shared` (the
    caller's, say for a whole rebuild; at most `SHARED_PAYLOADS`): in a log most payloads
    repeat (a tile placed by a player on a tile), and a reader may key on the payload
    object (the match read model makes each engine event once)."""
    known = shared.get
    make = tuple.__new__
    decoded: list[StoredEvent] = []
    append = decoded.append
    for position, version, type_, schema, payload in rows:
        key = (type_, schema, payload)
        first = known(key)
        if first is None:
            row = (0, stream_id, 0, type_, schema, payload, "", None, None, "")
            event = decode(registry, [row])
            first = (event[0].payload, event[0].schema_version)
            if len(payload) <= SHARED_TEXT:
                if len(shared) >= SHARED_PAYLOADS:
                    shared.clear()
                shared[key] = first
        body, latest = first
        row = (position, stream_id, version, type_, body, latest, "", None, None, "")
        append(make(StoredEvent, row))
    return decoded
